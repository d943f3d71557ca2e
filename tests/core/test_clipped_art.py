"""Vector art outside the visible page and under clip paths is no evidence (issue 25, class 3).

InDesign writes a spread's drawing into both of its pages (the facing page's half lies outside
the CropBox) and draws cell strokes long, cut by a clip path to the table's frame; what is not
visible must not extend a table, add columns or fence prose in.
"""

from __future__ import annotations

import pymupdf
import pytest
from producer_pdfs import reportlab_clipped, spread

from inspector.core.pipeline import Pipeline
from inspector.core.reading.clip import clip_items, clip_segment, scissors
from inspector.core.reading.document import open_document
from inspector.core.types import Table

RATES = (("Rate", "Term", "Fee"), ("Fixed", "12 m", "1.5%"), ("Variable", "24 m", "1.1%"), ("Tracker", "36 m", "0.9%"))
CARDS = (("Card", "Limit", "APR", "Fee"), ("Gold", "5,000", "19.9%", "0"), ("Silver", "2,000", "21.9%", "0"),
         ("Basic", "500", "24.9%", "12"))
WIDTHS = (120.0, 90.0, 90.0)


def _only_table(data: bytes) -> Table:
    res = Pipeline(open_document(data)).run(0)
    assert len(res.tables) == 1, [t.rows_text() for t in res.tables]
    return res.tables[0]


@pytest.mark.parametrize("clip_rules", [False, True])
def test_spread_half_outside_the_page_is_no_evidence(clip_rules: bool) -> None:
    table = _only_table(spread(RATES, WIDTHS, CARDS, (110, 90, 90, 80), clip_rules=clip_rules))
    assert table.rows_text() == [list(r) for r in RATES]
    assert 59 <= table.bbox.x0 and table.bbox.x1 <= 361


def test_reportlab_rules_cut_by_a_clip_path() -> None:
    table = _only_table(reportlab_clipped(RATES, WIDTHS))
    assert table.rows_text() == [list(r) for r in RATES]
    assert table.bbox.x1 <= 361
    page = open_document(reportlab_clipped(RATES, WIDTHS)).page(0)
    hidden = page.clipped_art()
    assert len(hidden) == 6  # the shading and five long rules were cut; no vertical rule was
    assert all(a.visible is not None and a.visible.x1 <= 360.6 for a in hidden)
    assert max(d.rect.x1 for d in page.drawings()) <= 360.6


def test_clip_segment_and_items() -> None:
    box = (0.0, 0.0, 100.0, 50.0)
    assert clip_segment(-50, 10, 150, 10, box) == (0, 10, 100, 10)
    assert clip_segment(-50, 60, 150, 60, box) is None
    assert clip_segment(50, -10, 50, 20, box) == (50, 0, 50, 20)
    assert clip_segment(-10, -10, 110, 110, box) == pytest.approx((0, 0, 50, 50), abs=0.02)  # EPS
    items = (("re", 90.0, 40.0, 120.0, 60.0), ("re", 120.0, 0.0, 130.0, 10.0), ("l", 10.0, 0.0, 10.0, 50.0))
    assert clip_items(items, box) == (("re", 90.0, 40.0, 100.0, 50.0), ("l", 10.0, 0.0, 10.0, 50.0))


def test_scissors_nest_by_level() -> None:
    page = (0.0, 0.0, 600.0, 800.0)
    paths = [{"type": "clip", "level": 0, "scissor": (10, 10, 300, 300)}, {"type": "s", "level": 1},
             {"type": "clip", "level": 1, "scissor": (50, 50, 400, 400)}, {"type": "f", "level": 2},
             {"type": "s", "level": 1}, {"type": "s", "level": 0}]
    assert [box for _, box in scissors(paths, page)] == [(10, 10, 300, 300), (50, 50, 300, 300),
                                                         (10, 10, 300, 300), page]


def test_page_lists_what_it_hid() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.draw_line((20, 180), (500, 180))  # runs 200 pt past the right edge
    page.draw_rect((400, 20, 450, 60), color=None, fill=(0, 0, 0))  # wholly outside
    read = open_document(doc.tobytes()).page(0)
    assert [d.rect.x1 for d in read.drawings()] == [pytest.approx(300, abs=0.01)]
    assert [(a.visible is None, a.stroked) for a in read.clipped_art()] == [(False, True), (True, False)]


def test_explain_names_clipped_art_at_the_edge_it_decided() -> None:
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    res = Pipeline(open_document(reportlab_clipped(RATES, WIDTHS))).run(0)
    (why,) = explain_page(res, Params())
    cut = [w for w in why.cols if any(e.kind == "clipped_art" for e in w.evidence)]
    assert [round(w.pos) for w in cut] == [60, 360]  # the table's two sides, where the long rules were cut
    assert all("clipped art" in w.decision for w in cut)
    assert not any(e.kind == "clipped_art" for w in why.cols[1:-1] + why.rows for e in w.evidence)


def test_explain_names_a_rule_hidden_inside_a_table() -> None:
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    xs, ys = (40.0, 140.0, 240.0, 340.0), [50.0 + 20 * r for r in range(5)]
    shape = page.new_shape()
    for y in ys:
        shape.draw_line((xs[0], y), (xs[-1], y))
    for x in (xs[0], xs[2], xs[3]):
        shape.draw_line((x, ys[0]), (x, ys[-1]))
    shape.finish(width=0.5, color=(0, 0, 0))
    shape.commit()
    # The rule at x=140 is drawn under a clip path that shows nothing of it.
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, f"q 0 0 10 10 re W n 0.5 w 140 {300 - ys[0]} m 140 {300 - ys[-1]} l S Q".encode())
    page.set_contents(page.get_contents()[0])
    doc.update_stream(page.get_contents()[0], doc.xref_stream(page.get_contents()[0]) + b"\n" + doc.xref_stream(xref))
    for r, row in enumerate((("Item", "Qty", "Note"), ("Pen", "4", "blue"), ("Ink", "2", "black"), ("Pad", "9", "A5"))):
        for k, text in enumerate(row):
            page.insert_text((xs[0] + 4 + 100 * k if k != 1 else 100, ys[r] + 14), text, fontsize=9)
    res = Pipeline(open_document(doc.tobytes())).run(0)
    (table,) = res.tables
    (why,) = explain_page(res, Params())
    hidden = [w for w in why.dropped if w.evidence[0].kind == "clipped_art"]
    assert [round(w.pos) for w in hidden] == [140] and "hidden" in hidden[0].decision


def test_paths_read_one_at_a_time_as_from_the_list() -> None:
    """The page hands its paths to ``DrawingReader`` one at a time (PyMuPDF's callback), which
    merges a fill with the stroke of the same path as PyMuPDF's list does ("fs")."""
    from inspector.core.reading.drawings import visible_drawings

    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.draw_rect((20, 20, 120, 60), color=(0, 0, 0), fill=(0.8, 0.8, 0.8))  # one path, filled and stroked
    page.draw_line((20, 80), (500, 80))  # cut at the page's edge
    page.draw_rect((150, 20, 250, 60), color=None, fill=(0, 0, 0))
    read = open_document(doc.tobytes()).page(0)
    listed = visible_drawings(read._page.get_cdrawings(extended=True), read.width, read.height)
    assert (read.drawings(), read.clipped_art()) == listed
    both = [d for d in read.drawings() if d.stroke is not None and d.fill is not None]
    assert [d.rect.as_tuple() for d in both] == [pytest.approx((20, 20, 120, 60))]
    assert len(read.drawings()) == 3 and len(read.clipped_art()) == 1
