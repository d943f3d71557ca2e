"""GitHub-flavoured Markdown: escaping, header folding, spans, chunking."""

from __future__ import annotations

import pytest

from inspector.export.markdown import MarkdownOptions, chunk, dumps, dumps_tables, escape
from tests.export.builders import table_from_rows


def split_row(line: str) -> list[str]:
    """Cells of a GFM table line, splitting only at unescaped pipes (as GFM does)."""
    assert line.startswith("| ") and line.endswith(" |"), line
    cells, cur, i = [], "", 1
    body = line[1:-1]
    while i <= len(body):
        ch = body[i - 1]
        if ch == "\\" and i < len(body):
            cur += body[i - 1:i + 1]
            i += 2
            continue
        if ch == "|":
            cells.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    cells.append(cur)
    return [c.strip() for c in cells]


def unescape(cell: str) -> str:
    """What GFM shows for an escaped cell (for the characters we escape)."""
    out, i = "", 0
    cell = cell.replace("<br>", "\n")
    while i < len(cell):
        if cell[i] == "\\" and i + 1 < len(cell) and cell[i + 1] in "\\|":
            out += cell[i + 1]
            i += 2
        else:
            out += cell[i]
            i += 1
    return out


FRUIT = [["Fruit", "Qty"], ["Apple", "12"], ["Pear", "7"]]


def test_simple_table_has_header_separator_and_rows() -> None:
    text = dumps(table_from_rows(FRUIT, header_rows=1))
    assert text == "| Fruit | Qty |\n|---|---|\n| Apple | 12 |\n| Pear | 7 |\n"


@pytest.mark.parametrize("raw", ["a|b", "a\\|b", "a\\\\|b", "x\\", "line1\nline2", "a\r\nb", "| lead", "trail |"])
def test_escaping_keeps_columns_and_text(raw: str) -> None:
    table = table_from_rows([["H1", "H2", "H3"], ["left", raw, "right"]], header_rows=1)
    body = dumps(table).splitlines()[2]
    cells = split_row(body)
    assert len(cells) == 3
    assert cells[0] == "left" and cells[2] == "right"
    assert unescape(cells[1]) == raw.strip().replace("\r\n", "\n")


def test_escape_rules() -> None:
    assert escape("a|b") == "a\\|b"
    assert escape("a\nb") == "a<br>b"
    assert escape("  padded  ") == "padded"
    assert escape("*bold*") == "*bold*"
    assert escape("*bold* <x>", inline=True) == "\\*bold\\* \\<x\\>"


def test_several_header_rows_fold_into_one_line() -> None:
    rows = [["Region", "Revenue", ""], ["", "H1", "H2"], ["North", "120", "135"]]
    table = table_from_rows(rows, ((0, 0, 2, 1), (0, 1, 1, 2)), header_rows=2)
    lines = dumps(table).splitlines()
    assert split_row(lines[0]) == ["Region", "Revenue / H1", "Revenue / H2"]
    assert lines[1] == "|---|---|---|"
    assert split_row(lines[2]) == ["North", "120", "135"]


def test_header_spans_empty_puts_top_text_once() -> None:
    rows = [["Region", "Revenue", ""], ["", "H1", "H2"], ["North", "120", "135"]]
    table = table_from_rows(rows, ((0, 0, 2, 1), (0, 1, 1, 2)), header_rows=2)
    head = split_row(dumps(table, MarkdownOptions(header_spans="empty")).splitlines()[0])
    assert head == ["Region", "Revenue / H1", "H2"]


def test_no_header_rows_first_row_or_empty_header() -> None:
    table = table_from_rows(FRUIT)
    first = dumps(table).splitlines()
    assert split_row(first[0]) == ["Fruit", "Qty"] and len(first) == 4
    empty = dumps(table, MarkdownOptions(no_header="empty")).splitlines()
    assert split_row(empty[0]) == ["", ""]
    assert [split_row(x) for x in empty[2:]] == FRUIT


def test_body_spans_repeated_or_left_empty() -> None:
    rows = [["Region", "Branch"], ["North", "Leeds"], ["", "York"]]
    table = table_from_rows(rows, ((1, 0, 2, 1),), header_rows=1)
    empty = dumps(table, MarkdownOptions(spans="empty")).splitlines()
    repeat = dumps(table, MarkdownOptions(spans="repeat")).splitlines()
    assert split_row(empty[3]) == ["", "York"]
    assert split_row(repeat[3]) == ["North", "York"]


def test_title_and_footnote_on_request() -> None:
    table = table_from_rows(FRUIT, header_rows=1, title="Table 1. Fruit", footnote="Source: market")
    assert "Table 1" not in dumps(table)
    text = dumps(table, MarkdownOptions(include_title=True))
    assert text.startswith("Table 1. Fruit\n\n| Fruit")
    assert text.endswith("\n\nSource: market\n")


def test_chunks_repeat_header_and_cover_every_row_once() -> None:
    rows = [["Name", "N"]] + [[f"item{i}", str(i)] for i in range(7)]
    table = table_from_rows(rows, header_rows=1)
    parts = chunk(table, max_rows=3)
    assert len(parts) == 3
    body: list[list[str]] = []
    for part in parts:
        lines = part.splitlines()
        assert split_row(lines[0]) == ["Name", "N"] and lines[1] == "|---|---|"
        assert len(lines) - 2 <= 3
        body += [split_row(x) for x in lines[2:]]
    assert body == rows[1:]


def test_chunk_repeats_a_row_span_cut_by_the_boundary() -> None:
    rows = [["Group", "Item"], ["A", "a1"], ["", "a2"], ["", "a3"], ["B", "b1"]]
    table = table_from_rows(rows, ((1, 0, 3, 1),), header_rows=1)
    first, second = chunk(table, max_rows=2)
    assert [split_row(x) for x in first.splitlines()[2:]] == [["A", "a1"], ["", "a2"]]
    assert [split_row(x) for x in second.splitlines()[2:]] == [["A", "a3"], ["B", "b1"]]


def test_chunk_edge_cases() -> None:
    with pytest.raises(ValueError):
        chunk(table_from_rows(FRUIT, header_rows=1), max_rows=0)
    only_header = chunk(table_from_rows([["A", "B"]], header_rows=1), max_rows=5)
    assert only_header == ["| A | B |\n|---|---|\n"]


def test_several_tables_get_headings_with_page() -> None:
    a = table_from_rows(FRUIT, header_rows=1, page=2)
    b = table_from_rows(FRUIT, header_rows=1, page=5, title="Prices")
    text = dumps_tables([a, b])
    assert "## Table 1 (page 2)\n\n| Fruit" in text
    assert "## Table 2 (page 5): Prices\n\n| Fruit" in text


def test_header_cell_spanning_down_takes_that_row_into_the_header() -> None:
    rows = [["Gender", "Healthy"], ["", "yes"], ["Male", "12"]]
    table = table_from_rows(rows, ((0, 0, 2, 1),), header_rows=1)
    lines = dumps(table).splitlines()
    assert split_row(lines[0]) == ["Gender", "Healthy / yes"]
    assert [split_row(x) for x in lines[2:]] == [["Male", "12"]]
