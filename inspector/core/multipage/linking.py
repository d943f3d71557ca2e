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
from .tails import adopt_tails


@dataclass(frozen=True)
class Linked:
    """``results``: the pages in the order given, each with its adopted tail (if any)
    appended to its tables; ``continuations``: every candidate pair among them
    (``find_continuations``), indices into those pages' tables."""

    results: tuple[PageResult, ...]
    continuations: tuple[Continuation, ...]


def link_pages(results: Sequence[PageResult], params: ContinuationParams | None = None) -> Linked:
    """``adopt_tails``, ``adopt_heads`` (over the pages with their tails) then
    ``find_continuations`` over ``results`` (any order; consecutive pages are paired)."""
    pages = adopt_heads(adopt_tails(results, params), params)
    return Linked(tuple(pages), find_continuations(pages, params))


__all__ = ["Linked", "link_pages"]
