"""The headless commands as a user runs them: output shape, exit codes, messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import resources
from inspector.cli import main
from tests.core import pdfs
from tests.core.test_ocr import needs_tesseract
from tests.core.test_scan_lowres import stepped_table_scan


@pytest.fixture()
def ruled_pdf(tmp_path: Path) -> Path:
    path = tmp_path / "ruled.pdf"
    path.write_bytes(pdfs.two_tables()[0])
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_detect_json_has_the_documented_shape(capsys, ruled_pdf: Path) -> None:
    code, out, _ = run(capsys, "detect", str(ruled_pdf), "--json")
    assert code == 0
    data = json.loads(out)
    page = data["pages"][0]
    assert page["page"] == 1 and page["width"] == pytest.approx(595, abs=1) and page["height"] > 800
    t = page["tables"][0]
    assert set(t) >= {"bbox", "source", "confidence", "n_rows", "n_cols", "cells"}
    assert t["source"] == "ruled" and 0.0 <= t["confidence"] <= 1.0 and (t["n_rows"], t["n_cols"]) == (5, 4)
    assert set(t["cells"][0]) >= {"r", "c", "rs", "cs", "text", "bbox"}
    assert t["cells"][0]["text"] == "Fruit"
    assert 0.5 < data["table_density"] <= 1.0


def test_detect_text_names_tables_and_density(capsys, ruled_pdf: Path) -> None:
    code, out, _ = run(capsys, "detect", str(ruled_pdf), "--pages", "1")
    assert code == 0
    assert "2 table(s)" in out and "table density" in out and "| Apple | Kent | 12 | 0.50 |" in out


def test_set_changes_detection_and_bad_set_is_usage_error(capsys, ruled_pdf: Path) -> None:
    code, out, _ = run(capsys, "detect", str(ruled_pdf), "--json", "--set", "tables.min_rows=20")
    assert code == 0 and json.loads(out)["pages"][0]["tables"] == []
    code, _, err = run(capsys, "detect", str(ruled_pdf), "--set", "tables.min_rows=banana")
    assert code == 2 and "not a valid int" in err


@pytest.mark.parametrize("content,needle", [(b"", "empty"), (b"hello, not a pdf", "not a PDF"),
                                            (b"%PDF-1.7\n garbage", "damaged")])
def test_unreadable_input_exits_3_with_one_line(capsys, tmp_path: Path, content: bytes, needle: str) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(content)
    code, out, err = run(capsys, "detect", str(bad))
    assert code == 3 and needle in err and "Traceback" not in err and err.count("\n") == 1


def test_page_out_of_range_is_usage_error(capsys, ruled_pdf: Path) -> None:
    code, _, err = run(capsys, "words", str(ruled_pdf), "--page", "9")
    assert code == 2 and "1 page" in err


def test_words_and_rules_commands(capsys, ruled_pdf: Path) -> None:
    code, out, _ = run(capsys, "words", str(ruled_pdf), "--json")
    words = json.loads(out)["words"]
    assert code == 0 and {"Fruit", "Quince", "(1,234)"} <= {w["text"] for w in words}
    code, out, _ = run(capsys, "rules", str(ruled_pdf), "--json")
    data = json.loads(out)
    assert code == 0 and len(data["rules"]) >= 9 and all(r["source"] for r in data["rules"])
    assert all(r["pieces"] == 1 for r in data["rules"])  # drawn rules: one piece each
    code, out, _ = run(capsys, "rules", str(ruled_pdf))
    assert "kept" in out


def test_render_writes_png(capsys, ruled_pdf: Path, tmp_path: Path) -> None:
    out_png = tmp_path / "o.png"
    code, out, _ = run(capsys, "render", str(ruled_pdf), "--page", "1", "--layers", "words,rules,bins,grid",
                       "-o", str(out_png))
    assert code == 0 and out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, _, err = run(capsys, "render", str(ruled_pdf), "--layers", "nope", "-o", str(out_png))
    assert code == 2 and "unknown layer" in err


def test_params_lists_every_field_and_json_is_a_preset(capsys, tmp_path: Path, ruled_pdf: Path) -> None:
    code, out, _ = run(capsys, "params")
    assert code == 0 and "columns.min_gap" in out and "raster.paper_fraction" in out
    code, out, _ = run(capsys, "params", "--json")
    preset = tmp_path / "p.json"
    preset.write_text(out)
    code, _, _ = run(capsys, "detect", str(ruled_pdf), "--preset", str(preset))
    assert code == 0


def test_bundled_sample_has_tables(capsys) -> None:
    code, out, _ = run(capsys, "detect", str(resources.sample_pdf()), "--json")
    assert code == 0 and sum(len(p["tables"]) for p in json.loads(out)["pages"]) >= 3


def test_encrypted_pdf_needs_password(capsys, tmp_path: Path) -> None:
    import pymupdf
    doc = pymupdf.open(stream=pdfs.ruled_grid()[0], filetype="pdf")
    path = tmp_path / "locked.pdf"
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="owner")
    code, _, err = run(capsys, "detect", str(path))
    assert code == 3 and "password" in err
    code, out, _ = run(capsys, "detect", str(path), "--password", "pw")
    assert code == 0 and "1 table(s)" in out


def test_detect_json_marks_continuations(capsys, tmp_path: Path) -> None:
    from tests.core.split_pdfs import item_rows, typeset

    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(typeset(item_rows(90), repeat_header=False).pdf)
    code, out, _ = run(capsys, "detect", str(pdf), "--json")
    data = json.loads(out)
    tables = [t for p in data["pages"] for t in p["tables"]]
    assert [(t["continued_from"], t["repeated_header"], t["header_rows"]) for t in tables] == [
        (None, False, 1), ({"page": 1, "index": 0}, False, 0), ({"page": 2, "index": 0}, False, 0)]
    first = data["continuations"][0]
    assert first["proposed"] and first["confidence"] == 0.8
    assert {"kind": "columns", "detail": "4 columns, boundaries within 0.0 pt", "weight": 0.45, "veto": False,
            "value": 0.0, "threshold": 4.0, "param": "continuation.col_tol"} in first["evidence"]
    pdf.write_bytes(typeset(item_rows(50)).pdf)
    code, out, _ = run(capsys, "detect", str(pdf), "--json")
    second = json.loads(out)["pages"][1]["tables"][0]
    assert (second["continued_from"], second["repeated_header"], second["header_rows"]) == (
        {"page": 1, "index": 0}, True, 1)
    code, out, _ = run(capsys, "detect", str(pdf))
    assert "continues page 1 table 1 (confidence 0.95, header repeated)" in out


@pytest.mark.parametrize("command", ["words", "rules", "render"])
def test_a_page_that_fails_is_said_once(capsys, tmp_path: Path, command: str) -> None:
    """A page stopped by its budget: one line on stderr naming it, exit 4 (it was printed twice)."""
    from tests.fuzz.hostile import xobject_bomb

    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(xobject_bomb())
    extra = ["-o", str(tmp_path / "p.png")] if command == "render" else []
    code, _out, err = run(capsys, command, str(bomb), "--set", "budget.seconds=1", *extra)
    assert code == 4
    stopped = [line for line in err.splitlines() if "stopped after" in line]
    assert len(stopped) == 1, err
    assert stopped[0].startswith("table-inspector: page 1: ")


def test_detect_json_says_a_new_table_has_its_own_header(capsys, tmp_path: Path) -> None:
    """A new table right at the top of page 2 (no heading between), its header in body type:
    not linked, and ``detect --json`` names why."""
    from tests.core.continued_pdfs import reportlab_case, texts

    pdf = tmp_path / "two.pdf"
    pdf.write_bytes(reportlab_case(texts(40)["en"], "plain", True, new_table=True, bare=True).pdf)
    code, out, _ = run(capsys, "detect", str(pdf), "--json")
    data = json.loads(out)
    assert code == 0 and [t["continued_from"] for p in data["pages"] for t in p["tables"]] == [None, None]
    (cand,) = data["continuations"]
    assert not cand["proposed"] and cand["reason"].startswith("starts with its own header row: \"Ref. | Labour")
    assert [e["kind"] for e in cand["evidence"] if e["veto"]] == ["header"]


def test_detect_and_export_a_table_flowing_into_the_next_column(capsys, tmp_path: Path) -> None:
    """The left column's table goes on at the top of the right column (header repeated), then
    on page 2: ``detect`` says the right piece continues table 1 of its own page, and ``export``
    stacks the three pieces into one table in reading order (repeated headers dropped)."""
    from tests.core.column_flow_pdfs import column_flow_pdf, flow_rows

    pdf = tmp_path / "columns.pdf"
    pdf.write_bytes(column_flow_pdf())
    code, out, _ = run(capsys, "detect", str(pdf), "--json")
    data = json.loads(out)
    tables = [t for p in data["pages"] for t in p["tables"]]
    assert [(t["continued_from"], t["repeated_header"]) for t in tables] == [
        (None, False), ({"page": 1, "index": 0}, True), ({"page": 1, "index": 1}, True)]
    links = [(c["from"], c["to"]) for c in data["continuations"] if c["proposed"]]
    assert links == [({"page": 1, "index": 0}, {"page": 1, "index": 1}),
                     ({"page": 1, "index": 1}, {"page": 2, "index": 0})]
    code, out, _ = run(capsys, "detect", str(pdf))
    assert code == 0 and "page 1 table 2:" in out
    assert out.split("page 1 table 2:")[1].splitlines()[1].startswith("  continues page 1 table 1 (confidence 0.94")
    csv = tmp_path / "columns.csv"
    code, _, err = run(capsys, "export", str(pdf), "--format", "csv", "--from", "detection", "-o", str(csv))
    assert code == 0 and "1 table(s)" in err
    lots = [line.split(",")[0] for line in csv.read_text().splitlines()[1:]]
    assert lots == [row[0] for row in flow_rows(1, 52)]  # 22 + 22 rows on page 1, 8 on page 2


@needs_tesseract
def test_rules_json_says_how_many_pieces_a_scan_broke_a_rule_into(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    """A bilevel scan's hairlines come in steps that the raster stage joins (raster.bridge_gap):
    `rules --json` keeps the count, so a user sees which rules were joined."""
    scan = tmp_path / "stepped.pdf"
    scan.write_bytes(stepped_table_scan())
    code, out, _ = run(capsys, "rules", str(scan), "--json")
    joined = [r for r in json.loads(out)["rules"] if r["pieces"] > 1]
    assert code == 0 and len(joined) >= 8 and all(r["source"] != "vector" for r in joined)


def test_rules_json_has_the_joints_of_a_table_stroked_cell_by_cell(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    """Each row rule, joined from a stroke per cell, lists where the strokes met: the cells' edges
    (``Rule.joints``); a drawn rule's ``faint`` share is 0."""
    from tests.core.test_rule_joints import EDGES, XS, pymupdf_pdf

    pdf = tmp_path / "cells.pdf"
    pdf.write_bytes(pymupdf_pdf())
    code, out, _ = run(capsys, "rules", str(pdf), "--json")
    rows = [r for r in json.loads(out)["rules"] if r["orient"] == "h"]
    assert code == 0 and sorted(round(r["pos"]) for r in rows) == [round(y) for y in EDGES]
    assert all([round(j) for j in r["joints"]] == [round(x) for x in XS[1:-1]] for r in rows)
    assert all(r["faint"] == 0 for r in rows)


