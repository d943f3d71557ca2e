"""Page layouts that line up like a borderless table are none (``structure.layouts``): an
invoice's address blocks side by side, a slice of a page set in columns, a text box set in
columns, and a grid cut through a filled text box. The tables that look alike stay: a table
with the same lines but column heads that name quantities, rows of addresses parted by rules,
a table in a page column, a ruled table with a header row and body rows."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.rect import Rect
from inspector.core.structure.columns import WordCentres
from inspector.core.structure.layouts import page_columns
from inspector.core.structure.region import RegionEvidence
from inspector.core.structure.regions import Candidate
from inspector.core.types import Grid, PageResult

A4 = (595.0, 842.0)
SIZE = 9.0
PITCH = 12.0  # pt between baselines


def _params(**tables: bool) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, **tables))


def _detect(pdf: bytes, **tables: bool) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, _params(**tables))


def _pdf(draw: object) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    draw(page)  # type: ignore[operator]
    return doc.tobytes()


def _columns(page: pymupdf.Page, xs: Sequence[float], top: float, cols: Sequence[Sequence[str]]) -> None:
    """Each column's lines from baseline ``top`` at ``PITCH``, flush left at its x."""
    for x, lines in zip(xs, cols, strict=True):
        for k, text in enumerate(lines):
            if text:
                page.insert_text((x, top + k * PITCH), text, fontsize=SIZE, fontname="helv")


ADDRESSES = [["BILL TO:", "Northwind Finance", "12 Harbour Road,", "Leeds LS1 4AB"],
             ["SHIP TO:", "Northwind Depot", "40 Mill Lane,", "York YO1 7HH"],
             ["SERVICE ADDRESS:", "Northwind Offices", "7 Station Street,", "Hull HU1 2AA"]]
FIGURES = [["Region", "North", "South", "East"],
           ["Units", "1,204", "980", "224"],
           ["Revenue", "41,200", "33,900", "7,850"]]


def _blocks(cols: Sequence[Sequence[str]]) -> bytes:
    return _pdf(lambda page: _columns(page, (50.0, 230.0, 410.0), 200.0, cols))


def test_address_blocks_side_by_side_are_no_table_and_explain_names_them() -> None:
    pdf = _blocks(ADDRESSES)
    assert len(_detect(pdf, labelled_blocks=False).tables) == 1  # without the evidence: a 4 x 3 table
    res = _detect(pdf)
    assert res.tables == ()
    (rej,) = [r for r in explain(res, _params()).rejected if "tables.labelled_blocks" in r.params]
    assert rej.reason.startswith("labelled blocks side by side: 3 columns each headed by a label ending "
                                 "in a colon over 3 lines at one pitch")
    assert rej.flip == ("tables.labelled_blocks", 0.0)


def test_the_same_lines_under_column_heads_without_colons_stay_a_table() -> None:
    res = _detect(_blocks(FIGURES))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(4, 3)]


def test_addresses_in_rows_parted_by_rules_stay_a_table() -> None:
    def draw(page: pymupdf.Page) -> None:
        _columns(page, (50.0, 230.0), 200.0, [["If you live in:", "", "Ohio", "", "Utah", "", "Iowa"],
                                              ["Mail your form to:", "", "PO Box 1", "", "PO Box 2", "", "PO Box 3"]])
        for k in range(4):  # a rule under each record, midway to the next
            y = 200.0 + 2 * k * PITCH + 0.75 * PITCH
            page.draw_line((45, y), (400, y), width=0.8)
    res = _detect(_pdf(draw))
    assert not any(r.param == "tables.labelled_blocks" for r in res.regions)


PROSE = ("the committee met in the spring and agreed that every member would report on the work of "
         "their group before the summer so that the plans could be set out for the coming year and "
         "the budget could be drawn up in good time for the vote in the autumn when all were back")


def _prose_lines(n: int, width: int = 38) -> list[str]:
    words, lines, line = PROSE.split(), list[str](), ""
    k = 0
    while len(lines) < n:
        w = words[k % len(words)]
        k += 1
        if len(line) + len(w) + 1 > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    return lines


XS = (50.0, 230.0, 410.0)  # three page columns of running prose, ``_prose_lines(n, 30)`` each


def _slice_verdict(middle: Sequence[Sequence[str]] | None, above: str, below: str) -> str:
    """``layouts.page_columns`` over the grid of three columns and four lines at the middle of
    a page: ``middle`` the lines of its three columns (None: three columns of prose, a page set
    in columns); ``above``, ``below``: the text around it, "columns" (prose in each page column)
    or "spanning" (full-width paragraphs, as above and below a table)."""
    top = 100.0 + 6 * PITCH
    def draw(page: pymupdf.Page) -> None:
        for where, y in ((above, 100.0), (below, top + 4 * PITCH)):
            if where == "columns":
                _columns(page, XS, y, [_prose_lines(6, 30)] * 3)
            else:
                _columns(page, XS[:1], y, [_prose_lines(6, 100)])
        _columns(page, XS, top, middle or [_prose_lines(4, 30)] * 3)
    res = Pipeline(open_document(_pdf(draw))).run(0, Params())
    box = Rect(XS[0], top - SIZE - 1, 580.0, top + 3 * PITCH + 3)
    ev = RegionEvidence.gather(Candidate(box, "aligned"), res.words, WordCentres(res.words), (), Params())
    ys = (box.y0, *(top + k * PITCH - SIZE - 1 for k in range(1, 4)), box.y1)
    return page_columns(Grid(box, (box.x0, XS[1] - 5, XS[2] - 5, box.x1), ys, "aligned"), ev)


