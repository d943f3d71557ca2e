"""The limits of one page's OCR: its work, and a wall-clock guard.

A wall-clock limit reads less of a page on a busy machine than on an idle one (two cores
shared by eight processes made one fax page's 1.3 s of Tesseract take 6 s), so the same page
gave other words, and other tables, by the load. The page's budget is therefore its work,
the CPU time of the thread reading it (``ocr.cpu_seconds``); the wall clock
(``ocr.max_seconds``) stays as a guard against a Tesseract that hangs, and a page stopped by
either says so (``stop_note``).
"""

from __future__ import annotations

import time

STOP_WORK = "ocr.cpu_seconds"  # the page's work budget: the same on a busy machine as on an idle one
STOP_WALL = "ocr.max_seconds"  # the wall-clock guard: only a Tesseract that hangs, or a starved machine


class OcrClock:
    """What a page's OCR has spent: its work (the CPU time of the thread reading it: Tesseract
    reads on the caller's thread, so a busy machine slows the wall clock, not this) against
    ``cpu_seconds``, and the wall clock against ``wall_seconds``, a last-resort guard.

    The work is looked at between two Tesseract calls (a block, a cell): a stop falls at the
    same place whatever else the machine runs. Inside one call only Tesseract's own deadline,
    a wall clock, can stop it.
    """

    def __init__(self, cpu_seconds: float, wall_seconds: float) -> None:
        self.cpu_seconds, self.wall_seconds = cpu_seconds, wall_seconds
        self._cpu0, self._wall0 = time.thread_time(), time.perf_counter()

    def cpu(self) -> float:
        """CPU seconds spent since the clock started."""
        return time.thread_time() - self._cpu0

    def wall(self) -> float:
        """Wall seconds since the clock started."""
        return time.perf_counter() - self._wall0

    def wall_left(self) -> float:
        """Seconds the wall-clock guard still allows (at least 0.1: Tesseract's deadline)."""
        return max(self.wall_seconds - self.wall(), 0.1)

    def spent(self) -> str:
        """The limit already reached (``STOP_WORK``, ``STOP_WALL``), "" while neither is."""
        if self.cpu() >= self.cpu_seconds:
            return STOP_WORK
        return STOP_WALL if self.wall() >= self.wall_seconds else ""


STOPPED = "ocr stopped:"  # how a stop's note starts: the page's skip note for evidence kind "ocr_stopped"


def stop_note(stopped: str, ms: float, cpu_ms: float, what: str = "reading the page") -> tuple[str, ...]:
    """What a page says when the limit ``stopped`` stopped ``what`` after ``ms`` wall
    milliseconds and ``cpu_ms`` of work (its words then are incomplete); () when none did."""
    if stopped == STOP_WORK:
        return (f"{STOPPED} {what} after {cpu_ms / 1000:.1f} s of work (ocr.cpu_seconds): results incomplete, "
                "words may be missing",)
    if stopped == STOP_WALL:
        return (f"{STOPPED} {what} after {ms / 1000:.1f} s (ocr.max_seconds, the wall-clock guard; "
                f"{cpu_ms / 1000:.1f} s of work done: the machine was busy or Tesseract hung): "
                "results incomplete, words may be missing",)
    return ()
