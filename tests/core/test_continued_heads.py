"""A table's head at a page's foot (its header and a row or two, or the header alone): too few
rows for page detection, read by ``multipage.heads`` in the columns of the next page's first
table and linked to it; "continued" markers in Korean, Chinese, Japanese and English around the
pieces (PyMuPDF's built-in CJK fonts); a running header's rule between the pieces; and the
controls: another table under a heading or caption, in the same columns, is not joined."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import proposed
from inspector.core.multipage.heads import HEAD_NOTE, adopt_heads, head_index
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.logical import logical_tables
from inspector.core.params import ContinuationParams
from inspector.core.types import PageResult
from tests.core.continued_pdfs import detect

W, H = 595.0, 842.0
XS = (60.0, 230.0, 320.0, 420.0, 535.0)  # column boundaries, pt
PITCH = 18.0  # row height, pt
SIZE = 9.0  # body type, pt
FOOT = 770.0  # the text area's foot: the last row of a full page ends here
HEADER = ("Item", "Qty", "Unit price", "Amount")


def body(k: int) -> tuple[str, ...]:
    """Body row ``k``: a label and three numbers."""
    return (f"Line item {k + 1}", str(k % 9 + 1), f"{(k * 37) % 900 + 100}.00", f"{(k * 7919) % 90000 + 1000:,}.00")


@dataclass
class Page:
    """What one page holds, top down: ``over`` lines (text, size, font) then table rows from
    ``y`` (None: no table) in ``xs``' columns, a rule under its first row (``ruled``: over and
    under the table too), then ``under`` lines."""

    rows: list[tuple[str, ...]] = field(default_factory=list)
    y: float | None = None
    over: list[tuple[str, float, str]] = field(default_factory=list)
    under: list[tuple[str, float, str]] = field(default_factory=list)
    xs: tuple[float, ...] = XS
    ruled: bool = True
    prose: float = 0.0  # the height of prose set from the top of the text area, pt


def _lines(page: pymupdf.Page, lines: list[tuple[str, float, str]], y: float) -> None:
    for text, size, font in lines:
        page.insert_text((XS[0], y + size), text, fontsize=size, fontname=font)
        y += size * 1.6


def build(pages: list[Page], rule: bool = True) -> bytes:
    """The pages under a running header (over a rule when ``rule``) and a page number."""
    doc = pymupdf.open()
    for n, spec in enumerate(pages, 1):
        page = doc.new_page(width=W, height=H)
        page.insert_text((XS[0], 40), "Northwind Tender 2025 - Bill of quantities", fontsize=8)
        if rule:
            page.draw_line((XS[0], 46), (XS[-1], 46), width=0.5)
        page.insert_text((W / 2 - 12, 815), f"Page {n}", fontsize=8)
        if spec.prose:
            page.insert_textbox(pymupdf.Rect(XS[0], 70, XS[-1], 70 + spec.prose),
                                "The works are priced on the quantities below and include delivery to site. " * 40,
                                fontsize=SIZE)
        if spec.y is None:
            continue
        over_h = sum(s * 1.6 for _, s, _ in spec.over)
        _lines(page, spec.over, spec.y - over_h - 4)
        for r, row in enumerate(spec.rows):
            for c, text in enumerate(row):
                if text:  # amounts flush right, labels flush left
                    x = spec.xs[c] + 4 if c == 0 else spec.xs[c + 1] - 4 - pymupdf.get_text_length(text, fontsize=SIZE)
                    page.insert_text((x, spec.y + r * PITCH + 12.5), text, fontsize=SIZE)
        end = spec.y + len(spec.rows) * PITCH
        for y in ((spec.y, spec.y + PITCH, end) if spec.ruled else (spec.y + PITCH,)):
            page.draw_line((spec.xs[0], y), (spec.xs[-1], y), width=0.6)
        _lines(page, spec.under, end + 4)
    return bytes(doc.tobytes())


def full(first: int, n: int, header: bool = True) -> list[tuple[str, ...]]:
    return ([HEADER] if header else []) + [body(k) for k in range(first, first + n)]


def _room(rows: int) -> float:
    """The top of a table of ``rows`` rows ending at the text area's foot."""
    return FOOT - rows * PITCH


def head_doc(head_rows: int, repeat: bool = True, over_next: list[tuple[str, float, str]] | None = None, second: list[tuple[str, ...]] | None = None,
             rule: bool = True) -> bytes:
    """Page 1: prose, then a heading and the table's header (a rule under it) with ``head_rows``
    - 1 body rows at its foot (three rows there are detected alone); page 2: the table going on from the top (its
    header again when ``repeat``), or ``second``'s rows; ``over_next``: lines over page 2's piece."""
    head = full(0, head_rows - 1)
    rest = second if second is not None else full(head_rows - 1, 30, repeat)
    top2 = 70.0 + sum(s * 1.6 for _, s, _ in (over_next or [])) + (4 if over_next else 0)
    return build([Page(head, _room(head_rows), [("Schedule 2 - Works", 12, "hebo")], ruled=False, prose=300),
                  Page(rest, top2, over_next or [])], rule)


