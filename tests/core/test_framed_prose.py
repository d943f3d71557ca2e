"""Running text inside a drawn frame (a research poster's border around two columns of
paragraphs; Foxit's printer's poster in the wild set is the real example): the frame's sides
are rules meeting, so it makes a ruled grid, while its rows come from the text alone (one
column's paragraph ends where the other's goes on). Every column holds lines of eight words or
more: prose, no table (``tables.framed_prose``), and its area is claimed (no other region reads
its text). Built with PyMuPDF; with the switch off the frame is read as a table (the old reading);
a frame around a label-and-amount table with no rule between its rows stays a table."""

from __future__ import annotations

from dataclasses import replace

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

X0, X1, GUTTER = 40.0, 572.0, 24.0
TOP, PITCH, SIZE = 90.0, 13.0, 9.0
WORDS = ("the proposed method was applied to crystal arrays of different sizes and the results show that the "
         "positioning error falls as the weighting coefficient grows while the energy resolution is kept "
         "within the range measured for the conventional scheme and the readout channels stay the same so "
         "that no further electronics are needed in the detector module for the improved decoding of depth").split()


def _lines(width: float, words: list[str]) -> list[str]:
    """``words`` broken into lines no wider than ``width`` at ``SIZE`` (Helvetica)."""
    lines, line = [], ""
    for w in words:
        trial = f"{line} {w}".strip()
        if pymupdf.get_text_length(trial, fontname="helv", fontsize=SIZE) > width and line:
            lines.append(line)
            line = w
        else:
            line = trial
    return [*lines, line]


def framed_poster() -> bytes:
    """A frame around two columns, each of two paragraphs; the left column's first paragraph is
    longer than the right's, so the paragraph breaks stand at different heights."""
    width = (X1 - X0 - 3 * GUTTER) / 2
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    columns = ((X0 + GUTTER, (WORDS, WORDS[:30])), (X0 + 2 * GUTTER + width, (WORDS[10:], WORDS)))
    bottom = TOP
    for x, paragraphs in columns:
        y = TOP
        for words in paragraphs:
            for text in _lines(width, words):
                y += PITCH
                page.insert_text((x, y), text, fontsize=SIZE)
            y += PITCH  # an empty line between paragraphs
        bottom = max(bottom, y)
    page.draw_rect(pymupdf.Rect(X0, TOP - PITCH, X1, bottom + PITCH), color=(0, 0, 0), width=1.0)
    return bytes(doc.tobytes())


def framed_amounts() -> bytes:
    """A frame around a label-and-amount table, no rule between its rows: a table."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rows = (("Subscription, options and packages for the month of July", "24.99"),
            ("Calls to mobile phones and other operators abroad", "0.00"),
            ("One-off services and occasional charges", "0.00"), ("Value added tax at twenty per cent", "5.00"),
            ("Total of the invoice, all taxes included", "29.99"))
    for k, (label, amount) in enumerate(rows):
        page.insert_text((X0 + 6, TOP + (k + 1) * PITCH), label, fontsize=SIZE)
        page.insert_text((X1 - 6 - pymupdf.get_text_length(amount, fontsize=SIZE), TOP + (k + 1) * PITCH), amount,
                         fontsize=SIZE)
    page.draw_rect(pymupdf.Rect(X0, TOP, X1, TOP + (len(rows) + 0.6) * PITCH), color=(0, 0, 0), width=1.0)
    return bytes(doc.tobytes())


def _run(pdf: bytes, on: bool = True) -> PageResult:
    params = Params()
    params = replace(params, tables=replace(params.tables, framed_prose=on))
    return Pipeline(open_document(pdf)).run(0, params)


def test_framed_prose_is_no_table() -> None:
    result = _run(framed_poster())
    assert result.tables == ()
    said = [r for r in result.regions if r.param == "tables.framed_prose"]
    assert len(said) == 1 and said[0].reason.startswith("running text in a drawn frame")
    assert said[0].source == "ruled"


def test_switch_off_reads_the_frame_as_a_table() -> None:
    (table,) = _run(framed_poster(), on=False).tables
    assert table.n_cols == 2


def test_framed_amounts_stay_a_table() -> None:
    (table,) = _run(framed_amounts()).tables
    assert (table.n_rows, table.n_cols) == (5, 2)
