"""Defects that need no ground truth, found in output tables alone.

- broken number: one number split over two horizontally adjacent cells ("(1,234" + ")",
  "1," + "234", "(" + "12", "12" + "%"), or over two vertically adjacent ones (a number a
  producer broke in a narrow column read as two rows: "1,692,0" over "00",
  ``numbers.completes_number``; joined back in one cell, "1,692,0 00" or "1,453," over "000" on
  the cell's next line, it is no defect), or
  two numbers merged in one cell ("12.3 45.6";
  digit groups such as "100 000" are one number, not two; a number followed by the writer's
  own list separator, "lines 1, 2, and 3", "pages 23, 24", "June 4, 2004", is an item of a list
  or date the text itself sets apart, not a cell's value run into the next one's: cells are
  joined by spaces, never by a typed comma; "1, 234" still counts: it may be one number's
  glyphs spaced apart);
- ragged row: a body row with two or more non-empty cells whose count differs from the
  table's most common count (single-cell rows are section titles, header rows are skipped);
  a cell merged over rows counts in every row it covers (its text is that row's too: a
  label beside several values is no hole in the rows under its first);
- sparse column: a column non-empty in fewer than ``SPARSE_FRACTION`` of the body rows of a
  table with at least ``SPARSE_MIN_ROWS`` body rows;
- unused rule: a drawn rule of the page that touches no table box, each of a kind
  (``rulekinds``: a running header's or footer's, a figure's, an underline, a check box's, a
  form box's, or "other", which is also the kind of every rule of a page whose kinds are not known).

``per_100_cells`` counts the first three (table defects) per 100 output cells; unused rules
are a page defect and are reported beside it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..core.numbers import completes_number, is_number
from ..core.slots import slots_of
from ..core.types import Rule, Table
from .rulekinds import RuleKindCounts

SPARSE_FRACTION = 0.25
SPARSE_MIN_ROWS = 4
RULE_TOLERANCE = 3.0  # pt: a rule this close to a table box belongs to it

_GROUP = re.compile(r"\d{3}(?:[.,]\d+)?%?[)\]]?")  # a thousands group continuing a number
_GROUP_HEAD = re.compile(r"(?:^|[^\d.,])\d{1,3}$")
_OPEN_NUMBER = re.compile(r"\([-\u2212]?[$\u20ac\u00a3\u00a5]?\d[\d.,]*")
_TRAILING_SEP = re.compile(r".*\d[.,]")
_LIST_SEPARATORS = ",;"  # typed after a list's item (a cell's text never ends in one by joining)


@dataclass(frozen=True, slots=True)
class Defect:
    """One defect: ``kind`` is broken_number, ragged_row, sparse_column or unused_rule.

    ``table`` indexes the page's output tables (-1 for unused rules); ``r``/``c`` locate it
    (-1 where it does not apply); ``detail`` is the offending text or a short reason;
    ``rule_kind`` an unused rule's kind (``rulekinds.KINDS``), "" for the other defects.
    """

    kind: str
    table: int
    r: int
    c: int
    detail: str
    rule_kind: str = ""


@dataclass(frozen=True, slots=True)
class DefectCounts:
    """Defect totals over some tables; ``cells`` is the number of output cells looked at;
    ``unused_kinds`` splits ``unused_rules`` by kind (they add up to it)."""

    broken_numbers: int = 0
    ragged_rows: int = 0
    sparse_columns: int = 0
    unused_rules: int = 0
    cells: int = 0
    unused_kinds: RuleKindCounts = RuleKindCounts()

    @property
    def table_defects(self) -> int:
        return self.broken_numbers + self.ragged_rows + self.sparse_columns

    @property
    def per_100_cells(self) -> float | None:
        return 100.0 * self.table_defects / self.cells if self.cells else None

    def __add__(self, other: DefectCounts) -> DefectCounts:
        return DefectCounts(self.broken_numbers + other.broken_numbers, self.ragged_rows + other.ragged_rows,
                            self.sparse_columns + other.sparse_columns, self.unused_rules + other.unused_rules,
                            self.cells + other.cells, self.unused_kinds + other.unused_kinds)


def _number_token(token: str) -> bool:
    """A whitespace-free token that is a number, a full stop or list separator after it
    allowed ("12.3,", "45.6."): the second of two merged numbers may end a list or sentence."""
    bare = token.rstrip(".,;")
    return bool(bare) and is_number(bare)


def is_merged_numbers(text: str) -> bool:
    """Two numbers in one cell: two consecutive numeric tokens that are not digit groups."""
    if is_number(text):
        return False  # "100 000", "€ 12", "12 kg": one number
    tokens = [(m.group(), m.start()) for m in re.finditer(r"\S+", text)]
    for (a, at), (b, bt) in zip(tokens, tokens[1:], strict=False):
        if (a[-1].isdigit() or "\n" in text[at + len(a):bt]) and completes_number(a, b):
            # "1,692,0 00", "1,453," over "000": one number broken over a cell's two lines, joined back. A
            # separator ends a line only where the producer broke it there ("1, 234" on one line counts).
            continue
        if a[-1] in _LIST_SEPARATORS and not (a[-1] == "," and _GROUP.fullmatch(b) and a[-2:-1].isdigit()):
            continue  # "1, 2, and 3", "June 4, 2004": the writer's list ("1, 234" may be one number spaced out)
        if _number_token(a) and _number_token(b):
            if _GROUP.fullmatch(b) and _GROUP_HEAD.search(a):
                continue
            if b.startswith("(") and not a.startswith("("):
                continue  # "41 (18.7%)", "54,000 (2)": a value with its share or footnote
            return True
    return False


def is_split_number(left: str, right: str) -> bool:
    """``left`` + ``right`` (adjacent cells of one row) look like one number cut in two."""
    a, b = left.strip(), right.strip()
    if not a or not b:
        return False
    if _OPEN_NUMBER.fullmatch(a) and b.startswith(")"):
        return True
    if _TRAILING_SEP.fullmatch(a) and a.replace(",", "").replace(".", "").strip("()-").isdigit() and b[0].isdigit():
        return True
    if a == "(" and b.endswith(")") and is_number(a + b):
        return True
    return b == "%" and is_number(a)


def broken_numbers(table: Table, index: int = 0) -> list[Defect]:
    """Split and merged numbers of one table (see the module docstring)."""
    out = []
    starts = {(c.r, c.c): c for c in table.cells}
    for cell in sorted(table.cells, key=lambda c: (c.r, c.c)):
        if is_merged_numbers(cell.text):
            out.append(Defect("broken_number", index, cell.r, cell.c, f"merged: {cell.text.strip()}"))
        right = starts.get((cell.r, cell.c + cell.cs))
        if right is not None and is_split_number(cell.text, right.text):
            out.append(Defect("broken_number", index, cell.r, cell.c,
                              f"split: {cell.text.strip()} | {right.text.strip()}"))
        below = starts.get((cell.r + cell.rs, cell.c))
        if below is not None and below.cs == cell.cs and completes_number(cell.text, below.text):
            out.append(Defect("broken_number", index, cell.r, cell.c,
                              f"split over rows: {cell.text.strip()} / {below.text.strip()}"))
    return out


def _row_counts(table: Table) -> dict[int, int]:
    """Non-empty cells per row; a cell spanning rows counts once in each row it covers."""
    counts = dict.fromkeys(range(table.n_rows), 0)
    for cell in table.cells:
        if not cell.text.strip():
            continue
        for r in range(cell.r, cell.r + max(cell.rs, 1)):
            if r in counts:
                counts[r] += 1
    return counts


def ragged_rows(table: Table, index: int = 0) -> list[Defect]:
    """Body rows (two or more non-empty cells) whose count differs from the most common one."""
    counts = {r: n for r, n in _row_counts(table).items() if n >= 2 and r >= table.header_rows}
    if len(counts) < 2:
        return []
    freq = Counter(counts.values())
    mode = max(freq, key=lambda n: (freq[n], n))
    return [Defect("ragged_row", index, r, -1, f"{n} cells, most rows have {mode}")
            for r, n in sorted(counts.items()) if n != mode]


def sparse_columns(table: Table, index: int = 0) -> list[Defect]:
    """Columns that are mostly empty in the body rows."""
    body = range(table.header_rows, table.n_rows)
    if len(body) < SPARSE_MIN_ROWS:
        return []
    filled = [set() for _ in range(table.n_cols)]  # type: list[set[int]]
    for cell in table.cells:
        if not cell.text.strip():
            continue
        for r, c in slots_of(cell):
            if r in body and 0 <= c < table.n_cols:
                filled[c].add(r)
    return [Defect("sparse_column", index, -1, c, f"{len(rows)} of {len(body)} rows filled")
            for c, rows in enumerate(filled) if len(rows) < SPARSE_FRACTION * len(body)]


def unused(rules: Sequence[Rule], tables: Sequence[Table], tol: float = RULE_TOLERANCE) -> list[Rule]:
    """The ``rules`` that touch no table box (expanded by ``tol`` points)."""
    boxes = [t.bbox.expanded(tol) for t in tables]
    return [r for r in rules if not any(r.bbox.intersection(b) is not None for b in boxes)]


def unused_rules(rules: Sequence[Rule], tables: Sequence[Table], tol: float = RULE_TOLERANCE,
                 kinds: Mapping[Rule, str] | None = None) -> list[Defect]:
    """Drawn rules that touch no table box (expanded by ``tol`` points), each with its kind in
    ``kinds`` ("other" for a rule it does not hold)."""
    return [Defect("unused_rule", -1, -1, -1, f"{r.orient} rule at {r.pos:.1f} from {r.start:.1f} to {r.end:.1f} pt",
                   (kinds or {}).get(r, "other")) for r in unused(rules, tables, tol)]


def table_defects(table: Table, index: int = 0) -> list[Defect]:
    """Every ground-truth-free defect of one table."""
    return broken_numbers(table, index) + ragged_rows(table, index) + sparse_columns(table, index)


def page_defects(tables: Sequence[Table], rules: Sequence[Rule] | None = None,
                 kinds: Mapping[Rule, str] | None = None) -> list[Defect]:
    """Defects of a page's output tables, plus unused rules (of their ``kinds``) when the page's
    ``rules`` are given."""
    out = [d for i, t in enumerate(tables) for d in table_defects(t, i)]
    if rules is not None:
        out.extend(unused_rules(rules, tables, kinds=kinds))
    return out


def count(defects: Sequence[Defect], tables: Sequence[Table]) -> DefectCounts:
    """Totals of ``defects`` found in ``tables`` (cells = the tables' cell count)."""
    kinds = Counter(d.kind for d in defects)
    return DefectCounts(kinds["broken_number"], kinds["ragged_row"], kinds["sparse_column"],
                        kinds["unused_rule"], sum(len(t.cells) for t in tables),
                        RuleKindCounts.of([d.rule_kind for d in defects if d.kind == "unused_rule"]))
