"""The repeated-header cut's shortcuts (``structure.repeats``) give what the plain reading gives:
a side's width known from the gutter and the block's edges, before its words are gathered
(``_edges``, none for a block with an inverted box, where the shortcut would be wrong), and
the page's line facts (``WordCentres``) standing for ``lines_in`` of each subset: the same
cut, with and without them, on pages built with PyMuPDF."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import WordCentres
from inspector.core.structure.repeats import _edges, _gutters, _widths, repeated_cut, untitled
from inspector.core.types import Rect, Word
from tests.core.test_repeated_headers import beside, two_by_two


def _word(x0: float, x1: float, y: float) -> Word:
    return Word("w", Rect(x0, y - 9.0, x1, y), 9.0, baseline=y)


def test_the_sides_widths_from_the_edges_are_the_gathered_ones() -> None:
    rng = random.Random(7)
    gutters = 0
    for _ in range(400):
        words = []
        for _ in range(rng.randint(2, 25)):
            x0 = rng.choice([rng.uniform(0, 400), float(rng.randint(0, 40) * 10)])  # shared edges too
            words.append(_word(x0, x0 + rng.choice([0.0, rng.uniform(1, 60)]), float(rng.randint(1, 9) * 12)))
        ids = list(range(len(words)))
        edges = _edges(words, ids)
        assert edges is not None
        for g0, g1 in _gutters(words, ids):
            gutters += 1
            assert (g0 - edges[0], edges[1] - g1) == _widths(words, ids, g0, g1)
    assert gutters > 400


def test_an_inverted_box_turns_the_shortcut_off() -> None:
    # Sorted by x0 the inverted word comes last, past a gutter, yet ends left of it.
    words = [_word(0.0, 10.0, 20.0), _word(30.0, 40.0, 20.0), _word(50.0, 20.0, 20.0)]
    ids = [0, 1, 2]
    assert (40.0, 50.0) in _gutters(words, ids)
    assert _widths(words, ids, 40.0, 50.0) == (40.0, -30.0)  # what the shortcut would not give (-10)
    assert _edges(words, ids) is None


@pytest.mark.parametrize("pdf", [beside, two_by_two])
def test_the_page_line_facts_give_the_same_cut(pdf: Callable[[], bytes]) -> None:
    res = Pipeline(open_document(pdf())).run(0)
    words = res.words
    # The block: the whole page's text (its two or four tables).
    box = Rect.bounding([w.bbox for w in words])
    centres = WordCentres(words)
    ids = centres.inside(box)
    plain = repeated_cut(box, words, ids, res.rules, 0.3)
    assert plain is not None
    assert repeated_cut(box, words, ids, res.rules, 0.3, WordCentres(words)) == plain
    assert untitled(plain, words, ids, 0.3, centres) == untitled(plain, words, ids, 0.3)
