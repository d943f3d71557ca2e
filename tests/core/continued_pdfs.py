"""Tables continued on the next page, as three producers break them: reportlab's platypus
``LongTable`` (``repeatRows``), fpdf2's ``table()`` (``repeat_headings``) and PyMuPDF drawing
calls (rows placed one by one, the page broken by hand), in English, Korean (a tender's bill
of quantities: 항목/규격/수량/단가/금액, "단위: 원", "(계속)") and Chinese (an annual report's
statement: 项目/附注/本期金额/上期金额, "单位：元", "续表"), ruled, with horizontal rules
only, or borderless, with or without the header repeated, under a running header (text and
rule) and over a footer with the page number.

Each builder returns a ``Case``: the PDF and the continuations a reader sees, (page, page)
pairs of the pieces of one table, found from where the first and last body rows were placed.
A ``new_table`` case ends a table at the foot of a page and starts another one with the same
columns under a heading (or a caption) on the next: no continuation.

The CJK text is set in WenQuanYi Micro Hei (``fonts-wqy-microhei``); ``CJK_FONT`` is None
when it is not installed (the tests then skip the Korean and Chinese cases).
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pymupdf

from inspector.core.multipage.continuation import Continuation, proposed
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

A4 = (595.0, 842.0)
MARGIN = 60.0
TOP, BOTTOM = 80.0, 770.0  # the body's frame (running header above it, footer below)
_WQY = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
CJK_FONT: Path | None = _WQY if _WQY.is_file() else None


@dataclass(frozen=True)
class Text:
    """One language's document: title, unit line, header, body rows and the words around."""

    lang: str
    title: str
    unit: str  # the unit line over the table ("" for none)
    header: tuple[str, ...]
    widths: tuple[float, ...]  # points
    rows: tuple[tuple[str, ...], ...]
    running: str  # running header
    footer: str  # page footer, "{n}" the page number
    marker: str  # "continued" line set over a continuation (PyMuPDF cases)
    heading: str  # a heading that starts another table
    caption: str  # a caption that starts another table
    prose: str  # a paragraph after the table


def _en_rows(n: int) -> tuple[tuple[str, ...], ...]:
    things = ("Steel beam, galvanised, cut to length on site", "Concrete", "Timber formwork", "Rebar",
              "Anchor bolts with washers and nuts, stainless", "Sealant")
    return tuple((f"{k:02d}", things[k % 6], str(3 + (k * 7) % 40), f"{(k * 37) % 900 + 100:,}.00",
                  f"{((k * 37) % 900 + 100) * (3 + (k * 7) % 40):,}.00") for k in range(1, n + 1))


def _ko_rows(n: int) -> tuple[tuple[str, ...], ...]:
    things = ("철근 콘크리트 타설 및 양생 작업", "거푸집 설치", "철근 가공 조립", "방수 공사",
              "배관 설비 및 부속 자재 일체 설치", "도장 공사")
    specs = ("25-24-150", "합판 12mm", "SD400 D13", "우레탄 2mm", "KS D 3507", "수성 2회")
    return tuple((things[k % 6], specs[k % 6], f"{3 + (k * 7) % 40}", f"{(k * 37) % 900 + 100:,}000",
                  f"{((k * 37) % 900 + 100) * (3 + (k * 7) % 40):,}000") for k in range(1, n + 1))


def _zh_rows(n: int) -> tuple[tuple[str, ...], ...]:
    things = ("营业收入", "营业成本", "税金及附加", "销售费用", "管理费用（含研发人员薪酬及相关折旧摊销）",
              "财务费用", "其他收益", "投资收益")
    return tuple((f"{things[k % 8]}{'' if k < 8 else k}", f"七、{k}", f"{(k * 7919) % 900000 + 100000:,}.{k % 100:02d}",
                  f"{(k * 104729) % 900000 + 100000:,}.{(k * 3) % 100:02d}") for k in range(1, n + 1))


