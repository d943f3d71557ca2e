"""A table continued over pages exports exactly as the same rows typeset on one page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.cli import main
from resources.make_samples import TableStyle
from tests.core.split_pdfs import item_rows, typeset

FORMATS = ("md", "html", "csv", "json", "cells")


def _export(capsys: pytest.CaptureFixture[str], pdf: Path, fmt: str, *extra: str) -> str:
    assert main(["export", str(pdf), "-f", fmt, "--from", "detection", *extra]) == 0
    return capsys.readouterr().out


def _pair(tmp_path: Path, n: int, **kw: object) -> tuple[Path, Path]:
    """The same rows over pages and on one page, saved under the same file name."""
    rows = item_rows(n)
    split, whole = tmp_path / "split" / "items.pdf", tmp_path / "whole" / "items.pdf"
    for path, built in ((split, typeset(rows, **kw)), (whole, typeset(rows, one_page=True, **kw))):
        path.parent.mkdir()
        path.write_bytes(built.pdf)
    return split, whole


@pytest.mark.parametrize(("n", "kw"), [(50, {}), (90, {"repeat_header": False}),
                                       (90, {"style": TableStyle(rules="booktabs")}),
                                       (50, {"sideways": [2]})],
                         ids=["2 pages, header repeated", "3 pages, no repeated header", "3 pages, booktabs",
                              "2 pages, the second sideways"])
def test_linked_table_exports_equal_one_page_exports(tmp_path, capsys, n, kw) -> None:
    split, whole = _pair(tmp_path, n, **kw)
    for fmt in FORMATS:
        assert _export(capsys, split, fmt) == _export(capsys, whole, fmt), fmt
    assert _export(capsys, split, "md", "--chunk-rows", "20") == _export(capsys, whole, "md", "--chunk-rows", "20")
    rows = json.loads(_export(capsys, split, "json"))[0]["rows"]
    assert len(rows) == n and rows[0]["Item"] == "Item 001" and rows[-1]["Item"] == f"Item {n:03d}"
    md = _export(capsys, split, "md")
    assert md.count("| Item | Region | Units | Price |") == 1


def test_cell_records_carry_the_first_pieces_headers(tmp_path, capsys) -> None:
    split, _ = _pair(tmp_path, 90, repeat_header=False)
    records = [json.loads(line) for line in _export(capsys, split, "cells").splitlines()]
    last = [r for r in records if r["row"] == 90]
    # The headers are the first piece's; the page is the one the row sits on (the last piece's).
    assert [(r["row_header"], r["column_header"], r["page"]) for r in last] == [
        ("Item 090", "Region", 3), ("Item 090", "Units", 3), ("Item 090", "Price", 3)]
    assert {r["page"] for r in records if r["row"] == 1} == {1}
