"""Amounts centred beside wrapped labels, and headers wider than their numbers (issue 25,
producers nobody here made: matplotlib's text tables, reportlab's VALIGN MIDDLE).

A booktabs-ruled budget (rules over and under the header, over the total, under the table)
whose labels mostly wrap over two lines, each row's amounts centred in its height: the
amounts sit between the label's two lines. Between the header rule and the total rule the
lines are rows of amounts, not one ruled row's multi-line cells (``ruledrows.amount_rows``).
"""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.stacks import phrase_end
from inspector.core.types import Rect, Word

HEAD = ("Category", "Planned", "Spent", "Remaining", "Used")
BODY = (("Licences\n(incl. audit)", "681", "497", "184", "73%"),
        ("Equipment\n(incl. VAT)", "165", "171", "(6)", "104%"),
        ("Subcontracting\n(incl. partners)", "580", "764", "(184)", "132%"),
        ("Contingency", "468", "578", "(110)", "124%"),
        ("Dissemination\n(incl. VAT)", "115", "148", "(33)", "129%"))
TOTAL = ("Total", "2,009", "2,158", "(149)", "107%")
XS = (160.0, 240.0, 295.0, 335.0, 400.0, 440.0)
SIZE = 8.0


def _drawn() -> bytes:
    """PyMuPDF: each row as tall as its label, the amounts' baseline at the row's middle."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 100.0
    rules = [y]
    for k, row in enumerate((HEAD, *BODY, TOTAL)):
        n = row[0].count("\n") + 1
        h = SIZE * (1.25 * n + 0.55) + 2
        if k == len(BODY) + 1:
            rules.append(y)
        for c, text in enumerate(row):
            lines = text.split("\n")
            first = y + h / 2 - (len(lines) - 1) * 0.625 * SIZE + 0.35 * SIZE
            for j, line in enumerate(lines):
                w = pymupdf.get_text_length(line, "helv", SIZE)
                x = XS[c] + 6 if c == 0 else XS[c + 1] - 6 - w
                page.insert_text((x, first + 1.25 * SIZE * j), line, fontsize=SIZE, fontname="helv")
        y += h
        if k == 0:
            rules.append(y)
    rules.append(y)
    for k, ry in enumerate(rules):
        page.draw_line((XS[0], ry), (XS[-1], ry), width=1.0 if k in (0, len(rules) - 1) else 0.6)
    return doc.tobytes()


def _reportlab() -> bytes:
    """reportlab: Paragraph labels wrapping by width, VALIGN MIDDLE, booktabs-like rules."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    style = ParagraphStyle("c", fontName="Helvetica", fontSize=SIZE, leading=SIZE * 1.25)
    rows = [list(HEAD)] + [[Paragraph(r[0].replace("\n", "<br/>"), style), *r[1:]] for r in (*BODY, TOTAL)]
    table = Table(rows, colWidths=[XS[k + 1] - XS[k] for k in range(5)])
    n = len(rows)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", SIZE), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("ALIGN", (1, 0), (-1, -1), "RIGHT"), ("LINEABOVE", (0, 0), (-1, 0), 1.0, "black"),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.6, "black"), ("LINEABOVE", (0, n - 1), (-1, n - 1), 0.6, "black"),
                               ("LINEBELOW", (0, n - 1), (-1, n - 1), 1.0, "black")]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build([table])
    return buf.getvalue()


@pytest.mark.parametrize("make", [_drawn, _reportlab], ids=["pymupdf", "reportlab"])
def test_amounts_centred_beside_wrapped_labels_are_rows(make) -> None:
    (table,) = Pipeline(open_document(make())).run(0).tables
    got = [[" ".join(c.split()) for c in row] for row in table.rows_text()]
    want = [[" ".join(c.split()) for c in row] for row in (HEAD, *BODY, TOTAL)]
    assert got == want


def test_one_row_of_amounts_centred_is_no_rows() -> None:
    """One wrapped label and its centred amounts alone between two rules stay one row's cells
    (``MIN_AMOUNT_ROWS``): the ruled band is the row."""
    from inspector.core.structure.columns import lines_in
    from inspector.core.structure.ruledrows import amount_rows

    def word(text: str, x: float, y: float) -> Word:
        return Word(text, Rect(x, y, x + 6 * len(text), y + 9), 8, baseline=y + 7)

    words = [word("Licences", 10, 10), word("681", 100, 15), word("73%", 150, 15), word("(audit)", 10, 20)]
    lines = lines_in(words, range(4), 0.35)
    assert len(lines) == 3
    assert not amount_rows(lines, words, [0, 90, 140, 200], lambda a, b: False)
    more = [*words, word("Equipment", 10, 35), word("165", 100, 40), word("104%", 150, 40), word("(VAT)", 10, 45)]
    lines = lines_in(more, range(8), 0.35)
    assert amount_rows(lines, more, [0, 90, 140, 200], lambda a, b: False)


