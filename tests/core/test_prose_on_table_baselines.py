"""A column of prose beside a small borderless table, set on the table's own baselines (a page
on one baseline grid: the rows' step is the prose's leading), and a table in one column of a
two-column page. The prose's lines cannot be told by sitting off the table's rows; they are
told by running on as a paragraph's do (a full line goes on in lower case on the next:
``beside._runs_on``), and, on the two-column page, the text column is the one whose pieces start
flush at one x, not the other page column's prose on the lines the table's column leaves
empty (``beside._flush_column``). A table's own text column of sentences, one per row, stays
its column. Drawn by PyMuPDF, reportlab and fpdf2 (``small_pdfs``)."""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, PROSE, Op, Text, paragraph

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.beside import PROSE_BESIDE, RUNS_ON_BESIDE
from inspector.core.types import PageResult

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

NUMBERS = (("Region", "2023", "2024"), ("North", "1,204", "1,310"), ("South", "987", "1,045"),
           ("East", "1,530", "1,622"), ("West", "642", "598"), ("Central", "356", "1.75"), ("Online", "3", "3.11"))
PAIRS = (("Author", "J. Smith"), ("Version", "2.1"), ("Status", "Draft"), ("Reviewed", "March 2024"))


def _rows(x: float, y: float, rows: tuple[tuple[str, ...], ...], pitch: float, size: float,
          at: tuple[float, ...]) -> list[Op]:
    """Labels flush left at ``x``; further cells at ``x + at[j]``, flush right when the table
    holds numbers (three columns), flush left when it holds pairs."""
    ops: list[Op] = []
    for k, row in enumerate(rows):
        ops.append(Text(x, y + k * pitch, row[0], size))
        for j, t in enumerate(row[1:]):
            ops.append(Text(x + at[j], y + k * pitch, t, size, align="right" if len(row) == 3 else "left"))
    return ops


def _detect(producer: str, ops: list[Op]) -> PageResult:
    return Pipeline(open_document(PRODUCERS[producer](ops))).run(0)


def _found(res: PageResult) -> list[list[list[str]]]:
    return [[list(r) for r in t.rows_text()] for t in res.tables]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
@pytest.mark.parametrize("prose_left", [False, True], ids=["prose-right", "prose-left"])
@pytest.mark.parametrize("rows", [NUMBERS, PAIRS], ids=["numbers", "pairs"])
def test_prose_on_the_tables_baselines_is_cut_off(producer: str, prose_left: bool,
                                                   rows: tuple[tuple[str, ...], ...]) -> None:
    """10 pt type, the prose's leading and the rows' step both 12 pt from one baseline: every
    prose line beside the table shares a row's baseline."""
    at = (120.0, 180.0) if len(rows[0]) == 3 else (70.0,)
    width = 180.0 if len(rows[0]) == 3 else 150.0
    x_prose, x_table = (56.0, 56.0 + 190 + 30) if prose_left else (56.0 + width + 30, 56.0)
    ops = [*paragraph(x_prose, 80, 190, PROSE, 10, leading=12), *_rows(x_table, 80, rows, 12, 10, at)]
    res = _detect(producer, ops)
    assert _found(res) == [[list(r) for r in rows]]
    (cut,) = [r for r in res.regions if r.reason == RUNS_ON_BESIDE]
    assert (cut.bbox.x1 < res.tables[0].bbox.x0) if prose_left else (cut.bbox.x0 > res.tables[0].bbox.x1)


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
@pytest.mark.parametrize("table_right", [True, False], ids=["right", "left"])
@pytest.mark.parametrize("step", [1.0, 1.45], ids=["on-grid", "off-grid"])
def test_a_table_in_one_column_of_a_two_column_page(producer: str, table_right: bool, step: float) -> None:
    """Two columns of 10 pt prose at 12.2 pt leading; in one, a paragraph, the table (its rows
    one leading apart, or 1.45 leadings), a paragraph; the other column's prose runs on beside."""
    lead = 11.0 * 10 / 9
    x_table, x_other = (309.0, 56.0) if table_right else (56.0, 309.0)
    above = paragraph(x_table, 80, 230, PROSE, 10, leading=lead)
    y = above[-1].y + 2 * lead
    pitch = lead * step
    ops = [*above, *_rows(x_table + 10, y, NUMBERS[:5], pitch, 10, (130.0, 200.0)),
           *paragraph(x_table, y + 5 * pitch + lead, 230, PROSE, 10, leading=lead),
           *paragraph(x_other, 80, 230, f"{PROSE} {PROSE} {PROSE}", 10, leading=lead)]
    res = _detect(producer, ops)
    assert _found(res) == [[list(r) for r in NUMBERS[:5]]]
    assert any(r.reason in (PROSE_BESIDE, RUNS_ON_BESIDE) for r in res.regions)


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_a_tables_own_column_of_sentences_on_its_baselines_stays(producer: str) -> None:
    """Guard: a table's last column of notes, a sentence per row in running words, on the rows'
    baselines: each line starts a cell (a capital) and ends one, so nothing runs on; it is the
    table's column."""
    rows = (("Unit", "Status", "Note"), ("Pump 1", "ok", "Seal replaced after the spring inspection"),
            ("Pump 2", "due", "Bearing noise reported by the night shift"),
            ("Valve 7", "ok", "Actuator tested and found within its limits"),
            ("Valve 9", "late", "Spare parts ordered from the usual supplier"))
    ops: list[Op] = []
    for k, (a, b, c) in enumerate(rows):
        y = 80 + 12 * k
        ops += [Text(56, y, a, 10), Text(130, y, b, 10), Text(190, y, c, 10)]
    res = _detect(producer, ops)
    assert _found(res) == [[list(r) for r in rows]]
    assert not [r for r in res.regions if r.reason in (PROSE_BESIDE, RUNS_ON_BESIDE)]
