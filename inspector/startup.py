"""Garbage collection paused while the window starts.

Importing PySide6 and PyMuPDF makes hundreds of thousands of objects; each full collection
during start-up walks all of them (about 30 ms here) and finds next to nothing, since
start-up makes no garbage cycles worth it. So collection is paused from the command line
until the window's first page is on screen, then resumed with everything made so far
frozen (moved out of the collector's sight, as ``gc.freeze`` does), which also keeps later
full collections short while a slider is dragged.

The window's process then hands collection to its GUI thread (``gui.collecting``): automatic
collection stays off and a timer there collects. ``resume_gc`` still freezes start-up's
objects, but leaves automatic collection off while ``hand_over`` says so.
"""

from __future__ import annotations

import gc

_paused = False
_handed_over = False  # a GUI-thread timer collects instead (``gui.collecting``)


def hand_over(on: bool) -> None:
    """Say that something else collects (``on``): ``resume_gc`` then leaves collection off."""
    global _handed_over
    _handed_over = on


def pause_gc_for_startup() -> None:
    """Stop automatic collection until ``resume_gc`` (a no-op when already paused)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def is_paused() -> bool:
    """Whether ``pause_gc_for_startup`` holds collection (``resume_gc`` not yet called)."""
    return _paused


def resume_gc() -> None:
    """Undo ``pause_gc_for_startup``: freeze what start-up made, collect automatically again
    (unless handed over). Does nothing when collection was not paused by this module (a host
    that disabled it)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        if not _handed_over:
            gc.enable()
