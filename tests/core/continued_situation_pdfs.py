"""Continued tables in the situations real reports put them in, drawn by reportlab (platypus
``Table`` pieces, one a page, or a ``LongTable`` broken by reportlab itself): the first piece
ending short of the page's foot (the next row is too tall to fit), a note or footnote under
it, the unit line right-aligned over every piece ("(단위: 원)"), a "(계속)" / "(续)" row under
the repeated header, a first page without the running header, landscape pages, a smaller
table above the continued one, three pieces, column widths a little different on later
pages, a column added or merged on the next page; as negatives, the next page's table under
a heading in mid-page and a table closed by a note with a new one opening the next page.

``situation_case`` and ``writer_case`` return a ``continued_pdfs.Case`` whose ``at`` lists the
expected links by (page, table index), -1 the last table of its page.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pymupdf

from tests.core.continued_pdfs import A4, BOTTOM, MARGIN, TOP, Case, Text, _rl_font, texts

# Per language: a footnote under a piece, the unit line, the "continued" row, the first page's
# title, a heading over a new table, a small table's rows (set above the continued one).
FOOTNOTE = {"en": "1) Prices exclude VAT; quantities as measured on site.", "ko": "1) 부가가치세 별도, 수량은 현장 실측 기준임.",
            "zh": "注1：本表金额均为合并口径数据。"}
UNIT = {"en": "(Unit: USD)", "ko": "(단위: 원)", "zh": "（单位：元）"}
CONT_ROW = {"en": "(continued)", "ko": "(계속)", "zh": "（续）"}
HEADING = {"en": "3. Labour and plant", "ko": "3. 노무비 내역", "zh": "三、母公司利润表"}
SMALL = {"en": (("Contract", "N-2025-117"), ("Bidder", "Northwind Construction Ltd."), ("Date", "12 March 2025")),
         "ko": (("공고번호", "제2025-117호"), ("입찰자", "한국건설 주식회사"), ("개찰일", "2025. 3. 12.")),
         "zh": (("公司名称", "华东实业股份有限公司"), ("股票代码", "600123"), ("报告期", "2024 年度"))}


@dataclass(frozen=True)
class Situation:
    """What a case sets. ``style``: grid, rules, plain or band (a
    dark header band with white type over banded rows); ``short``: page 1's piece ends this
    many rows before the page is full, the next row too tall to fit there;
    ``note``: a footnote under every piece but the last; ``unit``: the unit line
    right-aligned over every piece; ``cont_row``: a "(continued)" row under each later
    piece's header; ``plain_first``: page 1 has no running header (a title page's top);
    ``before``: a small table and a heading over the continued one on page 1; ``jitter``:
    later pieces' column boundaries moved by this much (pt); ``columns``: "merge" (later
    pieces merge the last two columns' header) or "drop" (later pieces lose the second column:
    empty there); ``new_mid``: a heading and another table of the same columns start page 2
    after the first piece ends (no continuation; with ``plain_first`` the heading opens page 2,
    right under the running header's rule); ``auto``: a LongTable broken by reportlab;
    ``unit_later``: the unit stated in page 1's title, set as a line of its own (right-aligned)
    over the later pieces only; ``oneline``: every row one line tall (short labels);
    ``alternate``: odd and even pages set different running headers (the title left, the
    section right) and footers (a line of text over a rule, the page number), so no line
    repeats on the next page; ``low_later``: the later pages' body starts 30 pt lower than page
    1's (with ``plain_first``: a first page set higher than the others)."""

    style: str = "grid"
    repeat: bool = True
    pieces: int = 2
    short: int = 0
    note: bool = False
    unit: bool = False
    cont_row: bool = False
    plain_first: bool = False
    landscape: bool = False
    before: bool = False
    jitter: float = 0.0
    columns: str = ""
    new_mid: bool = False
    auto: bool = False
    unit_later: bool = False
    oneline: bool = False
    alternate: bool = False
    low_later: bool = False

    def name(self, lang: str) -> str:
        parts = [f"situation-{lang}-{self.style}-{'repeat' if self.repeat else 'norepeat'}"]
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name not in ("style", "repeat") and v != f.default:
                parts.append(f.name if v is True else f"{f.name}{v}")
        return "-".join(parts)


def _pagesize(s: Situation) -> tuple[float, float]:
    return (A4[1], A4[0]) if s.landscape else A4


def _widths(t: Text, s: Situation, later: bool) -> list[float]:
    w = list(t.widths)
    if later and s.jitter:
        # Boundaries moved: the text column wider, the next narrower (the total kept).
        k = w.index(max(w))
        w[k] += s.jitter
        w[k + 1] -= s.jitter
    if s.landscape:
        w = [x * 1.4 for x in w]
    return w


def _rows(t: Text, s: Situation, rows: Sequence[Sequence[str]], later: bool) -> tuple[list[list[str]], list[float]]:
    """The piece's rows (header first when set) and its column widths."""
    head = [list(t.header)] if (not later or s.repeat) else []
    out = head + ([[CONT_ROW[t.lang]] + [""] * (len(t.header) - 1)] if later and s.cont_row else [])
    out += [list(r) for r in rows]
    widths = _widths(t, s, later)
    if later and s.columns == "merge":  # the last two columns' header as one cell (the body still two)
        out = [r[:-2] + [r[-2] + " " + r[-1], ""] if k < len(head) else r for k, r in enumerate(out)]
    if later and s.columns == "drop":  # the second column left out on later pages, its width to the first
        out = [r[:1] + r[2:] for r in out]
        widths = [widths[0] + widths[1], *widths[2:]]
    return out, widths


def _story(t: Text, s: Situation, chunks: Sequence[Sequence[Sequence[str]]]) -> list:  # type: ignore[type-arg]
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import LongTable, PageBreak, Paragraph, Spacer, TableStyle
    from reportlab.platypus import Table as RLTable

    font = _rl_font(t.lang)
    cell = ParagraphStyle("cell", fontName=font, fontSize=9, leading=11.5)
    small = ParagraphStyle("small", fontName=font, fontSize=7.5, leading=9)
    para = ParagraphStyle("para", fontName=font, fontSize=10, leading=13)
    unit = ParagraphStyle("unit", fontName=font, fontSize=8, leading=10, alignment=2)
    title = ParagraphStyle("title", fontName=font, fontSize=12, leading=15)

    white = ParagraphStyle("white", parent=cell, textColor=colors.white)

    def table(rows: list[list[str]], widths: list[float], long: bool = False, head: int = 1) -> RLTable:
        cls = LongTable if long else RLTable
        data = [[Paragraph(x, white if s.style == "band" and k < head else cell) for x in r] for k, r in enumerate(rows)]
        tab = cls(data, colWidths=widths, hAlign="LEFT", repeatRows=1 if long and s.repeat else 0)
        cmds: list = [("VALIGN", (0, 0), (-1, -1), "TOP")]  # type: ignore[type-arg]
        if s.style == "band":  # a table style: a dark header band, white type, banded body rows, no rule
            cmds += [("ROWBACKGROUNDS", (0, head), (-1, -1), [colors.white, colors.Color(0.9, 0.93, 0.97)])]
            cmds += [("BACKGROUND", (0, 0), (-1, head - 1), colors.Color(0.15, 0.25, 0.45))] if head else []
        elif s.style == "grid":
            cmds.append(("GRID", (0, 0), (-1, -1), 0.5, colors.black))
        elif s.style == "rules":
            cmds += [("LINEABOVE", (0, 0), (-1, 0), 1.0, colors.black), ("LINEBELOW", (0, -1), (-1, -1), 1.0, colors.black),
                     ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black)]
        tab.setStyle(TableStyle(cmds))
        return tab

    width = sum(_widths(t, s, False))
    story: list = [Paragraph(t.title if s.plain_first else t.prose, title if s.plain_first else para), Spacer(1, 20)]  # type: ignore[type-arg]
    if s.before:
        story += [table([list(r) for r in SMALL[t.lang]], [width * 0.3, width * 0.7]), Spacer(1, 16),
                  Paragraph(t.heading, title), Spacer(1, 6)]
    story += [Paragraph(t.title + (" " + UNIT[t.lang]) * s.unit_later, title), Spacer(1, 4)]
    if s.auto:
        story += [Paragraph(UNIT[t.lang], unit)] * s.unit
        rows, widths = _rows(t, s, chunks[0], False)
        return [*story, table(rows, widths, long=True), Spacer(1, 12), Paragraph(t.prose, para)]
    for n, chunk in enumerate(chunks):
        later = n > 0
        if later:
            story.append(PageBreak())
            if s.low_later:  # the later pages' body starts lower than page 1's title (its own top margin)
                story.append(Spacer(1, 30))
            if s.new_mid:
                story += [Paragraph(t.prose, para), Spacer(1, 16)] * (not s.plain_first)
                story += [Paragraph(HEADING[t.lang], title), Spacer(1, 6)]
        if s.unit or (later and s.unit_later):
            story += [Paragraph(UNIT[t.lang], unit), Spacer(1, 2)]
        rows, widths = _rows(t, s, chunk, later)
        story.append(table(rows, widths, head=int(not later or s.repeat)))
        if s.note and n < len(chunks) - 1:
            story += [Spacer(1, 3), Paragraph(FOOTNOTE[t.lang], small)]
    return [*story, Spacer(1, 12), Paragraph(t.prose, para)]


