"""The hold-out scorer (benchmarks/score_holdout.py) on a set built here, and the fetched
set's integrity (skipped when ``make corpus-holdout`` has not run)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import pymupdf
import pytest
from eval_builders import ruled_pdf

from corpus.holdout.fetch import DEST, SOURCES, dev_hashes, expected_rows
from corpus.holdout.truth import write_expected

ROOT = Path(__file__).resolve().parents[2]
ROWS = [["Item", "Q1", "Q2"], ["Apples", "12.5", "14.0"], ["Pears", "3.25", "4.75"], ["Plums", "100", "120"]]


def _scorer():
    spec = importlib.util.spec_from_file_location("score_holdout", ROOT / "benchmarks" / "score_holdout.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["score_holdout"] = mod  # its dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


def _with_stray_rule(data: bytes) -> bytes:
    """The PDF with one long horizontal rule far below its table (a rule no table uses)."""
    doc = pymupdf.open(stream=data)
    doc[0].draw_line((60, 760), (540, 760), width=1.0)
    out = doc.tobytes()
    doc.close()
    return out


def _entry(dest: Path, name: str, data: bytes, producer: str) -> dict[str, str]:
    (dest / name).write_bytes(data)
    return {"name": name, "sha256": hashlib.sha256(data).hexdigest(), "pages": "1",
            "file_producer": producer, "file_creator": ""}


def test_scores_pinned_truth_and_truth_free_pages_per_family(tmp_path):
    sc = _scorer()
    manifest = [_entry(tmp_path, "right.pdf", ruled_pdf(ROWS), "Microsoft Word 2016"),
                _entry(tmp_path, "wrong.pdf", ruled_pdf(ROWS), "Acrobat Distiller 9.0"),
                _entry(tmp_path, "free.pdf", _with_stray_rule(ruled_pdf(ROWS)), "")]
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    truth = tmp_path / "golden-expected"
    assert write_expected(truth, tmp_path / "right.pdf", 1, ROWS, "pinned by a test") == 1
    wrong = [row[:] for row in ROWS]
    wrong[2][2] = "4.57"  # the pinned rows disagree with the page in one cell: placed, scored lower
    assert write_expected(truth, tmp_path / "wrong.pdf", 1, wrong, "pinned by a test") == 1

    holdout = sc.load(tmp_path)
    assert [(p.doc, len(p.tables)) for p in holdout.source.pages] == [("right.pdf", 1), ("wrong.pdf", 1),
                                                                      ("free.pdf", 0)]
    assert holdout.family == {"right.pdf": "Word", "wrong.pdf": "Acrobat Distiller", "free.pdf": "unknown"}
    per = sc.score(holdout, ["inspector"])["inspector"]
    assert per["Word"].as_dict()["adjacency_f1"] == 1.0
    assert per["Word"].as_dict()["cell_retention"] == 1.0
    assert 0.5 < per["Acrobat Distiller"].as_dict()["adjacency_f1"] < 1.0
    free = per["unknown"].as_dict()
    assert free["truth_pages"] == 0 and free["adjacency_f1"] is None
    assert free["tables_per_page"] == 1.0 and free["unused_rules"] == 1
    overall = per["overall"].as_dict()
    assert (overall["pages"], overall["truth_pages"], overall["truth_tables"]) == (3, 2, 2)
    assert per["overall, truth from pinned"].as_dict()["truth_tables"] == 2
    text = sc.table({"inspector": per})
    assert "| Word | inspector | 1 (1) | 1 | 100.0 | 100.0 | 100.0 | 1.00 |" in text
    assert "unused: other" not in text  # the split is asked for (--rule-kinds)
    # The stray rule is no header's, figure's, underline, check box's or form box's: "other", in the JSON and
    # in the optional columns after the total, which stays where it was.
    assert free["unused_rule_kinds"] == {"furniture": 0, "figure": 0, "underline": 0, "check_box": 0, "form_box": 0,
                                          "box": 0, "separator": 0, "other": 1}
    split = sc.table({"inspector": per}, kinds=True).splitlines()
    assert split[0].endswith("| unused rules | unused: header/footer | unused: figure | unused: underline | "
                             "unused: check box | unused: form box | unused: box/frame | unused: separator | "
                             "unused: other | failed |")
    assert len(split[1].split("|")) == len(split[0].split("|"))
    assert "| 0.00 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |" in next(row for row in split if row.startswith("| unknown |"))


def test_pinned_rows_not_on_the_page_are_left_out(tmp_path):
    (tmp_path / "a.pdf").write_bytes(ruled_pdf(ROWS))
    other = [["Nothing", "here"], ["matches", "this page"]]
    assert write_expected(tmp_path / "g", tmp_path / "a.pdf", 1, other, "") == 0
    assert not (tmp_path / "g").exists()


def test_pinned_csv_rows_keep_the_header_and_empty_cells():
    assert expected_rows('"",mpg,cyl\nMazda RX4,21.0,6\n') == [["", "mpg", "cyl"], ["Mazda RX4", "21.0", "6"]]


def test_fetched_holdout_is_disjoint_from_the_development_corpora():
    manifest = DEST / "manifest.json"
    if not manifest.is_file():
        pytest.skip("hold-out set not fetched (make corpus-holdout)")
    entries = json.loads(manifest.read_text(encoding="utf-8"))
    assert {e["name"] for e in entries} <= {s.name for s in SOURCES}
    hashes = {hashlib.sha256((DEST / e["name"]).read_bytes()).hexdigest() for e in entries}
    assert hashes == {e["sha256"] for e in entries}
    assert not hashes & dev_hashes()
    holdout = _scorer().load(DEST)
    assert {p.doc for p in holdout.source.pages} == {e["name"] for e in entries}