def texts(n: int = 40) -> dict[str, Text]:
    """The three documents with ``n`` body rows each."""
    return {
        "en": Text("en", "Schedule 1. Materials supplied", "Amounts in USD",
                   ("No.", "Description", "Qty", "Unit price", "Amount"), (40, 190, 50, 95, 100), _en_rows(n),
                   "Northwind Construction Ltd. - Tender documents 2025", "Page {n}", "Schedule 1 (continued)",
                   "2. Payment schedule", "Table 2. Labour", "All prices include delivery to site."),
        "ko": Text("ko", "입찰 내역서", "단위: 원", ("항목", "규격", "수량", "단가", "금액"),
                   (150, 85, 45, 90, 100), _ko_rows(n), "한국도로공사 입찰 공고 제2025-117호", "- {n} -",
                   "입찰 내역서 (계속)", "2. 지급 조건", "표 2. 인건비 내역", "상기 금액은 부가가치세를 포함한 금액임."),
        "zh": Text("zh", "合并利润表", "单位：元", ("项目", "附注", "本期金额", "上期金额"), (190, 55, 115, 115),
                   _zh_rows(n), "华东实业股份有限公司 2024 年年度报告", "第 {n} 页", "合并利润表（续表）",
                   "二、合并现金流量表", "表 2 分部信息", "公司负责人：张明 主管会计工作负责人：李华"),
    }


@dataclass(frozen=True)
class Case:
    """A built document and the continuations in it: (first page, next page), 1-based, each
    between the only table of each page (``at``: by (page, table index), when set); ``repeated``: the
    continuations repeat the header."""

    name: str
    pdf: bytes
    links: tuple[tuple[int, int], ...]
    repeated: bool
    at: tuple[tuple[int, int, int, int], ...] | None = None  # the links by (page, index) when a page holds more tables


def _pages_of(pdf: bytes, first: str, last: str) -> tuple[int, int]:
    """1-based pages holding the texts ``first`` and ``last`` (the table's first and last body rows)."""
    doc = pymupdf.open("pdf", pdf)
    found = [next(i + 1 for i, p in enumerate(doc) if p.search_for(t)) for t in (first, last)]
    return found[0], found[1]


def _links(pdf: bytes, t: Text) -> tuple[tuple[int, int], ...]:
    a, b = _pages_of(pdf, t.rows[0][-1], t.rows[-1][-1])
    return tuple((p, p + 1) for p in range(a, b))


# --- reportlab ---------------------------------------------------------------------------


def _rl_font(lang: str) -> str:
    if lang == "en":
        return "Helvetica"
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "WQY" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("WQY", str(CJK_FONT), subfontIndex=0))
    return "WQY"


