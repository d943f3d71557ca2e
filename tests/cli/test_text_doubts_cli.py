"""A page whose text may not be what it shows is said so where a pipeline reads the output, not only
in ``explain``: ``detect --json``'s page lists ``hidden_text`` and ``text_layer`` as ``explain
--json`` does, and ``export`` writes the tables and then one line on stderr a page whose text layer
looks wrong (a ToUnicode map off by a constant: the cells read "Qruwk" for "North")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.cli import main
from inspector.core.reading.garbled import GARBLED_PREFIX
from tests.core.test_garbled_text import _page as shifted_page
from tests.core.test_unseen_named import _page as hidden_page


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_detect_json_names_a_wrong_text_layer_as_explain_does(capsys, tmp_path: Path) -> None:
    pdf = _write(tmp_path, "shifted.pdf", shifted_page(3))
    code, out, _ = run(capsys, "detect", pdf, "--json")
    page = json.loads(out)["pages"][0]
    assert code == 0 and len(page["tables"]) == 1 and page["hidden_text"] == []
    assert len(page["text_layer"]) == 1 and page["text_layer"][0].startswith(GARBLED_PREFIX + "font Helvetica")
    _, out, _ = run(capsys, "explain", pdf, "--json")
    assert json.loads(out)["pages"][0]["text_layer"] == page["text_layer"]


def test_detect_json_lists_hidden_text_blocks(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "detect", _write(tmp_path, "hidden.pdf", hidden_page()), "--json")
    page = json.loads(out)["pages"][0]
    assert code == 0 and page["text_layer"] == []
    assert sorted(h["kind"] for h in page["hidden_text"]) == ["covered", "invisible", "white"]
    assert {h["kind"]: h["words"] for h in page["hidden_text"]} == {"covered": 3, "invisible": 3, "white": 2}


def test_export_writes_the_tables_and_says_the_text_layer_looks_wrong(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, "export", _write(tmp_path, "shifted.pdf", shifted_page(3)), "--format", "md")
    assert code == 0 and "| Qruwk |" in out  # the text as it reads: never guessed
    doubts = [line for line in err.splitlines() if GARBLED_PREFIX in line]
    assert doubts == [line for line in err.splitlines() if line.startswith("table-inspector: page 1: " + GARBLED_PREFIX)]
    assert len(doubts) == 1


def test_export_of_an_ordinary_page_says_nothing_of_its_text(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, "export", _write(tmp_path, "plain.pdf", shifted_page(0)), "--format", "md")
    assert code == 0 and "| North |" in out and GARBLED_PREFIX not in err
