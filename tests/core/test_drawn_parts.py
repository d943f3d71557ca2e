"""A table drawn in parts (``structure/drawnparts.py``): its column rules stroked as pale lines
over shaded cells only, the unshaded rows ruled across only (InDesign's habit; a WHO guideline's
tables are the real example). A shaded header grid over tall body rows, and every other row
shaded, are one table with every row; built with PyMuPDF and with reportlab at known
coordinates. Prose ruled off under a grid stays out of it, and with ``tables.ruled_parts`` off
the table comes apart as before."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, Table

XS = (60.0, 190.0, 360.0, 520.0)  # column edges, pt
TOP, SIZE, LEAD, PAD = 100.0, 8.0, 10.0, 5.0
RED = (0.75, 0.1, 0.15)
PINK = (0.98, 0.9, 0.9)
PALE = (0.94, 0.94, 0.94)  # the column strokes over the shading
GREY = (0.3, 0.3, 0.3)
HEAD = ("Who?\nPersons group", "What?\nCare needs", "Where?\nSite")  # two lines: a table of its own
BODY = (("Clinically well\nand stable", "Standard care package:\ncounselling, adherence\nsupport, monitoring",
         "Facility-based,\nincluding primary\ncare or\ncommunity-\nbased settings,\nand outreach"),
        ("Advanced liver\ndisease", "Intensive clinical\nsupport and follow up\nof complications", "Hospital"),
        ("Adolescents and\nmigrants", "Psychosocial and\nlanguage support", "Community-based,\nharm reduction site"))
ZEBRA = (("Benefits", "Desirable effects weighed\nagainst the undesirable ones", "All"),
         ("Certainty", "High certainty leads to\na strong recommendation", "All"),
         ("Values", "Stakeholders value the\noutcomes alike", "Some"),
         ("Acceptability", "Widely accepted and\nhighly valued", "Most"),
         ("Feasibility", "Achievable where the\ngreatest impact is expected", "Few"))
PROSE = ("The recommendations below were reviewed by the guideline group at its second meeting, and "
         "each was weighed against the evidence profiles and the decision-making tables.")


def _height(cells: tuple[str, ...]) -> float:
    return max(c.count("\n") + 1 for c in cells) * LEAD + 2 * PAD


def _text(page: pymupdf.Page, y: float, cells: tuple[str, ...], ink: tuple[float, ...] = (0, 0, 0)) -> None:
    for x, cell in zip(XS, cells, strict=False):
        for j, line in enumerate(cell.split("\n")):
            page.insert_text((x + 4, y + PAD + SIZE + j * LEAD), line, fontsize=SIZE, color=ink)


def _shaded(page: pymupdf.Page, y0: float, y1: float, fill: tuple[float, ...]) -> None:
    """A shaded row with its column rules stroked pale over the fill (none at the sides)."""
    page.draw_rect(pymupdf.Rect(XS[0], y0, XS[-1], y1), color=None, fill=fill)
    for x in XS[1:-1]:
        page.draw_line((x, y0), (x, y1), color=PALE, width=2.0)


def _rule(page: pymupdf.Page, y: float) -> None:
    page.draw_line((XS[0], y), (XS[-1], y), color=GREY, width=0.25)


def header_grid(prose: bool = False) -> bytes:
    """A red header row (white text, pale column strokes) over three tall rows ruled across
    only, the first taller than twice the header; with ``prose``, the body is one shaded row with
    its column strokes and a paragraph follows in a band ruled across the table's width."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = TOP + _height(HEAD)
    _shaded(page, TOP, y, RED)
    _text(page, TOP, HEAD, (1, 1, 1))
    _rule(page, TOP)
    _rule(page, y)
    for cells in BODY[:1] if prose else BODY:
        bottom = y + _height(cells)
        if prose:
            _shaded(page, y, bottom, PINK)
        _text(page, y, cells)
        _rule(page, bottom)
        y = bottom
    if prose:
        page.insert_textbox(pymupdf.Rect(XS[0] + 4, y + 8, XS[-1] - 4, y + 80), PROSE, fontsize=SIZE)
        _rule(page, y + 80)
    return doc.tobytes()


def zebra() -> bytes:
    """A red header row and five rows, every other one shaded pink; pale column strokes on the
    shaded rows only, every row ruled across (the unshaded rows show no column rule)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = TOP + _height(HEAD)
    _shaded(page, TOP, y, RED)
    _text(page, TOP, HEAD, (1, 1, 1))
    for k, cells in enumerate(ZEBRA):
        bottom = y + _height(cells)
        if k % 2 == 0:
            _shaded(page, y, bottom, PINK)
        _text(page, y, cells)
        y = bottom
    for yy in (TOP, TOP + _height(HEAD), *_row_bottoms(ZEBRA, TOP + _height(HEAD))):
        _rule(page, yy)
    return doc.tobytes()


def _row_bottoms(rows: tuple[tuple[str, ...], ...], y: float) -> list[float]:
    out = []
    for cells in rows:
        y += _height(cells)
        out.append(y)
    return out


def _unshaded() -> list[tuple[float, float]]:
    """Top and bottom (pt) of the zebra's unshaded rows between two shaded ones."""
    ys = [TOP + _height(HEAD), *_row_bottoms(ZEBRA, TOP + _height(HEAD))]
    return [(ys[k], ys[k + 1]) for k in range(1, len(ZEBRA) - 1, 2)]


