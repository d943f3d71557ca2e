"""Where one table ends, laid out once and drawn by three producers (``small_pdfs.PRODUCERS``:
PyMuPDF's ``insert_text``, reportlab's canvas, fpdf2): two tables sharing their columns with a
heading, a caption, a note, a unit line or a sentence between them, in English, Korean and
Chinese, in four rule styles; and the converse, one table with full-width section rows (one
over two lines) that stays one.

Columns: a label flush left at 60 pt, three amounts flush right at 300, 400 and 500 pt; rules
from 56 to 504 pt. Rows are ``PITCH`` pt apart. Rule styles: "booktabs" (over the header, under
it and under the last row), "between" (between rows only: fpdf2's HORIZONTAL_LINES), "light"
(under the header and between rows, none under the last row: pdfmake's lightHorizontalLines)
and "none".
"""

from __future__ import annotations

from collections.abc import Sequence

from small_pdfs import Line, Op, Page, Text

PITCH = 16.0
X0, X1 = 56.0, 504.0
LABEL_X, AMOUNT_XS = 60.0, (300.0, 400.0, 500.0)
RULE_STYLES = ("booktabs", "between", "light", "none")
LANGS = ("en", "ko", "zh")
KINDS = ("heading", "caption", "note", "unit", "sentence")

HEADS = {"en": (("Item", "2023", "2022", "Change"), ("Segment", "2023", "2022", "Change")),
         "ko": (("항목", "당기", "전기", "증감"), ("부문", "당기", "전기", "증감")),
         "zh": (("项目", "本期金额", "上期金额", "变动"), ("分部", "本期金额", "上期金额", "变动"))}
LABELS = {"en": ("Revenue", "Cost of sales", "Gross profit", "Selling expenses", "Admin expenses", "Other income",
                 "Operating profit", "Finance costs"),
          "ko": ("매출액", "매출원가", "매출총이익", "판매비", "관리비", "기타수익", "영업이익", "금융비용"),
          "zh": ("营业收入", "营业成本", "毛利", "销售费用", "管理费用", "其他收益", "营业利润", "财务费用")}
# What stands between the two tables: (text, type size, flush right).
BETWEEN = {
    "heading": {"en": ("2. Segment results", 11.5, False), "ko": ("2. 부문별 실적", 11.5, False),
                "zh": ("二、分部业绩", 11.5, False)},
    "caption": {"en": ("Table 2. Segment results", 9.0, False), "ko": ("표 2. 부문별 실적", 9.0, False),
                "zh": ("表2 分部业绩", 9.0, False)},
    "note": {"en": ("Note: segment figures are unaudited", 8.0, False), "ko": ("주: 부문별 수치는 감사 전 수치임", 8.0, False),
             "zh": ("注：分部数据未经审计", 8.0, False)},
    "unit": {"en": ("Unit: USD thousand", 8.0, True), "ko": ("(단위: 백만원)", 8.0, True), "zh": ("单位：元", 8.0, True)},
    "sentence": {"en": ("The segment figures below are restated for the merger.", 9.0, False),
                 "ko": ("아래 부문별 수치는 합병을 반영하여 재작성하였습니다.", 9.0, False),
                 "zh": ("以下分部数据已按合并后的口径重新列报。", 9.0, False)},
}
SECTIONS = {"en": ("Continuing operations", ("Discontinued operations of the former retail", "business held for sale")),
            "ko": ("계속영업", ("중단영업: 매각 예정인 종전 소매", "사업부문")),
            "zh": ("持续经营", ("终止经营：持有待售的原零售", "业务分部"))}


def amounts(k: int) -> tuple[str, str, str]:
    return f"{1200 + 379 * k:,}", f"({870 + 253 * k:,})", f"{(k * 7) % 23 - 9}.{k % 10}%"


def rows_of(lang: str, first: int, n: int) -> list[tuple[str, ...]]:
    labels = LABELS[lang]
    return [(labels[k % len(labels)], *amounts(k)) for k in range(first, first + n)]


