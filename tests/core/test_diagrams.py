"""A drawn diagram is no table: words ringed in ellipses, curved connectors down to their
patterns, in a frame (a paper's figure; built PDFs from PyMuPDF, reportlab and fpdf2), above a
ruled table that is read whole; and rings that are no diagram (radio buttons in a form's
table, one badge beside a table) leave their table alone."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.evidence.diagrams import LINK_KIND, RING_KIND, diagram_marks, is_diagram
from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

RATES = [["Band", "Rate", "Fee"], ["Standard", "2.50%", "$10"], ["Saver", "3.10%", "$0"],
         ["Premium", "3.75%", "$25"]]
ENTITIES = (("Katrina", ("headed", "threatened", "category-5")),
            ("New Orleans", ("was-hit", "evacuated", "residents")))
FRAME = (100.0, 80.0, 420.0, 200.0)  # pt, top-down: the diagram's frame
TABLE_TOP, ROW, COLS = 300.0, 20.0, (100.0, 220.0, 320.0, 420.0)


class Canvas:
    """What a builder draws with, top-down pt: a ring, a curve, a line, a rectangle, text."""

    def __init__(self, ring: Callable[..., object], curve: Callable[..., object], line: Callable[..., object],
                 box: Callable[..., object], text: Callable[..., object]) -> None:
        self.ring, self.curve, self.line, self.box, self.text = ring, curve, line, box, text


def draw_diagram(cv: Canvas) -> None:
    """The frame, its column label, and per entity: a ring around its name, and three curved
    connectors from the ring down to its patterns."""
    cv.box(*FRAME)
    cv.text(108, 150, "article A")
    for k, (name, patterns) in enumerate(ENTITIES):
        x = 190.0 + 120.0 * k
        cv.text(x - 4, 92, f"{k + 1}.")
        cv.ring(x, 96, x + 70, 114)
        cv.text(x + 8, 109, name)
        for j, word in enumerate(patterns):
            y = 130.0 + 18.0 * j
            cv.curve((x + 20, 114), (x + 14, y - 10), (x + 14, y - 4), (x + 26, y))
            cv.text(x + 30, y + 3, word)


def draw_rates(cv: Canvas, mark: Callable[[float, float], None] | None = None) -> None:
    """A fully ruled 4 x 3 table under the diagram; ``mark`` draws a mark in each body row's
    last cell (a radio button)."""
    bottom = TABLE_TOP + ROW * len(RATES)
    for r in range(len(RATES) + 1):
        cv.line(COLS[0], TABLE_TOP + ROW * r, COLS[-1], TABLE_TOP + ROW * r)
    for x in COLS:
        cv.line(x, TABLE_TOP, x, bottom)
    for r, row in enumerate(RATES):
        for c, cell in enumerate(row):
            cv.text(COLS[c] + 5, TABLE_TOP + ROW * r + 14, cell)
        if mark is not None and r:
            mark(COLS[-1] - 16, TABLE_TOP + ROW * r + 5)


def pymupdf_pdf(parts: Callable[[Canvas], None]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    cv = Canvas(lambda x0, y0, x1, y1: page.draw_oval(pymupdf.Rect(x0, y0, x1, y1), width=0.5),
                lambda p1, p2, p3, p4: page.draw_bezier(p1, p2, p3, p4, width=0.7),
                lambda x0, y0, x1, y1: page.draw_line((x0, y0), (x1, y1), width=0.6),
                lambda x0, y0, x1, y1: page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), width=0.5),
                lambda x, y, s: page.insert_text((x, y), s, fontsize=9))
    parts(cv)
    return doc.tobytes()


def reportlab_pdf(parts: Callable[[Canvas], None]) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.setFont("Helvetica", 9)
    c.setLineWidth(0.5)
    h = 842.0

    def curve(*pts: tuple[float, float]) -> None:
        (x1, y1), (x2, y2), (x3, y3), (x4, y4) = pts
        c.bezier(x1, h - y1, x2, h - y2, x3, h - y3, x4, h - y4)

    cv = Canvas(lambda x0, y0, x1, y1: c.ellipse(x0, h - y1, x1, h - y0, stroke=1, fill=0), curve,
                lambda x0, y0, x1, y1: c.line(x0, h - y0, x1, h - y1),
                lambda x0, y0, x1, y1: c.rect(x0, h - y1, x1 - x0, y1 - y0, stroke=1, fill=0),
                lambda x, y, s: c.drawString(x, h - y, s))
    parts(cv)
    c.showPage()
    c.save()
    return buf.getvalue()


def fpdf2_pdf(parts: Callable[[Canvas], None]) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format=(595, 842))
    pdf.add_page()
    pdf.set_font("Helvetica", size=9)
    pdf.set_line_width(0.5)
    cv = Canvas(lambda x0, y0, x1, y1: pdf.ellipse(x0, y0, x1 - x0, y1 - y0, style="D"),
                lambda *pts: pdf.bezier(list(pts), style="D"),
                lambda x0, y0, x1, y1: pdf.line(x0, y0, x1, y1),
                lambda x0, y0, x1, y1: pdf.rect(x0, y0, x1 - x0, y1 - y0, style="D"),
                lambda x, y, s: pdf.text(x, y, s))
    parts(cv)
    return bytes(pdf.output())


PRODUCERS = {"pymupdf": pymupdf_pdf, "reportlab": reportlab_pdf, "fpdf2": fpdf2_pdf}


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def page_with_diagram(cv: Canvas) -> None:
    draw_diagram(cv)
    draw_rates(cv)


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_diagram_above_a_table_is_no_table(producer: str) -> None:
    """Before, the diagram's two columns of ringed names and patterns came out as a table of
    its own; now only the rate table is found, read whole, and explain names the diagram."""
    res = detect(PRODUCERS[producer](page_with_diagram))
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [RATES]
    assert res.tables[0].bbox.y0 > FRAME[3]
    assert {"Katrina", "headed", "residents"} <= {w.text for w in res.words if w.figure}


def test_explain_names_the_diagram() -> None:
    """Explain says which drawing set the diagram's words aside (its rings and connectors) and
    that its words are a diagram's labels."""
    res = detect(pymupdf_pdf(page_with_diagram))
    notes = [n for n in res.notes if n.startswith("figure area (1 ring(s) around words, 3 curved connector(s)): "
                                                 "a diagram's ringed words")]
    assert len(notes) == 2, res.notes  # one a ringed name with its three patterns
    why = explain(res, Params())
    assert any(r.reason.startswith("figure area") and "diagram's rings" in r.reason for r in why.rejected)


