"""``WordCentres.inside`` keeps each box's words (``structure.columns``): asked again, a box
gives the words the arrays give, in a list of its own, for random words and boxes (boxes
asked twice, equal boxes made anew, 0.0 and -0.0 sides, pads) and a page built with PyMuPDF."""

from __future__ import annotations

import random

import numpy as np
import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import WordCentres
from inspector.core.types import Rect, Word


def _plain(c: WordCentres, box: Rect, pad: float) -> list[int]:
    m = (c.cx >= box.x0 - pad) & (c.cx <= box.x1 + pad) & (c.cy >= box.y0 - pad) & (c.cy <= box.y1 + pad)
    return [int(i) for i in np.flatnonzero(m)]


def test_a_box_asked_again_gives_the_same_words_in_a_new_list() -> None:
    rng = random.Random(5)
    hits = 0
    for _ in range(300):
        words = []
        for _ in range(rng.randint(1, 60)):
            x, y = rng.choice([0.0, -0.0, rng.uniform(-1, 200)]), rng.choice([0.0, -0.0, rng.uniform(-1, 200)])
            words.append(Word("w", Rect(x, y, x + rng.choice([0.0, 2.0, rng.uniform(1, 30)]), y + 8.0), 8.0))
        c = WordCentres(words)
        boxes = []
        for _ in range(12):
            x0, y0 = rng.choice([0.0, -0.0, rng.uniform(-5, 150)]), rng.choice([0.0, -0.0, rng.uniform(-5, 150)])
            boxes.append(Rect(x0, y0, x0 + rng.uniform(0, 80), y0 + rng.uniform(0, 80)))
        for _ in range(40):
            box = rng.choice(boxes)
            if rng.random() < 0.3:  # an equal box made anew, its zeros' signs flipped
                box = Rect(*(-v if v == 0.0 else v for v in box.as_tuple()))
            pad = rng.choice([0.0, 1.0, 2.5])
            hits += (box, pad) in c._inside
            got = c.inside(box, pad)
            assert got == _plain(c, box, pad)
            got.append(-1)  # a caller's change stays the caller's
            assert c.inside(box, pad) == _plain(c, box, pad)
    assert hits > 4000  # most asks were answered from what was kept


def test_a_page_s_boxes_asked_twice() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    for k in range(5):
        page.insert_text((30, 40 + 20 * k), f"Item {k}    {k * 11}    {k * 7}.5", fontsize=10)
    res = Pipeline(open_document(doc.tobytes())).run(0)
    c = WordCentres(res.words)
    top = Rect(0, 0, 300, 75)
    assert [res.words[i].text for i in c.inside(top)] == ["Item", "0", "0", "0.5", "Item", "1", "11", "7.5"]
    assert c.inside(top) == c.inside(Rect(0.0, -0.0, 300.0, 75.0)) == _plain(c, top, 1.0)
    assert c.inside(top, 0.0) == _plain(c, top, 0.0)