def test_a_phrase_ends_where_a_wider_gap_parts_it() -> None:
    row = [Word("D", Rect(412.1, 0, 419.1, 9), 9), Word("vs.", Rect(422.2, 0, 436.9, 9), 9),
           Word("base", Rect(440.0, 0, 464.0, 9), 9), Word("x", Rect(480.0, 0, 485.0, 9), 9)]
    assert phrase_end(row, 0) == 464.0
    assert phrase_end(row, 3) == 485.0


# A results table: a header right-aligned over its numbers and wider than them ("D vs. base"
# over "-6.40"), 6 pt from the header before it, under group labels centred over two columns
# each (one line crossing the white between the headers: no text gap runs down every line);
# the numbers' stacks stand further apart, so the boundary at the middle of the room between
# the stacks would cut the header after "D".
RESULTS = (("Method", "Acc.", "MAE", "Time (s)", "D vs. base"), ("Ridge", "0.51", "0.91", "36.0", "-6.40"),
           ("Transformer", "0.78", "0.72", "217.8", "+4.52"), ("MPC", "0.76", "0.74", "31.3", "-1.83"),
           ("CNN", "0.67", "0.55", "763.3", "-0.65"))
GROUPS = (("Test set", 1, 3), ("Cost", 3, 5))


def _results() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = (130.0, 200.0, 240.0, 280.0, 330.0, 380.0)
    y = 120.0
    page.draw_line((xs[0], y - 12), (xs[-1], y - 12), width=1.0)
    for label, a, b in GROUPS:
        page.insert_text(((xs[a] + xs[b] - pymupdf.get_text_length(label, "helv", 9)) / 2, y), label, fontsize=9,
                         fontname="helv")
        page.draw_line((xs[a] + 3, y + 4), (xs[b] - 3, y + 4), width=0.5)
    y += 16
    for k, row in enumerate(RESULTS):
        for c, text in enumerate(row):
            w = pymupdf.get_text_length(text, "helv", 9)
            x = xs[0] + 4 if c == 0 else xs[c + 1] - 6 - w
            page.insert_text((x, y), text, fontsize=9, fontname="helv")
        if k == 0:
            page.draw_line((xs[0], y + 4), (xs[-1], y + 4), width=0.6)
        y += 16
    page.draw_line((xs[0], y - 10), (xs[-1], y - 10), width=1.0)
    return doc.tobytes()


def _results_reportlab() -> bytes:
    """reportlab: the group labels in spanned cells, rules as booktabs draws them."""
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    rows = [["", "Test set", "", "Cost", ""], *[list(r) for r in RESULTS]]
    table = Table(rows, colWidths=[70, 40, 40, 50, 50])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", 9), ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                               ("SPAN", (1, 0), (2, 0)), ("SPAN", (3, 0), (4, 0)), ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                               ("LINEABOVE", (0, 0), (-1, 0), 1.0, "black"), ("LINEBELOW", (1, 0), (2, 0), 0.5, "black"),
                               ("LINEBELOW", (3, 0), (4, 0), 0.5, "black"), ("LINEBELOW", (0, 1), (-1, 1), 0.6, "black"),
                               ("LINEBELOW", (0, -1), (-1, -1), 1.0, "black")]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build([table])
    return buf.getvalue()


@pytest.mark.parametrize("make", [_results, _results_reportlab], ids=["pymupdf", "reportlab"])
def test_a_header_wider_than_its_numbers_keeps_its_words(make) -> None:
    (table,) = Pipeline(open_document(make())).run(0).tables
    assert [[" ".join(c.split()) for c in row] for row in table.rows_text()[-len(RESULTS):]] == [list(r) for r in RESULTS]


def test_explain_names_the_centred_amounts() -> None:
    """Each boundary over a wrapped label (three of the four body boundaries) is named; the one
    over the one-line label ("Contingency") is an ordinary row start."""
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    (exp,) = explain_page(Pipeline(open_document(_drawn())).run(0), Params())
    named = [w.pos for w in exp.rows if any(e.kind == "centred_amounts" for e in w.evidence)]
    assert len(named) == 3
