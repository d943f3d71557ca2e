"""Every other file a user gives holds like a PDF (issue 29): only regular files, read with a
size cap naming what it was, depth-limited JSON, finite numbers, bounded spans and grids, one
line and a documented exit code for each refusal; explain and compare within the page budget;
scan keeps every name; a damaged settings file is set aside. Real files, FIFOs and processes."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inspector.cli import main
from inspector.core.infra.userfiles import InputError, dumps_strict, loads_json, read_bytes, read_text
from inspector.settings_file import repair
from tests.core.pdfs import ruled_grid
from tests.fuzz import hostile
from tests.fuzz.surfaces import _annotation_doc

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "ruled.pdf"
    path.write_bytes(ruled_grid()[0])
    return path


def _refused(capsys: pytest.CaptureFixture[str], code: int, expected: int, words: str) -> None:
    err = capsys.readouterr().err
    assert code == expected, err
    assert "Traceback" not in err and words in err, err
    assert len(err.strip().splitlines()) >= 1 and err.startswith("table-inspector: ")


# --- the shared reader ---------------------------------------------------------------------

@pytest.mark.parametrize("kind, words", [("fifo", "a pipe, not a regular file"),
                                         ("zero", "a device, not a regular file"),
                                         ("folder", "a folder, not a regular file"),
                                         ("huge", "a preset may be at most 1.0 MB")])
def test_only_regular_files_of_sane_size_are_read_and_a_fifo_never_blocks(tmp_path, kind, words) -> None:
    path = tmp_path / "preset.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        with path.open("wb") as fh:
            fh.truncate(5 * 2**20)
    t0 = time.monotonic()
    with pytest.raises(InputError, match=words):
        read_bytes(path, "preset", 2**20)
    assert time.monotonic() - t0 < 2


def test_text_is_utf8_or_has_a_bom_and_json_is_shallow_and_finite(tmp_path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"a": "caf\xe9"}'.encode("latin-1"))
    with pytest.raises(InputError, match=r"not UTF-8 text \(byte 10 is 0xe9\)"):
        read_text(latin, "preset", 2**20)
    wide = tmp_path / "wide.json"
    wide.write_bytes('{"a": "café"}'.encode("utf-16"))
    assert read_text(wide, "preset", 2**20) == '{"a": "café"}'
    for text, words in [("[" * 100_000 + "]" * 100_000, "nested more than 64 deep"), ("[NaN]", "NaN is not a finite"),
                        ('{"x": 1e400}', "1e400 is too large"), ('{"a": -Infinity}', "-Infinity is not a finite")]:
        with pytest.raises(InputError, match=words):
            loads_json(text, "preset", "p.json")
    assert loads_json('{"s": "[[[[" , "n": 1.5}', "preset", "p.json") == {"s": "[[[[", "n": 1.5}


def test_machine_output_never_holds_nan_or_infinity() -> None:
    text = dumps_strict({"f1": float("nan"), "boxes": [[0.0, float("inf"), -float("inf"), 2.5]]})
    assert json.loads(text) == {"f1": None, "boxes": [[0.0, None, None, 2.5]]}


# --- presets and --set ---------------------------------------------------------------------

@pytest.mark.parametrize("value", ["inf", "-inf", "1e400", "nan"])
def test_non_finite_set_values_are_refused(pdf, capsys, value) -> None:
    _refused(capsys, main(["detect", str(pdf), "--set", f"vector.min_contrast={value}"]), 2, "not a valid int")
    _refused(capsys, main(["detect", str(pdf), "--set", f"columns.min_gap={value}"]), 2, "finite")


@pytest.mark.parametrize("content, code, words", [
    (b'{"vector": {"min_contrast": 1e400}}', 2, "1e400 is too large a number"),
    (b'{"columns": {"min_gap": Infinity}}', 2, "Infinity is not a finite number"),
    ('{"ocr": {"lang": "fr\xe9"}}'.encode("latin-1"), 3, "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, 2, "nested more than 64 deep"),
])
def test_bad_presets_are_one_line(pdf, tmp_path, capsys, content, code, words) -> None:
    preset = tmp_path / "p.json"
    preset.write_bytes(content)
    _refused(capsys, main(["detect", str(pdf), "--preset", str(preset)]), code, words)


def test_a_utf16_preset_is_read(pdf, tmp_path, capsys) -> None:
    preset = tmp_path / "p.json"
    preset.write_bytes('{"tables": {"min_rows": 2}}'.encode("utf-16"))
    assert main(["detect", str(pdf), "--preset", str(preset), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pages"][0]["tables"]


# --- compare sources -------------------------------------------------------------------------

def _cell_source(tmp_path: Path, rs: str) -> Path:
    path = tmp_path / "theirs.json"
    path.write_text('{"pages": [{"page": 1, "tables": [{"cells": [{"r": 0, "c": 0, "rs": ' + rs
                    + ', "text": "Apples"}]}]}]}')
    return path


@pytest.mark.parametrize("rs, words", [('"abc"', '"rs" must be a whole number'), ("[2]", '"rs" must be a whole'),
                                       ("NaN", "NaN is not a finite number"), ("Infinity", "not a finite number"),
                                       ("1000000000000000000", "larger than a page could hold"),
                                       ("2.5", '"rs" must be a whole number')])
def test_compare_sources_with_bad_spans_are_one_line(pdf, tmp_path, capsys, rs, words) -> None:
    code = main(["compare", str(pdf), "--with", str(_cell_source(tmp_path, rs)), "--against", "detection"])
    _refused(capsys, code, 3, words)


@pytest.mark.parametrize("make, words", [
    (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "nested more than 64 deep"),
    (lambda p: p.write_bytes(bytes(range(256)) * 50), "binary data, not a table"),
    (lambda p: p.write_text("a,b\n" + "x" * 200_000 + ",1\n"), "field larger than field limit"),
    (lambda p: p.write_text("<table>" + "<tr><td rowspan=1000 colspan=1000>x</td></tr>" * 3 + "</table>"),
     "larger than a page could hold"),
    (lambda p: os.mkfifo(p), "a pipe, not a regular file"),
    (lambda p: p.symlink_to("/dev/zero"), "a device, not a regular file"),
])
def test_hostile_compare_sources_are_one_line(pdf, tmp_path, capsys, make, words) -> None:
    source = tmp_path / "theirs.src"
    make(source)
    t0 = time.monotonic()
    code = main(["compare", str(pdf), "--with", str(source), "--against", "detection"])
    _refused(capsys, code, 3, words)
    assert time.monotonic() - t0 < 30


def test_an_unknown_peer_is_named_before_any_page_is_read(pdf, capsys) -> None:
    _refused(capsys, main(["compare", str(pdf), "--with", "peer:nosuch"]), 2, "unknown extractor 'nosuch'")


# --- explain and compare within the page budget ----------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("command", [["explain", "--page", "1", "--json"],
                                     ["compare", "--with", "SOURCE", "--against", "detection", "--json"]])
def test_explain_and_compare_stop_the_bomb_within_the_budget(tmp_path, command) -> None:
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(hostile.xobject_bomb())
    source = _cell_source(tmp_path, "1")
    args = [a if a != "SOURCE" else str(source) for a in command]
    t0 = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "inspector.cli", args[0], str(bomb), *args[1:], "--set",
                          "budget.seconds=2"], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert time.monotonic() - t0 < 30
    assert run.returncode == 4 and "Traceback" not in run.stderr, run.stderr
    assert "page 1: page stopped after 2 s: too complex" in run.stderr
    assert json.loads(run.stdout)["failed_pages"] == [{"page": 1, "error": "page stopped after 2 s: too complex"}]


# --- annotations: spans and grids bounded before allocation ----------------------------------

@pytest.mark.parametrize("rows, cols, span, words", [
    (10_000, 10_000, (10_000, 10_000), "a grid of 10000 x 10000 slots"),
    (1000, 1000, None, "more than 250000 slots"),
    (3, 3, (10**9, 1), "does not fit the 3x3 grid"),
])
def test_a_grid_larger_than_a_page_is_a_validation_error(tmp_path, capsys, rows, cols, span, words) -> None:
    doc = tmp_path / "doc.pdf"
    doc.write_bytes(ruled_grid()[0])
    data = _annotation_doc(None, doc, rows, cols, span)
    (tmp_path / "doc.pdf.tables.json").write_text(json.dumps(data))
    t0 = time.monotonic()
    code = main(["export", str(doc), "--format", "json"])
    err = capsys.readouterr().err
    assert code == 3 and "Traceback" not in err
    assert "tables[0]" in err and "regions[0]" in err and words in err, err  # the place, then the reason
    assert time.monotonic() - t0 < 20


def test_a_large_sane_annotation_stays_valid_and_fast(tmp_path, capsys) -> None:
    doc = tmp_path / "doc.pdf"
    doc.write_bytes(ruled_grid()[0])
    (tmp_path / "doc.pdf.tables.json").write_text(json.dumps(_annotation_doc(None, doc, 400, 20, None)))
    t0 = time.monotonic()
    assert main(["export", str(doc), "--format", "json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert len(tables) == 1 and len(tables[0]["columns"]) == 20
    assert len(tables[0]["rows"]) >= 399  # every row but a header
    assert time.monotonic() - t0 < 20


def test_a_deep_manifest_is_one_line(tmp_path, capsys) -> None:
    root = tmp_path / "golden"
    root.mkdir()
    (root / "golden.json").write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    code = main(["golden", "check", str(root)])
    got = capsys.readouterr()
    assert code == 3, got
    assert "golden.json: JSON nested more than 64 deep" in got.err + got.out


# --- scan keeps every name ---------------------------------------------------------------

def test_scan_keeps_every_name_and_resumes(pdf, tmp_path, capsys) -> None:
    folder = tmp_path / "names"
    folder.mkdir()
    names = [b"bad-\xff\xfe.pdf", b'quote"s.pdf', b"apo's.pdf", b"tab\there.pdf", b"new\nline.pdf", b"pipe|x.pdf",
             "café.pdf".encode()]
    for name in names:
        (folder / os.fsdecode(name)).write_bytes(pdf.read_bytes())
    (folder / "not\na |pdf.pdf").write_text("plain text")  # a failed document: listed by name in the report
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(folder), "-o", str(db), "--quiet"]) == 0
    con = sqlite3.connect(db)
    stored = sorted(p.rsplit("/", 1)[1] for (p,) in con.execute("SELECT path FROM documents"))
    con.close()
    assert stored == sorted(["bad-\\xff\\xfe.pdf", 'quote"s.pdf', "apo's.pdf", "tab\there.pdf", "new\nline.pdf",
                             "pipe|x.pdf", "café.pdf", "not\na |pdf.pdf"])
    capsys.readouterr()
    assert main(["scan", str(folder), "-o", str(db), "--quiet"]) == 0
    assert "8 already done" in capsys.readouterr().err
    assert main(["scan", "report", str(db)]) == 0
    report = capsys.readouterr().out
    assert "(8 documents, 7 pages)" in report
    assert "not\\na \\|pdf.pdf: " in report  # one line of the Markdown, whatever the name holds


# --- the window's settings file -----------------------------------------------------------------

def test_a_damaged_settings_file_is_set_aside_keeping_the_other_preferences(tmp_path) -> None:
    conf = tmp_path / "table-inspector.conf"
    conf.write_bytes(b"[General]\nexport_format=md\n\x00\xff garbage \x01\nlast_folder=/tmp\n")
    note = repair(conf)
    assert note is not None and "1 unreadable line(s)" in note and "2 preference(s) kept" in note
    assert conf.read_bytes() == b"[General]\nexport_format=md\nlast_folder=/tmp\n"
    assert len(list(tmp_path.glob("table-inspector.conf.damaged-*"))) == 1
    assert repair(conf) is None  # sound now: left alone


@pytest.mark.slow
def test_the_window_opens_over_a_fifo_settings_file(tmp_path) -> None:
    home = tmp_path / "config"
    (home / "table-inspector").mkdir(parents=True)
    os.mkfifo(home / "table-inspector" / "table-inspector.conf")
    shot = tmp_path / "shot.png"
    run = subprocess.run([sys.executable, "-m", "inspector.cli", "gui", "--screenshot", str(shot)],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(home),
                              "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr
    assert shot.stat().st_size > 0
    assert "was damaged (a pipe, not a regular file" in run.stderr
    assert not (home / "table-inspector" / "table-inspector.conf").is_fifo()
    shutil.rmtree(home)