def _row(lang: str, y: float, row: Sequence[str], bold: bool = False) -> list[Op]:
    """One row's texts on baseline ``y``: the label left, the amounts flush right."""
    cjk = lang != "en"
    ops: list[Op] = [Text(LABEL_X, y, row[0], cjk=cjk)] if row[0] else []
    return ops + [Text(x, y, t, cjk=cjk, align="right") for x, t in zip(AMOUNT_XS, row[1:], strict=True) if t]


def _table(lang: str, top: float, rows: Sequence[Sequence[str]], rules: str) -> tuple[list[Op], float]:
    """A header and body rows from ``top`` (pt, the header row's top edge) in rule style
    ``rules``; returns the ops and the table's bottom edge."""
    ops: list[Op] = []
    for r, row in enumerate(rows):
        ops += _row(lang, top + r * PITCH + 11.5, row)
    bottom = top + len(rows) * PITCH
    edges = {"booktabs": (0, 1, len(rows)), "between": tuple(range(1, len(rows))),
             "light": tuple(range(1, len(rows))), "none": ()}[rules]
    for k in edges:
        ops.append(Line(X0, top + k * PITCH, X1, top + k * PITCH, 1.0 if rules == "booktabs" and k != 1 else 0.5))
    return ops, bottom


def two_tables(lang: str, kind: str, rules: str) -> Page:
    """Two tables sharing their columns, one line (``kind``) between them, white space of
    about one row above it and half a row under it."""
    first = [HEADS[lang][0], *rows_of(lang, 0, 5)]
    second = [HEADS[lang][1], *rows_of(lang, 5, 4)]
    ops, bottom = _table(lang, 90.0, first, rules)
    text, size, right = BETWEEN[kind][lang]
    y = bottom + PITCH + size
    ops.append(Text(X1 - 4 if right else LABEL_X, y, text, size=size, cjk=lang != "en", align="right" if right else "left"))
    more, _ = _table(lang, y + 8.0, second, rules)
    return ops + more, [[list(r) for r in first], [list(r) for r in second]]


def sectioned_table(lang: str, rules: str) -> Page:
    """One table whose body holds two full-width section rows (a label alone on its row, the
    second wrapped over two lines) at the rows' own pitch: one table."""
    one, two = SECTIONS[lang]
    rows: list[tuple[str, ...]] = [HEADS[lang][0], (one, "", "", ""), *rows_of(lang, 0, 3),
                                   (f"{two[0]} {two[1]}" if lang == "en" else f"{two[0]}{two[1]}", "", "", ""),
                                   *rows_of(lang, 3, 3)]
    top, ops, y = 90.0, list[Op](), 90.0
    edges = [top]
    for row in rows:
        lines = two if row[0] == rows[5][0] else (row[0],)
        for k, text in enumerate(lines):
            ops += _row(lang, y + 11.5 + k * 11.0, (text, *row[1:]) if k == 0 else (text, "", "", ""))
        y += PITCH + 11.0 * (len(lines) - 1)
        edges.append(y)
    keep = {"booktabs": (0, 1, len(rows)), "between": tuple(range(1, len(rows))),
            "light": tuple(range(1, len(rows))), "none": ()}[rules]
    ops += [Line(X0, edges[k], X1, edges[k], 0.5) for k in keep]
    return ops, [[list(r) for r in rows]]


SPANNERS = {"en": ("Amounts", "Remarks", "2. Segment results", "The segment figures below are restated."),
            "ko": ("금액", "비고", "2. 부문별 실적", "아래 수치는 재작성하였습니다."),
            "zh": ("金额", "备注", "二、分部业绩", "以下数据已重新列报。")}


