"""A "continued" line over the next page's piece ("Schedule 2 (continued)", "표 2 (계속)", "表 2（续）",
"表 2（続き）"), taken in by detection as the piece's first row or standing over it as a line:
either way it is named as the marker, and the stacked table leaves it out, the header repeated
under it or not. Controls: a header of another table under the marker still refuses the link.
Built with PyMuPDF (its built-in "korea", "china-s", "japan" fonts), exact expectations."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import proposed
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.logical import logical_tables
from inspector.core.types import PageResult
from tests.core.continued_pdfs import detect
from tests.core.test_continued_heads import PITCH, SIZE, XS, Page, _room, build, full

TOP2 = 88.4  # pt: page 2's piece starts here, room for one line over it

# (left part, right part or "", font): the line set over page 2's piece.
TAKEN_IN = [("Schedule 2", "(continued)", "helv"), ("표 2 (계속)", "", "korea"), ("表 2（续）", "", "china-s"),
            ("表 2（続き）", "", "japan")]
OVER = [("Table 3 (cont'd)", "", "helv"), ("표 2", "(계속)", "korea"), ("表 2", "（续）", "china-s"),
        ("表 2 (続き)", "", "japan")]


def _doc(left: str, right: str, font: str, header: bool, rows: list[tuple[str, ...]] | None = None) -> bytes:
    """Page 1: the table's header and 35 rows down to the text area's foot; page 2: the next
    20 rows (under the header again when ``header``, or ``rows``), the marker line over them:
    ``left`` at the table's left edge and ``right`` (if any) flush with its right edge."""
    second = rows if rows is not None else full(35, 20, header)
    doc = pymupdf.open("pdf", build([Page(full(0, 35), _room(36)), Page(second, TOP2)]))
    page = doc[1]
    page.insert_text((XS[0] + 4, TOP2 - 5), left, fontsize=SIZE, fontname=font)
    if right:
        width = pymupdf.Font(font).text_length(right, fontsize=SIZE)
        page.insert_text((XS[-1] - 4 - width, TOP2 - 5), right, fontsize=SIZE, fontname=font)
    return bytes(doc.tobytes())


def _line(left: str, right: str) -> str:
    return f"{left} {right}".strip()


def _stacked(raw: list[PageResult]) -> list[list[str]]:
    linked = link_pages(raw)
    long = [t for t in logical_tables(list(linked.results), linked.continuations) if t.n_rows > 20]
    assert len(long) == 1
    return [[" ".join(x.split()) for x in r] for r in long[0].rows_text()]


@pytest.mark.parametrize("header", [True, False], ids=["header-again", "no-header"])
@pytest.mark.parametrize(("left", "right", "font"), TAKEN_IN, ids=[f for *_, f in TAKEN_IN])
def test_marker_row_taken_in_is_named_and_left_out(left: str, right: str, font: str, header: bool,
                                                    tmp_path: Path) -> None:
    raw = detect(_doc(left, right, font, header), tmp_path)
    first = " ".join(x for x in raw[1].tables[0].rows_text()[0] if x)
    assert first.replace(" ", "") == _line(left, right).replace(" ", "")  # detection took the line in
    conts = proposed(link_pages(raw).continuations)
    assert [(c.prev_page, c.prev_index, c.next_page, c.next_index, c.repeated_header) for c in conts] == \
        [(1, 0, 2, 0, 2 if header else 1)]
    markers = [e for e in conts[0].evidence if e.kind == "marker"]
    assert len(markers) == 1 and markers[0].weight == 0.25
    assert markers[0].detail.startswith("continuation marker in the next piece's first row on page 2")
    said = [e.detail for e in conts[0].evidence if e.kind == "header"]
    assert said == (["repeats the header (1 row) under the \"continued\" line that opens it"] if header else
                    ["no header row at the top under the \"continued\" line that opens it: the rows go on"])
    # Stacked: the header once, every body row in order, no marker row.
    assert _stacked(raw) == [list(r) for r in full(0, 55)]


@pytest.mark.parametrize("header", [True, False], ids=["header-again", "no-header"])
@pytest.mark.parametrize(("left", "right", "font"), OVER, ids=[f for *_, f in OVER])
def test_marker_line_over_the_piece_is_named_and_left_out(left: str, right: str, font: str, header: bool,
                                                           tmp_path: Path) -> None:
    """Detection leaves the line out of the piece: it is a marker line between the pieces."""
    raw = detect(_doc(left, right, font, header), tmp_path)
    assert raw[1].tables[0].rows_text()[0][0] == ("Item" if header else "Line item 36")
    conts = proposed(link_pages(raw).continuations)
    assert [(c.prev_page, c.next_page, c.repeated_header) for c in conts] == [(1, 2, 1 if header else 0)]
    assert [e.detail for e in conts[0].evidence if e.kind == "marker"] == \
        [f"continuation marker on page 2: \"{_line(left, right)}\""]
    assert _stacked(raw) == [list(r) for r in full(0, 55)]


