"""Every table of the corpus ground truth survives every format structurally."""

from __future__ import annotations

import csv as stdcsv
import io
import json
from pathlib import Path

import pytest

from inspector.export import cells, csv, html, json_rows, markdown
from inspector.export.grid import header_row_count, slot_grid
from tests.export.builders import table_from_record
from tests.export.test_export_html import layout, read
from tests.export.test_export_markdown import split_row, unescape


def _records(corpus: Path) -> list[dict]:
    with (corpus / "tables.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


@pytest.mark.corpus
def test_all_records_round_trip(corpus: Path) -> None:
    checked = 0
    for rec in _records(corpus):
        if not rec["rows"] or not rec["rows"][0]:
            continue
        table = table_from_record(rec, header_rows=1)
        # Ragged peer-tool rows are padded: a table is rectangular.
        stripped = [[t.strip() for t in row] + [""] * (table.n_cols - len(row)) for row in rec["rows"]]
        # CSV gives back exactly the record's rows (spanned slots empty).
        assert list(stdcsv.reader(io.StringIO(csv.dumps(table), newline=""))) == stripped, rec["id"]
        # HTML lays out to the same grid of texts.
        reader = read(html.dumps(table))
        rows = [row for _, group in reader.groups for row in group]
        got = [[text.strip() if (r0, c0) == (r, c) else "" for c, (r0, c0, text) in enumerate(row)]
               for r, row in enumerate(layout(rows, table.n_cols))]
        assert got == stripped, rec["id"]
        # Markdown keeps the column count on every line and the text of every body slot.
        lines = markdown.dumps(table, markdown.MarkdownOptions(spans="empty")).splitlines()
        body = [[unescape(x) for x in split_row(line)] for line in lines[2:]]
        n_head = header_row_count(table, slot_grid(table))
        assert all(len(split_row(x)) == table.n_cols for x in [lines[0], *lines[2:]]), rec["id"]
        assert body == stripped[n_head:], rec["id"]
        assert len(json_rows.records(table)) == table.n_rows - n_head
        for line in cells.dumps(table).splitlines():
            json.loads(line)
        checked += 1
    assert checked >= 150
