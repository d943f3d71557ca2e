"""The scripting API's documented examples run as they are written (``inspector/api.py``)."""

from __future__ import annotations

import doctest

import pytest

import inspector.api


def test_api_docstring_examples_run() -> None:
    result = doctest.testmod(inspector.api, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 20
    assert result.failed == 0


def test_api_errors_are_one_line_messages(tmp_path) -> None:
    from inspector import api
    bad = tmp_path / "x.pdf"
    bad.write_bytes(b"not a pdf at all")
    with pytest.raises(api.DocumentError, match="not a PDF"):
        api.open_pdf(bad)
    doc = api.open_pdf(api.sample_pdf())
    with pytest.raises(ValueError, match="page 9 is not in 1..3"):
        api.detect(doc, 9)
    with pytest.raises(ValueError, match="unknown field .nope."):
        api.detect(doc, 1, {"columns.nope": 1})
    with pytest.raises(ValueError, match="unknown format 'xls'"):
        api.export(api.detect(doc).tables[0], "xls")
