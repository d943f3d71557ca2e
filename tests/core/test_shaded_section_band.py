"""A table ruled row by row with horizontal rules only, whose section row is a full-width
shaded band holding a bold title and a sentence of running text across the table (InDesign's
habit: a cell with a fill of its own; a sustainability report's goals table set by InDesign
18 is the real example). The sentence between two row rules must not part the table in two:
the fill shades the band from one rule to the other, as wide, and holds all its text. Built
with PyMuPDF and with reportlab at known coordinates; with ``tables.section_bands`` off the
table parts at the band (the old reading), and running prose between two tables' rules,
unshaded, still parts them."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

X0, XM, X1 = 60.0, 300.0, 540.0
TOP, PITCH, SIZE = 100.0, 30.0, 8.0
TEAL = (0.0, 0.38, 0.38)
ABOVE = (("Priority", "Progress"), ("Raise the share of women in senior roles", "Raised by 66%"),
         ("Review regions to plan the year", "Done; new goals set"), ("Reach more students", "3.2M students"))
BELOW = (("Hire veterans and spouses by 2024", "Hired 30,400 in 2022"),
         ("Raise hiring of veterans by 23%", "Down 12% on the year"),
         ("Run an equity audit of hourly staff", "Audit under way"))
TITLE = "U.S. Priorities"
SENTENCE = "Hiring was slower in the second half of the year, which held back our overall rates and progress"


def _ys() -> list[float]:
    """Rule positions: one under each row above, the band's bottom, one under each row below."""
    top = [TOP + r * PITCH for r in range(len(ABOVE) + 1)]
    band = top[-1] + 2 * PITCH
    return [*top, band, *(band + (r + 1) * PITCH for r in range(len(BELOW)))]


def pymupdf_page(shade: bool = True) -> bytes:
    """Rules stroked across the table under every row, the band's fill drawn as its own
    rectangle between two of them, its text in white (black when unshaded)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    ys = _ys()
    band_top = ys[len(ABOVE)]
    if shade:
        page.draw_rect(pymupdf.Rect(X0, band_top, X1, band_top + 2 * PITCH), color=None, fill=TEAL)
    for y in ys:
        page.draw_line((X0, y), (X1, y), width=0.35, color=(0.5, 0.5, 0.5))
    for r, row in enumerate(ABOVE):
        for x, text in zip((X0, XM), row, strict=True):
            page.insert_text((x + 4, ys[r] + 18), text, fontsize=SIZE, fontname="hebo" if r == 0 else "helv")
    ink = (1, 1, 1) if shade else (0, 0, 0)
    page.insert_text((X0 + 4, band_top + 14), TITLE, fontsize=SIZE, fontname="hebo", color=ink)
    page.insert_text((X0 + 4, band_top + 26), SENTENCE, fontsize=SIZE, color=ink)
    start = len(ABOVE) + 1
    for r, row in enumerate(BELOW):
        for x, text in zip((X0, XM), row, strict=True):
            page.insert_text((x + 4, ys[start + r] + 18), text, fontsize=SIZE)
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    """The same table by reportlab's TableStyle: LINEBELOW under every row, the band a
    spanned row with a BACKGROUND of its own."""
    colors = pytest.importorskip("reportlab.lib.colors")
    pagesizes = pytest.importorskip("reportlab.lib.pagesizes")
    platypus = pytest.importorskip("reportlab.platypus")
    buf = io.BytesIO()
    band = len(ABOVE)
    data = [list(r) for r in ABOVE] + [[f"{TITLE}\n{SENTENCE}", ""]] + [list(r) for r in BELOW]
    heights = [PITCH] * len(data)
    heights[band] = 2 * PITCH
    table = platypus.Table(data, colWidths=[XM - X0, X1 - XM], rowHeights=heights)
    table.setStyle(platypus.TableStyle([
        ("FONTSIZE", (0, 0), (-1, -1), SIZE), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("SPAN", (0, band), (1, band)), ("BACKGROUND", (0, band), (1, band), colors.Color(*TEAL)),
        ("TEXTCOLOR", (0, band), (1, band), colors.white), ("LINEABOVE", (0, 0), (-1, 0), 0.35, colors.grey),
        ("LINEBELOW", (0, 0), (-1, -1), 0.35, colors.grey),
    ]))
    doc = platypus.SimpleDocTemplate(buf, pagesize=pagesizes.letter, leftMargin=X0, topMargin=TOP)
    doc.build([table])
    return buf.getvalue()


def _run(pdf: bytes, on: bool = True) -> PageResult:
    params = Params()
    params = replace(params, tables=replace(params.tables, section_bands=on))
    return Pipeline(open_document(pdf)).run(0, params)


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_shaded_band_keeps_one_table(build: Callable[[], bytes]) -> None:
    result = _run(build())
    (table,) = result.tables
    assert table.n_cols == 2
    texts = " ".join(c.text for c in table.cells)
    assert ABOVE[1][0] in texts and BELOW[-1][1] in texts and TITLE in texts
    band = next(c for c in table.cells if TITLE in c.text)
    assert SENTENCE.split()[0] in band.text
    assert not any(SENTENCE.split()[0] in c.text for c in table.cells if c is not band)


@pytest.mark.parametrize("build", [pymupdf_page, reportlab_page], ids=["pymupdf", "reportlab"])
def test_switch_off_parts_at_the_band(build: Callable[[], bytes]) -> None:
    assert len(_run(build(), on=False).tables) == 2


def test_unshaded_prose_between_rules_still_parts() -> None:
    assert len(_run(pymupdf_page(shade=False)).tables) == 2


def test_explain_names_the_band() -> None:
    result = _run(pymupdf_page())
    said = [r for r in result.regions if r.param == "tables.section_bands"]
    assert len(said) == 1 and "shaded section row" in said[0].reason
    assert explain_page(result, Params())
