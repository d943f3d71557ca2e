"""A grid of ruled boxes each holding only a small caption at its top is a form to fill in, not a
table (issue 25: Form 1040's name and address block read as 9 x 18, its signature and preparer
block as 8 x 15). Tables that look alike stay: a blank table to fill in (captions in its header
row only), a table whose cells hold values, a key-value table, and a table whose short cells are
set at the top of rows made tall by one wrapped cell."""

from __future__ import annotations

import dataclasses
import html
import io
from collections.abc import Callable, Sequence
from pathlib import Path

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

A4 = (595.0, 842.0)
LEFT, RIGHT = 50.0, 545.0
BODY, CAPTION = 9.0, 7.0
BOX = 26.0  # pt: a box's height, room for a line of writing under its caption
# A form's name and address block, then its signature block: rows of boxes of different
# widths (cells: caption, share of the row's width).
HEADER = [[("Your first name and middle initial", 0.4), ("Last name", 0.35), ("Your social security number", 0.25)],
          [("Home address (number and street)", 0.75), ("Apt. no.", 0.25)],
          [("City, town, or post office", 0.5), ("State", 0.15), ("ZIP code", 0.35)]]
SIGNATURE = [[("Your signature", 0.45), ("Date", 0.2), ("Your occupation", 0.35)],
             [("Preparer's name", 0.3), ("Preparer's signature", 0.35), ("Date", 0.15), ("PTIN", 0.2)],
             [("Firm's name", 0.7), ("Phone no.", 0.3)]]
PROSE = ("Under penalties of perjury, I declare that I have examined this return and accompanying "
         "schedules and statements, and to the best of my knowledge and belief, they are true.")


def _params(on: bool = True) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, form_boxes=on))


def _detect(pdf: bytes, on: bool = True) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, _params(on))


def _edges(widths: Sequence[float]) -> list[float]:
    xs = [LEFT]
    for share in widths:
        xs.append(xs[-1] + share * (RIGHT - LEFT))
    return xs


def _drawn_boxes(page: pymupdf.Page, top: float, rows: Sequence[Sequence[tuple[str, float]]]) -> float:
    """Rows of boxes ``BOX`` tall from ``top``, each caption in ``CAPTION`` pt at its top-left
    corner, every edge ruled (a stroke per edge, as a form designer draws); returns the bottom."""
    y = top
    for row in rows:
        xs = _edges([share for _, share in row])
        for (text, _), x in zip(row, xs, strict=False):
            page.insert_text((x + 2.0, y + 1.5 + CAPTION), text, fontsize=CAPTION, fontname="helv")
        for x in xs:
            page.draw_line((x, y), (x, y + BOX), width=0.5)
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
        y += BOX
    page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    return y


def _prose(page: pymupdf.Page, y: float) -> float:
    rect = pymupdf.Rect(LEFT, y, RIGHT, y + 40)
    page.insert_textbox(rect, PROSE, fontsize=BODY, fontname="helv")
    return y + 40


def drawn_form() -> bytes:
    """A page of a form: prose, the name and address block, prose, the signature block."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    y = _prose(page, 60.0)
    y = _drawn_boxes(page, y + 10, HEADER)
    y = _prose(page, y + 20)
    _drawn_boxes(page, y + 10, SIGNATURE)
    return doc.tobytes()


def story_form() -> bytes:
    """The same blocks as HTML tables of bordered cells with a fixed height, each caption set at
    the top of its cell, laid out by PyMuPDF's Story (another producer's drawing habits: one
    path per cell border, text placed by the layout engine)."""
    def block(rows: Sequence[Sequence[tuple[str, float]]]) -> str:
        out = []
        for row in rows:
            cells = "".join(f'<td style="width:{share * 100:.0f}%">{html.escape(text)}</td>' for text, share in row)
            out.append(f'<table><tr style="height:{BOX:g}pt">{cells}</tr></table>')
        return "".join(out)

    css = (f"body {{font-family: sans-serif; font-size: {BODY:g}pt}} "
           "table {border-collapse: collapse; width: 100%; margin: 0} "
           f"td {{border: 0.5pt solid black; vertical-align: top; font-size: {CAPTION:g}pt; padding: 1pt 2pt; "
           f"height: {BOX:g}pt}}")
    doc_html = f"<p>{PROSE}</p>{block(HEADER)}<p>{PROSE}</p>{block(SIGNATURE)}"
    return _story(doc_html, css)


def _story(doc_html: str, css: str) -> bytes:
    story = pymupdf.Story(html=doc_html, user_css=css)
    out = io.BytesIO()
    writer = pymupdf.DocumentWriter(out)
    dev = writer.begin_page(pymupdf.Rect(0, 0, *A4))
    story.place(pymupdf.Rect(LEFT, 60, RIGHT, A4[1] - 60))
    story.draw(dev)
    writer.end_page()
    writer.close()
    return out.getvalue()


def reportlab_form() -> bytes:
    """The same blocks as reportlab platypus Tables with fixed row heights, captions at the top."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    body = ParagraphStyle("body", fontName="Helvetica", fontSize=BODY, leading=BODY * 1.2)
    flow: list[object] = [Paragraph(PROSE, body), Spacer(1, 10)]
    for rows in (HEADER, SIGNATURE):
        for row in rows:
            widths = [share * (RIGHT - LEFT) for _, share in row]
            table = Table([[text for text, _ in row]], colWidths=widths, rowHeights=[BOX], hAlign="LEFT")
            table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                                       ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                       ("FONT", (0, 0), (-1, -1), "Helvetica", CAPTION),
                                       ("TOPPADDING", (0, 0), (-1, -1), 1.5)]))
            flow.append(table)
        flow += [Spacer(1, 10), Paragraph(PROSE, body), Spacer(1, 10)]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=A4, leftMargin=LEFT, topMargin=60).build(flow)
    return out.getvalue()


