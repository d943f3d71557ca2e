"""Which pieces of a scanned rule are one line. Pages built with PyMuPDF, rendered, degraded
deterministically (turned, sampled as a scanner's sensor does, thresholded, a rule broken by
noise) and wrapped as a picture; exact expectations.

A piece noise broke off one table's rule, in line with the rule of the table beside it, must not
make the two tables' rules one line; a skewed hairline's dashes recur at the scan's own pixels'
period, whatever resolution the raster stage renders the page at."""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.raster_groups import bridge, dash_period
from inspector.core.evidence.rules_raster import find_raster_rules
from inspector.core.explain import explain
from inspector.core.params import Params, RasterParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.skew import straighten
from inspector.core.types import Rule
from resources.make_samples import TableStyle, TableTruth, draw_table, finish, new_document
from tests.core._scan_pdfs import grey_render, image_only
from tests.core.test_ocr import needs_tesseract

RDPI = 150  # the raster stage's render
ROWS = (("Region", "Units"), ("North", "1,204"), ("South", "987"), ("East", "1,130"), ("West", "511"),
        ("Total", "3,832"))
WIDTHS = (90.0, 70.0)
APART = 10.0  # pt between the two tables
BROKEN_AT = 14.0  # pt into the right table's rules: noise cut them there (2 px)


