"""Drawn lines an opaque rectangle painted after them covers are no evidence: a white box pasted
over a ruled table's last two columns leaves a table of two columns, its hidden rules listed as
clipped art and named by ``explain``. The same box painted before the rules hides nothing, and a
fill that covers only half a rule's stroke leaves the rule."""

from __future__ import annotations

import dataclasses
import random

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading import coveredart
from inspector.core.reading.coveredart import _cuttable, _is_cover, uncovered
from inspector.core.reading.document import open_document
from inspector.core.reading.drawings import Drawing
from inspector.core.types import Rect

XS = (50, 125, 200, 275, 350)
YS = (50, 80, 110, 140, 170)


def _grid(box_after: bool | None, frame: bool = False) -> bytes:
    """A 4 x 4 ruled table (lines 0.8 pt, or an outer frame drawn as one stroked rectangle), with
    a white box over x 200..360 painted after the rules (True), before them (False) or none."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    cover = pymupdf.Rect(200, 40, 360, 180)
    if box_after is False:
        page.draw_rect(cover, color=None, fill=(1, 1, 1))
    if frame:
        page.draw_rect(pymupdf.Rect(XS[0], YS[0], XS[-1], YS[-1]), color=(0, 0, 0), width=0.8)
    inner = (XS[1:-1], YS[1:-1]) if frame else (XS, YS)
    for x in inner[0]:
        page.draw_line((x, YS[0]), (x, YS[-1]), width=0.8)
    for y in inner[1]:
        page.draw_line((XS[0], y), (XS[-1], y), width=0.8)
    for r in range(4):
        for c in range(4):
            page.insert_text((XS[c] + 5, YS[r] + 20), f"v{r}{c}", fontsize=10)
    if box_after:
        page.draw_rect(cover, color=None, fill=(1, 1, 1))
    return doc.tobytes()


def test_rules_under_a_box_painted_after_them_are_no_evidence() -> None:
    res = Pipeline(open_document(_grid(True))).run(0)
    assert [t.rows_text() for t in res.tables] == [[[f"v{r}0", f"v{r}1"] for r in range(4)]]
    assert res.tables[0].bbox.x1 <= 201
    assert not any(r.orient == "v" and r.pos > 201 for r in res.vector_rules)
    # the five row rules cut at the box, the two column rules under it gone
    cut = [a for a in res.clipped_art if a.rect.x1 > 250]
    assert len(cut) == 7
    assert sorted(a.visible is None for a in cut) == [False] * 5 + [True] * 2
    why = explain(res, Params())
    last = max(why.tables[0].cols, key=lambda w: w.pos)
    assert any(e.kind == "clipped_art" and e.value == 5 for e in last.evidence)
    assert "opaque box painted over it" in last.decision


def test_a_frame_drawn_as_one_rectangle_is_cut_to_its_visible_sides() -> None:
    res = Pipeline(open_document(_grid(True, frame=True))).run(0)
    assert [t.rows_text() for t in res.tables] == [[[f"v{r}0", f"v{r}1"] for r in range(4)]]
    assert res.tables[0].bbox.x1 <= 201


def test_the_same_box_painted_before_the_rules_hides_nothing() -> None:
    res = Pipeline(open_document(_grid(False))).run(0)
    assert len(res.tables) == 1 and res.tables[0].n_cols == 4
    assert [a for a in res.clipped_art if a.rect.x1 > 250] == []


def _d(items: tuple[tuple[object, ...], ...], seqno: int, *, fill: int | None = None, width: float = 1.0) -> Drawing:
    xs = [float(v) for it in items for v in (it[1], it[3])]  # type: ignore[arg-type]
    ys = [float(v) for it in items for v in (it[2], it[4])]  # type: ignore[arg-type]
    return Drawing(items, None if fill is not None else 0, fill, width, 1.0, 1.0, False,
                   Rect(min(xs), min(ys), max(xs), max(ys)), seqno=seqno)


def test_a_cover_cuts_only_what_it_spans_across() -> None:
    rule = _d((("l", 0.0, 50.0, 300.0, 50.0),), 1)  # horizontal, 1 pt wide: y 49.5..50.5
    half = _d((("re", 100.0, 50.0, 200.0, 80.0),), 2, fill=200)  # reaches only half the stroke
    kept, hidden = uncovered([rule, half])
    assert kept == [rule, half] and hidden == []
    whole = _d((("re", 100.0, 40.0, 200.0, 80.0),), 2, fill=255)
    kept, hidden = uncovered([rule, whole])
    assert kept[0].items == (("l", 0.0, 50.0, 100.0, 50.0), ("l", 200.0, 50.0, 300.0, 50.0))
    assert kept[1] is whole
    assert len(hidden) == 1 and hidden[0].visible == Rect(0, 50, 300, 50)
    earlier = _d((("re", 100.0, 40.0, 200.0, 80.0),), 0, fill=255)
    assert uncovered([earlier, rule]) == ([earlier, rule], [])


def test_fills_under_covers_stay_whole_and_a_crowd_of_covers_cuts_nothing() -> None:
    """A wide fill under a later one is left to the fills' stage (cut, it would leave a gap: a
    gutter no one sees); a page of a few hundred boxes each over every line is left as it is
    (``MAX_HITS``), not cut hundreds of times a line."""
    shade = _d((("re", 0.0, 0.0, 300.0, 100.0),), 1, fill=200)
    box = _d((("re", 100.0, 0.0, 200.0, 100.0),), 2, fill=255)
    assert uncovered([shade, box]) == ([shade, box], [])
    rules = [_d((("l", 0.0, float(y), 300.0, float(y)),), y) for y in range(1, 201)]
    crowd = [_d((("re", 0.0, 0.0, 300.0, 300.0),), 1000 + k, fill=255) for k in range(300)]
    assert uncovered([*rules, *crowd]) == ([*rules, *crowd], [])
    assert len(uncovered([*rules, *crowd[:2]])[1]) == 200  # two covers: every rule hidden


def _random_page(rng: random.Random, n: int) -> list[Drawing]:
    """``n`` paths in paint order (seqno rising, gaps for text): strokes, fills of one thin or
    wide rectangle (some translucent, some not yet numbered), fills of several rectangles, and
    shared edges (coordinates on a 10 pt grid)."""
    out: list[Drawing] = []
    seq = 0
    for _ in range(n):
        seq += rng.choice((1, 1, 2, 3))
        x0, y0 = rng.randrange(0, 30) * 10.0, rng.randrange(0, 30) * 10.0
        w, h = rng.choice((0.5, 2.0, 3.0, 10.0, 40.0)), rng.choice((0.5, 2.0, 3.0, 10.0, 40.0))
        kind = rng.randrange(5)
        if kind == 0:
            d = _d((("l", x0, y0, x0 + w * 4, y0),), seq, width=rng.choice((0.5, 1.0, 3.0)))
        elif kind == 3:
            d = _d((("re", x0, y0, x0 + w, y0 + h), ("re", x0 + 50, y0, x0 + 50 + w, y0 + h)), seq, fill=0)
        else:
            d = _d((("re", x0, y0, x0 + w, y0 + h),), seq if kind != 4 else -1, fill=rng.choice((0, 255)))
        if rng.random() < 0.1:
            d = dataclasses.replace(d, fill_opacity=0.5)
        out.append(d)
    return out


def test_the_paths_compared_are_those_every_path_compared_would_give() -> None:
    """``uncovered`` compares the covers with the cuttable paths painted before the last cover
    only (the tests inlined): the same covers and the same cuts as every path tested one by
    one with ``_is_cover`` and ``_cuttable``, on random pages of all kinds of paths, the last
    cover anywhere among them (first, last, none)."""
    rng = random.Random(25)
    cut_some = 0
    for _ in range(300):
        page = _random_page(rng, rng.choice((2, 5, 20, 80)))
        covers = [k for k, d in enumerate(page) if _is_cover(d)]
        assert coveredart._covers(page) == covers
        if not covers:
            assert uncovered(page) == (page, [])
            continue
        every = [k for k, d in enumerate(page) if _cuttable(d)]
        lines = coveredart._lines(page, covers)
        assert set(lines) <= set(every)
        want = coveredart._under(page, every, covers) if every else {}
        assert (coveredart._under(page, lines, covers) if lines else {}) == want
        cut_some += bool(want)
    assert cut_some > 50  # the cases cut something, not only nothing
