"""Raster rules: PDFs drawn at known coordinates, rendered at 150 dpi, rules found within ~1 pt."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.rules_raster import find_raster_rules, otsu_threshold
from inspector.core.params import RasterParams
from inspector.core.reading.document import open_document
from inspector.core.types import Rect, Rule
from tests.core._raster_pdfs import DPI, PROSE, fill, grey, grid, render, text_lines

TOL = 1.0  # pt: positions
END_TOL = 1.0  # pt: ends too (line caps and anti-aliasing blur them a little)
PARAMS = RasterParams()


def horizontals(rules: tuple[Rule, ...]) -> list[Rule]:
    return sorted((r for r in rules if r.orient == "h"), key=lambda r: r.pos)


def verticals(rules: tuple[Rule, ...]) -> list[Rule]:
    return sorted((r for r in rules if r.orient == "v"), key=lambda r: r.pos)


def assert_spans(rules: list[Rule], positions: tuple[float, ...], start: float, end: float,
                 end_tol: float = END_TOL) -> None:
    """One rule per expected position, each running from ``start`` to ``end``."""
    assert [r.pos for r in rules] == pytest.approx(positions, abs=TOL), rules
    for r in rules:
        assert r.start == pytest.approx(start, abs=end_tol)
        assert r.end == pytest.approx(end, abs=end_tol)
        assert r.source == "raster"


def touching(rules: tuple[Rule, ...], box: tuple[float, float, float, float]) -> list[Rule]:
    return [r for r in rules if r.bbox.intersection(Rect(*box)) is not None]


XS = (72.0, 200.0, 330.0, 460.0)
YS = (100.0, 130.0, 160.0, 190.0)


def test_black_grid_gives_every_line_at_its_position() -> None:
    res = find_raster_rules(render(lambda p: grid(p, XS, YS)), DPI, PARAMS)
    assert_spans(horizontals(res.rules), YS, XS[0], XS[-1])
    assert_spans(verticals(res.rules), XS, YS[0], YS[-1])
    assert res.bands == ()
    assert all(r.thickness <= PARAMS.max_thickness for r in res.rules)


def test_grey_hairlines_are_ink_though_otsu_would_call_them_paper() -> None:
    ys = (300.0, 317.3, 334.6)

    def draw(page: pymupdf.Page) -> None:
        for y in ys:
            page.draw_line((100, y), (400, y), color=grey(193), width=0.5)
        text_lines(page, 72, 100, PROSE)  # black text makes Otsu split black from grey+white

    img = render(draw)
    res = find_raster_rules(img, DPI, PARAMS)
    hist = cv2.calcHist([img], [0], None, [256], [0, 256]).ravel()
    assert otsu_threshold(hist) < 193 <= res.threshold
    assert res.paper == 255
    assert_spans(horizontals(res.rules), ys, 100, 400)
    assert verticals(res.rules) == []


def test_otsu_matches_opencv() -> None:
    img = render(lambda p: (grid(p, XS, YS), text_lines(p, 72, 300, PROSE)))
    hist = cv2.calcHist([img], [0], None, [256], [0, 256]).ravel()
    expected, _ = cv2.threshold(img, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    assert otsu_threshold(hist) == int(expected)


def test_shaded_header_band_with_white_text_gives_exactly_its_two_edges() -> None:
    band = (80.0, 200.0, 480.0, 218.0)

    def draw(page: pymupdf.Page) -> None:
        fill(page, band, 90)
        # Text close to the band's bottom edge: only a thin rim of the band stays below it.
        page.insert_text((84, 215.5), "Country   Population 2020   Area km2   Capital city   Notes",
                         fontsize=11, fontname="hebo", color=(1, 1, 1))

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert_spans(horizontals(res.rules), (band[1], band[3]), band[0], band[2])
    assert verticals(res.rules) == []
    assert len(res.bands) == 1
    b = res.bands[0]
    assert (b.bbox.x0, b.bbox.y0, b.bbox.x1, b.bbox.y1) == pytest.approx(band, abs=TOL)
    assert b.grey == pytest.approx(90, abs=3) and b.source == "raster"
    assert not any("too thick" in r.reason for r in res.rejected)


def test_black_rules_crossing_a_grey_band_stay_whole() -> None:
    def draw(page: pymupdf.Page) -> None:
        fill(page, (XS[0], YS[0], XS[-1], YS[1]), 150)  # header row shaded
        grid(page, XS, YS, width=0.75)

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert_spans(verticals(res.rules), XS, YS[0], YS[-1])
    assert [r.pos for r in horizontals(res.rules)] == pytest.approx(YS, abs=TOL)


def test_shaded_column_gives_its_left_and_right_edges() -> None:
    column = (200.0, 100.0, 240.0, 400.0)
    res = find_raster_rules(render(lambda p: fill(p, column, 180)), DPI, PARAMS)
    assert_spans(verticals(res.rules), (column[0], column[2]), column[1], column[3])
    assert horizontals(res.rules) == []
    assert len(res.bands) == 1


def test_zebra_rows_give_band_edges() -> None:
    top, h = 300.0, 14.0
    stripes = [(100.0, top + i * h, 500.0, top + (i + 1) * h) for i in range(0, 8, 2)]

    def draw(page: pymupdf.Page) -> None:
        for s in stripes:
            fill(page, s, 217)  # light grey, still darker than 0.88 x paper
        rows = [f"row {i}    {i * 37.5:8.2f}    {i * 11}" for i in range(8)]
        text_lines(page, 104, top + 10, rows, size=9, leading=h)  # one text line per stripe

    res = find_raster_rules(render(draw), DPI, PARAMS)
    edges = sorted({y for s in stripes for y in (s[1], s[3])})
    assert_spans(horizontals(res.rules), tuple(edges), 100, 500)
    assert len(res.bands) == len(stripes)
    assert all(b.grey == pytest.approx(217, abs=3) for b in res.bands)
    assert verticals(res.rules) == []


def test_marks_next_to_a_table_are_rejected_not_kept() -> None:
    underline = (200.0, 196.0, 232.0)  # y, x0, x1: one underlined word just below the table
    dash = (150.0, 470.0, 482.0)  # y, x0, x1: a glyph-sized mark beside the table

    def draw(page: pymupdf.Page) -> None:
        grid(page, XS, YS)
        page.draw_line((underline[1], underline[0]), (underline[2], underline[0]), width=0.75)
        page.draw_line((dash[1], dash[0]), (dash[2], dash[0]), width=1.0)

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert [r.pos for r in horizontals(res.rules)] == pytest.approx(YS, abs=TOL)
    reasons = {round(r.rule.pos): r.reason for r in res.rejected if r.rule.orient == "h"}
    assert "span guard" in reasons[round(underline[0])]
    assert "too short" in reasons[round(dash[0])]


def test_span_guard_zero_keeps_the_underline() -> None:
    def draw(page: pymupdf.Page) -> None:
        grid(page, XS, YS)
        page.draw_line((196, 200), (232, 200), width=0.75)

    img = render(draw)
    strict = find_raster_rules(img, DPI, PARAMS)
    loose = find_raster_rules(img, DPI, dataclasses.replace(PARAMS, span_guard=0.0))
    assert len(horizontals(loose.rules)) == len(horizontals(strict.rules)) + 1


def test_chart_gradient_and_legend_swatch_give_no_rules_but_a_hairline_does() -> None:
    chart = (100.0, 300.0, 260.0, 400.0)
    swatch = (280.0, 340.0, 288.0, 348.0)
    hairline_y = 500.0

    def draw(page: pymupdf.Page) -> None:
        n = 64
        w = (chart[2] - chart[0]) / n
        for i in range(n):  # a smooth shading drawn as thin strips, 240 -> 40 grey
            x = chart[0] + i * w
            fill(page, (x, chart[1], x + w, chart[3]), int(240 - 200 * i / (n - 1)))
        fill(page, swatch, 0)
        page.insert_text((292, 347), "Series A", fontsize=8)
        page.draw_line((100, hairline_y), (400, hairline_y), color=grey(193), width=0.5)

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert touching(res.rules, (chart[0] - 2, chart[1] - 2, swatch[2] + 2, chart[3] + 2)) == []
    assert res.bands == ()
    assert any("shading or picture" in r.reason for r in res.rejected)
    assert [round(r.pos) for r in res.rules] == [hairline_y]


def test_vertical_gradient_band_is_no_band() -> None:
    shade = (100.0, 300.0, 500.0, 360.0)

    def draw(page: pymupdf.Page) -> None:
        n = 40
        h = (shade[3] - shade[1]) / n
        for i in range(n):  # strips stacked downwards, 230 -> 30 grey
            y = shade[1] + i * h
            fill(page, (shade[0], y, shade[2], y + h), int(230 - 200 * i / (n - 1)))

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert res.rules == () and res.bands == ()
    assert any("shading or picture" in r.reason for r in res.rejected)


def test_soft_edge_of_a_faint_gradient_is_no_rule() -> None:
    """A faint gradient crosses the ink threshold somewhere: no edge there, only the sharp one."""
    shade = (100.0, 300.0, 500.0, 340.0)

    def draw(page: pymupdf.Page) -> None:
        n = 40
        h = (shade[3] - shade[1]) / n
        for i in range(n):  # 240 at the top -> 205 at the bottom, paper below
            y = shade[1] + i * h
            fill(page, (shade[0], y, shade[2], y + h), int(round(240 - 35 * i / (n - 1))))

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert [r.pos for r in horizontals(res.rules)] == pytest.approx([shade[3]], abs=TOL)
    assert any(r.reason.startswith("soft edges") for r in res.rejected)


def test_rules_inside_a_uniform_grey_panel_are_kept() -> None:
    """A squat uniform block (a shaded cell, a panel) is a band too; rules on it stay."""
    def draw(page: pymupdf.Page) -> None:
        fill(page, (50, 60, 480, 250), 200)  # a sidebar box behind the table: a block
        grid(page, XS, YS)
        text_lines(page, 80, 115, ["Name", "Alpha", "Beta"], size=9)

    res = find_raster_rules(render(draw), DPI, PARAMS)
    inside = tuple(r for r in res.rules if r.grey < 150)  # the black grid, not the panel's edges
    assert_spans(horizontals(inside), YS, XS[0], XS[-1])
    assert_spans(verticals(inside), XS, YS[0], YS[-1])
    assert len(res.bands) == 1  # the panel is a band: its long (top, bottom) edges are rules
    b = res.bands[0].bbox
    assert (b.x0, b.y0, b.x1, b.y1) == pytest.approx((50, 60, 480, 250), abs=TOL)
    panel = [r for r in res.rules if r.grey >= 150]
    assert [(r.orient, r.pos) for r in panel] == [("h", pytest.approx(60, abs=TOL)), ("h", pytest.approx(250, abs=TOL))]


def test_slightly_skewed_rule_is_kept_a_diagonal_is_not() -> None:
    def draw(page: pymupdf.Page) -> None:
        page.draw_line((100, 200), (400, 203), width=0.75)  # 0.6 degrees, like a skewed scan
        page.draw_line((100, 300), (400, 340), width=0.75)  # 7.6 degrees

    res = find_raster_rules(render(draw), DPI, PARAMS)
    assert len(res.rules) == 1
    r = res.rules[0]
    assert r.orient == "h" and r.pos == pytest.approx(201.5, abs=TOL)
    assert (r.start, r.end) == pytest.approx((100, 400), abs=TOL)


def test_noisy_grey_scan_still_gives_the_grid() -> None:
    """Paper at grey ~235, blur and sensor noise, as a scanned page looks."""
    img = render(lambda p: (grid(p, XS, YS, width=0.75), text_lines(p, 60, 300, PROSE)))
    rng = np.random.default_rng(7)
    scan = cv2.GaussianBlur(img, (3, 3), 0).astype(np.float64) * 0.92 + rng.normal(0, 6, img.shape)
    res = find_raster_rules(np.clip(scan, 0, 255).astype(np.uint8), DPI, PARAMS)
    assert 225 <= res.paper <= 245
    assert_spans(horizontals(res.rules), YS, XS[0], XS[-1], end_tol=2.0)  # blur widens ends
    assert_spans(verticals(res.rules), XS, YS[0], YS[-1], end_tol=2.0)


@pytest.mark.parametrize("font", ["helv", "hebo", "tiro", "tibo", "cour"])
def test_text_gives_no_rules(font: str) -> None:
    img = render(lambda p: (text_lines(p, 60, 100, PROSE, size=9, font=font),
                            text_lines(p, 60, 200, PROSE, size=12, font=font),
                            text_lines(p, 40, 320, PROSE[:2], size=16, font=font)))
    res = find_raster_rules(img, DPI, PARAMS)
    assert res.rules == ()
    assert res.bands == ()


def test_disabled_gives_an_empty_result() -> None:
    img = render(lambda p: grid(p, XS, YS))
    res = find_raster_rules(img, DPI, dataclasses.replace(PARAMS, enabled=False))
    assert (res.rules, res.rejected, res.bands) == ((), (), ())


@pytest.mark.parametrize("level", [255, 230, 0])
def test_blank_page_gives_nothing(level: int) -> None:
    res = find_raster_rules(np.full((300, 200), level, np.uint8), DPI, PARAMS)
    assert (res.rules, res.rejected, res.bands) == ((), (), ())
    assert res.threshold < max(level, 1)


@pytest.mark.parametrize("min_length,max_thickness", [(20.0, 3.0), (20.5, 3.5), (21.0, 3.2)])
def test_pixel_exact_on_a_synthetic_image(min_length: float, max_thickness: float) -> None:
    """Odd or even kernel sizes: a run of pixels [x0, x1) maps to exactly x0..x1 x 72/dpi."""
    img = np.full((400, 400), 255, np.uint8)
    img[200, 10:390] = 0  # a 1 px rule
    img[100:110, 20:300] = 0  # a 10 px band
    params = dataclasses.replace(PARAMS, min_length=min_length, max_thickness=max_thickness)
    res = find_raster_rules(img, 150, params)
    px = 72 / 150
    got = [v / px for r in horizontals(res.rules) for v in (r.pos, r.start, r.end)]
    assert got == pytest.approx([100, 20, 300, 110, 20, 300, 200.5, 10, 390])
    assert [r.grey for r in res.rules] == [0, 0, 0]


def test_positions_scale_with_dpi() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    grid(page, XS, YS)
    data = doc.tobytes()
    for dpi in (100, 200):
        img = open_document(data).page(0).render(dpi)
        res = find_raster_rules(img, dpi, PARAMS)
        assert_spans(horizontals(res.rules), YS, XS[0], XS[-1])


# --- real corpus ---------------------------------------------------------------------------

def _vector_horizontals(page) -> list[tuple[float, float, float]]:
    """(y, x0, x1) of long thin filled rectangles drawn on the page, pieces joined."""
    pieces = sorted((round((it[2] + it[4]) / 2, 1), it[1], it[3]) for d in page.drawings() for it in d.items
                    if it[0] == "re" and it[4] - it[2] <= 3 and it[3] - it[1] >= 50 and d.fill is not None)
    return pieces


@pytest.mark.corpus
def test_eu001_table_rules_are_found(corpus) -> None:
    page = open_document(corpus / "pdfs/icdar2013/competition-dataset-eu/eu-001.pdf").page(0)
    res = find_raster_rules(page.render(DPI), DPI, PARAMS)
    found = horizontals(res.rules)
    expected = _vector_horizontals(page)
    assert len(expected) >= 30
    for y, x0, x1 in expected:
        cover = sum(max(0.0, min(r.end, x1) - max(r.start, x0)) for r in found if abs(r.pos - y) <= 1.5)
        assert cover >= 0.9 * (x1 - x0), (y, x0, x1)


@pytest.mark.corpus
@pytest.mark.parametrize("pdf,pno", [
    ("pdfs/icdar2013/competition-dataset-eu/eu-005.pdf", 2),
    ("pdfs/icdar2013/competition-dataset-us/us-005.pdf", 1),
    ("pdfs/icdar2013/competition-dataset-us/us-027.pdf", 3),
    ("pdfs/camelot/superscript.pdf", 1),
])
def test_corpus_text_lines_make_no_rules(corpus, pdf: str, pno: int) -> None:
    """Every kept horizontal rule on these text-heavy pages is a drawn line, none is text."""
    page = open_document(corpus / pdf).page(pno - 1)
    res = find_raster_rules(page.render(DPI), DPI, PARAMS)
    drawn = [it for d in page.drawings() for it in d.items if it[0] in ("l", "re")]
    for r in horizontals(res.rules):
        assert any(min(it[2], it[4]) - 2 <= r.pos <= max(it[2], it[4]) + 2
                   and min(it[3], r.end) - max(it[1], r.start) > 0 for it in drawn), r
