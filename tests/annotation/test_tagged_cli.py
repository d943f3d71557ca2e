"""``golden import-tagged`` and ``detect --json``'s tagged-table count, as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from inspector.annotation.goldenset import check_golden_set, load_golden_set
from inspector.cli import main
from tests.annotation.tagged_pdfs import C, Row, tagged_pdf
from tests.annotation.test_tagged import BODY, HEAD
from tests.core import pdfs


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_tagged_writes_a_golden_set_and_reports_fixes(capsys, tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.pdf").write_bytes(tagged_pdf([[HEAD, *BODY]]))
    short = [Row([C("A", 50, 40), C("B", 150, 40), C("C", 250, 40)]), Row([C("1", 50, 60), C("2", 150, 60)])]
    (tmp_path / "b.pdf").write_bytes(tagged_pdf([short]))
    (tmp_path / "plain.pdf").write_bytes(pdfs.two_tables()[0])
    out_dir = tmp_path / "golden"
    code, out, err = _run(capsys, "golden", "import-tagged", str(tmp_path / "in"), str(tmp_path / "b.pdf"),
                          str(tmp_path / "plain.pdf"), "-o", str(out_dir))
    assert code == 3  # the untagged file is refused, the others imported
    assert "plain.pdf" in err and "not tagged" in err
    assert "imported 2 of 3 tagged PDFs (2 tables" in out
    assert "corrected: b.pdf table 1: 1 grid slot(s) had no tagged cell" in out
    assert check_golden_set(out_dir) == []
    gs = load_golden_set(out_dir)
    tables = [t for e in gs.entries for t in e.annotation.tables]
    assert {t.source for t in tables} == {"tags"} and not any(t.verified for t in tables)


def test_detect_json_says_which_pages_have_tagged_tables(capsys, tmp_path: Path) -> None:
    path = tmp_path / "t.pdf"
    rows = [HEAD, *BODY, Row([C("West", 50, 40, page=2), C("8", 150, 40, page=2), C("1", 250, 40, page=2)])]
    path.write_bytes(tagged_pdf([rows], pages=3))
    code, out, _ = _run(capsys, "detect", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["tagged"] is True
    assert [p["tagged_tables"] for p in data["pages"]] == [1, 0, 1]
    plain = tmp_path / "plain.pdf"
    plain.write_bytes(pdfs.two_tables()[0])
    _, out, _ = _run(capsys, "detect", str(plain), "--json")
    data = json.loads(out)
    assert data["tagged"] is False and data["pages"][0]["tagged_tables"] == 0
