"""A block of label/value pairs broken over pages (an invoice's details box: "Invoice no. |
INV-72071", "Date | 15.03.2025", "Terms | 30 days net"): its last pair alone at the top of the
next page is its tail, its first pair alone at a page's foot (under the block's title) its head,
though the values are of no one kind (codes, dates, words): each label names its own. And a
table's last row at the top of a page, a heading and another table under it: the heading parts
the row from that table, so it is a tail, not that table's row left out. English, Korean,
Chinese and Japanese labels (PyMuPDF's built-in fonts), exact expectations; controls: prose
opening the next page, a heading over the next page's block."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import proposed
from inspector.core.multipage.heads import head_index
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.logical import logical_tables
from inspector.core.multipage.tails import tail_index
from inspector.core.types import PageResult
from tests.core.continued_pdfs import detect

W, H = 595.0, 842.0
LABEL_X, VALUE_X = 60.0, 200.0
PITCH = 17.5  # pt between pairs
SIZE = 10.0
FOOT = 770.0  # the text area's foot
FONTS = {"en": "helv", "ko": "korea", "zh": "china-s", "ja": "japan"}
LABELS = {
    "en": ("Invoice no.", "Date", "Due date", "Customer", "Order ref.", "Project", "Site", "Terms"),
    "ko": ("송장 번호", "발행일", "만기일", "고객 번호", "주문 번호", "사업명", "현장", "결제 조건"),
    "zh": ("发票号码", "开票日期", "到期日", "客户编号", "订单号", "项目", "地点", "付款条件"),
    "ja": ("請求書番号", "発行日", "支払期限", "顧客番号", "注文番号", "案件", "現場", "支払条件"),
}
VALUES = ("INV-72071", "15.03.2025", "07.04.2025", "C538", "PO 9961", "Harbour works", "Dock 4", "30 days net")
PROSE = "The amounts below are due on the terms stated above and are payable to the account named. " * 4


def _page(doc: pymupdf.Document, n: int) -> pymupdf.Page:
    page = doc.new_page(width=W, height=H)
    page.insert_text((LABEL_X, 40), "Northwind Harbour Ltd. - Invoice", fontsize=8)
    page.insert_text((W / 2 - 10, 815), f"- {n} -", fontsize=8)
    return page


def _pairs(page: pymupdf.Page, lang: str, ks: range, y: float) -> float:
    """Pairs ``ks`` from ``y`` down (baseline at ``y`` + ``SIZE``); the y under the last one."""
    for k in ks:
        page.insert_text((LABEL_X, y + SIZE), LABELS[lang][k], fontsize=SIZE, fontname=FONTS[lang])
        page.insert_text((VALUE_X, y + SIZE), VALUES[k], fontsize=SIZE, fontname=FONTS[lang])
        y += PITCH
    return y


def pairs_doc(lang: str, on_first: int, title_over_next: bool = False, prose_first: bool = False) -> bytes:
    """Page 1: prose, the block's title, then its first ``on_first`` pairs down to the foot;
    page 2: the other pairs at the top (under a heading when ``title_over_next``; after a line
    of prose when ``prose_first``), then prose and a heading."""
    doc = pymupdf.open()
    page = _page(doc, 1)
    top = FOOT - on_first * PITCH
    page.insert_textbox(pymupdf.Rect(LABEL_X, 60, W - 60, top - 40), PROSE * 6, fontsize=SIZE)
    page.insert_text((LABEL_X, top - 12), "Invoice details", fontsize=12, fontname="hebo")
    _pairs(page, lang, range(on_first), top)
    page = _page(doc, 2)
    y = 60.0
    if title_over_next:
        page.insert_text((LABEL_X, y + 12), "Delivery details", fontsize=12, fontname="hebo")
        y += 30
    if prose_first:
        page.insert_text((LABEL_X, y + SIZE), "Please quote the invoice number with every payment.", fontsize=SIZE)
        y += PITCH
    y = _pairs(page, lang, range(on_first, len(VALUES)), y)
    page.insert_textbox(pymupdf.Rect(LABEL_X, y + 30, W - 60, y + 130), PROSE, fontsize=SIZE)
    page.insert_text((LABEL_X, y + 160), "2. Items", fontsize=14, fontname="hebo")
    return bytes(doc.tobytes())


def _rows(results: list[PageResult]) -> list[list[str]]:
    linked = link_pages(results)
    long = [t for t in logical_tables(list(linked.results), linked.continuations) if t.n_rows == len(VALUES)]
    return [[" ".join(x.split()) for x in r] for r in long[0].rows_text()] if long else []


def _want(lang: str) -> list[list[str]]:
    return [[label, value] for label, value in zip(LABELS[lang], VALUES, strict=True)]


@pytest.mark.parametrize("lang", list(LABELS))
def test_last_pair_alone_on_the_next_page_is_a_tail(lang: str, tmp_path: Path) -> None:
    raw = detect(pairs_doc(lang, len(VALUES) - 1), tmp_path)
    assert [len(r.tables) for r in raw] == [1, 0]  # detection alone finds no tail
    linked = link_pages(raw)
    assert [tail_index(r) for r in linked.results] == [set(), {0}]
    conts = proposed(linked.continuations)
    assert [(c.prev_page, c.prev_index, c.next_page, c.next_index) for c in conts] == [(1, 0, 2, 0)]
    assert [e.kind for e in conts[0].evidence if e.weight > 0] == ["edge", "edge", "tail", "header"]
    assert _rows(raw) == _want(lang)


@pytest.mark.parametrize("lang", list(LABELS))
def test_first_pair_alone_at_the_foot_is_a_head(lang: str, tmp_path: Path) -> None:
    """The block's title over its first pair stays out of the head."""
    raw = detect(pairs_doc(lang, 1), tmp_path)
    assert [len(r.tables) for r in raw] == [0, 1]
    linked = link_pages(raw)
    assert [head_index(r) for r in linked.results] == [{0}, set()]
    assert linked.results[0].tables[0].header_rows == 0
    conts = proposed(linked.continuations)
    assert [(c.prev_page, c.prev_index, c.next_page, c.next_index) for c in conts] == [(1, 0, 2, 0)]
    head = [e.detail for e in conts[0].evidence if e.kind == "head"]
    assert head == ["a head of 1 row ending page 1, its words inside the next piece's columns, label/value pairs as "
                    "that piece's rows are (too few rows for page detection to find alone)"]
    assert _rows(raw) == _want(lang)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_prose_opening_the_next_page_gets_no_tail(lang: str, tmp_path: Path) -> None:
    """Control: a line of prose before the last pair: nothing at the top of page 2 reads as a
    pair, no tail, no link."""
    raw = detect(pairs_doc(lang, len(VALUES) - 1, prose_first=True), tmp_path)
    linked = link_pages(raw)
    assert list(linked.results) == raw
    assert proposed(linked.continuations) == ()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_heading_over_the_next_block_keeps_the_head_out(lang: str, tmp_path: Path) -> None:
    """Control: page 2's block stands under a heading of its own: the pair at page 1's foot is
    no head of it (the heading parts them), nothing is adopted or linked."""
    raw = detect(pairs_doc(lang, 1, title_over_next=True), tmp_path)
    linked = link_pages(raw)
    assert list(linked.results) == raw
    assert proposed(linked.continuations) == ()


