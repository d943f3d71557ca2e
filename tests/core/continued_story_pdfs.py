"""Continued tables laid out by PyMuPDF's Story (MuPDF's HTML layout): one HTML table that
the layout breaks over pages by itself (no header repeated: MuPDF sets ``<thead>`` once), the
running header, its rule and the folio added to each page afterwards. ``landscape``: A4
turned; ``story_new_table``: the table fills its last page to the foot and the next page opens with a
heading and another table of the same columns (no continuation)."""

from __future__ import annotations

import io
from html import escape

import pymupdf

from tests.core.continued_pdfs import CJK_FONT, Case, Text, _links

CSS = "body, p, table, td, th, h2 {font-family: %s;}"


def _story(html: str, lang: str) -> pymupdf.Story:
    if lang == "en" or CJK_FONT is None:
        return pymupdf.Story(html, user_css=CSS % "sans-serif")
    css = f"@font-face {{font-family: wqy; src: url({CJK_FONT.name});}} " + CSS % "wqy"
    return pymupdf.Story(html, user_css=css, archive=pymupdf.Archive(str(CJK_FONT.parent)))


def _table(t: Text, rows: tuple[tuple[str, ...], ...], grid: bool) -> str:
    cell = "border:0.5pt solid black;padding:2pt;" if grid else "padding:2pt;"
    head = cell if grid else "padding:2pt;border-top:1pt solid black;border-bottom:0.5pt solid black;"
    out = ["<table style='border-collapse:collapse;font-size:9pt;width:100%'><thead><tr>"]
    out += [f"<th style='{head}'>{escape(h)}</th>" for h in t.header]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td style='{cell}{'text-align:right;white-space:nowrap;' * (c >= 2)}'>{escape(x)}</td>"
                                     for c, x in enumerate(row)) + "</tr>")
    return "".join(out) + "</tbody></table>"


def _lay(t: Text, rows: tuple[tuple[str, ...], ...], grid: bool, landscape: bool, after: str = "") -> bytes:
    html = (f"<h2 style='font-size:13pt'>{escape(t.title)}</h2><p style='font-size:9pt'>{escape(t.prose)}</p>"
            + _table(t, rows, grid) + after)
    story = _story(html, t.lang)
    paper = pymupdf.paper_rect("a4-l" if landscape else "a4")
    out = io.BytesIO()
    writer = pymupdf.DocumentWriter(out)
    more = 1
    while more:
        dev = writer.begin_page(paper)
        more, _ = story.place(paper + (60, 70, -60, -60))
        story.draw(dev)
        writer.end_page()
    writer.close()
    buf = pymupdf.open("pdf", out.getvalue())
    for k, page in enumerate(buf):
        font = "helv"
        if t.lang != "en" and CJK_FONT is not None:
            page.insert_font(fontname="wqy", fontfile=str(CJK_FONT))
            font = "wqy"
        page.insert_text((60, 50), t.running, fontsize=8, fontname=font)
        page.draw_line((60, 56), (paper.width - 60, 56), width=0.6)
        page.insert_text((paper.width / 2 - 15, paper.height - 30), t.footer.format(n=k + 1), fontsize=8, fontname=font)
    return buf.tobytes()


def story_case(t: Text, grid: bool = True, landscape: bool = False) -> Case:
    """``t``'s table laid out by Story over as many pages as it takes."""
    pdf = _lay(t, t.rows, grid, landscape)
    name = f"story-{t.lang}-{'grid' if grid else 'rules'}{'-landscape' * landscape}"
    return Case(name, pdf, _links(pdf, t), False)


def _pages(pdf: bytes) -> int:
    return len(pymupdf.open("pdf", pdf))


def story_new_table(t: Text, grid: bool = True) -> Case:
    """The most of ``t``'s rows that one page holds, then, forced onto the next page, ``t``'s
    heading and another table of the same columns under its own header: no continuation."""
    n = next(k for k in range(len(t.rows), 0, -1) if _pages(_lay(t, t.rows[:k], grid, False)) == 1)
    after = (f"<h2 style='font-size:13pt;page-break-before:always'>{escape(t.heading)}</h2>"
             + _table(t, t.rows[n:n + 12], grid))
    pdf = _lay(t, t.rows[:n], grid, False, after)
    return Case(f"story-{t.lang}-{'grid' if grid else 'rules'}-new-table", pdf, (), False)


__all__ = ["story_case", "story_new_table"]
