"""The window tests run under the window process's collection regime (see conftest)."""

from __future__ import annotations

import gc
import threading


def test_a_window_test_collects_from_the_gui_thread_only(qtbot) -> None:
    """Automatic collection is off (a worker thread never collects), the GUI-thread timer
    collects what a worker leaves: a cycle made in a thread is gone after a few ticks."""
    assert not gc.isenabled()
    seen: list[int] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(threading.get_ident())

    class Node:
        pass

    def make_cycle() -> None:
        for _ in range(5000):  # past generation 0's threshold
            a, b = Node(), Node()
            a.other, b.other = b, a  # type: ignore[attr-defined]

    gc.callbacks.append(record)
    try:
        worker = threading.Thread(target=make_cycle)
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: len(seen) > 0, timeout=5000)
    finally:
        gc.callbacks.remove(record)
    assert set(seen) == {threading.get_ident()}
