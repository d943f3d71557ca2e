"""A page of Japanese set top to bottom, every character drawn alone (as Distiller wrote a
gazette), its tiers of columns parted by rules: its lines across are no table's rows, and no
table is found there. A horizontal table of one-character cells (marks, a sheet's rows of
1.23 ems) and horizontal Japanese text stay as they were."""

from __future__ import annotations

import dataclasses
import random

import pymupdf

from inspector.core.evidence.verticaltext import _square, vertical_writing
from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, Rect, Word

SIZE = 8.0  # pt: the type; characters stand one em apart down a column
ACROSS = 12.0  # pt: columns' pitch, right to left
TEXT = "道路交通法施行令の一部を改正する政令を公布する。内閣は、道路交通法の規定に基づき、この政令を制定する。"
TIERS = ((70.0, 330.0), (350.0, 610.0))  # pt: each tier's top and bottom; a rule parts them
COLUMNS = 38  # per tier, from x = 530 leftwards


def _params(on: bool = True) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, vertical_writing=on))


def _detect(pdf: bytes, on: bool = True) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, _params(on))


def gazette_page() -> bytes:
    """A horizontal title line, then two tiers of ``COLUMNS`` columns of vertical writing, each
    character drawn alone; rules over, between and under the tiers; each column's text starts
    where the last one stopped, and every seventh column is a paragraph's short last line."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 50), "令和六年四月二十五日　金曜日　官報　第四八一七号", fontsize=10, fontname="japan")
    k = 0
    for top, bottom in TIERS:
        page.draw_line((40, top - 6), (555, top - 6), width=0.7)
        for c in range(COLUMNS):
            x = 530 - c * ACROSS
            rows = 5 if c % 7 == 6 else int((bottom - top) // SIZE)
            for r in range(rows):
                page.insert_text((x, top + (r + 1) * SIZE), TEXT[k % len(TEXT)], fontsize=SIZE, fontname="japan")
                k += 1
    page.draw_line((40, TIERS[-1][1] + 6), (555, TIERS[-1][1] + 6), width=0.7)
    return doc.tobytes()


def marks_table_page(pitch: float = 13.5, size: float = 11.0) -> bytes:
    """A ruled sheet of 12 rows ``pitch`` pt apart in ``size`` pt type: a column of row numbers and
    five columns of one character each (有 or 無), stacked a row apart: most of the page's characters."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [60.0 + 50.0 * c for c in range(7)]
    ys = [80.0 + r * pitch for r in range(13)]
    for r in range(12):
        page.insert_text((xs[0] + 3, ys[r] + pitch - 2.5), str(r + 1), fontsize=size, fontname="helv")
        for c in range(5):
            page.insert_text((xs[c + 1] + 20, ys[r] + pitch - 2.5), "有無"[(r + c) % 2], fontsize=size, fontname="japan")
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


def test_a_page_set_top_to_bottom_makes_no_table() -> None:
    pdf = gazette_page()
    assert _detect(pdf, on=False).tables  # its lines across read as a table's rows
    on = _detect(pdf)
    assert on.tables == ()
    (region,) = [r for r in on.regions if r.param == "tables.vertical_writing"]
    n = sum(1 for w in on.words if w.furniture)
    assert n == 2 * (33 * 32 + 5 * 5)  # per tier: 33 full columns of 32 characters, 5 short ones of 5
    assert region.reason == f"vertical writing: text set top to bottom in columns ({n} characters); its lines " \
                            "across are no table's rows, and it is no table's text"
    assert any(note.startswith(f"text set top to bottom (vertical writing): {n} characters left out") for note in on.notes)
    # the title line across stays words of several characters, in no vertical writing
    assert [w.text for w in on.words if not w.furniture] == ["令和六年四月二十五日\u3000金曜日\u3000官報\u3000第四八一七号"]


def test_explain_names_the_vertical_writing_and_its_switch() -> None:
    res = _detect(gazette_page())
    why = explain(res, _params())
    (region,) = [r for r in why.rejected if "tables.vertical_writing" in r.params]
    assert region.reason.endswith("its lines across are no table's rows, and it is no table's text; 3 drawn "
                                  "rule(s) among it, near no other text, are no table's rules either "
                                  "(tables.vertical_writing = 1)")


