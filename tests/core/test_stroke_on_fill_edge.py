"""A stroke drawn along a fill's edge is a drawn rule, and the fill's edge too (ICDAR eu-021:
a shaded label column whose sides and a header band whose bottom are stroked). Joined into
one rule, the two kept the fill's id alone and the stroke was lost: a label cell merged over
two rows, its sides stroked, no longer read as one stroked box, and Why named only a fill."""

from __future__ import annotations

import pymupdf

from inspector.core.evidence.rules_vector import join_collinear
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, fast_rule

XS = (60.0, 170.0, 250.0, 330.0)
TOP, HEAD_H, ROW_H, LEADING = 100.0, 24.0, 16.0, 10.5
GROUPS = (("Allergy problems", ""), ("Chronic fatigue", "syndrome"), ("Asthma", ""), ("Back pain", ""))


def _shaded_pairs(stroke_sides: bool = True) -> bytes:
    """Groups of two ruled rows (Count, Percentage) beside a label cell merged over both, in a
    column shaded grey; a header band shaded darker. Every side of the table and the label
    column's sides are stroked, along the fills' edges (``stroke_sides``: else the label
    column's sides are left to its fill's edges)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    bottom = TOP + HEAD_H + 2 * ROW_H * len(GROUPS)
    shape = page.new_shape()
    shape.draw_rect(pymupdf.Rect(XS[0], TOP, XS[-1], TOP + HEAD_H))
    shape.finish(fill=(0.7, 0.7, 0.7), color=None)
    shape.draw_rect(pymupdf.Rect(XS[0], TOP + HEAD_H, XS[1], bottom))
    shape.finish(fill=(0.88, 0.88, 0.88), color=None)
    for x in XS if stroke_sides else XS[2:]:
        shape.draw_line((x, TOP), (x, bottom))
    for k in range(2 * len(GROUPS) + 1):
        y = TOP + HEAD_H + k * ROW_H
        shape.draw_line((XS[0] if k % 2 == 0 else XS[1], y), (XS[-1], y))
    shape.draw_line((XS[0], TOP), (XS[-1], TOP))
    shape.finish(width=0.8, color=(0, 0, 0))
    shape.commit()
    for x, text in ((XS[0] + 4, "Treatment"), (XS[2] + 4, "Suffered"), (XS[3] - 40, "Followed")):
        page.insert_text((x, TOP + 15), text, fontsize=9, fontname="helv")
    for g, (first, second) in enumerate(GROUPS):
        y = TOP + HEAD_H + 2 * g * ROW_H
        page.insert_text((XS[0] + 4, y + 11.5), first, fontsize=9, fontname="helv")
        if second:  # wrapped: the next line of the label, a line's spacing under the first
            page.insert_text((XS[0] + 4, y + 11.5 + LEADING), second, fontsize=9, fontname="helv")
        for r, (what, a, b) in enumerate((("Count", str(90 - g), str(70 - g)), ("Percentage", f"{18 - g}.5%", "4.4%"))):
            page.insert_text((XS[1] + 4, y + r * ROW_H + 11.5), what, fontsize=9, fontname="helv")
            page.insert_text((XS[2] + 4, y + r * ROW_H + 11.5), a, fontsize=9, fontname="helv")
            page.insert_text((XS[3] - 36, y + r * ROW_H + 11.5), b, fontsize=9, fontname="helv")
    return doc.tobytes()


def _run(data: bytes) -> PageResult:
    return Pipeline(open_document(data)).run(0)


def test_a_stroke_joined_with_a_fill_edge_stays_a_stroke() -> None:
    stroke = fast_rule("v", 60.0, 100.0, 300.0, 0.8, "vector", 0)
    edge = fast_rule("v", 60.2, 124.0, 300.0, 0.1, "vector", 224, fill=3)
    (joined,) = join_collinear([stroke, edge], gap=1.0, pos_tol=0.6)
    assert (joined.fill, joined.stroked, joined.drawn) == (3, True, True)
    (alone,) = join_collinear([edge], gap=1.0, pos_tol=0.6)
    assert (alone.fill, alone.stroked, alone.drawn) == (3, False, False)
    assert fast_rule("h", 1.0, 0.0, 9.0, 0.5, "vector", 0).drawn


def test_a_label_merged_over_two_rows_in_a_shaded_column_is_one_cell() -> None:
    res = _run(_shaded_pairs())
    (table,) = res.tables
    labels = {c.r: (c.rs, " ".join(c.text.split())) for c in table.cells if c.c == 0 and c.r > 0}
    assert labels == {1: (2, "Allergy problems"), 3: (2, "Chronic fatigue syndrome"), 5: (2, "Asthma"),
                      7: (2, "Back pain")}
    assert table.rows_text()[3][1:] == ["Count", "89", "69"]


def test_why_names_the_stroke_on_a_fill_edge() -> None:
    res = _run(_shaded_pairs())
    (table,) = res.tables
    assert table.grid is not None
    head = table.grid.row_evidence[1]  # the header band's bottom, stroked
    assert head.kind == "rule" and head.rules >= 1 and head.fills
    left = table.grid.col_evidence[0]  # the table's side: stroked, along both fills' left edges
    assert left.kind == "rule" and left.rules >= 1 and left.fills


def test_fill_edges_alone_stay_fill_edges() -> None:
    """The control: the label column's sides left to its fill's edges are no stroked box (a
    shaded column's fill has no edges between the rows it covers, yet its rows are rows)."""
    res = _run(_shaded_pairs(stroke_sides=False))
    (table,) = res.tables
    assert table.grid is not None
    side = table.grid.col_evidence[1]
    assert (side.kind, side.rules) == ("fill", 0)
    assert [c.rs for c in table.cells if c.c == 0 and c.r in (3, 4)] == [1, 1]
