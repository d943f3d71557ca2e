"""Figures are no tables: charts drawn by matplotlib, PyMuPDF and fpdf2 beside tables, a
captioned framed figure, and drawings that only look like chart marks (built PDFs)."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
import pytest

from inspector.core.evidence.figures import find_figures
from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from resources.make_samples import A4, TableStyle, draw_table, finish, new_document

SEGMENTS = [["Segment", "2023", "2022", "Change"], ["Retail", "81.2", "74.0", "9.7%"],
            ["Wholesale", "52.9", "49.3", "7.3%"], ["Online", "36.9", "25.7", "43.6%"],
            ["Total", "171.0", "149.0", "14.8%"]]
STAFF = [["Region", "Staff", "Sites"], ["Europe", "1,240", "14"], ["Americas", "610", "6"], ["Asia", "330", "4"],
         ["Other", "95", "2"]]
REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "real" / "pdfs"


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def shapes(res: PageResult) -> list[tuple[int, int]]:
    return [(t.n_rows, t.n_cols) for t in res.tables]


def matplotlib_page(tables: str) -> bytes:
    """A4: a bar chart (gridlines, ticks, data labels) over a pie chart with a legend of
    swatches and percentages in the left column; two tables in the right column, drawn by
    matplotlib itself (``tables`` "ruled": ``Axes.table``; "text": placed text)."""
    mpl = pytest.importorskip("matplotlib")
    mpl.use("pdf")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(8.27, 11.69))
    ax = fig.add_axes((0.08, 0.58, 0.4, 0.3))
    vals = [120, 135, 150, 149, 171]
    bars = ax.bar(["2019", "2020", "2021", "2022", "2023"], vals, color="#3b6ea5")
    ax.grid(axis="y", color="#cccccc")
    ax.set_axisbelow(True)
    ax.set_title("Revenue by year")
    for b, v in zip(bars, vals, strict=True):
        ax.text(b.get_x() + b.get_width() / 2, v + 2, str(v), ha="center", fontsize=8)
    pie = fig.add_axes((0.08, 0.12, 0.4, 0.3))
    shares = [42, 27, 18, 13]
    wedges, _ = pie.pie(shares, colors=["#3b6ea5", "#d1495b", "#edae49", "#66a182"])
    pie.legend(wedges, [f"{n} {s}%" for n, s in zip(["Europe", "Americas", "Asia", "Other"], shares, strict=True)],
               loc="lower center", bbox_to_anchor=(0.5, -0.35), ncol=2, frameon=False)
    for data, y in ((SEGMENTS, 0.66), (STAFF, 0.2)):
        if tables == "ruled":
            tax = fig.add_axes((0.56, y, 0.38, 0.16))
            tax.axis("off")
            tax.table(cellText=data[1:], colLabels=data[0], loc="center")
        else:
            for r, row in enumerate(data):
                for c, cell in enumerate(row):
                    fig.text(0.56 + c * 0.095, y + 0.15 - r * 0.018, cell, fontsize=9,
                             weight="bold" if r == 0 else "normal")
    buf = io.BytesIO()
    fig.savefig(buf, format="pdf")
    plt.close(fig)
    return buf.getvalue()


@pytest.mark.parametrize("tables", ["ruled", "text"])
def test_matplotlib_charts_beside_tables(tables: str) -> None:
    """Tick values, data labels and the legend line up in columns beside the tables: before,
    the bar chart's labels became the first column of the table beside it."""
    res = detect(matplotlib_page(tables))
    assert shapes(res) == [(5, 4), (5, 3)]
    assert [list(r) for r in res.tables[0].rows_text()] == SEGMENTS
    assert [list(r) for r in res.tables[1].rows_text()] == STAFF
    flagged = {w.text for w in res.words if w.figure}
    assert {"2019", "171", "160", "Europe", "42%", "Revenue"} <= flagged
    why = explain(res, Params())
    assert sum(r.reason.startswith("figure area") for r in why.rejected) == 2  # the bar chart and the pie's legend
    assert any(n.startswith("figure area (14 tick marks, 5 bars on 10 gridlines)") for n in res.notes)


def line_chart(page: pymupdf.Page, x0: float, y0: float, w: float = 220, h: float = 160) -> None:
    """A line chart drawn with PyMuPDF: axes, ticks on both, values on the ticks, a series."""
    page.draw_line((x0, y0 + h), (x0 + w, y0 + h), width=0.8)
    page.draw_line((x0, y0), (x0, y0 + h), width=0.8)
    for k in range(6):
        x = x0 + 20 + k * 36
        page.draw_line((x, y0 + h), (x, y0 + h + 4), width=0.8)
        page.insert_text((x - 10, y0 + h + 14), str(2018 + k), fontsize=8)
    for k in range(5):
        y = y0 + h - 10 - k * 35
        page.draw_line((x0 - 4, y), (x0, y), width=0.8)
        page.insert_text((x0 - 22, y + 3), str(25 * k), fontsize=8)
    pts = [(x0 + 20 + k * 36, y0 + h - 10 - v) for k, v in enumerate((20, 45, 38, 80, 95, 120))]
    page.draw_polyline(pts, color=(0.8, 0.1, 0.1), width=1.5)
    for x, y in pts:
        page.insert_text((x - 6, y - 4), f"{(y0 + h - 10 - y) / 1.4:.0f}", fontsize=7)


