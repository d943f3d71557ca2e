"""Loops written out for speed must give what the plain code gives, float for float:
``Rect.bounding`` (min and max of each side), ``types.text_word_at`` (a word and its box in
one call), ``glyphgaps.gaps_in_glyphs`` (every boundary's glyph gap in one pass) and
``fills._facing_few`` (a few fills' facing sides compared pairwise without numpy); and
``bandlines.carries_on``'s pre-test (no joiner on the line above: no carry), as its reading of the cells."""

from __future__ import annotations

import dataclasses
import pickle
import random

import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.fills import _facing, _facing_few
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_text
from inspector.core.structure.bandlines import carries_on, column_steps, joins
from inspector.core.structure.columns import (
    Line,
    centre_cols,
    col_of,
    line_cols,
    lines_in,
    segments,
)
from inspector.core.structure.glyphgaps import gap_in_glyphs, gaps_in_glyphs
from inspector.core.structure.justified import STRETCHED, _equal_runs, _same, prose_word
from inspector.core.types import Rect, Word, text_word_at

BOXES = [
    [Rect(1.0, 2.0, 3.0, 4.0)],
    [Rect(5.0, 2.0, 9.0, 4.0), Rect(1.0, 3.0, 3.0, 8.0), Rect(2.0, 1.0, 4.0, 2.0)],
    [Rect(0.0, 0.0, 0.0, 0.0), Rect(-0.0, -0.0, -0.0, -0.0)],  # ties: the first one's zero stays
    [Rect(-0.0, 1.0, -0.0, 2.0), Rect(0.0, 1.0, 0.0, 2.0), Rect(-0.0, 0.5, 0.0, 2.5)],
]


@pytest.mark.parametrize("rects", BOXES)
def test_bounding_is_min_and_max_of_each_side(rects: list[Rect]) -> None:
    want = (min(r.x0 for r in rects), min(r.y0 for r in rects), max(r.x1 for r in rects), max(r.y1 for r in rects))
    got = Rect.bounding(rects)
    assert type(got) is Rect and repr(got.as_tuple()) == repr(want)  # repr: -0.0 and 0.0 told apart
    assert Rect.bounding(tuple(rects)) == got


