"""A line between two rules over a table's header, with no text over the upper rule: no table
ends there, so the line is no heading *between* tables, only one over the table under it
(``between.nothing_over``); what parts the rules is unchanged (the line is still no row of the
table: a unit line, a caption), and what is said of it names the table's top, not two tables.
With a table's last row right over the upper rule, it stays a heading between tables. Built
with PyMuPDF, reportlab and fpdf2 at known coordinates."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.core.test_heading_ends import HEAD, PRODUCERS, SIZE, XS, Rule, Text, _detect, _draw, _rows

UNIT = "(in thousands of euros)"


def _ruled_over(above: bool) -> Callable[[Text, Rule], None]:
    """A rule, the unit line 8 pt under it (right under it), then a booktabs table 10 pt under the
    rule; with ``above``, a table's last row ends 2 pt over the rule (its header rule only)."""
    def build(text: Text, rule: Rule) -> None:
        top = _draw(text, rule, 40, [HEAD, *_rows(1, 4)], XS, "head") + 2 if above else 100.0
        rule(XS[0], top, XS[-1])
        text(XS[0] + 3, top + 8.0, UNIT, SIZE, False)
        _draw(text, rule, top + 10, [HEAD, *_rows(5, 5)], XS, "booktabs")
    return build


def _reasons(res, start: str) -> list[str]:
    return [r.reason for r in res.regions if r.reason.startswith(start)]


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_a_line_under_a_rule_with_nothing_over_it_heads_the_table(producer: str) -> None:
    res = _detect(PRODUCERS[producer](_ruled_over(False)))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 4)]
    assert res.tables[0].grid.ys[0] == pytest.approx(110.0, abs=0.5)
    assert _reasons(res, "heading between tables") == []
    assert _reasons(res, "heading over a table") == [
        f'heading over a table: a unit line ("{UNIT}") stands alone right under a rule with no text over it and '
        "over the next table's header; no row of that table, which starts at the rule under it"]


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_under_a_tables_last_row_it_stays_a_heading_between_tables(producer: str) -> None:
    """Control: a table's last row right over the upper rule: the line parts two tables."""
    res = _detect(PRODUCERS[producer](_ruled_over(True)))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(5, 4), (6, 4)]
    assert _reasons(res, "heading over a table") == []
    assert len(_reasons(res, "heading between tables")) == 1
