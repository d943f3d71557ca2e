"""A lone label row between two groups of full rows of a borderless table (text only in the
first column, set at the rows' own pitch) keeps the table whole; a heading set apart or a
line running across the columns still parts two tables. Drawn with known coordinates."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (72.0, 172.0, 262.0, 322.0, 412.0)  # label, model, qty, amount, and the right edge
PITCH = 19.5  # pt between the rows' baselines
SIZE = 9.0
TOP = [("Item", "Model", "Qty", "Amount"), ("Printer", "Mono A4", "6", "22,176,000"),
       ("Projector", "WUXGA", "40", "44,120,000"), ("Switch", "Layer 3", "26", "112,112,000")]
BOTTOM = [("Monitor", "QHD", "33", "27,555,000"), ("Router", "Edge", "18", "4,086,000"),
          ("Scanner", "Flatbed", "3", "1,200,000")]


def _page(label: str, bold: bool = False, above: float = PITCH, below: float = PITCH) -> bytes:
    """The header ruled off, three rows, ``label`` alone in the first column ``above`` pt
    under the last of them, and three rows from ``below`` pt under it; no other rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 113.0

    def row(cells: tuple[str, ...]) -> None:
        for c, text in enumerate(cells):
            w = pymupdf.Font("helv").text_length(text, SIZE)
            page.insert_text((XS[c + 1] - 4 - w if c >= 2 else XS[c] + 4, y), text, fontsize=SIZE, fontname="helv")

    for r, cells in enumerate(TOP):
        row(cells)
        if r == 0:
            page.draw_line((XS[0], y + 6.5), (XS[-1], y + 6.5), width=1)
        y += PITCH
    y += above - PITCH
    page.insert_text((XS[0] + 4, y), label, fontsize=SIZE, fontname="hebo" if bold else "helv")
    y += below
    for cells in BOTTOM:
        row(cells)
        y += PITCH
    return doc.tobytes()


def _tables(data: bytes) -> list[list[list[str]]]:
    res = Pipeline(open_document(data)).run(0, Params())
    return [[["".join(c.split()) for c in r] for r in t.rows_text()] for t in res.tables]


def test_bold_label_row_between_two_groups_is_a_row_of_one_table() -> None:
    """"Hardware" in bold, alone in the first column at the rows' pitch: one table, and the
    label is a row of its own between "Switch" and "Monitor"."""
    (rows,) = _tables(_page("Hardware", bold=True))
    assert [r[0] for r in rows] == ["Item", "Printer", "Projector", "Switch", "Hardware", "Monitor", "Router", "Scanner"]
    assert rows[4] == ["Hardware", "", "", ""]


def test_plain_label_row_keeps_the_table_whole() -> None:
    """The same label set plain: one table holding every row and the label's text (it reads
    as the row above's wrapped label, as a plain label under plain rows does)."""
    (rows,) = _tables(_page("Hardware"))
    labels = [r[0] for r in rows]
    assert labels[-3:] == ["Monitor", "Router", "Scanner"] and any("Hardware" in x for x in labels)


@pytest.mark.parametrize("above", [2 * PITCH, 2.5 * PITCH])
def test_heading_set_apart_parts_two_tables(above: float) -> None:
    """Control: a label with more white above it than the rows have is a heading between two
    tables, each of which keeps its rows."""
    tables = _tables(_page("Hardware", bold=True, above=above, below=above))
    assert len(tables) == 2
    assert [r[0] for r in tables[0]][-1] == "Switch" and [r[0] for r in tables[1]][0] == "Monitor"


def test_line_across_the_columns_parts_two_tables() -> None:
    """Control: a sentence at the rows' pitch reaching over the second column is prose (or a
    heading) between two tables, no label row."""
    tables = _tables(_page("Prices below include delivery"))
    assert len(tables) == 2
    assert all("delivery" not in "".join(sum(t, [])) for t in tables)