def two_tables() -> tuple[np.ndarray, TableTruth, TableTruth]:
    """A black-and-white 150 dpi scan (A4) of two ruled tables side by side, APART points apart,
    their rows in line; each of the right table's row rules cut by 2 px of noise BROKEN_AT
    points from its start. With the two tables as drawn."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    style = TableStyle(font_size=11.0, line_width=0.5, bold_header=False)
    left = draw_table(page, 60.0, 150.0, ROWS, style, col_widths=WIDTHS)
    right = draw_table(page, left.xs[-1] + APART, 150.0, ROWS, style, col_widths=WIDTHS)
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    img = np.where(grey_render(src[0], RDPI) > 160, 255, 0).astype(np.uint8)
    px = RDPI / 72.0
    for y in right.ys:
        row, col = int(round(y * px)), int(round((right.xs[0] + BROKEN_AT) * px))
        img[row - 3:row + 4, col:col + 2] = 255
    return img, left, right


def test_a_broken_off_piece_between_two_tables_rules_does_not_make_them_one_line() -> None:
    img, left, right = two_tables()
    res = find_raster_rules(img, RDPI, RasterParams())
    hs = sorted((round(r.pos), r.start, r.end, r.pieces) for r in res.rules if r.orient == "h")
    assert len(hs) == 2 * len(left.ys)
    for k, y in enumerate(left.ys):
        (pos_a, a0, a1, na), (pos_b, b0, b1, nb) = hs[2 * k], hs[2 * k + 1]
        assert pos_a == pos_b == pytest.approx(y, abs=1.0)
        # The left table's rule alone; the right one's two pieces joined across the noise.
        assert (a0, a1, na) == (pytest.approx(left.xs[0], abs=1.0), pytest.approx(left.xs[-1], abs=1.0), 1)
        assert (b0, b1, nb) == (pytest.approx(right.xs[0], abs=1.0), pytest.approx(right.xs[-1], abs=1.0), 2)


@needs_tesseract
def test_the_two_scanned_tables_side_by_side_stay_two_tables() -> None:
    img, left, right = two_tables()
    res = Pipeline(open_document(image_only(img))).run(0)
    ruled = sorted((t for t in res.tables if t.source == "ruled"), key=lambda t: t.bbox.x0)
    assert len(ruled) == 2
    for table, truth in zip(ruled, (left, right), strict=True):
        assert table.grid is not None
        assert (len(table.grid.xs), len(table.grid.ys)) == (len(truth.xs), len(truth.ys))
        assert table.bbox.x0 == pytest.approx(truth.xs[0], abs=2.0)
        assert table.bbox.x1 == pytest.approx(truth.xs[-1], abs=2.0)
        assert [row[0] for row in table.rows_text()] == [row[0] for row in ROWS]


@needs_tesseract
def test_explain_names_the_cut_at_the_two_tables_facing_edges() -> None:
    img, left, right = two_tables()
    res = Pipeline(open_document(image_only(img))).run(0)
    ruled = sorted((t for t in res.tables if t.source == "ruled"), key=lambda t: t.bbox.x0)
    whys = {round(t.bbox.x0): t for t in explain(res, Params()).tables}
    assert len(ruled) == 2
    for table, facing in zip(ruled, (left.xs[-1], right.xs[0]), strict=True):
        cols = whys[round(table.bbox.x0)].cols
        cut = [w for w in cols if any(e.kind == "speck_cut" for e in w.evidence)]
        # The facing edge alone, with every one of the table's row rules ended there.
        assert [w.pos for w in cut] == pytest.approx([facing], abs=1.0)
        assert [e.value for e in cut[0].evidence if e.kind == "speck_cut"] == [len(left.ys)]
        assert "raster.hairline_gap" in cut[0].params and "facing edges" in cut[0].decision
        assert all("facing edges" not in w.decision for w in cols if w not in cut)


def dash(start: float, end: float) -> tuple[Rule, str, bool]:
    """A thin piece of a row rule; under 20 pt (the min length) too short for a rule on its own."""
    return Rule("h", 300.0, start, end, 0.48, "raster", 0), "" if end - start >= 20 else "too short (x pt)", True


def edge(x: float) -> tuple[Rule, str, bool]:
    """A table's column rule crossing the row rules' line (at y = 300) at ``x``."""
    return Rule("v", x, 280.0, 320.0, 0.48, "raster", 0), "", True


def rows(pieces: list[tuple[Rule, str, bool]], skew: float) -> list[tuple[int, float, float]]:
    """The row rules ``bridge`` makes of ``pieces``: (pieces joined, start, end)."""
    px = 72.0 / RDPI
    got = bridge(pieces, 20.0, 5.0, px, 40.0, skew)
    return [(r.pieces, round(r.start, 2), round(r.end, 2)) for r, why in got if not why and r.orient == "h"]


def test_a_dashs_reach_joins_two_tables_edge_to_edge_rules_only_at_the_skews_period() -> None:
    skew = 0.7
    assert dash_period(skew, 72.0 / RDPI) == pytest.approx(39.3, abs=0.05)
    # A rule 25 pt long ending at a table's edge; 15 pt on, at the next table's edge, a 9 pt piece
    # and (a pixel's noise on) the rest of a 23.6 pt segment, whose centre stands a period from
    # the first one's: one skewed hairline all the same.
    corners = [edge(125.0), edge(140.0)]
    assert rows([dash(100, 125), dash(140, 149), dash(150, 163.6), *corners], skew) == [(3, 100, 163.6)]
    # The segment 9 pt further on, at the next table's edge: the 9 pt piece still reaches back
    # (24 pt, three times its length), but the two rule-long segments stand off the period.
    corners = [edge(125.0), edge(149.0)]
    two = [dash(100, 125), dash(149, 158), dash(159, 172.6)]
    assert rows([*two, *corners], skew) == [(1, 100, 125), (2, 149, 172.6)]
    # Without the two edges it is a hairline noise cut (a dash lost): one line.
    assert rows(two, skew) == [(3, 100, 172.6)]
    assert rows([*two, corners[0]], skew) == [(3, 100, 172.6)]
    # A short dash of its own between two rules joins them as before (MIN_DASHES pieces).
    assert rows([dash(100, 125), dash(145, 154), dash(174, 199), edge(125.0), edge(174.0)], skew) == [(3, 100, 199)]


def hairline_scan(dpi: int, angle: float) -> tuple[np.ndarray, TableTruth]:
    """A black-and-white scan at ``dpi`` (A4) of a table ruled with 0.25 pt hairlines (about a
    pixel at 300 dpi), turned ``angle`` degrees, each pixel the mean of 4 x 4 finer ones."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    truth = draw_table(page, 90.0, 150.0, (("Region", "Units", "Share"), ("North", "1,204", "31.5"),
                                           ("South", "987", "25.8"), ("Total", "2,191", "57.3")),
                       TableStyle(font_size=11.0, line_width=0.25, bold_header=False), col_widths=(110, 90, 90))
    fine = grey_render(pymupdf.open(stream=finish(doc), filetype="pdf")[0], dpi * 4)
    h, w = fine.shape
    fine = cv2.warpAffine(fine, cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0), (w, h),
                          flags=cv2.INTER_LINEAR, borderValue=255)
    grey = cv2.resize(fine, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    return np.where(grey > 100, 255, 0).astype(np.uint8), truth


def test_a_300_dpi_scans_hairline_dashes_are_joined_at_its_own_pixels_period() -> None:
    angle = 0.3  # degrees: one dash every 1 / tan(0.3 deg) px = 45.8 pt at 300 dpi, 91.7 pt at 150
    img, truth = hairline_scan(300, angle)
    page = pymupdf.open(stream=image_only(img), filetype="pdf")[0]
    level = straighten(grey_render(page, RDPI), -angle)  # the raster stage's render of the scan
    res = find_raster_rules(level, RDPI, RasterParams(), -angle, 300.0)
    hs = sorted((r for r in res.rules if r.orient == "h"), key=lambda r: r.pos)
    vs = sorted((r for r in res.rules if r.orient == "v"), key=lambda r: r.pos)
    assert [r.pos for r in hs] == pytest.approx(list(truth.ys), abs=1.0)
    # A column rule 80 pt tall leaves two dashes: too few to tell a hairline (MIN_DASHES), each a rule.
    assert sorted({round(r.pos) for r in vs}) == [round(x) for x in truth.xs]
    assert all(r.start < truth.xs[0] + 46 and r.end > truth.xs[-1] - 46 and r.pieces >= 5 for r in hs)
    # At the render's own pixels' period the dashes, each a rule's length, stay apart.
    apart = find_raster_rules(level, RDPI, RasterParams(), -angle)
    rows = [r for r in apart.rules if r.orient == "h"]
    assert len(rows) >= 5 * len(truth.ys) and all(r.pieces == 1 and r.length < 50 for r in rows)
