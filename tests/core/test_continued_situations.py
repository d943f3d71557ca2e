"""Continued tables in the situations real reports put them in (``continued_situation_pdfs``):
each link is made, and its evidence names why (what explain and the link panel show): a
footnote under the first piece, a running header that repeats on no other page but is set off
by its rule, odd and even pages with different furniture, ruled columns resized on the next
page, the unit line over the later pieces only, a row too tall to fit at the first page's foot,
the header set again over a piece that detection parted from it. The whole set runs in
``test_continued_producers.test_every_built_case``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.core.multipage.continuation import Continuation
from inspector.core.multipage.markers import FOOTNOTE, NOTE
from inspector.core.multipage.textlines import Line, Margins
from inspector.core.types import Rect
from tests.core.continued_headed_pdfs import PAGES, headed_builders
from tests.core.continued_pdfs import CJK_FONT, Case, texts
from tests.core.continued_situation_pdfs import FOOTNOTE as NOTES
from tests.core.continued_situation_pdfs import SOFFICE, UNIT, Situation, situation_case, writer_case
from tests.core.test_continued_producers import check, detect


def _linked(lang: str, s: Situation, tmp_path: Path, rows: int = 40) -> list[Continuation]:
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    case = situation_case(texts(rows)[lang], s)
    conts = [c for c in check(case, detect(case, tmp_path)) if c.proposed]
    assert conts, case.name
    return conts


def _details(c: Continuation, kind: str) -> list[str]:
    return [e.detail for e in c.evidence if e.kind == kind]


def test_footnote_forms() -> None:
    forms = ("1) 부가가치세 별도", "(2) restated", "a) see note", "¹ at cost", "*) estimate", "注1 本表", "주2) 실측",
             "2024 total", "a total", "(a)bc", "Amount")
    assert [bool(FOOTNOTE.match(s)) for s in forms] == [True] * 7 + [False] * 4


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_footnote_under_the_first_piece_is_a_footnote(lang: str, tmp_path: Path) -> None:
    """"1) Prices exclude VAT" under page 1's piece (small type, a footnote mark): a footnote,
    not text between the pieces; the header repeated says the table goes on."""
    c = _linked(lang, Situation(note=True), tmp_path)[0]
    assert not NOTE.match(NOTES[lang])
    assert [d for d in _details(c, "footnote") if "a footnote under the first piece" in d] and c.repeated_header == 1


@pytest.mark.parametrize("style", ["grid", "rules"])
def test_running_header_on_one_page_only_is_set_off_by_its_rule(style: str, tmp_path: Path) -> None:
    """Page 1 has no running header, so page 2's repeats nowhere; its rule sets it off from the
    table (a rule of its own, not the piece's top border even where detection took it for one)."""
    c = _linked("en", Situation(style, style == "grid", plain_first=True), tmp_path)[0]
    assert any(d.startswith("running header/footer on page 2, set off from the table by a rule")
               for d in _details(c, "margin"))


def test_odd_and_even_furniture_leaves_the_text_area(tmp_path: Path) -> None:
    """Odd and even pages set different running headers and footers (text over a rule): none
    repeats on the next page, yet none is body text: the first piece ends at the text area's
    bottom over page 1's footer rule."""
    conts = _linked("en", Situation(alternate=True, pieces=3), tmp_path, rows=80)
    assert len(conts) == 2
    for c in conts:
        assert _details(c, "edge")[0].startswith("ends at the bottom of the text area")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ruled_columns_resized_on_the_next_page(lang: str, tmp_path: Path) -> None:
    """Page 2's grid moves a boundary by 6 pt (over continuation.col_tol): the words still stand
    in the same columns, so the columns agree, with less weight than rules in place."""
    c = _linked(lang, Situation(jitter=6), tmp_path)[0]
    (columns,) = [e for e in c.evidence if e.kind == "columns"]
    assert columns.detail.startswith("5 ruled columns" if lang == "en" else "4 ruled columns")
    assert "moved by up to 6.0 pt" in columns.detail and columns.weight == 0.25


@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_unit_line_over_the_later_pieces_only(lang: str, tmp_path: Path) -> None:
    """Page 1 states the unit in its title; page 2 sets "(단위: 원)" as a line of its own over
    the continuation: the table's unit line, not text between the pieces."""
    c = _linked(lang, Situation("plain", False, unit_later=True), tmp_path)[0]
    assert _details(c, "title") == [f"the table's unit line set over the continuation on page 2: \"{UNIT[lang]}\""]


@pytest.mark.parametrize("style", ["grid", "plain"])
def test_row_too_tall_for_the_foot_of_the_page(style: str, tmp_path: Path) -> None:
    """Page 1 ends rows short of its foot because the next row (a tall one) does not fit, and
    page 2 is full so the text area's bottom is low: the room is the page break's. Borderless,
    detection leaves the tall row out of page 2's piece: its lines are the row that opens it."""
    s = Situation(style, style == "grid", oneline=True, short=4 if style == "grid" else 3, pieces=3)
    c = _linked("en", s, tmp_path, rows=80)[0]
    ends = _details(c, "edge")[0]
    assert ends.startswith("ends at the bottom of the text area") and "the next page's first row" in ends
    assert float(ends.split(": ")[1].split(" pt")[0]) > 2 * 17.5  # more room than two of its rows


def test_new_table_under_a_heading_at_the_top_stays_apart(tmp_path: Path) -> None:
    """A heading right under the running header's rule, then a table with the same columns:
    the heading is text between (a heading over a rule is no running header)."""
    case = situation_case(texts(40)["en"], Situation(new_mid=True, plain_first=True))
    conts = check(case, detect(case, tmp_path))
    assert len(conts) == 1 and conts[0].reason.startswith("text between the pieces on page 2")


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_writer_table_cut_by_detection_still_takes_its_repeated_header(tmp_path: Path) -> None:
    """A borderless Word table broken by LibreOffice, the header row marked to repeat: page
    detection cuts each page's table into pieces, so page 1's last piece has no header; page
    2's header repeats the one over it on page 1 and is counted as repeated."""
    case = writer_case(texts(60)["en"], True, False, False)
    results = detect(case, tmp_path)
    conts = [c for c in check(case, results) if c.proposed]
    cut = [c for c in conts if c.prev_index > 0]
    if not cut:
        pytest.skip("page detection no longer cuts the table: nothing to repeat from above")
    c = cut[0]
    assert c.repeated_header == 1
    assert _details(c, "header")[0].startswith(f"repeats the header of table 1 above it on page {c.prev_page}")


def test_a_table_row_repeated_at_the_same_place_is_no_running_header() -> None:
    """Every page's piece puts a row at the same height: with its numbers read as "#" it
    repeats, but in mid-page, or in more than three cells, it is a row."""
    row = Line("31 Concrete 20 347.00 6,940.00", Rect(72, 88, 482, 99), False, False,
               ((72, 82), (112, 148), (302, 312), (352, 379), (447, 482)), 9.0)
    again = Line("45 Concrete 27 121.00 3,267.00", Rect(72, 88, 482, 99), False, False,
                 ((72, 82), (112, 140), (302, 312), (352, 379), (447, 482)), 9.0)
    header = Line("Northwind Ltd. 2025", Rect(60, 31, 160, 42), False, False, ((60, 110), (112, 138), (140, 160)), 8.0)
    middle = Line("Total 12", Rect(60, 400, 160, 411), False, False, ((60, 90), (140, 160)), 8.0)
    lines = {1: [row, header, middle], 2: [again, header, middle]}
    margins = Margins(lines, {1: 842.0, 2: 842.0})
    assert [margins.is_margin(1, ln) for ln in (row, header, middle)] == [False, True, False]


@pytest.mark.parametrize("build", headed_builders(("en", "ko", "zh")), ids=lambda b: f"{b.args[0].lang}-{b.args[1]}")
def test_heading_opening_every_page_is_no_running_header(build: Callable[[], Case], tmp_path: Path) -> None:
    """Every page opens with the same heading (or caption) right over a new table of the
    columns of the table ending the page before: repeated at the same height, it reads as a
    running header by repetition alone, but it stands right over the table: no link, and the
    page's table names it as the reason."""
    case = build()
    if "-en-" not in case.name and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    conts = check(case, detect(case, tmp_path))
    pairs = [c for c in conts if c.prev_index == 1 and c.next_index == 0 and c.next_page == c.prev_page + 1]
    assert len(pairs) == PAGES - 1, case.name
    assert all(c.reason.startswith("a heading or caption right over the table") for c in pairs), case.name
