"""A pleading's caption (the parties on the left, the case's title on the right, a column of
")" typed one a line between them) is no table; explain says why. A table with a ")" alone in a
few cells of a column that holds values too is still a table."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

LEFT = ("DISCOVER BANK,", "", "Plaintiff,", "vs.", "", "JOHN Q. SAMPLE,", "", "Defendant(s)")
RIGHT = ("", "PLAINTIFF'S COMPLAINT", "BREACH OF CONTRACT", "CLAIM RANGE: $6,760.77", "ORS Sec. 21.160",
         "Claim is subject to mandatory", "arbitration", "")
PITCH = 14.0  # pt: the caption's lines


def _caption() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 100), "IN THE CIRCUIT COURT OF THE STATE OF OREGON", fontsize=11, fontname="tiro")
    for k, (left, right) in enumerate(zip(LEFT, RIGHT, strict=True)):
        y = 140 + k * PITCH
        if left:
            page.insert_text((72, y), left, fontsize=11, fontname="tiro")
        page.insert_text((300, y), ")", fontsize=11, fontname="tiro")
        if right:
            page.insert_text((330, y), right, fontsize=11, fontname="tiro")
    page.insert_text((72, 300), "Plaintiff alleges as follows. The defendant opened an account with the plaintiff",
                     fontsize=11, fontname="tiro")
    return doc.tobytes()


def _ledger() -> bytes:
    """Six rows of a label, an amount and a note; the amount column closes a bracket alone twice."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rows = (("Fees", "120.00", "paid"), ("Interest", ")", "accrued"), ("Principal", "6,000.00", "due"),
            ("Charges", "40.77", "paid"), ("Credits", ")", "applied"), ("Total", "6,760.77", "due"))
    for k, row in enumerate(rows):
        for x, text in zip((72, 300, 400), row, strict=True):
            page.insert_text((x, 140 + k * PITCH), text, fontsize=11, fontname="tiro")
    return doc.tobytes()


def _run(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, Params())


def test_a_court_caption_is_no_table() -> None:
    res = _run(_caption())
    assert res.tables == ()
    reasons = [r.reason for r in explain(res, Params()).rejected if r.reason.startswith("a court caption")]
    assert reasons == ["a court caption: a column of closing parentheses typed down its middle, one a line on 6 of "
                       "its 6 rows, parts the parties from the case's title; two blocks of text, no table"]


def test_a_column_of_values_with_a_bracket_alone_in_two_rows_is_a_table() -> None:
    (t,) = _run(_ledger()).tables
    assert (t.n_rows, t.n_cols) == (6, 3)
