"""``table-inspector golden``: import/export ICDAR, init from detection, check."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from inspector.annotation.goldenset import load_golden_set
from inspector.annotation.io import annotation_path_for, load_annotation
from inspector.cli import main
from inspector.core.params import Params


def _ruled_pdf(path: Path) -> Path:
    """A 3x3 ruled table with text at known places."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    xs, ys = (50, 150, 250, 350), (50, 80, 110, 140)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=1)
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=1)
    texts = [["Item", "Q1", "Q2"], ["Apples", "10", "12"], ["Total", "10", "12"]]
    for r, row in enumerate(texts):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 5, ys[r] + 20), text, fontsize=10)
    doc.save(path)
    return path


def test_init_writes_an_annotation_and_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    pdf = _ruled_pdf(tmp_path / "t.pdf")
    assert main(["golden", "init", str(pdf)]) == 0
    ann = load_annotation(annotation_path_for(pdf))
    assert ann.file_name == "t.pdf" and len(ann.tables) == 1
    reg = ann.tables[0].regions[0]
    assert (reg.n_rows, reg.n_cols) == (3, 3) and reg.cell_at(1, 0).text == "Apples"
    assert reg.row_roles[2] == "total"
    assert dict(ann.tables[0].params)["columns.min_gap"] == Params().columns.min_gap
    before = annotation_path_for(pdf).read_bytes()
    assert main(["golden", "init", str(pdf)]) == 2
    assert "use --force" in capsys.readouterr().err
    assert annotation_path_for(pdf).read_bytes() == before
    assert main(["golden", "init", str(pdf), "--force", "--set", "tables.min_rows=3"]) == 0
    assert dict(load_annotation(annotation_path_for(pdf)).tables[0].params)["tables.min_rows"] == 3


def test_init_on_unreadable_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf at all")
    assert main(["golden", "init", str(bad)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not annotation_path_for(bad).exists()


def test_check_reports_problems_with_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["golden", "check", str(tmp_path)]) == 3
    assert "not a golden set" in capsys.readouterr().out
    assert main(["golden", "import-icdar", str(tmp_path), "-o", str(tmp_path / "g")]) == 3
    assert main(["golden"]) == 2


def test_icdar_import_check_export_reimport(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    golden, out, again = tmp_path / "golden", tmp_path / "xml", tmp_path / "again"
    assert main(["golden", "import-icdar", str(corpus / "pdfs" / "icdar2013"), "-o", str(golden)]) == 0
    text = capsys.readouterr().out
    assert "imported 36 of 36 documents (88 tables" in text
    assert "skipped second annotations (use --alternates): eu-009b, us-011b, us-031b, us-035b" in text
    assert "'5 years': y1=589 > y2=498" in text
    assert main(["golden", "check", str(golden)]) == 0
    assert main(["golden", "export-icdar", str(golden), "-o", str(out), "--copy-pdfs"]) == 0
    assert len(list(out.glob("*-str.xml"))) == 36 and len(list(out.glob("*.pdf"))) == 36
    assert main(["golden", "import-icdar", str(out), "-o", str(again)]) == 0
    first = {e.file_name: e.annotation.tables for e in load_golden_set(golden).entries}
    second = {e.file_name: e.annotation.tables for e in load_golden_set(again).entries}
    assert first == second
    broken = golden / "eu-001.pdf.tables.json"
    data = json.loads(broken.read_text(encoding="utf-8"))
    del data["tables"][2]["regions"][0]["ys"]
    broken.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main(["golden", "check", str(golden)]) == 3
    assert "tables[2] (id 't3'): regions[0]: missing key 'ys'" in capsys.readouterr().out


def test_icdar_import_with_alternates(corpus: Path, tmp_path: Path) -> None:
    src = corpus / "pdfs" / "icdar2013" / "competition-dataset-eu"
    assert main(["golden", "import-icdar", str(src), "-o", str(tmp_path), "--alternates"]) == 0
    names = {e.annotation_path.name: e for e in load_golden_set(tmp_path).entries}
    assert "eu-009b.tables.json" in names and "eu-009a.pdf.tables.json" in names
    assert names["eu-009b.tables.json"].file_name == "eu-009a.pdf"
    assert names["eu-009b.tables.json"].annotation.tables != names["eu-009a.pdf.tables.json"].annotation.tables
