"""Peer adapters: slot matrices to core Tables, and each installed peer on a PDF built here."""

from __future__ import annotations

import importlib.util

import pytest
from eval_builders import ruled_pdf

from inspector.core.params import Params
from inspector.extractors import peers

ROWS = [["Name", "Qty", "Price"], ["Apple", "12", "0.50"], ["Pear", "7", "0.65"]]


def test_table_from_slots_rebuilds_spans() -> None:
    # Row 0: one cell spanning both columns (the second slot is None); row 1: two cells.
    boxes = [[(0, 0, 20, 10), None], [(0, 10, 10, 20), (10, 10, 20, 20)]]
    texts = [["Head", None], ["a", "b"]]
    t = peers.table_from_slots(boxes, texts, page=3)
    assert t is not None and (t.n_rows, t.n_cols, t.page) == (2, 2, 3)
    head = t.cell_at(0, 1)
    assert head is not None and (head.r, head.c, head.rs, head.cs, head.text) == (0, 0, 1, 2, "Head")
    assert t.rows_text() == [["Head", ""], ["a", "b"]]


def test_table_from_slots_snaps_near_edges_and_fills_gaps() -> None:
    # Edges 0.4 pt apart are one grid line; the missing bottom-right slot becomes an empty cell.
    boxes = [[(0, 0, 10, 10), (10.4, 0, 20, 10)], [(0, 10, 10.2, 20), None]]
    t = peers.table_from_slots(boxes, [["a", "b"], ["c", None]], page=1)
    assert t is not None and (t.n_rows, t.n_cols) == (2, 2)
    assert len(t.cells) == 4 and t.cell_at(1, 1).text == ""  # type: ignore[union-attr]


def test_table_from_slots_maps_boxes_but_keeps_displayed_rows() -> None:
    # A page turned 90 degrees: rows stay those of the displayed page, boxes are mapped.
    from inspector.core.types import Rect

    def turn(b):  # displayed (x, y) -> unrotated (y, W - x) for W = 100
        return Rect(b[1], 100 - b[2], b[3], 100 - b[0])

    t = peers.table_from_slots([[(0, 0, 10, 5), (10, 0, 20, 5)]], [["a", "b"]], page=1, to_page=turn)
    assert t is not None and (t.n_rows, t.n_cols) == (1, 2)
    assert t.bbox == Rect(0, 80, 5, 100)


def test_empty_or_degenerate_input_gives_no_table() -> None:
    assert peers.table_from_slots([[None]], [[None]], page=1) is None
    assert peers.table_from_slots([[(5, 5, 5, 9)]], [["x"]], page=1) is None


def test_unknown_extractor() -> None:
    with pytest.raises(KeyError):
        peers.check_available("nope")


def test_missing_peer_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(peers._REQUIRES, "pdfplumber", "no_such_module_for_tests")
    with pytest.raises(peers.MissingExtractor, match=r"pip install 'table-inspector\[peers\]'"):
        peers.check_available("pdfplumber")


def test_missing_ocr_peer_names_its_own_extra() -> None:
    if importlib.util.find_spec("img2table") is not None:
        pytest.skip("img2table is installed here")
    with pytest.raises(peers.MissingExtractor, match=r"pip install 'table-inspector\[ocr-peers\]'"):
        peers.check_available("img2table")


def test_img2table_rows_with_repeated_spanning_cells_become_slots() -> None:
    # img2table repeats a spanning cell in every slot it covers: a 2-wide title, a 2-tall label.
    a, b, c, d, e = (0, 0, 20, 10), (0, 10, 10, 30), (10, 10, 20, 20), (10, 20, 20, 30), (20, 0, 30, 30)
    rows = [[(a, "Title"), (a, "Title"), (e, "Side")],
            [(b, "Label"), (c, "1"), (e, "Side")],
            [(b, "Label"), (d, "2"), (e, "Side")]]
    boxes, texts = peers.img2table_slots(rows)
    assert boxes == [[a, None, e], [b, c, None], [None, d, None]]
    t = peers.table_from_slots(boxes, texts, 1)
    assert t is not None and t.rows_text() == [["Title", "", "Side"], ["Label", "1", ""], ["", "2", ""]]
    assert {(x.r, x.c, x.rs, x.cs) for x in t.cells if x.text} == {(0, 0, 1, 2), (0, 2, 3, 1), (1, 0, 2, 1),
                                                                   (1, 1, 1, 1), (2, 1, 1, 1)}


@pytest.mark.parametrize("name, module", [("pymupdf", "pymupdf"), ("pdfplumber", "pdfplumber"),
                                          ("camelot-lattice", "camelot"), ("img2table", "img2table")])
def test_peer_on_a_ruled_table(tmp_path, name: str, module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed")
    pdf = tmp_path / "ruled.pdf"
    pdf.write_bytes(ruled_pdf(ROWS, x0=100, y0=100, w=80, h=20))
    tables = peers.extract(name, str(pdf), 0, Params())
    assert len(tables) == 1
    t = tables[0]
    assert t.page == 1
    # The drawn box is (100, 100, 340, 160); each peer may add a line width or so.
    for got, want in zip(t.bbox.as_tuple(), (100, 100, 340, 160), strict=True):
        assert got == pytest.approx(want, abs=2.5)
    assert [[c.strip() for c in row] for row in t.rows_text()] == ROWS


def test_lattice_spans_merge_slots_without_edges() -> None:
    from types import SimpleNamespace as C

    # 2 x 3 slots; the first row's first two slots have no edge between them, the last column
    # has no edge between its two rows: spans (0,0,1,2) and (0,2,2,1); slot (1,0) and (1,1) stay.
    cells = [[C(right=False, bottom=True), C(right=True, bottom=True), C(right=True, bottom=False)],
             [C(right=True, bottom=True), C(right=True, bottom=True), C(right=True, bottom=True)]]
    boxes = [[(c * 10, r * 10, c * 10 + 10, r * 10 + 10) for c in range(3)] for r in range(2)]
    texts = [["Head", "", "Side"], ["a", "b", ""]]
    b, t = peers.lattice_spans(cells, boxes, texts)
    table = peers.table_from_slots(b, t, page=1)
    assert table is not None
    spans = sorted((c.r, c.c, c.rs, c.cs, c.text) for c in table.cells)
    assert spans == [(0, 0, 1, 2, "Head"), (0, 2, 2, 1, "Side"), (1, 0, 1, 1, "a"), (1, 1, 1, 1, "b")]
