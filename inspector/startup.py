"""Garbage collection paused while the window starts.

Importing PySide6 and PyMuPDF makes hundreds of thousands of objects; each full collection
during start-up walks all of them (about 30 ms here) and finds next to nothing, since
start-up makes no garbage cycles worth it. So collection is paused from the command line
until the window's first page is on screen, then resumed with everything made so far
frozen (moved out of the collector's sight, as ``gc.freeze`` does), which also keeps later
full collections short while a slider is dragged.
"""

from __future__ import annotations

import gc

_paused = False


def pause_gc_for_startup() -> None:
    """Stop automatic collection until ``resume_gc`` (a no-op when already paused)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_gc() -> None:
    """Undo ``pause_gc_for_startup``: freeze what start-up made, collect automatically again.
    Does nothing when collection was not paused by this module (a host that disabled it)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
