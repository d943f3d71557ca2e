"""The Markdown renders, on GitHub's own parser (cmark-gfm), to exactly the table's text."""

from __future__ import annotations

import pytest

from inspector.export.markdown import MarkdownOptions, dumps
from tests.export.builders import table_from_rows
from tests.export.test_export_html import read

cmarkgfm = pytest.importorskip("cmarkgfm")
from cmarkgfm.cmark import Options  # noqa: E402

PLAIN = ["a|b", "a\\|b", "a\\\\|b", "x\\", "\\|", "||", "line1\nline2", "two\n\nbreaks", " padded ", "日本|語"]
INLINE = ["*not em*", "_not em_", "`code`", "[link](x)", "![img](y)", "<b>raw</b>", "&copy;", "~~del~~",
          "# hash", "a\\*b", "mix *|* \\ <br>"]


def rendered_cells(markdown: str) -> list[list[str]]:
    html = cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)
    reader = read(html)
    return [[c["text"] for c in row] for _, rows in reader.groups for row in rows]


@pytest.mark.parametrize("text", PLAIN)
def test_pipes_backslashes_and_line_breaks(text: str) -> None:
    table = table_from_rows([["H1", "H2", "H3"], ["left", text, "right"]], header_rows=1)
    cells = rendered_cells(dumps(table))
    assert cells == [["H1", "H2", "H3"], ["left", text.strip(), "right"]]


@pytest.mark.parametrize("text", PLAIN + INLINE)
def test_inline_escaping_shows_text_literally(text: str) -> None:
    table = table_from_rows([["Head *1*", "H|2"], [text, "x"]], header_rows=1)
    cells = rendered_cells(dumps(table, MarkdownOptions(escape_inline=True)))
    assert cells == [["Head *1*", "H|2"], [text.strip(), "x"]]


def test_folded_header_and_chunks_render_as_tables() -> None:
    rows = [["Region", "Revenue", ""], ["", "H1", "H2"], ["North", "1|2", "135"]]
    table = table_from_rows(rows, ((0, 0, 2, 1), (0, 1, 1, 2)), header_rows=2)
    assert rendered_cells(dumps(table)) == [["Region", "Revenue / H1", "Revenue / H2"], ["North", "1|2", "135"]]
