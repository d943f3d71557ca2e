"""Python's cyclic garbage collector held off while a page is detected.

A detection makes tens of thousands of containers (span dicts, paths, words, rows, cells),
nearly all freed by reference counting as soon as their stage is done; what lives on is
the page's result. The collector does not know that: every 700 new containers it walks the
young ones still alive (a stage's working lists, the words made so far), and every tenth
time the older ones too, and finds no garbage cycle: a detection makes none (a test says so).
Held off for the detection, the collector walks what the detection kept once, after it.
Over the 67 ICDAR dev pages, each page's pipeline kept as the window keeps it: 300 young,
27 middle and 2 full collections without the hold, 60, 5 and none with it.

The collector is process-wide, so only the main thread holds it (a command-line detect runs
there; ``eval``'s guarded page runs and scan tasks run in threads of their own). A detection in another thread (the window's
Why or tags lanes) leaves it alone: holding it there would stop collection for the whole
window, GUI thread included, for as long as any such detection runs (a window's tests found
it off between detections). The hold nests; it turns collection back on only when it was on
before (a host that turned it off itself, as ``inspector.startup`` does while the window
starts, keeps it off).
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

_lock = threading.Lock()
_holders = 0  # nested holds of the main thread
_resume = False  # was collection on when the first of them started?


@contextlib.contextmanager
def collector_held() -> Iterator[None]:
    """No automatic cyclic collection inside the block, on the main thread only (see the
    module's docstring); elsewhere the block runs as it is."""
    global _holders, _resume
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    with _lock:
        if _holders == 0:
            _resume = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _resume:
                gc.enable()
