"""A form field's check-box options set side by side in one ruled cell, a rule drawn between
them, are one cell read option by option, not two columns (issue 25: Form 1040's dependents,
"[ ] Full-time student | [ ] Permanently and totally disabled" under each "Dependent n", were
two columns each; its tags hold one cell per dependent). Built with PyMuPDF and reportlab."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, Table

H = 842.0
X = (60.0, 160.0, 260.0, 360.0, 460.0, 560.0)  # label column, then two fields of two option slots
YS = (100.0, 116.0, 132.0, 160.0, 188.0)  # header, a name row, two rows of options
SUB = (X[2], X[4])  # drawn only through the option rows
OPTIONS = ((("Full-time", "student"), ("Permanently", "disabled")), (("Child tax", "credit"), ("Credit for", "others")))
BOX = 8.0

# A drawing: ("line", x0, y0, x1, y1) | ("box", x0, y0, side) | ("text", x, baseline, text, bold)
Op = tuple[object, ...]


def _layout(boxes: bool = True) -> list[Op]:
    ops: list[Op] = [("line", X[0], y, X[-1], y) for y in YS]
    ops += [("line", x, YS[0], x, YS[-1]) for x in X if x not in SUB]
    ops += [("line", x, YS[2], x, YS[-1]) for x in SUB]
    ops.append(("text", X[0] + 4, YS[0] + 11, "", True))
    for k, x in enumerate((X[1], X[3])):
        ops.append(("text", x + 70, YS[0] + 11, f"Dependent {k + 1}", True))
    ops.append(("text", X[0] + 4, YS[1] + 11, "First name", False))
    for r, label in ((2, "Check if"), (3, "Credits")):
        ops.append(("text", X[0] + 4, YS[r] + 11, label, False))
        for x0 in X[1:-1]:
            left = (x0 - X[1]) % 200 == 0  # the field's first option
            first, second = OPTIONS[r - 2][0 if left else 1]
            if boxes:
                ops.append(("box", x0 + 4, YS[r] + 4, BOX))
            ops.append(("text", x0 + 16, YS[r] + 11, first, False))
            ops.append(("text", x0 + 16, YS[r] + 21, second, False))
    return [op for op in ops if op[0] != "text" or op[3]]


def _pymupdf(ops: list[Op]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=H)
    for op in ops:
        if op[0] == "line":
            page.draw_line(op[1:3], op[3:5], width=0.5)
        elif op[0] == "box":
            x, y, s = (float(v) for v in op[1:4])  # type: ignore[arg-type]
            page.draw_rect(pymupdf.Rect(x, y, x + s, y + s), width=0.5)
        else:
            page.insert_text(op[1:3], str(op[3]), fontsize=8, fontname="hebo" if op[4] else "helv")
    return doc.tobytes()


def _reportlab(ops: list[Op]) -> bytes:
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, H))
    c.setLineWidth(0.5)
    for op in ops:
        if op[0] == "line":
            x0, y0, x1, y1 = (float(v) for v in op[1:5])  # type: ignore[arg-type]
            c.line(x0, H - y0, x1, H - y1)
        elif op[0] == "box":
            x, y, s = (float(v) for v in op[1:4])  # type: ignore[arg-type]
            c.rect(x, H - y - s, s, s, stroke=1, fill=0)
        else:
            c.setFont("Helvetica-Bold" if op[4] else "Helvetica", 8)
            c.drawString(float(op[1]), H - float(op[2]), str(op[3]))  # type: ignore[arg-type]
    c.showPage()
    c.save()
    return buf.getvalue()


def _table(pdf: bytes, params: Params | None = None) -> tuple[Table, PageResult]:
    res = Pipeline(open_document(pdf)).run(0, params or Params())
    (table,) = res.tables
    return table, res


PRODUCERS: list[Callable[[list[Op]], bytes]] = [_pymupdf, _reportlab]


@pytest.mark.parametrize("make", PRODUCERS, ids=["pymupdf", "reportlab"])
def test_options_side_by_side_are_one_cell_read_option_by_option(make: Callable[[list[Op]], bytes]) -> None:
    table, res = _table(make(_layout()))
    # The rules between the options leave the grid: each field is one column, its options one cell.
    assert (table.n_rows, table.n_cols) == (4, 3)
    assert table.grid is not None and [round(x) for x in table.grid.xs] == [round(X[k]) for k in (0, 1, 3, 5)]
    assert all(c.rs == c.cs == 1 for c in table.cells)
    assert table.rows_text() == [
        ["", "Dependent 1", "Dependent 2"],
        ["First name", "", ""],
        ["Check if", "Full-time\nstudent\nPermanently\ndisabled", "Full-time\nstudent\nPermanently\ndisabled"],
        ["Credits", "Child tax\ncredit\nCredit for\nothers", "Child tax\ncredit\nCredit for\nothers"]]
    assert [(r, round(x)) for r, x in table.grid.option_splits] == [(2, 260), (2, 460), (3, 260), (3, 460)]
    (why,) = explain_page(res, Params())
    said = {round(w.pos): w for w in why.dropped if w.axis == "col" and not w.kept}
    for x in SUB:
        assert [e.kind for e in said[round(x)].evidence] == ["check_box_options"]
        assert "check-box options" in said[round(x)].decision
        assert "in row(s) 3, 4 the options are one cell, read option by option" in said[round(x)].decision
    assert all("check_box_options" not in [e.kind for e in w.evidence] for w in why.cols)


@pytest.mark.parametrize("make", PRODUCERS, ids=["pymupdf", "reportlab"])
def test_values_without_check_boxes_keep_their_columns(make: Callable[[list[Op]], bytes]) -> None:
    """The same table with no boxes: two values under a header spanning them stay two cells."""
    table, _ = _table(make(_layout(boxes=False)))
    assert table.grid is not None and table.grid.option_splits == () and table.n_cols == 5
    assert table.rows_text()[2] == ["Check if", *["Full-time\nstudent", "Permanently\ndisabled"] * 2]


def test_with_check_boxes_off_the_options_stay_apart() -> None:
    """``tables.check_boxes`` off: no box is set aside, so nothing tells the options."""
    p = Params()
    off = dataclasses.replace(p, tables=dataclasses.replace(p.tables, check_boxes=False))
    res = Pipeline(open_document(_pymupdf(_layout()))).run(0, off)
    assert all(t.grid is not None and t.grid.option_splits == () and t.n_cols == 5 for t in res.tables)
