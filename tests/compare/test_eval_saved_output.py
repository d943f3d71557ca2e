"""``eval --extractor file:PATH``: a pipeline's saved output scored like any extractor."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from inspector.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import write_corpus

FRUIT = [["Fruit", "Qty", "Price"], ["Apple", "12", "0.50"], ["Pear", "7", "0.65"]]


@pytest.fixture()
def corpus_dir(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "c", {"one": (FRUIT, FRUIT), "two": (FRUIT, FRUIT)})


def _f1(path: Path) -> dict[str, float]:
    res = json.loads(path.read_text(encoding="utf-8"))
    return {doc: d["adjacency"]["f1"] for doc, d in res["documents"].items()}


def test_saved_detections_score_as_the_detector_did(corpus_dir: Path, tmp_path: Path, capsys) -> None:
    saved = tmp_path / "saved"
    saved.mkdir()
    for name in ("one", "two"):
        assert main(["detect", str(corpus_dir / "pdfs" / f"{name}.pdf"), "--json"]) == 0
        (saved / f"{name}.pdf.json").write_text(capsys.readouterr().out)
    ours, theirs = tmp_path / "ours.json", tmp_path / "theirs.json"
    assert main(["eval", str(corpus_dir), "--extractor", "inspector", "--json", str(ours)]) == 0
    assert main(["eval", str(corpus_dir), "--extractor", f"file:{saved}", "--json", str(theirs)]) == 0
    assert _f1(theirs) == _f1(ours) == {"pdfs/one.pdf": 1.0, "pdfs/two.pdf": 1.0}


def test_a_csv_per_document_with_a_wrong_cell(corpus_dir: Path, tmp_path: Path) -> None:
    saved = tmp_path / "csv"
    saved.mkdir()
    (saved / "one.csv").write_text("\n".join(",".join(r) for r in FRUIT) + "\n")
    wrong = [r[:] for r in FRUIT]
    wrong[2][1] = "8"
    (saved / "two.csv").write_text("\n".join(",".join(r) for r in wrong) + "\n")
    out = tmp_path / "run.json"
    assert main(["eval", str(corpus_dir), "--extractor", f"file:{saved}", "--json", str(out)]) == 0
    f1 = _f1(out)
    assert f1["pdfs/one.pdf"] == 1.0 and 0 < f1["pdfs/two.pdf"] < 1.0


def test_a_document_without_a_file_has_its_tables_missed(corpus_dir: Path, tmp_path: Path) -> None:
    saved = tmp_path / "partial"
    saved.mkdir()
    (saved / "one.csv").write_text("\n".join(",".join(r) for r in FRUIT) + "\n")
    out = tmp_path / "run.json"
    assert main(["eval", str(corpus_dir), "--extractor", f"file:{saved}", "--json", str(out)]) == 0
    assert _f1(out) == {"pdfs/one.pdf": 1.0, "pdfs/two.pdf": 0.0}


def test_a_missing_path_and_a_bad_name_are_messages(corpus_dir: Path, tmp_path: Path, capsys) -> None:
    assert main(["eval", str(corpus_dir), "--extractor", f"file:{tmp_path / 'nope'}"]) == 2
    assert "nope: no such file or folder" in capsys.readouterr().err
    assert main(["eval", str(corpus_dir), "--extractor", "tabula"]) == 2
    assert "choose from" in capsys.readouterr().err
