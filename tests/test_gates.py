"""A missing corpus skips a floor on a developer's machine and fails it in CI."""

from __future__ import annotations

import pytest

from tests.gates import corpus_absent


def test_missing_corpus_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        corpus_absent("real corpus ../shared/corpus is absent")


def test_missing_corpus_skips_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="is absent"):
        corpus_absent("real corpus ../shared/corpus is absent")
