"""Cyclic garbage collection on the GUI thread only.

Python's automatic collection runs in whichever thread happens to allocate past the
threshold: a worker thread, then, may run the finalizers of any garbage cycle, including one
holding a Qt object (a widget's closure, a signal's slot), and delete that object off the GUI
thread, which Qt forbids (a crash, or a warning at best, long after the cause). So the
window's process turns automatic collection off and collects from a timer on the GUI
thread instead, as PySide applications do: every ``INTERVAL_MS`` it compares the
collector's counts with its thresholds and collects the generation the automatic collector
would have (young ones often, the full one seldom). Garbage made in a worker waits at most
one tick.

Automatic collection comes back on when the collector stops (the window's end), unless it
was off before it started (a host's choice).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

from .. import startup

INTERVAL_MS = 250  # between two looks at the collector's counts (one look costs microseconds)


def generation_due() -> int | None:
    """The oldest generation automatic collection would collect now, or None (not due)."""
    counts, limits = gc.get_count(), gc.get_threshold()
    if limits[0] == 0 or counts[0] <= limits[0]:
        return None
    gen = 0
    for g in (1, 2):
        if counts[g] <= limits[g]:
            break
        gen = g
    return gen


class GuiCollector(QObject):
    """Collects from a timer on the thread it lives on (the GUI thread); see the module doc."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)
        self._restore = False  # turn automatic collection back on at stop()
        self.collections = 0

    def start(self) -> None:
        """Automatic collection off, the timer on (start-up's pause counts as on)."""
        if self.timer.isActive():
            return
        self._restore = gc.isenabled() or startup.is_paused()
        gc.disable()
        startup.hand_over(True)
        self.timer.start()

    def stop(self) -> None:
        """The timer off and automatic collection as it was before ``start``."""
        if not self.timer.isActive():
            return
        self.timer.stop()
        startup.hand_over(False)
        if self._restore and not startup.is_paused():
            gc.enable()

    def tick(self) -> None:
        gen = generation_due()
        if gen is not None:
            gc.collect(gen)
            self.collections += 1
