"""rules + words -> table regions, grids and tables for one page.

Ruled regions are tried first, then horizontal-rule groups outside them, then aligned
word blocks in what is left; each accepted table claims its area. Rejected regions are
kept with their reason so a person can see why a table was not found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from statistics import median

from ..evidence.charbars import bars_reach
from ..evidence.figures import AREA
from ..numbers import is_number
from ..params import Params
from ..types import ColumnBin, Fill, Grid, Rect, RowBand, Rule, Table, TableRegion, Word
from .aligned import SUB_ROWS, WIDEST_LABEL, aligned_runs, indented_rows, label_over_first, values_row
from .bandlines import continues
from .beside import AROUND, THROUGH, beside_said, trim_text_column
from .between import line_facts
from .blankform import inner_grids, written_below
from .bleed import BLEED, bleeds
from .caption import figure_caption
from .cellmarks import cell_marks, without_marks
from .cells import assemble
from .columns import Line, Segment, WordCentres, lines_in, segments
from .drawnparts import Parts
from .form_sections import cut_sections
from .grid import build_grid
from .gridgrow import header_over_rules, rows_under_fills
from .grow import extend_down, extend_up
from .indexlist import INDEX, index_tail
from .justified import justified_gaps
from .keyvalue import header_over, pair_block, row_over
from .leftlabels import extend_left
from .options import CHOICES, choices
from .regions import (
    Candidate,
    attach_fills,
    attach_rules,
    hrule_regions,
    ruled_regions,
)
from .repeats import TITLED, UNTITLED, repeated_cut, untitled
from .runends import Ends, Titles, line_text
from .setaside import aside_regions
from .sheetmargins import trim_margins
from .sides import SideBlock, cut_said, side_blocks
from .spacers import join_spacers
from .spanhead import spanning_head
from .stacked_grids import bands_over_row, join_stacked
from .wrapped_rows import last_row_tail

MIN_HRULE_WIDTH = 40.0  # pt: shorter horizontal rules are underlines, not table rules
ALIGNED_GAP_EM = 1.5  # a borderless column gap is at least this many font sizes wide
HEADER_GAP_EM = 0.8  # a narrow table's header may part its columns by this little (font sizes)
TITLE_BETWEEN = ("a title between two tables ('{text}'): a line in heading type set farther under the rows "
                 "above than they stand from each other is no wrapped cell; the table ends over it")
AROUND_BLANK = ("a form around a blank table: one drawing (a frame or a background panel's edges) joins the "
                "blank table to fill in drawn inside it to the form's other boxes and lines; the blank table is "
                "kept on its own, the rest is the form's (tables.blank_tables)")
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
                 centres: WordCentres | None, fills: Sequence[Fill] = (), marks: Sequence[Rule] = (),
                 bleed: tuple[float, Sequence[Rule]] = (0.0, ())) -> None:
        self.words, self.page, self.params, self.fills = words, page, params, fills
        self.marks = tuple(marks)
        self.bleed = bleed  # the page's width (0: not known) and its rules, for ``bleed.bleeds``
        self.regions: list[TableRegion] = []
        self.grids: list[Grid] = []
        self.tables: list[Table] = []
        self.bins: list[ColumnBin] = []
        self.low: set[int] = set()
        self.taken: list[Rect] = []
        self.indexes: list[Rect] = []  # the regions read as a back-of-book index (``indexlist``)
        self.centres = centres if centres is not None and centres.words is words else WordCentres(words)

    def offer(self, cand: Candidate) -> bool:
        if any(_overlaps(cand.bbox, t) for t in self.taken):
            self.regions.append(TableRegion(cand.bbox, cand.source, "overlaps a table found earlier"))
            return False
        if bleeds(cand.bbox, *self.bleed):  # art printed to the trim; its area stays free for text tables
            self.regions.append(TableRegion(cand.bbox, cand.source, BLEED))
            return False
        if self.params.tables.repeated_headers and self._cut(cand):
            return True
        res = build_grid(cand, self.words, len(self.regions), self.params, self.centres, self.fills, self.marks)
        if res.grid is None:
            self.regions.append(TableRegion(cand.bbox, cand.source, res.reason, res.param))
            if res.claims:  # a form's, an index's or a layout's area: its rules, leaders and text make no other table
                self.taken.append(cand.bbox)
                self.indexes.extend([cand.bbox] if res.reason.startswith(INDEX[:20]) else [])
            return False
        if self.indexes and res.grid.source != "ruled" and self.params.tables.leaders and (tail := index_tail(
                res.grid.xs, res.grid.region, self.indexes, self.words, self.centres.region_lines(
                    res.grid.region, res.word_ids, self.params.rows.y_tolerance))):
            self.regions.append(TableRegion(cand.bbox, cand.source, tail))
            self.taken.append(cand.bbox)
            return False
        self.regions.append(TableRegion(cand.bbox, cand.source))
        if res.note:  # listed as the sub-rows' note is: on the table's own area
            self.regions.append(TableRegion(cand.bbox, cand.source, res.note))
        self.grids.append(res.grid)
        self.bins.extend(res.bins)
        self.low |= res.low_confidence
        self.tables.append(assemble(res.grid, self.words, res.word_ids, res.low_confidence,
                                    res.header_rows, self.page,
                                    (self.centres.cx, self.centres.cy), self.centres.leaders))
        self.taken.append(cand.bbox)
        return True

    def _cut(self, cand: Candidate) -> bool:
        """Offer the tables of ``cand`` apart where it holds two with a repeated header
        (``repeats.repeated_cut``), the cut noted; False when there is no such cut or no part is kept."""
        ids, tol = self.centres.inside(cand.bbox), self.params.rows.y_tolerance
        cut = repeated_cut(cand.bbox, self.words, ids, cand.rules, tol, self.centres)
        if cut is None:
            return False
        at = len(self.regions)
        self.regions.append(TableRegion(cut.line, cand.source, cut.reason, "tables.repeated_headers"))
        # A borderless block took both titles in as a row of two pieces, and rules drawn across both
        # tables take each one's title lines in under its top rule: each table alone leaves its title out.
        parts = untitled(cut, self.words, ids, tol, self.centres) if cand.source in TITLED else cut.parts
        self.regions.extend(TableRegion(Rect(p.x0, p.y0, p.x1, q.y0), cand.source, UNTITLED, "tables.repeated_headers")
                            for p, q in zip(cut.parts, parts, strict=True) if q.y0 > p.y0)
        kept = [self.offer(Candidate(part, cand.source, cand.rules)) for part in parts]
        if not any(kept):  # neither part is a table: the block is judged whole, as without the cut
            del self.regions[at:]
            return False
        return True

    def offer_inner(self, cand: Candidate, tol: float) -> bool:
        """Offer the blank tables drawn inside ruled ``cand`` (``blankform.inner_grids``); when one
        is kept, ``cand`` is the form around it: noted as such, its area claimed."""
        kept, snap = False, self.params.merge.snap
        for inner in inner_grids(cand, tol) if cand.source == "ruled" else ():
            if any(_overlaps(inner.bbox, t) for t in self.taken) or written_below(inner, self.centres, snap):
                continue
            res = build_grid(inner, self.words, len(self.regions), self.params, self.centres, self.fills, self.marks)
            if res.grid is not None and res.note:
                kept = self.offer(inner)
        if kept:
            self.regions.append(TableRegion(cand.bbox, cand.source, AROUND_BLANK, "tables.blank_tables"))
            self.taken.append(cand.bbox)
        return kept

    def result(self) -> TablesResult:
        order = sorted(range(len(self.tables)), key=lambda k: (self.tables[k].bbox.y0, self.tables[k].bbox.x0))
        return TablesResult(tuple(self.regions), tuple(self.grids[k] for k in order),
                            tuple(self.tables[k] for k in order), tuple(self.bins), frozenset(self.low))


def _overlaps(a: Rect, b: Rect) -> bool:
    inter = a.intersection(b)
    return inter is not None and inter.area > TAKEN * min(a.area, b.area)


def detect_tables(words: Sequence[Word], rows: Sequence[RowBand], rules: Sequence[Rule],
                  params: Params, page: int = 1,
                  centres: WordCentres | None = None, fills: Sequence[Fill] = (),
                  marks: Sequence[Rule] = (), page_w: float = 0.0) -> TablesResult:
    """All tables of one page, from its words, text rows, merged rules and fills. ``centres``
    (of these ``words``: the pipeline's "index" stage) saves building the word arrays again.
    ``marks``: the sides of the check boxes set aside (a form's options start beside them).
    ``page_w``: the page's width (pt; 0 when not known), for art printed to its edges (``bleed``).
    Reads ``params.rows``, ``params.columns``, ``params.tables`` and ``params.merge.snap``."""
    cparams, tparams, ytol = params.columns, params.tables, params.rows.y_tolerance
    if tparams.cell_marks and (marks_in := cell_marks(rules, fills)):  # no shading: no edges, no band
        rules, fills = without_marks(rules, marks_in), [f for f in fills if f.id not in marks_in]
    col = _Collector(words, page, params, centres, fills, marks, (page_w, rules))
    lines = list(rows)
    segs = segments(words, lines, cparams.min_gap, cparams.signs_open)
    counts = [0] * len(lines)
    for s in segs:
        counts[s.line] += 1
    sizes = [words[ln.word_ids[0]].font_size if len(ln.word_ids) == 1 else median([words[i].font_size for i in ln.word_ids])
             for ln in lines]  # one-word lines (many) skip median()'s cost
    tol = tparams.intersect_tol
    facts, said = line_facts(words, lines, segs, sizes), list[TableRegion]()
    found = ruled_regions(rules, tol, lines, said)
    if tparams.section_cut:
        found = cut_sections(found, tol, said)
    parts = Parts(lines, facts, said) if tparams.ruled_parts else None
    ruled = attach_rules(attach_fills(found, fills, tol, words), rules, lines, counts, tol, sizes, facts, said, parts)
    ruled = trim_margins(ruled, lines, counts, said, segs)
    joined = join_stacked(ruled, fills, tol, parts)
    for cand in (bands_over_row(joined, fills, tol, parts) if parts is not None else joined):
        if tparams.header_over_rules:
            floor = max((b.y1 for b in [*col.taken, *(c.bbox for c in ruled)] if b.y1 < cand.bbox.y0 - 1), default=0.0)
            cand = replace(cand, bbox=header_over_rules(cand.bbox, cand.rules, words, cparams.min_gap, floor,
                                                        col.centres, tol=ytol))
        if tparams.rows_under_fills:
            below = min((b.y0 for b in [*col.taken, *(c.bbox for c in ruled)] if b.y0 > cand.bbox.y1 + 1),
                        default=float("inf"))
            cand = replace(cand, bbox=rows_under_fills(cand.bbox, cand.rules, words, cparams.min_gap, below,
                                                       col.centres, tol=ytol))
        caption = figure_caption(cand.bbox, words, lines)
        if caption:  # a framed drawing captioned as a figure: its frame is no table's
            col.regions.append(TableRegion(cand.bbox, cand.source, f"{AREA}: the caption under it names a "
                                           f"figure (\"{caption}\"); its frame and text are no table"))
            col.taken.append(cand.bbox)
            continue
        if not (tparams.blank_tables and col.offer_inner(cand, tol)):
            col.offer(cand)
    bands = fills if tparams.section_bands else ()
    blocks: list[Rect] = []  # a block under a table at its right (``blockunder``) ends the table over its first row
    cands = join_spacers(hrule_regions(rules, col.taken, lines, counts, MIN_HRULE_WIDTH, sizes, facts, said,
                                       tparams.prose_beside_rules, bands, tol,
                                       fills if tparams.header_notes else (), blocks), words)
    tops = sorted([c.bbox.y0 for c in cands] + [b.y0 for b in blocks])
    bottoms = sorted([c.bbox.y1 for c in cands] + [t.y1 for t in col.taken])
    for cand in cands:
        stop = min((y for y in tops if y > cand.bbox.y1 + 1), default=float("inf"))
        one_band = _header_band(cand, words, col.centres)
        # A text table's column rules drawn in '|' (``charbars``) run from its head to its last
        # row: nothing over or under them is its (a prompt, a "(7 rows)" count).
        typed = any(r.source == "text" for r in cand.rules)
        top, bottom = bars_reach(rules, cand.bbox) if typed else (0.0, float("inf"))
        box = extend_down(cand.bbox, words, cparams.min_gap, min(stop, bottom), col.centres, tol=ytol,
                          one_band=one_band, typed=typed)
        above = max(max((y for y in bottoms if y < cand.bbox.y0 - 1), default=0.0), top)
        # A report printed from plain text (its rules rows of '-'/'=', ``charrules``) parts its
        # blocks by empty lines only: an empty line ends the table, over its heads as under its rows.
        box = extend_up(box, words, cparams.min_gap, above, centres=col.centres, tol=ytol, typed=typed)
        labelled = extend_left(box, words, cparams.min_gap, col.centres, tol=ytol)
        if labelled != box:  # rules over the amounts only (a totals rule): the body stands above them,
            # the labels' lines and every close line of two or more pieces over it (not three at most)
            box = extend_up(labelled, words, cparams.min_gap, above, len(lines), centres=col.centres, tol=ytol,
                            body=True)
        col.offer(Candidate(box, cand.source, cand.rules))
    if tparams.borderless:
        cands, short = _aligned_candidates(words, lines, segs, col.taken, col.centres, params, marks)
        for cand in cands:
            col.offer(cand)
        # Runs too short to be tried are listed last (the bins number the regions before them).
        # A note on a table's own rows (sub-rows kept) stays; a short run inside a table does not.
        col.regions.extend(r for r in short if r.reason.startswith((SUB_ROWS[:20], WIDEST_LABEL[:20])) or r.reason == NARROWED
                           or not any(_overlaps(r.bbox, t) for t in col.taken))
    # Listed last, as the short runs: what ended a table or was left out of every one.
    col.regions.extend({r.bbox: r for r in said}.values())
    col.regions.extend(aside_regions(words, ytol))
    return col.result()


HEADER_AMOUNTS = 1 / 3  # share of a band's words that are numbers below which it is a header row (years as heads)


def _header_band(cand: Candidate, words: Sequence[Word], centres: WordCentres) -> bool:
    """Is ``cand`` one band between two rules holding a header row: labels, few numbers
    (a spreadsheet's filled header row; a block between its top and bottom rule holds amounts)?"""
    if len({round(r.pos) for r in cand.rules if r.orient == "h"}) != 2:
        return False
    ids = centres.inside(cand.bbox)
    return bool(len(ids)) and sum(is_number(words[i].text) for i in ids) < HEADER_AMOUNTS * len(ids)


def _aligned_candidates(words: Sequence[Word], lines: Sequence[Line], segs: Sequence[Segment],
                        taken: Sequence[Rect], centres: WordCentres, params: Params,
                        marks: Sequence[Rule] = ()) -> tuple[list[Candidate], list[TableRegion]]:
    """Runs of consecutive multi-piece text lines outside the tables already found, and the
    runs of two such lines too short for ``tables.min_aligned_rows`` (rejected, with why: a
    person asking why no table was found there is told which threshold it missed). A column
    of running text beside a run is cut off (``beside.trim_text_column``)."""
    claimed = {i for t in taken for i in centres.inside(t)}
    keep = [k for k, ln in enumerate(lines) if claimed.isdisjoint(ln.word_ids)]
    free = [lines[k] for k in keep]
    index = {k: n for n, k in enumerate(keep)}
    gaps: list[list[tuple[float, float]]] = [[] for _ in free]
    narrow: list[list[tuple[float, float]]] = [[] for _ in free]
    tight: list[list[tuple[float, float]]] = [[] for _ in free]  # segment gaps: columns.min_gap at least
    last: dict[int, float] = {}
    occupied: list[list[tuple[float, float]]] = [[] for _ in free]
    # A justified cell's stretched word spaces (``justified``) are its text, no column gap.
    stretched = {(j.line, j.x0, j.x1) for j in justified_gaps(words, free)} if params.columns.justified else set()
    for s in segs:
        n = index.get(s.line)
        if n is None:
            continue
        occupied[n].append((s.x0, s.x1))
        em = max(words[s.word_ids[0]].font_size, 1.0)
        # Borderless columns stand well apart; justified prose has wide word spaces only.
        if n in last and (n, last[n], s.x0) not in stretched:
            if s.x0 - last[n] >= ALIGNED_GAP_EM * em:
                gaps[n].append((last[n], s.x0))
            if s.x0 - last[n] >= HEADER_GAP_EM * em:
                narrow[n].append((last[n], s.x0))
            if s.x0 - last[n] >= params.columns.min_gap:
                tight[n].append((last[n], s.x0))
        last[n] = s.x1
    blocks = side_blocks(words, free, gaps, occupied, params.columns.min_gap, params.rows.y_tolerance,
                         params.tables.sides_ends_apart, centres.lines if centres.words is words else None,
                         params.tables.page_gutters)
    if blocks:
        return _beside_each_other(words, free, blocks, taken, centres, params)
    sub_rows, widest = indented_rows(words, free, gaps, narrow, tight)
    out: list[Candidate] = []
    short: list[TableRegion] = []
    need = params.tables.min_aligned_rows
    segs_of: dict[int, list[Segment]] = {}
    for s in segs:
        segs_of.setdefault(s.line, []).append(s)
    stops: list[int] = []
    titles = Titles(words, free, gaps)
    narrowed: list[int] = []
    goes_on = lambda k: continues(free[k], free[k + 1], words)  # noqa: E731  (a label's line goes on below)
    amounts = lambda k: values_row(words, free, gaps, k)  # noqa: E731  (a row of amounts under a group's head)
    for a, b in aligned_runs(free, gaps, min(2, need), titles, stops, Ends(titles),
                             narrow if params.tables.narrow_gaps_meet else None, narrowed, goes_on, amounts):
        b += last_row_tail(free, gaps, words, a, b)
        a -= label_over_first(free, gaps, a, goes_on)
        if a > 0 and not gaps[a - 1] and header_over(free[a - 1], free[a], narrow[a - 1], gaps[a]):
            a -= 1
        elif a > 0 and not gaps[a - 1] and b - a >= 2 and params.tables.narrow_gaps_meet \
                and row_over(free[a - 1], free[a], free[a + 1], narrow[a - 1], gaps[a]):
            a -= 1  # a first row whose widest label closes in on its value: told as a narrowed line
            narrowed.append(a)
        if a > 0 and not gaps[a - 1] and spanning_head(free[a - 1], free[a:b], [g for n in range(a, b) for g in gaps[n]],
                                                       words):
            a -= 1  # one line centred over all the columns at the rows' step: a head spanning them
        box = Rect.bounding([ln.bbox for ln in free[a:b]])
        if marks and choices(free[a:b], [segs_of.get(k, []) for k in keep[a:b]], marks):
            short.append(TableRegion(box, "aligned", CHOICES))
            continue
        if b - a >= need or (b - a == 2 and need == 3 and pair_block(words, free[a:b], segs_of, keep[a:b])):
            cut = trim_text_column(box, free[a:b], words, params.columns.min_gap, params.rows.y_tolerance,
                                   (free[max(a - AROUND, 0):a], free[b:b + AROUND]))  # the lines around: ``_through``
            out.extend(Candidate(t, "aligned") for t in cut.tables)
            kept = [n for n in range(a, b) if n in sub_rows]
            if kept:
                labels = ", ".join(f"'{sub_rows[n]}'" for n in kept[:SAID_LABELS])
                short.append(TableRegion(Rect.bounding([free[n].bbox for n in kept]), "aligned",
                                         SUB_ROWS.format(n=len(kept), labels=labels)))
            kept = [n for n in range(a, b) if n in widest]
            if kept:
                labels = ", ".join(f"'{widest[n]}'" for n in kept[:SAID_LABELS])
                short.append(TableRegion(Rect.bounding([free[n].bbox for n in kept]), "aligned",
                                         WIDEST_LABEL.format(n=len(kept), labels=labels), "columns.min_gap"))
            if cut.through:
                short.append(TableRegion(box, "aligned", THROUGH))
            elif cut.prose is not None:
                short.append(TableRegion(cut.prose, "aligned", beside_said(cut)))
        else:
            short.append(TableRegion(box, "aligned", f"{b - a} aligned line(s), fewer than {need}",
                                     "tables.min_aligned_rows"))
    short += [TableRegion(free[n].bbox, "aligned", NARROWED, "tables.narrow_gaps_meet") for n in narrowed
              if any(_overlaps(c.bbox, free[n].bbox) for c in out)]
    short += [TableRegion(free[n].bbox, "aligned", Ends(titles).said(n) or
                          TITLE_BETWEEN.format(text=line_text(words, free[n])[:40])) for n in stops]
    return out, short


NARROWED = ("the table goes on through this line: its column gap meets a narrower gap of the line above or "
            "below (a wide cell closing in on the next column's text), the columns go on")
SAID_LABELS = 3  # labels an explanation quotes


def _beside_each_other(words: Sequence[Word], free: Sequence[Line], blocks: Sequence[SideBlock],
                       taken: Sequence[Rect], centres: WordCentres,
                       params: Params) -> tuple[list[Candidate], list[TableRegion]]:
    """The aligned candidates of ``free`` lines where ``blocks`` of them hold two tables side
    by side: each block's two sides read as lines of their own, and the lines outside the
    blocks as before."""
    gap, tol = params.columns.min_gap, params.rows.y_tolerance
    out: list[Candidate] = []
    short: list[TableRegion] = []
    inside: set[int] = set()
    parts: list[list[Line]] = []
    for bl in blocks:
        inside.update(range(bl.first, bl.last + 1))
        ids = [i for ln in free[bl.first:bl.last + 1] for i in ln.word_ids]
        for side in ([i for i in ids if words[i].bbox.x1 <= bl.cut], [i for i in ids if words[i].bbox.x1 > bl.cut]):
            parts.append(lines_in(words, side, tol))
        short.append(TableRegion(bl.box, "aligned", *cut_said(bl)))
    parts.append([ln for n, ln in enumerate(free) if n not in inside])
    for part in parts:
        cands, rejected = _aligned_candidates(words, part, segments(words, part, gap), taken, centres, params)
        out.extend(cands)
        short.extend(rejected)
    return out, short
