"""Two close columns parted at the row rules' joints under a head band painted cell by cell
and a group head spanning both (issue 25; ``grid._columns``' ruled branch,
``rulejoints._first_broken``).

ConTeXt (and Word) paint a shaded head one cell at a time: the fills' edges between the head
cells read as vertical rules, so the region is a ruled one, though no rule runs through the
body. Its body columns are then the text's, and an amount set right and the remark set left
in the next cell, 2 pt apart, were one column: the row rules' joints, which part them in a
table with no vertical rules, were not asked. A group head centred over the two ("Costing"
over "Amount" and "Remark") runs across their edge, yet stands over the highest row rule
broken there (the rule over it runs on unbroken): it spans the two cells and vetoes nothing.
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (60.0, 200.0, 300.0, 400.0, 520.0)  # the cells' edges, pt
TOP, PITCH, SIZE, PAD = 100.0, 16.0, 9.0, 2.0
BODY = (("Projector", "34", "83,300,000", "installed on site"), ("Network switch", "35", "102,060,000", ""),
        ("Office chair", "15", "52,200,000", "one-year service"), ("Laser printer", "6", "23,400,000", ""),
        ("Monitor", "24", "87,168,000", "supplied by the client"), ("Total", "", "348,128,000", ""))
SHADE = (0.85, 0.9, 0.95)


def _text(page: pymupdf.Page, text: str, x0: float, x1: float, y: float, how: str, bold: bool = False) -> None:
    font = "hebo" if bold else "helv"
    width = pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
    x = {"left": x0 + PAD, "right": x1 - PAD - width, "centre": (x0 + x1 - width) / 2}[how]
    page.insert_text((x, y + 12), text, fontsize=SIZE, fontname=font)


def _pdf(top_broken: bool = False) -> bytes:
    """A two-row head on fills painted cell by cell ("Item" and "Qty" over both rows, "Costing"
    over "Amount" and "Remark"), the body's row rules stroked cell by cell, no vertical rule.
    ``top_broken``: the rule over "Costing" breaks where "Amount" and "Remark" meet too."""
    doc = pymupdf.open()
    page = doc.new_page(width=600, height=800)
    y0, y1, y2 = TOP, TOP + PITCH, TOP + 2 * PITCH
    for x0, x1, a, b in ((XS[0], XS[1], y0, y2), (XS[1], XS[2], y0, y2), (XS[2], XS[4], y0, y1),
                         (XS[2], XS[3], y1, y2), (XS[3], XS[4], y1, y2)):
        page.draw_rect(pymupdf.Rect(x0, a, x1, b), color=None, fill=SHADE, width=0)
    cells = list(zip(XS, XS[1:], strict=False))
    top = cells if top_broken else [*cells[:2], (XS[2], XS[4])]
    for x0, x1 in top:
        page.draw_line((x0, y0), (x1, y0), color=(0, 0, 0), width=0.5)
    under = [(y1, cells[2:])] + [(y2 + r * PITCH, cells) for r in range(len(BODY) + 1)]
    for y, spans in under:  # under "Costing", under the head, under each body row: cell by cell
        for x0, x1 in spans:
            page.draw_line((x0, y), (x1, y), color=(0, 0, 0), width=0.5)
    _text(page, "Item", XS[0], XS[1], y0 + PITCH / 2, "left", True)
    _text(page, "Qty", XS[1], XS[2], y0 + PITCH / 2, "centre", True)
    _text(page, "Costing", XS[2], XS[4], y0, "centre", True)
    _text(page, "Amount", XS[2], XS[3], y1, "centre", True)
    _text(page, "Remark", XS[3], XS[4], y1, "centre", True)
    for r, row in enumerate(BODY):
        for c, (text, how) in enumerate(zip(row, ("left", "right", "right", "left"), strict=True)):
            _text(page, text, XS[c], XS[c + 1], y2 + r * PITCH, how)
    return bytes(doc.tobytes())


def _body(pdf: bytes) -> list[list[str]]:
    (table,) = Pipeline(open_document(pdf)).run(0, Params()).tables
    return table.rows_text()[-len(BODY):]


def test_amount_and_remark_part_at_the_joints_under_a_shaded_head() -> None:
    assert [row[-2:] for row in _body(_pdf())] == [[r[2], r[3]] for r in BODY]
    (table,) = explain_page(Pipeline(open_document(_pdf())).run(0, Params()), Params())
    (why,) = [w for w in table.cols if abs(w.pos - XS[3]) < 1.0]
    assert why.evidence[0].kind == "rule_joints" and why.evidence[0].value == len(BODY) + 2  # every rule under "Costing"


def test_a_word_across_the_joint_under_its_highest_broken_rule_keeps_them_one() -> None:
    """With the rule over "Costing" broken where the cells meet too, "Costing" runs across the
    cells' edge under the highest broken rule: the joint opens nothing (as before)."""
    body = _body(_pdf(top_broken=True))
    assert [row[-1] for row in body] == [f"{r[2]} {r[3]}".strip() for r in BODY]