def test_pymupdf_line_chart_beside_a_borderless_table() -> None:
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    line_chart(page, 80, 120)
    draw_table(page, 330, 120, STAFF, TableStyle(rules="none"))
    res = detect(finish(doc))
    assert shapes(res) == [(5, 3)]
    assert res.tables[0].rows_text()[0] == ["Region", "Staff", "Sites"]
    assert {"2018", "2023", "100"} <= {w.text for w in res.words if w.figure}


def test_fpdf2_line_chart_over_a_table() -> None:
    """A third producer: fpdf2 draws the chart (ticks, a series) and a ruled table under it."""
    fpdf = pytest.importorskip("fpdf")
    pdf = fpdf.FPDF(unit="pt", format="A4")
    pdf.add_page()
    pdf.set_font("helvetica", size=8)
    x0, y0, w, h = 80.0, 80.0, 240.0, 150.0
    pdf.line(x0, y0 + h, x0 + w, y0 + h)
    pdf.line(x0, y0, x0, y0 + h)
    for k in range(6):
        x = x0 + 20 + k * 40
        pdf.line(x, y0 + h, x, y0 + h + 4)
        pdf.text(x - 8, y0 + h + 14, str(2018 + k))
    for k in range(5):
        y = y0 + h - 10 - k * 32
        pdf.line(x0 - 4, y, x0, y)
        pdf.text(x0 - 20, y + 3, str(10 * k))
    pts = [(x0 + 20 + k * 40, y0 + h - 10 - v) for k, v in enumerate((12, 40, 33, 70, 90, 118))]
    pdf.polyline(pts)
    pdf.set_font("helvetica", size=9)
    pdf.set_xy(80, 300)
    for r, row in enumerate(SEGMENTS):
        for cell in row:
            pdf.cell(80, 16, cell, border=1, align="L" if r == 0 or cell == row[0] else "R")
        pdf.ln()
        pdf.set_x(80)
    res = detect(bytes(pdf.output()))
    assert shapes(res) == [(5, 4)]
    assert [list(r) for r in res.tables[0].rows_text()] == SEGMENTS


def test_what_only_looks_like_chart_marks_is_no_figure() -> None:
    """Cell borders drawn cell by cell in short pieces (rows 8 pt tall), a rounded panel and
    a small round logo beside a table: no figure area, the tables whole."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    xs, y = (72.0, 160.0, 230.0, 300.0), 100.0
    for r in range(8):
        for x in xs:
            page.draw_line((x, y + 8 * r), (x, y + 8 * r + 8), width=0.5)
        page.draw_line((xs[0], y + 8 * r), (xs[-1], y + 8 * r), width=0.5)
        for c, x in enumerate(xs[:-1]):
            page.insert_text((x + 3, y + 8 * r + 6.5), f"r{r}c{c}", fontsize=6)
    page.draw_line((xs[0], y + 64), (xs[-1], y + 64), width=0.5)
    page.draw_rect(pymupdf.Rect(60, 300, 540, 520), radius=0.04, color=(0.5, 0.5, 0.5))
    draw_table(page, 80, 320, SEGMENTS, TableStyle(rules="none"))
    page.draw_circle((500, 340), 14, color=(0, 0, 0.6), fill=(0.8, 0.8, 1))
    data = finish(doc)
    raw = open_document(data).page(0)
    assert find_figures(raw.painted(), raw.width, raw.height) == ()
    res = detect(data)
    assert shapes(res) == [(8, 3), (5, 4)]
    assert not any(w.figure for w in res.words)


def test_framed_drawing_captioned_as_a_figure_is_no_table() -> None:
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.draw_rect(pymupdf.Rect(80, 100, 280, 250), color=(0, 0, 0), fill=(0.75, 0.75, 0.75))
    page.draw_line((180, 100), (180, 250))
    page.draw_line((80, 175), (280, 175))
    page.insert_text((170, 190), "A", fontsize=40)
    page.insert_text((100, 268), "Figure 1: Larger image set as a float", fontsize=10)
    res = detect(finish(doc))
    assert res.tables == ()
    assert any(r.reason.startswith("figure area: the caption under it names a figure") for r in res.regions)


@pytest.mark.corpus
def test_real_latex_article_figure_and_small_table() -> None:
    """The tagged LaTeX two-column article of the dev set: its framed figure ("Figure 1:")
    made a 2 x 2 ruled table; its small table ("Name Value", gaps of about 1.2 em) none. The
    table's first row is "Example" centred over both columns at the rows' step (its tags:
    one cell spanning them; ``spanhead``)."""
    path = REAL / "tagging-project" / "stem-article-2col-af.pdf"
    if not path.is_file():
        pytest.skip("../shared/corpus/real is absent")
    res = Pipeline(open_document(path)).run(1)
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [[["Example", ""], ["Name", "Value"],
                                                                       ["This", "11"], ["That", "2"]]]
