"""Pages of small and side-by-side tables, turned headers and full-width spaces, each laid out
once and drawn by three producers: PyMuPDF's ``insert_text``, reportlab's canvas and fpdf2.

A page is a list of drawing operations in top-left points (text on a baseline, flush left or
right or centred, upright or turned a quarter; straight rules). The layout measures its text
with PyMuPDF's metrics of the same fonts the producers embed (Helvetica; WenQuanYi Micro Hei
for Hangul and Chinese), so every producer puts every glyph at the same place and only its
drawing habits differ (text objects, matrices, subsetting, one show per word or per line).
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pymupdf

A4 = (595.0, 842.0)
CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"


@dataclass(frozen=True)
class Text:
    """``text`` at (x, y): y is the baseline (pt from the top). ``align``: "left" (x is the
    start), "right" (x is the end) or "centre". ``rotate``: 0, or 90 (reads bottom to top;
    x is then the baseline and y the start) or 270 (top to bottom)."""

    x: float
    y: float
    text: str
    size: float = 9.0
    cjk: bool = False
    align: str = "left"
    rotate: int = 0
    bold: bool = False  # Helvetica-Bold (Latin text only)


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float = 0.5


Op = Text | Line


def has_cjk_font() -> bool:
    return Path(CJK_FONT).exists()


@cache
def _font(cjk: bool) -> pymupdf.Font:
    return pymupdf.Font(fontfile=CJK_FONT) if cjk else pymupdf.Font("helv")


@cache
def _cjk_subset() -> str:
    """WenQuanYi Micro Hei cut down to the characters of this module and tableends_pdfs (every text their pages
    draw), for fpdf2 and reportlab: parsing the 5 MB collection costs each of them about 100 MB
    that the test process keeps. Cut once per process by fontTools (fpdf2's own font library)
    in a child process, so the parse's memory goes with it."""
    sources = (Path(__file__), Path(__file__).with_name("tableends_pdfs.py"))  # the modules drawing with it
    chars = "".join(sorted({ch for f in sources for ch in f.read_text(encoding="utf-8") if ch.isprintable()} | {"\u3000"}))
    out = Path(tempfile.mkdtemp(prefix="small-pdfs-")) / "wqy-subset.ttf"
    subprocess.run([sys.executable, "-m", "fontTools.subset", CJK_FONT, "--font-number=0", f"--text={chars}",
                    f"--output-file={out}"], check=True, capture_output=True)
    # reportlab keeps one font per face name for the process: under the whole font's name the
    # cut would stand in for it in other test modules (their pages then miss characters).
    subprocess.run([sys.executable, "-c", _RENAME, str(out), SUBSET_FONT], check=True, capture_output=True)
    return str(out)


SUBSET_FONT = "WQYSubset"  # the cut's face name, and its name in reportlab's registry
_RENAME = """import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
for rec in font["name"].names:
    if rec.nameID in (1, 3, 4, 6, 16):
        rec.string = sys.argv[2]
font.save(sys.argv[1])
"""


def width(text: str, size: float = 9.0, cjk: bool = False) -> float:
    return float(_font(cjk).text_length(text, fontsize=size))


def _start(op: Text) -> float:
    """The pen position where the text starts along its direction (x upright, y turned)."""
    w = width(op.text, op.size, op.cjk)
    shift = {"left": 0.0, "right": w, "centre": w / 2}[op.align]
    if op.rotate == 90:  # reads bottom to top: it starts below its end
        return op.y + shift
    return (op.y if op.rotate else op.x) - shift


def wrap(text: str, w: float, size: float = 9.0, cjk: bool = False) -> list[str]:
    """``text`` broken at spaces into lines of at most ``w`` pt."""
    lines: list[str] = []
    for word in text.split():
        if lines and width(f"{lines[-1]} {word}", size, cjk) <= w:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def paragraph(x: float, y: float, w: float, text: str, size: float = 9.0, leading: float = 11.0,
              cjk: bool = False) -> list[Op]:
    """A paragraph of running text wrapped into ``w`` pt from baseline ``y`` on."""
    return [Text(x, y + k * leading, ln, size, cjk) for k, ln in enumerate(wrap(text, w, size, cjk))]


def pymupdf_page(ops: Sequence[Op]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    if any(isinstance(op, Text) and op.cjk for op in ops):
        page.insert_font(fontname="wqy", fontfile=CJK_FONT)
    for op in ops:
        if isinstance(op, Line):
            page.draw_line((op.x0, op.y0), (op.x1, op.y1), width=op.width)
            continue
        font = "wqy" if op.cjk else "hebo" if op.bold else "helv"
        s = _start(op)
        at = (op.x, s) if op.rotate else (s, op.y)
        page.insert_text(at, op.text, fontsize=op.size, fontname=font, rotate=op.rotate)
    return doc.tobytes()


def reportlab_page(ops: Sequence[Op]) -> bytes:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4)
    if any(isinstance(op, Text) and op.cjk for op in ops) and SUBSET_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(SUBSET_FONT, _cjk_subset()))
    for op in ops:
        if isinstance(op, Line):
            c.setLineWidth(op.width)
            c.line(op.x0, A4[1] - op.y0, op.x1, A4[1] - op.y1)
            continue
        c.setFont(SUBSET_FONT if op.cjk else "Helvetica-Bold" if op.bold else "Helvetica", op.size)
        s = _start(op)
        x, y = (op.x, s) if op.rotate else (s, op.y)
        c.saveState()
        c.translate(x, A4[1] - y)
        c.rotate(op.rotate)
        c.drawString(0, 0, op.text)
        c.restoreState()
    c.save()
    return out.getvalue()


