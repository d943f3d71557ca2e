"""A column header under a spanning header's underline is one header row, not a row per line.

Real statistical and financial tables set a group label ("Male", "Financial effects") over
several columns, underline it across those columns only, and set the column headers under
it over two to five lines, bottom-aligned ("Under 18" / "years"). The underline is no row
boundary of the body: the lines under it are the column headers' wrapped text. Drawn by three
producers (PyMuPDF, reportlab's canvas, fpdf2), with and without column rules.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

X0, X1 = 60.0, 480.0
COLS = (60.0, 150.0, 205.0, 260.0, 315.0, 370.0, 425.0, 480.0)  # stub, then two groups of three columns
HEAD = ("Total", "Under 18 years", "18 years and over") * 2
BODY = (("Burglary", "240.9", "60.3", "180.6", "35.9", "9.2", "26.7"),
        ("Robbery", "102.1", "25.5", "76.6", "12.1", "2.5", "9.5"),
        ("Arson", "9.8", "4.3", "5.5", "1.7", "0.6", "1.1"),
        ("Fraud", "173.7", "5.1", "168.5", "75.3", "1.8", "73.5"),
        ("Forgery", "68.9", "1.7", "67.2", "26.0", "0.5", "25.5"),
        ("Vandalism", "270.4", "76.1", "194.3", "46.2", "11.5", "34.7"))


def _page(column_rules: bool) -> list[Op]:
    ops: list[Op] = [Line(X0, 100, X1, 100)]
    ops += [Text((COLS[1 + 3 * g] + COLS[4 + 3 * g]) / 2, 111, label, align="centre")
            for g, label in enumerate(("Male", "Female"))]
    # The groups' underlines: under their own three columns only, the stub column open.
    ops += [Line(COLS[1 + 3 * g] + 3, 115, COLS[4 + 3 * g] - 3, 115) for g in range(2)]
    for c in range(6):  # bottom-aligned headers: "Total" on one line, the others over two
        mid = (COLS[c + 1] + COLS[c + 2]) / 2
        head = ("Total",) if c % 3 == 0 else ("Under 18", "years") if c % 3 == 1 else ("18 years", "and over")
        for k, text in enumerate(head):
            ops.append(Text(mid, 137 - 10 * (len(head) - 1 - k), text, align="centre"))
    ops += [Text(X0 + 4, 122, "Offense charged"), Line(X0, 141, X1, 141)]
    y = 153.0
    for row in BODY:
        ops.append(Text(X0 + 4, y, row[0]))
        ops += [Text(COLS[c + 1] - 4, y, text, align="right") for c, text in enumerate(row[1:], start=1)]
        y += 13
    ops.append(Line(X0, y - 8, X1, y - 8))
    if column_rules:
        ops += [Line(x, 100, x, y - 8) for x in COLS]
    return ops


@pytest.mark.parametrize("column_rules", [False, True], ids=["horizontal-rules", "ruled"])
@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_headers_under_a_spanner_rule_are_one_row(producer: str, column_rules: bool) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](_page(column_rules)))).run(0)
    assert len(res.tables) == 1
    table = res.tables[0]
    rows = [[" ".join(t.split()) for t in r] for r in table.rows_text()]
    # A group label lies over its own three columns (where in them depends on the spans read).
    assert sorted(rows[0][1:4]) == ["", "", "Male"] and sorted(rows[0][4:]) == ["", "", "Female"]
    assert rows[1][1:] == list(HEAD)
    assert "Offense charged" in (rows[0][0], rows[1][0])
    assert [r[0] for r in rows[2:]] == [r[0] for r in BODY]
    assert [r[1:] for r in rows[2:]] == [list(r[1:]) for r in BODY]
    assert table.header_rows == 2, table.header_rows


def test_explain_says_the_header_goes_on_under_the_underline() -> None:
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    res = Pipeline(open_document(PRODUCERS["pymupdf"](_page(False)))).run(0)
    (why,) = explain_page(res, Params())
    kept = [w for w in why.dropped if w.axis == "row" and 115 < w.pos < 141]
    assert kept and all("spanning header's underline" in w.decision for w in kept)
