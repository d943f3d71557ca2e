"""A row label wrapped over two lines with its values on the last line is one row.

Statistical abstracts set a long row label over two lines and the row's values beside the
second line ("Murder and nonnegligent" / "manslaughter . . 10.0"). The first line, in the label
column alone, starts that row: the next line goes on with its text (lower case) and holds the
values. A label wrapped under its values ("Motor vehicle 65.6" / "theft") stays with the row
above. Drawn by three producers, with column rules and without.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

COLS = (60.0, 200.0, 260.0, 320.0)
# (label lines, values, values on the label's last line?)
ROWS = ((("Violent crime",), ("467.9", "69.1"), True),
        (("Murder and nonnegligent", "manslaughter"), ("10.0", "0.9"), True),
        (("Forcible rape",), ("17.5", "2.6"), True),
        (("Motor vehicle", "theft"), ("65.6", "16.0"), False),
        (("Arson",), ("9.8", "4.3"), True),
        (("Aggravated assault",), ("338.4", "40.1"), True))


def _page(column_rules: bool) -> list[Op]:
    ops: list[Op] = [Line(COLS[0], 100, COLS[-1], 100), Text(COLS[0] + 4, 112, "Offense charged")]
    ops += [Text(COLS[c + 1] - 4, 112, head, align="right") for c, head in enumerate(("Total", "Under 18"), start=1)]
    ops.append(Line(COLS[0], 117, COLS[-1], 117))
    y = 129.0
    for label, values, last in ROWS:
        ops += [Text(COLS[0] + 4, y + 11 * k, text) for k, text in enumerate(label)]
        vy = y + 11 * (len(label) - 1) if last else y
        ops += [Text(COLS[c + 1] - 4, vy, v, align="right") for c, v in enumerate(values, start=1)]
        y += 11 * len(label) + 2
    bottom = y - 7
    ops.append(Line(COLS[0], bottom, COLS[-1], bottom))
    if column_rules:
        ops += [Line(x, 100, x, bottom) for x in COLS]
    return ops


@pytest.mark.parametrize("column_rules", [False, True], ids=["horizontal-rules", "ruled"])
@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_label_wrapped_over_its_values_starts_their_row(producer: str, column_rules: bool) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](_page(column_rules)))).run(0)
    assert len(res.tables) == 1
    rows = [[" ".join(t.split()) for t in r] for r in res.tables[0].rows_text()]
    assert rows == [["Offense charged", "Total", "Under 18"],
                    *[[" ".join(label), *values] for label, values, _ in ROWS]]


FACTS = (("Reign", ("959 to 975",)), ("Born", ("943/944", "England")), ("Died", ("8 July 975",)),
         ("Burial", ("Glastonbury Abbey",)), ("House", ("Wessex",)), ("Father", ("Edmund I",)))


def _facts_page() -> list[Op]:
    """A key-value box without rules whose "Born" value wraps onto a line of its own."""
    ops: list[Op] = []
    y = 120.0
    for key, value in FACTS:
        ops.append(Text(350, y, key))
        ops += [Text(420, y + 11 * k, text) for k, text in enumerate(value)]
        y += 11 * len(value) + 4
    return ops


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_value_wrapped_under_its_row_stays_there(producer: str) -> None:
    """"England" ends in "and" but joins nothing: a value's second line stays with its row."""
    res = Pipeline(open_document(PRODUCERS[producer](_facts_page()))).run(0)
    assert [[" ".join(t.split()) for t in r] for t in res.tables for r in t.rows_text()] == \
        [[key, " ".join(value)] for key, value in FACTS]
