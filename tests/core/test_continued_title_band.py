"""A table whose title is drawn inside its frame (a shaded band of one cell over the column
header) and set again over every continuation, the column header not (``headrow.title_rows``):
detection takes the band in as the piece's first row on every page. Ruled, horizontal rules
and borderless; the title plain or with a "continued" marker in English, Chinese, Korean and
Japanese. Control: another table's title band over the next page's rows."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.headrow import title_rows
from tests.core.continued_pdfs import detect, pairs

W, H = 595.0, 842.0
XS = (60.0, 110.0, 300.0, 360.0, 445.0, 535.0)
HEAD = ("No.", "Description", "Qty", "Unit price", "Amount")
THINGS = ("Steel beam", "Concrete mix C30", "Timber formwork", "Rebar D13", "Anchor bolts", "Sealant")
ROW_H, BAND_H = 18.0, 20.0
TOP, FOOT = 80.0, 770.0
PAGES = 3


def _row(k: int) -> tuple[str, ...]:
    price, qty = (k * 37) % 900 + 100, 3 + (k * 7) % 40
    return f"{k:02d}", THINGS[k % 6], str(qty), f"{price:,}.00", f"{price * qty:,}.00"


def build(style: str, title: str, later: str, font: str = "hebo") -> bytes:
    """``PAGES`` pages: a shaded band with ``title`` (``later`` on the later pages) tight over
    the table's rows, the column header under it on page 1 only; ``font`` sets the titles."""
    doc = pymupdf.open()
    k = 1
    for p in range(1, PAGES + 1):
        page = doc.new_page(width=W, height=H)
        page.insert_text((60, 40), "Northwind Construction Ltd. - Tender documents 2025", fontsize=8)
        page.draw_line((60, 46), (535, 46), width=0.5)
        page.insert_text((290, 805), f"{p}", fontsize=8)
        page.draw_rect(pymupdf.Rect(XS[0], TOP, XS[-1], TOP + BAND_H), width=0.8, fill=(0.85, 0.85, 0.85))
        page.insert_text((XS[0] + 4, TOP + 14), title if p == 1 else later, fontsize=10, fontname=font)
        y = TOP + BAND_H
        rows = [HEAD] if p == 1 else []
        n = int((FOOT - y) // ROW_H) - len(rows)
        rows += [_row(k + i) for i in range(n if p < PAGES else 10)]
        k += n
        ys = [y + ROW_H * r for r in range(len(rows) + 1)]
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                page.insert_text((XS[c] + 3, ys[r] + 12.5), text, fontsize=9, fontname="hebo" if p == 1 and r == 0 else "helv")
        if style == "grid":
            for yy in ys:
                page.draw_line((XS[0], yy), (XS[-1], yy), width=0.5)
            for x in XS:
                page.draw_line((x, y), (x, ys[-1]), width=0.5)
        elif style == "rules":
            for yy, w in ((ys[1] if p == 1 else ys[0], 0.5), (ys[-1], 1.0)):
                page.draw_line((XS[0], yy), (XS[-1], yy), width=w)
    return bytes(doc.tobytes())



TITLES = [("Schedule 1. Materials supplied", "Schedule 1. Materials supplied", "hebo"),
          ("Schedule 1. Materials supplied", "Schedule 1. Materials supplied (continued)", "hebo"),
          ("合并利润表", "合并利润表（续）", "china-s"), ("損益計算書", "損益計算書（続き）", "japan")]


@pytest.mark.parametrize("style", ["grid", "rules"])
@pytest.mark.parametrize(("title", "later", "font"), TITLES)
def test_title_band_set_again_over_each_piece_links(style: str, title: str, later: str, font: str,
                                                    tmp_path: Path) -> None:
    """Ruled: the band and the bold column header are page 1's two header rows; page 2 sets
    the band again only, page 3 repeats page 2's (its one header row)."""
    pages = detect(build(style, title, later, font), tmp_path)
    first = pages[0].tables[0]
    assert first.header_rows == 2 and first.rows_text()[0][0] == title  # the band is the piece's first row
    conts = find_continuations(pages)
    assert pairs(conts) == [(1, 2), (2, 3)]
    assert [c.repeated_header for c in proposed(conts)] == [1, 1]
    said = [[(e.weight, e.detail) for e in c.evidence if e.kind == "header"] for c in proposed(conts)]
    assert said == [[(0.15, "repeats the first piece's title row (1 of its 2 header rows, one cell each; the column "
                      "header is not set again)")], [(0.2, "repeats the header (1 row)")]]
    assert title_rows(first, pages[1].tables[0]) == 1


@pytest.mark.parametrize(("title", "later", "font"), [*TITLES, ("입찰 내역서", "입찰 내역서 (계속)", "korea")])
def test_borderless_title_band_is_the_one_header_row(title: str, later: str, font: str, tmp_path: Path) -> None:
    """Borderless (and a Korean title in any style): detection takes the band alone as the
    header row, the bold column header as body; the band set again is the header repeated."""
    pages = detect(build("plain", title, later, font), tmp_path)
    assert pages[0].tables[0].header_rows == 1
    conts = find_continuations(pages)
    assert pairs(conts) == [(1, 2), (2, 3)]
    assert [c.repeated_header for c in proposed(conts)] == [1, 1]


def test_another_tables_title_band_parts_them(tmp_path: Path) -> None:
    """Control: page 2's band names another table; its rows follow page 1's columns."""
    conts = find_continuations(detect(build("grid", "Schedule 1. Materials supplied", "Schedule 2. Labour rates"), tmp_path))
    assert (1, 2) not in pairs(conts)
    first = next(c for c in conts if c.prev_page == 1 and c.next_page == 2)
    assert first.reason == "starts with a header of its own: \"schedule 2. labour rates\""
