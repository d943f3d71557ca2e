"""OCR's limits: a page's budget is its work (CPU time), the same on a busy machine as on an
idle one; the wall clock is a last-resort guard, and a page it stopped says so by name."""

from __future__ import annotations

import time

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading import ocr_blocks
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr_clock import STOP_WALL, STOP_WORK, OcrClock
from inspector.core.types import OCR_STOPPED
from tests.core._scan_pdfs import scanned
from tests.core.test_ocr import needs_tesseract

ROWS = (("Region", "Sales", "Staff"), ("North", "412", "18"), ("South", "388", "21"), ("West", "127", "9"))


def table_scan() -> bytes:
    """An image-only page, 200 dpi grey: a small table of words and numbers."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i, row in enumerate(ROWS):
        for x, text in zip((100.0, 220.0, 320.0), row, strict=True):
            page.insert_text((x, 150.0 + 22.0 * i), text, fontsize=12, fontname="helv")
    return scanned(page)


def work(seconds: float) -> None:
    """Spend ``seconds`` of this thread's CPU time (however long the machine takes to give it)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def slowed(monkeypatch: pytest.MonkeyPatch, seconds: float, busy: bool = False) -> None:
    """Make the page's OCR wait ``seconds`` before its first block: asleep (another process had
    the CPU: a loaded machine) or ``busy`` (working: the page's own cost)."""
    found = ocr_blocks.text_blocks

    def late(*args: object) -> list[tuple[int, int, int, int]]:
        if busy:
            work(seconds)
        else:
            time.sleep(seconds)
        return found(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ocr_blocks, "text_blocks", late)


def read(pdf: bytes, params: Params | None = None):  # type: ignore[no-untyped-def]
    return Pipeline(open_document(pdf)).run(0, params or Params())


def test_sleeping_is_no_work_and_the_wall_guard_still_ends_it() -> None:
    clock = OcrClock(cpu_seconds=0.5, wall_seconds=0.1)
    time.sleep(0.15)
    assert clock.cpu() < 0.05 and clock.spent() == STOP_WALL
    patient = OcrClock(cpu_seconds=0.05, wall_seconds=60.0)
    time.sleep(0.1)
    assert patient.spent() == ""  # asleep: no work done
    work(0.06)
    assert patient.spent() == STOP_WORK


@needs_tesseract
def test_a_loaded_machine_reads_the_same_words(monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = table_scan()
    calm = read(pdf)
    assert calm.words_source == "ocr" and [w.text for w in calm.words][:3] == list(ROWS[0])
    slowed(monkeypatch, 1.5)  # longer than the old page's whole reading here
    loaded = read(pdf, Params().with_value("ocr.cpu_seconds", 1.0))
    assert [(w.text, w.bbox) for w in loaded.words] == [(w.text, w.bbox) for w in calm.words]
    assert [t.rows_text() for t in loaded.tables] == [t.rows_text() for t in calm.tables]
    assert not loaded.warnings and OCR_STOPPED not in loaded.skipped


@needs_tesseract
def test_a_page_stopped_by_the_wall_clock_guard_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = table_scan()
    slowed(monkeypatch, 1.2)
    res = read(pdf, Params().with_value("ocr.max_seconds", 1.0))
    assert res.words == () and res.tables == ()
    stops = [w for w in res.warnings if w.startswith("ocr stopped:")]
    assert len(stops) == 1 and "ocr.max_seconds" in stops[0] and "results incomplete" in stops[0], res.warnings
    assert "wall-clock guard" in stops[0] and "ocr.cpu_seconds" not in stops[0]
    assert res.skipped == (OCR_STOPPED,) and res.skip_notes() == [(OCR_STOPPED, stops[0])]


@needs_tesseract
def test_a_page_over_its_work_budget_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    pdf = table_scan()
    slowed(monkeypatch, 1.1, busy=True)
    res = read(pdf, Params().with_value("ocr.cpu_seconds", 1.0))
    stops = [w for w in res.warnings if w.startswith("ocr stopped:")]
    assert len(stops) == 1 and "of work (ocr.cpu_seconds)" in stops[0], res.warnings
    assert res.words == () and res.skipped == (OCR_STOPPED,)
