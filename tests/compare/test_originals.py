"""Originals (HWPX, DOCX) read, placed on their PDFs, imported, compared and exported; built here
with python-hwpx, python-docx and PyMuPDF (see ``originals_data``)."""

from __future__ import annotations

import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pymupdf
import pytest

from inspector.annotation.io import load_annotation
from inspector.annotation.model import stacked_core_table, to_core_table
from inspector.annotation.roles import leading_headers
from inspector.cli import main
from inspector.compare.original_import import OriginalError, import_original
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_text
from inspector.extractors import originals
from inspector.extractors.pieces import row_pages
from inspector.extractors.sources import SourceError
from inspector.extractors.theirs import from_file

pytest.importorskip("docx")
pytest.importorskip("hwpx")
sys.path.insert(0, str(Path(__file__).resolve().parent))
import originals_data as od


@pytest.fixture(scope="module")
def pairs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, od.Pair]:
    return od.build_set(tmp_path_factory.mktemp("originals"))


def _cells(table: originals.Unplaced) -> list[tuple[int, int, int, int, str]]:
    return sorted((c.r, c.c, c.rs, c.cs, c.text) for c in table.cells)


def _hwpx(section: str) -> bytes:
    """A minimal HWPX: its mimetype and one section."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("mimetype", "application/hwp+zip")
        z.writestr("Contents/section0.xml", section)
    return buf.getvalue()


def _spec_cells(spec: od.Spec) -> list[tuple[int, int, int, int, str]]:
    return sorted((c.r, c.c, c.rs, c.cs, c.text) for c in spec.cells()[0])


@pytest.mark.parametrize("key", ["ko-hwpx", "ko-docx", "en-hwpx", "en-docx"])
def test_every_table_reads_back_with_its_cells_spans_and_header_rows(pairs, key) -> None:
    pair = pairs[key]
    got = originals.read_original(pair.original.read_bytes(), pair.original.name)
    assert got.kind == key.split("-")[1]
    assert [_cells(t) for t in got.tables] == [_spec_cells(s) for s in pair.specs]
    assert [t.header_rows for t in got.tables] == [s.header_rows for s in pair.specs]


def test_the_format_is_read_from_the_contents_not_the_name(pairs, tmp_path) -> None:
    pair = pairs["misnamed"]  # a DOCX named .hwpx
    assert pair.original.suffix == ".hwpx"
    assert originals.original_kind(pair.original.read_bytes()) == "docx"
    hwpx_as_docx = shutil.copy(pairs["ko-hwpx"].original, tmp_path / "notice.docx")
    assert originals.original_kind(Path(hwpx_as_docx).read_bytes()) == "hwpx"
    result = import_original(pair.original, pair.pdf)
    assert len(result.annotation.tables) == 2 and result.recall == 1.0


def test_an_hwp5_binary_is_refused_with_a_clear_message_and_exit_3(pairs, tmp_path, capsys) -> None:
    hwp = od.hwp5_header(tmp_path / "notice.hwpx")
    assert originals.original_kind(hwp.read_bytes()) == "hwp5"
    with pytest.raises(originals.Unsupported, match="HWP 5 binary"):
        originals.read_original(hwp.read_bytes(), hwp.name)
    code = main(["golden", "import-original", str(hwp), "--pdf", str(pairs["ko-hwpx"].pdf), "-o", str(tmp_path / "g")])
    err = capsys.readouterr().err
    assert code == 3 and "not supported yet" in err and "HWPX" in err and "Traceback" not in err
    assert not (tmp_path / "g").exists()


def test_a_file_that_is_neither_is_exit_3(pairs, tmp_path, capsys) -> None:
    fake = shutil.copy(pairs["ko-hwpx"].pdf, tmp_path / "notice.hwpx")
    code = main(["golden", "import-original", str(fake), "--pdf", str(pairs["ko-hwpx"].pdf), "-o", str(tmp_path / "g")])
    assert code == 3 and "neither HWPX nor DOCX" in capsys.readouterr().err


def test_entity_declarations_are_refused_not_expanded(tmp_path) -> None:
    bomb = ('<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
            '<hs:sec xmlns:hs="h" xmlns:hp="p"><hp:tbl><hp:tr><hp:tc><hp:subList><hp:p><hp:run><hp:t>&b;</hp:t>'
            '</hp:run></hp:p></hp:subList></hp:tc></hp:tr></hp:tbl></hs:sec>')
    with pytest.raises(SourceError, match="declares entities"):
        originals.read_original(_hwpx(bomb), "bomb.hwpx")


def test_control_characters_are_spaces() -> None:
    assert originals.clean("A\x00B\x07C\r\nD\x1f") == "A B C\nD"


def test_a_one_cell_frame_gives_way_to_its_tables_and_a_nested_table_adds_its_text(tmp_path) -> None:
    import docx

    d = docx.Document()
    frame = d.add_table(rows=1, cols=1)
    inner = frame.cell(0, 0).add_table(rows=2, cols=2)
    for r, c, t in [(0, 0, "이름"), (0, 1, "값"), (1, 0, "면적"), (1, 1, "12.5")]:
        inner.cell(r, c).text = t
    outer = d.add_table(rows=1, cols=2)
    outer.cell(0, 0).text = "note"
    outer.cell(0, 1).add_table(rows=1, cols=1).cell(0, 0).text = "inside"
    d.save(str(tmp_path / "f.docx"))
    got = originals.read_original((tmp_path / "f.docx").read_bytes(), "f.docx").tables
    assert [_cells(t) for t in got] == [
        [(0, 0, 1, 1, "이름"), (0, 1, 1, 1, "값"), (1, 0, 1, 1, "면적"), (1, 1, 1, 1, "12.5")],
        [(0, 0, 1, 1, "note"), (0, 1, 1, 1, "inside")]]


def test_rows_go_to_pages_in_order_and_a_page_change_must_gain_a_cell() -> None:
    # Row 2's number is found on both pages: it stays with row 1 (no change of page for a tie).
    hits = {1: [3, 3, 1, 0, 0], 2: [0, 0, 1, 3, 3]}
    assert row_pages(hits, 5) == [1, 1, 1, 2, 2]
    # A row found only on an earlier page cannot pull the table back once it moved on.
    assert row_pages({1: [3, 0, 1], 2: [0, 3, 0]}, 3) == [1, 2, 2]
    assert row_pages({1: [0, 0]}, 2) == []


@pytest.mark.parametrize("key", ["ko-hwpx", "ko-docx", "en-hwpx", "en-docx", "ko-repeat", "ko-docx-repeat"])
def test_import_places_every_table_with_full_recall_as_a_draft(pairs, key) -> None:
    pair = pairs[key]
    result = import_original(pair.original, pair.pdf)
    ann = result.annotation
    assert len(ann.tables) == len(pair.specs) and result.recall >= 0.98 and result.report == ()
    assert not ann.problems()
    for table, spec in zip(ann.tables, pair.specs, strict=True):
        assert (table.source, table.verified, table.header_rows) == ("original", False, spec.header_rows)
        assert "not verified" in table.notes
        assert stacked_core_table(table).n_rows == len(spec.rows)  # repeated headers dropped
        repeated = sum(r.n_rows for r in table.regions) - len(spec.rows)
        assert repeated == (spec.header_rows * (len(table.regions) - 1) if "repeat" in key else 0)
        for region in table.regions:
            for cell in region.cells:  # the found text lies in the cell's grid box
                if cell.bbox is not None:
                    assert region.cell_box(cell).expanded(0.5).contains_point(cell.bbox.cx, cell.bbox.cy)


@pytest.mark.parametrize("key", ["ko-hwpx", "ko-repeat", "ko-docx-repeat", "ko-unmarked-repeat"])
def test_a_table_broken_over_two_pages_is_one_table_with_a_piece_per_page(pairs, key) -> None:
    # The repeat PDF shows the header row again on page 2 (the original holds it once): the
    # piece there starts with it, as the page shows it, also when the original marks no header.
    ann = import_original(pairs[key].original, pairs[key].pdf).annotation
    prices = ann.tables[1]
    assert [r.page for r in prices.regions] == [1, 2]
    first, second = prices.regions
    head = 1 if "repeat" in key else 0
    assert prices.header_rows == 1 and first.row_roles[0] == "header"
    assert leading_headers(second.row_roles) == head
    top = ["번호", "품목", "단가"] if head else [str(first.n_rows), f"품목 {first.n_rows}호", f"{first.n_rows * 1375:,}"]
    assert [second.cell_at(0, c).text for c in range(3)] == top
    assert second.cell_at(head, 1).text == f"품목 {first.n_rows}호"  # row n of the original goes on where page 1 ended
    assert second.bbox.y0 < 100 < first.bbox.y1 - 400  # top of page 2, bottom of page 1
    assert second.ys[0] == pytest.approx(od.MARGIN, abs=0.5)  # the grid starts at the header's top rule
    body = stacked_core_table(prices)
    assert body.n_rows == 45 and [c.text for c in body.cells if c.c == 1][:2] == ["품목", "품목 1호"]


def test_a_header_found_elsewhere_on_the_page_is_not_repeated(pairs, tmp_path) -> None:
    """The continuation page names the header's texts, but in a note under the table, not
    above it: the piece keeps to its own rows."""
    pdf = tmp_path / "note.pdf"
    with pymupdf.open(pairs["ko-hwpx"].pdf) as doc:
        page = doc[1]
        y = max(w[3] for w in page.get_text("words")) + 30
        page.insert_text((od.MARGIN, y), "번호 품목 단가", fontname="korea", fontsize=od.SIZE)
        doc.save(pdf)
    second = import_original(pairs["ko-hwpx"].original, pdf).annotation.tables[1].regions[1]
    assert leading_headers(second.row_roles) == 0 and second.cell_at(0, 0).text != "번호"


def test_what_is_not_on_the_pdf_is_reported(pairs) -> None:
    result = import_original(pairs["ko-hwpx"].original, pairs["en-hwpx"].pdf)
    assert result.annotation.tables == ()
    assert len(result.report) == 2 and all("not placed" in line for line in result.report)
    with pytest.raises(OriginalError, match="cannot be read"):
        import_original(pairs["ko-hwpx"].original.with_name("missing.hwpx"), pairs["ko-hwpx"].pdf)


def test_cli_import_writes_a_golden_set_and_korean_survives_every_export(pairs, tmp_path, capsys) -> None:
    pdf = Path(shutil.copy(pairs["ko-hwpx"].pdf, tmp_path / "tender-ko.pdf"))
    assert main(["golden", "import-original", str(pairs["ko-hwpx"].original), "--pdf", str(pdf), "-o", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "placed 2 of 2 table(s)" in out and "152 of 152" in out
    assert main(["golden", "check", str(tmp_path)]) == 0
    capsys.readouterr()
    ann = load_annotation(tmp_path / "tender-ko.pdf.tables.json")
    assert to_core_table(ann.tables[0]).cells[1].text == "품명"
    for fmt in ("md", "html", "csv", "json", "cells"):
        assert main(["export", str(pdf), "--from", "annotation", "-f", fmt, "-o", str(tmp_path / f"t.{fmt}")]) == 0
        text = (tmp_path / f"t.{fmt}").read_text(encoding="utf-8")
        for word in ("사무용 책상", "회의용 의자", "품목 44호", "금액(원)", "합계"):
            assert word in text, (fmt, word)  # as UTF-8, not escaped


def test_compare_with_an_original_finds_its_tables_on_both_pages(pairs, capsys) -> None:
    pair = pairs["ko-docx"]
    assert main(["compare", str(pair.pdf), "--with", str(pair.original), "--against", "detection", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    theirs = {p["page"]: [t["theirs"] for t in p["tables"] if t["theirs"] is not None] for p in report["pages"]}
    assert theirs == {1: [0, 1], 2: [0]}
    assert main(["compare", str(pair.pdf), "--with", str(od.hwp5_header(pair.pdf.with_name("x.hwp")))]) == 3
    assert "HWP 5" in capsys.readouterr().err


@pytest.mark.parametrize("key", ["ko-docx", "ko-docx-repeat"])
def test_compare_with_an_original_shows_the_header_its_continuation_page_repeats(pairs, key) -> None:
    # compare --with places the original's pieces as import-original does: the piece on page 2
    # starts with the header row where the PDF shows it again, and only there.
    pair = pairs[key]
    doc = open_document(str(pair.pdf))
    theirs = from_file(str(pair.original), [0, 1], lambda i: extract_text(doc.page(i))[0])
    first, second = theirs.pages[1][1], theirs.pages[2][0]
    n = first.n_rows  # the header and rows 1 .. n - 1 on page 1: row n goes on on page 2
    top, body = ([c.text for c in second.cells if c.r == r][:3] for r in (0, 1))
    if "repeat" in key:
        assert top == ["번호", "품목", "단가"] and body == [str(n), f"품목 {n}호", f"{n * 1375:,}"]
    else:
        assert top == [str(n), f"품목 {n}호", f"{n * 1375:,}"]


@pytest.mark.parametrize("key", ["ko-docx", "en-hwpx"])
def test_the_draft_grid_lies_on_the_pdfs_drawn_rules(pairs, key) -> None:
    pair = pairs[key]
    ann = import_original(pair.original, pair.pdf).annotation
    for table, spec in zip(ann.tables, pair.specs, strict=True):
        n_cols = spec.cells()[2]
        width = (od.A4[0] - 2 * od.MARGIN) / n_cols
        for region in table.regions:
            assert region.xs == pytest.approx([od.MARGIN + i * width for i in range(n_cols + 1)], abs=0.5)
            steps = [b - a for a, b in zip(region.ys, region.ys[1:], strict=False)]
            assert steps == pytest.approx([od.ROW_H] * region.n_rows, abs=0.5)


def test_a_rule_through_a_spanning_cells_text_is_no_boundary_there() -> None:
    from inspector.compare.original_import import _snap

    rules = [(100.0, 0.0, 40.0), (60.0, 0.0, 60.0)]  # x=100 stops above the last row; x=60 runs through it
    texts = [(10.0, 150.0, 45.0, 55.0)]  # the last row's text, spanning both columns
    assert _snap((0.0, 98.0, 200.0), rules, (0.0, 60.0), texts) == (0.0, 100.0, 200.0)
    assert _snap((0.0, 62.0, 200.0), rules[1:], (0.0, 60.0), texts) == (0.0, 62.0, 200.0)


def test_raw_docx_xml_grid_before_vmerge_content_controls_tracked_deletions_and_hidden_runs() -> None:
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'

    def tc(text: str, props: str = "") -> str:
        return f"<w:tc><w:tcPr>{props}</w:tcPr><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:tc>"

    rows = [
        '<w:tr><w:trPr><w:tblHeader/></w:trPr>' + tc("항목") + tc("값", '<w:gridSpan w:val="2"/>') + "</w:tr>",
        "<w:tr>" + tc("지역", '<w:vMerge w:val="restart"/>') + tc("서울") + tc("1,200") + "</w:tr>",
        "<w:tr>" + tc("", "<w:vMerge/>") + '<w:sdt><w:sdtContent>' + tc("부산") + "</w:sdtContent></w:sdt>"
        + '<w:tc><w:p><w:r><w:t>8</w:t></w:r><w:del><w:r><w:delText>9</w:delText></w:r></w:del>'
        + '<w:r><w:instrText>PAGE</w:instrText></w:r><w:r><w:t>50</w:t></w:r>'
        + '<w:r><w:rPr><w:vanish/></w:rPr><w:t> (hidden note)</w:t></w:r>'
        + '<w:r><w:rPr><w:vanish w:val="false"/></w:rPr><w:t></w:t></w:r></w:p></w:tc></w:tr>',
        '<w:tr><w:trPr><w:gridBefore w:val="2"/></w:trPr>' + tc("합계 2,050") + "</w:tr>",
    ]
    body = f'<w:document {w}><w:body><w:tbl>{"".join(rows)}</w:tbl></w:body></w:document>'
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", body)
    (table,) = originals.read_original(buf.getvalue(), "raw.hwpx").tables
    assert _cells(table) == [(0, 0, 1, 1, "항목"), (0, 1, 1, 2, "값"), (1, 0, 2, 1, "지역"), (1, 1, 1, 1, "서울"),
                             (1, 2, 1, 1, "1,200"), (2, 1, 1, 1, "부산"), (2, 2, 1, 1, "850"), (3, 2, 1, 1, "합계 2,050")]
    assert (table.n_rows, table.n_cols, table.header_rows) == (4, 3, 1)


def test_eval_scores_an_extractor_per_document_against_the_originals(pairs, tmp_path, capsys) -> None:
    golden = tmp_path / "golden"
    for key in ("ko-docx", "en-hwpx"):
        pair = pairs[key]
        assert main(["golden", "import-original", str(pair.original), "--pdf", str(pair.pdf), "-o", str(golden)]) == 0
    out = tmp_path / "run.json"
    assert main(["eval", str(golden), "--extractor", "pymupdf", "--json", str(out)]) == 0
    capsys.readouterr()
    res = json.loads(out.read_text(encoding="utf-8"))
    assert sorted(res["documents"]) == ["report-en.pdf", "tender-ko.pdf"]
    overall = res["overall"]
    assert overall["golden_tables"] == 4  # the price list's two pieces are scored on their pages
    for key in ("cell_retention", "row_integrity", "label_number_pairing"):
        assert overall[key]["total"] > 0
    # PyMuPDF reads these ruled tables whole: nearly every cell of the original is retained.
    assert overall["cell_retention"]["value"] >= 0.98
    assert overall["cell_retention"]["total"] == 152 + 18


def test_hwpx_tabs_and_line_breaks_inside_a_text_run() -> None:
    xml = ('<hs:sec xmlns:hs="h" xmlns:hp="p"><hp:p><hp:run><hp:tbl rowCnt="1" colCnt="2"><hp:tr>'
           '<hp:tc header="1"><hp:subList><hp:p><hp:run><hp:t>계약<hp:tab/>금액<hp:lineBreak/>(원)</hp:t></hp:run>'
           '</hp:p></hp:subList><hp:cellAddr colAddr="1" rowAddr="0"/><hp:cellSpan colSpan="1" rowSpan="1"/></hp:tc>'
           '<hp:tc header="1"><hp:subList><hp:p><hp:run><hp:t>구분</hp:t></hp:run></hp:p><hp:p><hp:run>'
           '<hp:t>(단위)</hp:t></hp:run></hp:p></hp:subList><hp:cellAddr colAddr="0" rowAddr="0"/></hp:tc>'
           '</hp:tr></hp:tbl></hp:run></hp:p></hs:sec>')
    (table,) = originals.read_original(_hwpx(xml), "t.docx").tables
    assert _cells(table) == [(0, 0, 1, 1, "구분\n(단위)"), (0, 1, 1, 1, "계약 금액\n(원)")]
    assert table.header_rows == 1


def test_the_imported_draft_and_the_original_compare_equal(pairs, tmp_path, capsys) -> None:
    pair = pairs["en-docx"]
    pdf = Path(shutil.copy(pair.pdf, tmp_path / pair.pdf.name))
    assert main(["golden", "import-original", str(pair.original), "--pdf", str(pdf), "-o", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["compare", str(pdf), "--with", str(pair.original), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["against"] == "annotation"
    assert [d for p in report["pages"] for t in p["tables"] for d in t["differences"]] == []
    assert [t["matched_to"] for p in report["pages"] for t in p["tables"]] == [0]
