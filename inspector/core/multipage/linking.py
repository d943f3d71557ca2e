"""The continuation pass over a document's pages in one call: short tails adopted, then
the continuations found among the pages as adopted (pure, no I/O).

Every caller (``cli detect``, ``cli export``, eval's link scoring, the GUI's link worker)
goes through ``link_pages``: a tail (a head) is a table only where a continuation links it, so the
two steps belong together, and a caller that ran ``find_continuations`` alone would miss
every tail the others find.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..params import ContinuationParams
from ..types import PageResult
from .continuation import find_continuations
from .heads import adopt_heads
from .judging import Continuation
from .tails import adopt_tails, page_setting


@dataclass(frozen=True)
class Linked:
    """``results``: the pages in the order given, each with its adopted tail (if any)
    appended to its tables; ``continuations``: every candidate pair among them
    (``find_continuations``), indices into those pages' tables."""

    results: tuple[PageResult, ...]
    continuations: tuple[Continuation, ...]


def link_pages(results: Sequence[PageResult], params: ContinuationParams | None = None) -> Linked:
    """``adopt_tails``, ``adopt_heads`` (over the pages with their tails) then
    ``find_continuations`` over ``results`` (any order; consecutive pages are paired).

    The page setting (running tables, margins, text areas: ``tails.page_setting``) is built
    once, before the tails, and serves the heads too. A kept tail is no running table (the
    continuation step that keeps it skips running tables), so no table beside it becomes one
    (``runningtables`` pairs tables both ways, at the same place); the lines, and so the
    margins, come from the words, not the tables; and a tail's box lies within its own lines'
    height at a page's top, where the heads, reading only the text area's foot, do not look
    (``tests/core/test_continued_setting.py``)."""
    p = params or ContinuationParams()
    setting = page_setting({r.page: r for r in results}) if p.enabled and (p.tails or p.heads) else None
    pages = adopt_heads(adopt_tails(results, params, setting), params, setting)
    return Linked(tuple(pages), find_continuations(pages, params))


__all__ = ["Linked", "link_pages"]
