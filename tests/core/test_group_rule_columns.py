"""Two-level headers with no column rules: a group label ("Price details", "가격 내역") over
three sub-headers, a rule under the group label from the group's first column to its last,
over right-aligned amounts. The white between
the spec column and the quantities is wide in the body; the first sub-header ("Qty"), set flush
left where the others are set right, sits in its left part. The column boundary belongs at the underline's start (the group's first column
starts there), not in the strip of white right of the sub-header: else "Qty" lands in the
spec column. Built with PyMuPDF and with reportlab; explain names the rule. The mechanism is a
switch (``columns.group_rules``), off by default: it added ragged rows on the hold-out set."""

from __future__ import annotations

import io

import pymupdf
import pytest
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (56.0, 149.0, 277.0, 324.0, 405.0, 492.0, 565.0)  # item | spec | qty | unit price | amount | remark
SIZE = 8.5
HEAD = (("Item", "Spec", "Price details", "", "", "Remark"), ("", "", "Qty", "Unit", "Amount", ""))
BODY = (("Storage", "NAS 4-bay 16TB", "20", "4,305,000", "86,100,000", ""),
        ("Video kit", "Camera and microphone set", "19", "862,000", "16,378,000", ""),
        ("UPS", "3kVA online", "3", "1,733,000", "5,199,000", "spare"),
        ("Switch", "48 port managed", "12", "911,000", "10,932,000", ""),
        ("Cabling", "Cat6 set", "40", "55,000", "2,200,000", ""))


def _pymupdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top, pitch = 120.0, 17.0
    for r, row in enumerate((*HEAD, *BODY)):
        y = top + r * pitch + 11
        for c, text in enumerate(row):
            if not text:
                continue
            w = pymupdf.get_text_length(text, fontname="helv", fontsize=SIZE)
            if r == 0 and c == 2:
                x = (XS[2] + XS[5]) / 2 - w / 2  # the group label centred over its columns
            elif r >= len(HEAD) - 1 and 2 <= c <= 4 and text != "Qty":
                x = XS[c + 1] - 8 - w  # amounts right-aligned, their sub-headers too
            else:
                x = XS[c] + 8  # labels and sub-headers flush left
            page.insert_text((x, y), text, fontsize=SIZE, fontname="helv")
    page.draw_line((XS[2], top + pitch), (XS[5], top + pitch), width=1.0)  # the group's underline
    page.draw_line((XS[0], top + 2 * pitch), (XS[-1], top + 2 * pitch), width=2.0)  # under the header
    return doc.tobytes()


def _reportlab() -> bytes:
    widths = [XS[k + 1] - XS[k] for k in range(len(XS) - 1)]
    style = TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", SIZE), ("SPAN", (2, 0), (4, 0)),
                        ("ALIGN", (2, 0), (4, 0), "CENTER"), ("ALIGN", (2, 2), (4, -1), "RIGHT"), ("ALIGN", (3, 1), (4, 1), "RIGHT"),
                        ("LINEBELOW", (2, 0), (4, 0), 1.0, (0, 0, 0)), ("LINEBELOW", (0, 1), (-1, 1), 2.0, (0, 0, 0)),
                        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                        ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8)])
    buf = io.BytesIO()
    table = Table([list(r) for r in (*HEAD, *BODY)], colWidths=widths, hAlign="LEFT")
    table.setStyle(style)
    SimpleDocTemplate(buf, pagesize=A4, leftMargin=XS[0]).build([table])
    return buf.getvalue()


@pytest.mark.parametrize("build", [_pymupdf, _reportlab], ids=["pymupdf", "reportlab"])
def test_sub_header_flush_left_under_a_group_rule_stays_in_its_column(build) -> None:
    pdf = build()
    params = Params().with_value("columns.group_rules", True)
    res = Pipeline(open_document(pdf)).run(0, params)
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    assert rows[1] == list(HEAD[1])
    assert rows[2:] == [list(r) for r in BODY]
    why = explain_page(res, params)[0]
    said = [w.decision for w in why.cols if w.kept and any(e.kind == "group_rule" for e in w.evidence)]
    assert len(said) == 2 and all("under a group label" in x for x in said)  # the underline's two ends


def test_off_by_default_no_boundary_is_moved_to_a_group_rule() -> None:
    res = Pipeline(open_document(_pymupdf())).run(0)
    why = explain_page(res, Params())[0]
    assert not any(e.kind == "group_rule" for w in why.cols for e in w.evidence)
