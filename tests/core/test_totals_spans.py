"""A tender's totals row: "합계" / "Total" merged over the first five columns (번호 to 수량),
its two sums in the remaining ones. Ruled, the drawing shows the merged cell (no column rule
inside it): one cell over columns 0 to 4. With horizontal rules only, or none but the
header's and the totals' (a borderless body), a totals label (``totals.totals_label``)
centred over the empty columns before the row's first amount is a merged cell's too
(``spanrows.totals_spans``); set at the first column's left edge it may be that column's alone
(the generated corpora leave every such label unmerged), and another label centred there
("운임", freight) is no totals label: both stay in their column. Built by PyMuPDF, reportlab
and fpdf2."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core.continued_pdfs import CJK_FONT

pytestmark = pytest.mark.skipif(CJK_FONT is None, reason="fonts-wqy-microhei is not installed")

LEFT, TOP, SIZE, ROW = 50.0, 80.0, 8.0, 18.0
WIDTHS = (30.0, 90.0, 70.0, 35.0, 40.0, 80.0, 70.0)
HEAD = ("번호", "품명", "규격", "단위", "수량", "공급가액", "세액")
ITEMS = (("노트북", "15인치", 22), ("복사용지", "A4", 26), ("모니터", "27인치", 107), ("책상", "1200", 70), ("의자", "메쉬", 31))
BODY = tuple((str(k), n, s, "EA", str(q), f"{q * 1250:,}", f"{q * 125:,}") for k, (n, s, q) in enumerate(ITEMS, 1))
SUMS = (f"{sum(q for *_, q in ITEMS) * 1250:,}", f"{sum(q for *_, q in ITEMS) * 125:,}")
Rows = Sequence[Sequence[str]]


def _rows(label: str) -> list[tuple[str, ...]]:
    return [HEAD, *BODY, (label, "", "", "", "", *SUMS)]


def pymupdf_tender(rows: Rows, rules: str, merged: bool = True, centre: bool = False) -> bytes:
    """``draw_line`` rules: "grid" (every cell edge; inside the merged cell none unless not
    ``merged``), "rules" (every row's top and bottom) or "none" (the header's and the totals'
    only); amounts right-aligned, the totals label centred over columns 0 to 4 with ``centre``."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname="wqy", fontfile=str(CJK_FONT))
    font = pymupdf.Font(fontfile=str(CJK_FONT))
    xs = [LEFT]
    for w in WIDTHS:
        xs.append(xs[-1] + w)
    ys = [TOP + ROW * r for r in range(len(rows) + 1)]
    last = len(rows) - 1
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            x = xs[c] + 4 if c < 5 or r == 0 else xs[c + 1] - 4 - font.text_length(text, SIZE)
            if centre and r == last and c == 0:
                x = (xs[0] + xs[5] - font.text_length(text, SIZE)) / 2
            page.insert_text((x, ys[r] + 12.5), text, fontsize=SIZE, fontname="wqy")
        for k, x in enumerate(xs if rules == "grid" else ()):
            if merged and r == last and 0 < k < 5:
                continue
            page.draw_line((x, ys[r]), (x, ys[r + 1]), width=0.5)
    for r, y in enumerate(ys):
        if rules != "none" or r in (0, 1, last, last + 1):
            page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    return doc.tobytes()


