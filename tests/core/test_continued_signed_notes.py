"""A note under the first piece that starts with a sign one of its cells carries ("1,370*"
over "* Restated; see note 4.") is that cell's footnote, set on its page: the table goes on
overleaf without a repeated header (``continuation.marked_notes``). Built by PyMuPDF, fpdf2
and reportlab (``test_continued_numbering``'s pieces)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.params import ContinuationParams
from tests.core.test_continued_markers import detect
from tests.core.test_continued_numbering import HEAD, PRODUCERS, X0, _rows


def _signed(producer: str, sign: str, mark_cell: bool) -> bytes:
    """Page 1's piece (no header repeated on page 2) with row 8's amount ending in ``sign``
    (when ``mark_cell``), the note "``sign`` Restated; see note 4." set in 7 pt one line under
    the piece's lowest word."""
    full = PRODUCERS[producer][1]
    first = _rows("en", 1, full - 1)
    if mark_cell:
        first[7] = (*first[7][:4], first[7][4] + sign)
    pdf = PRODUCERS[producer][0]([(HEAD["en"], first), (None, _rows("en", full, full + 20))], "en")
    doc = pymupdf.open("pdf", pdf)
    page = doc[0]
    y = max(w[3] for w in page.get_text("words") if w[3] < 790) + 11
    page.insert_text((X0, y), f"{sign} Restated; see note 4.", fontsize=7)
    return bytes(doc.tobytes())


SIGNED = [("pymupdf", "*"), ("pymupdf", "**"), ("fpdf2", "*"), ("reportlab", "*")]


@pytest.mark.parametrize(("producer", "sign"), SIGNED, ids=[f"{p}-{s}" for p, s in SIGNED])
def test_note_by_a_cells_sign_does_not_close_the_table(producer: str, sign: str, tmp_path: Path) -> None:
    results = detect(_signed(producer, sign, True), tmp_path)
    conts = proposed(find_continuations(results))
    assert [(c.prev_page, c.next_page) for c in conts] == [(1, 2)]
    assert any(e.kind == "footnote" and "a sign that one of its cells carries" in e.detail for e in conts[0].evidence)
    # The switch decides: off, the sign's note closes the table as a note by its label does.
    off = find_continuations(results, ContinuationParams(marked_notes=False))
    assert proposed(off) == () and off[0].reason.startswith("a note closes the first piece")


@pytest.mark.parametrize("producer", ["pymupdf", "fpdf2"])
def test_note_by_a_sign_no_cell_carries_still_closes(producer: str, tmp_path: Path) -> None:
    """Control: the same note where no cell carries its sign is a note written after the
    table's last row: without a repeated header or a marker it closes the table."""
    conts = find_continuations(detect(_signed(producer, "*", False), tmp_path))
    assert proposed(conts) == () and conts[0].reason.startswith("a note closes the first piece")
