"""Evaluating against a golden set proper (annotation files + manifest), hashes enforced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from eval_builders import ruled_pdf

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnCell, AnnTable, DocumentAnnotation, PageInfo, Region
from inspector.cli import main
from inspector.core.types import Rect
from inspector.evaluation import evaluate

ROWS = [["Fruit", "Qty"], ["Apple", "12"], ["Pear", "7"]]


def _golden_set(tmp_path: Path) -> tuple[Path, Path]:
    """A PDF with a ruled 3x2 table at (100, 100) of 80 x 20 pt slots, annotated exactly."""
    pdf = tmp_path / "fruit.pdf"
    pdf.write_bytes(ruled_pdf(ROWS))
    xs, ys = (100.0, 180.0, 260.0), (100.0, 120.0, 140.0, 160.0)
    cells = tuple(AnnCell(r, c, text=ROWS[r][c]) for r in range(3) for c in range(2))
    region = Region(1, Rect(100, 100, 260, 160), xs, ys, cells, ("header", "data", "data"))
    ann = DocumentAnnotation(sha256_of(pdf), "fruit.pdf", (PageInfo(1, 595, 842),),
                             (AnnTable("t1", (region,), header_rows=1),))
    root = tmp_path / "golden"
    add_to_golden_set(root, ann, pdf)
    return root, pdf


def test_golden_set_source_and_run(tmp_path: Path) -> None:
    root, _ = _golden_set(tmp_path)
    source = evaluate.load_source(root)
    assert source.kind == "golden-set" and len(source.hash) == 64
    assert [(gp.doc, gp.page, gp.ids) for gp in source.pages] == [("fruit.pdf", 1, ("fruit.pdf:t1",))]
    kept, refused = evaluate.verify_pdfs(source)
    assert refused == [] and kept.pages == source.pages
    outcome = evaluate.run(kept, "pymupdf")[0]
    assert outcome.status == "ok" and outcome.scores.tables[0].adjacency.f1 == 1.0


def test_golden_hash_changes_with_an_annotation(tmp_path: Path) -> None:
    root, _ = _golden_set(tmp_path)
    before = evaluate.load_source(root).hash
    ann = root / "fruit.pdf.tables.json"
    data = json.loads(ann.read_text(encoding="utf-8"))
    data["notes"] = "checked twice"
    ann.write_text(json.dumps(data), encoding="utf-8")
    assert evaluate.load_source(root).hash != before


def test_changed_pdf_is_refused_by_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, pdf = _golden_set(tmp_path)
    pdf.write_bytes(pdf.read_bytes() + b"\n% edited after annotation\n")
    assert main(["eval", str(root), "--extractor", "pymupdf"]) == 3
    err = capsys.readouterr().err
    assert "refused fruit.pdf" in err and "does not match" in err


def test_not_a_golden_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "plain").mkdir()
    assert main(["eval", str(tmp_path / "plain"), "--extractor", "pymupdf"]) == 3
    assert "not a golden set" in capsys.readouterr().err


def test_unreadable_annotation_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, pdf = _golden_set(tmp_path)
    # A second, broken annotation listed in the manifest: left out and reported, exit code 3.
    manifest = json.loads((root / "golden.json").read_text(encoding="utf-8"))
    manifest["documents"].append({"annotation": "broken.pdf.tables.json", "file_name": "broken.pdf",
                                  "pdf": "../fruit.pdf", "sha256": "0" * 64})
    (root / "golden.json").write_text(json.dumps(manifest), encoding="utf-8")
    (root / "broken.pdf.tables.json").write_text("{not json", encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["eval", str(root), "--extractor", "pymupdf", "--json", str(out)]) == 3
    assert "left out" in capsys.readouterr().err
    res = json.loads(out.read_text(encoding="utf-8"))
    assert list(res["documents"]) == ["fruit.pdf"] and len(res["golden"]["problems"]) == 1