def reportlab_tender(rows: Rows, rules: str, centre: bool = False) -> bytes:
    """A platypus Table, the totals label a ``SPAN`` over columns 0 to 4 (centred in it with
    ``centre``): ``GRID``, ``LINEBELOW`` every row, or lines over the header, the body and the
    totals only."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    if "WQY" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("WQY", str(CJK_FONT), subfontIndex=0))
    black = colors.black
    style = {"grid": [("GRID", (0, 0), (-1, -1), 0.5, black)],
             "rules": [("LINEBELOW", (0, 0), (-1, -1), 0.5, black), ("LINEABOVE", (0, 0), (-1, 0), 0.5, black)],
             "none": [("LINEABOVE", (0, 0), (-1, 1), 0.5, black), ("LINEABOVE", (0, -1), (-1, -1), 0.5, black),
                      ("LINEBELOW", (0, -1), (-1, -1), 0.5, black)]}[rules]
    table = Table([list(r) for r in rows], colWidths=list(WIDTHS), hAlign="LEFT")
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "WQY", SIZE), ("ALIGN", (5, 1), (-1, -1), "RIGHT"),
                               ("SPAN", (0, -1), (4, -1)), ("ALIGN", (0, -1), (0, -1), "CENTER" if centre else "LEFT"),
                               *style]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, leftMargin=LEFT, topMargin=TOP).build([table])
    return out.getvalue()


def fpdf2_tender(rows: Rows, rules: str, centre: bool = False) -> bytes:
    """fpdf2's ``table()`` (``ALL``, ``HORIZONTAL_LINES`` or ``NONE``), the totals label a
    ``colspan`` of 5 (centred in it with ``centre``)."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.set_margins(LEFT, TOP)
    pdf.add_page()
    pdf.add_font("wqy", fname=str(CJK_FONT), collection_font_number=0)
    pdf.set_font("wqy", size=SIZE)
    layout = {"grid": "ALL", "rules": "HORIZONTAL_LINES", "none": "NONE"}[rules]
    with pdf.table(col_widths=WIDTHS, width=sum(WIDTHS), align="LEFT", borders_layout=layout,
                   first_row_as_headings=False, line_height=SIZE * 1.4,
                   text_align=("LEFT",) * 5 + ("RIGHT",) * 2) as table:
        for r, row in enumerate(rows):
            tr = table.row()
            if r == len(rows) - 1:
                tr.cell(row[0], colspan=5, align="CENTER" if centre else "LEFT")
                for text in row[5:]:
                    tr.cell(text)
            else:
                for text in row:
                    tr.cell(text)
    return bytes(pdf.output())


BUILD: dict[str, Callable[..., bytes]] = {"pymupdf": pymupdf_tender, "reportlab": reportlab_tender,
                                                  "fpdf2": fpdf2_tender}


def _last_row(data: bytes) -> list[tuple[int, int, str]]:
    (table,) = Pipeline(open_document(data)).run(0).tables
    assert (table.n_rows, table.n_cols) == (len(BODY) + 2, len(HEAD))
    return [(c.c, c.cs, c.text) for c in table.cells if c.r == table.n_rows - 1 and c.text]


@pytest.mark.parametrize("producer", sorted(BUILD))
@pytest.mark.parametrize("label", ["합계", "Total"])
def test_a_ruled_merged_totals_cell_spans_its_columns(label: str, producer: str) -> None:
    assert _last_row(BUILD[producer](_rows(label), "grid")) == [(0, 5, label), (5, 1, SUMS[0]), (6, 1, SUMS[1])]


@pytest.mark.parametrize("rules", ["rules", "none"])
@pytest.mark.parametrize("producer", sorted(BUILD))
@pytest.mark.parametrize("label", ["합 계", "Total"])
def test_a_totals_label_centred_over_empty_columns_spans_them(label: str, producer: str, rules: str) -> None:
    assert _last_row(BUILD[producer](_rows(label), rules, centre=True)) == [(0, 5, label), (5, 1, SUMS[0]),
                                                                            (6, 1, SUMS[1])]


@pytest.mark.parametrize("rules", ["rules", "none"])
@pytest.mark.parametrize("producer", sorted(BUILD))
def test_a_totals_label_at_the_left_edge_stays_in_its_column(producer: str, rules: str) -> None:
    assert _last_row(BUILD[producer](_rows("합계"), rules)) == [(0, 1, "합계"), (5, 1, SUMS[0]), (6, 1, SUMS[1])]


@pytest.mark.parametrize("rules", ["rules", "none"])
def test_another_label_centred_over_empty_columns_stays_in_its_column(rules: str) -> None:
    assert _last_row(pymupdf_tender(_rows("운임"), rules, centre=True)) == [(2, 1, "운임"), (5, 1, SUMS[0]),
                                                                           (6, 1, SUMS[1])]


def test_column_rules_drawn_through_the_totals_row_keep_the_label_in_its_column() -> None:
    assert _last_row(pymupdf_tender(_rows("합계"), "grid", merged=False)) == [(0, 1, "합계"), (5, 1, SUMS[0]),
                                                                             (6, 1, SUMS[1])]
