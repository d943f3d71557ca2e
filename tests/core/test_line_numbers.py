"""Pleading paper's line numbers (1 .. 28 down the left margin at one pitch, beside a vertical
rule) are page furniture: they no longer join the caption block beside them as a first column.
A table whose rows are numbered 1 .. 12 keeps its numbers."""

from __future__ import annotations

import dataclasses

import pymupdf

from inspector.core.evidence.linenumbers import line_numbers
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.core.types import PageResult

PITCH, FIRST, NUM_RIGHT = 24.0, 80.0, 57.6  # pt: the numbers' pitch, first baseline, right edge
CAPTION = {8: ("JANE DOE,", "Case No."), 9: ("Plaintiff,", "COMPLAINT"), 10: ("vs.", "(Negligence)"),
           11: ("ACME CO.,", "Claim Amount $10,000"), 12: ("Defendant.", "ORS 21.160")}


def pleading_page() -> bytes:
    """Numbers 1 .. 28 right-aligned at ``NUM_RIGHT`` beside a rule, a two-column caption block on
    lines 8 .. 12, a paragraph on lines 15 .. 18; the other lines blank."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for n in range(1, 29):
        y = FIRST + (n - 1) * PITCH
        text = str(n)
        page.insert_text((NUM_RIGHT - pymupdf.get_text_length(text, "tiro", 12), y), text, fontsize=12, fontname="tiro")
        if n in CAPTION:
            left, right = CAPTION[n]
            page.insert_text((80, y), left, fontsize=12, fontname="tiro")
            page.insert_text((330, y), right, fontsize=12, fontname="tiro")
        elif 15 <= n <= 18:
            page.insert_text((80, y), "At all material times the defendant was a corporation doing business here.",
                             fontsize=12, fontname="tiro")
    page.draw_line((64, 40), (64, 752), width=0.5)
    return doc.tobytes()


def _detect(pdf: bytes, on: bool = True) -> PageResult:
    p = Params()
    return Pipeline(open_document(pdf)).run(0, dataclasses.replace(p, tables=dataclasses.replace(p.tables,
                                                                                                  line_numbers=on)))


def _first_column(res: PageResult) -> list[str]:
    (t,) = res.tables
    return [c.text for c in t.cells if c.c == 0]


def test_pleading_line_numbers_are_no_table_column() -> None:
    pdf = pleading_page()
    off = _detect(pdf, on=False)
    assert [c.split()[0] for c in _first_column(off)] == ["8", "9", "10", "11", "12", "15", "16", "17", "18"]
    on = _detect(pdf)
    assert _first_column(on) == ["JANE DOE,", "Plaintiff,", "vs.", "ACME CO.,", "Defendant."]
    (region,) = [r for r in on.regions if r.param == "tables.line_numbers"]
    assert region.reason.startswith("line numbers: numbers counting up by one down the page's margin")
    assert region.bbox.x1 < NUM_RIGHT + 0.5 and region.bbox.y0 < FIRST < FIRST + 27 * PITCH < region.bbox.y1
    assert sum(w.furniture for w in on.words) == 28


def test_a_table_with_numbered_rows_keeps_its_numbers() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for n in range(1, 13):
        y = 100 + n * 16
        page.insert_text((60, y), str(n), fontsize=10, fontname="helv")
        page.insert_text((90, y), f"Item {n}", fontsize=10, fontname="helv")
        page.insert_text((300, y), f"{n * 3}.50", fontsize=10, fontname="helv")
    page.insert_text((60, 340), "\u00b9 \u00b2", fontsize=10, fontname="helv")  # superscript digits: no integers
    assert line_numbers(extract_words(open_document(doc.tobytes()).page(0))) == frozenset()
