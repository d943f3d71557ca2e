"""Group labels of a grouped report (issue #25, "documents nobody here made"; the wild set's
Arizona registration report by Telerik Reporting 14, page 2): "Congressional District 2" alone
in the first column, set a blank row's white under the "Total:" row of district 1 and hanging
on its own rows (a step to the next row under the rows' pitch). At neither step the rows'
pitch, the label was no section row: the aligned run broke there, one table per district (the
districts of one county line, three lines, dropped as too short), and inside one run the label
went on the "Total:" row above as its wrapped cell. ``sectionrows.group_head`` reads the two
steps; explain names it (evidence ``group_head``). Guards: a label as far under the row above as
under it is a caption-like line between two tables; one set farther than ``GROUP_SKIP`` pitches
starts another table. Built with PyMuPDF, reportlab and fpdf2."""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Op, Text

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 8.0
PITCH = 13.0  # the rows' baseline step (pt), Telerik's
RIGHTS = (150.0, 230.0, 310.0, 390.0)  # right edges of the number columns
HEADER = ("District", "Precincts", "Democratic", "Republican", "Total")
GROUPS = (
    ("District 1", (("Maricopa", "206", "135,345", "184,694", "490,597"),)),
    ("District 2", (("Apache", "44", "26,830", "10,720", "51,712"), ("Coconino", "75", "34,526", "22,530", "86,958"),
                    ("Gila", "39", "8,122", "15,875", "33,641"))),
    ("District 3", (("Maricopa", "123", "138,373", "42,674", "305,332"),)),
)


def _row(y: float, cells: tuple[str, ...], indent: float = 0.0) -> list[Op]:
    return [Text(50.0 + indent, y, cells[0], SIZE),
            *(Text(x, y, c, SIZE, align="right") for x, c in zip(RIGHTS, cells[1:], strict=True))]


def _page(above: float, below: float) -> list[Op]:
    """The header, then each group: its label ``above`` pt (baselines) under the row before it,
    its first row ``below`` pt under the label, its rows and "Total:" at ``PITCH``."""
    ops, y = _row(100.0, HEADER), 100.0
    for label, rows in GROUPS:
        y += above
        ops.append(Text(50.0, y, label, SIZE))
        y += below - PITCH
        for r in rows:
            y += PITCH
            ops += _row(y, r, indent=10.0)
        y += PITCH
        total = [sum(int(r[c].replace(",", "")) for r in rows) for c in range(1, 5)]
        ops += _row(y, ("Total:", *(f"{t:,}" for t in total)))
    return ops


def _detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_group_labels_set_apart_above_their_rows_are_rows_of_one_table(producer: str) -> None:
    res = _detect(PRODUCERS[producer](_page(above=22.3, below=11.1)))
    assert len(res.tables) == 1
    first = [r[0] for r in res.tables[0].rows_text()]
    assert first == ["District", "District 1", "Maricopa", "Total:", "District 2", "Apache", "Coconino", "Gila",
                     "Total:", "District 3", "Maricopa", "Total:"]
    labels = [r for r in res.tables[0].rows_text() if r[0].startswith("District ")]
    assert all(not any(r[1:]) for r in labels)  # the label's row holds nothing else
    why = explain_page(res, Params())[0]
    heads = [w for w in why.rows if any(e.kind == "group_head" for e in w.evidence)]
    assert len(heads) == 3  # every district: under the header row or a "Total:" row
    assert "grouped report's group label" in heads[0].decision


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize(("above", "below"), [(22.3, 22.3), (40.0, 11.1)], ids=["centred-between", "far-apart"])
def test_a_label_not_hanging_on_its_rows_still_parts_the_groups(producer: str, above: float, below: float) -> None:
    """Guards: a label as far from the rows under it as from those above, or farther than two
    pitches under them, is no group head: the one-row groups fall away, no label joins a row."""
    res = _detect(PRODUCERS[producer](_page(above, below)))
    assert len(res.tables) != 1 or len(res.tables[0].rows_text()) < 12
    assert not any(c.startswith("Total: District") for t in res.tables for r in t.rows_text() for c in r)


def test_a_title_over_the_next_tables_header_still_parts_them() -> None:
    """Guard (a spreadsheet's stacked blocks: "Budget vs actual" over "Item  2022  Price"): a label
    at a group head's steps over a header row of words, not amounts, starts another table."""
    ops, y = _row(100.0, HEADER), 100.0
    for r in GROUPS[1][1]:
        y += PITCH
        ops += _row(y, r)
    ops.append(Text(50.0, y + 22.3, "Budget vs actual", SIZE))
    y += 22.3 + 11.1
    ops += _row(y, ("Item", "Share", "2022", "Price", "YTD"))
    for r in GROUPS[1][1]:
        y += PITCH
        ops += _row(y, r)
    res = _detect(PRODUCERS["pymupdf"](ops))
    assert [t.rows_text()[0][0] for t in res.tables] == ["District", "Item"]
    assert not any("Budget" in c for t in res.tables for r in t.rows_text() for c in r)
