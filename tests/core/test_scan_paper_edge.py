"""A scan's paper edge (issue #25, class 2): a dark line along the page's side, running across
the whole page (the scanned sheet's border, the lid's shadow past it), is no table rule. Paired
with a typed underline ("Part No.") far above it, it made one page-tall false table over a
typewritten memo's prose. Pages built with PyMuPDF: the rules drawn into a page-sized picture
(as a scanner gives them), the words in the text layer at known coordinates."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.evidence.rules_raster import PAPER_EDGE_WHY, find_raster_rules
from inspector.core.params import RasterParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core._raster_pdfs import DPI, PAGE, render

EDGE_Y = PAGE[1] - 2.5  # the paper's bottom edge, 2.5 pt over the page's
COLS = (72.0, 220.0, 360.0)
HEAD = ("Quantity", "Part No.", "Description")
ROWS = [("1", "702067-501", "Fork Assembly"), ("1", "804042-1", "Placard"), ("2", "AN380-4-8", "Cotter Pin"),
        ("2", "MS24665-353", "Cotter Pin")]
TOP, PITCH = 120.0, 16.0
# Indented notes typed under the list, narrower than three fifths of the page (the rules' width):
# not read as running prose between the two rules.
PROSE = ["a. The 6.00X6 tires and the extended nose fork", "must be installed in conjunction. Neither",
         "item may be installed without the other.", "b. The original wheel fairings cannot be used",
         "with this accessory kit and must be removed."]


def _rules(page: pymupdf.Page, habit: str, edge: bool) -> None:
    """The picture's marks: the underline under "Part No.", a rule under each row (ruled by
    rows), the paper's bottom edge across the page."""
    width = pymupdf.Font("cour").text_length("Part No.", 10.0)
    page.draw_line((COLS[1], TOP + 2.0), (COLS[1] + width, TOP + 2.0), width=1.2)
    if habit == "ruled-rows":
        for k in range(1, len(ROWS) + 1):
            y = TOP + 4.0 + k * PITCH
            page.draw_line((COLS[0], y), (COLS[2] + 150, y), width=0.6)
    if edge:
        page.draw_line((3.0, EDGE_Y), (PAGE[0] - 3.0, EDGE_Y), width=1.4)


def _memo(habit: str, edge: bool = True) -> bytes:
    """A page-sized picture of the marks, the typed words over it in the text layer."""
    pic = pymupdf.open()
    _rules(pic.new_page(width=PAGE[0], height=PAGE[1]), habit, edge)
    pix = pic[0].get_pixmap(dpi=DPI, colorspace=pymupdf.csGRAY)
    doc = pymupdf.open()
    page = doc.new_page(width=PAGE[0], height=PAGE[1])
    page.insert_image(page.rect, pixmap=pix)
    for c, text in enumerate(HEAD):
        page.insert_text((COLS[c], TOP), text, fontsize=10.0, fontname="cour")
    for r, row in enumerate(ROWS, 1):
        for c, text in enumerate(row):
            page.insert_text((COLS[c], TOP + r * PITCH), text, fontsize=10.0, fontname="cour")
    for k, line in enumerate(PROSE):
        page.insert_text((COLS[0] + 30.0, 300.0 + 14.0 * k), line, fontsize=10.0, fontname="cour")
    return doc.tobytes()


@pytest.mark.parametrize("habit", ["ruled-rows", "borderless"])
def test_the_paper_edge_is_no_rule_and_the_parts_list_ends_over_the_prose(habit: str) -> None:
    res = Pipeline(open_document(_memo(habit))).run(0)
    edge = [r for r in res.rejected if r.reason == PAPER_EDGE_WHY]
    assert len(edge) == 1 and edge[0].rule.pos == pytest.approx(EDGE_Y, abs=1.0)
    assert all(abs(r.pos - EDGE_Y) > 5 for r in res.rules if r.orient == "h")
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(len(ROWS) + 1, 3)]
    assert res.tables[0].bbox.y1 < 300.0 - 10.0  # the prose under the list is no row of it
    assert res.tables[0].rows_text()[-1] == list(ROWS[-1])


def test_a_page_wide_rule_inside_the_margin_is_kept() -> None:
    """A rule across the page 30 pt over its bottom edge (a letterhead's footer rule) lies inside
    the printable area: it stays a rule; so does a rule along the edge that stops short of
    crossing the page (four fifths of it: a drawing's frame, not the sheet's border)."""
    def draw(page: pymupdf.Page) -> None:
        page.draw_line((3.0, PAGE[1] - 30.0), (PAGE[0] - 3.0, PAGE[1] - 30.0), width=1.4)
        page.draw_line((3.0, EDGE_Y), (PAGE[0] * 0.8, EDGE_Y), width=1.4)  # along the edge, not across the page

    res = find_raster_rules(render(draw), DPI, RasterParams())
    kept = sorted(r.pos for r in res.rules if r.orient == "h")
    assert kept == pytest.approx([PAGE[1] - 30.0, EDGE_Y], abs=1.0)
    assert not any(r.reason == PAPER_EDGE_WHY for r in res.rejected)


@pytest.mark.parametrize("depth", [36.0, 60.0])
def test_a_full_bleed_banner_keeps_both_edges(depth: float) -> None:
    """A grey banner printed to the sheet's top edge and across it (a web page's or a report's
    masthead), ``depth`` pt deep: its top edge lies along the page's side, but the band reaches
    far deeper than a scanner's border or a lid's shadow, so both its edges stay rules (one
    alone, the lower, paired with an underline far down the page into a false table)."""
    def draw(page: pymupdf.Page) -> None:
        page.draw_rect(pymupdf.Rect(0.0, 0.0, PAGE[0], depth), color=None, fill=(0.55, 0.55, 0.55))

    res = find_raster_rules(render(draw), DPI, RasterParams())
    kept = sorted(r.pos for r in res.rules if r.orient == "h")
    assert kept == pytest.approx([0.0, depth], abs=1.5)
    assert not any(r.reason == PAPER_EDGE_WHY for r in res.rejected)


def test_a_thin_dark_strip_along_the_side_is_the_paper_edge() -> None:
    """The scanner's dark border under the sheet, a strip 4 pt deep along the bottom side and
    across the page: thinner than the paper-edge margin, so its inner edge is the paper's
    edge, no rule."""
    def draw(page: pymupdf.Page) -> None:
        page.draw_rect(pymupdf.Rect(0.0, PAGE[1] - 4.0, PAGE[0], PAGE[1]), color=None, fill=(0.2, 0.2, 0.2))

    res = find_raster_rules(render(draw), DPI, RasterParams())
    assert not any(r.orient == "h" and r.length > 0.9 * PAGE[0] for r in res.rules)
