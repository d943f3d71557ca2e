"""Annotation files: round trip, atomic save under failure, exact load errors, migration, hashes."""

from __future__ import annotations

import errno
import json
from dataclasses import replace
from pathlib import Path

import pymupdf
import pytest

from inspector.annotation import io as gio
from inspector.annotation.goldenset import add_to_golden_set, check_golden_set, load_golden_set
from inspector.annotation.model import (
    ROLES,
    AnnCell,
    AnnTable,
    DocumentAnnotation,
    PageInfo,
    Region,
    new_region,
    params_pairs,
)
from inspector.annotation.schema import SCHEMA_FILE, AnnotationError
from inspector.core.params import Params
from inspector.core.types import Rect


def _pdf(path: Path, text: str = "Hello", pages: int = 1) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_text((20, 40), text, fontsize=11)
    for _ in range(pages - 1):
        doc.new_page(width=300, height=200)
    doc.save(path)
    return path


def _ann(sha: str = "a" * 64) -> DocumentAnnotation:
    r1 = Region(1, Rect(10, 20, 110, 60), (10, 60, 110), (20, 40, 60),
                (AnnCell(0, 0, 1, 2, "Head ünïcode 合计"), AnnCell(1, 0, text="a", override="A!"),
                 AnnCell(1, 1, text="b", bbox=Rect(70, 45, 90, 55))), ("header", "total"))
    r2 = Region(2, Rect(10, 30, 110, 50), (10, 60, 110), (30, 50), (AnnCell(0, 0), AnnCell(0, 1, text="x")),
                ("data",))
    t = AnnTable("t1", (r1, r2), header_rows=1, title="Table 1", footnote="* note", verified=True,
                 notes="checked", source="ruled", params=params_pairs(Params().with_value("columns.min_gap", 8)))
    return DocumentAnnotation(sha, "doc.pdf", (PageInfo(1, 300, 200), PageInfo(2, 300, 200, 90)), (t,))


def test_round_trip_is_exact(tmp_path: Path) -> None:
    path = tmp_path / "doc.pdf.tables.json"
    gio.save_annotation(_ann(), path)
    assert gio.load_annotation(path) == _ann()
    assert "合计" in path.read_text(encoding="utf-8")  # readable, not \\u-escaped
    assert list(tmp_path.iterdir()) == [path]


def _schema_keys(schema: dict) -> set[str]:
    keys: set[str] = set()
    for node in [schema, *schema["$defs"].values()]:
        keys |= set(node.get("properties", {}))
        for sub in node.get("properties", {}).values():
            keys |= set(sub.get("properties", {}))
    return keys


def _json_keys(obj: object) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _json_keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _json_keys(v)}
    return set()


def test_schema_file_describes_every_key_written(tmp_path: Path) -> None:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    gio.save_annotation(_ann(), tmp_path / "a.json")
    written = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    params_keys = {"columns", "min_gap"} | _json_keys(Params().to_dict())
    assert _json_keys(written) - params_keys <= _schema_keys(schema)
    assert schema["properties"]["version"]["const"] == written["version"] == 2


# A version 2 file as the first version-2 writer saved it (roles header/data/total/note only).
OLD_V2 = {"format": "table-inspector-annotation", "version": 2, "tool_version": "0.1.0",
          "document": {"file_name": "old.pdf", "sha256": "e" * 64,
                       "pages": [{"number": 1, "width": 300.0, "height": 200.0, "rotation": 0}]},
          "notes": "",
          "tables": [{"id": "t1", "source": "ruled", "verified": False, "title": "", "footnote": "", "notes": "",
                      "header_rows": 1, "header_cols": 0, "params": None, "tool_version": "0.1.0",
                      "regions": [{"page": 1, "bbox": [10.0, 10.0, 90.0, 40.0], "xs": [10.0, 50.0, 90.0],
                                   "ys": [10.0, 20.0, 30.0, 40.0], "row_roles": ["header", "total", "note"],
                                   "cells": [{"r": r, "c": c, "rs": 1, "cs": 1, "text": f"{r}{c}"}
                                             for r in range(3) for c in range(2)]}]}]}


def test_an_older_version_2_file_loads_and_saves_unchanged(tmp_path: Path) -> None:
    ann = gio.load_annotation(_write(tmp_path, OLD_V2))
    assert ann.tables[0].regions[0].row_roles == ("header", "total", "note")
    gio.save_annotation(ann, tmp_path / "again.json")
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8")) == OLD_V2