def _build(t: Text, s: Situation, chunks: Sequence[Sequence[Sequence[str]]]) -> bytes:
    from reportlab.platypus import SimpleDocTemplate

    font = _rl_font(t.lang)
    w, h = _pagesize(s)

    def furniture(canvas, doc) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(font, 8)
        even = s.alternate and doc.page % 2 == 0
        canvas.setLineWidth(0.5)
        if doc.page > 1 or not s.plain_first:
            if even:
                canvas.drawRightString(w - MARGIN, h - 40, t.heading)
            else:
                canvas.drawString(MARGIN, h - 40, t.running)
            canvas.line(MARGIN, h - 46, w - MARGIN, h - 46)
        if s.alternate:  # a rule over the footer: the title on odd pages, the date on even ones
            canvas.line(MARGIN, 52, w - MARGIN, 52)
            canvas.drawString(MARGIN, 40, t.caption if even else t.title)
            canvas.drawRightString(w - MARGIN, 40, t.footer.format(n=doc.page))
        else:
            canvas.drawCentredString(w / 2, 40, t.footer.format(n=doc.page))
        canvas.restoreState()

    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=(w, h), leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=50 if s.plain_first else TOP, bottomMargin=A4[1] - BOTTOM)
    doc.build(_story(t, s, chunks), onFirstPage=furniture, onLaterPages=furniture)
    return out.getvalue()


