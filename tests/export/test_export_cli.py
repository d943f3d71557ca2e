"""``table-inspector export``: sources, outputs, atomic writes and one-line errors."""

from __future__ import annotations

import csv as stdcsv
import errno
import io
import json
from pathlib import Path

import pytest

from inspector.annotation.io import annotation_path_for, save_annotation, sha256_of
from inspector.annotation.model import AnnCell, AnnTable, DocumentAnnotation, Region
from inspector.cli import main
from inspector.core.types import Rect
from tests.core import pdfs


@pytest.fixture()
def accounts_pdf(tmp_path: Path) -> tuple[Path, tuple[tuple[str, ...], ...]]:
    data, exp = pdfs.negatives()
    path = tmp_path / "accounts.pdf"
    path.write_bytes(data)
    return path, exp.tables[0].rows


@pytest.fixture()
def two_tables_pdf(tmp_path: Path) -> Path:
    data, _ = pdfs.two_tables()
    path = tmp_path / "two.pdf"
    path.write_bytes(data)
    return path


def _csv(text: str) -> list[list[str]]:
    return list(stdcsv.reader(io.StringIO(text, newline="")))


def test_csv_to_stdout_from_detection(accounts_pdf, capsysbinary) -> None:
    pdf, rows = accounts_pdf
    assert main(["export", str(pdf), "--format", "csv", "--from", "detection"]) == 0
    out = capsysbinary.readouterr().out.decode("utf-8")
    assert "\r\n" in out and "\n" not in out.replace("\r\n", "")
    assert _csv(out) == [list(r) for r in rows]


