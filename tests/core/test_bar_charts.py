"""Bar charts are no tables, also without free-standing tick marks: an Excel-like chart drawn
with PyMuPDF (its axis and ticks one path), matplotlib and reportlab charts with the ticks off
(bars over gridlines), each beside a table that must stay; and a table with data bars in a
column, which stays a table (built PDFs)."""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.evidence.chartscale import MIN_GRID, bar_charts
from inspector.core.evidence.figures import find_figures
from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from resources.make_samples import A4, draw_table, finish, new_document

SEGMENTS = [["Segment", "2023", "2022", "Change"], ["Retail", "81.2", "74.0", "9.7%"],
            ["Wholesale", "52.9", "49.3", "7.3%"], ["Online", "36.9", "25.7", "43.6%"],
            ["Total", "171.0", "149.0", "14.8%"]]
TOPICS = ["Institutions", "Member States", "Employment", "Passengers", "Justice", "Consumers"]
VALUES = [3597, 1847, 1783, 1726, 1451, 1241]


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def figures_of(pdf: bytes) -> list[str]:
    page = open_document(pdf).page(0)
    return [f.marks for f in find_figures(page.painted(), page.width, page.height)]


def excel_like_page() -> bytes:
    """A framed horizontal bar chart as Excel draws it: the value axis and its ticks in one
    path, the category axis and its ticks in another, vertical gridlines, one bar per category,
    the categories left of the axis and the values under it; a ruled table under the chart."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    x0, y0, w, step = 200.0, 90.0, 280.0, 24.0
    h = step * len(TOPICS)
    page.draw_rect(pymupdf.Rect(60, 70, 520, y0 + h + 40), color=(0.7, 0.7, 0.7), width=0.5)
    for k in range(1, 9):
        page.draw_line((x0 + k * w / 8, y0), (x0 + k * w / 8, y0 + h), color=(0.8, 0.8, 0.8), width=0.5)
    for k, (name, v) in enumerate(zip(TOPICS, VALUES, strict=True)):
        y = y0 + k * step
        page.draw_rect(pymupdf.Rect(x0, y + 6, x0 + w * v / 4000, y + step - 6), color=None, fill=(0.6, 0.2, 0.2))
        page.insert_text((x0 - 8 - 4.4 * len(name), y + step / 2 + 3), name, fontsize=8)
    axis = page.new_shape()  # the category axis with its ticks: one path
    axis.draw_line((x0, y0), (x0, y0 + h))
    for k in range(len(TOPICS) + 1):
        axis.draw_line((x0 - 3, y0 + k * step), (x0, y0 + k * step))
    axis.finish(color=(0, 0, 0), width=0.5)
    axis.commit()
    scale = page.new_shape()  # the value axis with its ticks: one path
    scale.draw_line((x0, y0 + h), (x0 + w, y0 + h))
    for k in range(9):
        scale.draw_line((x0 + k * w / 8, y0 + h), (x0 + k * w / 8, y0 + h + 3))
        page.insert_text((x0 + k * w / 8 - 8, y0 + h + 14), f"{500 * k:,}", fontsize=8)
    scale.finish(color=(0, 0, 0), width=0.5)
    scale.commit()
    draw_table(page, 72, 330, SEGMENTS)
    return finish(doc)


def test_excel_like_chart_with_ticks_drawn_with_their_axis() -> None:
    """Before, the ticks drawn in one path with their axis were no tick marks: no figure, and
    the chart's gridlines and labels made a table."""
    data = excel_like_page()
    assert figures_of(data) == ["16 tick marks, 6 bars on 8 gridlines"]
    res = detect(data)
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [SEGMENTS]
    assert {"Institutions", "Justice", "3,500"} <= {w.text for w in res.words if w.figure}
    assert any(n.startswith("figure area (16 tick marks, 6 bars on 8 gridlines)") for n in res.notes)
    why = explain(res, Params())
    assert any("bars on gridlines" in r.reason for r in why.rejected if r.reason.startswith("figure area"))


def matplotlib_page() -> bytes:
    """A matplotlib bar chart with its ticks off and a grid on, a text table beside it."""
    mpl = pytest.importorskip("matplotlib")
    mpl.use("pdf")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(8.27, 11.69))
    ax = fig.add_axes((0.08, 0.6, 0.4, 0.3))
    ax.bar(["2019", "2020", "2021", "2022", "2023"], [120, 135, 150, 149, 171], color="#3b6ea5")
    ax.tick_params(length=0)
    ax.grid(axis="y", color="#cccccc")
    ax.set_axisbelow(True)
    for r, row in enumerate(SEGMENTS):
        for c, cell in enumerate(row):
            fig.text(0.56 + c * 0.095, 0.86 - r * 0.018, cell, fontsize=9)
    buf = io.BytesIO()
    fig.savefig(buf, format="pdf")
    plt.close(fig)
    return buf.getvalue()


def test_matplotlib_bar_chart_without_ticks() -> None:
    data = matplotlib_page()
    assert [m.split(" bars on ")[0] for m in figures_of(data)] == ["5"]
    res = detect(data)
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [SEGMENTS]
    assert {"2019", "2023", "160"} <= {w.text for w in res.words if w.figure}