def reportlab_case(t: Text, style: str = "grid", repeat: bool = True, new_table: bool = False,
                   bare: bool = False) -> Case:
    """A ``LongTable`` of Paragraph cells (long ones wrap: rows of different heights) after a
    title and unit line; reportlab breaks it where the frame ends and sets ``repeatRows``
    header rows again. ``style``: grid, rules (over and under the header, under the last
    row, hairlines between rows) or plain (no rule). The running header (text over a rule)
    and the footer's page number are drawn on every page. ``new_table``: the table ends on
    page 1 and a heading, then a second table of the same columns, start page 2. ``bare``
    (with ``new_table``): page 1's table fills the page and page 2 starts directly with the
    second table under its own header row (``OTHER_HEADERS``), headers in body type."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import LongTable, PageBreak, Paragraph, SimpleDocTemplate, Spacer, TableStyle

    font = _rl_font(t.lang)
    cell = ParagraphStyle("cell", fontName=font, fontSize=9, leading=11.5)
    bold = ParagraphStyle("head", fontName="Helvetica-Bold" if t.lang == "en" else font, fontSize=9, leading=11.5)
    title = ParagraphStyle("title", fontName="Helvetica-Bold" if t.lang == "en" else font, fontSize=13, leading=16)
    para = ParagraphStyle("para", fontName=font, fontSize=10, leading=13)

    def table(rows: Sequence[Sequence[str]], header: Sequence[str] = t.header) -> LongTable:
        data = [[Paragraph(x, cell if bare else bold) for x in header]] + [[Paragraph(x, cell) for x in r] for r in rows]
        tab = LongTable(data, colWidths=list(t.widths), repeatRows=1 if repeat else 0, hAlign="LEFT")
        cmds: list[tuple] = [("VALIGN", (0, 0), (-1, -1), "TOP")]
        if style == "grid":
            cmds.append(("GRID", (0, 0), (-1, -1), 0.5, colors.black))
        elif style == "rules":
            cmds += [("LINEABOVE", (0, 0), (-1, 0), 1.0, colors.black), ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                     ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey), ("LINEBELOW", (0, -1), (-1, -1), 1.0, colors.black)]
        tab.setStyle(TableStyle(cmds))
        return tab

    def furniture(canvas, doc) -> None:  # type: ignore[no-untyped-def]
        canvas.saveState()
        canvas.setFont(font, 8)
        canvas.drawString(MARGIN, A4[1] - 40, t.running)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, A4[1] - 46, A4[0] - MARGIN, A4[1] - 46)
        canvas.drawCentredString(A4[0] / 2, 40, t.footer.format(n=doc.page))
        canvas.restoreState()

    if new_table and bare:
        head = Paragraph(t.title, title)
        room = BOTTOM - TOP - 12 - head.wrap(sum(t.widths), 100)[1] - 6 - 2  # the frame pads 6 pt
        fill = max(n for n in range(1, len(t.rows)) if table(t.rows[:n]).wrap(sum(t.widths), 2000)[1] <= room)
        story = [head, Spacer(1, 6), table(t.rows[:fill]), PageBreak(),
                 table(t.rows[fill:fill + 6], OTHER_HEADERS[t.lang]), Spacer(1, 12), Paragraph(t.prose, para)]
    elif new_table:
        fill = _rows_filling(t, BOTTOM - TOP - 60)
        story = [Paragraph(t.title, title), Spacer(1, 6), table(t.rows[:fill]), PageBreak(),
                 Paragraph(t.heading, title), Spacer(1, 8), table(t.rows[fill:fill + 6]), Spacer(1, 12),
                 Paragraph(t.prose, para)]
    else:
        story = [Paragraph(t.prose, para), Spacer(1, 30), Paragraph(t.title, title)]
        story += [Paragraph(t.unit, para)] if t.unit else []
        story += [Spacer(1, 4), table(t.rows), Spacer(1, 12), Paragraph(t.prose, para)]
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=TOP,
                            bottomMargin=A4[1] - BOTTOM)
    doc.build(story, onFirstPage=furniture, onLaterPages=furniture)
    pdf = out.getvalue()
    links = () if new_table else _links(pdf, t)
    name = f"reportlab-{t.lang}-{style}-{'repeat' if repeat else 'norepeat'}{'-new' * new_table}{'-bare' * bare}"
    return Case(name + "-sparse" * (not t.rows[-1][1]), pdf, links, repeat)


def _rows_filling(t: Text, height: float) -> int:
    """How many body rows of ``t`` one page holds, roughly (for a table that ends at its foot)."""
    return int(height // 26)


# --- fpdf2 ---------------------------------------------------------------------------------


def fpdf2_case(t: Text, borders: str = "ALL", repeat: bool = True) -> Case:
    """fpdf2's ``table()`` (cells wrap: rows of different heights) breaking over pages by
    itself, the heading row repeated (``repeat_headings``) or not; ``borders``: an fpdf2
    ``borders_layout`` (ALL, HORIZONTAL_LINES, NONE...). Running header and footer from
    ``header()``/``footer()``."""
    from fpdf import FPDF
    from fpdf.enums import TableHeadingsDisplay

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
        pdf.add_font("wqy", style="B", fname=str(CJK_FONT), collection_font_number=0)  # headings: no bold face
        family = "wqy"
    pdf.set_margins(MARGIN, TOP, MARGIN)
    pdf.set_auto_page_break(True, margin=A4[1] - BOTTOM)
    pdf.add_page()
    pdf.set_font(family, size=10)
    pdf.multi_cell(0, 13, t.prose)
    pdf.ln(30)
    pdf.set_font(family, size=13)
    pdf.cell(0, 16, t.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, size=10)
    if t.unit:
        pdf.cell(0, 13, t.unit, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font(family, size=9)
    display = TableHeadingsDisplay.ON_TOP_OF_EVERY_PAGE if repeat else TableHeadingsDisplay.NONE
    with pdf.table(col_widths=t.widths, width=sum(t.widths), align="LEFT", borders_layout=borders,
                   line_height=11.5, repeat_headings=display, text_align="LEFT") as table:
        for row in (t.header, *t.rows):
            table.row(list(row))
    pdf.ln(12)
    pdf.set_font(family, size=10)
    pdf.multi_cell(0, 13, t.prose)
    out = bytes(pdf.output())
    return Case(f"fpdf2-{t.lang}-{borders.lower()}-{'repeat' if repeat else 'norepeat'}", out, _links(out, t), repeat)


# --- PyMuPDF ------------------------------------------------------------------------------


def _mu_font(page: pymupdf.Page, lang: str) -> str:
    if lang == "en":
        return "helv"
    page.insert_font(fontname="wqy", fontfile=str(CJK_FONT))
    return "wqy"


def _mu_lines(text: str, width: float, font: pymupdf.Font, size: float) -> list[str]:
    """``text`` wrapped to ``width`` points (CJK text may break between any two characters)."""
    out: list[str] = []
    line = ""
    for ch in text:
        if line and font.text_length(line + ch, size) > width:
            cut = line.rfind(" ")
            if cut > 0 and ch != " ":
                out.append(line[:cut])
                line = line[cut + 1:] + ch
                continue
            out.append(line.rstrip())
            line = ch.lstrip()
        else:
            line += ch
    return [*out, line] if line else out


def pymupdf_case(t: Text, style: str = "grid", repeat: bool = True, marker: bool = False,
                 new_table: str = "") -> Case:
    """Rows drawn one by one with ``insert_text`` and ``draw_line`` (wrapped cells: rows of
    different heights), the page broken where the next row does not fit. ``style``: grid,
    rules (horizontal rules only) or plain. ``marker``: a "continued" line over each
    continuation. ``new_table`` ("heading" or "caption"): the table ends at the foot of page
    1 and page 2 starts with that line and another table of the same columns; "bare": page 2
    starts directly with another table of the same columns under its own header row
    (``OTHER_HEADERS``, in the same type), nothing between."""
    doc = pymupdf.open()
    size = 9.0
    font = pymupdf.Font("helv") if t.lang == "en" else pymupdf.Font(fontfile=str(CJK_FONT))
    xs = [MARGIN]
    for w in t.widths:
        xs.append(xs[-1] + w)
    rows = (t.header, *t.rows)
    heights = [max(len(_mu_lines(x, w - 6, font, size)) for x, w in zip(r, t.widths, strict=True)) * 11.5 + 6
               for r in rows]
    body = list(range(1, len(rows)))
    while body:
        page = doc.new_page(width=A4[0], height=A4[1])
        fname = _mu_font(page, t.lang)
        page.insert_text((MARGIN, 40), t.running, fontsize=8, fontname=fname)
        page.draw_line((MARGIN, 46), (A4[0] - MARGIN, 46), width=0.5)
        page.insert_text((A4[0] / 2 - 12, A4[1] - 40), t.footer.format(n=doc.page_count), fontsize=8, fontname=fname)
        y = TOP
        first = doc.page_count == 1
        if first:
            for text, fs, gap in ((t.prose, 10.0, 4.0), (t.title, 13.0, 30.0), (t.unit, 10.0, 6.0)):
                if text:
                    y += fs + gap
                    page.insert_text((MARGIN, y), text, fontsize=fs, fontname=fname)
            y += 10
        elif new_table:
            if new_table != "bare":
                line, fs = (t.heading, 13.0) if new_table == "heading" else (t.caption, 9.0)
                page.insert_text((MARGIN, y + fs), line, fontsize=fs, fontname=fname)
                y += 2 * fs
            body = body[:6]
        elif marker:
            page.insert_text((MARGIN, y + 9), t.marker, fontsize=9, fontname=fname)
            y += 18
            if t.unit:  # the unit line set again under the "continued" title, as reports do
                page.insert_text((MARGIN, y + 9), t.unit, fontsize=9, fontname=fname)
                y += 18
        take = [0] if first or repeat or new_table else []
        room = y + sum(heights[k] for k in take)
        while body and room + heights[body[0]] <= BOTTOM:
            room += heights[body[0]]
            take.append(body.pop(0))
        other = new_table == "bare" and not first
        _mu_draw(page, fname, font, xs, y, [OTHER_HEADERS[t.lang] if other and k == 0 else rows[k] for k in take],
                 [heights[k] for k in take], style, size, header=take[0] == 0)
        if new_table and not first:
            break
    pdf = doc.tobytes()
    links = () if new_table else _links(pdf, t)
    name = f"pymupdf-{t.lang}-{style}-{'repeat' if repeat else 'norepeat'}{'-marker' * marker}"
    name += "-sparse" * (not t.rows[-1][1])
    return Case(name + (f"-new-{new_table}" if new_table else ""), pdf, links, repeat)


def _mu_draw(page: pymupdf.Page, fname: str, font: pymupdf.Font, xs: Sequence[float], y0: float,
             rows: Sequence[Sequence[str]], heights: Sequence[float], style: str, size: float,
             header: bool) -> None:
    ys = [y0]
    for h in heights:
        ys.append(ys[-1] + h)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            for k, line in enumerate(_mu_lines(text, xs[c + 1] - xs[c] - 6, font, size)):
                page.insert_text((xs[c] + 3, ys[r] + 3 + size + k * 11.5), line, fontsize=size, fontname=fname)
    if style == "plain":
        return
    for k, y in enumerate(ys):
        strong = k in (0, len(ys) - 1) or (k == 1 and header)
        if style == "grid" or strong:
            page.draw_line((xs[0], y), (xs[-1], y), width=0.5 if style == "grid" else 0.8)
        else:
            page.draw_line((xs[0], y), (xs[-1], y), width=0.25)
    if style == "grid":
        for x in xs:
            page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)


# The header row of another table with the first one's columns (a new table right at the top of a page).
OTHER_HEADERS = {"en": ("Ref.", "Labour category", "Crew", "Day rate", "Total cost"),
                 "ko": ("구분", "직종", "인원", "노임 단가", "합계 금액"),
                 "zh": ("分部", "说明", "本年发生额", "上年发生额")}


BUILDERS: dict[str, Callable[..., Case]] = {"reportlab": reportlab_case, "fpdf2": fpdf2_case, "pymupdf": pymupdf_case}


def blank_column(t: Text, col: int, start: int) -> Text:
    """``t`` with column ``col`` empty from body row ``start`` on (a notes column that only
    the first rows use): the later pieces have a column without a word."""
    rows = tuple(r if k < start else (*r[:col], "", *r[col + 1:]) for k, r in enumerate(t.rows))
    return dataclasses.replace(t, rows=rows)


def tall_at_break(t: Text, style: str = "grid", repeat: bool = True) -> Case:
    """``pymupdf_case`` with a row four rows before page 1's last made ten lines tall: it no
    longer fits, so page 1 ends with white over three rows or more and the tall row opens
    page 2 (a page break inside a table with rows of different heights)."""
    plain = pymupdf_case(t, style, repeat)
    page1 = pymupdf.open("pdf", plain.pdf)[0]
    last = max(k for k, r in enumerate(t.rows) if page1.search_for(r[-1]))
    k = last - 3
    long = (t.rows[k][1] + " ") * 10 if t.lang == "en" else t.rows[k][1] * 12
    rows = (*t.rows[:k], (*t.rows[k][:1], long, *t.rows[k][2:]), *t.rows[k + 1:])
    case = pymupdf_case(dataclasses.replace(t, rows=rows), style, repeat)
    return dataclasses.replace(case, name=case.name + "-tall")


SECTIONS = {"en": "Electrical works", "ko": "나. 건축공사", "zh": "非流动资产："}


def section_at_break(t: Text, style: str = "plain", repeat: bool = False) -> Case:
    """``pymupdf_case`` with a section row (one cell: "非流动资产：", "나. 건축공사",
    "Electrical works", in the widest column) opening page 2."""
    plain = pymupdf_case(t, style, repeat)
    page1 = pymupdf.open("pdf", plain.pdf)[0]
    last = max(k for k, r in enumerate(t.rows) if page1.search_for(r[-1]))
    wide = t.widths.index(max(t.widths))
    section = tuple(SECTIONS[t.lang] if c == wide else "" for c in range(len(t.header)))
    rows = (*t.rows[:last + 1], section, *t.rows[last + 1:])
    case = pymupdf_case(dataclasses.replace(t, rows=rows), style, repeat)
    return dataclasses.replace(case, name=case.name + "-section")


def rl_section_at_break(t: Text, style: str = "grid") -> Case:
    """``reportlab_case`` (header not repeated) with a section row (one cell in the widest
    column, the others empty) as page 2's first row: inside the drawn grid, so the piece's
    first row is the section row."""
    plain = reportlab_case(t, style, False)
    doc = pymupdf.open("pdf", plain.pdf)
    k = next(k for k, r in enumerate(t.rows) if doc[1].search_for(r[-1]))
    wide = t.widths.index(max(t.widths))
    section = tuple(SECTIONS[t.lang] if c == wide else "" for c in range(len(t.header)))
    for at in (k, k - 1, k + 1, k - 2):
        rows = (*t.rows[:at], section, *t.rows[at:])
        case = reportlab_case(dataclasses.replace(t, rows=rows), style, False)
        doc = pymupdf.open("pdf", case.pdf)
        if doc[1].search_for(SECTIONS[t.lang]) and doc[0].search_for(rows[at - 1][-1]):
            return dataclasses.replace(case, name=case.name + "-section")
    raise AssertionError(f"no place puts the section row first on page 2 ({t.lang})")


def case_builders() -> list[Callable[[], Case]]:
    """Every case of the set, each built only when called (a test per case: building them all
    embeds the CJK font dozens of times, minutes on a loaded machine)."""
    out: list[Callable[[], Case]] = []
    langs = ("en", "ko", "zh") if CJK_FONT is not None else ("en",)
    short, long = texts(40), texts(70)  # fpdf2 sets rows tighter: more rows to reach page 2
    for lang in langs:
        t = short[lang]
        for style in ("grid", "rules", "plain"):
            for repeat in (True, False):
                out += [partial(reportlab_case, t, style, repeat), partial(pymupdf_case, t, style, repeat)]
        for borders in ("ALL", "HORIZONTAL_LINES", "NONE"):
            out += [partial(fpdf2_case, long[lang], borders, repeat) for repeat in (True, False)]
        out += [partial(pymupdf_case, t, "rules", False, marker=True), partial(pymupdf_case, t, "grid", True, marker=True),
                partial(pymupdf_case, blank_column(t, 1, 20), "plain", True),
                partial(pymupdf_case, blank_column(t, 1, 20), "rules", False, marker=True),
                partial(reportlab_case, blank_column(t, 1, 20), "plain", True),
                partial(tall_at_break, t, "grid", True), partial(tall_at_break, t, "plain", False), partial(tall_at_break, t, "rules", True),
                partial(section_at_break, t, "plain", False), partial(section_at_break, t, "rules", False),
                partial(pymupdf_case, t, "grid", True, new_table="heading"), partial(pymupdf_case, t, "plain", True, new_table="caption"),
                partial(pymupdf_case, t, "rules", True, new_table="heading"), partial(reportlab_case, t, "grid", True, new_table=True),
                partial(reportlab_case, t, "plain", True, new_table=True),
                partial(pymupdf_case, t, "grid", True, new_table="bare"), partial(pymupdf_case, t, "plain", True, new_table="bare"),
                partial(reportlab_case, t, "grid", True, new_table=True, bare=True),
                partial(reportlab_case, t, "plain", True, new_table=True, bare=True),
                partial(section_at_break, t, "grid", False), partial(rl_section_at_break, t, "grid")]
    from tests.core.continued_headed_pdfs import headed_builders
    from tests.core.continued_situation_pdfs import situation_builders

    return out + situation_builders(langs) + headed_builders(langs)


def builder_id(index: int, build: Callable[[], Case]) -> str:
    """A readable test id for one builder: its index, producer function and arguments."""
    assert isinstance(build, partial)
    lang = getattr(build.args[0], "lang", "?")
    rest = [a.name(lang) if hasattr(a, "name") else str(a) for a in build.args[1:]]
    rest += [f"{k}={v}" for k, v in build.keywords.items()]
    return "-".join([f"{index:02d}", build.func.__name__, lang, *rest])


def all_cases() -> list[Case]:
    """Every case of the set, built (what the before/after measure runs)."""
    return [build() for build in case_builders()]


def detect(pdf: bytes, tmp_path: Path) -> list[PageResult]:
    """Every page of ``pdf`` detected, read from a file under ``tmp_path`` (as a user opens it)."""
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    doc = open_document(path)
    pipe = Pipeline(doc)
    return [pipe.run(i) for i in range(doc.page_count)]


def pairs(conts: tuple[Continuation, ...]) -> list[tuple[int, int]]:
    """(previous page, next page) of each proposed link."""
    return [(c.prev_page, c.next_page) for c in proposed(conts)]