def _pages(pdf: bytes) -> int:
    return int(pymupdf.open("pdf", pdf).page_count)


def _fill(t: Text, s: Situation, done: list[list[list[str]]], rest: list[list[str]]) -> int:
    """The most rows of ``rest`` that fit on the page after ``done``'s pages."""
    lo, hi = 1, len(rest)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _pages(_build(t, s, [*done, rest[:mid]])) == len(done) + 1:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _tall(t: Text, row: Sequence[str], short: int) -> list[str]:
    """``row`` with its text column ``3 * short + 3`` lines tall: taller than the room that
    ``short`` rows leave at a page's foot, so it cannot fit there (as a producer breaks)."""
    k = t.widths.index(max(t.widths))
    r = list(row)
    r[k] = "<br/>".join([row[k]] * (3 * short + 3))
    return r


def situation_case(t: Text, s: Situation) -> Case:
    """The table broken over ``s.pieces`` pages as ``s`` says (page 1 ``s.short`` rows short
    of full), or by reportlab (``s.auto``)."""
    k = t.widths.index(max(t.widths))
    body = [list(r) for r in t.rows]
    if s.oneline:  # the text column's labels cut to fit one line
        body = [r[:k] + [r[k].split()[0] if t.lang == "en" else r[k][:6]] + r[k + 1:] for r in body]
    if s.auto:
        if s.short:
            fit = _fill(t, dataclasses.replace(s, auto=False), [], body)
            body[fit - s.short] = _tall(t, body[fit - s.short], s.short)
        pdf = _build(t, s, [body])
        n = _pages(pdf)
        first = next(i + 1 for i, p in enumerate(pymupdf.open("pdf", pdf)) if p.search_for(t.rows[0][-1]))
        links = tuple((p, p + 1) for p in range(first, n))
        return Case(s.name(t.lang), pdf, links, s.repeat, _at(links))
    chunks: list[list[list[str]]] = []
    rest = body
    while rest and len(chunks) < s.pieces:
        fit = _fill(t, s, chunks, rest)
        if not chunks and s.short:
            fit -= s.short
            rest = rest[:fit] + [_tall(t, rest[fit], s.short)] + rest[fit + 1:]
        if s.new_mid and chunks:
            fit = min(fit, 6)
        chunks.append(rest[:fit])
        rest = rest[fit:]
    pdf = _build(t, s, chunks)
    assert _pages(pdf) == len(chunks), "each piece on a page of its own"
    if s.new_mid:
        return Case(s.name(t.lang), pdf, (), s.repeat, ())
    links = tuple((p, p + 1) for p in range(1, len(chunks)))
    return Case(s.name(t.lang), pdf, links, s.repeat, _at(links))