def fpdf2_page(ops: Sequence[Op]) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.add_page()
    if any(isinstance(op, Text) and op.cjk for op in ops):
        pdf.add_font("wqy", fname=_cjk_subset())
    for op in ops:
        if isinstance(op, Line):
            pdf.set_line_width(op.width)
            pdf.line(op.x0, op.y0, op.x1, op.y1)
            continue
        pdf.set_font("wqy" if op.cjk else "helvetica", style="B" if op.bold and not op.cjk else "", size=op.size)
        s = _start(op)
        x, y = (op.x, s) if op.rotate else (s, op.y)
        if op.rotate:
            with pdf.rotation(op.rotate, x, y):
                pdf.text(x, y, op.text)
        else:
            pdf.text(x, y, op.text)
    return bytes(pdf.output())


PRODUCERS: dict[str, Callable[[Sequence[Op]], bytes]] = {
    "pymupdf": pymupdf_page, "reportlab": reportlab_page, "fpdf2": fpdf2_page}


# -- pages -------------------------------------------------------------------------------------

Page = tuple[list[Op], list[list[list[str]]]]  # drawing operations, and the tables expected on the page

PROSE = ("The board reviewed the results of the year and the outlook for the coming quarters. Sales grew in "
         "every region except the west, where a plant was closed. Margins rose as input costs fell and the new "
         "pricing took hold across the product lines. The dividend proposed is unchanged from last year.")
PROSE_KO = ("이사회는 올해의 실적과 향후 분기의 전망을 검토하였다. 서부 지역을 제외한 모든 지역에서 매출이 "
            "증가하였으며 서부에서는 공장 한 곳이 폐쇄되었다. 원가가 하락하고 새로운 가격 정책이 자리를 잡으면서 "
            "이익률이 상승하였다. 제안된 배당금은 작년과 같다.")
SMALL = (("Region", "2023", "2024"), ("North", "1,204", "1,310"), ("South", "987", "1,045"),
         ("East", "1,530", "1,622"), ("West", "642", "598"))
SMALL_KO = (("지역", "2023", "2024"), ("북부", "1,204", "1,310"), ("남부", "987", "1,045"),
            ("동부", "1,530", "1,622"), ("서부", "642", "598"))


def _three_columns(x: float, y: float, rows: Sequence[Sequence[str]], pitch: float, ko: bool,
                   right: tuple[float, float] = (130, 200)) -> list[Op]:
    """A borderless table: labels flush left at ``x``, two number columns flush right."""
    ops: list[Op] = []
    for k, (a, b, c) in enumerate(rows):
        yy = y + pitch * k
        ops += [Text(x, yy, a, cjk=ko), Text(x + right[0], yy, b, align="right"), Text(x + right[1], yy, c, align="right")]
    return ops


