"""Explain names a scan's rule found from faint ink (``Rule.found_faint``, ``raster.faint_lines``):
a table on an image-only page (PyMuPDF draws it, rendered at 200 dpi grey) ruled black, but for
one grey 0.88 hairline between a row and the next, whose second cell only is filled. The faint
line is the only evidence of that boundary (without it the line reads as a wrapped cell's)."""

from __future__ import annotations

import dataclasses

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.paramspec import ParamError
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import FAINT_FOUND
from resources.make_samples import TableStyle, TableTruth, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract

ROWS = (("Region", "Units", "Share"), ("North", "1,204", "31.5"), ("South", "987", "25.8"),
        ("", "Estimated units", ""), ("West", "511", "13.1"))
FAINT_ROW = 4  # the hairline under the row holding "Estimated units" only
# A 0.5 pt hairline is 1.4 px at 200 dpi: at this top it falls on one pixel row, dark enough.
TOP = 150.2


def faint_scan() -> tuple[bytes, TableTruth]:
    """The image-only PDF of the table (A4, 200 dpi grey), and the table as drawn."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    t = draw_table(page, 90.0, TOP, ROWS, TableStyle(rules="none", font_size=11.0, bold_header=False),
                   col_widths=(120, 100, 100))
    x0, x1, y0, y1 = t.xs[0], t.xs[-1], t.ys[0], t.ys[-1]
    for x in t.xs:
        page.draw_line((x, y0), (x, y1), color=(0, 0, 0), width=0.6)
    for k, y in enumerate(t.ys):
        grey = (0.88,) * 3 if k == FAINT_ROW else (0, 0, 0)
        page.draw_line((x0, y), (x1, y), color=grey, width=0.5 if k == FAINT_ROW else 0.6)
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY, alpha=False)
    out = pymupdf.open()
    new = out.new_page(width=595, height=842)
    new.insert_image(new.rect, stream=pix.tobytes("png"))
    return out.tobytes(), t


def test_a_raster_rule_records_its_share_of_faint_only_pixels() -> None:
    data, t = faint_scan()
    page = open_document(data)
    res = Pipeline(page).run(0)
    faint = [r for r in res.raster_rules if r.found_faint]
    assert [round(r.pos) for r in faint] == [round(t.ys[FAINT_ROW])]
    assert all(r.faint < FAINT_FOUND for r in res.raster_rules if r not in faint)  # the black rules
    assert faint[0] in res.rules and next(r for r in res.rules if r == faint[0]).found_faint


@needs_tesseract
def test_explain_says_the_rule_was_found_from_faint_ink_and_the_lever_acts() -> None:
    data, t = faint_scan()
    pipe = Pipeline(open_document(data))
    res = pipe.run(0)
    (table,) = explain_page(res, Params())
    y = t.ys[FAINT_ROW]
    (faint,) = [w for w in table.rows if abs(w.pos - y) < 1.5]
    assert "found from faint ink" in faint.decision and "raster.faint_lines" in faint.params
    assert faint.flip == ("raster.faint_lines", 0.0)
    others = [w for w in table.rows if w is not faint]
    assert others and all("raster.faint_lines" not in w.params and w.flip is None for w in others)
    # The lever acts: the page detected again with it off has every other boundary and not this one.
    off = pipe.run(0, Params().with_value(*faint.flip))
    (grid,) = [tb.grid for tb in off.tables]
    assert all(abs(v - y) > 3 for v in grid.ys) and len(grid.ys) == len(table.rows) - 1
    assert all(any(abs(v - w.pos) < 1.5 for v in grid.ys) for w in others)


def test_the_faint_share_is_out_of_a_rules_repr_and_equality() -> None:
    """How a rule was seen does not change what it is: the detection dump (reprs) and every
    comparison of rules stay as they were before the share was recorded."""
    data, _ = faint_scan()
    res = Pipeline(open_document(data)).run(0)
    (faint,) = [r for r in res.raster_rules if r.found_faint]
    assert "faint" not in repr(faint)
    plain = dataclasses.replace(faint, faint=0.0)
    assert plain == faint and hash(plain) == hash(faint) and not plain.found_faint


def test_a_switch_takes_the_numbers_a_lever_is_offered_as() -> None:
    """Explain offers a switch's lever as (key, 0.0): the Why tab's Apply sets it as given."""
    assert Params().with_value("raster.faint_lines", 0.0).raster.faint_lines is False
    assert Params().with_value("raster.faint_lines", 1).raster.faint_lines is True
    with pytest.raises(ParamError):
        Params().with_value("raster.faint_lines", 0.5)
