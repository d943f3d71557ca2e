"""The 'eval' command end to end on a corpus folder built here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from eval_builders import write_corpus

from inspector.cli import main
from inspector.extractors import peers

FRUIT = [["Fruit", "Qty", "Price"], ["Apple", "12", "0.50"], ["Pear", "7", "0.65"]]


@pytest.fixture()
def corpus_dir(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "c", {"one": (FRUIT, FRUIT), "two": (FRUIT[:2] + [["Pear", "8", "0.65"]], FRUIT)})


def test_eval_json_and_baseline(corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.json"
    assert main(["eval", str(corpus_dir), "--extractor", "pymupdf", "--json", str(out), "--jobs", "2"]) == 0
    res = json.loads(out.read_text(encoding="utf-8"))
    adj = res["overall"]["adjacency"]
    assert set(adj) >= {"precision", "recall", "f1"} and 0 < adj["f1"] < 1
    assert set(res["documents"]) == {"pdfs/one.pdf", "pdfs/two.pdf"}
    assert res["documents"]["pdfs/one.pdf"]["adjacency"]["f1"] == 1.0
    assert len(res["golden"]["hash"]) == 64
    report = capsys.readouterr().out
    assert "overall" in report and "pdfs/two.pdf" in report
    # Compared with itself: nothing moved.
    assert main(["eval", str(corpus_dir), "--extractor", "pymupdf", "--baseline", str(out)]) == 0
    assert "documents changed: 0, unchanged: 2" in capsys.readouterr().out


def test_eval_only_filters_documents(corpus_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "one.json"
    assert main(["eval", str(corpus_dir), "--extractor", "pymupdf", "--only", "one", "--json", str(out)]) == 0
    assert list(json.loads(out.read_text(encoding="utf-8"))["documents"]) == ["pdfs/one.pdf"]


def test_missing_peer_is_a_message(corpus_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(peers._REQUIRES, "camelot", "no_such_module_for_tests")
    assert main(["eval", str(corpus_dir), "--extractor", "camelot"]) == 2
    err = capsys.readouterr().err
    assert "camelot is not installed" in err and "Traceback" not in err


@pytest.mark.parametrize("argv, code, message", [
    (["--jobs", "0"], 2, "--jobs"),
    (["--timeout", "0"], 2, "--timeout"),
    (["--set", "tables.nope=1"], 2, "unknown field"),
    (["--baseline", "/nonexistent/old.json"], 3, "cannot read baseline"),
])
def test_bad_options(corpus_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str], code: int,
                     message: str) -> None:
    assert main(["eval", str(corpus_dir), "--extractor", "pymupdf", *argv]) == code
    assert message in capsys.readouterr().err


def test_bad_baseline_and_golden(corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]", encoding="utf-8")
    assert main(["eval", str(corpus_dir), "--baseline", str(bad)]) == 3
    assert "not an eval result" in capsys.readouterr().err
    assert main(["eval", str(tmp_path / "nowhere"), "--extractor", "pymupdf"]) == 3
    assert "not a folder" in capsys.readouterr().err


def test_progress_off_a_terminal_is_one_line_per_tenth(capsys: pytest.CaptureFixture[str]) -> None:
    from inspector.cli.eval_cmds import _progress

    show = _progress("pymupdf")
    for done in range(1, 21):
        show(done, 20)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 10 and lines[-1].endswith("20/20 pages") and "\r" not in "".join(lines)


def test_progress_flag_writes_to_stderr(corpus_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(corpus_dir), "--extractor", "pymupdf", "--progress", "--no-tables"]) == 0
    captured = capsys.readouterr()
    assert "2/2 pages" in captured.err and "pages" not in captured.out.splitlines()[-1]


def test_by_producer_slices_the_scores(corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pymupdf

    for name, producer in (("one", "Microsoft® Word 2019"), ("two", "Acrobat Distiller 7.0")):
        path = corpus_dir / "pdfs" / f"{name}.pdf"
        doc = pymupdf.open(path)
        doc.set_metadata({"producer": producer})
        doc.saveIncr()
        doc.close()
    out = tmp_path / "run.json"
    assert main(["eval", str(corpus_dir), "--extractor", "pymupdf", "--by-producer", "--json", str(out)]) == 0
    by = json.loads(out.read_text(encoding="utf-8"))["by_producer"]
    assert set(by) == {"Word", "Acrobat Distiller"}
    assert by["Word"]["adjacency"]["f1"] == 1.0 and by["Acrobat Distiller"]["adjacency"]["f1"] < 1.0
    assert "per producer" in capsys.readouterr().out