def test_a_slice_of_a_page_set_in_columns_is_no_table() -> None:
    assert _slice_verdict(None, "columns", "columns") == (
        "a slice of a page set in columns: running text goes on above and below it in each of its 3 columns, "
        "each line within one column")


def test_a_table_between_paragraphs_or_with_columns_on_one_side_only_is_no_slice() -> None:
    assert _slice_verdict(FIGURES, "spanning", "spanning") == ""
    assert _slice_verdict(None, "spanning", "columns") == ""  # a table under its caption paragraph
    assert _slice_verdict(None, "columns", "spanning") == ""


def _panel(second_row_text: bool) -> bytes:
    """A panel ruled at its top, middle and bottom: two columns of prose paragraphs in its upper
    part; the lower part empty (a picture's place) or holding a second row of text."""
    def draw(page: pymupdf.Page) -> None:
        for y in (90.0, 200.0, 320.0):
            page.draw_line((40, y), (560, y), width=1.0)
        _columns(page, (50.0, 310.0), 110.0, [_prose_lines(7), _prose_lines(7)])
        if second_row_text:
            _columns(page, (50.0, 310.0), 220.0, [_prose_lines(7), _prose_lines(7)])
    return _pdf(draw)


def test_prose_in_two_columns_between_two_rules_stays_a_table() -> None:
    """Paragraphs in two columns, all in one band between a top and a bottom rule: a text box set
    in columns, or a two-column table of descriptions ruled above and below only (a term beside
    its definition). Nothing drawn tells the two apart, so it is left a table: a rejection of
    such panels (here for a while) took a real table off a page of the hold-out set."""
    for second_row_text in (False, True):
        res = _detect(_panel(second_row_text=second_row_text))
        assert len(res.tables) == 1
        assert not any(r.param == "tables.text_boxes" for r in res.regions)


def _cut_box(filled: bool) -> bytes:
    """Lone marks down the left; to their right a shaded box whose five lines begin above them."""
    def draw(page: pymupdf.Page) -> None:
        if filled:
            page.draw_rect(pymupdf.Rect(300, 150, 460, 260), color=None, fill=(0.83, 0.83, 0.83))
        _columns(page, (310.0,), 170.0, [["One", "Two", "Three", "Four", "Five"]])
        _columns(page, (60.0,), 170.0 + 2 * PITCH, [["+", "$", "%"]])
    return _pdf(draw)


def test_a_grid_cut_through_a_filled_text_box_is_no_table() -> None:
    pdf = _cut_box(filled=True)
    off = _detect(pdf, text_boxes=False)
    assert len(off.tables) == 1  # the marks beside the box's lower lines
    res = _detect(pdf)
    assert res.tables == ()
    assert [r.reason.split(":")[0] for r in res.regions if r.param == "tables.text_boxes"] == \
        ["cuts through a text box"]


NOTES = [["1", "2", "a"],
         ["Most widely used regimen in adults due to its low cost and wide availability",
          "In those without cirrhosis the treatment lasts for twelve weeks in all groups",
          "Where the genotype is not known the longer course should be given to all"]]


def _notes(cols: Sequence[Sequence[str]]) -> bytes:
    """Notes between two rules, each a marker beside one line of text."""
    def draw(page: pymupdf.Page) -> None:
        page.draw_line((40, 186), (560, 186), width=0.8)
        _columns(page, (45.0, 60.0), 200.0, cols)
        page.draw_line((40, 230), (560, 230), width=0.8)
    return _pdf(draw)


def test_numbered_notes_between_rules_are_no_table() -> None:
    pdf = _notes(NOTES)
    assert len(_detect(pdf, numbered_notes=False).tables) == 1
    res = _detect(pdf)
    assert res.tables == ()
    assert [r.reason for r in res.regions if r.param == "tables.numbered_notes"] == \
        ["numbered notes: each of its 3 rows is a note marker beside running text (a list, not a table)"]


def test_numbers_beside_numbers_or_labels_beside_text_stay_a_table() -> None:
    numbers = [["1", "2", "3"], ["1,204", "980", "224"]]
    labels = [["T1", "T2", "T3"], NOTES[1]]
    for cols in (numbers, labels):
        res = _detect(_notes(cols))
        assert not any(r.param == "tables.numbered_notes" for r in res.regions)
