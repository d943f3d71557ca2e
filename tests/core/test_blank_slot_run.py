"""``blankslots.text_run``: the edges of a row's text runs in one slot, and None where the row
has no text there (a slot held by a cell carried down from the row above: the crash of a fax
scan's ruled page, where a carried slot stood beside a blank one under a column rule drawn
nowhere). A page of known words built by PyMuPDF, a grid laid over it by hand."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.rect import Rect
from inspector.core.structure.blankslots import text_run
from inspector.core.structure.columns import WordCentres
from inspector.core.structure.region import RegionEvidence
from inspector.core.structure.regions import Candidate
from inspector.core.structure.wordslots import WordSlots
from inspector.core.types import Grid

WORDS = (("Region", 60.0, 100.0), ("North", 160.0, 100.0), ("1,204", 260.0, 100.0),
         ("South", 160.0, 130.0), ("987", 260.0, 130.0))


def _slots() -> tuple[RegionEvidence, WordSlots]:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    for text, x, y in WORDS:
        page.insert_text((x, y), text, fontsize=10)
    res = Pipeline(open_document(doc.tobytes())).run(0, Params())
    box = Rect(50.0, 85.0, 320.0, 145.0)
    ev = RegionEvidence.gather(Candidate(box, "ruled"), res.words, WordCentres(res.words), (), Params())
    grid = Grid(box, (50.0, 150.0, 250.0, 320.0), (85.0, 115.0, 145.0), "ruled")
    return ev, WordSlots(grid, ev)


def test_a_slots_text_run_is_its_words_edges() -> None:
    ev, slots = _slots()
    run = text_run(ev, slots, 0, 1)
    north = next(w for w in ev.words if w.text == "North").bbox
    assert run is not None and abs(run[0] - north.x0) < 0.5 and abs(run[1] - north.x1) < 0.5


def test_a_slot_without_text_in_its_row_has_no_run() -> None:
    """Row 1's first slot holds no word ("Region" above it may be carried down): no run, not a crash."""
    ev, slots = _slots()
    assert text_run(ev, slots, 1, 0) is None