def test_one_character_cells_of_a_horizontal_table_are_no_vertical_writing() -> None:
    for pitch, size in ((13.5, 11.0), (12.0, 8.0)):  # rows 1.23 and 1.5 ems apart
        res = _detect(marks_table_page(pitch, size))
        assert vertical_writing(res.words) == frozenset()
        assert [(t.n_rows, t.n_cols) for t in res.tables] == [(12, 6)]
        assert not [r for r in res.regions if r.param == "tables.vertical_writing"]



def test_explain_offers_the_switch_where_detecting_again_with_it_makes_the_table() -> None:
    """The set-aside runs before the tables stage: its lever is checked by detecting the page
    whole again (without the page's detection, the tables stage alone cannot undo it: no lever)."""
    pdf = gazette_page()
    pipe = Pipeline(open_document(pdf))
    res = pipe.run(0, _params())
    (region,) = [r for r in explain(res, _params(), lambda p: pipe.run(0, p)).rejected
                 if "tables.vertical_writing" in r.params]
    assert region.flip == ("tables.vertical_writing", 0)
    (alone,) = [r for r in explain(res, _params()).rejected if "tables.vertical_writing" in r.params]
    assert alone.flip is None


def test_explain_offers_no_switch_where_reading_the_writing_makes_no_table() -> None:
    """Vertical writing in one tier of too few columns reads as no table even with the switch
    off: the switch would not act, so it is not offered."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for c in range(4):
        for r in range(30):
            page.insert_text((530 - c * ACROSS, 70 + (r + 1) * SIZE), TEXT[(c * 30 + r) % len(TEXT)],
                             fontsize=SIZE, fontname="japan")
    pipe = Pipeline(open_document(doc.tobytes()))
    res = pipe.run(0, _params())
    assert pipe.run(0, _params(False)).tables == ()
    (region,) = [r for r in explain(res, _params(), lambda p: pipe.run(0, p)).rejected
                 if "tables.vertical_writing" in r.params]
    assert region.flip is None


def test_the_rules_among_the_writing_are_set_aside_and_the_titles_underline_kept() -> None:
    """The three rules over, between and under the tiers part the writing: set aside with it.
    A rule under the title line runs along other text: kept. Switched off, all four stay."""
    doc = pymupdf.open("pdf", gazette_page())
    doc[0].draw_line((60, 54), (330, 54), width=0.5)  # the title's underline, 2 pt under its text
    pdf = doc.tobytes()
    on = _detect(pdf)
    assert [(r.orient, round(r.pos)) for r in on.rules] == [("h", 54)]
    gone = sorted(round(g.rule.pos) for g in on.rejected if g.reason.startswith("a rule among vertical writing"))
    assert gone == [64, 344, 616]
    assert any(n.endswith("; 3 rule(s) among it, near no other text, left out too") for n in on.notes)
    off = _detect(pdf, on=False)
    assert sorted(round(r.pos) for r in off.rules if r.orient == "h") == [54, 64, 344, 616]


def test_the_quick_tests_drop_no_full_width_character() -> None:
    """``vertical_writing`` asks the whole page's text once whether it is ASCII, and a word's
    length and ASCII before ``_square``: neither drops a word ``_square`` keeps, on words of
    every kind (ASCII, dashes, full-width letters and ideographs, pairs, blank, watermarks,
    squares and narrow boxes)."""
    rng = random.Random(13)
    pool = ("a", "1", "ab", "–", "道", "路", "Ａ", "。", "道路", "", " ", "é", "﹏", "ｱ", "\u3000")
    for _ in range(200):
        words = [Word(rng.choice(pool), Rect(x, 0.0, x + rng.choice((4.0, 8.0, 10.0)), 8.0), SIZE,
                      watermark=rng.random() < 0.1) for x in range(0, 8 * rng.randrange(1, 12), 8)]
        assert "".join(w.text for w in words).isascii() == all(w.text.isascii() for w in words)
        assert [i for i, w in enumerate(words) if _square(w)] == \
            [i for i, w in enumerate(words) if len(w.text) == 1 and not w.text.isascii() and _square(w)]
    kept = [w for w in (Word(t, Rect(0.0, 0.0, 8.0, 8.0), SIZE) for t in pool) if _square(w)]
    assert {w.text for w in kept} == {"道", "路", "Ａ", "。", "﹏", "\u3000"}  # the cases hold squares
