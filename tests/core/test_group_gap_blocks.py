"""A report's groups set a little apart (issue #25, "documents nobody here made"; corpus/java:
JasperReports ledgers). A report engine draws each field's own box and leaves a few points of
paper under each group's subtotal: the grid came out as one table per group, and the grand total
row (its label across three columns) as one more. The gap is blank and narrower than a row, the
lower block opens on a row no column rule crosses (the next account's label) or is one row (the
total), its column rules among the upper's: one table (``stacked_grids._group_gap``); explain
names it (evidence ``group_gap``). Guards: a second table under the first that opens on its own
header row, a gap as tall as a row or more, and a line of text in the gap still part them.
Built with PyMuPDF, reportlab and fpdf2, each field a box of four strokes as the engine draws."""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (40.0, 110.0, 170.0, 330.0, 420.0, 510.0)  # the column edges (pt)
ROW = 16.0  # a row's height (pt)
HEAD = ("Date", "Voucher", "Description", "Debit", "Credit")


def _field(x0: float, x1: float, top: float, text: str, right: bool = False) -> list[Op]:
    """One field: its text and the four sides of its own box."""
    bottom = top + ROW
    t = Text(x1 - 3, top + 11.5, text, 8.0, align="right") if right else Text(x0 + 3, top + 11.5, text, 8.0)
    return [t, Line(x0, top, x1, top), Line(x0, bottom, x1, bottom), Line(x0, top, x0, bottom),
            Line(x1, top, x1, bottom)]


def _row(top: float, texts: tuple[str, ...]) -> list[Op]:
    return [op for c, t in enumerate(texts) for op in _field(XS[c], XS[c + 1], top, t, right=c >= 3)]


def _group(top: float, k: int, entries: int) -> tuple[list[Op], float]:
    """An account's label across the row, its entries and its subtotal (label over three columns)."""
    ops = _field(XS[0], XS[-1], top, f"{4000 + k} Account {k}")
    y = top + ROW
    for e in range(entries):
        ops += _row(y, (f"2026-03-0{e + 1}", f"JV-{100 + 10 * k + e}", "Card payment", f"{10 * k + e}.50", ""))
        y += ROW
    ops += _field(XS[0], XS[3], y, f"Total {4000 + k}") + _field(XS[3], XS[4], y, f"{30 * k}.00", True) + \
        _field(XS[4], XS[5], y, "0.00", True)
    return ops, y + ROW


def _page(gap: float = 5.0, between: str = "", header: bool = False) -> list[Op]:
    """The column header, two groups ``gap`` pt apart (``between`` written in the gap, the
    second group under a header row of its own when ``header``), then a grand total row."""
    ops: list[Op] = [Text(40, 80, "General ledger", 12.0, bold=True), *_row(100.0, HEAD)]
    first, y = _group(100.0 + ROW, 1, 3)
    ops += first
    if between:
        ops.append(Text(XS[0] + 3, y + gap / 2 + 3, between, 8.0))
    y += gap
    if header:
        ops += _row(y, HEAD)
        y += ROW
    second, y = _group(y, 2, 2)
    ops += second
    y += gap
    ops += _field(XS[0], XS[3], y, "Grand total") + _field(XS[3], XS[4], y, "90.00", True) + \
        _field(XS[4], XS[5], y, "0.00", True)
    return ops


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _first_cells(res: PageResult) -> list[list[str]]:
    return [[r[0] for r in t.rows_text()] for t in res.tables]


GROUPS = ["Date", "4001 Account 1", "2026-03-01", "2026-03-02", "2026-03-03", "Total 4001", "4002 Account 2",
          "2026-03-01", "2026-03-02", "Total 4002", "Grand total"]


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_groups_set_a_blank_gap_apart_are_one_table(producer: str) -> None:
    res = _detect(PRODUCERS[producer](_page()))
    assert _first_cells(res) == [GROUPS]
    assert res.tables[0].n_cols == 5 and len(res.tables[0].rows_text()) == len(GROUPS)  # no row for a gap
    why = explain_page(res, Params())[0]
    grouped = [w for w in why.rows if any(e.kind == "group_gap" for e in w.evidence)]
    assert [round(w.pos) for w in grouped] == [196, 265]  # each gap's top: the next group's row reaches up to it
    assert "a report's groups set a little apart" in grouped[0].decision


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize(("gap", "between", "header"), [(5.0, "", True), (ROW + 2, "", False),
                                                        (12.0, "Continued", False)],
                         ids=["own-header", "a-row-apart", "text-between"])
def test_a_table_set_apart_stays_apart(producer: str, gap: float, between: str, header: bool) -> None:
    """Guards: the lower block under a header row of its own, a gap of a row's height or more,
    a line of text in the gap: the first group stays a table of its own."""
    res = _detect(PRODUCERS[producer](_page(gap, between, header)))
    assert len(res.tables) >= 2
    assert _first_cells(res)[0] == GROUPS[:6]
