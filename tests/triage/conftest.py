"""Fixtures of the scan tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from scan_builders import build_corpus


@pytest.fixture()
def scan_corpus(tmp_path: Path) -> tuple[Path, dict[str, Path]]:
    root = tmp_path / "pdfs"
    return root, build_corpus(root)