# A heading in CJK type there is taken into the lower table by page detection (its growth up),
# so the headings are English: a numbered heading and a caption.
HEADINGS = {"heading": ("2. Payment schedule", "hebo"), "caption": ("Table 4: Payment schedule", "helv")}


@pytest.mark.parametrize("heading", list(HEADINGS))
def test_heading_parts_the_tail_from_the_table_under_it(heading: str, tmp_path: Path) -> None:
    """Page 1's table ends at its foot; page 2 opens with its last row, then a heading and
    another table (other header words) a row's height under it: the heading parts the row
    from that table, so it is no row that table's detection left out but page 1's tail."""
    from tests.core.test_continued_heads import HEADER, XS, Page, _room, body, build, full
    from tests.core.test_continued_heads import SIZE as BODY

    other: list[tuple[str, ...]] = [("Ref.", "Milestone", "Share", "Due")]
    other += [(f"M{k}", f"Stage {k}", f"{10 * k}%", f"0{k}.2025") for k in range(1, 8)]
    doc = pymupdf.open("pdf", build([Page(full(0, 35), _room(36)), Page(other, 116.0)]))
    page = doc[1]
    for c, text in enumerate(body(35)):  # the last row, as ``build`` sets a row, at the top of the text area
        x = XS[c] + 4 if c == 0 else XS[c + 1] - 4 - pymupdf.get_text_length(text, fontsize=BODY)
        page.insert_text((x, 70.0 + 12.5), text, fontsize=BODY)
    page.insert_text((XS[0], 108.0), HEADINGS[heading][0], fontsize=11, fontname=HEADINGS[heading][1])
    raw = detect(bytes(doc.tobytes()), tmp_path)
    assert [t.bbox.y0 > 100 for t in raw[1].tables] == [True]  # detection finds only the lower table
    linked = link_pages(raw)
    assert tail_index(linked.results[1]) == {1}
    conts = proposed(linked.continuations)
    assert [(c.prev_page, c.prev_index, c.next_page, c.next_index) for c in conts] == [(1, 0, 2, 1)]
    stacked = [t for t in logical_tables(list(linked.results), linked.continuations) if t.n_rows > 30]
    assert [[" ".join(x.split()) for x in r] for r in stacked[0].rows_text()] == [list(r) for r in full(0, 36)]
    assert stacked[0].rows_text()[0] == list(HEADER)