OTHER = ("Ref.", "Description", "Unit", "Total")


CONTROLS = TAKEN_IN + [(*OVER[0][:2], "helv-line"), (*OVER[1][:2], "korea-line")]


@pytest.mark.parametrize(("left", "right", "font"), CONTROLS, ids=[f for *_, f in CONTROLS])
def test_header_of_another_table_under_the_marker_refuses(left: str, right: str, font: str, tmp_path: Path) -> None:
    """Control: under the marker a header of other words (words over the first piece's number
    columns): the rows under a marker row are read for a header of their own, as they are
    under a marker line."""
    font = font.removesuffix("-line")
    rows = [OTHER, *full(35, 20, False)]
    raw = detect(_doc(left, right, font, False, rows), tmp_path)
    conts = link_pages(raw).continuations
    assert proposed(conts) == ()
    c = next(c for c in conts if (c.prev_page, c.prev_index, c.next_page, c.next_index) == (1, 0, 2, 0))
    assert c.reason == "starts with its own header row: \"Ref. | Description | Unit | Total\" (words in 3 of " \
        "the 3 columns where the first piece's body has numbers or dates)"


UNDER = [("Schedule 2", "(continued)", "helv"), ("입찰 내역서 계속", "", "korea"), ("表 2（续）", "", "china-s"),
         ("表 2（続き）", "", "japan")]


def under_doc(left: str, right: str, font: str) -> bytes:
    """Page 1: the header and 35 rows, the "continued" line (``left`` at the table's left edge,
    ``right`` flush with its right edge) right under them; page 2: the next 20 rows."""
    top = _room(37)
    doc = pymupdf.open("pdf", build([Page(full(0, 35), top), Page(full(35, 20, False), 70.0)]))
    page, y = doc[0], top + 36 * PITCH + 12.5
    page.insert_text((XS[0] + 4, y), left, fontsize=SIZE, fontname=font)
    if right:
        page.insert_text((XS[-1] - 4 - pymupdf.Font(font).text_length(right, fontsize=SIZE), y), right,
                         fontsize=SIZE, fontname=font)
    return bytes(doc.tobytes())


@pytest.mark.parametrize(("left", "right", "font"), UNDER, ids=[f for *_, f in UNDER])
def test_marker_row_taken_in_under_the_first_piece_is_left_out(left: str, right: str, font: str,
                                                              tmp_path: Path) -> None:
    """The "continued" line right under page 1's last row, taken in by detection as the piece's
    last row: named as the marker, and the stacked table leaves it out (``closing_marker``)."""
    raw = detect(under_doc(left, right, font), tmp_path)
    last = " ".join(x for x in raw[0].tables[0].rows_text()[-1] if x)
    assert last.replace(" ", "") == _line(left, right).replace(" ", "")  # detection took the line in
    conts = proposed(link_pages(raw).continuations)
    assert [(c.prev_page, c.next_page, c.repeated_header, c.closing_marker) for c in conts] == [(1, 2, 0, 1)]
    markers = [e.detail for e in conts[0].evidence if e.kind == "marker"]
    assert len(markers) == 1 and markers[0].startswith("continuation marker in the first piece's last row on page 1")
    assert _stacked(raw) == [list(r) for r in full(0, 55)]


def test_detect_names_the_closing_marker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``detect --json`` gives each candidate's ``closing_marker`` (1 for the link whose first
    piece ends in its "continued" line, 0 for the others); the text output says the line is left out."""
    from inspector.cli import main

    pdf = tmp_path / "under.pdf"
    pdf.write_bytes(under_doc(*UNDER[0]))
    assert main(["detect", str(pdf), "--json"]) == 0
    conts = json.loads(capsys.readouterr().out)["continuations"]
    assert [(c["from"]["page"], c["to"]["page"], c["proposed"], c["closing_marker"]) for c in conts] == \
        [(1, 2, True, 1)]
    assert main(["detect", str(pdf)]) == 0
    assert "continues page 1 table 1 (confidence 0.90, its \"continued\" line left out)" in capsys.readouterr().out