def test_file_output_is_written_and_reported(accounts_pdf, tmp_path, capsys) -> None:
    pdf, rows = accounts_pdf
    out = tmp_path / "accounts.jsonl"
    assert main(["export", str(pdf), "-f", "cells", "-o", str(out)]) == 0
    assert "1 table(s) from detection" in capsys.readouterr().err
    records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    neg = {(r["row_header"], r["column_header"]): r["value"] for r in records}
    assert neg[("Cost of sales", "2024")] == -8120 and neg[("Exchange loss", "2024")] == -1234
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_folder_output_has_one_file_per_table(two_tables_pdf, tmp_path) -> None:
    folder = tmp_path / "out"
    assert main(["export", str(two_tables_pdf), "-f", "csv", "-o", f"{folder}/"]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["two-p1-t1.csv", "two-p1-t2.csv"]
    assert _csv((folder / "two-p1-t2.csv").read_bytes().decode("utf-8"))[0] == ["Account", "2024", "2025"]


def test_several_tables_in_one_text(two_tables_pdf, capsys) -> None:
    assert main(["export", str(two_tables_pdf), "-f", "md"]) == 0
    out = capsys.readouterr().out
    assert out.index("## Table 1 (page 1)") < out.index("## Table 2 (page 1)")
    assert main(["export", str(two_tables_pdf), "-f", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["table"] for d in data] == [1, 2] and data[1]["rows"][0]["Account"] == "Revenue"


def test_markdown_chunks(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    assert main(["export", str(pdf), "-f", "md", "--chunk-rows", "3"]) == 0
    out = capsys.readouterr().out
    assert "part 1 of 2" in out and "part 2 of 2" in out
    assert out.count("| Account | 2024 | 2025 |") == 2


def test_full_disk_keeps_the_previous_file(accounts_pdf, tmp_path, monkeypatch, capsys) -> None:
    pdf, _ = accounts_pdf
    out = tmp_path / "keep.md"
    out.write_text("previous work\n", encoding="utf-8")

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("inspector.atomic.os.fsync", full)
    assert main(["export", str(pdf), "-f", "md", "-o", str(out)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err and "Traceback" not in err
    assert out.read_text(encoding="utf-8") == "previous work\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["accounts.pdf", "keep.md"]


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["--pages", "9"], 2, "the document has 1 page"),
    (["--chunk-rows", "0"], 2, "--chunk-rows 0"),
    (["-o", "/nonexistent-dir/x.md"], 3, "cannot write /nonexistent-dir/x.md"),
])
def test_bad_requests_get_one_line(accounts_pdf, capsys, argv, code, message) -> None:
    pdf, _ = accounts_pdf
    assert main(["export", str(pdf), "-f", "md", *argv]) == code
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_unreadable_input_exits_3(tmp_path, capsys) -> None:
    bad = tmp_path / "not.pdf"
    bad.write_text("hello", encoding="utf-8")
    assert main(["export", str(bad), "-f", "csv"]) == 3
    assert capsys.readouterr().err.count("\n") == 1


def _annotate(pdf: Path, regions: tuple[Region, ...], sha: str | None = None, header_rows: int = 1) -> Path:
    """Save a real annotation beside ``pdf`` (with its true hash unless ``sha`` is given)."""
    table = AnnTable("t1", regions, header_rows=header_rows, title="Corrected")
    ann = DocumentAnnotation(sha or sha256_of(pdf), pdf.name, tables=(table,))
    path = annotation_path_for(pdf)
    save_annotation(ann, path)
    return path


def _region(page: int, rows: list[tuple[str, str]], roles: tuple[str, ...] = ()) -> Region:
    cells = tuple(AnnCell(r, c, text=t) for r, row in enumerate(rows) for c, t in enumerate(row))
    ys = tuple(20.0 * i for i in range(len(rows) + 1))
    return Region(page, Rect(0, 0, 100, ys[-1]), (0.0, 50.0, 100.0), ys, cells, roles)


def test_annotation_wins_in_auto_and_overrides_are_used(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    region = _region(1, [("Item", "Amount"), ("Fixed", "(1,234)")])
    fixed = AnnCell(1, 1, text="(1,234)", override="(1,243)")
    region = Region(region.page, region.bbox, region.xs, region.ys, (*region.cells[:3], fixed))
    _annotate(pdf, (region,))
    assert main(["export", str(pdf), "-f", "csv"]) == 0
    assert _csv(capsys.readouterr().out) == [["Item", "Amount"], ["Fixed", "(1,243)"]]
    assert main(["export", str(pdf), "-f", "csv", "--from", "detection"]) == 0
    assert _csv(capsys.readouterr().out)[0] == ["Account", "2024", "2025"]


def test_annotation_tables_are_filtered_by_page(tmp_path, capsys) -> None:
    data, _ = pdfs.two_page_table()
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(data)
    _annotate(pdf, (_region(2, [("Fruit", "Qty"), ("Fig", "16")]),))
    assert main(["export", str(pdf), "-f", "json", "--pages", "1", "--from", "annotation"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert main(["export", str(pdf), "-f", "json", "--pages", "2", "--from", "annotation"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["rows"] == [{"Fruit": "Fig", "Qty": "16"}]


def test_a_table_continued_over_pages_exports_as_one(tmp_path, capsys) -> None:
    data, _ = pdfs.two_page_table()
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(data)
    first = _region(1, [("Fruit", "Qty"), ("Apple", "12")], ("header", "data"))
    second = _region(2, [("Fruit", "Qty"), ("Fig", "16")], ("header", "data"))
    _annotate(pdf, (first, second))
    assert main(["export", str(pdf), "-f", "csv"]) == 0
    assert _csv(capsys.readouterr().out) == [["Fruit", "Qty"], ["Apple", "12"], ["Fig", "16"]]


def test_missing_annotation_falls_back_or_fails(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    assert main(["export", str(pdf), "-f", "csv"]) == 0
    assert _csv(capsys.readouterr().out)[0] == ["Account", "2024", "2025"]
    assert main(["export", str(pdf), "-f", "csv", "--from", "annotation"]) == 3
    assert "no annotation found" in capsys.readouterr().err


def test_a_broken_annotation_stops_auto_with_one_line(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    annotation_path_for(pdf).write_text('{"schema_version": 2}', encoding="utf-8")
    assert main(["export", str(pdf), "-f", "csv"]) == 3
    err = capsys.readouterr().err
    assert "--from detection" in err and err.count("\n") == 1
    assert main(["export", str(pdf), "-f", "csv", "--from", "detection"]) == 0


def test_an_annotation_of_other_pdf_bytes_is_not_used_silently(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    _annotate(pdf, (_region(1, [("Item", "Amount"), ("Fixed", "1")]),), sha="f" * 64)
    assert main(["export", str(pdf), "-f", "md"]) == 3
    err = capsys.readouterr().err
    assert "re-attach" in err and err.count("\n") == 1 and capsys.readouterr().out == ""


def test_never_overwrites_the_pdf_or_an_annotation(accounts_pdf, tmp_path, capsys) -> None:
    pdf, _ = accounts_pdf
    before = pdf.read_bytes()
    assert main(["export", str(pdf), "-f", "md", "-o", str(pdf)]) == 2
    assert "input file" in capsys.readouterr().err and pdf.read_bytes() == before
    ann = tmp_path / "accounts.pdf.tables.json"
    ann.write_text("{}", encoding="utf-8")
    assert main(["export", str(pdf), "-f", "json", "-o", str(ann)]) == 2
    assert ann.read_text(encoding="utf-8") == "{}"


def test_detected_rows_get_suggested_roles(tmp_path, capsys) -> None:
    from resources.make_samples import A4, TableStyle, draw_table, finish, new_document

    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    rows = [("Item", "Cost"), ("Rent", "1,200"), ("Power", "300"), ("Total", "1,500")]
    draw_table(page, 72, 100, rows, TableStyle(), header_rows=1)
    pdf = tmp_path / "costs.pdf"
    pdf.write_bytes(finish(doc))
    assert main(["export", str(pdf), "-f", "cells"]) == 0
    roles = {json.loads(x)["row_header"]: json.loads(x)["row_role"] for x in capsys.readouterr().out.splitlines()}
    assert roles == {"Rent": "data", "Power": "data", "Total": "total"}


def test_format_from_the_output_suffix(accounts_pdf, tmp_path, capsys) -> None:
    pdf, rows = accounts_pdf
    out = tmp_path / "a.CSV"
    assert main(["export", str(pdf), "-o", str(out)]) == 0
    assert _csv(out.read_bytes().decode("utf-8")) == [list(r) for r in rows]
    assert main(["export", str(pdf)]) == 2
    assert "--format is required" in capsys.readouterr().err


def test_decimal_option_for_cell_records(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    assert main(["export", str(pdf), "-f", "cells", "--decimal", "comma"]) == 0
    values = {json.loads(x)["text"]: json.loads(x)["value"] for x in capsys.readouterr().out.splitlines()}
    assert values["12,400"] == 12.4 and values["(1,234)"] == -1.234
    assert main(["export", str(pdf), "-f", "cells"]) == 0
    values = {json.loads(x)["text"]: json.loads(x)["value"] for x in capsys.readouterr().out.splitlines()}
    assert values["12,400"] == 12400


def test_annotation_roles_title_footnote_reach_every_cli_format(accounts_pdf, capsys) -> None:
    pdf, _ = accounts_pdf
    region = _region(1, [("Item", "Cost"), ("Home", ""), ("Rent", "1,200"), ("Total", "1,200")],
                     ("header", "section", "data", "total"))
    table = AnnTable("t1", (region,), header_rows=1, header_cols=1, title="Costs", footnote="In EUR")
    save_annotation(DocumentAnnotation(sha256_of(pdf), pdf.name, tables=(table,)), annotation_path_for(pdf))
    assert main(["export", str(pdf), "-f", "csv", "--role-column"]) == 0
    assert capsys.readouterr().out.split("\r\n")[:4] == ["header,Item,Cost", "section,Home,", "data,Rent,\"1,200\"",
                                                       "total,Total,\"1,200\""]
    assert main(["export", str(pdf), "-f", "json", "--role-column"]) == 0
    obj = json.loads(capsys.readouterr().out)[0]
    assert (obj["title"], obj["footnote"], obj["row_roles"]) == ("Costs", "In EUR", ["section", "data", "total"])
    assert obj["rows"][2] == {"Item": "Total", "Cost": "1,200", "row_role": "total"}
    assert main(["export", str(pdf), "-f", "md"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("## Table 1 (page 1): Costs\n") and "| **Home** |  |" in md and md.endswith("\nIn EUR\n")
    assert main(["export", str(pdf), "-f", "cells"]) == 0
    rec = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (rec["row_header"], rec["column_header"], rec["row_role"], rec["section"], rec["title"]) == (
        "Total", "Cost", "total", "Home", "Costs")
    assert main(["export", str(pdf), "-f", "html"]) == 0
    html = capsys.readouterr().out
    assert "<caption>Costs</caption>" in html and '<tr class="total"><th scope="row">Total</th>' in html