def two_column_page(ko: bool, table_right: bool) -> Page:
    """A page of two columns of running text on one baseline grid (a journal's article), a
    small borderless table in one column between two of its paragraphs, the other column's
    prose running on beside it."""
    prose, rows = (PROSE_KO, SMALL_KO) if ko else (PROSE, SMALL)
    x_table, x_other = (309.0, 56.0) if table_right else (56.0, 309.0)
    above = paragraph(x_table, 80, 230, prose, cjk=ko)
    y = above[-1].y + 22
    ops = [*above, *_three_columns(x_table + 10, y, rows, 13, ko),
           *paragraph(x_table, y + 13 * len(rows) + 14, 230, prose, cjk=ko),
           *paragraph(x_other, 80, 230, f"{prose} {prose}", cjk=ko)]
    return ops, [[list(r) for r in rows]]


def prose_page(ko: bool) -> Page:
    """Two columns of running text and nothing else."""
    prose = PROSE_KO if ko else PROSE
    return [*paragraph(56, 80, 230, f"{prose} {prose}", cjk=ko), *paragraph(309, 80, 230, f"{prose} {prose}", cjk=ko)], []


def prose_beside(ko: bool, prose_left: bool) -> Page:
    """A borderless table of seven rows (15.3 pt apart) with a paragraph beside it at its own
    line spacing (11.5 pt), left or right of it."""
    prose = PROSE_KO if ko else PROSE
    rows = (SMALL_KO if ko else SMALL) + ((("중부", "356", "1.75"), ("온라인", "3", "3.11")) if ko else
                                          (("Central", "356", "1.75"), ("Online", "3", "3.11")))
    x_table, x_prose = (300.0, 56.0) if prose_left else (74.0, 350.0)
    ops = [*paragraph(x_prose, 78, 190, prose, leading=11.5, cjk=ko),
           *_three_columns(x_table, 80, rows, 15.3, ko, (166, 244))]
    return ops, [[list(r) for r in rows]]


def gap_in_cells(kind: str, rules: bool) -> Page:
    """Four columns (ruled above, under the header and below when ``rules``; none else) whose
    second column's cells hold two parts parted by a run of two spaces ("spaces"), a typed
    full-width space U+3000 ("ideographic") or a one-em advance between two shows ("advance":
    how a word processor places a full-width space), at the same x on every line."""
    ko = kind != "spaces"
    head = ("번호", "품명", "수량", "금액") if ko else ("No.", "ID", "Qty", "Amount")
    parts = ((("제1호", "물품"), ("제2호", "부품"), ("제3호", "자재"), ("제4호", "소모품")) if ko else
             (("Lot", "A-1"), ("Lot", "B-2"), ("Lot", "C-3"), ("Lot", "D-4")))
    sep = {"spaces": "  ", "ideographic": "\u3000", "advance": " "}[kind]
    body = [(str(k + 1), f"{a}{sep}{b}", q, m)
            for k, ((a, b), q, m) in enumerate(zip(parts, ("12", "3", "7", "25"), ("1,200", "450", "2,310", "980"),
                                                   strict=True))]
    xs, bottom = (72, 110, 250, 330, 430), 106 + 16 * len(body) + 4
    ops: list[Op] = [Line(72, 90, 430, 90, 1.0), Line(72, 106, 430, 106), Line(72, bottom, 430, bottom, 1.0)] if rules else []
    for r, row in enumerate((head, *body)):
        y = 102 + 16 * r
        ops += [Text(xs[0] + 4, y, row[0], cjk=ko), Text(xs[3] - 4, y, row[2], align="right", cjk=ko),
                Text(xs[4] - 4, y, row[3], align="right", cjk=ko)]
        if r and kind == "advance":
            a, b = parts[r - 1]
            ops += [Text(xs[1] + 4, y, a, cjk=True), Text(xs[1] + 4 + width(a, 9, True) + 9, y, b, cjk=True)]
        else:
            ops.append(Text(xs[1] + 4, y, row[1], cjk=ko))
    read = " " if kind != "ideographic" else sep  # a cell's words are joined by one space; U+3000 stays in its word
    return ops, [[list(head), *[[n, f"{a}{read}{b}", q, m] for (n, _, q, m), (a, b) in zip(body, parts, strict=True)]]]


