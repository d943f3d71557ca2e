"""Comparing two evaluation results: side-by-side metrics, changed documents and cells."""

from __future__ import annotations

from inspector.evaluation import baseline


def _doc(f1: float, tables: list[tuple[list[float], list[list[str]]]]) -> dict:
    return {"adjacency": {"f1": f1, "precision": f1, "recall": f1},
            "ms_per_page": {"median": 10.0},
            "page_results": [{"page": 1, "output": [{"bbox": b, "rows": rows} for b, rows in tables]}]}


def _result(docs: dict, golden_hash: str = "h1") -> dict:
    return {"golden": {"hash": golden_hash}, "overall": {"adjacency": {"f1": 0.5}}, "documents": docs}


BOX_A = [0.0, 0.0, 100.0, 50.0]
BOX_B = [0.0, 200.0, 100.0, 250.0]


def test_identical_runs_change_nothing() -> None:
    r = _result({"a.pdf": _doc(0.9, [(BOX_A, [["x", "1"]])]), "b.pdf": _doc(1.0, [])})
    cmp = baseline.compare(r, r)
    assert cmp.changed == () and cmp.cells == () and cmp.unchanged == 2 and cmp.same_golden


def test_changed_cells_and_metrics_are_listed() -> None:
    old = _result({"a.pdf": _doc(0.9, [(BOX_A, [["x", "1"], ["y", "2"]])]), "b.pdf": _doc(1.0, [])})
    new = _result({"a.pdf": _doc(0.95, [(BOX_A, [["x", "1"], ["y", "3"]])]), "b.pdf": _doc(1.0, [])})
    cmp = baseline.compare(old, new)
    assert cmp.unchanged == 1
    assert [d for d, _ in cmp.changed] == ["a.pdf"]
    moved = dict((label, (a, b)) for label, a, b in cmp.changed[0][1])
    assert moved["adjacency F1"] == (0.9, 0.95)
    assert [(c.r, c.c, c.old, c.new) for c in cmp.cells] == [(1, 1, "2", "3")]


def test_timing_alone_does_not_make_a_document_changed() -> None:
    old = _result({"a.pdf": _doc(0.9, [(BOX_A, [["x"]])])})
    new = _result({"a.pdf": _doc(0.9, [(BOX_A, [["x"]])])})
    new["documents"]["a.pdf"]["ms_per_page"]["median"] = 99.0
    assert baseline.compare(old, new).unchanged == 1


def test_an_added_table_does_not_shift_the_others() -> None:
    # The new run finds an extra table first; the old table is paired by its box, so only the
    # added table's cells are changes (from "").
    old = _result({"a.pdf": _doc(0.9, [(BOX_B, [["k", "v"]])])})
    new = _result({"a.pdf": _doc(0.9, [(BOX_A, [["new"]]), (BOX_B, [["k", "v"]])])})
    cmp = baseline.compare(old, new)
    assert [(c.table, c.old, c.new) for c in cmp.cells] == [(0, "", "new")]


def test_documents_only_in_one_run_are_changed_and_other_golden_sets_flagged() -> None:
    old = _result({"a.pdf": _doc(0.9, [])}, golden_hash="h1")
    new = _result({"a.pdf": _doc(0.9, []), "c.pdf": _doc(0.5, [(BOX_A, [["z"]])])}, golden_hash="h2")
    cmp = baseline.compare(old, new)
    assert [d for d, _ in cmp.changed] == ["c.pdf"] and not cmp.same_golden
    text = baseline.text_report(cmp, "old.json", max_cells=0)
    assert "WARNING" in text and "... 1 more" in text
    as_json = baseline.as_dict(cmp, "old.json")
    assert as_json["unchanged_documents"] == 1 and as_json["cells"][0]["new"] == "z"


def test_unused_rules_are_compared_by_kind() -> None:
    """A run that loses a table moves "other"; one that calls a grid a form moves "form box":
    the comparison says which, not only that the total moved."""
    def kinds(other: int, form: int) -> dict:
        return {"unused_rules": other + form, "unused_rule_kinds": {
            "furniture": 0, "underline": 0, "check_box": 0, "form_box": form, "other": other}}
    old = _result({"a.pdf": {**_doc(0.9, []), "defects": kinds(2, 4)}})
    new = _result({"a.pdf": {**_doc(0.9, []), "defects": kinds(6, 4)}})
    old["overall"]["defects"], new["overall"]["defects"] = kinds(2, 4), kinds(6, 4)
    cmp = baseline.compare(old, new)
    overall = {label: (a, b) for label, a, b in cmp.overall}
    assert overall["unused other"] == (2, 6) and overall["unused form box"] == (4, 4)
    moved = dict((label, (a, b)) for label, a, b in cmp.changed[0][1])
    assert set(moved) == {"unused rules", "unused other"}
    assert "unused other" in baseline.text_report(cmp, "old.json")


def test_a_result_written_before_the_split_shows_no_kinds() -> None:
    old = _result({"a.pdf": _doc(0.9, [])})
    old["overall"]["defects"] = {"unused_rules": 3}  # no unused_rule_kinds in an older result
    overall = {label: (a, b) for label, a, b in baseline.compare(old, old).overall}
    assert overall["unused other"] == (None, None) and overall["unused rules"] == (3, 3)
