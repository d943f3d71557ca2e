"""``table-inspector scan``: rows per document, page and table; resume; bad files; report."""

from __future__ import annotations

import csv
import io
import os
import sqlite3
from pathlib import Path

from inspector.cli import main
from inspector.core.params import Params
from inspector.triage import report, runner
from inspector.triage.store import Store
from inspector.triage.work import scan_document


def _rows(db: Path, sql: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return list(con.execute(sql))
    finally:
        con.close()


def test_scan_document_counts_the_built_defects(scan_corpus) -> None:
    _, files = scan_corpus
    clean, broken = scan_document(str(files["clean"])), scan_document(str(files["broken"]))
    assert clean.status == broken.status == "ok"
    assert [(t.n_rows, t.n_cols, t.defects) for t in clean.tables] == [(4, 3, 0)]
    (t,) = broken.tables
    assert (t.n_rows, t.n_cols, t.broken_numbers, t.ragged_rows, t.sparse_columns) == (5, 3, 1, 1, 0)
    assert t.details[0] == "broken_number: row 3, column 2: merged: 12.3 45.6"
    assert t.suspicion > clean.tables[0].suspicion == 0.0


def test_a_file_that_is_not_a_pdf_is_a_row_with_its_reason(scan_corpus) -> None:
    _, files = scan_corpus
    bad = scan_document(str(files["bad"]))
    assert bad.status == "failed" and bad.pages == () and "not a PDF" in bad.error
    assert not bad.error.startswith(str(files["bad"]))  # the path is in its own column


def test_scan_writes_one_row_per_document_page_and_table(scan_corpus, tmp_path, capsys) -> None:
    root, files = scan_corpus
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db)]) == 0
    assert "scanned 3 document(s), 2 page(s); 1 could not be read" in capsys.readouterr().err
    docs = dict(_rows(db, "SELECT path, status FROM documents"))
    assert docs == {str(files["clean"]): "ok", str(files["broken"]): "ok", str(files["bad"]): "failed"}
    assert _rows(db, "SELECT COUNT(*) FROM pages") == [(2,)]
    assert sorted(_rows(db, "SELECT broken_numbers, ragged_rows, cells FROM tables")) == [(0, 0, 12), (1, 1, 15)]
    sha = _rows(db, f"SELECT sha256 FROM documents WHERE path = '{files['clean']}'")[0][0]
    assert len(sha) == 64 and _rows(db, "SELECT DISTINCT params FROM documents")[0][0] == Params().dumps()


def test_rerun_skips_what_is_done_and_rescans_a_changed_file(scan_corpus, tmp_path, capsys) -> None:
    root, files = scan_corpus
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db)]) == 0
    capsys.readouterr()
    assert main(["scan", str(root), "-o", str(db)]) == 0
    assert "scanned 0 document(s)" in capsys.readouterr().err
    files["clean"].write_bytes(files["broken"].read_bytes())  # new content at the same path
    os.utime(files["broken"], ns=(1, 1))  # touched only: same bytes, so not scanned again
    assert main(["scan", str(root), "-o", str(db)]) == 0
    assert "scanned 1 document(s)" in capsys.readouterr().err
    assert _rows(db, "SELECT COUNT(*) FROM documents") == [(3,)]
    assert sorted(_rows(db, "SELECT broken_numbers FROM tables")) == [(1,), (1,)]


def test_other_parameters_are_a_separate_scan(scan_corpus, tmp_path) -> None:
    root, _ = scan_corpus
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db), "--quiet"]) == 0
    assert main(["scan", str(root), "-o", str(db), "--quiet", "--set", "columns.min_gap=9"]) == 0
    assert _rows(db, "SELECT COUNT(DISTINCT params_hash), COUNT(*) FROM documents") == [(2, 6)]


def test_jobs_give_the_same_rows_as_one_process(tmp_path) -> None:
    from scan_builders import build_corpus

    root = tmp_path / "pdfs"
    build_corpus(root, copies=6)
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    assert main(["scan", str(root), "-o", str(one)]) == 0
    assert main(["scan", str(root), "-o", str(two), "--jobs", "2"]) == 0
    assert table_rows(one) == table_rows(two) and len(table_rows(one)) == 9  # 8 tables + the bad file


def table_rows(db: Path) -> list[tuple]:
    """Every stored fact that does not depend on timing, in a stable order."""
    return sorted(_rows(db, "SELECT d.path, d.sha256, d.status, d.error, t.page, t.idx, t.x0, t.y0, t.x1, t.y1,"
                            " t.n_rows, t.n_cols, t.cells, t.broken_numbers, t.ragged_rows, t.sparse_columns,"
                            " t.low_confidence, t.suspicion, t.details FROM documents d"
                            " LEFT JOIN tables t ON t.doc_id = d.id"), key=repr)


def test_missing_inputs_are_named_and_nothing_found_is_an_error(tmp_path, capsys) -> None:
    assert main(["scan", str(tmp_path / "nowhere"), "-o", str(tmp_path / "r.sqlite")]) == 3
    err = capsys.readouterr().err
    assert "nowhere: no such file or folder" in err and "nothing to scan" in err


def test_a_file_that_is_not_a_results_file_is_refused(tmp_path, capsys) -> None:
    bogus = tmp_path / "r.sqlite"
    bogus.write_bytes(b"%PDF-1.7 not a database" * 100)
    assert main(["scan", "report", str(bogus)]) == 3
    assert "not a scan results file" in capsys.readouterr().err


def test_report_ranks_the_broken_table_first_in_every_format(scan_corpus, tmp_path, capsys) -> None:
    root, files = scan_corpus
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["scan", "report", str(db)]) == 0
    md = capsys.readouterr().out
    assert "| broken numbers | 1 |" in md and "| ragged rows | 1 |" in md
    assert f"| {files['broken']} | 1 | 1 | 5 x 3 | 1 | 1 | 0 |" in md
    assert f"- {files['bad']}: the first bytes" not in md and str(files["bad"]) in md.split("## Failed")[1]
    sub = root / "sub"
    assert f"| {sub} | 1 | 1 | 15 | 2 | 13.3 |" in md
    out = tmp_path / "s.csv"
    assert main(["scan", "report", str(db), "--format", "csv", "--top", "0", "-o", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["file"] for r in rows] == [str(files["broken"])]  # clean tables have no suspicion
    assert main(["scan", "report", str(db), "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and page.count("<tr>") == page.count("</tr>")


def test_reviewed_tables_are_stored_and_can_be_left_out(scan_corpus, tmp_path) -> None:
    root, files = scan_corpus
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db), "--quiet"]) == 0
    store = Store(db)
    try:
        store.set_reviewed(str(files["broken"]), 1, 0)
        ph = report.latest_params(store)[0]
        assert [s.reviewed for s in report.suspects(store, ph)] == [True]
        assert report.suspects(store, ph, include_reviewed=False) == []
        assert [s.path for s in report.suspects(store, ph, defect="ragged_rows")] == [str(files["broken"])]
        assert report.suspects(store, ph, defect="sparse_columns") == []
    finally:
        store.close()


def test_plan_counts_globs_and_folders_once(scan_corpus, tmp_path) -> None:
    root, files = scan_corpus
    store = Store(tmp_path / "r.sqlite")
    try:
        work = runner.plan([str(root), str(root / "**" / "*.pdf"), str(files["clean"])], store, "x")
        assert sorted(work.todo) == sorted(str(f) for f in files.values()) and work.missing == ()
    finally:
        store.close()
