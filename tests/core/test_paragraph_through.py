"""A display equation set beside a paragraph of the other page column (LaTeX's two-column
page, built with PyMuPDF at the coordinates dvipdfm's naacl06 p4 has): the paragraph's two
lines beside the equation and the equation's pieces, on baselines of their own, line up as
an aligned run of three lines. The paragraph runs on into the run from the line above and
out of it into the line below (``beside._through``), and beside it the equation's lines
overlap in height, one row: no table. Three rows of a small table there stay a table."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.beside import THROUGH
from inspector.core.types import PageResult

WORDS = ("the overall process to generate basic patterns and discover relations from unannotated news articles is shown "
         "in the figure and theoretically this could be a straight pipeline but due to the nature of the implementation "
         "we process some stages separately and combine them in the later stage where the following subsection explains "
         "each component in turn with the settings we used for every run and the reasons we kept them over the others "
         "that were tried before on the development data of the shared task").split()
SIZE, PITCH = 10.0, 13.5  # pt
AXIS = 203.6  # the display's axis: between the left column's lines on 194.5 and 208, as LaTeX sets it


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, "tiro", SIZE)


def justified(page: pymupdf.Page, words: list[str], x: tuple[float, float], y: float, n: int) -> None:
    """``n`` lines of ``words`` set justified between x = ``x`` (pt) from baseline ``y`` down."""
    k = 0
    for line in range(n):
        row = [words[k]]
        k += 1
        while sum(map(_width, row)) + _width(words[k]) + 2.5 * len(row) <= x[1] - x[0]:
            row.append(words[k])
            k += 1
        space = (x[1] - x[0] - sum(map(_width, row))) / (len(row) - 1)
        at = x[0]
        for text in row:
            page.insert_text((at, y + line * PITCH), text, fontsize=SIZE, fontname="tiro")
            at += _width(text) + space


def two_columns(equation: bool = True) -> bytes:
    """The page: the left column's paragraph over twelve lines; in the right one prose, then the
    display equation (or three rows of a small table) beside the left column's 8th and 9th
    lines, then prose again."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    justified(page, WORDS * 2, (72, 299), 100, 12)
    justified(page, WORDS[10:], (313, 540), 113.5, 6)
    if equation:
        for x, dy, text, size in ((320, 0, "Vw(A) = IDF(w)", SIZE), (418, -9.6, "X", SIZE), (401, 12.9, "i(w,A)", 8),
                                  (451, 0, "exp(-", SIZE), (503, -7.4, "i", SIZE), (482, 7.5, "avgwords)", SIZE)):
            page.insert_text((x, AXIS + dy), text, fontsize=size, fontname="tiro")
    else:
        for k, (label, value) in enumerate((("Baseline", "0.71"), ("Clustered", "0.78"), ("Combined", "0.83"))):
            page.insert_text((340, 192 + 10 * k), label, fontsize=8, fontname="tiro")
            page.insert_text((470, 192 + 10 * k), value, fontsize=8, fontname="tiro")
    justified(page, WORDS[40:], (313, 540), 235, 4)
    return doc.tobytes()


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, Params())


def test_a_paragraph_beside_a_display_equation_is_no_table() -> None:
    res = detect(two_columns())
    assert res.tables == ()
    said = [r for r in res.regions if r.reason == THROUGH]
    assert len(said) == 1
    box = said[0].bbox
    assert (round(box.x0), round(box.x1)) == (72, 524)  # the left column's lines and the equation's pieces


def test_three_rows_of_a_table_beside_the_paragraph_stay_a_table() -> None:
    res = detect(two_columns(equation=False))
    assert [t.rows_text() for t in res.tables] == [[["Baseline", "0.71"], ["Clustered", "0.78"], ["Combined", "0.83"]]]
