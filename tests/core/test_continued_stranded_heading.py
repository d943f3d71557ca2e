"""A heading left at the foot of a page under a table is the next table's, not a title block set
again (issue #25, documents nobody here made: TCPDF's Korean tender, two bills of quantities
with one title and one head on consecutive pages, the second one's heading left alone under the
first when its table moved on to the next page). ``titling.stranded`` makes such a heading a
veto of the link, and the refused candidate names it (evidence ``heading``). Controls: with
no heading under the first table, or with the heading set again over the second (a title block
repeated with the header rows), or with a "continued" marker, the link stands. Korean, set in
PyMuPDF's built-in Korean font; built with PyMuPDF."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from tests.core.continued_pdfs import detect, pairs

W, H = 595.0, 842.0
XS = (56.0, 160.0, 264.0, 305.0, 370.0, 450.0, 539.0)  # the column edges (pt)
HEAD = ("항목", "규격", "수량", "단가", "금액", "비고")
THINGS = (("소프트웨어 라이선스", "오피스 표준"), ("회의용 의자", "메쉬 등받이"), ("외장 저장장치", "NAS 4베이"),
          ("네트워크 스위치", "48포트"), ("보안 소프트웨어", "백신 1년"), ("노트북 컴퓨터", "i7 16GB"))
TITLE = "입찰 물품 명세"
ROW_H = 20.0  # pt
TOP = 90.0  # the first table's top on page 1 (its heading over it)


def _row(k: int) -> tuple[str, ...]:
    price, qty = (k * 379) % 9000 + 1000, 3 + (k * 7) % 40
    label, spec = THINGS[k % len(THINGS)]
    return label, spec, str(qty), f"{price:,}", f"{price * qty:,}", ""


def _table(page: pymupdf.Page, top: float, rows: list[tuple[str, ...]]) -> float:
    """A ruled grid of ``HEAD`` over ``rows`` from ``top``; returns its bottom (pt)."""
    cells = [HEAD, *rows]
    ys = [top + ROW_H * r for r in range(len(cells) + 1)]
    for y in ys:
        page.draw_line((XS[0], y), (XS[-1], y), width=0.5)
    for x in XS:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            if text:
                page.insert_text((XS[c] + 4, ys[r] + 14), text, fontsize=9, fontname="korea")
    return ys[-1]


def build(foot: str, over_next: str = "") -> bytes:
    """Page 1: ``TITLE`` over a grid that fills the page, ``foot`` (a heading, "" none) under it;
    page 2: ``over_next`` (a heading, "" none) over a grid of the same head and 8 rows."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((XS[0], TOP - 10), TITLE, fontsize=12, fontname="korea")
    n = int((770 - TOP) // ROW_H) - 1
    bottom = _table(page, TOP, [_row(k) for k in range(n)])
    if foot:
        page.insert_text((XS[0], bottom + 30), foot, fontsize=12, fontname="korea")
    page.insert_text((W / 2, 810), "1", fontsize=8)
    page = doc.new_page(width=W, height=H)
    top = 56.0
    if over_next:
        page.insert_text((XS[0], top + 14), over_next, fontsize=12, fontname="korea")
        top += 34.0
    _table(page, top, [_row(k) for k in range(n, n + 8)])
    page.insert_text((W / 2, 810), "2", fontsize=8)
    return doc.tobytes()


def test_a_heading_left_under_the_first_table_refuses_the_link(tmp_path: Path) -> None:
    """The second table's heading stands at the foot of page 1, under the first table, and not
    over the second: two tables; the refused candidate names the heading."""
    pages = detect(build(TITLE), tmp_path)
    assert [len(p.tables) for p in pages] == [1, 1]
    conts = find_continuations(pages)
    assert pairs(conts) == []
    (cand,) = [c for c in conts if (c.prev_page, c.next_page) == (1, 2)]
    vetoes = [e for e in cand.evidence if e.veto]
    assert [e.kind for e in vetoes] == ["heading"]
    assert TITLE in vetoes[0].detail and "not over the continuation" in vetoes[0].detail
    assert cand.reason == vetoes[0].detail


@pytest.mark.parametrize(("foot", "over_next"), [("", ""), (TITLE, TITLE), (f"{TITLE} (계속)", "")],
                         ids=["no heading", "title block repeated", "continued marker"])
def test_the_link_stands_without_a_stranded_heading(tmp_path: Path, foot: str, over_next: str) -> None:
    """Controls: nothing under the first table; the title set under it and again over the
    continuation (a producer's repeated title block); a "continued" marker under it."""
    pages = detect(build(foot, over_next), tmp_path)
    conts = find_continuations(pages)
    assert pairs(conts) == [(1, 2)]
    (link,) = proposed(conts)
    assert not any(e.kind == "heading" for e in link.evidence)
