"""HTML: thead/tbody, rowspan/colspan laid out back to the same grid, escaping."""

from __future__ import annotations

from html.parser import HTMLParser

from inspector.core.types import Table
from inspector.export.grid import slot_grid
from inspector.export.html import HtmlOptions, dumps, dumps_tables
from tests.export.builders import table_from_rows


class TableReader(HTMLParser):
    """Reads one <table> back: per row group, the cells with their tag, spans, attrs, text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.groups: list[tuple[str, list[list[dict]]]] = []
        self.cell: dict | None = None
        self.caption: str | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("thead", "tbody", "tfoot"):
            self.groups.append((tag, []))
        elif tag == "tr":
            self.groups[-1][1].append([])
        elif tag in ("td", "th"):
            self.cell = {"tag": tag, "attrs": dict(attrs), "text": ""}
            self.groups[-1][1][-1].append(self.cell)
        elif tag == "br" and self.cell is not None:
            self.cell["text"] += "\n"
        elif tag == "caption":
            self._in_caption, self.caption = True, ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.cell = None
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell["text"] += data
        elif self._in_caption:
            self.caption += data


def read(text: str) -> TableReader:
    reader = TableReader()
    reader.feed(text)
    return reader


def layout(rows: list[list[dict]], n_cols: int) -> list[list[tuple[int, int, str]]]:
    """The HTML table algorithm: each slot gets (origin row, origin col, text)."""
    grid: list[list[tuple[int, int, str] | None]] = [[None] * n_cols for _ in rows]
    for r, row in enumerate(rows):
        c = 0
        for cell in row:
            while grid[r][c] is not None:
                c += 1
            rs, cs = int(cell["attrs"].get("rowspan", 1)), int(cell["attrs"].get("colspan", 1))
            for i in range(rs):
                for j in range(cs):
                    assert grid[r + i][c + j] is None, "cells overlap"
                    grid[r + i][c + j] = (r, c, cell["text"])
            c += cs
    assert all(slot is not None for row in grid for slot in row), "holes in the table"
    return grid  # type: ignore[return-value]


def expected_layout(table: Table) -> list[list[tuple[int, int, str]]]:
    g = slot_grid(table)
    return [[(s.r, s.c, s.text.strip()) for s in row if s is not None] for row in g.owner]


MERGED = [["Region", "Branch", "Revenue", ""], ["", "", "H1", "H2"],
          ["North", "Leeds", "120", "135"], ["", "York", "98", "101"], ["South", "Bath", "87", "90"]]
MERGED_SPANS = ((0, 0, 2, 1), (0, 1, 2, 1), (0, 2, 1, 2), (2, 0, 2, 1))


def test_spans_lay_out_to_the_same_grid() -> None:
    table = table_from_rows(MERGED, MERGED_SPANS, header_rows=2)
    reader = read(dumps(table))
    assert [g for g, _ in reader.groups] == ["thead", "tbody"]
    head, body = reader.groups[0][1], reader.groups[1][1]
    assert len(head) == 2 and len(body) == 3
    assert layout(head + body, 4) == expected_layout(table)
    assert {c["tag"] for row in head for c in row} == {"th"}
    assert {c["tag"] for row in body for c in row} == {"td"}
    region = head[0][0]
    assert region["text"] == "Region" and region["attrs"]["rowspan"] == "2"
    assert head[0][2]["attrs"]["colspan"] == "2"


def test_header_that_spans_into_the_body_moves_the_boundary() -> None:
    # header_rows=1 but "Region" spans rows 0-1: HTML row groups cannot be crossed.
    table = table_from_rows(MERGED, MERGED_SPANS, header_rows=1)
    reader = read(dumps(table))
    assert len(reader.groups[0][1]) == 2
    assert layout(reader.groups[0][1] + reader.groups[1][1], 4) == expected_layout(table)


def test_no_header_rows_means_no_thead() -> None:
    reader = read(dumps(table_from_rows([["a", "b"], ["c", "d"]])))
    assert [g for g, _ in reader.groups] == ["tbody"]


def test_text_is_escaped_and_line_breaks_become_br() -> None:
    nasty = '<script>alert("x")</script> & \'q\''
    table = table_from_rows([["H"], [nasty], ["two\nlines"]], header_rows=1)
    text = dumps(table)
    assert "<script>" not in text
    assert "&lt;script&gt;" in text and "&amp;" in text and "&quot;" in text
    assert "two<br>lines" in text
    cells = [c["text"] for _, rows in read(text).groups for row in rows for c in row]
    assert cells == ["H", nasty, "two\nlines"]


def test_header_columns_are_row_headers_and_low_confidence_is_marked() -> None:
    table = table_from_rows([["Metric", "Q3"], ["Margin", "18%"]], header_rows=1, header_cols=1,
                            low=frozenset({(1, 1)}))
    body = read(dumps(table)).groups[1][1][0]
    assert body[0]["tag"] == "th" and body[0]["attrs"]["scope"] == "row"
    assert body[1]["tag"] == "td" and body[1]["attrs"]["class"] == "low-confidence"


def test_caption_and_footnote() -> None:
    table = table_from_rows([["A", "B"], ["1", "2"]], header_rows=1, title="T & C", footnote="Note 1")
    reader = read(dumps(table))
    assert reader.caption == "T & C"
    assert reader.groups[-1][0] == "tfoot" and reader.groups[-1][1][0][0]["text"] == "Note 1"
    plain = read(dumps(table, HtmlOptions(caption=False)))
    assert plain.caption is None and [g for g, _ in plain.groups] == ["thead", "tbody"]


def test_gaps_in_a_broken_table_become_empty_cells() -> None:
    table = table_from_rows([["a", "b"], ["c", "d"]])
    holed = Table(table.bbox, 2, 2, tuple(c for c in table.cells if (c.r, c.c) != (1, 1)))
    rows = read(dumps(holed)).groups[0][1]
    assert layout(rows, 2)[1][1] == (1, 1, "")


def test_document_has_charset_and_a_heading_per_table() -> None:
    a = table_from_rows([["A"], ["1"]], header_rows=1, page=3)
    text = dumps_tables([a, a], title="x<y.pdf")
    assert text.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in text
    assert "<title>x&lt;y.pdf</title>" in text
    assert text.count("<table>") == 2 and "<h2>Table 2 (page 3)</h2>" in text