def test_the_diagram_alone_was_read_as_a_table() -> None:
    """The failure this guards against: the same diagram with its rings and connectors drawn
    as straight strokes (no diagram marks) still comes out as a table of its words."""
    def straight(cv: Canvas) -> None:
        flat = Canvas(lambda x0, y0, x1, y1: cv.box(x0, y0, x1, y1), lambda *p: cv.line(*p[0], *p[-1]),
                      cv.line, cv.box, cv.text)
        draw_diagram(flat)
    res = detect(pymupdf_pdf(straight))
    assert any("Katrina" in " ".join(c.text for c in t.cells) for t in res.tables)


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_ringed_best_rate_is_no_diagram(producer: str) -> None:
    """A rate sheet rings its best rate with a swash under it: one ring, one curve leading out,
    so no diagram (``MIN_LINKS``), and the ringed rate stays in its cell."""
    def page(cv: Canvas) -> None:
        draw_rates(cv)
        top = TABLE_TOP + 2 * ROW
        cv.ring(COLS[1] + 1, top + 2, COLS[1] + 45, top + ROW - 1)
        cv.curve((COLS[1] + 30, top + ROW - 2), (COLS[1] + 50, top + ROW + 8), (COLS[1] + 70, top + ROW + 8),
                 (COLS[1] + 90, top + ROW - 4))
    res = detect(PRODUCERS[producer](page))
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [RATES]


def test_marks_and_their_kinds() -> None:
    """diagram_marks on one page's paths: the two rings and six connectors, not the frame,
    the table's rules, a radio button or a panel; is_diagram wants a ring and two connectors."""
    def page(cv: Canvas) -> None:
        page_with_diagram(cv)
        cv.ring(450, 300, 460, 310)  # a radio button: too small to ring a word
        cv.ring(40, 400, 560, 700)  # a panel drawn in curves: too large
    kinds = sorted(k for _, k in diagram_marks(open_document(pymupdf_pdf(page)).page(0).painted()))
    assert kinds == [LINK_KIND] * 6 + [RING_KIND] * 2
    assert is_diagram([RING_KIND, LINK_KIND, LINK_KIND])
    assert not is_diagram([LINK_KIND] * 5)
    assert not is_diagram([RING_KIND] * 5 + [LINK_KIND])


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_outline_icons_in_a_table_are_no_diagram(producer: str) -> None:
    """A brochure's table with an outline icon in each body row (a 22 pt ring with two arcs
    inside it, a wifi sign): rings close together, curves, but no connector leads out of a
    ring, so the table stays whole."""
    def icon(cv: Canvas, x: float, y: float) -> None:
        cv.ring(x, y - 4, x + 22, y + 18)
        for k in range(2):  # arcs 16 and 12 pt wide
            cv.curve((x + 3 + 2 * k, y + 9 - 3 * k), (x + 8, y + 2 - 3 * k), (x + 14, y + 2 - 3 * k),
                     (x + 19 - 2 * k, y + 9 - 3 * k))

    def page(cv: Canvas) -> None:
        draw_rates(cv, lambda x, y: icon(cv, COLS[2] + 24, y))  # close right of the fee
    res = detect(PRODUCERS[producer](page))
    assert [[list(r) for r in t.rows_text()] for t in res.tables] == [RATES]
