"""A boxed grid with a cell merged down its last column (Word's vertical merge), its text
centred in the rows it spans, so its lines cross the row rules the other columns draw (issue
25, multi-line cells in ruled rows; word365-fr-glyphless p23 is the real example). The rules
are the rows: the other columns' wrapped paragraphs, side by side, are one row's cells each,
and the merged cell is one cell over its rows, as pdfplumber reads the grid from its rules.
Drawn with PyMuPDF at exact positions in three producers' habits."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (40.0, 220.0, 400.0, 560.0)
SIZE, LEAD, PAD = 9.0, 11.0, 6.0  # type size, a cell's line step and its padding, pt
HEAD = ("Finding", "Sanction", "Who may find it")
# The first two columns per row ("|" ends a line); the third column is one cell merged down.
ROWS = (("The site manager of a contractor|or a subcontractor breaks the|safety rules, lets his staff|break them, "
         "or lets anyone|on the site break them|without a word",
         "Removal from the site of the|manager concerned, who is|replaced at once"),
        ("A subcontractor has not been|inspected jointly with the|coordinator before work|starts, or has "
         "not asked|for the inspection at all",
         "Removal of the subcontractor|from the site"),
        ("A person does not respect|the safety rules", "Removal of the person|from the site, the rule|"
         "after a first warning|repeated in writing to the|person and the employer"),
        ("A person works without the|permit the task needs", "The permit is withdrawn; a|new one needs training|"
         "at the employer's cost|and a new test"))
MERGED = ("The project manager, the|safety coordinator, an outside|inspector or a person the|"
          "project manager appoints")


def _ys() -> list[float]:
    ys = [80.0, 80.0 + LEAD + 2 * PAD]
    for row in ROWS:
        ys.append(ys[-1] + LEAD * max(c.count("|") + 1 for c in row) + 2 * PAD)
    return ys


def _text(page: pymupdf.Page, x: float, top: float, text: str) -> None:
    for k, line in enumerate(text.split("|")):
        page.insert_text((x + 4, top + SIZE + LEAD * k), line, fontsize=SIZE)


def merged_down(habit: str) -> bytes:
    """The grid drawn as ``habit``: "lines" (LibreOffice: one line per rule, the row rules
    leaving the merged column out), "word" (each cell's four edges as thin filled
    rectangles) or "indesign" (strokes per cell: a rule under it, one down its right side)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595.0, height=842.0)
    ys = _ys()
    for c, head in enumerate(HEAD):
        _text(page, XS[c], ys[0] + PAD - 2, head)
    for r, row in enumerate(ROWS, 1):
        for c, text in enumerate(row):
            _text(page, XS[c], ys[r] + PAD - 2, text)
    lines = MERGED.count("|") + 1
    _text(page, XS[2], (ys[1] + ys[-1]) / 2 - lines * LEAD / 2 - 2, MERGED)  # centred in the rows it spans
    cells = [(XS[c], ys[0], XS[c + 1], ys[1]) for c in range(3)]
    cells += [(XS[c], ys[r], XS[c + 1], ys[r + 1]) for r in range(1, len(ys) - 1) for c in range(2)]
    cells.append((XS[2], ys[1], XS[3], ys[-1]))
    if habit == "lines":
        for k, y in enumerate(ys):
            page.draw_line((XS[0], y), (XS[2] if 1 < k < len(ys) - 1 else XS[3], y), width=0.5)
        for x in XS:
            page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for x0, y0, x1, y1 in cells if habit != "lines" else ():
        if habit == "word":
            t = 0.5
            for box in ((x0, y0, x1, y0 + t), (x0, y1 - t, x1, y1), (x0, y0, x0 + t, y1), (x1 - t, y0, x1, y1)):
                page.draw_rect(pymupdf.Rect(*box), fill=(0, 0, 0), color=None)
        else:
            page.draw_line((x0, y1), (x1, y1), width=0.5, color=(0.4, 0.4, 0.4))
            page.draw_line((x1, y0), (x1, y1), width=0.5, color=(0.4, 0.4, 0.4))
    if habit == "indesign":  # the table's top and left edges, stroked once
        page.draw_line((XS[0], ys[0]), (XS[-1], ys[0]), width=0.5, color=(0.4, 0.4, 0.4))
        page.draw_line((XS[0], ys[0]), (XS[0], ys[-1]), width=0.5, color=(0.4, 0.4, 0.4))
    return bytes(doc.tobytes())


def _words(text: str) -> str:
    return " ".join(text.replace("|", " ").split())


@pytest.mark.parametrize("habit", ["lines", "word", "indesign"])
def test_a_cell_merged_down_with_centred_text_leaves_the_ruled_rows_whole(habit: str) -> None:
    result = Pipeline(open_document(merged_down(habit))).run(0)
    (table,) = result.tables
    assert table.grid is not None
    assert (table.n_rows, table.n_cols) == (len(ROWS) + 1, 3)
    assert list(table.grid.ys) == pytest.approx(_ys(), abs=1.0)
    got = {(c.r, c.c, c.rs, c.cs): _words(c.text) for c in table.cells}
    want = {(0, c, 1, 1): head for c, head in enumerate(HEAD)}
    want.update({(r, c, 1, 1): _words(text) for r, row in enumerate(ROWS, 1) for c, text in enumerate(row)})
    want[(1, 2, len(ROWS), 1)] = _words(MERGED)
    assert got == want
