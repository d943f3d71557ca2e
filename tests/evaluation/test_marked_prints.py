"""``corpus.marked``: the truth the producer corpora (fop, itext, groff, tcpdf, abiword, php,
wkhtml, gnumeric) read from a second print whose cells are filled each in a colour of its own.
The prints here are made with PyMuPDF: a table of a head row and two body rows over three
pages, its second body row painted twice (a sliver at the foot of the first page, whole on the
second), its head repeated on the second and third pages, alone on the third."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pymupdf
import pytest

from corpus import marked
from corpus.fop.fo import colour
from corpus.html.tables import Cell, HtmlTable

TEXT = [["Item", "Cost"], ["Pens", "3"], ["Ink", "5"]]
COLS = [(50.0, 150.0), (150.0, 250.0)]


@dataclass(frozen=True)
class Drawn:
    style: str
    title: str
    table: HtmlTable


TABLE = Drawn("grid", "Supplies", HtmlTable("grid", "", [[Cell(t) for t in row] for row in TEXT]))
# page -> (row, y0, y1): where each row is set, with its text (the kept print) and its fills (the marked one)
ROWS = {0: [(0, 50.0, 70.0), (1, 70.0, 90.0), (2, 270.0, 285.0)], 1: [(0, 50.0, 70.0), (2, 70.0, 90.0)],
        2: [(0, 270.0, 290.0)]}


def _rgb(k: int) -> tuple[float, float, float]:
    h = colour(k)
    return int(h[1:3], 16) / 255, int(h[3:5], 16) / 255, int(h[5:7], 16) / 255


def _print(mark: bool, pages: int = 3) -> bytes:
    doc = pymupdf.open()
    for n in range(pages):
        page = doc.new_page(width=300, height=300)
        for r, y0, y1 in ROWS[n]:
            for c, (x0, x1) in enumerate(COLS):
                if mark:
                    page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=None, fill=_rgb(2 * r + c))
                page.insert_text((x0 + 4, y1 - 4), TEXT[r][c], fontsize=9)
    return doc.tobytes()


def test_a_body_cell_takes_its_tallest_fill_and_a_head_the_pages_with_body_cells(tmp_path: Path) -> None:
    with marked.printed(tmp_path / "kept.pdf", _print) as (marking, kept):
        found = marked.boxes(TABLE, marked.painted(marking), 0, kept)
        alone = marked.boxes(TABLE, marked.painted(marking), 0, kept, lone_head=True)
    with pymupdf.open(tmp_path / "kept.pdf") as written:  # the print as drawn: no fills
        assert written.page_count == 3 and not any(p.get_drawings() for p in written)
    assert found == {0: {(0, 0): pymupdf.Rect(50, 50, 150, 70), (0, 1): pymupdf.Rect(150, 50, 250, 70),
                         (1, 0): pymupdf.Rect(50, 70, 150, 90), (1, 1): pymupdf.Rect(150, 70, 250, 90)},
                     1: {(0, 0): pymupdf.Rect(50, 50, 150, 70), (0, 1): pymupdf.Rect(150, 50, 250, 70),
                         (2, 0): pymupdf.Rect(50, 70, 150, 90), (2, 1): pymupdf.Rect(150, 70, 250, 90)}}
    assert alone == found | {2: {(0, 0): pymupdf.Rect(50, 270, 150, 290), (0, 1): pymupdf.Rect(150, 270, 250, 290)}}


def test_fills_of_one_colour_on_a_page_are_united() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=300)
    page.draw_rect(pymupdf.Rect(50, 50, 100, 70), color=None, fill=_rgb(7))
    page.draw_rect(pymupdf.Rect(100, 50, 150, 72), color=None, fill=_rgb(7))
    page.draw_rect(pymupdf.Rect(150, 50, 250, 70), color=None, fill=_rgb(8))
    marks = marked.united(pymupdf.open("pdf", doc.tobytes()))
    assert marks == {7: {0: pymupdf.Rect(50, 50, 150, 72)}, 8: {0: pymupdf.Rect(150, 50, 250, 70)}}
    g = Drawn("grid", "", HtmlTable("grid", "", [[Cell("a"), Cell("b")]]))
    assert marked.united_boxes(g, marks, 7) == {0: {(0, 0): pymupdf.Rect(50, 50, 150, 72),
                                                    (0, 1): pymupdf.Rect(150, 50, 250, 70)}}


def test_a_fill_holds_a_cell_only_with_exactly_its_text(tmp_path: Path) -> None:
    kept = pymupdf.open("pdf", _print(False))
    chars = marked.centres(kept)
    fills = [(0, pymupdf.Rect(50, 50, 150, 70)), (0, pymupdf.Rect(50, 50, 250, 70)), (1, pymupdf.Rect(50, 50, 150, 70))]
    assert marked.holding(chars, fills, "Item") == [(0, pymupdf.Rect(50, 50, 150, 70)), (1, pymupdf.Rect(50, 50, 150, 70))]
    assert marked.holding(chars, fills, "Item Cost") == [(0, pymupdf.Rect(50, 50, 250, 70))]


def test_the_first_marks_run_on_through_the_document_and_pages_must_agree(tmp_path: Path) -> None:
    assert [first for _, first in marked.firsts([TABLE, TABLE, TABLE])] == [0, 6, 12]
    with pytest.raises(SystemExit, match="differ in pages"), \
            marked.printed(tmp_path / "kept.pdf", lambda mark: _print(mark, 3 if mark else 2)):
        pass
