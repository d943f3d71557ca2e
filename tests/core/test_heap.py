"""infra.heap: freed page-sized blocks are reused by the next page, not faulted in again.

Each case runs in a fresh interpreter: the setting is process-wide, and this one has it
already (the pipeline sets it at import)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")

# Three page-sized temporaries, one after the other, as three pages' raster steps make them:
# the page faults of writing the second and the third (4 MiB each, 1024 pages of 4 KiB).
_PROBE = """
import resource, sys
import numpy as np
if sys.argv[1] == "keep":
    from inspector.core.infra.heap import keep_freed_pages
    assert keep_freed_pages()
def written():
    a = np.empty(4 << 20, dtype=np.uint8)
    a.fill(1)
    return int(a[-1])
written()
f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
written(); written()
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0)
"""


def _faults(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", _PROBE, mode], check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


def test_freed_picture_memory_is_reused() -> None:
    assert _faults("keep") < 100  # the first block's pages, taken again


def test_without_it_the_memory_is_faulted_again() -> None:
    # glibc's defaults: the first block is unmapped when freed and the next taken from fresh
    # heap (how many of its pages fault depends on the kernel: about half here)
    assert _faults("default") > 250


def test_set_once_a_process() -> None:
    from inspector.core.infra.heap import keep_freed_pages

    assert keep_freed_pages() is keep_freed_pages()
