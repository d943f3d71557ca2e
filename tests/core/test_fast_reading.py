"""The words, drawings and vector rules are made through settable twins of the frozen types
(``types.fast_rect``, ``text_word_at``, ``fast_rule``; a table's cells through ``fast_cell``; a page's
drawings through ``settable_twin(Drawing)``):
what comes out must be the ordinary frozen objects the constructors make, field for field."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pymupdf
import pytest

from inspector.core.evidence.rules_vector import _norm
from inspector.core.reading.document import Drawing, open_document
from inspector.core.reading.words import extract_text
from inspector.core.types import Cell, Rect, Rule, Word, fast_cell, fast_rect, fast_rule, text_word_at, word_in_box

BOX = Rect(72.0, 100.5, 90.25, 110.0)
# every field away from its default: a field ``word_in_box`` did not copy would show
ODD = Word("x1", BOX, 7.0, True, 2, 5, 108.0, 88.0, True, 90, True, True, True, True, True)
MADE = [
    (fast_rect(72.0, 100.5, 90.25, 110.0), BOX),
    (text_word_at("Total", *BOX.as_tuple(), 9.5, True, 3, 1, 108.0, False, 270),
     Word("Total", BOX, 9.5, True, 3, 1, 108.0, watermark=False, turn=270)),
    (text_word_at("DRAFT", *BOX.as_tuple(), 60.0, False, 0, 0, 109.0, True, 0), Word("DRAFT", BOX, 60.0, False, watermark=True, baseline=109.0)),
    (fast_rule("v", 80.0, 100.0, 300.0, 0.5, "vector", 128), Rule("v", 80.0, 100.0, 300.0, 0.5, "vector", 128)),
    (fast_rule("h", 80.0, 100.0, 300.0, 0.1, "vector", 0, 4), Rule("h", 80.0, 100.0, 300.0, 0.1, "vector", 0, 4)),
    (fast_cell(2, 1, 1, 3, "12.5\nnet", BOX, (4, 7), True), Cell(2, 1, 1, 3, "12.5\nnet", BOX, (4, 7), True)),
    (fast_cell(0, 0, 1, 1, "", BOX, (), False), Cell(0, 0, bbox=BOX)),
    (word_in_box(ODD, 95.0, 112.0), dataclasses.replace(ODD, bbox=Rect(72.0, 95.0, 90.25, 112.0))),
]


def test_the_odd_word_sets_every_field_away_from_its_default() -> None:
    assert all(getattr(ODD, f.name) != f.default for f in dataclasses.fields(Word) if f.name != "bbox")


@pytest.mark.parametrize(("fast", "slow"), MADE)
def test_fast_constructors_make_ordinary_frozen_objects(fast: object, slow: object) -> None:
    assert type(fast) is type(slow) and fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert dataclasses.asdict(fast) == dataclasses.asdict(slow)  # type: ignore[call-overload]  # every field set
    for f in dataclasses.fields(fast):  # type: ignore[arg-type]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, f.name, getattr(slow, f.name))
    assert pickle.loads(pickle.dumps(fast)) == slow and copy.deepcopy(fast) == slow
    first = dataclasses.fields(fast)[0].name  # type: ignore[arg-type]
    assert dataclasses.replace(fast, **{first: getattr(slow, first)}) == slow  # type: ignore[type-var]


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    page.insert_text((72, 100), "Plain words here", fontsize=10, fontname="helv")
    page.insert_text((72, 130), "Heavy", fontsize=12, fontname="hebo")
    page.insert_text((72, 160), "Twice", fontsize=10, fontname="helv")
    page.insert_text((72.4, 160.3), "Twice", fontsize=10, fontname="helv")  # a fake bold: drawn again 0.4 pt aside
    page.insert_text((300, 300), "Up", fontsize=10, fontname="helv", rotate=90)
    page.insert_text((60, 380), "DRAFT", fontsize=60, fontname="helv", color=(0.85, 0.85, 0.85))
    page.draw_line((72, 200), (300, 200), width=0.5)
    page.draw_rect(pymupdf.Rect(72, 210, 300, 240), color=None, fill=(0.9, 0.8, 0.7))
    page.draw_rect(pymupdf.Rect(72, 250, 300, 250.6), color=None, fill=(0, 0, 0))
    # a rectangle written with a negative width and height (x, y at its bottom right)
    xref = page.get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + b"\nq 0 0 1 rg 300 100 -40 -20 re f Q\n")
    return doc.tobytes()


def test_words_of_a_built_page_are_frozen_words_with_their_style() -> None:
    words, turn = extract_text(open_document(_page()).page(0))
    assert turn == 0 and all(type(w) is Word for w in words)
    by = {w.text: w for w in words}
    assert [w.text for w in words if w.baseline == pytest.approx(100, abs=0.5)] == ["Plain", "words", "here"]
    assert by["Plain"].font_size == pytest.approx(10) and not by["Plain"].bold
    assert by["Heavy"].bold and by["Heavy"].font_size == pytest.approx(12)
    assert [w.text for w in words].count("Twice") == 1  # drawn twice, read once
    assert by["Up"].turn != 0 and not by["Up"].watermark
    assert by["DRAFT"].watermark and not by["Plain"].watermark
    assert all(w.ocr_confidence == -1.0 and not w.furniture and not w.figure for w in words)
    with pytest.raises(dataclasses.FrozenInstanceError):
        by["Plain"].text = "x"  # type: ignore[misc]


def test_drawings_of_a_built_page_are_frozen_drawings_with_rectangles_in_order() -> None:
    drawings = open_document(_page()).page(0).drawings()
    assert all(type(d) is Drawing for d in drawings)
    line = next(d for d in drawings if d.items[0][0] == "l")
    made = Drawing(items=line.items, stroke=0, fill=None, width=0.5, stroke_opacity=1.0, fill_opacity=1.0,
                   dashed=False, rect=line.rect)
    assert line == made and hash(line) == hash(made) and pickle.loads(pickle.dumps(line)) == made
    assert not hasattr(line, "__dict__")  # slotted: one object a path
    blue = next(d for d in drawings if d.fill_rgb == (0, 0, 255))
    assert blue.items == (("re", 260.0, 300.0, 300.0, 320.0),)  # written reversed, read in order
    assert blue.rect == Rect(260.0, 300.0, 300.0, 320.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        blue.fill = 3  # type: ignore[misc]


@pytest.mark.parametrize("c", [(1.0, 2.0, 3.0, 4.0), (3.0, 4.0, 1.0, 2.0), (0.0, -0.0, -0.0, 0.0), (-0.0, 5.0, 0.0, 5.0)])
def test_norm_is_min_and_max_of_each_axis(c: tuple[float, float, float, float]) -> None:
    want = (min(c[0], c[2]), min(c[1], c[3]), max(c[0], c[2]), max(c[1], c[3]))
    assert repr(_norm(c)) == repr(want)  # repr: -0.0 and 0.0 told apart
