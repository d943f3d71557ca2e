"""A running total carried over the page break (``multipage.carried``): a ledger or bill of
quantities ends each page with "Carried forward 98,765.00" and opens the next with "Brought
forward 98,765.00", in English, German, French, Chinese, Japanese and Korean, borderless or
ruled, the header not repeated. Such a last row is no closing total; the same amount on both
rows says the table goes on. Controls: a closing total, a heading between."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from inspector.core.multipage.markers import BROUGHT, CARRIED
from tests.core.continued_pdfs import detect, pairs

W, H = 595.0, 842.0
XS = (60.0, 110.0, 300.0, 360.0, 445.0, 535.0)
ROW_H = 18.0
TOP, FOOT = 80.0, 770.0
THINGS = ("Steel beam", "Concrete mix C30", "Timber formwork", "Rebar D13", "Anchor bolts", "Sealant")
PAGES = 3


def _row(k: int) -> tuple[str, ...]:
    price, qty = (k * 37) % 900 + 100, 3 + (k * 7) % 40
    return f"{k:02d}", THINGS[k % 6], str(qty), f"{price:,}.00", f"{price * qty:,}.00"


def _amount(page: int) -> str:
    return f"{98_765 + 1_111 * page:,}.00"


def build(out: str, into: str, font: str = "helv", style: str = "plain", heading: bool = False,
          into_amount: int = 0) -> bytes:
    """A ``PAGES``-page table, the header on page 1 only: each page but the last ends with the
    row ``out`` and its page total, each page but the first opens with ``into`` ("" for none)
    and the total of the page before (``into_amount``: another amount, 1-based page offset;
    0: the same). ``font``: PyMuPDF's font for those labels (its CJK fonts: china-s, japan,
    korea). ``heading``: a 13 pt heading over page 2's piece."""
    doc = pymupdf.open()
    k = 1
    for p in range(1, PAGES + 1):
        page = doc.new_page(width=W, height=H)
        page.insert_text((60, 40), "Northwind Construction Ltd. - Bill of quantities 2025", fontsize=8)
        page.draw_line((60, 46), (535, 46), width=0.5)
        page.insert_text((290, 805), f"{p}", fontsize=8)
        y = TOP
        if p == 1:
            page.insert_text((60, y + 12), "Schedule 1. Materials supplied", fontsize=13, fontname="hebo")
            y += 30
        elif p == 2 and heading:
            page.insert_text((60, y + 12), "2. Labour rates", fontsize=13, fontname="hebo")
            y += 30
        data: list[tuple[tuple[str, ...], str]] = [(("No.", "Description", "Qty", "Unit price", "Amount"), "hebo")] if p == 1 else []
        if p > 1 and into:
            data.append((("", into, "", "", _amount(p - 1 + into_amount)), font))
        n = int((FOOT - y) // ROW_H) - len(data) - (p < PAGES)
        data += [(_row(k + i), "helv") for i in range(n if p < PAGES else 8)]
        k += n
        data.append((("", out, "", "", _amount(p)), font) if p < PAGES else (("", "Total", "", "", "1,234,567.00"), "helv"))
        ys = [y + ROW_H * r for r in range(len(data) + 1)]
        for r, (cells, fname) in enumerate(data):
            for c, text in enumerate(cells):
                page.insert_text((XS[c] + 3, ys[r] + 12.5), text, fontsize=9, fontname=fname if c == 1 else "helv")
        if style == "grid":
            for yy in ys:
                page.draw_line((XS[0], yy), (XS[-1], yy), width=0.5)
            for x in XS:
                page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return bytes(doc.tobytes())



FORMS = [("Carried forward", "Brought forward", "helv"), ("Total carried forward", "Total brought forward", "helv"),
         ("c/f", "b/f", "helv"), ("Übertrag", "Übertrag", "helv"), ("à reporter", "Report de la page précédente", "helv"),
         ("过次页", "承前页", "china-s"), ("次頁へ繰越", "前頁より繰越", "japan"), ("다음 쪽으로 이월", "앞 쪽에서 이월", "korea")]


def test_carried_and_brought_forms() -> None:
    assert [s for s, _, _ in FORMS if not CARRIED.search(s)] == []
    assert [s for _, s, _ in FORMS if not BROUGHT.search(s)] == []
    ordinary = ["Total", "Subtotal", "Carried interest", "Forward contracts", "Report", "Transport", "Gastos de transporte",
                "Balance", "brought up to date", "contents", "이월결손금", "次页"]
    assert [s for s in ordinary if CARRIED.search(s) or BROUGHT.search(s)] == []


@pytest.mark.parametrize("style", ["plain", "grid"])
@pytest.mark.parametrize(("out", "into", "font"), FORMS)
def test_total_carried_and_brought_forward_links(out: str, into: str, font: str, style: str, tmp_path: Path) -> None:
    conts = find_continuations(detect(build(out, into, font, style), tmp_path))
    assert pairs(conts) == [(1, 2), (2, 3)]
    for c in proposed(conts):
        said = [e for e in c.evidence if e.kind == "carried"]
        assert [e.weight for e in said] == [0.3]
        assert f"the same amount {_amount(c.prev_page)}" in said[0].detail
        assert not any(e.kind == "closing" for e in c.evidence)


def test_carried_forward_alone_is_no_closing_total(tmp_path: Path) -> None:
    """Nothing brought in on the next page: the carried row still is no closing total."""
    conts = find_continuations(detect(build("Total carried forward", ""), tmp_path))
    assert pairs(conts) == [(1, 2), (2, 3)]
    for c in proposed(conts):
        assert [(e.kind, e.weight) for e in c.evidence if e.kind in ("carried", "closing")] == [("carried", 0.1)]


def test_other_amounts_brought_in_are_told_apart(tmp_path: Path) -> None:
    """A total brought in that is not the one carried out: each row says its part, no more."""
    conts = find_continuations(detect(build("Carried forward", "Brought forward", into_amount=1), tmp_path))
    assert pairs(conts) == [(1, 2), (2, 3)]
    for c in proposed(conts):
        assert [e.weight for e in c.evidence if e.kind == "carried"] == [0.1, 0.15]


def test_closing_total_at_the_foot_still_weighs_against(tmp_path: Path) -> None:
    """Control: "Total" (nothing carried) under each borderless piece keeps the closing total's
    weight against; the same row carrying the total forward weighs for it instead (the row
    numbers going on link both)."""
    def first(out: str) -> Continuation:
        conts = find_continuations(detect(build(out, ""), tmp_path))
        return next(c for c in conts if c.prev_page == 1 and c.next_page == 2)

    closed, carried = first("Total"), first("Total carried forward")
    assert [(e.kind, e.weight) for e in closed.evidence if e.kind in ("carried", "closing")] == [("closing", -0.2)]
    assert carried.confidence == pytest.approx(closed.confidence + 0.3)


def test_heading_between_outweighs_a_carried_total(tmp_path: Path) -> None:
    conts = find_continuations(detect(build("Carried forward", "Brought forward", heading=True), tmp_path))
    assert (1, 2) not in pairs(conts)
    first = next(c for c in conts if c.prev_page == 1 and c.next_page == 2)
    assert first.reason.startswith("text between the pieces on page 2")
