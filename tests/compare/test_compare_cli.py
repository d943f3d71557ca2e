"""``table-inspector compare`` on built PDFs with files in every format, and on real peers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from inspector.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import ruled_pdf

ROWS = [["Region", "2023", "2024", "Change"], ["North", "1,200", "1,350", "12.5%"],
        ["South", "(300)", "410", "n/a"], ["East", "75", "80", "6.7%"]]


@pytest.fixture()
def pdf(tmp_path: Path) -> Path:
    p = tmp_path / "t.pdf"
    p.write_bytes(ruled_pdf(ROWS, y0=200))
    return p


def _compare(capsys, *args: str) -> dict:
    assert main(["compare", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _diffs(report: dict) -> list[tuple[str, str, str]]:
    return [(d["kind"], d["ours"], d["theirs"]) for p in report["pages"] for t in p["tables"] for d in t["differences"]]


def test_a_copy_of_the_detection_with_one_column_merged_gives_exactly_that(pdf, tmp_path, capsys) -> None:
    assert main(["detect", str(pdf), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    table = out["pages"][0]["tables"][0]
    merged = []
    for c in table["cells"]:
        if c["c"] == 2:
            continue
        if c["c"] == 1:
            right = next(x for x in table["cells"] if x["r"] == c["r"] and x["c"] == 2)
            c = {**c, "text": f"{c['text']} {right['text']}", "bbox": [*c["bbox"][:2], *right["bbox"][2:]]}
        elif c["c"] > 2:
            c = {**c, "c": c["c"] - 1}
        merged.append(c)
    table["cells"] = merged
    theirs = tmp_path / "pipeline.json"
    theirs.write_text(json.dumps(out))
    report = _compare(capsys, str(pdf), "--with", str(theirs), "--against", "detection")
    assert report["against"] == "detection"
    ((kind, ours, their),) = _diffs(report)
    assert kind == "merged_columns" and their.startswith("2023 2024 | 1,200 1,350")
    (t,) = report["pages"][0]["tables"]
    assert t["matched_to"] == 0 and t["theirs"] == 0
    cells = t["differences"][0]["cells"]
    assert {(c["r"], c["c"]) for c in cells if c["side"] == "ours"} == {(r, c) for r in range(4) for c in (1, 2)}


def test_an_unchanged_detection_has_an_empty_differences_list(pdf, tmp_path, capsys) -> None:
    assert main(["detect", str(pdf), "--json"]) == 0
    same = tmp_path / "same.json"
    same.write_text(capsys.readouterr().out)
    report = _compare(capsys, str(pdf), "--with", str(same))
    assert [t["differences"] for p in report["pages"] for t in p["tables"]] == [[]]


def _as_csv(rows) -> str:
    return "\n".join(",".join(f'"{c}"' for c in row) for row in rows) + "\n"


def _as_md(rows) -> str:
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows[1:]]) + "\n"


def _as_html(rows) -> str:
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<html><body><table>{body}</table></body></html>"


@pytest.mark.parametrize("fmt", ["csv", "md", "html"])
def test_tables_without_coordinates_are_placed_and_compared(pdf, tmp_path, capsys, fmt: str) -> None:
    rows = [r[:] for r in ROWS]
    rows[1][2], rows[1][3] = "", "1,350"  # their pipeline put 1,350 under "Change" and lost 12.5%
    rows[3][1] = "76"
    f = tmp_path / f"theirs.{fmt}"
    f.write_text({"csv": _as_csv, "md": _as_md, "html": _as_html}[fmt](rows))
    report = _compare(capsys, str(pdf), "--with", str(f))
    (page,) = report["pages"]
    (t,) = page["tables"]
    assert t["matched_to"] == 0
    assert 195 <= t["bbox"][1] <= 210  # placed where the table is printed (y0 = 200 pt)
    assert sorted(_diffs(report)) == [("missing", "12.5%", ""), ("number_changed", "75", "76"),
                                      ("shifted_column", "1,350", "1,350")]


def test_a_table_that_is_on_no_page_is_a_note_not_a_guess(pdf, tmp_path, capsys) -> None:
    f = tmp_path / "other.csv"
    f.write_text("Apples,Pears\n1,2\n")
    assert main(["compare", str(pdf), "--with", str(f)]) == 0
    captured = capsys.readouterr()
    assert "table 1 (2 x 2) matches no page's words" in captured.err
    assert "missed_table" in captured.out


def test_an_unreadable_source_is_one_line_and_exit_3(pdf, tmp_path, capsys) -> None:
    assert main(["compare", str(pdf), "--with", str(tmp_path / "nope.json")]) == 3
    assert "nope.json: cannot be read" in capsys.readouterr().err


@pytest.mark.parametrize("peer", ["pymupdf", "pdfplumber", "camelot"])
def test_real_peers_on_a_corpus_page(corpus, capsys, peer: str) -> None:
    from inspector.extractors import peers

    try:
        peers.check_available(peer)
    except peers.MissingExtractor as exc:
        pytest.skip(str(exc))
    pdf = corpus / "pdfs" / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf"
    report = _compare(capsys, str(pdf), "--with", peer, "--pages", "1-3", "--against", "detection")
    tables = [t for p in report["pages"] for t in p["tables"]]
    assert tables and all(t["theirs"] is not None or t["matched_to"] is not None for t in tables)
    kinds = {d["kind"] for t in tables for d in t["differences"]}
    assert kinds <= {"shifted_column", "merged_columns", "split_columns", "merged", "split", "number_changed",
                     "text_changed", "missing", "extra", "missed_table", "extra_table"}
