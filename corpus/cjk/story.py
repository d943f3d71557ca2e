"""PyMuPDF's Story (MuPDF's HTML layout) with WenQuanYi Micro Hei: each page one HTML
flow (the running header over its rule, prose, the title or continuation marker, the unit
line, the table's piece), the folio a second flow at the foot; a Korean tender with every
cell ruled, a Chinese statement as a 三线表 (rules by CSS borders on its cells)."""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

import pymupdf

from ..html.build import Laid
from .content import Piece, Sheet, prose

PAGE = pymupdf.paper_rect("a4")
MARGIN = 50.0
DIR = "/usr/share/fonts/truetype/wqy"
CSS = ("@font-face {font-family: wqy; src: url(wqy-microhei.ttc);} "
       "body, p, div, table, td, th {font-family: wqy;} p {margin: 0 0 4pt 0;}")
_archive: pymupdf.Archive | None = None


def _story(html: str) -> pymupdf.Story:
    global _archive
    _archive = _archive or pymupdf.Archive(DIR)
    return pymupdf.Story(html, user_css=CSS, archive=_archive)


def _cell_css(sheet: Sheet, r: int, c: int, rs: int, cs: int, n_rows: int, body_row: int) -> str:
    h = len(sheet.head)
    align = "center" if r < h or (sheet.lang == "ko" and c in (0, 1, 4)) or (sheet.lang == "zh" and c == 1) else \
        "right" if sheet.numeric[c] else "left"
    css = f"text-align:{align};padding:1.5pt 3pt;vertical-align:middle;"
    if sheet.numeric[c] and r >= h:
        css += "white-space:nowrap;"
    if c == 0 and body_row in sheet.indent:
        css += f"padding-left:{3 + sheet.indent[body_row]:g}pt;"
    if sheet.lang == "ko":
        return css + "border:0.4pt solid black;"
    if r == 0:
        css += "border-top:1.2pt solid black;"
    if r < h <= r + rs:
        css += "border-bottom:0.5pt solid black;"
    elif r == 0 and cs > 1:
        css += "border-bottom:0.3pt solid black;"
    if r + rs == n_rows:
        css += "border-bottom:1.2pt solid black;"
    return css


def _html(sheet: Sheet, piece: Piece, tid: str, width: float, size: float) -> tuple[str, Laid]:
    t = sheet.piece(piece, sheet.kind)
    laid = Laid(t, tid)
    h = len(sheet.head)
    share = sum(sheet.widths)
    out = [f'<table style="border-collapse:collapse;font-size:{size:g}pt">']
    for r in range(t.n_rows):
        out.append("<tr>")
        for p in (p for p in t.placed(tid) if p.r == r):
            css = _cell_css(sheet, r, p.c, p.cell.rs, p.cell.cs, t.n_rows, piece.rows[r - h] if r >= h else -1)
            if r < h and p.cell.cs == 1:  # MuPDF takes column widths from the cells, not from <col>
                css += f"width:{width * sheet.widths[p.c] / share - 6:.1f}pt;"
            tag = "th" if r < h else "td"
            out.append(f'<{tag} id="{p.id}" rowspan="{p.cell.rs}" colspan="{p.cell.cs}" style="{css}">'
                       f"{escape(p.cell.text)}</{tag}>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out), laid


def _page(sheet: Sheet, piece: Piece, tid: str, text: str, width: float, size: float, after: str = ""
          ) -> tuple[str, Laid]:
    table, laid = _html(sheet, piece, tid, width, size)
    title = sheet.title if piece.first else sheet.marker(piece)
    html = (f'<div style="font-size:8pt;text-align:right;border-bottom:0.6pt solid black;margin-bottom:10pt">'
            f"{escape(sheet.running)}</div>"
            + (f'<p style="font-size:9pt;line-height:1.45">{escape(text)}</p>' if text else "")
            + f'<p style="font-size:12pt;margin-top:4pt">{escape(title)}</p>'
            f'<p style="font-size:8pt;text-align:right;margin:0 0 2pt 0">{escape(sheet.unit)}</p>' + table
            + (f'<p style="font-size:9pt;margin-top:8pt">{escape(after)}</p>' if after else ""))
    return html, laid


def _fits(html: str) -> bool:
    more, _ = _story(html).place(pymupdf.Rect(MARGIN, 24, PAGE.width - MARGIN, PAGE.height - MARGIN))
    return not more


def _fit(sheet: Sheet, start: int, text: str, width: float, size: float) -> Piece | None:
    """The groups from ``start`` that fit the page; None when fewer than four rows do."""
    rows: list[int] = []
    for g in (g for g in sheet.groups if g[0] >= start):
        if not _fits(_page(sheet, Piece(tuple(rows + g), start == 0), "fit", text, width, size)[0]):
            break
        rows += g
    return Piece(tuple(rows), start == 0) if len(rows) >= min(4, len(sheet.body) - start) else None


def _write(writer: pymupdf.DocumentWriter, html: str, laid: Laid | None, page: int) -> None:
    dev = writer.begin_page(PAGE)
    story = _story(html)
    more, _ = story.place(pymupdf.Rect(MARGIN, 24, PAGE.width - MARGIN, PAGE.height - MARGIN))
    if more:
        raise RuntimeError("a page's flow does not fit its page")
    if laid is not None:
        def record(pos: pymupdf.ElementPosition) -> None:
            if pos.id and pos.id.startswith(laid.tid + "-") and pos.open_close & 1:
                laid.boxes[pos.id] = pymupdf.Rect(pos.rect)
                laid.page = page
        story.element_positions(record)
    story.draw(dev)
    folio = _story(f'<p style="font-size:8pt;text-align:center">- {page + 1} -</p>')
    folio.place(pymupdf.Rect(MARGIN, PAGE.height - 40, PAGE.width - MARGIN, PAGE.height - 20))
    folio.draw(dev)
    writer.end_page()


def build_pdf(pdf: Path, sheets: list[Sheet], rng: random.Random) -> list[list[Laid]]:
    """``pdf``: each table from a new page after prose, continued on the next pages; the
    closing prose under its last piece when it fits there."""
    writer = pymupdf.DocumentWriter(str(pdf))
    out: list[list[Laid]] = []
    page = 0
    full = PAGE.width - 2 * MARGIN
    for k, sheet in enumerate(sheets):
        size = rng.choice((7.0, 7.5)) if sheet.lang == "ko" else rng.choice((7.5, 8.0, 8.5))
        width = full * (0.88 if sheet.lang == "ko" else rng.choice((0.85, 0.9)))  # MuPDF widens columns to their content
        laid: list[Laid] = []
        start, text, after = 0, prose(rng, sheet.lang, rng.randint(40, 70)), prose(rng, sheet.lang, 2)
        while start < len(sheet.body):
            piece = _fit(sheet, start, text, width, size)
            while piece is None:  # the prose shortened until a few rows fit under it
                text = text[:len(text) * 3 // 4]
                piece = _fit(sheet, start, text, width, size)
            last = piece.rows[-1] + 1 == len(sheet.body)
            html, lp = _page(sheet, piece, f"t{k + 1}-{len(laid) + 1}", text, width, size)
            if last and _fits(_page(sheet, piece, "fit", text, width, size, after)[0]):
                html, lp = _page(sheet, piece, f"t{k + 1}-{len(laid) + 1}", text, width, size, after)
            _write(writer, html, lp, page)
            laid.append(lp)
            start, text, page = piece.rows[-1] + 1, "", page + 1
        out.append(laid)
    writer.close()
    return out
