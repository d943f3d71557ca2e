"""Where one table ends under a heading without a number (issue #25, class 2): a one-line heading
set apart under a table ("Cash flow", "Regional results"), in larger or bold type, over prose
or the next table's header row, is no row of the table (``ends.heading_over``) and explain says
so; a title centred over the next, narrower table between the two tables' rules parts them
(``between._over_next``); a paragraph opening with a run-in heading between two tables parts
their rules (``LineFacts.prose_across``). Guards: a section label of the table's own over its
rows of amounts, a bold label of a table of words over rows in its body type, and a total row
stay in the table. Built with PyMuPDF, reportlab and fpdf2 at known coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 8.0  # the tables' type (pt)
PITCH = 11.0  # their rows' baseline step (pt)
XS = (60.0, 160.0, 215.0, 270.0, 325.0)  # four columns
HEAD = ("Item", "2023", "2022", "Change")
PROSE = ("The figures above are restated after the change of accounting policy in the second",
         "quarter of the year, and the figures in the next table are audited by the group.",
         "Amounts are in thousands of euros unless stated otherwise in the notes below it.")

Text = Callable[[float, float, str, float, bool], None]  # x, baseline, text, size, bold
Rule = Callable[[float, float, float], None]  # x0, y, x1


def _rows(first: int, n: int) -> list[tuple[str, ...]]:
    return [(f"Account {k:02d}", f"{1000 + 37 * k:,}", f"{1000 + 74 * k:,}", f"{1000 + 111 * k:,}")
            for k in range(first, first + n)]


def _draw(text: Text, rule: Rule, top: float, rows: Sequence[Sequence[str]], xs: Sequence[float], rules: str,
          bold_head: bool = True, bold_rows: Sequence[int] = ()) -> float:
    """Rows from ``top`` (label left, amounts right-aligned, the header bold); ``rules``: "booktabs"
    (over and under the header, under the last row), "head" (under the header), "sheet" (under
    the header, over the last row and a double rule under it), "" none. The bottom (pt)."""
    font = pymupdf.Font("helv"), pymupdf.Font("hebo")
    for r, row in enumerate(rows):
        bold = (r == 0 and bold_head) or r in bold_rows
        for c, t in enumerate(row[:len(xs) - 1]):
            x = xs[c] + 3 if c == 0 else xs[c + 1] - 3 - font[bold].text_length(t, SIZE)
            text(x, top + r * PITCH + 8.5, t, SIZE, bold)
    n = len(rows)
    at = {"booktabs": (0, 1, n), "head": (1,), "sheet": (1, n - 1, n), "": ()}[rules]
    for k in at:
        rule(xs[0], top + k * PITCH, xs[-1])
    if rules == "sheet":
        rule(xs[0], top + n * PITCH + 2, xs[-1])
        return top + n * PITCH + 2
    return top + n * PITCH


def _mupdf(build: Callable[[Text, Rule], None]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    build(lambda x, y, t, s, b: page.insert_text((x, y), t, fontsize=s, fontname="hebo" if b else "helv"),
          lambda x0, y, x1: page.draw_line((x0, y), (x1, y), width=0.5))
    return bytes(doc.tobytes())


def _reportlab(build: Callable[[Text, Rule], None]) -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(595, 842))
    c.setLineWidth(0.5)

    def text(x: float, y: float, t: str, s: float, b: bool) -> None:
        c.setFont("Helvetica-Bold" if b else "Helvetica", s)
        c.drawString(x, 842 - y, t)

    build(text, lambda x0, y, x1: c.line(x0, 842 - y, x1, 842 - y))
    c.save()
    return out.getvalue()


def _fpdf2(build: Callable[[Text, Rule], None]) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format=(595, 842))
    pdf.add_page()
    pdf.set_line_width(0.5)

    def text(x: float, y: float, t: str, s: float, b: bool) -> None:
        pdf.set_font("helvetica", "B" if b else "", s)
        pdf.text(x, y, t)

    build(text, lambda x0, y, x1: pdf.line(x0, y, x1, y))
    return bytes(pdf.output())


PRODUCERS = {"pymupdf": _mupdf, "reportlab": _reportlab, "fpdf2": _fpdf2}


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _shapes(res: PageResult) -> list[tuple[int, int]]:
    return [(t.n_rows, t.n_cols) for t in res.tables]


def _texts(res: PageResult) -> str:
    return " ".join(x for t in res.tables for row in t.rows_text() for x in row)


def _small_table_then(heading: tuple[float, bool], lower: str, white: float = 18.0) -> Callable[[Text, Rule], None]:
    """A booktabs table in 8 pt type on a page of 11 pt prose; ``white`` pt under its last row's
    baseline plus the heading's size, the heading ("Cash flow", ``heading``: size and bold); then
    the next table (its rules ``lower``) right under it; the page's prose under it all. Set so near, the next line is within the white the growth down
    reads past (two of the page's line heights): only the heading's words and setting end it."""
    size, bold = heading

    def build(text: Text, rule: Rule) -> None:
        _draw(text, rule, 100, [HEAD, *_rows(1, 6)], XS, "booktabs")
        y = 100 + 6 * PITCH + 8.5 + white + size * 0.8
        text(XS[0] + 3, y, "Cash flow", size, bold)
        end = _draw(text, rule, y + 4, [HEAD, *_rows(7, 5)], XS, lower)
        for k, line in enumerate(PROSE * 3):
            text(60, end + 30 + 14 * k, line, 11, False)
    return build


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize("lower", ["sheet", "head", ""])
@pytest.mark.parametrize("heading", [(11.0, True), (11.0, False)], ids=["bold-larger", "larger"])
def test_a_heading_set_apart_over_the_next_tables_header_ends_the_table(
        producer: str, lower: str, heading: tuple[float, bool]) -> None:
    """The heading and the next table's header row are near enough for the growth down to take
    them as a section label and a row: set apart (more white than the row pitch), larger than
    the table's type and over a header row, the heading ends the table; explain says so."""
    res = _detect(PRODUCERS[producer](_small_table_then(heading, lower)))
    assert _shapes(res) == [(7, 4), (6, 4)]
    assert res.tables[0].rows_text()[-1][0] == "Account 06"
    assert "Cash flow" not in _texts(res)
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "heading_under"
    assert '("Cash flow") is a heading' in why.rows[-1].decision


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_a_larger_heading_set_closer_than_the_row_pitch_ends_the_table(producer: str) -> None:
    """The same page with the heading set closer under the last row (less white than the 11 pt
    row pitch): not set apart, yet in type larger than the header row it stands over (11 pt over
    8 pt), it is a heading over the next table, no label of this one."""
    res = _detect(PRODUCERS[producer](_small_table_then((11.0, True), "sheet", white=11.0)))
    assert _shapes(res) == [(7, 4), (6, 4)]
    assert "Cash flow" not in _texts(res)
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "heading_under"


def test_a_label_in_the_bodys_type_set_closer_than_the_row_pitch_is_a_label() -> None:
    """Control: a bold label in the body's own size set so close is read as a label over the next
    line, as before (at the rows' pitch and in their type, nothing tells it from a section label)."""
    res = _detect(_mupdf(_small_table_then((SIZE, True), "sheet", white=11.0)))
    assert res.tables[0].rows_text()[-2][0] == "Cash flow"


def _label_in_table(label: tuple[float, bool], words: bool) -> Callable[[Text, Rule], None]:
    """One booktabs table whose rows break after six for a blank row and a label (``label``: size,
    bold) over more rows in the same columns: amounts, or (``words``) words only, in body type."""
    size, bold = label
    rows = [("Account 07", "open", "North", "retail")] * 5 if words else _rows(7, 5)

    def build(text: Text, rule: Rule) -> None:
        first = [HEAD, *(_rows(1, 6) if not words else [("Account 01", "open", "South", "retail")] * 6)]
        _draw(text, rule, 100, first, XS, "")
        y = 100 + 7 * PITCH + PITCH + 8.5  # a blank row
        text(XS[0] + 3, y, "Cash flow", size, bold)
        _draw(text, rule, y + 3, rows, XS, "", bold_head=False)
        rule(XS[0], 100, XS[-1])
        rule(XS[0], 100 + PITCH, XS[-1])
        rule(XS[0], y + 3 + 5 * PITCH, XS[-1])
        for k, line in enumerate(PROSE * 3):
            text(60, y + 3 + 5 * PITCH + 30 + 14 * k, line, 11, False)
    return build


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize(("label", "words"), [((11.0, True), False), ((SIZE, True), True)],
                         ids=["larger-over-amounts", "bold-over-words"])
def test_a_section_label_of_the_table_stays_a_row(producer: str, label: tuple[float, bool], words: bool) -> None:
    """Guard: a label set apart by a blank row inside the table's rules, over rows of amounts (in
    larger bold type), or over rows of words in the body's regular type (bold), is the table's
    section label: one table, the label a row of it."""
    res = _detect(PRODUCERS[producer](_label_in_table(label, words)))
    assert _shapes(res) == [(13, 4)]
    assert [r[0] for r in res.tables[0].rows_text()][7] == "Cash flow"


def test_a_total_row_set_apart_stays_in_the_table() -> None:
    """Guard: the table's bold total row set a blank row under its body ("Total" with its amounts)
    stays its last row, the heading under it still ends the table."""
    def build(text: Text, rule: Rule) -> None:
        _draw(text, rule, 100, [HEAD, *_rows(1, 6)], XS, "booktabs")
        _draw(text, rule, 100 + 8 * PITCH, [("Total", "7,777", "8,888", "9,999")], XS, "", bold_head=True)
        rule(XS[0], 100 + 9 * PITCH, XS[-1])
        y = 100 + 9 * PITCH + 15 + 11 * 0.8
        text(XS[0] + 3, y, "Cash flow", 11, True)
        _draw(text, rule, y + 4, [HEAD, *_rows(7, 5)], XS, "sheet")
        for k, line in enumerate(PROSE * 3):
            text(60, y + 120 + 14 * k, line, 11, False)

    res = _detect(_mupdf(build))
    assert res.tables[0].rows_text()[-1] == ["Total", "7,777", "8,888", "9,999"]
    assert "Cash flow" not in _texts(res)


def _sheet_blocks(text: Text, rule: Rule) -> None:
    """A sheet's two blocks printed one under the other: the second narrower (three columns), its
    title in larger bold type centred over it; each block ruled under its header, over its
    total and doubly under it (no rule parts them but the first block's foot)."""
    narrow = XS[:4]
    bottom = _draw(text, rule, 100, [HEAD, *_rows(1, 7), ("Total", "9,999", "8,888", "7,777")], XS, "sheet",
                   bold_rows=(8,))
    width = pymupdf.Font("hebo").text_length("Cash flow", 10.0)
    text((narrow[0] + narrow[-1]) / 2 - width / 2, bottom + 24, "Cash flow", 10.0, True)
    _draw(text, rule, bottom + 28, [HEAD[:3], *[r[:3] for r in _rows(8, 5)], ("Total", "5,555", "4,444")],
          narrow, "sheet", bold_rows=(6,))


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_a_title_centred_over_the_next_narrower_block_parts_the_rules(producer: str) -> None:
    """The title stands centred over the second block only (not over the rules' whole extent nor
    at their left end): it is that block's title, the two blocks two tables."""
    res = _detect(PRODUCERS[producer](_sheet_blocks))
    assert _shapes(res) == [(9, 4), (7, 3)]
    assert "Cash flow" not in _texts(res)
    rejected = [r.reason for r in res.regions if r.reason.startswith("heading between tables")]
    assert any('"Cash flow"' in r for r in rejected)


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize("lines", [1, 2])
def test_a_paragraph_with_a_run_in_heading_parts_two_tables(producer: str, lines: int) -> None:
    """"Discussion" in bold, a quad, then prose running past the tables' right end: the line is
    two pieces, its second running prose; between two booktabs tables of one width it parts them."""
    def build(text: Text, rule: Rule) -> None:
        bottom = _draw(text, rule, 100, [HEAD, *_rows(1, 6)], XS, "booktabs")
        y = bottom + 16
        text(60, y, "Discussion", 9, True)
        text(60 + pymupdf.Font("hebo").text_length("Discussion", 9) + 10, y,
             "The accounts above are restated after the change of accounting policy in the", 9, False)
        if lines == 2:
            text(60, y + 11, "second quarter.", 9, False)
        _draw(text, rule, y + 11 * lines + 8, [HEAD, *_rows(7, 5)], XS, "booktabs")

    res = _detect(PRODUCERS[producer](build))
    assert _shapes(res) == [(7, 4), (6, 4)]
    assert "Discussion" not in _texts(res)


def test_explain_names_a_heading_over_prose_under_the_table() -> None:
    """A heading set apart under a booktabs table, prose under it: the growth down never takes
    such a label (prose follows it), and explain says what the line under the table is."""
    def build(text: Text, rule: Rule) -> None:
        _draw(text, rule, 100, [HEAD, *_rows(1, 6)], XS, "booktabs")
        y = 100 + 6 * PITCH + 8.5 + 18 + 11 * 0.8
        text(XS[0] + 3, y, "Regional results", 11, True)
        for k, line in enumerate(PROSE):
            text(60, y + 16 + 11 * k, line, 9, False)

    res = _detect(_mupdf(build))
    assert _shapes(res) == [(7, 4)]
    why = explain_page(res, Params())[0]
    assert [e.kind for e in why.rows[-1].evidence][-1] == "heading_under"
    assert '("Regional results") is a heading' in why.rows[-1].decision



@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize("lower", ["booktabs", "sheet", "head"])
def test_a_larger_regular_heading_between_grouped_rules_parts_them(producer: str, lower: str) -> None:
    """A heading in larger regular type (11 pt over 8 pt rows) set about 9 pt under the upper
    table's bottom rule, over the next table's header: its line box (the font's ascent at 11 pt)
    reaches within half a header line of the rule, its capitals stand well clear of it. The white
    a reader sees parts the stacked rules into two tables (``between._apart`` measures to the
    capitals), and explain names the heading."""
    res = _detect(PRODUCERS[producer](_small_table_then((11.0, False), lower, white=11.0)))
    assert _shapes(res) == [(7, 4), (6, 4)]
    assert "Cash flow" not in _texts(res)
    rejected = [r.reason for r in res.regions if r.reason.startswith("heading between tables")]
    assert any('heading in larger type ("Cash flow")' in r for r in rejected)


def test_explain_calls_the_wider_paragraph_under_a_table_a_paragraph() -> None:
    """The page's 11 pt prose under the second table runs on past the table's right side:
    explain reads its lines whole (not cut at the table's side, where the next line looked
    wider than the first) and calls it the paragraph it is, not a heading."""
    res = _detect(_mupdf(_small_table_then((11.0, True), "booktabs")))
    assert _shapes(res) == [(7, 4), (6, 4)]
    last = explain_page(res, Params())[1].rows[-1]
    assert [e.kind for e in last.evidence][-1] == "paragraph_under"
    assert '("The figures above are restated' in last.decision and "is a paragraph" in last.decision