def test_new_roles_title_and_footnote_round_trip(tmp_path: Path) -> None:
    ann = _ann()
    t = ann.tables[0]
    roles = ("header", "section", "data", "subtotal", "data", "total", "note")
    region = new_region(1, Rect(10, 10, 90, 80), len(roles), 2)
    table = replace(t, regions=(replace(region, row_roles=roles),), header_cols=1,
                    title="Table 2: Sales by region", footnote="* estimated\n1 restated")
    ann = replace(ann, tables=(table,))
    gio.save_annotation(ann, tmp_path / "r.json")
    written = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert written["version"] == 2 and written["tables"][0]["regions"][0]["row_roles"] == list(roles)
    assert written["tables"][0]["title"] == "Table 2: Sales by region"
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert schema["$defs"]["region"]["properties"]["row_roles"]["items"]["enum"] == list(ROLES)
    assert gio.load_annotation(tmp_path / "r.json") == ann


def _fail_after_half(f, data: bytes) -> None:
    f.write(data[: len(data) // 2])
    raise OSError(errno.ENOSPC, "No space left on device")


def test_full_disk_keeps_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "doc.pdf.tables.json"
    gio.save_annotation(_ann(), path)
    before = path.read_bytes()
    monkeypatch.setattr("inspector.atomic._write_all", _fail_after_half)
    changed = _ann("b" * 64)
    with pytest.raises(AnnotationError, match="disk is full.*previous file is unchanged"):
        gio.save_annotation(changed, path)
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_crash_before_rename_keeps_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "doc.pdf.tables.json"
    gio.save_annotation(_ann(), path)
    before = path.read_bytes()

    def crash(*_a: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gio.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        gio.save_annotation(_ann("c" * 64), path)
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]


def test_unwritable_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(AnnotationError, match="cannot save .*folder does not exist"):
        gio.save_annotation(_ann(), tmp_path / "missing" / "x.json")


def test_inconsistent_annotation_is_not_saved(tmp_path: Path) -> None:
    bad = _ann()
    t = bad.tables[0]
    broken = Region(1, t.regions[0].bbox, t.regions[0].xs, t.regions[0].ys, t.regions[0].cells[:2],
                    t.regions[0].row_roles)
    bad = DocumentAnnotation(bad.sha256, "doc.pdf", bad.pages, (AnnTable("t1", (broken,)),))
    with pytest.raises(AnnotationError, match="1 grid slot"):
        gio.save_annotation(bad, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def _write(tmp_path: Path, data: object) -> Path:
    p = tmp_path / "x.tables.json"
    p.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return p


def _saved(tmp_path: Path) -> dict:
    gio.save_annotation(_ann(), tmp_path / "good.json")
    return json.loads((tmp_path / "good.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d["tables"][0]["regions"][0].pop("xs"), r"tables\[0\] \(id 't1'\): regions\[0\]: missing key 'xs'"),
    (lambda d: d["tables"][0]["regions"][1]["cells"][0].update(rs=0),
     r"tables\[0\] \(id 't1'\): regions\[1\].cells\[0\]: 'rs' must be an integer >= 1, not 0"),
    (lambda d: d["tables"][0]["regions"][0]["cells"][1].update(c=1),
     r"tables\[0\] \(id 't1'\): regions\[0\]: cells\[2\] overlaps cells\[1\] at row 1, column 1"),
    (lambda d: d["tables"][0].update(heder_rows=1), r"unknown key 'heder_rows'"),
    (lambda d: d["tables"][0]["regions"][0].update(row_roles=["header", "sum"]), r"unknown row role 'sum'"),
    (lambda d: d.update(version=7), r"newer Table Inspector \(schema version 7\)"),
    (lambda d: d["document"].update(sha256="xyz"), r"'sha256' must be 64 hexadecimal digits"),
    (lambda d: d["tables"][0]["regions"][0].update(ys=[20, 10, 60]), r"ys must be strictly ascending"),
    (lambda d: d["tables"].append(d["tables"][0]), r"id 't1' is used twice"),
    (lambda d: d["tables"][0]["regions"][0]["xs"].__setitem__(1, float("nan")), r"'xs' must be a list of numbers"),
    (lambda d: d["tables"][0]["params"]["columns"].update(min_gap=float("nan")),
     r"params.columns.min_gap is nan: must be a finite number"),
    (lambda d: d["tables"][0]["params"]["columns"].update(min_gap=float("inf")),
     r"params.columns.min_gap is inf: must be a finite number"),
    (lambda d: d["tables"][0]["regions"][1].update(page=999),
     r"tables\[0\] \(id 't1'\): regions\[1\].page 999 is not a page of the PDF \(it has 2\)"),
])
def test_load_explains_what_is_wrong(tmp_path: Path, mutate, message: str) -> None:
    data = _saved(tmp_path)
    mutate(data)
    path = _write(tmp_path, data)
    with pytest.raises(AnnotationError, match=message) as info:
        gio.load_annotation(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize(("content", "message"), [
    ('{"version": 2,', r"not valid JSON \(line 1, column \d+"),
    ("[1, 2]", "must hold a JSON object"),
    ("[" * 100000 + "]" * 100000, r"not valid JSON|nested too deeply"),
])
def test_load_rejects_garbage_in_one_line(tmp_path: Path, content: str, message: str) -> None:
    with pytest.raises(AnnotationError, match=message):
        gio.load_annotation(_write(tmp_path, content))


def test_load_missing_file_and_binary_file(tmp_path: Path) -> None:
    with pytest.raises(AnnotationError, match="no such file"):
        gio.load_annotation(tmp_path / "nope.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(AnnotationError, match="not UTF-8"):
        gio.load_annotation(tmp_path / "bin.json")


def test_version_1_is_migrated(tmp_path: Path) -> None:
    v1 = {"version": 1, "pdf_name": "old.pdf", "pdf_sha256": "d" * 64, "page_sizes": [[612, 792]],
          "tables": [{"page": 1, "cols": [10, 50, 90], "rows": [5, 15, 25, 35], "header_rows": 1,
                      "cells": [{"row": 0, "col": 0, "colspan": 2, "text": "Title"},
                                {"row": 1, "col": 0, "text": "a"}, {"row": 1, "col": 1, "text": "1"},
                                {"row": 2, "col": 0, "text": "Total"}]}]}
    ann = gio.load_annotation(_write(tmp_path, v1))
    t = ann.tables[0]
    assert (ann.file_name, ann.pages[0].width, t.id, t.header_rows) == ("old.pdf", 612, "t1", 1)
    reg = t.regions[0]
    assert reg.bbox == Rect(10, 5, 90, 35) and reg.row_roles == ("header", "data", "data")
    assert reg.cell_at(0, 1).text == "Title" and reg.cell_at(2, 1).text == ""  # missing slot filled
    gio.save_annotation(ann, tmp_path / "new.json")
    assert json.loads((tmp_path / "new.json").read_text())["version"] == 2
    assert gio.load_annotation(tmp_path / "new.json") == ann


def test_find_annotation_checks_the_pdf_hash(tmp_path: Path) -> None:
    pdf = _pdf(tmp_path / "doc.pdf")
    assert gio.find_annotation(pdf) is None
    assert gio.annotation_path_for(pdf) == tmp_path / "doc.pdf.tables.json"
    gio.save_annotation(_ann(gio.sha256_of(pdf)), gio.annotation_path_for(pdf))
    assert gio.find_annotation(pdf).tables[0].id == "t1"
    _pdf(pdf, "Changed")
    with pytest.raises(gio.HashMismatch, match="not the file 'doc.pdf'"):
        gio.find_annotation(pdf)
    stale = gio.find_annotation(pdf, check_hash=False)
    moved = gio.reattach(stale, pdf)
    gio.verify_pdf(moved, pdf.read_bytes())
    assert stale.sha256 in moved.notes


def test_golden_set_manifest_hashes_and_problems(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    pdf = _pdf(tmp_path / "src" / "doc.pdf", pages=2)  # _ann has a region on page 2
    golden = tmp_path / "golden"
    add_to_golden_set(golden, _ann(gio.sha256_of(pdf)), pdf)
    gs = load_golden_set(golden)
    assert [e.pdf_path for e in gs.entries] == [pdf.resolve()] and gs.problems == ()
    assert json.loads((golden / "golden.json").read_text())["documents"][0]["pdf"] == "../src/doc.pdf"
    assert check_golden_set(golden) == []
    (golden / "stray.pdf.tables.json").write_text("{}")
    _pdf(pdf, "Other bytes")
    problems = check_golden_set(golden)
    assert any("other bytes" in p for p in problems)
    assert any("stray.pdf.tables.json: annotation file not listed" in p for p in problems)
    pdf.unlink()
    assert any("PDF 'doc.pdf' not found" in p for p in check_golden_set(golden))
    assert check_golden_set(tmp_path / "src") == [f"{tmp_path / 'src'}: not a golden set (no golden.json)"]


def test_non_finite_coordinates_are_not_saved(tmp_path: Path) -> None:
    ann = _ann()
    t = ann.tables[0]
    cells = (replace(t.regions[0].cells[0], bbox=Rect(0, 0, float("inf"), 1)), *t.regions[0].cells[1:])
    bad = replace(ann, tables=(replace(t, regions=(replace(t.regions[0], cells=cells), t.regions[1])),))
    with pytest.raises(AnnotationError, match="not a finite number"):
        gio.save_annotation(bad, tmp_path / "x.json")
    assert list(tmp_path.iterdir()) == []


def test_golden_check_finds_regions_beyond_the_pdf(tmp_path: Path) -> None:
    """An annotation without a page list cannot be checked at load; ``check`` reads the PDF."""
    pdf = _pdf(tmp_path / "doc.pdf")
    ann = replace(_ann(gio.sha256_of(pdf)), pages=())
    add_to_golden_set(tmp_path / "golden", ann, pdf)
    problems = check_golden_set(tmp_path / "golden")
    assert any("a region is on page 2, but the PDF has 1 page(s)" in p for p in problems)
