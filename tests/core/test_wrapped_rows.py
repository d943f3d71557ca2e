"""Rows whose cells wrap over lines with no rule between the rows: a line set tighter than
the rows, holding no amount, that goes on cells of the row above (its first column
included: Hangul breaks anywhere, "노트북 컴퓨" over "터") is that row's, not a new row; a
label row at the rows' own pitch stays a row. Drawn with known coordinates (pdfmake's
``headerLineOnly`` layout) and as reportlab lays out a Table of wrapped Paragraphs."""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (56.0, 150.0, 240.0, 276.0, 336.0, 406.0, 486.0)  # six columns
PITCH = 19.5  # one-line row: 11.5 pt line + 4 pt padding above and below (pdfmake's default)
LINE = 11.5  # a cell's next line
SIZE = 9.0
HEAD = ("항목", "규격", "수량", "단가", "금액", "비고")
# Per row: its first line, then the wrapped ends of its cells (column -> text).
BODY: list[tuple[tuple[str, ...], dict[int, str]]] = [
    (("노트북 컴퓨", "i7 / 16GB /", "18", "2,982,000", "53,676,000", "관급 자재"), {0: "터", 1: "512GB SSD"}),
    (("보안 소프트", "백신 일년", "29", "3,633,000", "105,357,000", ""), {0: "웨어"}),
    (("프로젝터", "WUXGA", "40", "1,103,000", "44,120,000", ""), {}),
    (("레이저 프린", "흑백 레이저", "6", "3,696,000", "22,176,000", "부가세 포"), {0: "터", 5: "함"}),
    (("설치 및 배선", "현장 시공", "11", "1,459,000", "16,049,000", "일년 유지"), {5: "보수"}),
    (("합계", "", "", "", "241,378,000", ""), {}),
]
SECTION = ("소모품 일괄", "별도 구매")  # a row of text without amounts (label, spec), set at the rows' pitch


def _put(page: pymupdf.Page, y: float, c: int, text: str) -> None:
    """``text`` on baseline ``y`` in column ``c``: amounts right-aligned, the rest left; each
    word in its own font (Hangul in the built-in Korean one, Latin in Helvetica), words
    parted by a Helvetica space (the Korean font's space is a full em)."""
    space = pymupdf.Font("helv").text_length(" ", SIZE)
    fonts = ["korea" if any(ch >= "\u3000" for ch in w) else "helv" for w in text.split()]
    widths = [pymupdf.Font(f).text_length(w, SIZE) for f, w in zip(fonts, text.split(), strict=True)]
    x = XS[c] + 4
    if c in (2, 3, 4):
        x = XS[c + 1] - 4 - sum(widths) - space * (len(widths) - 1)
    for f, w, width in zip(fonts, text.split(), widths, strict=True):
        page.insert_text((x, y), w, fontsize=SIZE, fontname=f)
        x += width + space


