"""Issue 25 (an Acrobat 11 extract of a 10-K table): two group labels set flush right over two
cmidrules drawn a dash's gap apart, as financial statements set every head. The strokes join
into one rule (``vector.dash_gap``); the gap is kept (``Rule.breaks``) and each cmidrule groups
the columns under it, its label one cell over them. Built with PyMuPDF at exact coordinates."""

from __future__ import annotations

import pymupdf

from inspector.core.evidence.rules_vector import join_collinear
from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rule

W, H = 612.0, 792.0
XS = (36.0, 154.0, 247.0, 297.0, 366.0, 421.0, 473.0, 521.0, 576.0)  # a label column, seven amounts
SIZE, TOP = 8.0, 60.0
# Label, and its cmidrule's ends (pt): the first starts inside column 1 and ends inside column
# 4, the second starts a dash's gap after it and runs to the table's right edge.
GROUPS = (("Primary modification type (1)", 160.0, 415.0), ("Financial effects of modifications", 418.75, 576.0))
# Column heads stacked over up to five lines, set flush bottom ("|" ends a line).
HEADS = ("($ in millions)", "Principal|forgiveness", "Interest|rate|reduction", "Other|concessions (2)", "Total",
         "Charge-|offs (3)", "Weighted|average|interest|rate|reduction", "Recorded|investment|related to|interest rate|"
         "reduction (4)")
LEAD = 6.9  # pt: the heads' leading
BODY = (("Commercial", "24", "24", "349", "397", "1", "10.69%", "24"),
        ("Real estate", "12", "41", "112", "124", "4", "0.92", "12"),
        ("Lease financing", "2", "7", "2", "2", "1", "1.5", "7"),
        ("Total", "38", "72", "463", "523", "6", "7.51", "43")) * 3  # rows enough that one head line may cross a gap
PAD = 2.6  # pt between a label's end and its rule's
LABEL = 78.0  # pt: the first group label's width (condensed type: far from centred when set flush right)


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    """``text`` ending at ``x1`` on baseline ``y``."""
    page.insert_text((x1 - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)


def layout(centred: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    mid, head = TOP + 12.75, TOP + 48.3
    page.draw_line((XS[0], TOP), (XS[-1], TOP), width=2)
    for label, start, end in GROUPS:
        # Drawn as a thin filled and stroked rectangle, as Acrobat's export draws its rules.
        page.draw_rect(pymupdf.Rect(start, mid - 0.25, end, mid + 0.25), color=(0, 0, 0), fill=(0, 0, 0), width=0.5)
        size = SIZE * LABEL / pymupdf.get_text_length(GROUPS[0][0], fontsize=SIZE)
        width = pymupdf.get_text_length(label, fontsize=size)
        page.insert_text(((start + end - width) / 2 if centred else end - PAD - width, mid - 2.5), label, fontsize=size)
    page.insert_text((XS[0] + 2, head - 4), HEADS[0], fontsize=SIZE)
    for c, text in enumerate(HEADS[1:], start=1):
        lines = text.split("|")
        for k, line in enumerate(lines):
            _right(page, XS[c + 1] - PAD, head - 4 - LEAD * (len(lines) - 1 - k), line)
    page.draw_line((XS[0], head), (XS[-1], head), width=1)
    y = head
    for row in BODY:
        y += 13
        page.insert_text((XS[0] + 2, y - 3), row[0], fontsize=SIZE)
        for c, text in enumerate(row[1:], start=1):
            _right(page, XS[c + 1] - PAD, y - 3, text)
    page.draw_line((XS[0], y + 2), (XS[-1], y + 2), width=1)
    return bytes(doc.tobytes())


def _first_row(pdf: bytes) -> list[tuple[int, int, str]]:
    result = Pipeline(open_document(pdf)).run(0)
    assert len(result.tables) == 1
    t = result.tables[0]
    assert (t.n_rows, t.n_cols) == (2 + len(BODY), 8)
    return sorted((c.c, c.cs, c.text) for c in t.cells if c.r == 0 and c.text)


def test_labels_flush_right_over_cmidrules_a_dash_apart_span_their_columns() -> None:
    assert _first_row(layout()) == [(1, 4, GROUPS[0][0]), (5, 3, GROUPS[1][0])]


def test_centred_labels_over_cmidrules_a_dash_apart_span_their_columns_too() -> None:
    assert _first_row(layout(centred=True)) == [(1, 4, GROUPS[0][0]), (5, 3, GROUPS[1][0])]


def _h(a: float, b: float) -> Rule:
    return Rule("h", 100.0, a, b, 0.5)


def test_a_join_keeps_the_gap_between_long_strokes_only() -> None:
    (pair,) = join_collinear([_h(180, 405), _h(408.75, 576)], gap=4.0, pos_tol=0.6)
    assert (pair.start, pair.end, pair.breaks) == (180, 576, ((405, 408.75),))
    (dashes,) = join_collinear([_h(50 + 6 * k, 53 + 6 * k) for k in range(20)], gap=4.0, pos_tol=0.6)
    assert dashes.breaks == ()  # a dashed line's short dashes leave no break
    (cells,) = join_collinear([_h(50, 250), _h(250.2, 330)], gap=4.0, pos_tol=0.6)
    assert cells.breaks == ()  # strokes met end to end: a joint, no gap


def test_explain_names_the_flush_label_on_the_boundaries_inside_its_cell() -> None:
    result = Pipeline(open_document(layout())).run(0)
    (why,) = explain_page(result, Params())
    marked = [k for k, w in enumerate(why.cols) if any(e.kind == "flush_label" for e in w.evidence)]
    assert marked == [2, 3, 4, 6, 7]  # inside columns 1-4 and 5-7
    assert "set flush right" in why.cols[2].decision and GROUPS[0][0] in why.cols[2].decision