def reportlab_pdf(style: str) -> bytes:
    """The same tables set by reportlab: ``style`` "header" (a shaded header over rows ruled
    across only) or "zebra" (every other body row shaded); pale column strokes on the shaded
    rows only."""
    from reportlab.lib import colors, pagesizes
    from reportlab.platypus import SimpleDocTemplate, TableStyle
    from reportlab.platypus import Table as RLTable

    rows = BODY if style == "header" else ZEBRA
    data = [list(HEAD), *[list(r) for r in rows]]
    widths = [XS[k + 1] - XS[k] for k in range(3)]
    cmds: list[tuple[object, ...]] = [
        ("FONTSIZE", (0, 0), (-1, -1), SIZE), ("LEADING", (0, 0), (-1, -1), LEAD),
        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*RED)),
        ("LINEAFTER", (0, 0), (-2, 0), 2.0, colors.Color(*PALE)),
        ("LINEABOVE", (0, 0), (-1, 0), 0.25, colors.Color(*GREY)),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(*GREY))]
    if style == "zebra":
        for r in range(1, len(data), 2):
            cmds += [("BACKGROUND", (0, r), (-1, r), colors.Color(*PINK)),
                     ("LINEAFTER", (0, r), (-2, r), 2.0, colors.Color(*PALE))]
    table = RLTable(data, colWidths=widths)
    table.setStyle(TableStyle(cmds))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=pagesizes.A4, leftMargin=XS[0], topMargin=TOP).build([table])
    return buf.getvalue()


def _run(pdf: bytes, on: bool = True) -> PageResult:
    params = Params()
    params = replace(params, tables=replace(params.tables, ruled_parts=on))
    return Pipeline(open_document(pdf)).run(0, params)


def _grid(table: Table) -> list[list[str]]:
    rows = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        rows[c.r][c.c] = " ".join(c.text.split())
    return rows


def _expected(rows: tuple[tuple[str, ...], ...]) -> list[list[str]]:
    return [[" ".join(c.split()) for c in r] for r in (HEAD, *rows)]


BUILDS: dict[str, tuple[Callable[[], bytes], tuple[tuple[str, ...], ...]]] = {
    "pymupdf-header": (header_grid, BODY), "pymupdf-zebra": (zebra, ZEBRA),
    "reportlab-header": (lambda: reportlab_pdf("header"), BODY),
    "reportlab-zebra": (lambda: reportlab_pdf("zebra"), ZEBRA)}


@pytest.mark.parametrize("name", list(BUILDS))
def test_one_table_with_every_row(name: str) -> None:
    build, rows = BUILDS[name]
    (table,) = _run(build()).tables
    assert _grid(table) == _expected(rows)


@pytest.mark.parametrize("name", list(BUILDS))
def test_switch_off_comes_apart(name: str) -> None:
    build, rows = BUILDS[name]
    tables = _run(build(), on=False).tables
    assert not (len(tables) == 1 and _grid(tables[0]) == _expected(rows))


def test_prose_under_a_grid_stays_out() -> None:
    result = _run(header_grid(prose=True))
    (table,) = result.tables
    assert table.bbox.y1 == pytest.approx(TOP + _height(HEAD) + _height(BODY[0]), abs=0.5)
    assert not any(word in c.text for c in table.cells for word in ("recommendations", "guideline", "meeting"))
    assert not [r for r in result.regions if r.param == "tables.ruled_parts"]


def test_explain_names_each_joined_row() -> None:
    result = _run(zebra())
    said = [r for r in result.regions if r.param == "tables.ruled_parts"]
    assert len(said) == 2  # the two unshaded rows between shaded ones (the last is under the last grid)
    assert all("one table with the grid" in r.reason for r in said)
    assert all(r.joined and not r.rejected for r in said)  # joined to the table, not rejected
    assert [(round(r.bbox.y0), round(r.bbox.y1)) for r in said] == [(round(a), round(b)) for a, b in _unshaded()]
    # Why lists no rejected region there: the rows are the table's (their boundaries say why).
    assert not [r for r in explain(result, Params()).rejected if "tables.ruled_parts" in r.params]


def test_the_boundaries_of_each_joined_row_name_it_and_its_switch() -> None:
    """The Why of a row boundary over or under a joined row says so (evidence ``drawn_parts``)
    and names ``tables.ruled_parts``; the other boundaries do not."""
    (why,) = explain(_run(zebra()), Params()).tables
    edges = {round(y) for band in _unshaded() for y in band}
    named = {round(w.pos) for w in why.rows if "tables.ruled_parts" in w.params}
    assert named == edges
    assert all(any(e.kind == "drawn_parts" for e in w.evidence) and "a row ruled across only" in w.decision
               for w in why.rows if round(w.pos) in edges)
