"""Shared fixtures: the real corpus (skipped when absent, failed when CI is set) and Qt's offscreen platform."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gates import corpus_absent

# Qt must see this before it starts; harmless for tests that never import Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The real corpus folder (../shared/corpus); tests using it skip when it is absent (fail when CI is set)."""
    if not (CORPUS / "tables.jsonl").is_file():
        corpus_absent("real corpus ../shared/corpus is absent")
    return CORPUS


# A test that hangs with the GIL held (two threads deadlocked inside Qt, one waiting for the GIL)
# is out of pytest-timeout's reach: its thread method needs the GIL to report and exit. Two
# C-level guards need none: pytest's ``faulthandler_timeout`` (pyproject.toml) prints every
# thread's stack a little after pytest-timeout's limit, and an alarm whose default action ends
# the process (no Python handler is installed for SIGALRM) comes HARD_MARGIN_S after both: the
# run fails with exit status 142 instead of hanging. ``--timeout=0`` turns the alarm off.
HARD_MARGIN_S = 30


def _hard_limit(item: pytest.Item) -> int:
    """Seconds after which ``item`` is killed (0: never): the later of its pytest-timeout limit
    and ``faulthandler_timeout``, plus a margin."""
    marker = item.get_closest_marker("timeout")
    limit = marker.args[0] if marker is not None and marker.args else item.config.getoption("timeout", None)
    if limit is None:
        limit = item.config.getini("timeout")
    if not limit or float(limit) <= 0:
        return 0
    dump = float(item.config.getini("faulthandler_timeout") or 0)
    return int(max(float(limit), dump)) + HARD_MARGIN_S


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    hard = _hard_limit(item) if hasattr(signal, "SIGALRM") else 0
    if hard:
        signal.alarm(hard)
    try:
        return (yield)
    finally:
        if hard:
            signal.alarm(0)
