"""Lines inside one ruled row (issue 25, class 1): where rules drawn across a table delimit its
rows, the text lines between two rules are one row's multi-line cells (a label over several
lines, a bullet or numbered list, a one-line fee centred beside them, every cell of a row on
two lines), whatever the other bands hold and whichever producer drew it: Word's borders as
thin filled rectangles (PyMuPDF at exact coordinates), reportlab's LINEBELOW and GRID, fpdf2's
table. A band splits only on evidence of its own: rows of amounts (a statement ruled every few
rows) or lines that each fill the row at the body's row pitch; unruled rows keep their lines."""

from __future__ import annotations

import html
import io
import unicodedata
from collections.abc import Sequence

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

Rows = Sequence[Sequence[str]]
SIZE, LEAD, PAD = 9.0, 10.8, 3.5  # type size, leading and cell padding (pt), Word's habits
LEFT, TOP = 60.0, 80.0
# A rate sheet of two rows under its header (too few bands for every band to be short): a
# label over five lines, a list beside it, a fee centred in the row, an empty fee.
LISTED = (("Product", "Conditions", "Fee"),
          ("Plan A\nIncludes one-off\ncosts of the site\nclosure in the third\nquarter",
           "Restated after the change\n• Renewed automatically\n• Paid monthly in arrears", "CHF 14,670"),
          ("Account A", "Excludes discontinued items\n1. Free for the first year\n2. Renewed automatically", ""))
# Every cell of every body row on two lines, each line capitalised and filling every column.
TWO_EACH = (("Plan", "Speed", "Support"),
            ("Basic\nHome", "Fibre\nUnlimited", "Email\nWeekdays"),
            ("Family\nHome", "Fibre\nUnlimited", "Phone\nEvenings"),
            ("Pro\nOffice", "Leased line\nSymmetric", "Engineer\nOn site"))
WIDTHS = (95.0, 150.0, 70.0)


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).replace("·", "•").split())


def _rows(data: bytes) -> list[list[str]]:
    (table,) = Pipeline(open_document(data)).run(0).tables
    return [[_norm(c) for c in row] for row in table.rows_text()]


def _want(rows: Rows) -> list[list[str]]:
    return [[_norm(c) for c in row] for row in rows]


def word_borders(rows: Rows, widths: Sequence[float], rules: str = "between", valign: str = "middle",
                 step: float = LEAD, pad: float = PAD) -> bytes:
    """Word's export: each cell edge its own filled rectangle 0.5 pt thick, the header's
    shading drawn before them; ``rules`` "between" (a rule over the table and under every
    row, no verticals) or "grid"; cell lines ``step`` apart, set at the top, middle or bottom,
    ``pad`` (pt) over and under them (Word's default cell margins: 0)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [LEFT]
    for w in widths:
        xs.append(xs[-1] + w)
    heights = [max(t.count("\n") + 1 for t in row) * step + 2 * pad for row in rows]
    ys = [TOP]
    for h in heights:
        ys.append(ys[-1] + h)
    shape = page.new_shape()
    shape.draw_rect(pymupdf.Rect(xs[0], ys[0], xs[-1], ys[1]))
    shape.finish(fill=(0.85, 0.9, 1.0), color=None, width=0)
    for r in range(len(rows)):
        for c in range(len(widths)):
            edges = [(xs[c], ys[r + 1] - 0.25, xs[c + 1], ys[r + 1] + 0.25)]
            if r == 0 or rules == "grid":
                edges.append((xs[c], ys[r] - 0.25, xs[c + 1], ys[r] + 0.25))
            if rules == "grid":
                edges += [(x - 0.25, ys[r], x + 0.25, ys[r + 1]) for x in (xs[c], xs[c + 1])]
            for e in edges:
                shape.draw_rect(pymupdf.Rect(*e))
                shape.finish(fill=(0, 0, 0), color=None, width=0)
    shape.commit()
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            lines = text.split("\n")
            free = heights[r] - 2 * pad - len(lines) * step
            off = {"top": 0.0, "middle": free / 2, "bottom": free}[valign]
            for k, line in enumerate(lines):
                page.insert_text((xs[c] + 5.4, ys[r] + pad + off + k * step + SIZE), line, fontsize=SIZE,
                                 fontname="helv")
    return doc.tobytes()


def reportlab_rules(rows: Rows, widths: Sequence[float], rules: str = "below", valign: str = "MIDDLE",
                    pad: float = 3.0) -> bytes:
    """reportlab's platypus Table of Paragraphs: LINEBELOW under every row, or a GRID; ``pad``
    (pt) over and under each cell's text (reportlab's default 3)."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=SIZE, leading=SIZE * 1.25)
    table = Table([[Paragraph(html.escape(t).replace("\n", "<br/>"), style) for t in row] for row in rows],
                  colWidths=list(widths), hAlign="LEFT")
    line = ("GRID", (0, 0), (-1, -1), 0.5, colors.black) if rules == "grid" else \
        ("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.black)
    table.setStyle(TableStyle([line, ("VALIGN", (0, 0), (-1, -1), valign), ("TOPPADDING", (0, 0), (-1, -1), pad),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), pad)]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=(595, 842), leftMargin=LEFT, topMargin=TOP).build([table])
    return out.getvalue()


