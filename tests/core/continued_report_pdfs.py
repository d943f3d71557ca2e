"""Continued tables as reports and tenders set them, broken by hand so that each page's piece
can differ from the first: the header set again with a "continued" suffix ("Description
(continued)", "항목 (계속)", "项目（续）"), a caption "Table 3 (continued)" / "표 3 (계속)" /
"表 3（续）" and the unit line over the continuation, the tail of a wrapped cell opening the
next page, a totals row closing the last piece, a full grid with a two-row header of merged
cells (tender and annual-report style); as a negative, a new table at the top of the next
page under a header of years ("2024 | 2023"). Drawn by reportlab (platypus ``Table``) and
fpdf2 (``table()``, ``colspan``/``rowspan``), in English, Korean and Chinese.

``report_case`` returns a ``continued_pdfs.Case``; the first page's piece fills its page (the
most body rows that keep page 1 one page, found by building it), the next pieces follow.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import pymupdf

from tests.core.continued_pdfs import A4, BOTTOM, CJK_FONT, MARGIN, TOP, Case, Text

# Per language: the header's suffix on later pages, the caption over a continuation, the unit
# line, a wrapped cell split at the break (the part on page 1, the tail on page 2), the totals
# label, the two-row merged header (first row: (text, colspan, rowspan); second row: texts
# under the spanned cells), and a new table's header of years.
SUFFIX = {"en": " (continued)", "ko": " (계속)", "zh": "（续）"}
CAPTION = {"en": "Table 3 (continued)", "ko": "표 3 (계속)", "zh": "表 3（续）"}
FIRST_CAPTION = {"en": "Table 3. Materials supplied", "ko": "표 3. 입찰 내역서", "zh": "表 3 合并利润表"}
TAIL = {"en": ("Anchor bolts with washers and", "nuts, stainless, grade A4"),
        "ko": ("배관 설비 및 부속", "자재 일체 설치"), "zh": ("管理费用（含研发人员", "薪酬及相关折旧摊销）")}
TOTAL = {"en": "Total", "ko": "합계", "zh": "合计"}
MERGED = {"en": ((("No.", 1, 2), ("Description", 1, 2), ("Qty", 1, 2), ("Price (USD)", 2, 1)), ("Unit", "Amount")),
          "ko": ((("항목", 1, 2), ("규격", 1, 2), ("수량", 1, 2), ("금액 (원)", 2, 1)), ("단가", "합계")),
          "zh": ((("项目", 1, 2), ("附注", 1, 2), ("金额", 2, 1)), ("本期", "上期"))}
YEARS = {"en": ("Ref.", "Segment", "Staff", "2024", "2023"), "ko": ("구분", "사업 부문", "인원", "2024년", "2023년"),
         "zh": ("分部", "说明", "2024年", "2023年")}


@dataclass(frozen=True)
class Layout:
    """What a case sets: ``variant`` one of suffix, caption, tail, totals, merged, years;
    ``repeat``: the header set again over each continuation; ``grid``: every cell ruled (else
    rules over and under the header and under the last row only)."""

    variant: str
    repeat: bool = True
    grid: bool = True


def _text_col(t: Text) -> int:
    return t.widths.index(max(t.widths))


def _header_rows(t: Text, lay: Layout, later: bool) -> list[list[str]]:
    """The header rows as texts (a spanned cell's text in its first slot, "" in the others)."""
    if lay.variant == "merged":
        top, under = MERGED[t.lang]
        first: list[str] = []
        for text, cs, _ in top:
            first += [text] + [""] * (cs - 1)
        second = [""] * (len(t.header) - len(under)) + list(under)
        return [first, second]
    if later and lay.variant == "years":
        return [list(YEARS[t.lang])]
    head = list(t.header)
    if later and lay.variant == "suffix":
        k = _text_col(t)
        head[k] += SUFFIX[t.lang]
    return [head]


def _body(t: Text, lay: Layout) -> list[list[str]]:
    rows = [list(r) for r in t.rows]
    if lay.variant == "totals":
        k = _text_col(t)
        total = ["" for _ in t.header]
        total[k] = TOTAL[t.lang]
        total[-1] = "9,999,999.00"
        rows.append(total)
    return rows


def _break_tail(t: Text, body: list[list[str]], fill: int) -> list[list[str]]:
    """Row ``fill - 1`` (page 1's last) ends with the first part of a wrapped cell, whose
    tail is the first row of page 2, alone in its column."""
    k = _text_col(t)
    head, tail = TAIL[t.lang]
    out = [list(r) for r in body]
    out[fill - 1][k] = head
    out.insert(fill, ["" if c != k else tail for c in range(len(t.header))])
    return out


# --- reportlab ---------------------------------------------------------------------------


def _rl_story(t: Text, lay: Layout, chunks: Sequence[list[list[str]]]) -> list:  # type: ignore[type-arg]
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import PageBreak, Paragraph, Spacer, TableStyle
    from reportlab.platypus import Table as RLTable

    from tests.core.continued_pdfs import _rl_font

    font = _rl_font(t.lang)
    cell = ParagraphStyle("cell", fontName=font, fontSize=9, leading=11.5)
    para = ParagraphStyle("para", fontName=font, fontSize=10, leading=13)
    title = ParagraphStyle("title", fontName=font, fontSize=11, leading=14)
    story: list = [Paragraph(t.prose, para), Spacer(1, 24), Paragraph(FIRST_CAPTION[t.lang], title),
                   Paragraph(t.unit, para), Spacer(1, 4)]
    for n, rows in enumerate(chunks):
        later = n > 0
        if later:
            story.append(PageBreak())
            if lay.variant == "caption":
                story += [Paragraph(CAPTION[t.lang], title), Paragraph(t.unit, para), Spacer(1, 4)]
        head = _header_rows(t, lay, later) if (not later or lay.repeat) else []
        data = [[Paragraph(x, cell) for x in r] for r in head + rows]
        tab = RLTable(data, colWidths=list(t.widths), hAlign="LEFT")
        cmds: list = [("VALIGN", (0, 0), (-1, -1), "TOP")]
        cmds += [("GRID", (0, 0), (-1, -1), 0.5, colors.black)] if lay.grid else [
            ("LINEABOVE", (0, 0), (-1, 0), 1.0, colors.black), ("LINEBELOW", (0, -1), (-1, -1), 1.0, colors.black)]
        if head and not lay.grid:
            cmds.append(("LINEBELOW", (0, len(head) - 1), (-1, len(head) - 1), 0.5, colors.black))
        if lay.variant == "merged" and head:
            c = 0
            for _, cs, rs in MERGED[t.lang][0]:
                cmds.append(("SPAN", (c, 0), (c + cs - 1, rs - 1)))
                c += cs
        tab.setStyle(TableStyle(cmds))
        story.append(tab)
    story += [Spacer(1, 12), Paragraph(t.prose, para)]
    return story


def _rl_build(t: Text, lay: Layout, chunks: Sequence[list[list[str]]]) -> bytes:
    from reportlab.platypus import SimpleDocTemplate

    from tests.core.continued_pdfs import _rl_font

    font = _rl_font(t.lang)

    def furniture(canvas, doc) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(font, 8)
        canvas.drawString(MARGIN, A4[1] - 40, t.running)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, A4[1] - 46, A4[0] - MARGIN, A4[1] - 46)
        canvas.drawCentredString(A4[0] / 2, 40, t.footer.format(n=doc.page))
        canvas.restoreState()

    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=TOP,
                            bottomMargin=A4[1] - BOTTOM)
    doc.build(_rl_story(t, lay, chunks), onFirstPage=furniture, onLaterPages=furniture)
    return out.getvalue()


