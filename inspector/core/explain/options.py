"""Explain a form field's check-box options joined into one cell (``structure.options``): the
rules drawn only between the options, kept as column boundaries where other rows need them (with
evidence ``check_box_options``) or listed dropped where every row's cell spans them."""

from __future__ import annotations

from dataclasses import replace

from ..types import Grid
from .page import Evidence, Why

OPTIONS = ("drawn only between a form field's check-box options (each cell beside it starts with a check box, "
           "and the field's other rows leave it out beside text): in row(s) {rows} the options are one cell, read "
           "option by option")
NEAR_X = 0.01  # pt: a split this close to a column boundary lies on it


def _option_rows(g: Grid) -> dict[float, list[int]]:
    """The x of each rule between a form field's options (``Grid.option_splits``) and the
    1-based rows where it divides them."""
    out: dict[float, list[int]] = {}
    for r, x in g.option_splits:
        out.setdefault(x, []).append(r + 1)
    return out


def option_cols(g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` with each boundary that divides a form field's options in some rows (``structure.
    options``: a cell there across it) saying so, with evidence ``check_box_options`` (its value:
    the rows)."""
    rows = _option_rows(g)
    def on(w: Why) -> list[int]:
        return next((rs for x, rs in rows.items() if abs(x - w.pos) <= NEAR_X), [])
    return [replace(w, evidence=(*w.evidence, Evidence("check_box_options", len(rs))),
                    decision=f"{w.decision}; {OPTIONS.format(rows=', '.join(map(str, rs)))}") if (rs := on(w)) else w
            for w in cols]


def option_rules(g: Grid) -> list[Why]:
    """Dropped column candidates: the rules between a form field's options that left the grid
    (every row's cell spans them once the options are joined)."""
    return [Why("col", x, False, (Evidence("check_box_options", len(rs)),), "a rule here, " +
                OPTIONS.format(rows=", ".join(map(str, rs))) + "; the field is one column", ("tables.check_boxes",))
            for x, rs in sorted(_option_rows(g).items()) if all(abs(x - p) > NEAR_X for p in g.xs)]
