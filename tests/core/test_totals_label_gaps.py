"""A subtotal's label run across the label columns hides no column (issue #25, "documents nobody
here made"; corpus/java: JasperReports ledgers grouped by account). Each group ends on a
subtotal row whose label ("Subtotal 5271 Rent") runs from the date column over the white before
the voucher column; three groups make three such lines in sixteen, more than
``columns.spanning_lines`` lets cross a gap, and the date and the voucher came out in one cell.
A totals label that starts its line and goes on with amounts says nothing against the columns
under it (``structure/totalspans.under_totals_labels``); explain names it (``totals_labels``).
Guard: the same lines led by a label that names no total still read as one column there.
Built with PyMuPDF, reportlab and fpdf2, rules over and under the header and under the table."""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import Pieces, Segment
from inspector.core.structure.totalspans import under_totals_labels
from inspector.core.types import PageResult, Rect, Word

LEFT, RIGHT = 40.0, 520.0
STARTS = (40.0, 100.0, 170.0)  # date, voucher, description: flush left (pt)
ENDS = (430.0, 520.0)  # debit, credit: flush right (pt)
PITCH = 14.0
HEAD = ("Date", "Voucher", "Description", "Debit", "Credit")


def _line(y: float, texts: tuple[str, ...]) -> list[Op]:
    ops: list[Op] = [Text(x, y, t, 8.0) for x, t in zip(STARTS, texts[:3], strict=False) if t]
    return ops + [Text(x, y, t, 8.0, align="right") for x, t in zip(ENDS, texts[3:], strict=False) if t]


def _page(label: str) -> list[Op]:
    """A ledger of three accounts: each an account label, three entries and a row ``label``
    ("Subtotal") + the account over the date and voucher columns, its amounts at the right."""
    ops: list[Op] = [Line(LEFT, 90, RIGHT, 90), *_line(101, HEAD), Line(LEFT, 106, RIGHT, 106)]
    y = 106 + PITCH
    for k in range(3):
        rows = [(f"{5271 + k} Rent",), *[(f"2026-03-0{e + 1}", f"JV-{300 + 10 * k + e}", "Card payment",
                                         f"{10 * k + e}.50", "") for e in range(3)],
                (f"{label} {5271 + k} Rent", "", "", f"{30 * k + 3}.00", "0.00")]
        for texts in rows:
            ops += _line(y, texts)
            y += PITCH
    return [*ops, Line(LEFT, y - PITCH + 5, RIGHT, y - PITCH + 5)]


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_subtotal_labels_across_the_date_and_voucher_columns_hide_no_column(producer: str) -> None:
    res = _detect(PRODUCERS[producer](_page("Subtotal")))
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    assert rows[0] == list(HEAD)
    assert rows[2] == ["2026-03-01", "JV-300", "Card payment", "0.50", ""]
    assert rows[5] == ["Subtotal 5271 Rent", "", "", "3.00", "0.00"]
    assert len(rows) == 16
    why = explain_page(res, Params())[0]
    told = [w for w in why.cols if any(e.kind == "totals_labels" for e in w.evidence)]
    assert [(round(w.pos), [e.value for e in w.evidence if e.kind == "totals_labels"]) for w in told] == \
        [(round(res.tables[0].grid.xs[1]), [3])]
    assert 90 < told[0].pos < 100
    assert "totals label set across the label columns hides no column" in told[0].decision


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_lines_led_by_no_totals_label_still_cross_the_gap(producer: str) -> None:
    """Guard: "Carried 5271 Rent" names no total; three such lines in sixteen cross the gap
    between the date and the voucher, more than a tenth: one column there, as before."""
    res = _detect(PRODUCERS[producer](_page("Carried")))
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    assert rows[0][:2] == ["Date Voucher", "Description"]
    assert rows[2][0] == "2026-03-01 JV-300"



def _pieces(rows: list[list[tuple[str, float, float]]]) -> tuple[list[Word], list[Segment], Pieces]:
    """Words, one segment each, and their pieces for lines of (text, x0, x1) in pt."""
    words = [Word(t, Rect(a, 100 + 12 * n, b, 108 + 12 * n)) for n, row in enumerate(rows) for t, a, b in row]
    lines = [n for n, row in enumerate(rows) for _ in row]
    segs = [Segment((i,), w.bbox.x0, w.bbox.x1, lines[i]) for i, w in enumerate(words)]
    return words, segs, Pieces.of_words(words, segs)


@pytest.mark.parametrize("totals", [1, 2])
def test_a_lone_total_opens_no_gap_that_another_line_crosses(totals: int) -> None:
    # An age table scanned: the range's first number, then "- 19 years" a few points further
    # (a gap inside the label column), "Under 1 year" across that gap, and the totals lines'
    # labels across it too. One total is no grouped report's subtotals (MIN_TOTALS): excused,
    # it left "Under 1 year" alone across the gap, which spanning_lines allows, and the label
    # column was cut in two (the table's rows then fell apart). Two totals lines are excused.
    body = [[(str(k), 86.0, 96.0), (f"- {k + 4} years", 110.0, 160.0), ("123", 300.0, 320.0)] for k in range(14)]
    rows = [*body, [("Under 1 year", 86.0, 140.0), ("77", 300.0, 320.0)]]
    rows += [[(f"Total {k}", 86.0, 130.0), ("999", 300.0, 320.0)] for k in range(totals)]
    words, segs, pieces = _pieces(rows)
    inner = [200.0]  # the amounts' boundary, found over every line
    got = under_totals_labels(inner, pieces, segs, words, 80.0, 330.0, Params().columns)
    assert got == ([200.0] if totals == 1 else [pytest.approx(103.25), 200.0])
