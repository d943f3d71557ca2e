"""A MuPDF run that stops at a deadline: its cookie's abort flag, set by the kernel.

MuPDF checks ``fz_cookie.abort`` between the objects of a page it interprets or draws (each
display-list node, each content-stream operator), so setting it stops a render within one
object. PyMuPDF's bindings hold the GIL through a MuPDF call, so no Python thread (nor a
Python signal handler) can run meanwhile to set it. On Linux a thread blocked in ``read`` on
a ``timerfd`` holds no GIL, and the kernel itself writes the timer's expiry count (a uint64,
1 on the first expiry) at the address it was given: the cookie's ``abort`` (an int, and the
``progress`` int after it, which MuPDF only counts in). Elsewhere the flag is set between
calls only (``expired`` reads the clock), and callers keep their own pacing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
import time
from typing import Any

from pymupdf import mupdf

CLOCK_MONOTONIC = 1
TFD_CLOEXEC = 0o2000000


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


class _Itimerspec(ctypes.Structure):
    _fields_ = [("it_interval", _Timespec), ("it_value", _Timespec)]


def _libc() -> Any:
    """The C library when it has timerfd (Linux), else None."""
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return None
    if not (hasattr(lib, "timerfd_create") and hasattr(lib, "timerfd_settime")):
        return None
    lib.read.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
    lib.read.restype = ctypes.c_ssize_t
    return lib


_LIBC = _libc()


class Deadline:
    """A cookie whose ``abort`` is set ``seconds`` after the ``with`` block starts.

    Pass ``cookie`` to MuPDF calls; ``expired`` says whether it was set (the run it stopped
    left its output incomplete). ``stoppable`` is True when the kernel sets it inside a call.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = max(0.0, seconds)
        self.cookie = mupdf.FzCookie()
        self._end = 0.0
        self._fd = -1
        self._thread: threading.Thread | None = None

    @property
    def stoppable(self) -> bool:
        return self._fd >= 0

    def __enter__(self) -> Deadline:
        self._end = time.monotonic() + self.seconds
        if _LIBC is not None:
            self._fd = _LIBC.timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC)
        if self._fd >= 0:
            self._arm(self.seconds)
            address = int(self.cookie.m_internal.this)  # fz_cookie.abort is its first field
            self._thread = threading.Thread(target=_LIBC.read, args=(self._fd, address, 8), daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._thread is not None:  # fire at once so the read ends, then wait: it writes into the cookie
            self._arm(1e-9)
            self._thread.join()
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def _arm(self, seconds: float) -> None:
        whole = int(seconds)
        spec = _Itimerspec(_Timespec(0, 0), _Timespec(whole, max(1, int((seconds - whole) * 1e9))))
        _LIBC.timerfd_settime(self._fd, 0, ctypes.byref(spec), None)

    @property
    def expired(self) -> bool:
        """Was the deadline met (the cookie's abort set)? Sets it when the clock says so."""
        if not self.cookie.m_internal.abort and time.monotonic() >= self._end:
            self.cookie.m_internal.abort = 1
        return bool(self.cookie.m_internal.abort)

    def left(self) -> float:
        """Seconds until the deadline (0 after it)."""
        return max(0.0, self._end - time.monotonic())


def display_list(page: Any, deadline: Deadline) -> Any:
    """``page`` (a PyMuPDF page) recorded as a MuPDF display list, as PyMuPDF's
    ``get_displaylist`` records it (annotations included), or None when the deadline stopped
    the recording."""
    raw = page.this if isinstance(page.this, mupdf.FzPage) else mupdf.FzPage(page.this)
    dl = mupdf.FzDisplayList(mupdf.fz_bound_page(raw))
    dev = mupdf.fz_new_list_device(dl)
    try:
        mupdf.fz_run_page(raw, dev, mupdf.FzMatrix(), deadline.cookie)
    except (RuntimeError, mupdf.FzErrorBase):  # an aborted interpreter may throw rather than return
        if not deadline.expired:
            raise
    _close(dev, deadline)
    return None if deadline.expired else dl


def draw(dl: Any, matrix: Any, clip: Any, deadline: Deadline, colorspace: Any = None) -> Any:
    """The part ``clip`` (a PyMuPDF Rect of the list's space; None: all) of display list ``dl``
    drawn with ``matrix`` in ``colorspace`` (a PyMuPDF one; grey by default), on white, as
    PyMuPDF's ``DisplayList.get_pixmap`` draws it (the same pixels); a PyMuPDF Pixmap,
    incomplete when ``deadline.expired``."""
    import pymupdf

    infinite = clip is None
    rclip = mupdf.FzRect(mupdf.FzRect.Fixed_INFINITE) if infinite else mupdf.FzRect(clip.x0, clip.y0, clip.x1, clip.y1)
    m = mupdf.FzMatrix(matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
    rect = mupdf.fz_intersect_rect(mupdf.fz_bound_display_list(dl), rclip)
    irect = mupdf.fz_round_rect(mupdf.fz_transform_rect(rect, m))
    pix = mupdf.fz_new_pixmap_with_bbox((colorspace or pymupdf.csGRAY).this, irect, mupdf.FzSeparations(), 0)
    mupdf.fz_clear_pixmap_with_value(pix, 0xFF)
    dev = mupdf.fz_new_draw_device(m, pix) if infinite else mupdf.fz_new_draw_device_with_bbox(m, pix, irect)
    mupdf.fz_run_display_list(dl, dev, mupdf.FzMatrix(), rclip, deadline.cookie)
    _close(dev, deadline)
    return pymupdf.Pixmap("raw", pix)


def _close(dev: Any, deadline: Deadline) -> None:
    """Close a device; a run the deadline stopped may leave its groups and clips open, which
    closing reports as an error (the output is incomplete and dropped anyway)."""
    try:
        mupdf.fz_close_device(dev)
    except (RuntimeError, mupdf.FzErrorBase):
        if not deadline.expired:
            raise
