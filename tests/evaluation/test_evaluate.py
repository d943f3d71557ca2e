"""The page runner and scoring: synthetic corpora built here, plus the real corpus when present."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest
from eval_builders import table, write_corpus

from inspector.core.params import Params
from inspector.evaluation import evaluate, summary
from inspector.extractors import peers

FRUIT = [["Fruit", "Qty", "Price"], ["Apple", "12", "0.50"], ["Pear", "7", "0.65"]]


def _page(table, *alternatives) -> evaluate.GoldenPage:
    return evaluate.GoldenPage("doc", "", 1, (table,), ("t1",), alternatives=(tuple(alternatives),))


def test_score_page_perfect_and_missed() -> None:
    g = table(FRUIT)
    perfect = evaluate.score_page(_page(g), [g])
    s = perfect.tables[0]
    assert s.matched == 0 and s.iou == 1.0 and s.teds == 1.0 and s.adjacency.f1 == 1.0
    assert s.retention.value == 1.0 and s.row_integrity.value == 1.0 and s.pairing.value == 1.0
    missed = evaluate.score_page(_page(g), [])
    m = missed.tables[0]
    assert m.matched is None and m.teds == 0.0 and m.adjacency.recall == 0.0
    assert m.retention.value == 0.0 and missed.detection.recall == 0.0


def test_alternative_annotation_is_used_when_it_agrees_better() -> None:
    primary = table(FRUIT)
    alt = table([["Fruit", "Qty and price", ""], ["Apple", "12 0.50", ""], ["Pear", "7 0.65", ""]])
    output = [dataclasses.replace(alt)]
    page = evaluate.score_page(_page(primary, alt), output)
    assert page.tables[0].adjacency.f1 == 1.0
    assert page.tables[0].retention.value == 1.0
    # Without the alternative, the same output is scored against the primary only.
    assert evaluate.score_page(_page(primary), output).tables[0].adjacency.f1 < 1.0


def _corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus", {
        "good": (FRUIT, FRUIT),
        # The PDF's "Pear" row says 8 where the truth says 7.
        "typo": (FRUIT[:2] + [["Pear", "8", "0.65"]], FRUIT),
    })


def _without_timing(res: dict) -> dict:
    res = dict(res)
    res["overall"] = {k: v for k, v in res["overall"].items() if k != "ms_per_page"}
    res["documents"] = {name: {k: v for k, v in doc.items() if k not in ("ms_per_page", "page_results")}
                        | {"page_results": [{k: v for k, v in p.items() if k != "ms"} for p in doc["page_results"]]}
                        for name, doc in res["documents"].items()}
    return res


def test_run_is_the_same_whatever_jobs(tmp_path: Path) -> None:
    source = evaluate.load_source(_corpus(tmp_path))
    assert [gp.doc for gp in source.pages] == ["pdfs/good.pdf", "pdfs/typo.pdf"]
    one = evaluate.run(source, "pymupdf", jobs=1)
    two = evaluate.run(source, "pymupdf", jobs=2)
    r1 = summary.result(source, "pymupdf", Params(), one)
    r2 = summary.result(source, "pymupdf", Params(), two)
    assert _without_timing(r1) == _without_timing(r2)
    docs = r1["documents"]
    assert docs["pdfs/good.pdf"]["cell_retention"]["value"] == 1.0
    typo = docs["pdfs/typo.pdf"]
    assert typo["cell_retention"] == {"value": pytest.approx(8 / 9, abs=1e-6), "hit": 8, "total": 9}
    assert typo["adjacency"]["f1"] < 1.0
    assert r1["golden"]["hash"] and r1["overall"]["pages"] == 2


def _failing(path: str, page_index: int, params: Params):
    raise RuntimeError("the extractor broke\nsecond line")


def _slow(path: str, page_index: int, params: Params):
    time.sleep(5)
    return ()


def test_failures_and_timeouts_are_recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(peers.EXTRACTORS, "broken", _failing)
    monkeypatch.setitem(peers.EXTRACTORS, "slow", _slow)
    source = evaluate.load_source(_corpus(tmp_path))
    broken = evaluate.run(source, "broken")
    assert [o.status for o in broken] == ["failed", "failed"]
    assert broken[0].error == "RuntimeError: the extractor broke"
    # A failed page counts as nothing found: its golden tables are missed.
    assert broken[0].scores.tables[0].adjacency.recall == 0.0
    slow = evaluate.run(source, "slow", timeout=0.2)
    assert [o.status for o in slow] == ["timeout", "timeout"]
    res = summary.result(source, "slow", Params(), slow)
    assert res["overall"]["pages_timed_out"] == 2 and res["overall"]["pages_failed"] == 0


def test_progress_is_reported_per_page(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    evaluate.run(evaluate.load_source(_corpus(tmp_path)), "pymupdf", progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 2), (2, 2)]


def test_changed_pdf_is_refused(tmp_path: Path) -> None:
    source = evaluate.load_source(_corpus(tmp_path))
    pinned = tuple(dataclasses.replace(gp, sha256="0" * 64) if gp.doc == "pdfs/typo.pdf" else gp
                   for gp in source.pages)
    kept, refused = evaluate.verify_pdfs(dataclasses.replace(source, pages=pinned))
    assert [gp.doc for gp in kept.pages] == ["pdfs/good.pdf"]
    assert refused[0][0] == "pdfs/typo.pdf" and "does not match" in refused[0][1]


def test_unusable_sources(tmp_path: Path) -> None:
    with pytest.raises(evaluate.EvalError, match="not a folder"):
        evaluate.load_source(tmp_path / "absent")
    (tmp_path / "empty").mkdir()
    with pytest.raises(evaluate.EvalError):
        evaluate.load_source(tmp_path / "empty")


def test_golden_tables_score_perfectly_against_themselves(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real ICDAR ground truth (spans, empty cells left out, rotated pages) as its own output."""
    source = evaluate.only_documents(evaluate.load_source(corpus), ["eu-001", "eu-015", "us-031a"])
    assert source.pages
    by_page = {(gp.pdf, gp.page - 1): gp.tables for gp in source.pages}
    monkeypatch.setitem(peers.EXTRACTORS, "oracle", lambda path, i, params: by_page[(path, i)])
    res = summary.result(source, "oracle", Params(), evaluate.run(source, "oracle"))
    o = res["overall"]
    assert o["adjacency"]["f1"] == 1.0 and o["teds"]["mean"] == 1.0
    assert o["cell_retention"]["value"] == 1.0 and o["row_integrity"]["value"] == 1.0
    assert o["label_number_pairing"]["value"] in (1.0, None)
    assert o["detection"]["recall"] == 1.0 and o["detection"]["precision"] == 1.0
