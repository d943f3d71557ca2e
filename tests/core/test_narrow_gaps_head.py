"""A borderless table of two body rows under a header whose heads are shorter than their
columns' text ("T  N  M" over "Any T | Any N | M0"), no rule drawn (InDesign's tab-aligned
staging tables in a clinical guideline are the real example). The gap after a short head runs
on under the next column's text, so the header's column gaps meet none of the first row's;
they meet its narrower gaps (a wide cell closing in on the next column's text), and the
header is the table's first row (``tables.narrow_gaps_meet``): without it the run holds the
two body rows only, short of ``tables.min_aligned_rows``. Heads set flush with
their columns (tab stops, as the real page) and heads centred on them. Built with PyMuPDF and reportlab at known coordinates;
with ``tables.narrow_gaps_meet`` off no table is found (the old reading), and a line of
prose over two aligned lines is no header."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (28.0, 86.0, 128.5, 171.0)  # left edges of the columns (gaps of about one em)
HEAD = ("", "T", "N", "M")
BODY = (("Stage I", "Any T", "Any N", "M0"), ("Stage II", "Any T", "Any N", "M1"))
TOP, PITCH, SIZE = 185.0, 16.0, 11.0
PROSE = "Staging for the tumour groups is set out below, by age at diagnosis and by the spread seen"


def _width(text: str, bold: bool = False) -> float:
    return float(pymupdf.get_text_length(text, fontname="hebo" if bold else "helv", fontsize=SIZE))


def _head_x(c: int, centred: bool) -> float:
    """The left edge of head ``c``: flush with its column, or centred over its body text."""
    body = max(_width(r[c]) for r in BODY)
    return XS[c] + (body - _width(HEAD[c], bold=True)) / 2 if centred else XS[c]


def pymupdf_page(head: bool = True, centred: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((XS[0], TOP - 2 * PITCH), "Differentiated", fontsize=SIZE, fontname="hebo")
    page.insert_text((XS[0], TOP - PITCH), "Under 55 years", fontsize=SIZE)
    if head:
        for c, text in enumerate(HEAD):
            if text:
                page.insert_text((_head_x(c, centred), TOP), text, fontsize=SIZE, fontname="hebo")
    else:
        page.insert_text((XS[0], TOP), PROSE, fontsize=SIZE)
    for r, row in enumerate(BODY):
        for c, text in enumerate(row):
            page.insert_text((XS[c], TOP + (r + 1) * PITCH), text, fontsize=SIZE, fontname="hebo" if c == 0 else "helv")
    page.insert_text((XS[0], TOP + 6 * PITCH), "Used with permission of the publisher of the staging manual.",
                     fontsize=SIZE)
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    cv = canvas_mod.Canvas(buf, pagesize=(612, 792))
    cv.setFont("Helvetica-Bold", SIZE)
    cv.drawString(XS[0], 792 - (TOP - 2 * PITCH), "Differentiated")
    for c, text in enumerate(HEAD):
        if text:
            cv.drawString(_head_x(c, False), 792 - TOP, text)
    for r, row in enumerate(BODY):
        for c, text in enumerate(row):
            cv.setFont("Helvetica-Bold" if c == 0 else "Helvetica", SIZE)
            cv.drawString(XS[c], 792 - (TOP + (r + 1) * PITCH), text)
    cv.setFont("Helvetica", SIZE)
    cv.drawString(XS[0], 792 - (TOP + 6 * PITCH), "Used with permission of the publisher of the staging manual.")
    cv.save()
    return buf.getvalue()


def _run(pdf: bytes, on: bool = True) -> PageResult:
    params = Params()
    params = replace(params, tables=replace(params.tables, narrow_gaps_meet=on))
    return Pipeline(open_document(pdf)).run(0, params)


def pymupdf_centred() -> bytes:
    return pymupdf_page(centred=True)


@pytest.mark.parametrize("build", [pymupdf_page, pymupdf_centred, reportlab_page],
                         ids=["pymupdf", "pymupdf-centred", "reportlab"])
def test_heads_make_the_short_run_a_table(build: Callable[[], bytes]) -> None:
    result = _run(build())
    (table,) = result.tables
    assert (table.n_rows, table.n_cols) == (3, 4)
    by_slot = {(c.r, c.c): c.text.strip() for c in table.cells}
    assert [by_slot.get((0, c), "") for c in range(4)] == list(HEAD)
    assert [by_slot.get((2, c), "") for c in range(4)] == list(BODY[1])
    said = [r for r in result.regions if r.param == "tables.narrow_gaps_meet"]
    assert len(said) == 1 and "goes on through" in said[0].reason


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_switch_off_finds_no_table(build: Callable[[], bytes]) -> None:
    assert _run(build(), on=False).tables == ()


def test_prose_over_two_aligned_lines_is_no_header() -> None:
    assert _run(pymupdf_page(head=False)).tables == ()
