"""Cyclic garbage collection on the GUI thread only (``gui.collecting``): a cycle made in a
worker thread is freed by the GUI thread's timer, and no collection runs in the worker."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest

from inspector import startup
from inspector.gui.collecting import GuiCollector, generation_due


class Node:
    """A weakly referable object for a reference cycle."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture()
def collections() -> Iterator[list[tuple[int, int]]]:
    """(thread id, generation) of every collection while the test runs; collection restored."""
    seen: list[tuple[int, int]] = []

    def record(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append((threading.get_ident(), info["generation"]))

    was = gc.isenabled()
    gc.enable()
    gc.callbacks.append(record)
    yield seen
    gc.callbacks.remove(record)
    if was:
        gc.enable()
    else:
        gc.disable()


def _worker_garbage(refs: list[weakref.ref[Node]]) -> None:
    """Garbage cycles made in a thread, far past the young generation's threshold."""
    for _ in range(20 * gc.get_threshold()[0]):
        a, b = Node(), Node()
        a.other, b.other = b, a
        refs.append(weakref.ref(a))


def test_cycles_made_in_a_worker_are_collected_on_the_gui_thread(qtbot, collections) -> None:
    collector = GuiCollector(interval_ms=50)
    collector.start()
    try:
        assert not gc.isenabled()
        refs: list[weakref.ref[Node]] = []
        worker = threading.Thread(target=_worker_garbage, args=(refs,), name="garbage maker")
        worker.start()
        worker.join()
        worker_made = [t for t, _ in collections if t == worker.ident]
        assert worker_made == [], "the worker collected: automatic collection was on"
        assert all(r() is not None for r in refs)  # nothing freed them yet
        qtbot.waitUntil(lambda: all(r() is None for r in refs), timeout=10000)
    finally:
        collector.stop()
    gui = threading.get_ident()
    assert collections and {t for t, _ in collections} == {gui}
    assert collector.collections >= 1
    assert gc.isenabled()  # back on: it was on before


def test_a_host_that_turned_collection_off_keeps_it_off(qtbot, collections) -> None:
    gc.disable()
    collector = GuiCollector(interval_ms=50)
    collector.start()
    collector.stop()
    assert not gc.isenabled()


def test_startup_pause_then_the_timer_owns_collection(qtbot, collections) -> None:
    frozen = gc.get_freeze_count()
    startup.pause_gc_for_startup()
    collector = GuiCollector(interval_ms=50)
    collector.start()
    try:
        startup.resume_gc()  # the first page is shown: start-up's objects frozen, still off
        assert not gc.isenabled() and gc.get_freeze_count() >= frozen
    finally:
        collector.stop()
        gc.unfreeze()
    assert gc.isenabled()


def test_generation_due_follows_the_thresholds(collections) -> None:
    gc.collect()
    assert generation_due() is None  # counts just reset
    gc.disable()
    junk = [[] for _ in range(gc.get_threshold()[0] + 10)]
    assert generation_due() == 0 and len(junk) > 0
