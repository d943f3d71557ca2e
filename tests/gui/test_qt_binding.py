"""Guards against a broken Qt binding: PySide6 6.12.0 drops a reference to True on every
Python ``Signal.emit()``, so a long session crashes with "bool_dealloc"."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Probe(QObject):
    fired = Signal(int)


def test_signal_emit_keeps_reference_counts(qapp) -> None:
    probe = _Probe()
    seen: list[int] = []
    probe.fired.connect(seen.append)
    before = sys.getrefcount(True), sys.getrefcount(False)
    for i in range(200):
        probe.fired.emit(i)
    after = sys.getrefcount(True), sys.getrefcount(False)
    assert len(seen) == 200
    assert abs(after[0] - before[0]) < 20 and abs(after[1] - before[1]) < 20, (before, after)