def reportlab_page() -> bytes:
    """A reportlab.graphics bar chart, ticks off and a value grid on, beside a ruled
    reportlab table."""
    pytest.importorskip("reportlab")
    from reportlab.graphics import renderPDF
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.shapes import Drawing
    from reportlab.lib.pagesizes import A4 as RL_A4
    from reportlab.pdfgen import canvas
    from reportlab.platypus import Table
    from reportlab.platypus import TableStyle as RLTableStyle

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=RL_A4, invariant=1)
    d = Drawing(260, 220)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 30, 200, 170
    chart.data = [(13, 5, 20, 22, 37, 45)]
    chart.categoryAxis.categoryNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]
    chart.categoryAxis.visibleTicks = 0
    chart.valueAxis.visibleTicks = 0
    chart.valueAxis.visibleGrid = 1
    d.add(chart)
    renderPDF.draw(d, c, 30, 560)
    table = Table(SEGMENTS)
    table.setStyle(RLTableStyle([("GRID", (0, 0), (-1, -1), 0.5, (0, 0, 0))]))
    table.wrapOn(c, 250, 200)
    table.drawOn(c, 320, 620)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_reportlab_bar_chart_without_ticks_beside_a_table() -> None:
    data = reportlab_page()
    assert [m.split(" bars on ")[0] for m in figures_of(data)] == ["5"]  # the second bar is not drawn
    res = detect(data)
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [SEGMENTS]
    assert {"Jan", "Jun", "40"} <= {w.text for w in res.words if w.figure}


def test_data_bars_in_a_table_column_are_no_chart() -> None:
    """A ruled table of equal columns whose last column holds a bar per row (of different
    lengths, one baseline): the column rules cross no bar, so no figure; the table stays."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    rows = [["Region", "Staff", "Sites", "Share"], ["Europe", "1,240", "14", ""], ["Americas", "610", "6", ""],
            ["Asia", "330", "4", ""], ["Other", "95", "2", ""]]
    truth = draw_table(page, 72, 100, rows, col_widths=[90, 90, 90, 90])
    for r, share in enumerate((0.9, 0.45, 0.25, 0.08), start=1):
        y0, y1 = truth.ys[r], truth.ys[r + 1]
        page.draw_rect(pymupdf.Rect(truth.xs[3] + 4, y0 + 3, truth.xs[3] + 4 + 80 * share, y1 - 3), color=None,
                       fill=(0.2, 0.4, 0.7))
    data = finish(doc)
    assert figures_of(data) == []
    res = detect(data)
    # (the bars' edges add two columns and an empty row: the fills' own defect, not a figure's)
    assert [[list(r[:4]) for r in t.rows_text()[:5]] for t in res.tables] == [rows]
    assert not any(w.figure for w in res.words)


def test_two_charts_side_by_side_with_axes_at_one_height() -> None:
    """Two bar charts (ticks, no gridlines) side by side, their value axes at one height: the
    ticks of both lie on one line at two pitches' distance; each chart's run is its scale."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    for x0 in (60.0, 320.0):
        base = 300.0
        page.draw_line((x0, base), (x0 + 200, base), width=0.5)
        page.draw_line((x0, base - 150), (x0, base), width=0.5)
        for k in range(5):
            page.draw_line((x0 + 20 + 40 * k, base), (x0 + 20 + 40 * k, base + 4), width=0.5)
            page.draw_line((x0 - 4, base - 30 * k), (x0, base - 30 * k), width=0.5)
            page.draw_rect(pymupdf.Rect(x0 + 10 + 40 * k, base - 25 * (k + 1), x0 + 30 + 40 * k, base), color=None,
                           fill=(0.2, 0.4, 0.7))
    data = finish(doc)
    assert figures_of(data) == ["10 tick marks", "10 tick marks"]


def _bars_on(gridlines: int) -> bytes:
    """Three bars of one fill on one baseline at an even pitch, ``gridlines`` lines of the
    value scale across them at a 20 pt step from the baseline up."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    for k, top in enumerate((240.0, 200.0, 260.0)):
        page.draw_rect(pymupdf.Rect(100 + 40 * k, top, 120 + 40 * k, 300), color=None, fill=(0.2, 0.4, 0.8))
    for k in range(gridlines):
        page.draw_line((90, 300 - 20 * (k + 1)), (230, 300 - 20 * (k + 1)), color=(0.8, 0.8, 0.8), width=0.5)
    return doc.tobytes()


def test_three_gridlines_make_a_bar_chart_two_do_not() -> None:
    """The least count of gridlines across the bars (``MIN_GRID``), which also bounds the lines
    a page must have before any series is read (an exact pre-test)."""
    found = [bar_charts(open_document(_bars_on(n)).page(0).drawings()) for n in (MIN_GRID - 1, MIN_GRID)]
    assert found[0] == []
    assert [what for _, what in found[1]] == ["3 bars on 3 gridlines"]
