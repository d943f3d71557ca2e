"""The wild set's scorer (benchmarks/score_wild.py) on a set built here, its sources kept apart
from the hold-out's, and the fetched set's integrity (skipped when ``make corpus-wild`` has not run)."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest
from eval_builders import ruled_pdf

from corpus.holdout import fetch as holdout
from corpus.wild.fetch import DEST, SOURCES, held_paths, refused_hashes

ROOT = Path(__file__).resolve().parents[2]
ROWS = [["Item", "Q1", "Q2"], ["Apples", "12.5", "14.0"], ["Pears", "3.25", "4.75"], ["Plums", "100", "120"]]


def _scorer():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "benchmarks"))  # score_wild imports score_holdout beside it
    import score_wild

    return score_wild


def _entry(dest: Path, name: str, data: bytes, producer: str, pages: list[int]) -> dict[str, object]:
    (dest / name).write_bytes(data)
    return {"name": name, "sha256": hashlib.sha256(data).hexdigest(), "pages": "1", "score_pages": pages,
            "file_producer": producer, "file_creator": ""}


def test_scores_the_listed_pages_per_family_and_per_file(tmp_path: Path) -> None:
    sc = _scorer()
    manifest = [_entry(tmp_path, "a.pdf", ruled_pdf(ROWS), "Microsoft Word 2016", [1]),
                _entry(tmp_path, "b.pdf", ruled_pdf(ROWS), "Acrobat Distiller 9.0", [1]),
                _entry(tmp_path, "none.pdf", ruled_pdf(ROWS), "", [])]
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    wild = sc.load(tmp_path)
    assert [(p.doc, p.page) for p in wild.source.pages] == [("a.pdf", 1), ("b.pdf", 1)]
    per = sc.score(wild, ["inspector"], files=True)["inspector"]
    assert per[sc.FILE + "a.pdf"].as_dict()["tables_per_page"] == 1.0
    assert per["Word"].pages == per["Acrobat Distiller"].pages == 1 and per["overall"].pages == 2
    text = sc.table({"inspector": per}).replace(f"| {sc.FILE}", "| ").splitlines()
    rows = [r.split("|")[1].strip() for r in text[2:]]
    assert rows == ["Acrobat Distiller", "Word", "overall", "a.pdf", "b.pdf"]  # files after the overall row


def test_no_source_is_a_holdout_file() -> None:
    held = held_paths()
    assert not {(s.package, s.path) for s in SOURCES} & held
    assert {(s.package, Path(s.path).name) for s in SOURCES}.isdisjoint(held)
    assert {s.name for s in SOURCES}.isdisjoint({s.name for s in holdout.SOURCES})
    assert len({s.name for s in SOURCES}) == len(SOURCES)


def test_fetched_wild_set_is_intact_and_holds_no_refused_file() -> None:
    manifest = DEST / "manifest.json"
    if not manifest.is_file():
        pytest.skip("wild set not fetched (make corpus-wild)")
    entries = json.loads(manifest.read_text(encoding="utf-8"))
    hashes = {hashlib.sha256((DEST / e["name"]).read_bytes()).hexdigest() for e in entries}
    assert hashes == {e["sha256"] for e in entries}
    assert not hashes & refused_hashes()
