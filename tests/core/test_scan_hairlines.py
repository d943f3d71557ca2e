"""A low-resolution black-and-white scan of a table ruled with hairlines: a page built with
PyMuPDF, rendered finely, turned a little (the scanner's skew), sampled at 150 dpi (each pixel
the mean of the fine pixels it covers, as a scanner's sensor does) and thresholded. A hairline
about a pixel wide survives only where it runs along a row (column) of pixels: dashes with
gaps, at a pitch set by the skew. The raster stage joins them (``raster.hairline_gap``)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.raster_groups import HAIRLINE_PX, bridge, dash_period
from inspector.core.evidence.rules_raster import find_raster_rules
from inspector.core.params import Params, RasterParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.skew import straighten
from inspector.core.types import Rule
from resources.make_samples import TableStyle, TableTruth, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract

DPI = 150  # the scan's resolution (and the raster rules')
FINE = 4  # rendered this many times finer, then sampled down
ANGLE = 1.2  # degrees the page lies turned on the scanner
INK = 100  # grey at and under which a sampled pixel prints black
ROWS = (("Region", "Units", "Share", "Change"),
        ("North", "1,204", "31.5", "+2.1"),
        ("South", "987", "25.8", "-0.4"),
        ("East", "1,130", "29.6", "+1.2"),
        ("West", "511", "13.1", "-3.0"),
        ("Total", "3,832", "100.0", "+0.6"))
NO_DASHES = dataclasses.replace(RasterParams(), hairline_gap=0.0)


def hairline_scan(angle: float = ANGLE) -> tuple[np.ndarray, TableTruth]:
    """The bilevel 150 dpi picture (A4) of a table ruled with 0.4 pt hairlines, 11 pt type,
    turned ``angle`` degrees; with the table as drawn."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    truth = draw_table(page, 90.0, 150.0, ROWS, TableStyle(font_size=11.0, line_width=0.4, bold_header=False),
                       col_widths=(110, 90, 90, 90))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=DPI * FINE, colorspace=pymupdf.csGRAY)
    fine = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    h, w = fine.shape
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    fine = cv2.warpAffine(fine, turn, (w, h), flags=cv2.INTER_LINEAR, borderValue=255)
    grey = cv2.resize(fine, (w // FINE, h // FINE), interpolation=cv2.INTER_AREA)
    return np.where(grey > INK, 255, 0).astype(np.uint8), truth


def image_pdf(img: np.ndarray) -> bytes:
    out = pymupdf.open()
    new = out.new_page(width=595, height=842)
    new.insert_image(new.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


def test_a_hairline_scan_leaves_dashes_and_they_are_joined_into_the_grid() -> None:
    img, truth = hairline_scan()
    level = straighten(img, -ANGLE)
    res = find_raster_rules(level, DPI, RasterParams())
    hs = sorted((r for r in res.rules if r.orient == "h"), key=lambda r: r.pos)
    vs = sorted((r for r in res.rules if r.orient == "v"), key=lambda r: r.pos)
    assert [r.pos for r in hs] == pytest.approx(list(truth.ys), abs=1.0)
    assert [r.pos for r in vs] == pytest.approx(list(truth.xs), abs=1.0)
    # Each spans the table but for its first or last dash (a pitch is 18 pt), and was several dashes.
    assert all(r.start < truth.xs[0] + 20 and r.end > truth.xs[-1] - 20 and r.pieces >= 5 for r in hs)
    assert all(r.start < truth.ys[0] + 20 and r.end > truth.ys[-1] - 20 and r.pieces >= 3 for r in vs)
    # The dashes alone: each too short for a rule, their gaps wider than a step's.
    off = find_raster_rules(level, DPI, NO_DASHES)
    assert off.rules == ()
    assert sum(r.reason.startswith("too short") for r in off.rejected) >= 7 * 8


@needs_tesseract
def test_the_scanned_hairline_table_is_read_as_a_ruled_grid() -> None:
    img, truth = hairline_scan()
    res = Pipeline(open_document(image_pdf(img))).run(0)
    assert res.words_source == "ocr" and res.skew == pytest.approx(-ANGLE, abs=0.2)
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert len(ruled) == 1
    grid = ruled[0].grid
    assert (len(grid.xs), len(grid.ys)) == (len(truth.xs), len(truth.ys))
    assert ruled[0].rows_text()[0] == list(ROWS[0])
    assert [row[0] for row in ruled[0].rows_text()] == [row[0] for row in ROWS]
    off = Pipeline(open_document(image_pdf(img))).run(0, Params().with_value("raster.hairline_gap", 0.0))
    assert not any(t.source == "ruled" for t in off.tables)


def piece(start: float, end: float, thick: float) -> tuple[Rule, str, bool]:
    return Rule("h", 300.0, start, end, thick, "raster", 0), "too short (x pt)", True


def test_only_pieces_a_pixel_or_two_thick_bridge_a_hairlines_gaps() -> None:
    px = 72.0 / DPI  # points per pixel
    thin, thick = 1.0 * px, (HAIRLINE_PX + 1.0) * px
    # Dashes 12 pt long, 20 pt apart: too far apart for steps, close enough for dashes.
    for t, joined in ((thin, True), (thick, False)):
        got = bridge([piece(100 + 32 * k, 112 + 32 * k, t) for k in range(4)], 20.0, 5.0, px, 40.0)
        rules = [r for r, why in got if not why]
        assert (len(rules) == 1 and rules[0].pieces == 4 and (rules[0].start, rules[0].end) == (100, 208)) == joined
    # Two in line with a wide gap are two letters' stems on two lines, not a hairline's dashes.
    assert not [r for r, why in bridge([piece(100 + 32 * k, 112 + 32 * k, thin) for k in range(2)],
                                       20.0, 5.0, px, 40.0) if not why]
    # Gaps over three times the shorter dash (a row of nil dashes across a table) stay apart.
    apart = bridge([piece(100 + 52 * k, 112 + 52 * k, thin) for k in range(4)], 20.0, 5.0, px, 40.0)
    assert not [r for r, why in apart if not why]
    # Two rules each long enough on their own bridge only a step's gap.
    two = [(Rule("h", 300.0, 100, 160, thin, "raster", 0), "", True),
           (Rule("h", 300.0, 170, 230, thin, "raster", 0), "", True)]
    assert [r.pieces for r, _ in bridge(two, 20.0, 5.0, px, 40.0)] == [1, 1]
    two[1] = (dataclasses.replace(two[1][0], start=163.0), "", True)
    assert [r.pieces for r, _ in bridge(two, 20.0, 5.0, px, 40.0)] == [2]


SLIGHT = 0.7  # degrees: the dashes are 1 / tan(0.7 deg) px = 39 pt apart, each over 20 pt long


def test_a_slightly_skewed_hairlines_rule_long_dashes_are_joined_at_the_skews_period() -> None:
    img, truth = hairline_scan(SLIGHT)
    level = straighten(img, -SLIGHT)
    assert dash_period(-SLIGHT, 72.0 / DPI) == pytest.approx(39.3, abs=0.1)
    res = find_raster_rules(level, DPI, RasterParams(), -SLIGHT)
    hs = sorted((r for r in res.rules if r.orient == "h"), key=lambda r: r.pos)
    vs = sorted((r for r in res.rules if r.orient == "v"), key=lambda r: r.pos)
    assert [r.pos for r in hs] == pytest.approx(list(truth.ys), abs=1.0)
    assert [r.pos for r in vs] == pytest.approx(list(truth.xs), abs=1.0)
    # Each spans the table but for its first or last dash (a period is 39 pt), and was many dashes.
    assert all(r.start < truth.xs[0] + 40 and r.end > truth.xs[-1] - 40 and r.pieces >= 8 for r in hs)
    # Without the skew each dash is a rule of its own (long enough), and a row of them is no line.
    apart = find_raster_rules(level, DPI, RasterParams())
    rows = [r for r in apart.rules if r.orient == "h"]
    assert len(rows) >= 9 * len(truth.ys) and all(r.pieces == 1 and r.length < 30 for r in rows)


def test_only_dashes_at_the_skews_period_bridge_a_rules_gap() -> None:
    px = 72.0 / DPI
    period = dash_period(0.7, px)
    dashes = [(Rule("h", 300.0, 100 + period * k, 124 + period * k, px, "raster", 0), "", True) for k in range(5)]
    joined = [r for r, why in bridge(dashes, 20.0, 5.0, px, 40.0, 0.7) if not why]
    assert [(r.pieces, r.start, round(r.end, 3)) for r in joined] == [(5, 100, round(124 + 4 * period, 3))]
    # No skew, another skew's period, a thick stroke, or the hairline gap off: five rules.
    for skew, thick, gap in ((0.0, px, 40.0), (0.5, px, 40.0), (0.7, (HAIRLINE_PX + 1) * px, 40.0), (0.7, px, 0.0)):
        pieces = [(dataclasses.replace(r, thickness=thick), why, clear) for r, why, clear in dashes]
        assert [r.pieces for r, _ in bridge(pieces, 20.0, 5.0, px, gap, skew)] == [1] * 5
    # Two at the period are a coincidence, not a hairline: MIN_DASHES.
    assert [r.pieces for r, _ in bridge(dashes[:2], 20.0, 5.0, px, 40.0, 0.7)] == [1, 1]


@needs_tesseract
def test_the_slightly_skewed_hairline_table_is_read_as_a_ruled_grid() -> None:
    img, truth = hairline_scan(SLIGHT)
    res = Pipeline(open_document(image_pdf(img))).run(0)
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert len(ruled) == 1
    assert (len(ruled[0].grid.xs), len(ruled[0].grid.ys)) == (len(truth.xs), len(truth.ys))
    assert [row[0] for row in ruled[0].rows_text()] == [row[0] for row in ROWS]
