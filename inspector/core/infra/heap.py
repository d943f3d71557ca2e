"""glibc's heap told to keep freed page-sized blocks for the next page (Linux only).

A page's picture steps (the raster rule search, the paper, OCR's picture) make page-sized
numpy temporaries: about 2 MB each at 150 dpi, a dozen or more a page. By default glibc hands
each back to the kernel when it is freed (a block above its mmap threshold is unmapped; the
heap's top is trimmed once its free end passes the trim threshold), so the next one is
handed fresh pages, and every 4 KiB page of them costs a fault when first written: about
1.3 ms for a 2 MB array, 20-25 times a pass of an OpenCV operation over it. Over the 67
ICDAR dev pages the six with pictures took about 15 000 such faults a pass and ran about
15 % slower for them (``docs/benchmarks/speed.md``, h-speed10).

``keep_freed_pages`` sets, once a process, blocks under ``MMAP_MIB`` to come from the heap
and the heap to keep up to ``TRIM_MIB`` of free space at its top: freed temporaries are
reused by the next page. What this keeps is bounded by the largest page's working set plus
``TRIM_MIB``; the window still gives it back when paging (``malloc_trim`` in
``gui.scene.view.release_memory``, which trims whatever the threshold). Elsewhere (not
glibc: musl, macOS, Windows) nothing is set.
"""

from __future__ import annotations

import ctypes
import sys

# glibc's mallopt parameters (malloc.h)
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_MIB = 32  # glibc's ceiling for the mmap threshold on 64-bit (DEFAULT_MMAP_THRESHOLD_MAX)
TRIM_MIB = 64  # free heap top kept: a few 150-dpi pictures' temporaries, a 300-dpi picture's few

_set: bool | None = None  # None: not tried yet; else whether glibc took both settings


def keep_freed_pages() -> bool:
    """Set glibc's mmap and trim thresholds (see the module's docstring) once a process;
    whether they are set (False off glibc)."""
    global _set
    if _set is None:
        _set = _mallopt()
    return _set


def _mallopt() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False  # not glibc (musl has no mallopt)
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    # Both: setting either one turns off glibc's own raising of the two as blocks are freed.
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_MIB << 20)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_MIB << 20))
