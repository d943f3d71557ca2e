"""``explain`` matches a boundary across runs by the text it splits, not by a 2 pt distance:
a lever under which the stage puts the new boundary elsewhere in the same gap, or moves a
kept one within its own gap, is offered, and really acts when applied as ``--set``."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

A, B, C = 72.0, 192.0, 257.0  # left edges of the three columns' text (Helvetica 10 pt)
TOP, PITCH = 100.0, 16.0
# Two labels run on to x = 175.4 and one to 148.2 (the rest end by 104.2): at 0.1 of the lines
# (1 of 11) the A-B gap is 175.4-192, at 0.2 (2 lines) 148.2-192: its boundary moves 13.6 pt
# left, the same words on each side. Two weights run on to 254.2, 2.8 pt short of
# "Price": at 0.1 the B-C gap is that sliver, too narrow; at 0.2 it is 227.6-257, a column.
LABELS = ("Item", "Part 1 has a long name", "Part 2 has a long name", "Part 3 long name", "Part 4", "Part 5",
          "Part 6", "Part 7", "Part 8", "Part 9", "Part 10")
MIDDLE = ("Weight", "light", "heavy", "light", "approximately", "approximately", "medium", "heavy", "light",
          "bulky", "light")
RIGHT = ("Price", "low", "high", "high", "low", "mid", "low", "high", "low", "mid", "low")


def shifted_gaps() -> bytes:
    """Eleven lines between three horizontal rules; see the module constants."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    bottom = TOP + PITCH * len(LABELS) + 4
    for y in (TOP, TOP + PITCH + 2, bottom):
        page.draw_line((A, y), (330, y), width=0.6)
    for r, row in enumerate(zip(LABELS, MIDDLE, RIGHT, strict=True)):
        for x, text in zip((A, B, C), row, strict=True):
            page.insert_text((x, TOP + 13 + r * PITCH), text, fontname="helv", fontsize=10)
    return doc.tobytes()


def _detect(data: bytes, params: Params):
    return Pipeline(open_document(data)).run(0, params)


def test_a_lever_that_moves_kept_boundaries_within_their_gaps_is_offered_and_acts() -> None:
    data = shifted_gaps()
    res = _detect(data, Params())
    (table,) = res.tables
    assert table.grid.xs[1:-1] == (184.0,)  # "Weight" and "Price" read as one column
    (why,) = explain_page(res, Params())
    (cand,) = [w for w in why.dropped if w.evidence[0].kind == "spanning_lines"]
    assert 240 < cand.pos < 246 and cand.decision.startswith("2 of 11 text lines cross this gap")
    # Under 0.2 the kept boundary stays in its gap, between the labels and the weights: the
    # two long labels crossing it leave its right part clear, and the cut goes in that white
    # (``gapcuts.clear_middle``; it once moved 13.8 pt left, into the labels' run-on, and was
    # matched as the same boundary all the same).
    assert cand.flip == ("columns.spanning_lines", 0.2)
    again = _detect(data, Params().with_value(*cand.flip))
    (split,) = again.tables
    assert split.n_cols == 3 and split.rows_text()[6] == ["Part 6", "medium", "low"]
    assert 175.4 < split.grid.xs[1] < B and abs(split.grid.xs[2] - cand.pos) <= 2.0


def test_the_sliver_beside_the_crossing_lines_is_a_narrow_gap_whose_lever_acts() -> None:
    """The 2.8 pt left of "Price" is a narrow gap of its own (the crossing lines' ends to
    "Price"), listed beside the spanning-lines candidate. At columns.min_gap 2 it is a column
    gap and the kept boundary stays (the thin columns the smaller gap finds in the labels'
    run-on drop the cut more lines cross, ``thincols``), so the lever is offered and splits
    "Weight" from "Price"."""
    res = _detect(shifted_gaps(), Params())
    (why,) = explain_page(res, Params())
    (sliver,) = [w for w in why.dropped if 254 < w.pos < 257]
    assert sliver.decision.startswith("a 2.8 pt gap, narrower than columns.min_gap (3 pt)")
    assert sliver.flip == ("columns.min_gap", 2.0)
    (split,) = _detect(shifted_gaps(), Params().with_value(*sliver.flip)).tables
    assert split.grid.xs[1] == 184.0 and abs(split.grid.xs[2] - sliver.pos) <= 2.0
    assert split.rows_text()[0] == ["Item", "Weight", "Price"]


