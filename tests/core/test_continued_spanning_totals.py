"""An invoice's totals carried to the next page alone: a ruled table of four columns ends at
page 1's foot with its "Subtotal" and tax rows (the label cell spanning the first three
columns), and page 2 opens with the "Total" row only, the same spanning cell and amount cell
(as Prawn's prawn-table breaks such a table). The one-row piece's drawn boundaries are the
first piece's: its cells span those columns, so it continues the table (no header of its
own: a header heads rows, and it has none under it). English, Korean, Chinese and Japanese
labels (PyMuPDF's built-in fonts). Controls: a spanning row whose boundary is none of the first
piece's, and a two-column table of more rows than a totals block, are not joined."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import proposed
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.logical import logical_tables
from tests.core.continued_pdfs import detect

W, H = 595.0, 842.0
XS = (54.0, 190.0, 280.0, 393.0, 504.0)  # column boundaries, pt
PITCH = 21.0  # row height, pt
SIZE = 9.0
HEADER = ("Description", "Qty", "Unit price", "Amount")
# (font, subtotal, tax, total) labels
LABELS = {"en": ("helv", "Subtotal", "VAT 20%", "Total"), "ko": ("korea", "소계", "부가세 10%", "합계"),
          "zh": ("china-s", "小计", "增值税 13%", "合计"), "ja": ("japan", "小計", "消費税 10%", "合計")}
N_BODY = 30  # body rows on page 1


def body(k: int) -> tuple[str, ...]:
    return (f"Line item {k + 1}", str(k % 9 + 1), f"{(k * 37) % 900 + 100}.00", f"{(k * 7919) % 90000 + 1000:,}.00")


Row = tuple[Sequence[float], Sequence[str], bool]  # (boundaries, cell texts, bold)


def _draw(page: pymupdf.Page, rows: Sequence[Row], y: float, font: str) -> None:
    """Each row's cells ruled all round at ``y`` down, ``PITCH`` apart; a number flush right."""
    for xs, cells, bold in rows:
        for x0, x1, text in zip(xs[:-1], xs[1:], cells, strict=True):
            page.draw_rect(pymupdf.Rect(x0, y, x1, y + PITCH), width=0.5)
            f = "hebo" if bold and font == "helv" else font
            width = pymupdf.Font(f).text_length(text, fontsize=SIZE)
            right = text[:1].isdigit() or x0 == xs[-2]
            page.insert_text((x1 - 5 - width if right else x0 + 5, y + 14), text, fontsize=SIZE, fontname=f)
        y += PITCH


def invoice(lang: str, carried: Sequence[Row]) -> bytes:
    """Page 1: the header, ``N_BODY`` rows, subtotal and tax rows ending at the text area's
    foot; page 2: the ``carried`` rows at the top, "Amount due" and a paragraph under them."""
    font, sub, tax, _ = LABELS[lang]
    doc = pymupdf.open()
    span = (XS[0], XS[3], XS[4])
    rows: list[Row] = [(XS, HEADER, True), *[(XS, body(k), False) for k in range(N_BODY)],
                       (span, (sub, "66,723.67"), False), (span, (tax, "13,344.73"), False)]
    for n, (spec, top) in enumerate(((rows, 780.0 - len(rows) * PITCH), (carried, 54.0)), 1):
        page = doc.new_page(width=W, height=H)
        _draw(page, spec, top, font)
        page.insert_text((W / 2 - 10, 815), f"- {n} -", fontsize=8)
        if n == 2:
            y = top + len(carried) * PITCH + 30
            page.insert_text((XS[0], y), "Amount due", fontsize=12, fontname="hebo")
            page.insert_textbox(pymupdf.Rect(XS[0], y + 20, XS[-1], y + 120),
                                "Payment is due within thirty days of the invoice date. " * 5, fontsize=SIZE)
    return bytes(doc.tobytes())


def _total(lang: str, xs: Sequence[float] = (XS[0], XS[3], XS[4])) -> list[Row]:
    return [(xs, (LABELS[lang][3], "80,068.40"), True)]


@pytest.mark.parametrize("lang", list(LABELS))
def test_totals_row_carried_alone_continues_the_table(lang: str, tmp_path: Path) -> None:
    raw = detect(invoice(lang, _total(lang)), tmp_path)
    assert [(t.n_rows, t.n_cols, t.source) for t in raw[1].tables[:1]] == [(1, 2, "ruled")]
    linked = link_pages(raw)
    conts = proposed(linked.continuations)
    assert [(c.prev_page, c.prev_index, c.next_page, c.next_index, c.columns, c.column_ends) for c in conts] == \
        [(1, 0, 2, 0, (0, 3), (2, 3))]
    assert [e.detail for e in conts[0].evidence if e.kind == "columns"] == \
        ["4 columns against 2, but every drawn boundary of the continuation's 1 row is one of the first piece's: its "
         "cells span that piece's columns (a totals row carried over)"]
    assert [e.detail for e in conts[0].evidence if e.kind == "header"] == ["no header row at the top: the rows go on"]
    stacked = next(t for t in logical_tables(list(linked.results), linked.continuations) if t.n_rows > N_BODY)
    assert stacked.n_rows == N_BODY + 4 and stacked.row_pages[-1] == 2
    assert [" ".join(x.split()) for x in stacked.rows_text()[-1]] == [LABELS[lang][3], "", "", "80,068.40"]
    # The "Total" cell spans the three label columns, as the subtotal's over it on page 1 does.
    last, sub = (sorted((c.c, c.cs) for c in stacked.cells if c.r == r) for r in (stacked.n_rows - 1, N_BODY + 1))
    assert last == sub == [(0, 3), (3, 1)]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_spanning_row_at_another_boundary_is_not_joined(lang: str, tmp_path: Path) -> None:
    """Control: page 2's row parts its cells at 330 pt, none of the first piece's boundaries."""
    raw = detect(invoice(lang, _total(lang, (XS[0], 330.0, XS[4]))), tmp_path)
    conts = link_pages(raw).continuations
    assert proposed(conts) == ()
    c = next(c for c in conts if (c.prev_page, c.prev_index, c.next_page, c.next_index) == (1, 0, 2, 0))
    assert c.reason == "4 columns against 2"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_longer_two_column_table_at_the_same_boundaries_is_not_joined(lang: str, tmp_path: Path) -> None:
    """Control: page 2 opens with a two-column table of five rows whose boundaries are the
    first piece's: more rows than a totals block carried over, another table."""
    rows: list[Row] = [((XS[0], XS[3], XS[4]), (f"Payment {k + 1}", f"{k + 1},000.00"), False) for k in range(5)]
    raw = detect(invoice(lang, rows), tmp_path)
    assert [(t.n_rows, t.n_cols) for t in raw[1].tables[:1]] == [(5, 2)]
    conts = link_pages(raw).continuations
    assert proposed(conts) == ()
    c = next(c for c in conts if (c.prev_page, c.prev_index, c.next_page, c.next_index) == (1, 0, 2, 0))
    assert c.reason == "4 columns against 2"
