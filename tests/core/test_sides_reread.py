"""A side block's sides (``structure.sides._sides``) are read once when the block grown up to
a line in one piece over the gutter (``ends_apart``) is the block already read: the same
tables and regions as when they are read again, with fewer readings, on sheets of two blocks
built with PyMuPDF (``test_sheet_blocks_beside``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pymupdf
import pytest

from inspector.core.structure import sides
from tests.core.test_sheet_blocks_beside import LEFT, LEFT_X, PITCH, RIGHT, RIGHT_X, SIZE, TOP, _block, detect, sheet

SHORTER = [*RIGHT[:-1], ("Repairs", "9654.25", "312"), ("Travel", "8597.73", "86067"), ("Total", "4566", "87")]


def headless() -> bytes:
    """``sheet()`` with no page head over the gutter: the block grown up to a spanning line is
    the block itself, and its sides, whose ends lie rows apart, make two tables."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((LEFT_X[0], TOP), "Budget vs actual", fontsize=SIZE, fontname="helv")
    _block(page, LEFT, LEFT_X, TOP + PITCH)
    _block(page, RIGHT, RIGHT_X, TOP)
    return doc.tobytes()


def _counted(monkeypatch: pytest.MonkeyPatch, again: bool) -> Callable[[bytes], tuple[Any, int]]:
    """Detect with ``_sides`` counted; ``again``: the grown block of ``ends_apart`` handed over
    as a list, never equal to the first block's tuple, so its sides are read again."""
    calls = [0]
    plain_sides, plain_grown = sides._sides, sides._grown

    def counted(*a: Any, **k: Any) -> Any:
        calls[0] += 1
        return plain_sides(*a, **k)

    def grown(*a: Any) -> Any:
        got = plain_grown(*a)
        return list(got) if again and a[-1] else got

    monkeypatch.setattr(sides, "_sides", counted)
    monkeypatch.setattr(sides, "_grown", grown)

    def run(pdf: bytes) -> tuple[Any, int]:
        calls[0] = 0
        res = detect(pdf)
        return (res.tables, res.regions), calls[0]
    return run


def test_the_sides_read_once_give_what_reading_them_again_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = [sheet(), sheet(SHORTER), headless()]
    once = [_counted(monkeypatch, False)(pdf) for pdf in pages]
    twice = [_counted(monkeypatch, True)(pdf) for pdf in pages]
    assert [got for got, _ in once] == [got for got, _ in twice]
    assert len(once[2][0][0]) == 2  # the headless sheet's two blocks: found on the block read once
    assert all(n1 <= n2 for (_, n1), (_, n2) in zip(once, twice, strict=True))
    assert sum(n for _, n in once) < sum(n for _, n in twice)  # the block was met again, and not read