def _build(section_after: int | None = None) -> bytes:
    """The table from y=100: the header ruled off, no rule between the body rows; with
    ``section_after`` a row of text (``SECTION``) after that body row, at the rows' pitch."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    for c, text in enumerate(HEAD):
        _put(page, top + 13, c, text)
    y = top + PITCH
    page.draw_line((XS[0], y), (XS[-1], y), width=1)
    for r, (first, tails) in enumerate(BODY):
        for c, text in enumerate(first):
            if text:
                _put(page, y + 13, c, text)
        for c, text in tails.items():
            _put(page, y + 13 + LINE, c, text)
        y += PITCH + (LINE if tails else 0)
        if r == section_after:
            for c, text in enumerate(SECTION):
                _put(page, y + 13, c, text)
            y += PITCH
    return doc.tobytes()


def _table(data: bytes, params: Params | None = None) -> tuple[PageResult, list[list[str]]]:
    """The page's one table and its cells' texts with white space dropped (Hangul words
    join without a space, a cell's lines with a line break)."""
    res = Pipeline(open_document(data)).run(0, params or Params())
    assert len(res.tables) == 1
    return res, [["".join(c.split()) for c in row] for row in res.tables[0].rows_text()]


def test_wrapped_cells_first_column_included_stay_their_row() -> None:
    """Four rows wrap (labels broken inside a word, a spec, a note); each is one row."""
    _, rows = _table(_build())
    assert len(rows) == 1 + len(BODY)
    assert [r[0] for r in rows] == ["항목", "노트북컴퓨터", "보안소프트웨어", "프로젝터", "레이저프린터", "설치및배선", "합계"]
    assert rows[1][1:] == ["i7/16GB/512GBSSD", "18", "2,982,000", "53,676,000", "관급자재"]
    assert rows[4][5] == "부가세포함" and rows[5][5] == "일년유지보수"


def test_label_row_at_the_rows_pitch_stays_a_row() -> None:
    """Control: a row of text without amounts (a label and a spec) under a full row, set at
    the rows' pitch (not at a cell's line step), is a row of its own; the wrapped rows
    around it still hold."""
    _, rows = _table(_build(section_after=1))
    assert [r[0] for r in rows][2:5] == ["보안소프트웨어", "소모품일괄", "프로젝터"]
    assert rows[3][1:] == ["별도구매", "", "", "", ""]
    assert rows[1][0] == "노트북컴퓨터" and rows[5][0] == "레이저프린터"


def test_explain_names_the_tight_wrapped_line() -> None:
    """Explain says why no row starts at "터": set tighter than the rows, it goes on the cells."""
    res, _ = _table(_build())
    (t,) = explain_page(res, Params())
    rows = [w for w in t.dropped if w.axis == "row"]
    y = 100 + PITCH + 13 + LINE / 2  # between "노트북 컴퓨" and "터"
    near = [w for w in rows if abs(w.pos - y) < 4]
    assert near and "closer" in near[0].decision


def _reportlab(label_rows: bool, total: bool = True) -> bytes:
    """A reportlab Table of Paragraph cells, a rule under the header only: narrow label and
    spec columns wrap at word spaces onto a line starting in upper case."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=9, leading=11)
    data = [["Item", "Model", "Qty", "Price", "Amount"]]
    items = [("Laser Printer Unit", "Mono A4 Duplex", "6", "3,696,000", "22,176,000"),
             ("Projector", "WUXGA", "40", "1,103,000", "44,120,000"),
             ("Network Switch Core", "Layer 3 Managed", "26", "4,312,000", "112,112,000"),
             ("Monitor", "QHD", "33", "835,000", "27,555,000"),
             ("Security Suite Licence", "Annual Plan", "18", "227,000", "4,086,000")]
    for k, row in enumerate(items):
        data.append([Paragraph(row[0], style), Paragraph(row[1], style), *row[2:]])
        if label_rows and k == 1:
            data.append([Paragraph("Supplies", style), Paragraph("Ordered Apart", style), "", "", ""])
    if total:
        data.append(["Total", "", "", "", "210,029,000"])
    table = Table(data, colWidths=[80, 70, 40, 70, 80])
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 1, (0, 0, 0)),
                               ("ALIGN", (2, 1), (-1, -1), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("FONTSIZE", (0, 0), (-1, -1), 9), ("TOPPADDING", (0, 0), (-1, -1), 4),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build([table])
    return out.getvalue()


@pytest.mark.parametrize("label_rows", [False, True], ids=["wrapped", "with-label-row"])
def test_reportlab_wrapped_paragraph_cells_stay_their_row(label_rows: bool) -> None:
    """reportlab wraps "Laser Printer Unit" over "Laser Printer" / "Unit" beside "Mono A4" /
    "Duplex": each item is one row; a "Supplies" row of text (control) stays its own row."""
    _, rows = _table(_reportlab(label_rows))
    labels = [r[0] for r in rows]
    expect = ["Item", "LaserPrinterUnit", "Projector", "NetworkSwitchCore", "Monitor", "SecuritySuiteLicence", "Total"]
    if label_rows:
        expect.insert(3, "Supplies")
    assert labels == expect
    assert rows[1][1:] == ["MonoA4Duplex", "6", "3,696,000", "22,176,000"]


# -- cells spanning rows under rules drawn row by row ------------------------------------

GROUP_XS = (72.0, 132.0, 262.0, 342.0, 422.0)  # group, item, two amounts
GROUP_ROWS = [("Region", "Item", "2024", "2023"), ("East", "Interest", "483.2", "660.9"),
              ("", "Other income", "(1.0)", "563.8"), ("", "Investments", "45.8", "678.3"),
              ("West", "Credit losses", "304.0", "41.4"), ("", "Impairment", "366.2", "(18.9)"),
              ("North", "Total", "877.8", "748.0")]


def _group_table(left_out: bool, from_col: int = 1) -> bytes:
    """Group labels spanning rows beside item rows, a rule under every row (pdfmake's
    ``lightHorizontalLines``): with ``left_out`` the rule under a group's rows but its last
    is drawn from column ``from_col`` on (the group column's cell spans them), else across."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top, pitch = 100.0, 17.0
    for r, row in enumerate(GROUP_ROWS):
        for c, text in enumerate(row):
            if text:
                x = GROUP_XS[c] + 4 if c < 2 else GROUP_XS[c + 1] - 4 - pymupdf.Font("helv").text_length(text, SIZE)
                page.insert_text((x, top + r * pitch + 12), text, fontsize=SIZE, fontname="helv")
        if r + 1 < len(GROUP_ROWS):
            inside = left_out and r >= 1 and not GROUP_ROWS[r + 1][0]
            page.draw_line((GROUP_XS[from_col] if inside else GROUP_XS[0], top + (r + 1) * pitch),
                           (GROUP_XS[-1], top + (r + 1) * pitch), width=0.5)
    return doc.tobytes()


# Spans under left-out rules are a switch, off by default (see the parameter's help).
SPANS_ON = Params().with_value("tables.left_out_spans", True)


def test_rule_left_out_under_a_group_label_spans_its_rows() -> None:
    """"East" spans its three rows and "West" its two, where the rules leave the group column
    out; the item rows stay rows."""
    res, rows = _table(_group_table(left_out=True), SPANS_ON)
    t = res.tables[0]
    assert (t.n_rows, t.n_cols) == (7, 4)
    spans = {(c.r, c.c): c.rs for c in t.cells if c.c == 0}
    assert spans[(1, 0)] == 3 and spans[(4, 0)] == 2 and spans[(6, 0)] == 1 and spans[(0, 0)] == 1
    assert [r[1] for r in rows[1:4]] == ["Interest", "Otherincome", "Investments"]


def test_rule_drawn_across_keeps_the_empty_slots_their_rows() -> None:
    """Control: the same rows with every rule drawn across; an empty group slot under a rule
    is an empty cell of its own row, not part of the label above."""
    res, _ = _table(_group_table(left_out=False), SPANS_ON)
    assert all(c.rs == 1 for c in res.tables[0].cells)


def test_rule_left_out_over_text_below_spans_nothing() -> None:
    """Control: rules left out under the item column too (drawn under the amounts only); every
    item slot holds text, so no item cell spans (a left-out rule over text is no span)."""
    res, rows = _table(_group_table(left_out=True, from_col=2), SPANS_ON)
    t = res.tables[0]
    assert all(c.rs == 1 for c in t.cells if c.c == 1)
    assert [r[1] for r in rows[1:6]] == ["Interest", "Otherincome", "Investments", "Creditlosses", "Impairment"]


def test_reportlab_span_under_linebelow_spans_its_rows() -> None:
    """reportlab's SPAN with LINEBELOW under every row draws no rule through the spanned cell
    (its rules start at the item column there): "East" spans three rows, "West" two."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    data = [list(row) for row in GROUP_ROWS]
    table = Table(data, colWidths=[60, 120, 70, 70])
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, -2), 0.5, (0, 0, 0)), ("SPAN", (0, 1), (0, 3)),
                               ("SPAN", (0, 4), (0, 5)), ("VALIGN", (0, 0), (0, -1), "TOP"),
                               ("ALIGN", (2, 0), (-1, -1), "RIGHT")]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4).build([table])
    res, _ = _table(out.getvalue(), SPANS_ON)
    assert [(c.r, c.rs, c.text) for c in res.tables[0].cells if c.c == 0] == [
        (0, 1, "Region"), (1, 3, "East"), (4, 2, "West"), (6, 1, "North")]
    off, _ = _table(out.getvalue())  # the switch's default: every slot its own row
    assert all(c.rs == 1 for c in off.tables[0].cells)


# -- bold section labels between borderless rows -----------------------------------------

SECTION_XS = (72.0, 200.0, 280.0, 360.0)


def _sections_table(section_bold: bool, wrapped: bool = False) -> bytes:
    """A borderless table (autotable's ``plain`` theme): a bold header, plain rows 18 pt
    apart, and after the third row a label alone in the first column ("Americas", bold when
    ``section_bold``) at the same pitch (with ``wrapped``: at a wrapped cell's leading,
    ``LINE`` under "Tax", the rows under it one pitch under it), then two more rows and a
    bold total."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [("Item", "2019", "2020", True), ("Africa", "8.6%", "643", False), ("Incidents", "-2.7%", "233", False),
            ("Tax", "39.7%", "865", False), ("Americas", "", "", section_bold), ("Middle East", "11.1%", "63", False),
            ("Support", "24.7%", "9", False), ("Total", "24.3%", "70", True)]
    for r, (*cells, bold) in enumerate(rows):
        font = "hebo" if bold else "helv"
        y = 100 + r * 18 - (18 - LINE if wrapped and r >= 4 else 0)
        for c, text in enumerate(cells):
            if text:
                x = SECTION_XS[c] + 4 if c == 0 else SECTION_XS[c + 1] - 4 - pymupdf.Font(font).text_length(text, SIZE)
                page.insert_text((x, y), text, fontsize=SIZE, fontname=font)
    return doc.tobytes()


def test_bold_label_alone_under_plain_rows_is_a_section_row() -> None:
    """"Americas", bold and alone in the first column under a plain row, is a row of its own
    (a section label), not the next line of "Tax"."""
    _, rows = _table(_sections_table(section_bold=True))
    assert [r[0] for r in rows] == ["Item", "Africa", "Incidents", "Tax", "Americas", "MiddleEast", "Support", "Total"]


def test_plain_label_alone_under_plain_rows_goes_on_the_row() -> None:
    """Control: the same line set plain at a wrapped cell's leading (tighter than the rows)
    reads as the label above wrapped (a label's next line keeps its font): no row starts there."""
    _, rows = _table(_sections_table(section_bold=False, wrapped=True))
    assert [r[0] for r in rows][3] == "TaxAmericas"


def test_plain_label_alone_at_the_rows_pitch_is_a_section_row() -> None:
    """The same plain line at the rows' own pitch (18 pt, twice its type size: padded rows,
    whose wrapped lines are set at the leading) is a section row (``structure.sectionrows``)."""
    _, rows = _table(_sections_table(section_bold=False))
    assert [r[0] for r in rows] == ["Item", "Africa", "Incidents", "Tax", "Americas", "MiddleEast", "Support", "Total"]


def test_explain_names_the_section_label() -> None:
    """Explain says the row over "Americas" starts at a bold label under a plain line."""
    res, _ = _table(_sections_table(section_bold=True))
    (t,) = explain_page(res, Params())
    y = 100 + 3.5 * 18 - 3  # between the baselines of "Tax" and "Americas", at the text's middle
    kept = [w for w in t.rows if w.kept and abs(w.pos - y) < 6]
    assert kept and "bold label" in kept[0].decision


# -- the last row's wrapped cell under a table without a bottom rule ------------------------

TAIL_XS = (72.0, 172.0, 262.0, 322.0, 412.0)  # label, model, qty, amount, and the right edge
TAIL_ROWS = [("Item", "Model", "Qty", "Amount"), ("Printer", "Mono A4", "6", "22,176,000"),
             ("Projector", "WUXGA", "40", "44,120,000"), ("Switch", "Layer 3", "26", "112,112,000"),
             ("Monitor", "QHD", "33", "27,555,000"), ("Security Suite", "Annual Plan", "18", "4,086,000")]


def _tail_table(under: str, step: float = LINE, x: float = TAIL_XS[0] + 4) -> bytes:
    """Five rows at pdfmake's pitch under a ruled-off header, no bottom rule; ``under`` set
    ``step`` under the last row's baseline from ``x`` (Helvetica 9 pt)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 100.0
    for r, row in enumerate(TAIL_ROWS):
        for c, text in enumerate(row):
            w = pymupdf.Font("helv").text_length(text, SIZE)
            at = TAIL_XS[c + 1] - 4 - w if c >= 2 else TAIL_XS[c] + 4
            page.insert_text((at, y + 13), text, fontsize=SIZE, fontname="helv")
        if r == 0:
            page.draw_line((TAIL_XS[0], y + PITCH), (TAIL_XS[-1], y + PITCH), width=1)
        y += PITCH
    page.insert_text((x, y - PITCH + 13 + step), under, fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def _texts(data: bytes) -> tuple[list[list[str]], str]:
    """The page's one table's cells (white space dropped) and all its text joined."""
    res = Pipeline(open_document(data)).run(0, Params())
    assert len(res.tables) == 1
    rows = [["".join(c.split()) for c in row] for row in res.tables[0].rows_text()]
    return rows, "".join("".join(r) for r in rows)


def test_last_rows_wrapped_label_stays_in_the_table() -> None:
    """"Licence" under "Security Suite" at a cell's line step, no rule under the table: the
    last row's label wraps, and its tail line is the row's, not prose under the table."""
    rows, _ = _texts(_tail_table("Licence"))
    assert len(rows) == len(TAIL_ROWS)
    assert rows[-1] == ["SecuritySuiteLicence", "AnnualPlan", "18", "4,086,000"]


@pytest.mark.parametrize("under", ["Note: excl. VAT", "Source: Office", "* Estimated"])
def test_note_under_the_last_row_stays_out(under: str) -> None:
    """Control: a note or source in the first column, as tight under the last row as a
    wrapped cell's line, is set under the table, not in its last cell."""
    rows, text = _texts(_tail_table(under))
    assert rows[-1][0] == "SecuritySuite" and under.split()[-1].rstrip(".") not in text


def test_paragraph_right_under_the_table_stays_out() -> None:
    """Control: prose starting where the first column does, across the columns, at the
    cells' line step, is no row's tail."""
    rows, text = _texts(_tail_table("These figures are the budget office's estimates for the next year."))
    assert rows[-1][0] == "SecuritySuite" and "budget" not in text


def test_line_at_the_rows_pitch_stays_out() -> None:
    """Control: a one-column line set at the rows' own pitch (a row would start there, but
    it holds no columns) is not the last row's wrapped cell."""
    rows, text = _texts(_tail_table("Licence", step=PITCH))
    assert rows[-1][0] == "SecuritySuite" and "Licence" not in text


def test_reportlab_last_row_wraps_without_a_total_row() -> None:
    """reportlab's Table ending in a wrapped Paragraph cell, no Total row and no bottom rule:
    "Security Suite" / "Licence" is one cell of the last row."""
    _, rows = _table(_reportlab(False, total=False))
    assert [r[0] for r in rows][-1] == "SecuritySuiteLicence"
    assert rows[-1][1:] == ["AnnualPlan", "18", "227,000", "4,086,000"]


# -- a total-fit line breaker's last row: its next line longer than its first ----------------

PLAN_XS = (91.0, 94.0, 267.5, 339.8, 391.0)  # the number's right edge; task, owner, due, status
PLAN = [(("1", "Audit the lighting and list every fitting that", "Health and", "Week 1", "Planned"),
         {1: "still takes an old lamp", 2: "safety"}),
        (("2", "Clear the gutters on all blocks and fit", "Facilities", "Week 4", "Open"),
         {1: "guards where leaves collect every autumn"}),
        (("3", "Agree the traffic plan with the council and", "Site manager", "Week 3", "On hold"),
         {1: "publish the diversion two weeks ahead"}),
        (("4", "Repaint the stair cores in the agreed", "Estates", "Week 6", "Planned"), {})]
PLAN_STEP, PLAN_PAD = 10.8, 1.5  # Times 9 pt at FOP's 1.2 line height; cell padding above and below


def _plan(tail: str, tail_x: float = PLAN_XS[1], font: str = "tiro", size: float = SIZE) -> bytes:
    """A work plan as FOP sets it (numbers right-aligned 3 pt before the tasks, every row two
    lines, a rule under the head only), the last row's next line ``tail`` from ``tail_x``,
    then a paragraph at the page's margin 6 pt under the table."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    times = pymupdf.Font("tiro")

    def put(y: float, c: int, text: str) -> None:
        x = PLAN_XS[0] - times.text_length(text, SIZE) if c == 0 else PLAN_XS[c]
        page.insert_text((x, y), text, fontsize=SIZE, fontname="tiro")

    y = 100.0
    for c, text in enumerate(("No", "Task", "Owner", "Due", "Status")):
        put(y, c, text)
    page.draw_line((80, y + 4.5), (420, y + 4.5), width=0.5)
    for first, tails in PLAN:
        y += PLAN_STEP + 2 * PLAN_PAD
        for c, text in enumerate(first):
            put(y, c, text)
        for c, text in tails.items():
            put(y + PLAN_STEP, c, text)
        y += PLAN_STEP
    page.insert_text((tail_x, y), tail, fontsize=size, fontname=font)
    page.insert_text((71, y + PLAN_STEP + 8), "Payment is due within thirty days of the date of this document.",
                     fontsize=SIZE, fontname="tiro")
    return doc.tobytes()


def test_last_rows_next_line_longer_than_its_first_stays_in_the_table() -> None:
    """FOP (like TeX) breaks a cell's lines for the whole paragraph, so the last row's next line
    may be longer than its first, reaching into the white the row leaves before the owner
    column (not into the white every row leaves there), and it starts where the other rows'
    wrapped lines start, 3 pt right of the row's number: it is the last row's, and the
    paragraph under the table is not."""
    rows, text = _texts(_plan("colours after the plaster has fully dried"))
    assert len(rows) == 1 + len(PLAN)
    assert "coloursaftertheplasterhasfullydried" in "".join(rows[-1]) and "Payment" not in text
    assert rows[-1][-3:] == ["Estates", "Week6", "Planned"]


def test_line_at_the_margin_under_the_last_row_stays_out() -> None:
    """Control: the same line set at the page's margin, left of the table, where no row's
    wrapped line starts, is prose under the table."""
    rows, text = _texts(_plan("colours after the plaster has fully dried", tail_x=71.0))
    assert len(rows) == 1 + len(PLAN) and "colours" not in text


def test_heading_tight_under_the_last_row_stays_out() -> None:
    """Control: a section heading (bold, 12 pt) set where the wrapped lines start, as tight
    under the last row as a cell's next line, is in no cell's type: it is not the row's."""
    rows, text = _texts(_plan("2. Discussion", font="tibo", size=12))
    assert len(rows) == 1 + len(PLAN) and "Discussion" not in text
