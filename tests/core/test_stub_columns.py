"""A ruled table whose stub holds two label columns (a category set on the middle of three lines,
a level on each: "Med-low", "Med-high", "Very high") and whose rules frame each group of three
rows: the light rules between the rows are lost (a scan) or never drawn. Each line of amounts
after the two labels is a row of its own. Pages built here (PyMuPDF), exact expectations."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (90.0, 228.0, 300.0, 380.0, 460.0, 540.0)  # pt: the column rules
TOP, HEAD, LINE = 100.0, 30.0, 13.0  # pt: the table's top, its header row's height, a line's pitch
GROUPS = (("Fuel savings", (("5%", "8%", "0.5%"), ("15%", "15%", "2%"), ("30%", "35%", "10%"))),
          ("Occurrence", (("30%", "20%", "30%"), ("15%", "15%", "15%"), ("8%", "10%", "5%"))))
LEVELS = ("Med-low", "Med-high", "Very high")


def stub_table() -> bytes:
    """The table, rules around the header and each group of three rows only: no band holds one
    line, so no row pitch is measured (as on us-031a's scan, whose light rules were lost)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x, head in zip(XS[2:5], ("Accel", "Speed", "Idle"), strict=True):  # two lines: no one-line band
        page.insert_text((x + 4, TOP + 12), head, fontsize=9, fontname="helv")
        page.insert_text((x + 4, TOP + 24), "reduction", fontsize=9, fontname="helv")
    y = TOP + HEAD
    ys = [TOP, y]
    for label, rows in GROUPS:
        for k, (level, amounts) in enumerate(zip(LEVELS, rows, strict=True)):
            base = y + LINE * (k + 1) - 3
            if k == 1:
                page.insert_text((XS[0] + 4, base), label, fontsize=9, fontname="helv")
            page.insert_text((XS[1] + 4, base), level, fontsize=9, fontname="helv")
            for x, a in zip(XS[2:5], amounts, strict=True):
                page.insert_text((x + 30, base), a, fontsize=9, fontname="helv")
        y += 3 * LINE
        ys.append(y)
    for yy in ys:
        page.draw_line((XS[0], yy), (XS[-1], yy), width=0.6)
    for x in XS:
        page.draw_line((x, TOP), (x, ys[-1]), width=0.6)
    return doc.tobytes()


def test_two_stub_columns_before_rows_of_amounts_read_one_row_a_line() -> None:
    res = Pipeline(open_document(stub_table())).run(0)
    assert len(res.tables) == 1
    t = res.tables[0]
    rows: dict[int, dict[int, str]] = {}
    for c in t.cells:
        rows.setdefault(c.r, {})[c.c] = c.text
    assert len(rows) == 7  # the header and six rows of amounts
    levels = [rows[r].get(1, "") for r in sorted(rows)[1:]]
    assert levels == list(LEVELS) * 2
    assert [rows[r][4] for r in sorted(rows)[1:]] == ["0.5%", "2%", "10%", "30%", "15%", "5%"]
    assert any(c.text == "Fuel savings" and c.c == 0 for c in t.cells)


def test_explain_names_the_stub_labels() -> None:
    """The four boundaries inside the two groups are named; the drawn ones are rules."""
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    (exp,) = explain_page(Pipeline(open_document(stub_table())).run(0), Params())
    named = sorted(round(w.pos) for w in exp.rows if any(e.kind == "stub_labels" for e in w.evidence))
    assert named == [143, 156, 182, 195]