FORMS: dict[str, Callable[[], bytes]] = {"pymupdf-drawn": drawn_form, "pymupdf-story": story_form,
                                         "reportlab": reportlab_form}


@pytest.mark.parametrize("producer", sorted(FORMS))
def test_boxes_holding_only_a_caption_are_a_form_not_a_table(producer: str) -> None:
    pdf = FORMS[producer]()
    off = _detect(pdf, on=False)
    assert len(off.tables) == 2  # the false tables: each block read as a sparse grid
    on = _detect(pdf)
    assert on.tables == ()
    forms = [r for r in on.regions if r.param == "tables.form_boxes"]
    assert len(forms) == 2
    assert [f.reason.split(";")[0] for f in forms] == ["form boxes: 8 of 8 boxes hold only a caption at their top",
                                                       "form boxes: 9 of 9 boxes hold only a caption at their top"]


def test_explain_names_form_boxes_and_the_switch_that_makes_a_table() -> None:
    res = _detect(drawn_form())
    why = explain(res, _params())
    (first, _) = [r for r in why.rejected if "tables.form_boxes" in r.params]
    assert first.reason.endswith("the rest of each box is empty space to write in "
                                 "(a form's entry boxes, not a table) (tables.form_boxes = 1)")
    assert first.flip == ("tables.form_boxes", 0.0)