def _pairs(raw: list[PageResult]) -> tuple[list[PageResult], list[tuple[int, int, int, int]]]:
    linked = link_pages(raw)
    return list(linked.results), [(c.prev_page, c.prev_index, c.next_page, c.next_index)
                                  for c in proposed(linked.continuations)]


@pytest.mark.parametrize(("head_rows", "repeat"), [(2, True), (2, False), (1, False), (1, True)])
def test_head_at_the_foot_is_read_and_linked(head_rows: int, repeat: bool, tmp_path: Path) -> None:
    raw = detect(head_doc(head_rows, repeat), tmp_path)
    assert not any(t.bbox.y0 > 600 for t in raw[0].tables)  # detection alone finds no head
    results, links = _pairs(raw)
    page1 = results[0]
    k = len(page1.tables) - 1
    assert head_index(page1) == {k}
    assert [[" ".join(x.split()) for x in r] for r in page1.tables[k].rows_text()] == \
        [list(r) for r in full(0, head_rows - 1)]
    assert page1.tables[k].header_rows == 1
    assert links == [(1, k, 2, 0)]
    c = proposed(link_pages(raw).continuations)[0]
    head = [e for e in c.evidence if e.kind == "head"]
    assert len(head) == 1 and f"a head of {head_rows} row" in head[0].detail and head[0].weight == 0.35
    assert any(n.startswith(HEAD_NOTE + f": table {k + 1},") for n in page1.notes)
    assert c.repeated_header == (1 if repeat else 0)
    # Stacked, the head opens the logical table: its header once, then every body row in order.
    linked = link_pages(raw)
    stacked = [t for t in logical_tables(list(linked.results), linked.continuations) if t.n_rows > 20]
    assert len(stacked) == 1 and stacked[0].header_rows == 1
    assert [[" ".join(x.split()) for x in r] for r in stacked[0].rows_text()] == [list(r) for r in full(0, head_rows + 29)]


def test_heads_off_leaves_the_pages_alone(tmp_path: Path) -> None:
    raw = detect(head_doc(2), tmp_path)
    assert adopt_heads(raw, ContinuationParams(heads=False)) == raw
    assert adopt_heads(raw, ContinuationParams(enabled=False)) == raw
    assert len(adopt_heads(raw)[0].tables) == len(raw[0].tables) + 1


OTHER = ("Ref.", "Description", "Unit", "Total")


@pytest.mark.parametrize("case", ["heading", "caption", "other-header", "columns", "columns-no-header"])
def test_another_table_in_the_same_columns_gets_no_head(case: str, tmp_path: Path) -> None:
    """Control: page 2 opens with a heading (or a caption) over a table in the same columns, with
    a header of other words, or with a table of five columns (under its own header or none):
    the block at page 1's foot is no head of it, nothing is adopted or linked."""
    over: dict[str, list[tuple[str, float, str]]] = {"heading": [("3. Payment schedule", 13.0, "hebo")],
                                                      "caption": [("Table 4. Payments", SIZE, "helv")]}
    second = full(1, 30, True)
    if case == "other-header":
        second = [OTHER, *second[1:]]
    pdf = head_doc(2, True, over_next=over.get(case), second=second)
    if case.startswith("columns"):
        rows = [(*body(k), "see note") for k in range(1, 30)]
        pdf = build([Page(full(0, 1), _room(2), [("Schedule 2 - Works", 12, "hebo")], ruled=False, prose=300),
                     Page(rows if "no-header" in case else [(*HEADER, "Note"), *rows], 70.0,
                          xs=(60.0, 200.0, 260.0, 340.0, 440.0, 535.0))])
    raw = detect(pdf, tmp_path)
    results, links = _pairs(raw)
    assert results == raw
    assert links == []


MARKERS = [("(계속)", "korea"), ("계속", "korea"), ("（续）", "china-s"), ("(续)", "china-s"), ("续表", "china-s"),
           ("(続き)", "japan"), ("続き", "japan"), ("cont'd", "helv"), ("continued", "helv")]


@pytest.mark.parametrize(("marker", "font"), MARKERS, ids=[m for m, _ in MARKERS])
@pytest.mark.parametrize("where", ["over", "under"])
def test_marker_in_any_script_links_without_a_repeated_header(marker: str, font: str, where: str,
                                                               tmp_path: Path) -> None:
    """A whole table's first piece ends at page 1's foot, page 2 goes on without its header: a
    marker line over page 2's piece or under page 1's (bracketed, full-width or bare) is named."""
    line = [(f"Schedule 2 {marker}" if where == "over" else marker, SIZE, font)]
    first = Page(full(0, 35), _room(36) - (14.4 if where == "under" else 0), under=line if where == "under" else [])
    second = Page(full(35, 20, False), 70.0 + 18.4 if where == "over" else 70.0, line if where == "over" else [])
    pdf = build([first, second])
    raw = detect(pdf, tmp_path)
    _, links = _pairs(raw)
    assert links == [(1, 0, 2, 0)]
    conts = proposed(link_pages(raw).continuations)
    said = [e.detail for e in conts[0].evidence if e.kind == "marker"]
    assert len(said) == 1 and marker in said[0] and f"page {2 if where == 'over' else 1}" in said[0]


