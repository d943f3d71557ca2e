"""A borderless staging table set on tab stops (InDesign; a clinical guideline's "Prognostic
Stage Groups" is the real example): one row's wide cell ("Any N") closes in on the next
column's text, narrowing that row's gap below a column gap's width, and the next row, with
its first column blank, keeps only that gap. The two rows share no column gap, yet the
columns go on: the narrower gap meets the next row's column gap, and the table is one.
Built with PyMuPDF and reportlab at the real page's coordinates; with
``tables.narrow_gaps_meet`` off the table parts there (the old reading)."""

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

XS = (431.7, 501.5, 543.9, 586.5)  # the tab stops, pt
TOP, PITCH, SIZE = 396.0, 16.0, 11.0
ROWS = (("", "T", "N", "M"), ("Stage I", "T1", "N0", "M0"), ("Stage II", "T2", "N0", "M0"),
        ("", "T3", "N0", "M0"), ("Stage III", "T1-T3", "N1a", "M0"), ("Stage IVA", "T4a", "Any N", "M0"),
        ("", "T1-T3", "N1b", "M0"), ("Stage IVB", "T4", "N0", "M0"), ("Stage IVC", "Any T", "Any N", "M1"))


def pymupdf_page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=792, height=612)
    page.insert_text((XS[0], TOP - 2 * PITCH), "Table 2. Prognostic Stage Groups", fontsize=SIZE, fontname="hebo")
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            if text:
                bold = r == 0 or c == 0
                page.insert_text((XS[c], TOP + r * PITCH), text, fontsize=SIZE, fontname="hebo" if bold else "helv")
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    cv = canvas_mod.Canvas(buf, pagesize=(792, 612))
    cv.setFont("Helvetica-Bold", SIZE)
    cv.drawString(XS[0], 612 - (TOP - 2 * PITCH), "Table 2. Prognostic Stage Groups")
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            if text:
                cv.setFont("Helvetica-Bold" if r == 0 or c == 0 else "Helvetica", SIZE)
                cv.drawString(XS[c], 612 - (TOP + r * PITCH), text)
    cv.save()
    return buf.getvalue()


def _run(pdf: bytes, on: bool = True) -> PageResult:
    params = Params()
    params = replace(params, tables=replace(params.tables, narrow_gaps_meet=on))
    return Pipeline(open_document(pdf)).run(0, params)


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_narrowed_gap_keeps_one_table(build: Callable[[], bytes]) -> None:
    result = _run(build())
    (table,) = result.tables
    assert (table.n_rows, table.n_cols) == (len(ROWS), 4)
    by_slot = {(c.r, c.c): c.text.strip() for c in table.cells}
    for r in (5, 6, 8):
        assert [by_slot.get((r, c), "") for c in range(4)] == list(ROWS[r])
    said = [r for r in result.regions if r.param == "tables.narrow_gaps_meet"]
    assert said and all("goes on through" in r.reason for r in said)


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_switch_off_parts_the_table(build: Callable[[], bytes]) -> None:
    assert len(_run(build(), on=False).tables) == 2