def spanner_tables(lang: str) -> Page:
    """Two tables in pdfmake's light style (rules under the header and between rows, none
    under the last row): the upper table's last row, a heading in larger type, a sentence and
    the lower table's header stand between two rules, the lower of them the underline of a
    spanning label ("Amounts" over the two years) inside a header row reaching past the
    upper table's rules (the lower table has a fifth column, remarks). The lower table's
    expected rows are its body rows (its two-line header is not compared)."""
    cjk = lang != "en"
    span, remarks, heading, sentence = SPANNERS[lang]
    first = [HEADS[lang][0], *rows_of(lang, 0, 5)]
    ops, bottom = _table(lang, 90.0, first, "light")
    y = bottom + PITCH + 11.5
    ops += [Text(LABEL_X, y, heading, size=11.5, cjk=cjk), Text(LABEL_X, y + 16, sentence, cjk=cjk)]
    top = y + 24  # the lower table's header: the spanner's line, then the years' line
    ops += [Text(LABEL_X, top + 11.5, HEADS[lang][1][0], cjk=cjk), Text(300, top + 11.5, span, cjk=cjk, align="centre"),
            Text(510, top + 11.5, remarks, cjk=cjk), Line(210, top + 15, 400, top + 15)]
    ops += [Text(x, top + 27.5, t, cjk=cjk, align="right") for x, t in zip(AMOUNT_XS, HEADS[lang][1][1:], strict=True)]
    body = rows_of(lang, 5, 4)
    head_bottom = top + 32
    ops.append(Line(X0, head_bottom, 564, head_bottom, 1.0))
    for r, row in enumerate(body):
        yy = head_bottom + r * PITCH + 11.5
        ops += [*_row(lang, yy, row), Text(510, yy, f"R{r + 1}")]
        if r:
            ops.append(Line(X0, head_bottom + r * PITCH, 564, head_bottom + r * PITCH))
    return ops, [[list(r) for r in first], [[*r, f"R{k + 1}"] for k, r in enumerate(body)]]


# -- the same pairs written by a word processor: python-docx, then LibreOffice's tagged PDF export --

WRITER_EXPORT = 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}'
WRITER_STYLES = ("Table Grid", "")  # every cell edge ruled; no rules at all


def writer_pages() -> list[tuple[str, str, str]]:
    """(lang, kind, table style) of each page of ``writer_docx``: every pair in both styles,
    then one sectioned table per language and style (kind "sections")."""
    pages = [(lang, kind, style) for style in WRITER_STYLES for lang in LANGS for kind in KINDS]
    return pages + [(lang, "sections", style) for style in WRITER_STYLES for lang in LANGS]


def writer_docx(path: str) -> None:
    """A .docx of ``writer_pages``, one page each: two tables with the line between them set
    as Word sets it (a "Heading 2" paragraph, a caption, a note or a unit line flush right in
    small type, a sentence), or one table with section rows."""
    from docx import Document
    from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
    from docx.shared import Pt

    doc = Document()
    for n, (lang, kind, style) in enumerate(writer_pages()):
        if n:
            doc.paragraphs[-1].add_run().add_break(WD_BREAK.PAGE)
        doc.add_heading({"en": "1. Income statement", "ko": "1. 손익계산서", "zh": "一、利润表"}[lang], level=1)
        if kind == "sections":
            one, two = SECTIONS[lang]
            _writer_table(doc, [HEADS[lang][0], (one, "", "", ""), *rows_of(lang, 0, 3),
                                (" ".join(two) if lang == "en" else "".join(two), "", "", ""), *rows_of(lang, 3, 3)], style)
        else:
            _writer_table(doc, [HEADS[lang][0], *rows_of(lang, 0, 5)], style)
            text, size, right = BETWEEN[kind][lang]
            if kind == "heading":
                doc.add_heading(text, level=2)
            else:
                p = doc.add_paragraph()
                p.add_run(text).font.size = Pt(size)
                if right:
                    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
            _writer_table(doc, [HEADS[lang][1], *rows_of(lang, 5, 4)], style)
        doc.add_paragraph("")
    doc.save(path)


def _writer_table(doc: object, rows: Sequence[Sequence[str]], style: str) -> None:
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    table = doc.add_table(rows=len(rows), cols=4)  # type: ignore[attr-defined]
    if style:
        table.style = style
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            p = table.cell(r, c).paragraphs[0]
            p.add_run(text).font.size = Pt(9)
            if c:
                p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
