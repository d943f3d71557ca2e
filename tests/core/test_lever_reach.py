"""Why offers no lever that does not act (``benchmarks/lever_audit.py`` over the corpora; here
over pages built with PyMuPDF at known coordinates, every stage run, no mocks):

- every lever explain offers on a set of built pages, applied as Apply and ``--set`` do,
  changes the decision it was offered for (the audit's own check, ``Audit.page``);
- a boundary drawn by rules found in the page's render names the raster stage's thresholds,
  which act on it, not the vector stage's, which do not;
- a value that would make a rejected region in the page's top band a table is offered only
  when the page detected whole again (the hook the CLI and the window pass) keeps that table: a
  running header repeated on the next pages is set aside by the furniture stage then, and the
  value is not offered there.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core import pdfs

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from lever_audit import Audit

ROWS = (("Region", "Units", "Share"), ("North", "1,204", "31.5"), ("South", "987", "25.8"),
        ("East", "640", "16.7"), ("West", "511", "13.1"))


def _drawn_parts() -> bytes:
    from tests.core.test_drawn_parts import zebra

    return zebra()


BUILT = {"ruled": lambda: pdfs.ruled_grid()[0], "borderless": lambda: pdfs.borderless()[0],
         "horizontal": lambda: pdfs.horizontal_rules()[0], "zebra": lambda: pdfs.zebra()[0],
         "two tables": lambda: pdfs.two_tables()[0], "merged": lambda: pdfs.merged_cells()[0],
         "drawn parts": _drawn_parts}


@pytest.mark.parametrize("name", list(BUILT))
def test_every_lever_offered_on_a_built_page_acts(name: str) -> None:
    pipe = Pipeline(open_document(BUILT[name]()))
    audit = Audit(verbose=False)
    audit.page(pipe, 0, name, Params())
    assert not audit.failures, "\n".join(audit.failures)
    assert not audit.notes, dict(audit.notes)


# -- rules found in the render ------------------------------------------------------------

def _pictured_rules() -> bytes:
    """A table whose text is a text layer and whose rules are a picture (a 200 dpi render of
    them laid over the page): the page has pictures, so its rules are found in its render."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    t = draw_table(page, 90.0, 150.0, ROWS, TableStyle(rules="none", font_size=11.0, bold_header=False),
                   col_widths=(120, 100, 100))
    lines = pymupdf.open()
    art = lines.new_page(width=595, height=842)
    for x in t.xs:
        art.draw_line((x, t.ys[0]), (x, t.ys[-1]), color=(0, 0, 0), width=0.8)
    for y in t.ys:
        art.draw_line((t.xs[0], y), (t.xs[-1], y), color=(0, 0, 0), width=0.8)
    pix = art.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY, alpha=False)
    page.insert_image(page.rect, stream=pix.tobytes("png"), overlay=False)
    return finish(doc)


def _rule_cols(pipe: Pipeline, params: Params) -> list[float]:
    """The column boundaries of the page's one table that stand on rules, as explain says."""
    res = pipe.run(0, params)
    (t,) = explain(res, params).tables
    return [round(w.pos) for w in t.cols if w.evidence[0].kind == "rule"]


def test_a_rule_found_in_the_render_names_the_raster_thresholds_which_act() -> None:
    pipe = Pipeline(open_document(_pictured_rules()))
    res = pipe.run(0, Params())
    assert res.raster_rules and not res.vector_rules
    (t,) = explain(res, Params()).tables
    drawn = [w for w in (*t.cols, *t.rows) if w.evidence[0].kind == "rule"]
    assert len(drawn) >= 6
    for w in drawn:
        assert "raster.min_length" in w.params and not [p for p in w.params if p.startswith("vector.")], w.params
    before = _rule_cols(pipe, Params())
    assert len(before) == 4
    # The raster stage's run length past the column rules' (about 90 pt) takes them away ...
    assert _rule_cols(pipe, Params().with_value("raster.min_length", 120)) != before
    # ... while the vector stage's (what was named before) cannot touch them.
    assert _rule_cols(pipe, Params().with_value("vector.min_length", 100)) == before


# -- a rejected region in the page's top band ---------------------------------------------

HEADER = (("Form 1040NR", "Department of the Treasury", "OMB No. 1545-0074"),
          ("Schedule OI", "Internal Revenue Service", "Attachment 7A"))


def _header_pages(n: int) -> bytes:
    """``n`` pages, each with the same two-line running header set in three aligned runs at
    its top (two aligned lines: fewer than tables.min_aligned_rows) and a ruled table lower."""
    doc = new_document()
    for _ in range(n):
        page = doc.new_page(width=595, height=842)
        for k, line in enumerate(HEADER):
            for x, text in zip((40.0, 230.0, 430.0), line, strict=True):
                page.insert_text((x, 40.0 + 14.0 * k), text, fontsize=9)
        draw_table(page, 90.0, 300.0, ROWS, TableStyle(rules="all", font_size=11.0), col_widths=(120, 100, 100))
    return finish(doc)


def _header_flip(data: bytes, index: int) -> tuple[tuple[str, float] | None, Pipeline]:
    pipe = Pipeline(open_document(data))
    res = pipe.run(index, Params())
    top = [r for r in explain(res, Params(), lambda p: pipe.run(index, p)).rejected if r.bbox.y1 < 70]
    assert top and "tables.min_aligned_rows" in top[0].params, [r.reason for r in top]
    return top[0].flip, pipe


def test_a_header_alone_on_its_page_is_offered_the_value_that_acts() -> None:
    flip, pipe = _header_flip(_header_pages(1), 0)
    assert flip == ("tables.min_aligned_rows", 2)
    assert any(t.bbox.y1 < 70 for t in pipe.run(0, Params().with_value(*flip)).tables)


def test_a_running_header_is_not_offered_a_value_the_furniture_stage_undoes() -> None:
    flip, pipe = _header_flip(_header_pages(3), 1)
    assert flip is None
    # Applied anyway, the header is no table: the furniture stage sets it aside.
    assert not any(t.bbox.y1 < 70 for t in pipe.run(1, Params().with_value("tables.min_aligned_rows", 2)).tables)