def _at(links: Sequence[tuple[int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """Each link from the last table of its page (-1: a table may stand over the first piece,
    and detection may cut a borderless one in two) to the first of the next."""
    return tuple((p, -1, q, 0) for p, q in links)





# --- LibreOffice Writer (a .docx from python-docx, converted by soffice) --------------------


def _soffice() -> str | None:
    import shutil

    return shutil.which("soffice") or shutil.which("libreoffice")


SOFFICE = _soffice()


def writer_case(t: Text, repeat: bool = True, split_rows: bool = True, grid: bool = True) -> Case:
    """A Word document's table (python-docx: "Table Grid" or no borders), broken over pages by
    LibreOffice Writer: the header row marked to repeat (``w:tblHeader``) or not, rows allowed
    to break across pages or not (``w:cantSplit``), a running header in the page header."""
    import subprocess
    import tempfile
    from pathlib import Path

    import docx
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import Pt

    from tests.core.continued_pdfs import _links

    d = docx.Document()
    font = "Liberation Sans" if t.lang == "en" else "WenQuanYi Micro Hei"
    normal = d.styles["Normal"]
    normal.font.name, normal.font.size = font, Pt(9)
    normal.element.rPr.rFonts.set(qn("w:eastAsia"), font)
    d.sections[0].header.paragraphs[0].text = t.running
    d.add_paragraph(t.prose)
    d.add_paragraph(t.title).runs[0].font.size = Pt(12)
    d.add_paragraph(t.unit)
    table = d.add_table(rows=1 + len(t.rows), cols=len(t.header))
    if grid:
        table.style = d.styles["Table Grid"]
    for r, row in enumerate((t.header, *t.rows)):
        tr = table.rows[r]._tr
        props = tr.get_or_add_trPr()
        for tag, on in (("w:tblHeader", r == 0 and repeat), ("w:cantSplit", not split_rows)):
            if on:
                props.append(OxmlElement(tag))
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    for c, w in enumerate(t.widths):
        for cell in table.columns[c].cells:
            cell.width = Pt(w)
    d.add_paragraph(t.prose)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "case.docx"
        d.save(str(src))
        subprocess.run([str(SOFFICE), f"-env:UserInstallation=file://{tmp}/profile", "--headless", "--convert-to",
                        "pdf", "--outdir", tmp, str(src)], check=True, capture_output=True, timeout=180)
        pdf = (Path(tmp) / "case.pdf").read_bytes()
    name = f"writer-{t.lang}-{'grid' if grid else 'plain'}-{'repeat' if repeat else 'norepeat'}"
    links = _links(pdf, t)
    return Case(name + "-split" * split_rows, pdf, links, repeat, _at(links))


def situation_builders(langs: Sequence[str]) -> list[Callable[[], Case]]:
    """The report situations (``continued_situation_pdfs``): reportlab pieces and LongTables,
    LibreOffice Writer tables (when soffice is installed)."""
    kinds = (Situation(note=True), Situation(plain_first=True), Situation("rules", False, plain_first=True),
             Situation(jitter=6), Situation("rules", False, jitter=8), Situation(short=2), Situation(short=2, auto=True),
             Situation("plain", False, unit=True), Situation(cont_row=True), Situation(landscape=True),
             Situation(before=True), Situation(columns="merge"), Situation(auto=True), Situation("rules", False, auto=True),
             Situation("band"), Situation("band", False), Situation("band", short=2), Situation(new_mid=True),
             Situation("band", new_mid=True), Situation("plain", new_mid=True), Situation(new_mid=True, plain_first=True),
             Situation("plain", False, new_mid=True, plain_first=True), Situation(unit_later=True),
             Situation("plain", False, unit_later=True), Situation(oneline=True, short=2),
             Situation("rules", False, oneline=True, short=2), Situation(oneline=True, short=2, auto=True),
             Situation(alternate=True), Situation("plain", False, alternate=True),
             Situation(alternate=True, new_mid=True, plain_first=True),
             Situation("plain", False, plain_first=True, low_later=True, oneline=True))
    three = (Situation(pieces=3), Situation(oneline=True, short=4, pieces=3),
             Situation("plain", False, oneline=True, short=3, pieces=3), Situation(alternate=True, pieces=3))
    # Korean and Chinese (each case embeds the CJK font: seconds apiece) where the script or the
    # font's metrics matter: notes, unit lines, furniture text, wrapped labels, and negatives.
    cjk = {k for k in kinds if k.note or k.plain_first or k.jitter or k.unit_later or k.alternate or k.new_mid}
    out: list[Callable[[], Case]] = []
    for lang in langs:
        out += [partial(situation_case, texts(40)[lang], s) for s in kinds if lang == "en" or s in cjk]
        out += [partial(situation_case, texts(80)[lang], s) for s in three if lang == "en" or s.oneline]
        if SOFFICE is not None:
            out += [partial(writer_case, texts(60 if lang == "en" else 40)[lang], repeat, split, grid)
                    for repeat, split, grid in ((True, True, True), (True, False, False), (False, True, False),
                                                (False, False, True)) if lang == "en" or not grid]
    return out


__all__ = ["Situation", "situation_case", "writer_case", "situation_builders", "SOFFICE", "FOOTNOTE", "UNIT",
           "CONT_ROW"]