NAMES = ("Name", "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf")
COUNTS = ("Count", "12", "345", "6", "78", "901", "23", "4")
TIGHT = 3.3  # pt between the widest names ("Charlie", "Foxtrot") and the counts


def tight_counts() -> bytes:
    """Names from x = 72, counts left-aligned ``TIGHT`` pt after the widest name, prices at
    x = 250 (Helvetica 10 pt, 16 pt pitch), between three horizontal rules."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    widest = max(pymupdf.get_text_length(t, "helv", 10) for t in NAMES)
    for y in (100, 118, 104 + 16 * len(NAMES)):
        page.draw_line((72, y), (330, y), width=0.6)
    for r, (name, count) in enumerate(zip(NAMES, COUNTS, strict=True)):
        y = 113 + 16 * r
        page.insert_text((72, y), name, fontname="helv", fontsize=10)
        page.insert_text((72 + widest + TIGHT, y), count, fontname="helv", fontsize=10)
        page.insert_text((250, y), "Price" if r == 0 else f"{r}.50", fontname="helv", fontsize=10)
    return doc.tobytes()


def test_a_gap_the_column_stage_reads_narrower_than_min_gap_says_so_and_offers_its_lever() -> None:
    """3.3 pt between the boxes, 0.3 over columns.min_gap; the column stage rounds the boxes
    out to its 0.5 pt steps and reads under 3 pt. Before: "a column beside it has text on too
    few lines", no lever (it is no thin column)."""
    data = tight_counts()
    res = _detect(data, Params())
    assert res.tables[0].n_cols == 2 and res.tables[0].rows_text()[3][0] == "Charlie 6"
    (why,) = explain_page(res, Params())
    (cand,) = [w for w in why.dropped if w.evidence[0].kind == "text_gap"]
    assert cand.decision.startswith("a 3.3 pt gap, narrower than columns.min_gap (3 pt) as the column stage measures")
    assert cand.flip == ("columns.min_gap", 2.0)
    again = _detect(data, Params().with_value(*cand.flip)).tables[0]
    assert again.n_cols == 3 and abs(again.grid.xs[1] - cand.pos) <= 0.5
    assert again.rows_text()[1] == ["Alpha", "12", "1.50"]  # (the two widest names' rows span it: detection's call)


XS = (72.0, 160.0, 250.0, 340.0, 430.0)  # the four columns' rules
BAND = 40.0  # pt: every band's height, from y = TOP
FIRST = (("Region", "Sales", "Costs", "Open"), ("North", "12", "7.5", "yes"), ("South", "30", "4.0", "no"),
         ("East", "8", "2.5", "yes"), ("West", "17", "9.0", "no"))
SECOND = ("", "(units)", "(EUR)", "")  # a second line in the middle two columns, in 6 pt under 16 pt


def big_over_small() -> bytes:
    """A ruled table of four columns and five bands; each band's first line in 16 pt
    (baseline TOP + 19 + BAND*r), its second, in two cells, in 6 pt 12 pt below: the midpoint
    of the two lines' centres lies 3.5 pt above where the row stage splits them."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r in range(len(FIRST) + 1):
        page.draw_line((XS[0], TOP + r * BAND), (XS[-1], TOP + r * BAND), width=0.6)
    for x in XS:
        page.draw_line((x, TOP), (x, TOP + len(FIRST) * BAND), width=0.6)
    for r, row in enumerate(FIRST):
        base = TOP + 19 + r * BAND
        for k, (x, text) in enumerate(zip(XS, row, strict=False)):
            page.insert_text((x + 4, base), text, fontname="helv", fontsize=16)
            if SECOND[k]:
                page.insert_text((x + 4, base + 12), SECOND[k], fontname="helv", fontsize=6)
    return doc.tobytes()


def test_a_row_lever_whose_boundary_lands_off_the_line_midpoint_is_offered_and_acts() -> None:
    data = big_over_small()
    res = _detect(data, Params())
    assert res.tables[0].n_rows == 5
    (why,) = explain_page(res, Params())
    body = sorted((w for w in why.dropped if w.axis == "row"), key=lambda w: w.pos)[1:]  # the header stays whole
    assert len(body) == 4 and {w.flip for w in body} == {("tables.row_band_lines", 1)}
    again = _detect(data, Params().with_value("tables.row_band_lines", 1)).tables[0]
    assert again.n_rows == 9
    for w in body:  # a boundary between the same two lines, more than 2 pt from the midpoint
        y = min(again.grid.ys, key=lambda y: abs(y - w.pos))
        assert 2.0 < abs(y - w.pos) < 6.0
