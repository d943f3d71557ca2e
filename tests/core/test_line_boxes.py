"""A text line's box grown word by word as ``LineFacts.lines`` reads the line (``structure.columns``)
is the box of the old reading: the line's words sorted left to right, then ``Rect.bounding`` of
them. Checked against that reading, written out here, on random words (shared edges, signed
zeros, lines whose words come out of order because their baselines differ a little), and on
the lines of a page built with PyMuPDF."""

from __future__ import annotations

import random

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import LineFacts, WordCentres
from inspector.core.types import Rect, RowBand, Word


def _plain(facts: LineFacts, ids: list[int], tol: float) -> list[RowBand]:
    """The reading before the box was grown as the line is read: group, sort each, bound each."""
    groups: list[list[int]] = []
    means: list[float] = []
    g: list[int] = []
    b = 0.0
    for i in sorted(ids, key=facts.keys.__getitem__):
        bl = facts.base[i]
        if g and abs(bl - b) <= tol * facts.scale[i]:
            g.append(i)
            b += (bl - b) / len(g)
            continue
        if g:
            groups.append(g)
            means.append(b)
        g, b = [i], bl
    if g:
        groups.append(g)
        means.append(b)
    out = []
    for g, b in zip(groups, means, strict=True):
        g.sort(key=facts.x0.__getitem__)
        out.append(RowBand(Rect.bounding([facts.boxes[i] for i in g]), b, tuple(g)))
    out.sort(key=lambda ln: ln.baseline)
    return out


def _random_words(rng: random.Random) -> list[Word]:
    words = []
    for _ in range(rng.randint(1, 40)):
        x0 = rng.choice([rng.uniform(-5, 300), float(rng.randint(0, 20) * 10), 0.0, -0.0])
        x1 = x0 + rng.choice([0.0, rng.uniform(0.5, 50)])
        base = rng.randint(1, 6) * 12.0 + rng.choice([0.0, 0.0, rng.uniform(-2.5, 2.5)])  # off-baseline words too
        top = rng.choice([base - 9.0, base - rng.uniform(4, 14), -0.0 if base < 14 else base - 9.0])
        words.append(Word("w", Rect(x0, top, x1, base + rng.choice([0.0, 2.0, -0.0])), rng.choice([6.0, 9.0, 14.0]),
                          baseline=base))
    return words


def test_the_grown_boxes_are_the_bounded_ones() -> None:
    rng = random.Random(25)
    unordered = 0
    for _ in range(1500):
        words = _random_words(rng)
        facts = LineFacts.of(words)
        ids = rng.sample(range(len(words)), rng.randint(1, len(words)))  # in any order: ties keep it
        tol = rng.choice([0.0, 0.15, 0.3, 0.6])
        got, want = facts.lines(ids, tol), _plain(facts, ids, tol)
        assert repr(got) == repr(want)  # repr: -0.0 and 0.0 are equal, and must come out the same
        assert all(type(ln) is RowBand and type(ln.bbox) is Rect for ln in got)
        unordered += any(list(ln.word_ids) != sorted(ln.word_ids, key=facts.x0.__getitem__) or
                         [facts.keys[i] for i in ln.word_ids] != sorted(facts.keys[i] for i in ln.word_ids)
                         for ln in got)
    assert unordered > 300  # lines read out of order, where the box is bounded again, were met


def test_a_line_read_out_of_order_is_bounded_as_sorted() -> None:
    # The second word sits a point lower and left of the first: read (by baseline) first, last by x.
    words = [Word("b", Rect(50.0, 90.0, 80.0, 100.0), 9.0, baseline=100.0),
             Word("a", Rect(10.0, 89.0, 40.0, 99.0), 9.0, baseline=99.0),
             Word("c", Rect(90.0, 91.0, 95.0, 101.5), 9.0, baseline=100.0)]
    (line,) = LineFacts.of(words).lines([0, 1, 2], 0.3)
    assert line.word_ids == (1, 0, 2)
    assert line.bbox == Rect(10.0, 89.0, 95.0, 101.5)
    assert line.baseline == (99.0 + (100.0 - 99.0) / 2) + (100.0 - 99.5) / 3


def test_a_page_s_lines_are_the_plain_reading_s() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    for k, row in enumerate(["Item  Amount  Share", "Rent  1,200  30 %", "Food  900  22 %", "Other  1,900  48 %"]):
        x = 40.0
        for cell in row.split("  "):
            page.insert_text((x, 60 + 18 * k + (1.5 if cell == "900" else 0.0)), cell, fontsize=10)
            x += 110
    page.insert_text((40, 200), "A note under the table, set in one line of prose.", fontsize=8)
    res = Pipeline(open_document(doc.tobytes())).run(0)
    centres = WordCentres(res.words)
    ids = list(range(len(res.words)))
    facts = LineFacts.of(res.words)
    got = centres.lines(ids, 0.3)
    assert repr(got) == repr(_plain(facts, ids, 0.3))
    assert [len(ln.word_ids) for ln in got] == [3, 4, 4, 4, 11]
    # "900" set 1.5 pt low: read after "22 %" by baseline, second by x; its line is bounded again.
    assert [res.words[i].text for i in got[2].word_ids] == ["Food", "900", "22", "%"]
    assert got[2].bbox.y1 == max(res.words[i].bbox.y1 for i in got[2].word_ids)
