"""Pages that each open with the same heading over a new table of the same columns (a
statement per page, a section repeated): the heading repeats at the same height on every
page, as a running header would, but it stands right over each page's first table. Each
page holds two tables, the second under a heading of its own in mid-page and reaching the
page's foot; the next page's first table does not continue it. Drawn with PyMuPDF (exact
places): a running header and rule over the heading, the page number at the foot.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pymupdf

from tests.core.continued_pdfs import A4, BOTTOM, CJK_FONT, MARGIN, TOP, Case, Text, texts
from tests.core.continued_pdfs import _mu_draw as draw
from tests.core.continued_pdfs import _mu_font as font_name
from tests.core.continued_pdfs import _mu_lines as wrapped

PAGES = 3
FIRST_ROWS = 4  # body rows of each page's first table
SECOND = {"en": "3. Labour and plant", "ko": "3. 노무비 내역", "zh": "三、母公司利润表"}  # over each page's second table


def headed_case(t: Text, style: str = "grid", caption: bool = False) -> Case:
    """``PAGES`` pages, each: the running header and its rule, ``t.heading`` at 13 pt (or
    ``t.caption`` in the body's 9 pt type, ``caption``) right over a table of ``FIRST_ROWS``
    body rows, then ``SECOND`` (13 pt) over a table of the same columns filling the page to
    the foot. Every table has its header row and rows of its own."""
    doc = pymupdf.open()
    size = 9.0
    font = pymupdf.Font("helv") if t.lang == "en" else pymupdf.Font(fontfile=str(CJK_FONT))
    xs = [MARGIN]
    for w in t.widths:
        xs.append(xs[-1] + w)
    heights = [max(len(wrapped(x, w - 6, font, size)) for x, w in zip(r, t.widths, strict=True)) * 11.5 + 6
               for r in (t.header, *t.rows)]
    rows = list(range(1, len(heights)))
    for n in range(PAGES):
        page = doc.new_page(width=A4[0], height=A4[1])
        fname = font_name(page, t.lang)
        page.insert_text((MARGIN, 40), t.running, fontsize=8, fontname=fname)
        page.draw_line((MARGIN, 46), (A4[0] - MARGIN, 46), width=0.5)
        page.insert_text((A4[0] / 2 - 12, A4[1] - 40), t.footer.format(n=n + 1), fontsize=8, fontname=fname)
        y = TOP
        for line, fs, limit in (((t.caption, 9.0) if caption else (t.heading, 13.0)) + (FIRST_ROWS,),
                                (SECOND[t.lang], 13.0, len(rows))):
            page.insert_text((MARGIN, y + fs), line, fontsize=fs, fontname=fname)
            y += fs + 6
            take, room = [0], y + heights[0]
            while rows and len(take) <= limit and room + heights[rows[0]] <= BOTTOM:
                room += heights[rows[0]]
                take.append(rows.pop(0))
            draw(page, fname, font, xs, y, [(t.header, *t.rows)[k] for k in take], [heights[k] for k in take],
                     style, size, header=True)
            y = room + 24
    name = f"headed-{t.lang}-{style}{'-caption' * caption}"
    return Case(name, doc.tobytes(), (), True, ())


def headed_builders(langs: Sequence[str]) -> list[Callable[[], Case]]:
    """Headed pages in each language: ruled and borderless, a heading and a caption."""
    out: list[Callable[[], Case]] = []
    for lang in langs:
        t = texts(90)[lang]
        out += [partial(headed_case, t, "grid"), partial(headed_case, t, "plain"),
                partial(headed_case, t, "rules", True)]
    return out


__all__ = ["headed_case", "headed_builders", "PAGES"]