def _ruled(rows: Sequence[Sequence[str]], widths: Sequence[float], heights: Sequence[float],
           size: float = BODY, valign: str = "middle") -> bytes:
    """A ruled table drawn with PyMuPDF: rows of ``heights`` pt, each cell's lines of ``size`` pt
    text set at the top of its cell or in its middle; under prose in ``BODY`` pt."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    y = _prose(page, 60.0) + 10
    xs = _edges(widths)
    ys = [y]
    for row, h in zip(rows, heights, strict=True):
        for text, x in zip(row, xs, strict=False):
            lines = text.split("\n") if text else []
            first = y + 2.0 if valign == "top" else y + (h - 1.2 * size * len(lines)) / 2
            for k, line in enumerate(lines):
                page.insert_text((x + 3.0, first + size + 1.2 * size * k - 1.5), line, fontsize=size, fontname="helv")
        y += h
        ys.append(y)
    for yy in ys:
        page.draw_line((xs[0], yy), (xs[-1], yy), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


def test_a_blank_table_to_fill_in_stays_a_table() -> None:
    """Captions in the header row only, over numbered rows left empty to write in: a blank table.
    (With no text in its rows at all it is "mostly empty", ``tables.min_filled_rows``.)"""
    header = [("No.", "Dependent's name", "Social security number", "Relationship")]
    rows = header + [(f"{k}.", "", "", "") for k in range(1, 6)]
    res = _detect(_ruled(rows, (0.3, 0.3, 0.2, 0.2), [14.0] + [BOX] * 5, size=CAPTION))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 4)]
    # The same captions set at the top of a tall header row: one row of captions over empty rows.
    res = _detect(_ruled(rows, (0.3, 0.3, 0.2, 0.2), [BOX] * 6, size=CAPTION, valign="top"))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 4)]
    assert not any(r.param == "tables.form_boxes" for r in res.regions)


def test_a_table_whose_values_fill_its_boxes_stays() -> None:
    rows = [("Region", "Units", "Revenue"), ("North", "1,204", "88,310"), ("South", "986", "71,002"),
            ("East", "1,530", "102,449"), ("West", "744", "50,118")]
    for valign in ("middle", "top"):
        res = _detect(_ruled(rows, (0.4, 0.3, 0.3), [16.0] * 5, valign=valign))
        assert [(t.n_rows, t.n_cols) for t in res.tables] == [(5, 3)]


def test_a_ruled_key_value_table_stays() -> None:
    rows = [("Name", "Sarah Jane Norris"), ("Address", "12 Station Road, Leeds"), ("Phone", "0113 496 0871"),
            ("Email", "sarah.norris@example.org")]
    res = _detect(_ruled(rows, (0.3, 0.7), [18.0] * 4, valign="top"))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(4, 2)]


def test_short_cells_at_the_top_of_rows_a_wrapped_cell_makes_tall_stay_a_table() -> None:
    """A Word table sets its cells at their top; a row is as tall as its wrapped description,
    which leaves room under the short cells beside it: they are no captions."""
    desc = "Construction of classrooms\nand a workshop for the\ntraining college"
    rows = [("No.", "Description", "Amount", "Status")] + [(str(k), desc, f"{k},114,809.44", "Completed")
                                                           for k in range(1, 5)]
    res = _detect(_ruled(rows, (0.1, 0.4, 0.25, 0.25), [14.0] + [36.0] * 4, valign="top"))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(5, 4)]


def test_a_story_table_set_at_the_top_of_its_cells_stays() -> None:
    """Another producer: an HTML table whose cells are set at their top (one wraps)."""
    cells = [("Item", "Notes", "Qty"), ("Bolts", "Zinc plated, M8 x 40, boxed in hundreds for site use", "400"),
             ("Nuts", "M8", "400"), ("Washers", "Form A, M8, stainless steel for outdoor fixings", "800")]
    body = "".join("<tr>" + "".join(f"<td>{html.escape(t)}</td>" for t in row) + "</tr>" for row in cells)
    css = (f"body {{font-family: sans-serif; font-size: {BODY:g}pt}} table {{border-collapse: collapse; width: 60%}} "
           "td {border: 0.5pt solid black; vertical-align: top; padding: 2pt}")
    res = _detect(_story(f"<p>{PROSE}</p><table>{body}</table>", css))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(4, 3)]


FORM_1040 = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "designer65-form.pdf"


@pytest.mark.skipif(not FORM_1040.exists(), reason="make corpus-tagged-real fetches the Designer form")
def test_form_1040_name_and_signature_blocks_are_no_tables() -> None:
    """Its tags mark one table (the dependents, page 1): the name and address block (page 1,
    y 24-204) and the signature and preparer block (page 2, y 636-756) are form boxes."""
    doc = open_document(str(FORM_1040))
    one, two = (Pipeline(doc).run(k) for k in (0, 1))
    assert [(round(t.bbox.y0), t.n_rows, t.n_cols) for t in one.tables] == [(297, 8, 5)]  # the dependents (one column each: structure.options)
    assert not [t for t in two.tables if t.source == "ruled"]
    assert [round(r.bbox.y0) for r in one.regions if r.param == "tables.form_boxes"] == [24]
    assert [round(r.bbox.y0) for r in two.regions if r.param == "tables.form_boxes"] == [636]


def _broken_form() -> bytes:
    """``drawn_form``'s blocks with the rule over each caption drawn in two pieces that leave a
    gap over the middle tenth of the caption: each piece draws under half of the caption's width,
    the two together nine tenths of it (the box's top is drawn there)."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    y = _prose(page, 60.0) + 10
    for rows in (HEADER, SIGNATURE):
        for row in rows:
            xs = _edges([share for _, share in row])
            for (text, _), x, x_end in zip(row, xs, xs[1:], strict=False):
                page.insert_text((x + 2.0, y + 1.5 + CAPTION), text, fontsize=CAPTION, fontname="helv")
                width = pymupdf.get_text_length(text, fontname="helv", fontsize=CAPTION)
                page.draw_line((x, y), (x + 2.0 + 0.45 * width, y), width=0.5)
                page.draw_line((x + 2.0 + 0.55 * width, y), (x_end, y), width=0.5)
            for x in xs:
                page.draw_line((x, y), (x, y + BOX), width=0.5)
            y += BOX
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
        y = _prose(page, y + 20) + 10
    return doc.tobytes()


def test_a_caption_box_whose_top_is_drawn_in_pieces_is_still_a_form() -> None:
    """The caption count is read over arrays before any box is measured (``Extents``): a box's
    top drawn in two pieces, neither over half of its caption, is drawn there all the same (the
    pieces' union is), so the count must not skip the form nor any of its caption boxes."""
    on = _detect(_broken_form())
    assert on.tables == ()
    assert [r.reason.split(";")[0] for r in on.regions if r.param == "tables.form_boxes"] == [
        "form boxes: 8 of 8 boxes hold only a caption at their top",
        "form boxes: 9 of 9 boxes hold only a caption at their top"]


def _spanned(rows: Sequence[Sequence[tuple[str, int]]], n_cols: int, height: float, right: bool = False) -> bytes:
    """A ruled table of ``n_cols`` equal columns under prose: each row's cells (text, columns
    spanned) in ``CAPTION`` pt at the top of boxes ``height`` pt tall (a word processor's cell
    with space after its paragraph); the values right-aligned when ``right``. Each cell's box
    drawn as its four edges, as Word's export draws cell borders."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    y = _prose(page, 60.0) + 10
    xs = _edges([1.0 / n_cols] * n_cols)
    for row in rows:
        k = 0
        for text, span in row:
            x0, x1 = xs[k], xs[k + span]
            width = pymupdf.get_text_length(text, fontname="helv", fontsize=CAPTION)
            at = x1 - 3.0 - width if right and k else x0 + 3.0
            page.insert_text((at, y + 1.5 + CAPTION), text, fontsize=CAPTION, fontname="helv")
            page.draw_rect(pymupdf.Rect(x0, y, x1, y + height), width=0.5)
            k += span
        y += height
    return doc.tobytes()


RATES = [[("Product", 1), ("1 M", 1), ("3 M", 1), ("6 M", 1), ("12 M", 1), ("24 M", 1)],
         [("Savings accounts", 6)],
         [("Savings Basic", 1), ("0.25", 1), ("0.40", 1), ("0.55", 1), ("0.80", 1), ("1.10", 1)],
         [("Savings Online", 1), ("0.30", 1), ("0.45", 1), ("0.60", 1), ("0.85", 1), ("1.20", 1)],
         [("Fixed deposits", 6)],
         [("Deposit Gold", 1), ("1.05", 1), ("1.35", 1), ("1.60", 1), ("1.95", 1), ("2.25", 1)],
         [("Deposit Plus", 1), ("0.95", 1), ("1.25", 1), ("1.50", 1), ("1.85", 1), ("2.15", 1)]]


@pytest.mark.parametrize("right", [False, True])
def test_a_rate_sheet_with_section_rows_set_at_the_top_of_tall_rows_stays_a_table(right: bool) -> None:
    """Word's space after each cell's paragraph sets every text at the top of a tall box with a
    line of room under it, caption-shaped; the full-width section rows then cross the column
    sides. But those columns repeat row after row, and a section row covers them whole: one
    lattice with spans, a table (issue 25: a rate sheet read as form boxes, no table)."""
    res = _detect(_spanned(RATES, 6, BOX, right))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(7, 6)]
    assert not any(r.param == "tables.form_boxes" for r in res.regions)
    # A header cell over sub-columns covers whole columns too.
    head = [[("Product", 1), ("Short terms", 2), ("Long terms", 3)]] + RATES[:1] + RATES[2:4] + RATES[5:]
    res = _detect(_spanned(head, 6, BOX, right))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 6)]


def test_a_wide_box_over_a_division_no_other_row_repeats_is_still_a_form() -> None:
    """A form's wide box crossed by a side that stands in one row only ("Date" beside "Name")
    divides its rows differently: still form boxes."""
    rows = [[("Name of the account holder", 4), ("Date", 2)], [("Signature", 6)], [("Witness", 6)]]
    res = _detect(_spanned(rows, 6, BOX))
    assert res.tables == ()
    assert [r.reason.split(";")[0] for r in res.regions if r.param == "tables.form_boxes"] == [
        "form boxes: 4 of 4 boxes hold only a caption at their top"]
