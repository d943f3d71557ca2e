"""Their files read into tables: JSON (detect and cells shapes), HTML, Markdown, CSV."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.extractors import sources as src


def _cells(t: src.Unplaced) -> list[tuple[int, int, int, int, str]]:
    return [(c.r, c.c, c.rs, c.cs, c.text) for c in t.cells]


@pytest.mark.parametrize(("head", "kind"), [(b'\xef\xbb\xbf {"pages": []}', "json"), (b"<!DOCTYPE html><table>", "html"),
                                            (b"Intro\n<table><tr><td>1", "html"), (b"| a | b |\n|---|---|\n", "markdown"),
                                            (b"a,b\n1,2\n", "csv"), (b"Region;2023\nNorth;1,5\n", "csv")])
def test_the_kind_comes_from_the_first_bytes(head: bytes, kind: str) -> None:
    assert src.sniff_kind(head) == kind


def test_html_tables_keep_spans_and_line_breaks(tmp_path: Path) -> None:
    f = tmp_path / "t.txt"  # the name says nothing: the bytes do
    f.write_text("<html><body><p>x</p><table><tr><th rowspan=2>Region</th><th colspan=2>Sales</th></tr>"
                 "<tr><td>2023</td><td>2024</td></tr><tr><td>North<br>East</td><td>1 &amp; 2</td><td>3</td></tr>"
                 "</table><table><tr><td>z</td></tr></table></body></html>")
    loaded = src.load(f)
    assert loaded.kind == "html" and len(loaded.unplaced) == 2
    assert _cells(loaded.unplaced[0]) == [(0, 0, 2, 1, "Region"), (0, 1, 1, 2, "Sales"), (1, 1, 1, 1, "2023"),
                                          (1, 2, 1, 1, "2024"), (2, 0, 1, 1, "North\nEast"), (2, 1, 1, 1, "1 & 2"),
                                          (2, 2, 1, 1, "3")]


def test_markdown_tables_are_split_by_other_lines(tmp_path: Path) -> None:
    f = tmp_path / "t.md"
    f.write_text("# Title\n\n| Region | 2023 |\n| --- | ---: |\n| North | 1 \\| 2 |\n| South<br>West | 3 |\n\n"
                 "Text.\n\n| x | y |\n|:-:|---|\n| 1 | 2 |\n")
    a, b = src.load(f).unplaced
    assert _cells(a) == [(0, 0, 1, 1, "Region"), (0, 1, 1, 1, "2023"), (1, 0, 1, 1, "North"), (1, 1, 1, 1, "1 | 2"),
                         (2, 0, 1, 1, "South\nWest"), (2, 1, 1, 1, "3")]
    assert (b.n_rows, b.n_cols) == (2, 2)


def test_csv_with_semicolons_and_quotes(tmp_path: Path) -> None:
    f = tmp_path / "t.csv"
    f.write_text('Region;"Sales; 2023"\nNorth;"1,5"\n\nSouth;2\n')
    (t,) = src.load(f).unplaced
    assert [c.text for c in t.cells] == ["Region", "Sales; 2023", "North", "1,5", "South", "2"]


def test_json_with_boxes_is_placed_and_without_is_not(tmp_path: Path) -> None:
    f = tmp_path / "out.json"
    f.write_text(json.dumps({"pages": [
        {"page": 2, "tables": [{"cells": [{"r": 0, "c": 0, "text": "a", "bbox": [10, 10, 20, 20]},
                                          {"r": 0, "c": 1, "cs": 2, "text": "b", "bbox": [20, 10, 40, 20]}]},
                               {"cells": [{"r": 0, "c": 0, "text": "x"}]}]}]}))
    loaded = src.load(f)
    (t,) = loaded.placed[2]
    assert (t.n_rows, t.n_cols, t.bbox.as_tuple()) == (1, 3, (10, 10, 40, 20))
    assert loaded.unplaced[0].page == 2 and loaded.unplaced[0].cells[0].text == "x"


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "not valid JSON (line 1"), ('{"tables": []}', 'expected {"pages"'),
    ('{"pages": [{"page": "one", "tables": []}]}', '"page" must be a whole number'),
    ('{"pages": [{"page": 1, "tables": [{"cells": [{"r": -1, "c": 0}]}]}]}', "r and c must be >= 0"),
    ('{"pages": [{"page": 1, "tables": [{"cells": [{"r": 0, "c": 0, "bbox": [1, 2]}]}]}]}', "a bbox is [x0"),
    ("<html><p>no table here</p></html>", "no table found in this HTML file")])
def test_bad_files_get_one_line_that_names_the_place(tmp_path: Path, content: str, message: str) -> None:
    f = tmp_path / "bad"
    f.write_text(content)
    with pytest.raises(src.SourceError, match=None) as info:
        src.load(f)
    assert message in str(info.value) and str(info.value).startswith(str(f))