def test_detect_json_gives_each_table_the_joints_of_its_row_rules(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    """``detect --json`` names, per table, where its row rules stroked cell by cell meet end to
    end (the evidence explain calls ``rule_joints``): every inner cell edge, with how many rules."""
    from tests.core.test_rule_joints import EDGES, XS, pymupdf_pdf

    pdf = tmp_path / "cells.pdf"
    pdf.write_bytes(pymupdf_pdf())
    code, out, _ = run(capsys, "detect", str(pdf), "--json")
    (table,) = json.loads(out)["pages"][0]["tables"]
    assert code == 0 and [round(j["x"]) for j in table["rule_joints"]] == [round(x) for x in XS[1:-1]]
    assert all(j["rules"] == len(EDGES) for j in table["rule_joints"])


def test_rules_json_says_which_raster_rule_was_found_from_faint_ink(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    from tests.core.test_explain_faint import FAINT_ROW, faint_scan

    data, t = faint_scan()
    scan = tmp_path / "faint.pdf"
    scan.write_bytes(data)
    code, out, _ = run(capsys, "rules", str(scan), "--json")
    faint = [r for r in json.loads(out)["rules"] if r["faint"] >= 0.5]
    assert code == 0 and [round(r["pos"]) for r in faint] == [round(t.ys[FAINT_ROW])]
    assert all(r["joints"] == [] for r in faint)


@pytest.mark.parametrize("source", ["sample", "two_tables"])
def test_detect_json_and_the_librarys_pipeline_agree(capsys, tmp_path: Path, source: str) -> None:
    """A user's script calling ``Pipeline.run`` page by page gets the tables ``detect`` prints:
    the same default parameters, the same furniture (the sample's page numbers repeat over its
    pages), no second detection in the command. Cell by cell, on every page."""
    from inspector.core.pipeline import Pipeline
    from inspector.core.reading.document import open_document

    path = resources.sample_pdf() if source == "sample" else tmp_path / "two.pdf"
    if source == "two_tables":
        path.write_bytes(pdfs.two_tables()[0])
    code, out, _ = run(capsys, "detect", str(path), "--json")
    assert code == 0
    cli = {p["page"]: [[(c["r"], c["c"], c["rs"], c["cs"], c["text"]) for c in t["cells"]] for t in p["tables"]]
           for p in json.loads(out)["pages"]}
    pipe = Pipeline(open_document(str(path)))
    mine = {i + 1: [[(c.r, c.c, c.rs, c.cs, c.text) for c in t.cells] for t in pipe.run(i).tables]
            for i in range(pipe.doc.page_count)}
    assert cli == mine and sum(map(len, mine.values())) >= 2


def test_words_lists_the_pictures_of_a_column_of_pictures(capsys, tmp_path: Path) -> None:
    """The words standing for a status column's pictures (``evidence.icons``) have no text: the words
    command names them (flag I, text "[picture]", "picture" in JSON) instead of printing blank lines."""
    from tests.core.test_icon_columns import BODY, _page

    path = tmp_path / "icons.pdf"
    path.write_bytes(_page())
    code, out, _ = run(capsys, "words", str(path))
    lines = out.splitlines()
    pictures = [line for line in lines if line.endswith("[picture]")]
    assert code == 0 and len(pictures) == len(BODY)
    assert all(line.split()[5] == "--I-" for line in pictures)
    assert lines[0].endswith(f"34 words from the text layer (612 x 792 pt), {len(BODY)} of them pictures (flag I)")
    assert "I a small picture in a column of pictures, listed as [picture]" in lines[-1]
    assert not [line for line in lines[2:-1] if len(line.split()) < 7]  # no word printed without text
    code, out, _ = run(capsys, "words", str(path), "--json")
    words = json.loads(out)["words"]
    assert [w["bbox"] for w in words if w["picture"]] == [[328.0, 114.0 + 24 * r, 340.0, 126.0 + 24 * r]
                                                          for r in range(len(BODY))]
    assert all(w["text"] == "" for w in words if w["picture"]) and sum(not w["picture"] for w in words) == 29


def test_words_without_pictures_says_nothing_of_them(capsys, ruled_pdf: Path) -> None:
    code, out, _ = run(capsys, "words", str(ruled_pdf))
    lines = out.splitlines()
    assert code == 0 and not [line for line in lines[:-1] if "[picture]" in line or "--I-" in line]
    assert "of them pictures" not in lines[0]