@pytest.mark.parametrize("rule", [True, False])
def test_running_header_between_the_pieces_is_ignored(rule: bool, tmp_path: Path) -> None:
    """The running header (over its rule or not) and the page number stand between the pieces."""
    pdf = build([Page(full(0, 35), _room(36)), Page(full(35, 20, False), 70.0)], rule)
    raw = detect(pdf, tmp_path)
    _, links = _pairs(raw)
    assert links == [(1, 0, 2, 0)]
    conts = proposed(link_pages(raw).continuations)
    assert any(e.kind == "margin" and "Page 1" in e.detail for e in conts[0].evidence)


NOTES_XS = (60.0, 230.0, 290.0, 370.0, 460.0, 535.0)  # the table's columns with a notes column last


def test_column_blank_on_the_next_page_still_continues(tmp_path: Path) -> None:
    """Page 1's piece has a notes column its rows fill, page 2's leaves it blank (4 columns
    detected against 5): the narrower piece's columns stand inside the wider's, in order."""
    first = Page([(*HEADER, "Note"), *[(*body(k), "see 3") for k in range(35)]], _room(36), xs=NOTES_XS)
    pdf = build([first, Page([(*body(k), "") for k in range(35, 55)], 70.0, xs=NOTES_XS)])
    raw = detect(pdf, tmp_path)
    assert [(t.n_cols, t.bbox.y0 < 100) for r in raw for t in r.tables] == [(5, False), (4, True)]
    conts = proposed(link_pages(raw).continuations)
    assert [(c.prev_page, c.next_page, c.columns) for c in conts] == [(1, 2, (0, 1, 2, 3))]
    assert any(e.kind == "columns" and "5 columns against 4" in e.detail and not e.veto for e in conts[0].evidence)


@pytest.mark.parametrize(("over", "said"), [([("Table 5. Payments", SIZE, "helv")], "a caption between the pieces"),
                                            ([("5. Payments", 13, "hebo")], "text between the pieces")])
def test_a_captioned_table_of_other_columns_is_not_joined(over: list[tuple[str, float, str]], said: str,
                                                          tmp_path: Path) -> None:
    """Control: page 2 opens with a caption or heading over a table of four columns under its
    own header: the line between, the column counts and the header each refuse the link."""
    first = Page([(*HEADER, "Note"), *[(*body(k), "see 3") for k in range(35)]], _room(36), xs=NOTES_XS)
    pdf = build([first, Page(full(35, 20), 70.0 + 18.4, over)])
    conts = link_pages(detect(pdf, tmp_path)).continuations
    assert proposed(conts) == ()
    c = next(c for c in conts if (c.prev_page, c.next_page) == (1, 2))
    assert c.reason == f"{said} on page 2: \"{over[0][0]}\""
    vetoes = [e.kind for e in c.evidence if e.veto]
    assert vetoes == ["caption" if said.startswith("a caption") else "text", "columns", "header"]


@pytest.mark.parametrize(("marker", "font"), [("(계속)", "korea"), ("（续）", "china-s"), ("(続き)", "japan")])
def test_marker_row_taken_in_over_the_repeated_header(marker: str, font: str, tmp_path: Path) -> None:
    """The "continued" title over page 2's piece, taken in by detection as its first row, stands
    over the header set again: the header counts as repeated under it, and the stacked table
    keeps neither (its header once, every body row in order)."""
    line = [(f"Schedule 2 {marker}", SIZE, font)]
    pdf = build([Page(full(0, 35), _room(36)), Page(full(35, 20), 88.4, line)])
    raw = detect(pdf, tmp_path)
    assert [" ".join(x for x in raw[1].tables[0].rows_text()[0] if x).replace(" ", "")] == \
        [f"Schedule 2 {marker}".replace(" ", "")]  # the line is the piece's first row
    linked = link_pages(raw)
    conts = proposed(linked.continuations)
    assert [(c.prev_page, c.next_page, c.repeated_header) for c in conts] == [(1, 2, 2)]
    assert [e.detail for e in conts[0].evidence if e.kind == "header"] == \
        ["repeats the header (1 row) under the \"continued\" line that opens it"]
    stacked = [t for t in logical_tables(list(linked.results), linked.continuations) if t.n_rows > 20]
    assert [[" ".join(x.split()) for x in r] for r in stacked[0].rows_text()] == [list(r) for r in full(0, 55)]
