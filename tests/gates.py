"""How a test reacts to a missing corpus: skipped on a developer's machine, failed in CI.

An accuracy floor that skips proves nothing; where ``CI`` is set (any non-empty value, as CI
services set it) a missing corpus is an error of the set-up, so the test fails and says so.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def corpus_absent(reason: str) -> NoReturn:
    """Skip with ``reason``, or fail with it when the environment variable ``CI`` is set."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}, and CI is set: the corpus floors must run in CI", pytrace=False)
    pytest.skip(reason)
