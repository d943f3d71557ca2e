"""CSV (RFC 4180) and JSON rows keyed by header."""

from __future__ import annotations

import csv as stdcsv
import io
import json

import pytest

from inspector.export import FORMATS
from inspector.export.csv import CsvOptions
from inspector.export.csv import dumps as csv_dumps
from inspector.export.csv import dumps_tables as csv_tables
from inspector.export.grid import unique_names
from inspector.export.json_rows import JsonRowsOptions, keys, records
from inspector.export.json_rows import dumps as json_dumps
from inspector.export.json_rows import dumps_tables as json_tables
from tests.export.builders import table_from_rows


def parse_csv(text: str) -> list[list[str]]:
    return list(stdcsv.reader(io.StringIO(text, newline="")))


def test_csv_rfc4180_quoting_and_crlf() -> None:
    rows = [["plain", "with,comma", 'say "hi"'], ["two\nlines", " padded ", ""]]
    text = csv_dumps(table_from_rows(rows))
    assert text == 'plain,"with,comma","say ""hi"""\r\n"two\nlines",padded,\r\n'
    assert parse_csv(text) == [["plain", "with,comma", 'say "hi"'], ["two\nlines", "padded", ""]]


def test_csv_every_record_ends_in_crlf_and_nothing_else_does() -> None:
    text = csv_dumps(table_from_rows([["a", "b"], ["c", "d"], ["e", "f"]]))
    assert text.count("\r\n") == 3 and text.count("\n") == 3 and text.endswith("\r\n")


def test_csv_spans_repeat_or_empty() -> None:
    table = table_from_rows([["Top", ""], ["a", "b"]], ((0, 0, 1, 2),))
    assert parse_csv(csv_dumps(table))[0] == ["Top", ""]
    assert parse_csv(csv_dumps(table, CsvOptions(spans="repeat")))[0] == ["Top", "Top"]


def test_csv_options_bom_delimiter_formula_guard() -> None:
    table = table_from_rows([["=SUM(A1)", "-5", "ok;x"]])
    assert csv_dumps(table, CsvOptions(bom=True)).startswith("\ufeff=SUM")
    assert csv_dumps(table, CsvOptions(delimiter=";")) == '=SUM(A1);-5;"ok;x"\r\n'
    assert parse_csv(csv_dumps(table, CsvOptions(guard_formulas=True)))[0] == ["'=SUM(A1)", "'-5", "ok;x"]


def test_csv_several_tables_separated_by_a_blank_line() -> None:
    a = table_from_rows([["a", "b"]])
    b = table_from_rows([["c", "d"]])
    assert csv_tables([a, b]) == "a,b\r\n\r\nc,d\r\n"


def test_json_rows_keyed_by_header() -> None:
    table = table_from_rows([["Metric", "Q3"], ["Margin", "18%"], ["Sales", "1,200"]], header_rows=1)
    assert json.loads(json_dumps(table)) == [{"Metric": "Margin", "Q3": "18%"}, {"Metric": "Sales", "Q3": "1,200"}]


def test_json_duplicate_and_empty_headers_made_unique() -> None:
    table = table_from_rows([["Q3", "Q3", "", "Q3_2"], ["a", "b", "c", "d"]], header_rows=1)
    assert keys(table) == ["Q3", "Q3_2", "col3", "Q3_2_2"]
    row = records(table)[0]
    assert list(row.values()) == ["a", "b", "c", "d"]


def test_unique_names_rules() -> None:
    assert unique_names(["", " ", "x", "x", "x"]) == ["col1", "col2", "x", "x_2", "x_3"]
    assert unique_names(["col2", ""]) == ["col2", "col2_2"]


def test_json_folds_header_rows_and_flattens_whitespace() -> None:
    rows = [["Region", "Revenue", ""], ["", "H1\n2024", "H2"], ["North", "120", "135"]]
    table = table_from_rows(rows, ((0, 0, 2, 1), (0, 1, 1, 2)), header_rows=2)
    assert records(table) == [{"Region": "North", "Revenue / H1 2024": "120", "Revenue / H2": "135"}]


def test_json_spans_repeat_by_default() -> None:
    rows = [["Group", "Item"], ["A", "a1"], ["", "a2"]]
    table = table_from_rows(rows, ((1, 0, 2, 1),), header_rows=1)
    assert [r["Group"] for r in records(table)] == ["A", "A"]
    assert [r["Group"] for r in records(table, JsonRowsOptions(spans="empty"))] == ["A", ""]


def test_json_no_header_first_row_or_generated_keys() -> None:
    table = table_from_rows([["k", "v"], ["a", "1"]])
    assert records(table) == [{"k": "a", "v": "1"}]
    assert records(table, JsonRowsOptions(no_header="empty")) == [{"col1": "k", "col2": "v"}, {"col1": "a", "col2": "1"}]


def test_json_keeps_unicode_and_several_tables_form_a_list() -> None:
    t = table_from_rows([["名称", "金额"], ["收入", "3.5万"]], header_rows=1, page=4, title="表1")
    text = json_tables([t, t])
    assert "名称" in text  # not \\u-escaped
    data = json.loads(text)
    assert [d["table"] for d in data] == [1, 2]
    assert data[0]["page"] == 4 and data[0]["title"] == "表1" and data[0]["columns"] == ["名称", "金额"]
    assert data[0]["rows"] == [{"名称": "收入", "金额": "3.5万"}]


@pytest.mark.parametrize(("name", "expected"), [
    ("md", ""), ("csv", ""), ("json", "[]\n"), ("cells", ""), ("html", "<table>\n</table>\n"),
])
def test_every_format_handles_an_empty_table(name: str, expected: str) -> None:
    from inspector.core.types import Rect, Table
    empty = Table(Rect(0, 0, 1, 1), 0, 0, ())
    assert FORMATS[name].dumps(empty) == expected


def test_json_header_cell_spanning_down_is_not_a_value() -> None:
    rows = [["Gender", "Healthy"], ["", "yes"], ["Male", "12"]]
    table = table_from_rows(rows, ((0, 0, 2, 1),), header_rows=1)
    assert records(table) == [{"Gender": "Male", "Healthy / yes": "12"}]
