"""Totals labels: the first text of a row that sums the rows above it ("Total", "Grand total",
"合计", "합계", "계") or part of them ("Subtotal", "小计", "소계"). Read by the row-role
suggestion (``annotation.roles``) and by ``structure.spanrows`` (a totals label's cell spans
the empty columns up to its amounts)."""

from __future__ import annotations

import re

SUBTOTAL = re.compile(r"^\s*sub-?\s?totals?\b|^\s*(小计|小計|소\s*계)", re.IGNORECASE)
TOTAL = re.compile(r"^\s*(grand\s+)?(total|sum)s?\b|^\s*(合计|总计|總計|合計|합\s*계|총\s*계|계\s*$)", re.IGNORECASE)


def totals_label(text: str) -> bool:
    """Does ``text`` (a row's first text) name a total or a subtotal?"""
    return bool(TOTAL.search(text) or SUBTOTAL.search(text))