def turned_group_labels(rotate: int, ko: bool, rules: str) -> Page:
    """A table whose first column holds group labels turned a quarter (``rotate`` 90: bottom
    to top, 270: top to bottom), each centred beside the two rows of its group; ``rules``:
    "all" (every cell edge, the label's cell spanning its rows), "booktabs" or "none"."""
    groups = ("국내", "해외") if ko else ("Domestic", "Abroad")
    head = ("", "지역" if ko else "Region", "매출액" if ko else "Revenue", "이익" if ko else "Profit")
    body = (("North", "1,204", "224"), ("South", "987", "175"), ("East", "1,530", "429"), ("West", "642", "-59"))
    xs, ys = [60, 90, 170, 240, 310], [80, 100, 118, 136, 154, 172]
    ops: list[Op] = []
    if rules == "all":
        ops += [Line(xs[0], y, xs[-1], y) for y in (ys[0], ys[1], ys[3], ys[5])]
        ops += [Line(xs[1], y, xs[-1], y) for y in (ys[2], ys[4])] + [Line(x, ys[0], x, ys[-1]) for x in xs]
    elif rules == "booktabs":
        ops += [Line(xs[0], y, xs[-1], y, w) for y, w in ((ys[0], 1.0), (ys[1], 0.5), (ys[-1], 1.0))]
    ops += [Text(xs[1] + 4, ys[1] - 6, head[1], cjk=ko), Text(xs[3] - 4, ys[1] - 6, head[2], cjk=ko, align="right"),
            Text(xs[4] - 4, ys[1] - 6, head[3], cjk=ko, align="right")]
    for g, label in enumerate(groups):
        across = (xs[0] + xs[1]) / 2 + (3.2 if rotate == 90 else -3.2)  # the baseline, the glyphs centred on the cell
        ops.append(Text(across, (ys[1 + 2 * g] + ys[3 + 2 * g]) / 2, label, cjk=ko, align="centre", rotate=rotate))
    for r, (a, b, c) in enumerate(body):
        y = ys[r + 2] - 5
        ops += [Text(xs[1] + 4, y, a), Text(xs[3] - 4, y, b, align="right"), Text(xs[4] - 4, y, c, align="right")]
    return ops, [[list(head), *[[groups[r // 2] if r % 2 == 0 else "", *row] for r, row in enumerate(body)]]]


# -- the same pages laid out by the producers' own flowing layout ------------------------------


def _reportlab_font(ko: bool) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if not ko:
        return "Helvetica"
    if SUBSET_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(SUBSET_FONT, _cjk_subset()))
    return SUBSET_FONT


def platypus_two_column(ko: bool, table_right: bool, booktabs: bool) -> tuple[bytes, list[list[list[str]]]]:
    """A two-frame page of reportlab's platypus: paragraphs in both frames, a Table (no
    rules, or booktabs rules) between two paragraphs of one of them."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import (
        BaseDocTemplate,
        Frame,
        FrameBreak,
        PageTemplate,
        Paragraph,
        Spacer,
        Table,
        TableStyle,
    )

    font, (prose, rows) = _reportlab_font(ko), ((PROSE_KO, SMALL_KO) if ko else (PROSE, SMALL))
    out = io.BytesIO()
    doc = BaseDocTemplate(out, pagesize=A4, leftMargin=56, rightMargin=56, topMargin=60, bottomMargin=60)
    w = (A4[0] - 112 - 22) / 2
    doc.addPageTemplates([PageTemplate(frames=[Frame(56, 60, w, A4[1] - 120), Frame(78 + w, 60, w, A4[1] - 120)])])
    style = ParagraphStyle("p", fontName=font, fontSize=9, leading=11, wordWrap="CJK" if ko else None)
    table = Table([list(r) for r in rows], colWidths=[90, 60, 60])
    cmds = [("FONTNAME", (0, 0), (-1, -1), font), ("FONTSIZE", (0, 0), (-1, -1), 9), ("ALIGN", (1, 0), (-1, -1), "RIGHT")]
    if booktabs:
        cmds += [("LINEABOVE", (0, 0), (-1, 0), 1, None), ("LINEBELOW", (0, 0), (-1, 0), 0.5, None),
                 ("LINEBELOW", (0, -1), (-1, -1), 1, None)]
    table.setStyle(TableStyle(cmds))
    mine = [Paragraph(prose, style), Spacer(1, 8), table, Spacer(1, 8), Paragraph(prose, style)]
    other = [Paragraph(f"{prose} {prose}", style), Paragraph(prose, style)]
    doc.build([*other, FrameBreak(), *mine] if table_right else [*mine, FrameBreak(), *other])
    return out.getvalue(), [[list(r) for r in rows]]


def htmlbox_two_column(table_right: bool, booktabs: bool) -> tuple[bytes, list[list[list[str]]]]:
    """Two columns of HTML set by PyMuPDF's ``insert_htmlbox``: a paragraph, a table and a
    paragraph in one, paragraphs in the other."""
    border = "border-top:1pt solid black;border-bottom:1pt solid black;" if booktabs else ""
    cells = "".join("<tr>" + "".join(f"<td style='text-align:{'right' if i else 'left'};padding:1pt 8pt'>{c}</td>"
                                     for i, c in enumerate(r)) + "</tr>" for r in SMALL)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    css = "* {font-family: sans-serif; font-size: 9pt; line-height: 11pt}"
    left, right = pymupdf.Rect(56, 60, 286, 780), pymupdf.Rect(309, 60, 539, 780)
    mine, other = (right, left) if table_right else (left, right)
    page.insert_htmlbox(mine, f"<p>{PROSE}</p><table style='border-collapse:collapse;{border}'>{cells}</table>"
                              f"<p>{PROSE}</p>", css=css)
    page.insert_htmlbox(other, f"<p>{PROSE} {PROSE}</p><p>{PROSE}</p>", css=css)
    return doc.tobytes(), [[list(r) for r in SMALL]]


def platypus_invoice(ko: bool) -> tuple[bytes, list[list[list[str]]]]:
    """An invoice's foot set by platypus: a totals box (a Table flush right, no rules), a
    sentence, bank details in two rows, a heading and four key-value rows."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = _reportlab_font(ko)
    totals = ((("공급가액", "2,035,000"), ("부가세 10%", "203,500"), ("합계", "2,238,500")) if ko else
              (("Subtotal", "2,035.00"), ("VAT 20%", "407.00"), ("Total", "2,442.00")))
    bank = (("은행", "국민은행"), ("계좌번호", "123-456-7890")) if ko else \
        (("IBAN", "DE89 3704 0044 0532 0130 00"), ("BIC", "COBADEFFXXX"))
    pairs = ((("상호:", "예시컨설팅 주식회사"), ("사업자번호:", "123-45-67890"), ("전화:", "02-1234-5678"),
              ("이메일:", "billing@example.com")) if ko else
             (("Company:", "Example Consulting GmbH"), ("VAT no.:", "DE123456789"), ("Phone:", "+49 30 1234567"),
              ("E-mail:", "billing@example.com")))
    base = [("FONTNAME", (0, 0), (-1, -1), font), ("FONTSIZE", (0, 0), (-1, -1), 10)]

    def table(rows: Sequence[Sequence[str]], widths: list[float], align: str, extra: list[tuple]) -> Table:
        t = Table([list(r) for r in rows], colWidths=widths, hAlign=align)
        t.setStyle(TableStyle(base + extra))
        return t

    text = ParagraphStyle("p", fontName=font, fontSize=10, leading=13)
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, leftMargin=72, rightMargin=72, topMargin=72).build([
        Paragraph("감사합니다. 대금은 청구일로부터 30일 이내에 지급하여 주십시오." if ko else
                  "Thank you for your order. Please pay within 30 days of the invoice date.", text), Spacer(1, 12),
        table(totals, [100, 80], "RIGHT", [("ALIGN", (1, 0), (1, -1), "RIGHT")]), Spacer(1, 18),
        Paragraph("아래 계좌로 송금하여 주십시오." if ko else "Please transfer the amount to the account below.", text),
        Spacer(1, 6), table(bank, [70, 200], "LEFT", []), Spacer(1, 18),
        Paragraph("회사 정보" if ko else "Our details", ParagraphStyle("h", fontName=font, fontSize=12, leading=15)),
        Spacer(1, 6), table(pairs, [90, 200], "LEFT", [])])
    return out.getvalue(), [[list(r) for r in totals], [list(r) for r in bank], [list(r) for r in pairs]]
