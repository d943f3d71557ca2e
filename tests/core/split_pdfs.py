"""Tables typeset over several pages (and the same rows on one page), built with PyMuPDF.

``typeset`` fills A4 pages from y=72 down to ``BOTTOM`` and carries on at the top of the next
page, with or without the header repeated, a page number at the foot of every page, and
optionally a page shown sideways (``/Rotate 90`` with its content upright to the reader).
Column widths are computed once from all rows, so every piece has the same columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pymupdf

from resources.make_samples import (
    A4,
    TableStyle,
    TableTruth,
    _auto_heights,
    _auto_widths,
    draw_table,
    finish,
    new_document,
)

TOP, BOTTOM = 72.0, 770.0
RULED = TableStyle()
HEADER = ("Item", "Region", "Units", "Price")


def item_rows(n: int, header: Sequence[str] = HEADER) -> list[tuple[str, ...]]:
    """A header and ``n`` body rows of distinct text."""
    regions = ("North", "South", "East", "West", "Centre")
    body = [(f"Item {k:03d}", regions[k % 5], str(10 + 7 * k % 90), f"{(k * 37) % 100}.{k % 10}5")
            for k in range(1, n + 1)]
    return [tuple(header), *body]


@dataclass(frozen=True)
class Built:
    """The PDF and each page's drawn piece (``pieces[i].page`` 1-based)."""

    pdf: bytes
    pieces: tuple[TableTruth, ...]


def typeset(rows: Sequence[Sequence[str]], *, repeat_header: bool = True, style: TableStyle = RULED,
            sideways: Sequence[int] = (), page_numbers: bool = True, top: float = TOP,
            marker: str = "", one_page: bool = False, before: Sequence[tuple[float, str]] = (),
            first_top: float | None = None) -> Built:
    """``rows`` (row 0 the header) over as many pages as they need.

    ``sideways``: 1-based pages shown turned (/Rotate 90; landscape to the reader, content
    upright). ``marker``: a line written above each continuation ("Table 1 (continued)").
    ``one_page``: everything on one page tall enough. ``before``: (y, text) lines on page 1.
    ``first_top``: where the table starts on page 1 (default ``top``).
    """
    widths = _auto_widths(rows, style)
    heights = _auto_heights(rows, style)
    src = new_document()
    pieces: list[TableTruth] = []
    body = list(range(1, len(rows)))
    page_no = 0
    while body or page_no == 0:
        page_no += 1
        turned = page_no in sideways
        w, h = (A4[1], A4[0]) if turned else A4
        if one_page:
            h = top + sum(heights) + 100
        page = src.new_page(width=w, height=h)
        for y, text in before if page_no == 1 else ():
            page.insert_text((72, y), text, fontsize=10, fontname="helv")
        y0 = first_top if first_top is not None and page_no == 1 else top
        if marker and page_no > 1:
            page.insert_text((72, y0 + 9), marker, fontsize=9, fontname="helv")
            y0 += 18
        header = page_no == 1 or repeat_header
        y = y0 + (heights[0] if header else 0)
        bottom = h - 72 if not one_page else h
        take = []
        while body and y + heights[body[0]] <= (bottom if turned else min(bottom, BOTTOM)) + 0.01:
            y += heights[body[0]]
            take.append(body.pop(0))
        part = ([rows[0]] if header else []) + [rows[k] for k in take]
        truth = draw_table(page, 72, y0, part, style, col_widths=widths, page_no=page_no,
                           header_rows=1 if header else 0)
        pieces.append(truth)
        if page_numbers and not one_page:
            page.insert_text((w / 2 - 10, h - 30), f"Page {page_no}", fontsize=8, fontname="helv")
    return Built(_turn(src, sideways), tuple(pieces))


def _turn(src: pymupdf.Document, sideways: Sequence[int]) -> bytes:
    """The pages of ``src``; those in ``sideways`` put on portrait pages with /Rotate 90, so
    the reader sees them as drawn while their text runs down the unrotated page."""
    if not sideways:
        return finish(src)
    out = new_document()
    for i, page in enumerate(src):
        if i + 1 in sideways:
            target = out.new_page(width=page.rect.height, height=page.rect.width)
            target.show_pdf_page(target.rect, src, i, rotate=90)
            target.set_rotation(90)
        else:
            out.insert_pdf(src, from_page=i, to_page=i)
    return finish(out)


def page_then_table(first: Sequence[Sequence[str]], second: Sequence[Sequence[str]], *,
                    caption: str = "", style: TableStyle = RULED) -> Built:
    """``first`` filling page 1 to the bottom; page 2 starts with ``caption`` (when given),
    then ``second`` as a table of its own (its own column widths)."""
    built = typeset(first, style=style)
    doc = pymupdf.open("pdf", built.pdf)
    page = doc.new_page(width=A4[0], height=A4[1])
    y0 = TOP
    if caption:
        page.insert_text((72, y0 + 9), caption, fontsize=9, fontname="helv")
        y0 += 24
    truth = draw_table(page, 72, y0, second, style, page_no=doc.page_count)
    page.insert_text((A4[0] / 2 - 10, A4[1] - 30), f"Page {doc.page_count}", fontsize=8, fontname="helv")
    return Built(finish(doc), (*built.pieces, truth))