def fpdf2_grid(rows: Rows, widths: Sequence[float], layout: str = "ALL", pad: float = 3.0) -> bytes:
    """fpdf2's ``table()`` with multi-line cells, vertically centred (its default), ``pad``
    (pt) over and under the text (3 at the sides)."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(LEFT, TOP)
    pdf.add_page()
    pdf.set_font("helvetica", size=SIZE)
    with pdf.table(col_widths=tuple(widths), width=sum(widths), align="LEFT", borders_layout=layout,
                   first_row_as_headings=False, line_height=SIZE * 1.25, padding=(pad, 3)) as table:
        for row in rows:
            table.row(list(row))
    return bytes(pdf.output())


def _latin(rows: Rows) -> Rows:
    """The rows with the bullet as a hyphen (fpdf2's core fonts are Latin-1)."""
    return [[t.replace("•", "-") for t in row] for row in rows]


@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
@pytest.mark.parametrize("rules", ["between", "grid"])
def test_word_borders_ruled_rows_keep_their_lines(rules: str, valign: str) -> None:
    assert _rows(word_borders(LISTED, WIDTHS, rules, valign)) == _want(LISTED)


@pytest.mark.parametrize("valign", ["TOP", "MIDDLE", "BOTTOM"])
def test_reportlab_linebelow_rows_keep_their_lines(valign: str) -> None:
    assert _rows(reportlab_rules(LISTED, WIDTHS, "below", valign)) == _want(LISTED)


@pytest.mark.parametrize("build", [
    lambda: word_borders(TWO_EACH, (90.0, 90.0, 90.0), "between"),
    lambda: word_borders(TWO_EACH, (90.0, 90.0, 90.0), "grid"),
    lambda: reportlab_rules(TWO_EACH, (90.0, 90.0, 90.0), "grid"),
    lambda: reportlab_rules(TWO_EACH, (90.0, 90.0, 90.0), "below"),
    lambda: fpdf2_grid(TWO_EACH, (90.0, 90.0, 90.0)),
], ids=["word-between", "word-grid", "reportlab-grid", "reportlab-below", "fpdf2-grid"])
def test_a_row_whose_every_cell_has_two_lines_is_one_ruled_row(build) -> None:  # type: ignore[no-untyped-def]
    """Each line fills every column and starts in capitals, as a row's would; but it steps at
    the type's leading, under the one-line header's pitch: one row's cells."""
    assert _rows(build()) == _want(TWO_EACH)


@pytest.mark.parametrize("build", [
    lambda: word_borders(TWO_EACH, (90.0, 90.0, 90.0), "between", "top", pad=0.0),
    lambda: word_borders(TWO_EACH, (90.0, 90.0, 90.0), "grid", "top", pad=0.0),
    lambda: reportlab_rules(TWO_EACH, (90.0, 90.0, 90.0), "grid", pad=0.0),
    lambda: reportlab_rules(TWO_EACH, (90.0, 90.0, 90.0), "below", pad=0.0),
    lambda: fpdf2_grid(TWO_EACH, (90.0, 90.0, 90.0), pad=0.0),
], ids=["word-between", "word-grid", "reportlab-grid", "reportlab-below", "fpdf2-grid"])
def test_rows_set_at_the_leading_keep_their_two_line_cells(build) -> None:  # type: ignore[no-untyped-def]
    """No cell padding (Word's default cell margins): the one-line header's height is the
    type's leading, and so is the step between a two-line cell's lines; a line at that pitch
    is no row of its own, the rules drawn between the rows decide."""
    assert _rows(build()) == _want(TWO_EACH)


# Every band two lines deep, the header too: no one-line row measures the body's pitch.
TWO_HEAD = (("Plan\nname", "Line\nspeed", "Support\nhours"), *TWO_EACH[1:])


@pytest.mark.parametrize("build", [
    lambda: word_borders(TWO_HEAD, (90.0, 90.0, 90.0), "between"),
    lambda: word_borders(TWO_HEAD, (90.0, 90.0, 90.0), "grid", "top", pad=0.0),
    lambda: reportlab_rules(TWO_HEAD, (90.0, 90.0, 90.0), "grid"),
    lambda: fpdf2_grid(TWO_HEAD, (90.0, 90.0, 90.0)),
], ids=["word-between", "word-grid-unpadded", "reportlab-grid", "fpdf2-grid"])
def test_bands_all_two_lines_deep_are_rows_by_their_own_pitch(build) -> None:  # type: ignore[no-untyped-def]
    """With no one-line band, each band's height shared among its lines is its pitch: the
    lines of a padded row step tighter than that, those of an unpadded one at the leading;
    either way no row of their own."""
    assert _rows(build()) == _want(TWO_HEAD)


def test_fpdf2_grid_rate_sheet_keeps_its_rows() -> None:
    assert _rows(fpdf2_grid(_latin(LISTED), WIDTHS)) == _want(_latin(LISTED))


# A statement ruled every three rows: its bands are groups of rows of amounts, a section
# label over some of them; those stay rows.
GROUPS = (("Item", "2023", "2022"), ("Revenue", "1,200", "1,050"), ("Cost of sales", "(640)", "(590)"),
          ("Gross profit", "560", "460"), ("Operating", "", ""), ("Selling expenses", "(120)", "(110)"),
          ("Admin expenses", "(90)", "(85)"), ("Net result", "350", "265"))


def _group_ruled(rows: Rows, every: Sequence[int]) -> bytes:
    """Rows at a 16 pt pitch (cell padding kept), rules across the table over the header,
    under it, and under each row whose index is in ``every`` (Word borders: filled rects)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    pitch, rights = 16.0, (260.0, 330.0)
    for r, row in enumerate(rows):
        base = TOP + r * pitch + 11.5
        page.insert_text((LEFT + 4, base), row[0], fontsize=SIZE, fontname="helv")
        for x1, text in zip(rights, row[1:], strict=True):
            page.insert_text((x1 - 4 - pymupdf.get_text_length(text, "helv", SIZE), base), text, fontsize=SIZE,
                             fontname="helv")
    for r in (-1, 0, *every):
        y = TOP + (r + 1) * pitch
        page.draw_rect(pymupdf.Rect(LEFT, y - 0.25, rights[-1], y + 0.25), color=None, fill=(0, 0, 0))
    return doc.tobytes()


def test_a_statement_ruled_every_few_rows_keeps_its_rows() -> None:
    assert _rows(_group_ruled(GROUPS, (3, 7))) == _want(GROUPS)


TEXT_ROWS = (("Name", "City", "Role"), ("Ann Lee", "Leeds", "Chair"), ("Bob Ray", "York", "Treasurer"),
             ("Cy Dorn", "Bath", "Member"), ("Di Fox", "Ely", "Member"), ("Ed Gale", "Hull", "Member"),
             ("Flo Hart", "Wells", "Secretary"))


def test_text_rows_at_the_rows_pitch_under_group_rules_stay_rows() -> None:
    """No amounts: each line fills every column and steps at the one-line band's pitch (rows
    keep their padding), so the band holds rows of its own."""
    assert _rows(_group_ruled(TEXT_ROWS, (3, 6))) == _want(TEXT_ROWS)


def test_a_borderless_table_keeps_a_row_per_line() -> None:
    flat = (("Item", "Qty", "Price"), ("Apples", "12", "1.20"), ("Pears", "7", "0.80"), ("Plums", "30", "2.10"),
            ("Figs", "4", "3.00"))
    assert _rows(fpdf2_grid(flat, (100.0, 60.0, 60.0), "NONE")) == _want(flat)


def test_explain_names_the_ruled_row() -> None:
    res = Pipeline(open_document(word_borders(LISTED, WIDTHS, "between"))).run(0)
    (t,) = explain_page(res, Params())
    drops = [w for w in t.dropped if w.axis == "row"]
    body = [w for w in drops if w.pos > TOP + LEAD + 2 * PAD]  # under the header band
    assert body and all("one ruled row's multi-line cells" in w.decision for w in body)


def _lookup_table(groups: int = 3, per: int = 4) -> tuple[bytes, list[list[str]]]:
    """A tax table's habit: a header band, then per group a one-line band with the group's
    amount alone in the first column and a band of ``per`` lines of amounts alone, one in every
    column, set at the type's leading (9 pt), rules across the table around every band."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rights = (110.0, 170.0, 230.0, 290.0)
    want: list[list[str]] = [["From", "Below", "Single", "Joint"]]
    y, rules = TOP, [TOP]

    def line(cells: Sequence[str], base: float) -> None:
        for x1, text in zip(rights, cells, strict=True):
            if text:
                page.insert_text((x1 - 4 - pymupdf.get_text_length(text, "helv", 8), base), text, fontsize=8,
                                 fontname="helv")

    line(want[0], y + 12)
    y += 18
    rules.append(y)
    for g in range(groups):
        start = 5000 + 1000 * g
        line([f"{start:,}", "", "", ""], y + 12)
        want.append([f"{start:,}", "", "", ""])
        y += 18
        rules.append(y)
        for k in range(per):
            lo = start + 50 * k
            cells = [f"{lo:,}", f"{lo + 50:,}", f"{lo // 10 + 3:,}", f"{lo // 10 - 7:,}"]
            line(cells, y + 10 + 9 * k)
            want.append(cells)
        y += 9 * per + 6
        rules.append(y)
    for ry in rules:
        page.draw_rect(pymupdf.Rect(LEFT, ry - 0.25, rights[-1], ry + 0.25), color=None, fill=(0, 0, 0))
    return doc.tobytes(), want


