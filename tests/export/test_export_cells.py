"""Cell records: which cells, what context, numbers, confidence, JSON Lines."""

from __future__ import annotations

import json

from inspector.export.cells import CellOptions, dumps, dumps_tables, records
from tests.export.builders import table_from_rows

ACCOUNTS = [["Account", "2024", "2025"],
            ["Revenue", "12,400", "$13,050"],
            ["Cost of sales", "(8,120)", "(8,640)"],
            ["Margin", "34.5%", "n/a"],
            ["Total", "3.5万", ""]]


def _by_pos(table, **kw):
    return {(r.row, r.col): r for r in records(table, **kw)}


def test_one_record_per_non_empty_data_cell_with_context() -> None:
    table = table_from_rows(ACCOUNTS, header_rows=1, header_cols=1, page=7, title="Table 3. Accounts",
                            footnote="In thousands.", row_roles=("header", "data", "data", "data", "total"))
    recs = _by_pos(table)
    assert sorted(recs) == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1)]  # (4, 2) is empty
    cost = recs[(2, 1)]
    assert (cost.row_header, cost.column_header, cost.row_role) == ("Cost of sales", "2024", "data")
    assert (cost.page, cost.table, cost.title, cost.footnote) == (7, 1, "Table 3. Accounts", "In thousands.")
    assert recs[(4, 1)].row_role == "total"


def test_numbers_normalised_with_raw_text_and_unit() -> None:
    recs = _by_pos(table_from_rows(ACCOUNTS, header_rows=1, header_cols=1))
    d = {pos: r.to_dict() for pos, r in recs.items()}
    assert (d[(2, 1)]["text"], d[(2, 1)]["value"]) == ("(8,120)", -8120)
    assert (d[(1, 2)]["value"], d[(1, 2)]["currency"]) == (13050, "$")
    assert (d[(3, 1)]["value"], d[(3, 1)]["unit"]) == (34.5, "%")
    assert (d[(4, 1)]["value"], d[(4, 1)]["scale"]) == (35000, "万")
    assert d[(3, 2)]["value"] is None and d[(3, 2)]["text"] == "n/a"


def test_first_column_is_the_row_header_when_no_header_columns() -> None:
    recs = _by_pos(table_from_rows(ACCOUNTS, header_rows=1))
    assert (1, 0) not in recs and recs[(1, 1)].row_header == "Revenue"
    every = _by_pos(table_from_rows(ACCOUNTS, header_rows=1), options=CellOptions(first_col_header=False))
    assert (1, 0) in every and every[(1, 1)].row_header == ""


def test_several_header_columns_and_rows_are_folded() -> None:
    rows = [["Region", "Branch", "Revenue", ""], ["", "", "H1", "H2"],
            ["North", "Leeds", "120", "135"], ["", "York", "98", "101"]]
    spans = ((0, 0, 2, 1), (0, 1, 2, 1), (0, 2, 1, 2), (2, 0, 2, 1))
    recs = _by_pos(table_from_rows(rows, spans, header_rows=2, header_cols=2))
    york = recs[(3, 3)]
    assert york.row_header == "North / York"  # the row span is read in every row it covers
    assert york.column_header == "Revenue / H2"
    assert york.to_dict()["value"] == 101


def test_a_cell_spanning_columns_gets_every_column_header_once() -> None:
    rows = [["Name", "Speed", "Accel"], ["x", "both", ""]]
    recs = records(table_from_rows(rows, ((1, 1, 1, 2),), header_rows=1))
    assert [(r.column_header, r.col_span) for r in recs] == [("Speed / Accel", 2)]


def test_low_confidence_cells_say_so() -> None:
    table = table_from_rows(ACCOUNTS, header_rows=1, low=frozenset({(2, 2)}))
    d = {(r.row, r.col): r.to_dict() for r in records(table)}
    assert d[(2, 2)]["extraction_confidence"] == "low"
    assert {v["extraction_confidence"] for k, v in d.items() if k != (2, 2)} == {"normal"}


def test_json_lines_one_valid_object_per_line() -> None:
    table = table_from_rows(ACCOUNTS, header_rows=1)
    text = dumps(table)
    lines = text.splitlines()
    assert text.endswith("\n") and len(lines) == len(records(table))
    assert all(isinstance(json.loads(line), dict) for line in lines)
    both = dumps_tables([table, table]).splitlines()
    assert [json.loads(x)["table"] for x in both] == [1] * len(lines) + [2] * len(lines)


def test_keep_empty_cells_on_request() -> None:
    table = table_from_rows(ACCOUNTS, header_rows=1)
    assert len(records(table, options=CellOptions(skip_empty=False))) == len(records(table)) + 1


def test_a_european_column_reads_ambiguous_values_with_a_decimal_comma() -> None:
    rows = [["Posten", "Betrag", "Menge"], ["Miete", "1.234", "1.234"], ["Strom", "1.234,50", "3.5"]]
    recs = {(r.row, r.col): r.to_dict()["value"] for r in records(table_from_rows(rows, header_rows=1))}
    assert recs[(1, 1)] == 1234 and recs[(2, 1)] == 1234.5   # the column says: decimal comma
    assert recs[(1, 2)] == 1.234 and recs[(2, 2)] == 3.5     # this one says: decimal point
    fixed = records(table_from_rows(rows, header_rows=1), options=CellOptions(decimal_comma=False))
    assert {(r.row, r.col): r.to_dict()["value"] for r in fixed}[(1, 1)] == 1.234
