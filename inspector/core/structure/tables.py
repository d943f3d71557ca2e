"""rules + words -> table regions, grids and tables for one page.

Ruled regions are tried first, then horizontal-rule groups outside them, then aligned
word blocks in what is left; each accepted table claims its area. Rejected regions are
kept with their reason so a person can see why a table was not found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

from ..params import Params
from ..types import ColumnBin, Fill, Grid, Rect, RowBand, Rule, Table, TableRegion, Word
from .beside import trim_text_column
from .cells import assemble
from .columns import Line, Segment, WordCentres, segments
from .grid import build_grid
from .grow import extend_down, extend_up
from .regions import (
    Candidate,
    aligned_runs,
    attach_fills,
    attach_rules,
    hrule_regions,
    ruled_regions,
)

MIN_HRULE_WIDTH = 40.0  # pt: shorter horizontal rules are underlines, not table rules
ALIGNED_GAP_EM = 1.5  # a borderless column gap is at least this many font sizes wide
TAKEN = 0.2  # share of the smaller box a candidate must share with a table found earlier to be refused


@dataclass(frozen=True)
class TablesResult:
    regions: tuple[TableRegion, ...]
    grids: tuple[Grid, ...]
    tables: tuple[Table, ...]
    bins: tuple[ColumnBin, ...]
    low_confidence: frozenset[int]


class _Collector:
    """Accumulates accepted and rejected regions while claiming page area."""

    def __init__(self, words: Sequence[Word], page: int, params: Params,
                 centres: WordCentres | None, fills: Sequence[Fill] = ()) -> None:
        self.words, self.page, self.params, self.fills = words, page, params, fills
        self.regions: list[TableRegion] = []
        self.grids: list[Grid] = []
        self.tables: list[Table] = []
        self.bins: list[ColumnBin] = []
        self.low: set[int] = set()
        self.taken: list[Rect] = []
        self.centres = centres if centres is not None and centres.words is words else WordCentres(words)

    def offer(self, cand: Candidate) -> bool:
        if any(_overlaps(cand.bbox, t) for t in self.taken):
            self.regions.append(TableRegion(cand.bbox, cand.source, "overlaps a table found earlier"))
            return False
        res = build_grid(cand, self.words, len(self.regions), self.params, self.centres, self.fills)
        if res.grid is None:
            self.regions.append(TableRegion(cand.bbox, cand.source, res.reason, res.param))
            return False
        self.regions.append(TableRegion(cand.bbox, cand.source))
        self.grids.append(res.grid)
        self.bins.extend(res.bins)
        self.low |= res.low_confidence
        self.tables.append(assemble(res.grid, self.words, res.word_ids, res.low_confidence,
                                    res.header_rows, self.page,
                                    (self.centres.cx, self.centres.cy)))
        self.taken.append(cand.bbox)
        return True

    def result(self) -> TablesResult:
        order = sorted(range(len(self.tables)), key=lambda k: (self.tables[k].bbox.y0, self.tables[k].bbox.x0))
        return TablesResult(tuple(self.regions), tuple(self.grids[k] for k in order),
                            tuple(self.tables[k] for k in order), tuple(self.bins), frozenset(self.low))


def _overlaps(a: Rect, b: Rect) -> bool:
    inter = a.intersection(b)
    return inter is not None and inter.area > TAKEN * min(a.area, b.area)


def detect_tables(words: Sequence[Word], rows: Sequence[RowBand], rules: Sequence[Rule],
                  params: Params, page: int = 1,
                  centres: WordCentres | None = None, fills: Sequence[Fill] = ()) -> TablesResult:
    """All tables of one page, from its words, text rows, merged rules and fills. ``centres``
    (of these ``words``: the pipeline's "index" stage) saves building the word arrays again.
    Reads ``params.rows``, ``params.columns``, ``params.tables`` and ``params.merge.snap``."""
    cparams, tparams, ytol = params.columns, params.tables, params.rows.y_tolerance
    col = _Collector(words, page, params, centres, fills)
    lines = list(rows)
    segs = segments(words, lines, cparams.min_gap)
    counts = [0] * len(lines)
    for s in segs:
        counts[s.line] += 1
    sizes = [median([words[i].font_size for i in ln.word_ids]) for ln in lines]
    tol = tparams.intersect_tol
    for cand in attach_rules(attach_fills(ruled_regions(rules, tol), fills, tol), rules, lines, counts, tol, sizes):
        col.offer(cand)
    cands = hrule_regions(rules, col.taken, lines, counts, MIN_HRULE_WIDTH, sizes)
    tops = sorted(c.bbox.y0 for c in cands)
    bottoms = sorted([c.bbox.y1 for c in cands] + [t.y1 for t in col.taken])
    for cand in cands:
        stop = min((y for y in tops if y > cand.bbox.y1 + 1), default=float("inf"))
        box = extend_down(cand.bbox, words, cparams.min_gap, stop, col.centres, tol=ytol)
        above = max((y for y in bottoms if y < cand.bbox.y0 - 1), default=0.0)
        box = extend_up(box, words, cparams.min_gap, above, centres=col.centres, tol=ytol)
        col.offer(Candidate(box, cand.source, cand.rules))
    if tparams.borderless:
        cands, short = _aligned_candidates(words, lines, segs, col.taken, col.centres, params)
        for cand in cands:
            col.offer(cand)
        # Runs too short to be tried are listed last (the bins number the regions before them).
        col.regions.extend(r for r in short if not any(_overlaps(r.bbox, t) for t in col.taken))
    return col.result()


def _aligned_candidates(words: Sequence[Word], lines: Sequence[Line], segs: Sequence[Segment],
                        taken: Sequence[Rect], centres: WordCentres,
                        params: Params) -> tuple[list[Candidate], list[TableRegion]]:
    """Runs of consecutive multi-piece text lines outside the tables already found, and the
    runs of two such lines too short for ``tables.min_aligned_rows`` (rejected, with why: a
    person asking why no table was found there is told which threshold it missed). A column
    of running text beside a run is cut off (``beside.trim_text_column``)."""
    claimed = {i for t in taken for i in centres.inside(t)}
    keep = [k for k, ln in enumerate(lines) if claimed.isdisjoint(ln.word_ids)]
    free = [lines[k] for k in keep]
    index = {k: n for n, k in enumerate(keep)}
    gaps: list[list[tuple[float, float]]] = [[] for _ in free]
    last: dict[int, float] = {}
    for s in segs:
        n = index.get(s.line)
        if n is None:
            continue
        em = max(words[s.word_ids[0]].font_size, 1.0)
        # Borderless columns stand well apart; justified prose has wide word spaces only.
        if n in last and s.x0 - last[n] >= ALIGNED_GAP_EM * em:
            gaps[n].append((last[n], s.x0))
        last[n] = s.x1
    out, short = [], []
    need = params.tables.min_aligned_rows
    for a, b in aligned_runs(free, gaps, min(2, need)):
        box = Rect.bounding([ln.bbox for ln in free[a:b]])
        if b - a >= need:
            box = trim_text_column(box, free[a:b], words, params.columns.min_gap, params.rows.y_tolerance)
            out.append(Candidate(box, "aligned"))
        else:
            short.append(TableRegion(box, "aligned", f"{b - a} aligned line(s), fewer than {need}",
                                     "tables.min_aligned_rows"))
    return out, short