def test_a_lookup_table_of_amounts_ruled_every_few_rows_keeps_its_rows() -> None:
    """Every line of a band is amounts alone, one in every column, the first included: rows of
    a lookup table (a tax table ruled every few rows), not one row's wrapped cells, though the
    lines step at the type's leading, closer than the one-line bands' pitch."""
    data, want = _lookup_table()
    assert _rows(data) == want


def test_explain_names_the_rows_of_amounts() -> None:
    data, _ = _lookup_table()
    (t,) = explain_page(Pipeline(open_document(data)).run(0), Params())
    inner = [w for w in t.rows if any(e.kind == "amount_row" for e in w.evidence)]
    assert len(inner) == 3 * 3  # three groups of four lines: three boundaries inside each band


@pytest.mark.parametrize("rules", ["between", "grid"])
def test_explain_names_the_leading_pitch(rules: str) -> None:
    """Each kept-together line of a two-line cell steps the one-line header's pitch, which is
    the type's leading (give or take a rule's width): Why names that pitch as the evidence."""
    res = Pipeline(open_document(word_borders(TWO_EACH, (90.0, 90.0, 90.0), rules, "top", pad=0.0))).run(0)
    (t,) = explain_page(res, Params())
    drops = [w for w in t.dropped if w.axis == "row"]
    assert len(drops) == 3 and all("type's leading" in w.decision for w in drops)
    assert all(e.value == pytest.approx(LEAD, abs=0.5) for w in drops for e in w.evidence if e.kind == "leading_pitch")
    assert all(any(e.kind == "leading_pitch" for e in w.evidence) for w in drops)


def test_explain_names_the_bands_own_pitch() -> None:
    res = Pipeline(open_document(word_borders(TWO_HEAD, (90.0, 90.0, 90.0), "between"))).run(0)
    (t,) = explain_page(res, Params())
    body = [w for w in t.dropped if w.axis == "row" and w.pos > TOP + 2 * LEAD + 2 * PAD]
    assert len(body) == 3 and all("the band's own" in w.decision for w in body)
    band = 2 * LEAD + 2 * PAD  # a body band's height, two lines in it
    assert all(any(e.kind == "band_pitch" and e.value == pytest.approx(band / 2, abs=0.5) for e in w.evidence)
               for w in body)