def test_text_word_at_makes_the_word_the_constructor_makes() -> None:
    fast = text_word_at("12.5", 72.0, 100.5, 90.25, 110.0, 9.5, True, 3, 1, 108.0, False, 270)
    slow = Word("12.5", Rect(72.0, 100.5, 90.25, 110.0), 9.5, True, 3, 1, 108.0, turn=270)
    assert type(fast) is Word and type(fast.bbox) is Rect and fast == slow and hash(fast) == hash(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.bbox.x0 = 1.0  # type: ignore[misc]


def _table() -> bytes:
    """Three columns of look-alike cells: a label, a code with a wide space inside it, numbers;
    one word centred right on a later boundary's place and a one-letter spread header."""
    doc = pymupdf.open()
    page = doc.new_page(width=500, height=400)
    page.insert_text((60, 60), "품       목", fontsize=10, fontname="korea")
    page.insert_text((200, 60), "Code", fontsize=10, fontname="helv")
    page.insert_text((330, 60), "Amount", fontsize=10, fontname="helv")
    for k, (label, code, amount) in enumerate([("Rent", "Lot  A-1", "1,200.00"), ("Power", "Lot  B-22", "87.50"),
                                               ("Water supply", "Lot  C-3", "12.00"), ("Tax", "X", "2")]):
        y = 80 + 16 * k
        page.insert_text((60, y), label, fontsize=10, fontname="helv")
        page.insert_text((200, y), code, fontsize=10, fontname="helv")
        page.insert_text((330, y), amount, fontsize=10, fontname="helv")
    return doc.tobytes()


@pytest.mark.parametrize("inner", [[], [150.0], [150.0, 225.0, 300.0], [120.0, 150.0, 150.0, 320.0],
                                   [100.0, 180.0, 215.0, 240.0, 350.0]])
def test_gaps_in_glyphs_is_gap_in_glyphs_at_each_boundary(inner: list[float]) -> None:
    words, _ = extract_text(open_document(_table()).page(0))
    lines = lines_in(words, list(range(len(words))), 0.5)
    segs = segments(words, lines, 1.0)  # one word a segment: every word is met
    xs = [50.0, *inner, 450.0]
    want = [gap_in_glyphs(words, segs, xs[k], xs[k - 1], xs[k + 1]) for k in range(1, len(xs) - 1)]
    assert gaps_in_glyphs(words, segs, xs) == want
    if inner == [150.0, 225.0, 300.0]:
        assert want[0] > 1.5 and want[2] > 1.5  # the column gaps are wide, the code's inner space is not


# Panels in a row and a column with gutters of 0 (touching), 1.5 and 3 pt (over a 2 pt
# gutter), a tie between two neighbours at the same gap, overlaps, and one too narrow to face.
FACING = [
    (10.0, 10.0, 50.0, 20.0), (51.5, 10.0, 90.0, 20.0), (93.0, 10.0, 130.0, 20.0),
    (10.0, 20.0, 50.0, 30.0), (10.0, 31.0, 50.0, 40.0), (49.0, 31.0, 60.0, 40.0),
    (30.0, 41.0, 31.0, 60.0), (-5.5, 22.25, 9.5, 29.75),
]


@pytest.mark.parametrize("side", ["top", "bottom", "left", "right"])
@pytest.mark.parametrize("n", [1, 2, 5, 8])
def test_facing_few_is_facing(side: str, n: int) -> None:
    boxes = FACING[:n]
    want = _facing(np.array(boxes, dtype=float), side, 2.0).tolist()
    got = _facing_few(boxes, side, 2.0)
    assert repr(got) == repr(want)
    assert n < len(FACING) or any(v == v for v in got)  # with all of them some fill faces another (not all NaN)


@pytest.mark.parametrize("xs", [[0.0, 100.0], [0.0, 40.0, 80.0, 120.0], [10.0, 10.0, 50.0], [50.0], []])
def test_centre_cols_is_col_of_each_centre(xs: list[float]) -> None:
    # centres before, on and after every boundary (bisect_right puts a centre on a boundary right of it)
    rng = np.random.default_rng(7)
    edges = [x + d for x in [*xs, -20.0, 200.0] for d in (-1.0, 0.0, 1.0)]
    words = [Word("w", Rect(c - w, c - w, c + w, c + w), 9.0, False, 0, 0, c)
             for c in [*edges, *rng.uniform(-30, 230, 200).tolist()] for w in (0.0, 2.5)]
    ids = list(range(len(words)))[::-1]  # any order: the answers come in the order asked
    if len(xs) < 2:  # no interval: col_of's clamp gives len(xs) - 2, as centre_cols must
        assert centre_cols(words, ids, xs) == [col_of(words[i].bbox.cx, xs) for i in ids] == [len(xs) - 2] * len(ids)
        return
    assert centre_cols(words, ids, xs) == [col_of(words[i].bbox.cx, xs) for i in ids]
    assert centre_cols(words, ids, xs, across=True) == [col_of(words[i].bbox.cy, xs) for i in ids]
    moved = [dataclasses.replace(w, bbox=Rect(w.bbox.x0 + 3.0, w.bbox.y0, w.bbox.x1 + 3.0, w.bbox.y1)) for w in words]
    assert centre_cols(moved, ids, xs, across=True) == centre_cols(words, ids, xs, across=True)  # y alone read
    assert centre_cols(moved, ids, xs) == [col_of(moved[i].bbox.cx, xs) for i in ids]
    assert (centre_cols(moved, ids, xs) != centre_cols(words, ids, xs)) == (len(xs) > 2)  # x read for columns


def test_carries_on_with_the_lines_columns_given_is_carries_on() -> None:
    # "95% confidence" / "interval" beside "0.18 to" / "0.73"; and a line with a column of its own
    xs = [0.0, 100.0, 200.0, 300.0]
    texts = [("95%", 10), ("confidence", 40), ("0.18", 110), ("to", 140), ("interval", 10), ("0.73", 110), ("x", 210)]
    words = [Word(t, Rect(x, 0.0, x + 25.0, 10.0), 9.0, False, 0, 0, 8.0) for t, x in texts]
    prev = lines_in(words, [0, 1, 2, 3], 0.5)[0]
    for ids, want in (([4, 5], True), ([4, 5, 6], False)):
        line = lines_in(words, ids, 0.5)[0]
        given = (line_cols(prev, words, xs), line_cols(line, words, xs))
        assert carries_on(prev, line, words, xs) is want
        assert carries_on(prev, line, words, xs, given) is want
    assert carries_on(prev, line, words, xs, ({0}, {0})) is True  # the columns given are the ones read


def _equal_runs_plain(words: list[Word], ids: list[int]) -> list[tuple[int, ...]]:
    """``justified._equal_runs`` as first written (each gap read from the words again)."""
    def gap(a: int, b: int) -> float:
        return words[b].bbox.x0 - words[a].bbox.x1
    runs: list[tuple[int, ...]] = []
    run: list[int] = [ids[0]]
    for a, b in zip(ids, ids[1:], strict=False):
        g = gap(a, b)
        if g >= STRETCHED * words[a].font_size and (len(run) == 1 or _same(g, gap(run[-2], run[-1]))):
            run.append(b)
            continue
        runs.append(tuple(run))
        run = [a, b] if g >= STRETCHED * words[a].font_size else [b]
    runs.append(tuple(run))
    return [r for r in runs if len(r) > 1 and all(prose_word(words[i].text) for i in r)]


def test_equal_runs_is_the_plain_loop() -> None:
    # lines of prose words and amounts, gaps plain (0.25 em), stretched (0.4-1 em, some equal), wide
    rng = np.random.default_rng(11)
    texts, gaps = ["word", "the", "18", "T3", "and", "1,250", "x"], [2.5, 4.0, 4.1, 4.0, 6.0, 7.9, 30.0, 0.5]
    found = 0
    for _ in range(3000):
        n, x, words = int(rng.integers(1, 9)), float(rng.uniform(0, 50)), []
        for _k in range(n):
            size = float(rng.choice([9.0, 10.0, 12.0]))
            words.append(Word(str(rng.choice(texts)), Rect(x, 0.0, x + 20.0, size), size, False, 0, 0, size))
            x += 20.0 + float(rng.choice(gaps))
        ids = list(range(n))
        assert _equal_runs(words, ids) == _equal_runs_plain(words, ids)
        found += bool(_equal_runs(words, ids))
    assert found > 300  # the lines hold runs, not only lines without any


def _carries_on_plain(prev: Line, line: Line, words: list[Word], xs: list[float]) -> bool:
    """``bandlines.carries_on`` as first written (no joiner pre-test: both lines' cells read)."""
    if not line_cols(line, words, xs) <= line_cols(prev, words, xs):
        return False
    steps = column_steps(prev, line, words, xs)
    return bool(steps) and all(lower or joined for lower, joined in steps) and any(j for _, j in steps)


def test_carries_on_stops_early_only_where_no_column_can_join() -> None:
    """The pre-test (no word of the line above ends in a joiner) gives what reading the cells
    gives, on 3 000 random pairs of lines: joiners in the middle of a cell, at its end, nil dashes."""
    rng = random.Random(11)
    vocab = ["and", "of", "Total", "interval", "inter-", "A,", "-", "--", "12", "(b", "net", "Sales", "&", "x"]
    xs = [0.0, 100.0, 200.0, 300.0]
    stopped = 0
    for _ in range(3000):
        words: list[Word] = []
        for y in (0.0, 14.0):
            for x in sorted(rng.sample(range(0, 290, 12), rng.randint(1, 5))):
                words.append(Word(rng.choice(vocab), Rect(x, y, x + 10.0, y + 10.0), 9.0, False, 0, 0, y + 8.0))
        lines = lines_in(words, list(range(len(words))), 0.5)
        if len(lines) != 2:
            continue
        prev, line = lines
        assert carries_on(prev, line, words, xs) is _carries_on_plain(prev, line, words, xs)
        stopped += not any(joins(words[i].text.lower()) for i in prev.word_ids)
    assert stopped > 300
