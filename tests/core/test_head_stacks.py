"""Column heads set over two or three lines above a head rule (issue #25, "documents nobody here
made", class A; the wild set's Distiller tax schedules, i1040NR p47): the heads stand bottom-aligned
on the rule ("Over-" on one line, "But not / over-" on two, "of the / amount / over-" on three), a
group head's lines over the first columns top-aligned, a schedule's title and sentence over all.
Read line by line, each head line was a body row. The head rule says it is all header
(``structure.headstacks``): each column's stack is one cell, a header row ends where a column's
stack breaks, and explain names it (evidence ``head_stack``). Guard: rows of words over a rule
(the only rule over the totals) stay rows. Built with PyMuPDF, reportlab and fpdf2."""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (60.0, 140.0, 200.0, 300.0, 360.0)  # four columns; amounts right-aligned at each column's end
LEAD = 10.0  # the heads' leading (pt)
BODY = (("$0", "$2,150", "15%", "$0"), ("2,150", "5,000", "25%", "2,150"), ("5,000", "7,650", "28%", "5,000"),
        ("7,650", "10,450", "33%", "7,650"), ("10,450", "12,000", "35%", "10,450"))


def _right(c: int, y: float, text: str) -> Text:
    return Text(XS[c + 1] - 4, y, text, 8.0, align="right")


def _schedule(group_head: bool) -> list[Op]:
    """Rule, the heads (under a bold title, a subtitle running across the columns and a group
    head over the first column when ``group_head``), the head rule, five rows of amounts, the
    bottom rule."""
    ops: list[Op] = [Line(XS[0], 100, XS[-1], 100)]
    y = 112.0
    if group_head:
        ops += [Text(XS[0], y, "Schedule W", 8.0, bold=True), Text(XS[0], y + 12, "Estates and Trusts of Any Kind", 8.0)]
        y += 24
        ops += [Text(XS[0], y, "If the amount", 8.0), Text(XS[0], y + LEAD, "of income is:", 8.0),
                Text(XS[2] + 4, y, "Enter on line 41", 8.0)]
        y += 2 * LEAD
    # Heads set on the head rule: three lines in the last column, two in the second, one in the first.
    ops += [_right(3, y, "of the"), _right(1, y + LEAD, "But not"), _right(3, y + LEAD, "amount"),
            _right(0, y + 2 * LEAD, "Over-"), _right(1, y + 2 * LEAD, "over-"), _right(3, y + 2 * LEAD, "over-")]
    rule = y + 2 * LEAD + 5
    ops.append(Line(XS[0], rule, XS[-1], rule))
    for r, row in enumerate(BODY):
        ops += [_right(c, rule + 14 + 14 * r, t) for c, t in enumerate(row)]
    bottom = rule + 14 * len(BODY) + 6
    ops.append(Line(XS[0], bottom, XS[-1], bottom))
    return ops


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _rows(res: PageResult) -> list[list[str]]:
    """The first table's rows, each cell's lines joined by spaces."""
    return [[c.replace("\n", " ") for c in row] for row in res.tables[0].rows_text()]


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_heads_stacked_on_the_head_rule_are_one_header_row(producer: str) -> None:
    """Guard: the three heads' lines alone over the head rule are one header row, each column's
    lines one cell (as before: the band is the header)."""
    res = _detect(PRODUCERS[producer](_schedule(group_head=False)))
    assert len(res.tables) == 1
    t = res.tables[0]
    rows = _rows(res)
    assert rows[-len(BODY):] == [list(r) for r in BODY]
    assert rows[:-len(BODY)] == [["Over-", "But not over-", "", "of the amount over-"]]
    assert t.header_rows == 1


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_a_group_head_over_stacked_heads_is_a_header_row_of_its_own(producer: str) -> None:
    """A group head's two lines top-aligned over the first column, then white, then the column's
    own head on the rule: the column's stack breaks there, two header rows (the bold title over
    them cut the band line by line before); the title and the subtitle over them (one run across
    a column boundary) rows of their own, header too; explain names the evidence."""
    res = _detect(PRODUCERS[producer](_schedule(group_head=True)))
    t = res.tables[0]
    rows = _rows(res)
    head = rows[-len(BODY) - 2:-len(BODY)]
    assert head[0][0] == "If the amount of income is:" and "Enter on line 41" in " ".join(head[0])
    assert head[1] == ["Over-", "But not over-", "", "of the amount over-"]
    assert [r[0] for r in rows[:2]] == ["Schedule W", "Estates and Trusts of Any Kind"]
    assert t.header_rows == t.n_rows - len(BODY)
    why = explain_page(res, Params())[0]
    kinds = {e.kind for w in why.rows for e in w.evidence}
    assert "head_stack" in kinds
    assert any("column's stack breaks" in w.decision for w in why.rows if w.kept)
    assert any("stacked in their columns above the head rule" in w.decision for w in why.dropped if w.axis == "row")


def test_rows_of_words_over_the_only_rule_stay_rows() -> None:
    """Guard: a header and rows of words each filling the row, the only inner rule over the
    totals: not stacked heads (two full lines in one header row would be two rows), every line a
    row as before."""
    rows = [("Name", "Team", "Role", "Site"), ("Alice", "Sales", "Lead", "Oslo"), ("Bruno", "Audit", "Staff", "Rome"),
            ("Chen", "Legal", "Staff", "Lima"), ("Dana", "Sales", "Staff", "Kiev"), ("Emil", "Audit", "Lead", "Pune")]
    ops: list[Op] = [Line(XS[0], 100, XS[-1], 100)]
    ops += [Text(XS[c] + 4, 112 + 11 * r, t, 8.0) for r, row in enumerate(rows) for c, t in enumerate(row)]
    rule = 112 + 11 * len(rows) - 5
    ops += [Line(XS[0], rule, XS[-1], rule), Text(XS[0] + 4, rule + 12, "Total", 8.0), _right(3, rule + 12, "5"),
            Line(XS[0], rule + 17, XS[-1], rule + 17)]
    res = _detect(PRODUCERS["pymupdf"](ops))
    assert [r[0] for r in _rows(res)] == ["Name", "Alice", "Bruno", "Chen", "Dana", "Emil", "Total"]
