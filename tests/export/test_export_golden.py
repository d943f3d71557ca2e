"""Golden files: every format for a few real corpus tables, built from their ground truth.

The tables come from ``tables.jsonl`` records (ICDAR cells with spans, or a peer tool's
rows), not from our detector, so the expected files only change when an exporter does.
Regenerate after a deliberate change with ``UPDATE_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from inspector.core.types import Table
from inspector.export import FORMATS
from tests.export.builders import load_record, table_from_record

EXPECTED = Path(__file__).parent / "expected"
# record id -> (file stem, header rows, header columns)
CASES = {
    "icdar2013:us-030:p2:t1": ("us-030-p2-t1", 2, 1),     # row and column spans in a two-row header
    "icdar2013:eu-009a:p1:t1": ("eu-009a-p1-t1", 3, 0),   # spans in the header and down the body
    "icdar2013:us-009:p1:t1": ("us-009-p1-t1", 1, 1),     # "10,000 (1)": numbers with footnote markers
    "camelot:edge_tol:p1:t0": ("edge_tol-p1-t0", 1, 0),   # "(106,870)": parenthesised negatives
}


def _table(corpus: Path, record_id: str) -> Table:
    _, header_rows, header_cols = CASES[record_id]
    return table_from_record(load_record(corpus, record_id), header_rows, header_cols)


@pytest.mark.corpus
@pytest.mark.parametrize("fmt", sorted(FORMATS))
@pytest.mark.parametrize("record_id", sorted(CASES))
def test_matches_golden_file(corpus: Path, record_id: str, fmt: str) -> None:
    out = FORMATS[fmt].dumps(_table(corpus, record_id))
    path = EXPECTED / f"{CASES[record_id][0]}{FORMATS[fmt].suffix}"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(out.encode("utf-8"))
    assert path.is_file(), f"missing {path}: run with UPDATE_GOLDEN=1"
    assert out == path.read_bytes().decode("utf-8")


@pytest.mark.corpus
def test_html_spans_of_us030(corpus: Path) -> None:
    table = _table(corpus, "icdar2013:us-030:p2:t1")
    text = FORMATS["html"].dumps(table)
    head = text[text.index("<thead>"):text.index("</thead>")]
    assert head.count('rowspan="2"') == 3 and head.count('colspan="4"') == 1
    assert '<th scope="col" colspan="4">Percent Fuel Savings</th>' in head
    assert text.count("<tr>") == table.n_rows


@pytest.mark.corpus
def test_html_spans_of_eu009a_cover_the_ground_truth(corpus: Path) -> None:
    rec = load_record(corpus, "icdar2013:eu-009a:p1:t1")
    text = FORMATS["html"].dumps(_table(corpus, "icdar2013:eu-009a:p1:t1"))
    for cell in rec["cells"]:
        if cell["rs"] > 1 or cell["cs"] > 1:
            attrs = (f' rowspan="{cell["rs"]}"' if cell["rs"] > 1 else "") + \
                    (f' colspan="{cell["cs"]}"' if cell["cs"] > 1 else "")
            first_line = cell["text"].split("\n")[0]
            assert re.search(re.escape(attrs) + r">" + re.escape(first_line), text), cell


@pytest.mark.corpus
def test_parenthesised_negatives_and_markers_in_cell_records(corpus: Path) -> None:
    edge = [json.loads(x) for x in FORMATS["cells"].dumps(_table(corpus, "camelot:edge_tol:p1:t0")).splitlines()]
    costs = [r for r in edge if r["text"].startswith("(")]
    assert [(r["text"], r["value"], r["row_header"]) for r in costs] == [
        ("(106,870)", -106870, "Costs"), ("(0.21)", -0.21, "Costs")]
    us009 = [json.loads(x) for x in FORMATS["cells"].dumps(_table(corpus, "icdar2013:us-009:p1:t1")).splitlines()]
    marked = {r["text"]: (r["value"], r["marker"]) for r in us009 if r["marker"]}
    assert marked["10,000 (1)"] == (10000, "(1)") and marked["107,000 (2)"] == (107000, "(2)")
    total = next(r for r in us009 if r["row_header"] == "Total Costs" and r["col"] == 1)
    assert total["value"] == 3088000 and total["column_header"] == "Total Costs All Funds"
