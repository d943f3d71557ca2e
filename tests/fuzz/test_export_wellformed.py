"""Text exports stay well formed whatever a hostile PDF puts in a cell (``tests/fuzz/outputs.py``
checks them in the fuzz run too), and the checks themselves catch what they are for."""

from __future__ import annotations

import pytest

from inspector.export import csv, html, markdown
from tests.export.builders import table_from_rows
from tests.fuzz.outputs import PROBLEM, csv_problem, html_problem, markdown_problem

# What a text layer may hold once words are read: pipes (escaped or not), backslashes before
# them, line breaks of every kind, markup, quotes, a formula, bidi marks, a lone surrogate's
# replacement, NUL and escape characters (``words.normalise`` turns controls into spaces, but an
# annotation file or a compare source can still carry them).
HOSTILE = ["a|b", "a\\|b", "a\\\\|b", "x\\", "line\nbreak", "cr\rlf\r\n", "sep\u2028para\u2029",
           "<td>x</td></table>", "\"q\",'s'", "=1+2", "\u202eevil", "\ufffd", "nul\x00here", "esc\x1b[0m",
           "tab\there", "", " ", "|", "\\", "<!--", "]]>", "&amp;&"]


def _table() -> object:
    rows = [["Head A", "Head|B", "Head\nC"]]
    rows += [HOSTILE[k:k + 3] + [""] * (3 - len(HOSTILE[k:k + 3])) for k in range(0, len(HOSTILE), 3)]
    return table_from_rows(rows, ((1, 0, 1, 2),), header_rows=1)


@pytest.mark.parametrize("fmt", ["md", "csv", "html"])
def test_a_table_of_hostile_cell_texts_exports_well_formed(fmt: str) -> None:
    table = _table()
    text = {"md": lambda: markdown.dumps_tables([table, table]),  # type: ignore[list-item]
            "csv": lambda: csv.dumps_tables([table, table], csv.CsvOptions()),  # type: ignore[list-item]
            "html": lambda: html.dumps_tables([table, table], html.HtmlOptions())}[fmt]()  # type: ignore[list-item]
    assert PROBLEM[fmt](text) == ""


def test_the_checks_find_broken_exports() -> None:
    assert markdown_problem("| a | b |\n|---|---|\n| x | y | z |\n") == "line 3: 3 cells under a header of 2"
    assert markdown_problem("| a | b |\n|---|---|\n| x \\| y |\n") == "line 3: 1 cells under a header of 2"
    assert markdown_problem("| a | b |\n|---|---|\n| x | y\n") == "line 3: a table row not ending in '|'"
    assert markdown_problem("| a \x00 |\n") == "control character '\\x00' at offset 4"
    assert markdown_problem("## T\n\n| a | b |\n|---|---|\n\n| c |\n|---|\n") == ""
    assert csv_problem('a,b\n"x,y\n') == "not CSV: unexpected end of data"
    assert csv_problem("a,b\nc\n\nd\n") == "record 2: 1 fields in a table of 2"
    assert csv_problem("a,b\r\nc,d\r\n\r\ne\r\n") == ""
    assert html_problem("<table><tr><td>x</tr></table>") == "</tr> closes td"
    assert html_problem("<table><tr><td>x</td></tr>") == "<table> never closed"
    assert html_problem("<table><tr><td>&lt;/td&gt;</td></tr></table>") == ""
