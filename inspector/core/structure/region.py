"""The evidence of one candidate region, gathered once and handed to every decision on it.

A grid's columns, rows, spans and the record of what made each boundary all read the same
things: the region and its rules, the page's words and their arrays, the words inside, their
text lines and the pieces of those lines, the page's fills, and the parameters. They travel
together as one ``RegionEvidence`` instead of seven or eight positional arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..evidence.rules_merge import RuleIndex
from ..params import Params
from ..types import Fill, Rect, Rule, Word
from .columns import Line, Segment, WordCentres, segments
from .regions import Candidate

FULL = 0.98  # a rule covering this share of a separator's whole length is drawn all along
HALF = 0.5  # a separator drawn along less than this share of one slot's side is not drawn there


@dataclass(frozen=True)
class RegionEvidence:
    """What the grid of ``cand`` is decided from. ``ids`` index ``words`` (the words whose
    centre lies in the region); ``lines`` are their text lines (``rows.y_tolerance``),
    ``segs`` the pieces of those lines (``columns.min_gap``); ``rules`` indexes the region's
    own rules. ``snap`` (pt) is ``merge.snap``, the one tolerance for "the same line" from the
    merge to the grid: a rule this close to a position lies on it, rules this close are one.
    ``marks``: the page's check boxes' sides set aside (``evidence.checkboxes``), no rules of it."""

    cand: Candidate
    words: Sequence[Word]
    centres: WordCentres
    ids: tuple[int, ...]
    lines: Sequence[Line]
    segs: Sequence[Segment]
    fills: Sequence[Fill]
    params: Params
    rules: RuleIndex
    snap: float
    marks: tuple[Rule, ...] = ()

    @staticmethod
    def gather(cand: Candidate, words: Sequence[Word], centres: WordCentres, fills: Sequence[Fill],
               params: Params, marks: tuple[Rule, ...] = ()) -> RegionEvidence:
        ids = tuple(centres.inside(cand.bbox))
        lines = centres.region_lines(cand.bbox, ids, params.rows.y_tolerance) if ids else []
        segs = segments(words, lines, params.columns.min_gap, params.columns.signs_open)
        return RegionEvidence(cand, words, centres, ids, lines, segs, fills, params, RuleIndex(cand.rules),
                              params.merge.snap, marks)

    @property
    def box(self) -> Rect:
        return self.cand.bbox

    def covered(self, orient: str, pos: float, a: float, b: float) -> float:
        """Share of [a, b] that the region's rules of ``orient`` draw at ``pos``."""
        return self.rules.covered(orient, pos, a, b, self.snap)
