"""A shaded panel of running prose set in two columns (a brochure's sidebar, InDesign's text
frame with a fill; a sustainability report's "Supporting a Just Clean Energy Transition" box is
the real example): the panel's fill edges are two horizontal rules around the text and none is
drawn between its lines, so the rules alone make a region of stacked rules whose rows the text
makes. Its text runs on, in lower case after full lines, across most row boundaries: prose,
no table (``tables.rules_around_prose``). Built with PyMuPDF and reportlab; with the switch off
the panel is read as a table (the old reading), and a ruled two-column table of labels and
amounts between two rules stays a table."""

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

X0, X1, GUTTER = 60.0, 552.0, 20.0
TOP, PITCH, SIZE = 120.0, 13.0, 9.0
GREY = (0.94, 0.94, 0.94)
WORDS = ("as a member we support the effort to address resilience social equity and environmental "
         "protection issues by scaling impact oriented energy procurement strategies the development "
         "of industry wide standards promotes social impact and human rights within clean energy buying "
         "and these standards are expected in the coming year while the transition also requires "
         "supplies of minerals that power more sustainable technologies and this rise in demand has "
         "the potential to benefit millions through inclusive economic growth if managed responsibly "
         "to prevent corruption and resource exploitation in mineral rich countries").split()


def _column_lines(width: float) -> list[str]:
    """The prose broken into lines no wider than ``width`` at ``SIZE`` (Helvetica)."""
    lines, line = [], ""
    for w in WORDS:
        trial = f"{line} {w}".strip()
        if pymupdf.get_text_length(trial, fontname="helv", fontsize=SIZE) > width and line:
            lines.append(line)
            line = w
        else:
            line = trial
    return [*lines, line]


def _columns() -> tuple[list[str], list[str], float]:
    width = (X1 - X0 - 3 * GUTTER) / 2
    lines = _column_lines(width)
    half = (len(lines) + 1) // 2
    return lines[:half], lines[half:], width


def pymupdf_panel() -> bytes:
    left, right, width = _columns()
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    bottom = TOP + (len(left) + 2) * PITCH
    page.draw_rect(pymupdf.Rect(X0, TOP - 2 * PITCH, X1, bottom), color=None, fill=GREY)
    page.insert_text((X0 + GUTTER, TOP - 0.5 * PITCH), "Supporting a Just Energy Transition", fontsize=11,
                     fontname="hebo")
    for k, text in enumerate(left):
        page.insert_text((X0 + GUTTER, TOP + (k + 1) * PITCH), text, fontsize=SIZE)
    for k, text in enumerate(right):
        page.insert_text((X0 + 2 * GUTTER + width, TOP + (k + 1) * PITCH), text, fontsize=SIZE)
    return bytes(doc.tobytes())


def reportlab_panel() -> bytes:
    canvas_mod = pytest.importorskip("reportlab.pdfgen.canvas")
    left, right, width = _columns()
    buf = io.BytesIO()
    cv = canvas_mod.Canvas(buf, pagesize=(612, 792))
    bottom = TOP + (len(left) + 2) * PITCH
    cv.setFillColorRGB(*GREY)
    cv.rect(X0, 792 - bottom, X1 - X0, bottom - TOP + 2 * PITCH, stroke=0, fill=1)
    cv.setFillColorRGB(0, 0, 0)
    cv.setFont("Helvetica-Bold", 11)
    cv.drawString(X0 + GUTTER, 792 - (TOP - 0.5 * PITCH), "Supporting a Just Energy Transition")
    cv.setFont("Helvetica", SIZE)
    for k, text in enumerate(left):
        cv.drawString(X0 + GUTTER, 792 - (TOP + (k + 1) * PITCH), text)
    for k, text in enumerate(right):
        cv.drawString(X0 + 2 * GUTTER + width, 792 - (TOP + (k + 1) * PITCH), text)
    cv.save()
    return buf.getvalue()


def ruled_amounts() -> bytes:
    """Two rules around a label-amount table (no rule between its rows): a table."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rows = (("Fuel tank", "31.7 gal (120 L)"), ("Hydraulic tank", "18.5 gal (70 L)"),
            ("Engine oil with filter change", "3.1 gal (11.6 L)"), ("Radiator", "2.5 gal (9.5 L)"))
    page.draw_line((X0, TOP), (300, TOP), width=0.5)
    for k, (a, b) in enumerate(rows):
        page.insert_text((X0, TOP + (k + 1) * PITCH), a, fontsize=SIZE)
        page.insert_text((300 - pymupdf.get_text_length(b, fontsize=SIZE), TOP + (k + 1) * PITCH), b, fontsize=SIZE)
    page.draw_line((X0, TOP + (len(rows) + 0.5) * PITCH), (300, TOP + (len(rows) + 0.5) * PITCH), width=0.5)
    return bytes(doc.tobytes())


def _run(pdf: bytes, on: bool = True) -> PageResult:
    params = Params()
    params = replace(params, tables=replace(params.tables, rules_around_prose=on))
    return Pipeline(open_document(pdf)).run(0, params)


@pytest.mark.parametrize("build", [pymupdf_panel, reportlab_panel], ids=["pymupdf", "reportlab"])
def test_prose_panel_is_no_table(build: Callable[[], bytes]) -> None:
    result = _run(build())
    assert result.tables == ()
    said = [r for r in result.regions if r.param == "tables.rules_around_prose"]
    assert len(said) == 1 and "running prose set in columns" in said[0].reason


@pytest.mark.parametrize("build", [pymupdf_panel, reportlab_panel], ids=["pymupdf", "reportlab"])
def test_switch_off_reads_the_panel_as_a_table(build: Callable[[], bytes]) -> None:
    assert len(_run(build(), on=False).tables) == 1


def test_amounts_between_two_rules_stay_a_table() -> None:
    (table,) = _run(ruled_amounts()).tables
    assert table.n_cols == 2 and table.n_rows >= 4
