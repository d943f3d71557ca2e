"""Shared fixtures: the real corpus (skipped when absent, failed when CI is set) and Qt's offscreen platform."""

from __future__ import annotations

import os
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
