"""The shared corpus builder (corpus/common.py), run on the HTML corpus's parts (PyMuPDF only):
every style in the plan, one generator per document, the same corpus from the same seed."""

from __future__ import annotations

import json
import random
from pathlib import Path

from corpus import common
from corpus.html.build import build
from corpus.html.styles import STYLES
from inspector.annotation.goldenset import check_golden_set, load_golden_set


def test_plan_holds_each_style_per_style_times_in_documents_of_per_doc() -> None:
    groups = common.plan(random.Random(3), ["a", "b", "c"], 3, per_doc=4)
    assert [len(g) for g in groups] == [4, 4, 1]
    assert sorted(s for g in groups for s in g) == ["a"] * 3 + ["b"] * 3 + ["c"] * 3
    assert groups == common.plan(random.Random(3), ["a", "b", "c"], 3, per_doc=4)


def _truth(out: Path) -> list[str]:
    """Each annotation file as written, less the PDF's hash (Story's files get a new id each time)."""
    texts = []
    for p in sorted((out / "golden").glob("*.tables.json")):
        ann = json.loads(p.read_text())
        del ann["document"]["sha256"]
        texts.append(json.dumps(ann, sort_keys=True))
    return texts


def test_a_corpus_built_twice_from_one_seed_is_the_same_and_sound(tmp_path: Path, capsys) -> None:
    (tmp_path / "a" / "pdfs").mkdir(parents=True)
    (tmp_path / "a" / "pdfs" / "stale.pdf").write_bytes(b"%PDF-1.4")  # emptied first
    assert common.main(["--seed", "7", "--per-style", "1", "--out", str(tmp_path / "a")], "doc", build, 13, 10,
                       tmp_path) == 0
    assert f"built 3 PDFs with {len(STYLES)} tables" in capsys.readouterr().out
    build(tmp_path / "b", 7, 1)
    assert check_golden_set(tmp_path / "a" / "golden") == []
    assert sorted(p.name for p in (tmp_path / "a" / "pdfs").iterdir()) == ["html-001.pdf", "html-002.pdf", "html-003.pdf"]
    styles = json.loads((tmp_path / "a" / "styles.json").read_text())
    assert styles == json.loads((tmp_path / "b" / "styles.json").read_text())
    named = [t["style"] for doc in styles["documents"].values() for t in doc.values()]
    assert sorted(named) == sorted(STYLES)
    assert _truth(tmp_path / "a") == _truth(tmp_path / "b")
    tables = sum(len(e.annotation.tables) for e in load_golden_set(tmp_path / "a" / "golden").entries)
    assert tables == len(STYLES)
    build(tmp_path / "c", 8, 1)  # another seed, another corpus
    assert _truth(tmp_path / "c") != _truth(tmp_path / "a")