# --- fpdf2 ---------------------------------------------------------------------------------


def _fp_build(t: Text, lay: Layout, chunks: Sequence[list[list[str]]]) -> bytes:
    from fpdf import FPDF
    from fpdf.enums import TableBordersLayout

    class Doc(FPDF):
        def header(self) -> None:
            self.set_font(family, size=8)
            self.set_xy(MARGIN, 34)
            self.cell(0, 10, t.running)
            self.set_line_width(0.5)
            self.line(MARGIN, 46, A4[0] - MARGIN, 46)
            self.set_xy(MARGIN, TOP)

        def footer(self) -> None:
            self.set_font(family, size=8)
            self.set_xy(MARGIN, A4[1] - 48)
            self.cell(A4[0] - 2 * MARGIN, 10, t.footer.format(n=self.page_no()), align="C")

    pdf = Doc(unit="pt", format="A4")
    family = "helvetica"
    if t.lang != "en":
        pdf.add_font("wqy", fname=str(CJK_FONT), collection_font_number=0)
        pdf.add_font("wqy", style="B", fname=str(CJK_FONT), collection_font_number=0)
        family = "wqy"
    pdf.set_margins(MARGIN, TOP, MARGIN)
    pdf.set_auto_page_break(True, margin=A4[1] - BOTTOM)
    pdf.add_page()
    pdf.set_font(family, size=10)
    pdf.multi_cell(0, 13, t.prose)
    pdf.ln(24)
    pdf.set_font(family, size=11)
    pdf.cell(0, 14, FIRST_CAPTION[t.lang], new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, size=10)
    pdf.cell(0, 13, t.unit, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    borders = TableBordersLayout.ALL if lay.grid else TableBordersLayout.HORIZONTAL_LINES
    for n, rows in enumerate(chunks):
        later = n > 0
        if later:
            pdf.add_page()
            if lay.variant == "caption":
                pdf.set_font(family, size=11)
                pdf.cell(0, 14, CAPTION[t.lang], new_x="LMARGIN", new_y="NEXT")
                pdf.set_font(family, size=10)
                pdf.cell(0, 13, t.unit, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(4)
        head = _header_rows(t, lay, later) if (not later or lay.repeat) else []
        pdf.set_font(family, size=9)
        with pdf.table(col_widths=t.widths, width=sum(t.widths), align="LEFT", borders_layout=borders,
                       line_height=11.5, first_row_as_headings=False, text_align="LEFT") as table:
            for r, row in enumerate(head):
                if lay.variant == "merged" and r == 0:
                    cells = table.row()
                    for text, cs, rs in MERGED[t.lang][0]:
                        cells.cell(text, colspan=cs, rowspan=rs)
                elif lay.variant == "merged":
                    cells = table.row()
                    for text in MERGED[t.lang][1]:
                        cells.cell(text)
                else:
                    table.row(row)
            for row in rows:
                table.row(row)
    pdf.ln(12)
    pdf.set_font(family, size=10)
    pdf.multi_cell(0, 13, t.prose)
    return bytes(pdf.output())


BUILD = {"reportlab": _rl_build, "fpdf2": _fp_build}


def _pages(pdf: bytes) -> int:
    return int(pymupdf.open("pdf", pdf).page_count)


def report_case(producer: str, t: Text, lay: Layout) -> Case:
    """The table broken over pages as ``lay`` says: page 1 holds the most body rows that
    fit, each later page the most of the rest (the last piece its remainder)."""
    build = BUILD[producer]
    body = _body(t, lay)
    if lay.variant == "years":
        return _years_case(producer, t, lay, body)
    chunks: list[list[list[str]]] = []
    rest = body
    while rest:
        fit = _fill(build, t, lay, chunks, rest)
        if lay.variant == "tail" and not chunks and fit < len(rest):
            rest = _break_tail(t, rest, fit)
        chunks.append(rest[:fit])
        rest = rest[fit:]
    pdf = build(t, lay, chunks)
    assert _pages(pdf) == len(chunks), "each piece on a page of its own"
    links = tuple((p, p + 1) for p in range(1, len(chunks)))
    name = f"{producer}-{t.lang}-{lay.variant}-{'repeat' if lay.repeat else 'norepeat'}-{'grid' if lay.grid else 'rules'}"
    return Case(name, pdf, links, lay.repeat)


def _fill(build, t: Text, lay: Layout, done: list[list[list[str]]], rest: list[list[str]]) -> int:  # type: ignore[no-untyped-def]
    """The most rows of ``rest`` that fit on the page after ``done``'s pages (binary search
    on the page count of the document built so far)."""
    lo, hi = 1, len(rest)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _pages(build(t, lay, [*done, rest[:mid]])) == len(done) + 1:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _years_case(producer: str, t: Text, lay: Layout, body: list[list[str]]) -> Case:
    """Page 1's table fills the page; page 2 starts directly with another table of the same
    columns under a header of years (no heading between): no continuation."""
    build = BUILD[producer]
    fit = _fill(build, t, lay, [], body)
    pdf = build(t, lay, [body[:fit], body[fit:fit + 8]])
    assert _pages(pdf) == 2
    return Case(f"{producer}-{t.lang}-years-new-{'grid' if lay.grid else 'rules'}", pdf, (), True)
