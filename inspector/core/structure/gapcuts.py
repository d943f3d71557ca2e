"""Where in a column gap a boundary goes, and the gaps a projection cannot see.

``columns.column_boundaries`` finds the x intervals (almost) no line covers; this module says
where inside such a gap the cut goes (its middle, unless a header piece standing alone in the
gap belongs to one side: ``cut_in``), and adds the boundaries that only a clip path shows (a
producer that clips each cell's text at its column's edge leaves a gap of a point or two:
``clip_edges``, ``at_clip_edges``). Coordinates in PDF points; projection bins of
``RESOLUTION`` pt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..geometry import chain_groups
from ..types import Word

if TYPE_CHECKING:  # the column module imports this one: its types only for the checker
    from .columns import Pieces, Segment

RESOLUTION = 0.5  # pt per projection cell
ALIGNED = 1.0  # pt between the left edges of two lines' text in one left-aligned column
MIDDLE, BESIDE, CLEAR = "middle", "beside", "clear"  # how ``cut_how`` placed a cut in its gap


def free_runs(free: np.ndarray, min_len: float) -> list[tuple[int, int]]:
    """The runs [a, b) of true bins of ``free`` at least ``min_len`` bins long, as plain ints."""
    padded = np.concatenate(([False], free, [False]))
    flips = np.flatnonzero(padded[1:] != padded[:-1])  # a run's start, then its end, and so on
    starts, ends = flips[::2], flips[1::2]
    keep = ends - starts >= min_len
    return list(zip(starts[keep].tolist(), ends[keep].tolist(), strict=True))


# A gap inside a drawn column must be wider than this many glyphs of the text beside it to
# split the column: a full-width or monospaced font's word space is one glyph wide (9 pt in
# 9 pt Hangul), a proportional font's about half of one; column gaps measured in ICDAR's
# ruled tables whose rules leave two columns undivided are 1.9 glyphs and wider (median).
def cut_in(pieces: Pieces, cover: np.ndarray, a: int, b: int, x0: float, min_len: float) -> float:
    """Where in the gap [a, b) the boundary goes (bins from ``x0``; ``cut_how`` says why)."""
    return cut_how(pieces, cover, a, b, x0, min_len)[0]


def cut_how(pieces: Pieces, cover: np.ndarray, a: int, b: int, x0: float, min_len: float) -> tuple[float, str]:
    """Where in the gap [a, b) (bins from ``x0``) the boundary goes: its middle, unless a piece
    lying wholly inside the gap stands off a column set flush against the gap (a header set
    left over right-aligned amounts: "Qty  Amount" over "10  137.00", ``_flush``) or, when
    neither column is, has another piece of its line on one side only: then the middle of the
    part beside it on that side which no line crosses, so the cut parts it from its
    neighbour instead of joining the two in one cell. Otherwise, when the few lines the gap
    lets cross it leave one part of it clear, at least ``min_len`` bins wide (a cell's text
    running on into the gap: "3.05% over £10k" under a rate), the cut goes there: through white,
    not through a cell's text. Returns the cut and how it was placed: MIDDLE, BESIDE (the
    header piece's side) or CLEAR (the clear part's middle; explain names it)."""
    if not cover[a:b].any():
        return (a + b) / 2, MIDDLE
    lx, rx = x0 + a * RESOLUTION, x0 + b * RESOLUTION
    inside = (pieces.x0 >= lx) & (pieces.x1 <= rx)
    lines = pieces.line[inside]
    if not len(lines) or (lines != lines[0]).any():  # no piece inside, or several lines' (a column of its own)
        return _clear(pieces, cover, a, b, x0, min_len)
    line = int(lines[0])  # the one line with a piece inside the gap
    px0, px1 = float(pieces.x0[inside].min()), float(pieces.x1[inside].max())
    mates = (pieces.line == line) & ~inside
    left, right = bool((mates & (pieces.x1 <= px0)).any()), bool((mates & (pieces.x0 >= px1)).any())
    if left or right:  # the side whose column is flush against the gap, before where its mates stand
        before, after = free_runs(cover[:a] == 0, min_len), free_runs(cover[b:] == 0, min_len)
        span = (x0 + before[-1][1] * RESOLUTION if before else -np.inf,
                x0 + (b + after[0][0]) * RESOLUTION if after else np.inf)  # the two columns' outer edges
        flush = _flush(pieces, line, (lx, rx), (px0, px1), span, min_len * RESOLUTION)
        # The body's alignment over many rows outweighs a line's other words: a sub-header set
        # left ("Net  Gross" over right-aligned prices) has its mates on its right alone.
        left, right = flush if any(flush) or (left and right) else (left, right)
    if left == right:
        return _clear(pieces, cover, a, b, x0, min_len)
    edge = int((px0 - x0) / RESOLUTION) if left else int(np.ceil((px1 - x0) / RESOLUTION))
    c, d = (a, edge) if left else (edge, b)
    clear = free_runs(cover[c:d] == 0, min_len)
    if not clear:
        beside = _white_beside(pieces, pieces.line == line, (lx, rx), (px0, px1), left)
        return _clear(pieces, cover, a, b, x0, min_len) if beside is None else ((beside - x0) / RESOLUTION, BESIDE)
    e, f = clear[-1] if left else clear[0]
    return c + (e + f) / 2, BESIDE


def _clear(pieces: Pieces, cover: np.ndarray, a: int, b: int, x0: float, min_len: float) -> tuple[float, str]:
    at = clear_middle(pieces, cover, a, b, x0, min_len)
    return at, MIDDLE if at == (a + b) / 2 else CLEAR


def _white_beside(pieces: Pieces, own: np.ndarray, gap: tuple[float, float], piece: tuple[float, float],
                  left: bool) -> float | None:
    """The middle of the white between the header piece ``piece`` (x0, x1, pt) standing alone
    in ``gap`` (``own``: the pieces of its line, none other of them reaching into the gap) with
    text of its line on one side only (``left``: its mates are left of it, so it heads the
    column right of the gap) and the text of other lines reaching into the gap from that side
    (a cell's run-on, or a glyph its producer measured wider than it drew: "£10k" overhanging a
    right-aligned column by 4 pt); None when no such text reaches in (the white beside the
    piece is narrow of itself), when that text reaches the piece, or a mate reaches
    into the gap (the piece runs on from its line's text: "3.05% over £10k"). The body's
    columns leave the gap on most lines; one line's overhang is no reason to give a
    left-aligned head to the column before it."""
    lx, rx = gap
    px0, px1 = piece
    mine = (pieces.x0 >= px0) & (pieces.x1 <= px1)
    if (own & ~mine & (pieces.x1 > lx) & (pieces.x0 < rx)).any():
        return None
    if left:
        reach = ~own & (pieces.x1 > lx) & (pieces.x0 < px0)
        end = float(pieces.x1[reach].max()) if reach.any() else px0
        return (end + px0) / 2 if end < px0 else None
    reach = ~own & (pieces.x0 < rx) & (pieces.x1 > px1)
    start = float(pieces.x0[reach].min()) if reach.any() else px1
    return (px1 + start) / 2 if start > px1 else None


def clear_middle(pieces: Pieces, cover: np.ndarray, a: int, b: int, x0: float, min_len: float) -> float:
    """The middle of the one part of the gap [a, b) (bins from ``x0``) that no line covers,
    when exactly one is ``min_len`` bins wide or more and every line reaching into the gap is
    a row's, with a cell of its own apart from the text reaching in (``_in_row``); else the
    gap's middle (a spanning label alone on its line, centred over its columns, may end
    anywhere in the gap; text standing in its middle leaves white on both sides)."""
    clear = free_runs(cover[a:b] == 0, min_len)
    if len(clear) != 1:
        return (a + b) / 2
    lx, rx = x0 + a * RESOLUTION, x0 + b * RESOLUTION
    reach = (pieces.x1 > lx) & (pieces.x0 < rx)
    if not all(_in_row(pieces, k, lx, rx, min_len * RESOLUTION) for k in sorted(set(pieces.line[reach].tolist()))):
        return (a + b) / 2
    e, f = clear[0]
    return a + (e + f) / 2


def _in_row(pieces: Pieces, line: int, lx: float, rx: float, gap: float) -> bool:
    """Is the run of pieces of ``line`` (parted by less than ``gap`` pt) reaching into [lx, rx)
    a cell's text: another run stands on its line (another cell of its row, "Saver" beside
    "3.05% over £10k"), or it starts where a piece of another line starts (within
    ``ALIGNED`` pt: a left-aligned column's text)? A label centred over columns does neither."""
    mine = pieces.line == line
    order = np.argsort(pieces.x0[mine])
    xs0, xs1 = pieces.x0[mine][order], pieces.x1[mine][order]
    if (xs0[1:] - np.maximum.accumulate(xs1)[:-1] >= gap).any():  # a break: two runs or more
        return True
    return bool((np.abs(pieces.x0[~mine] - xs0[0]) <= ALIGNED).any())


# Where a clip path cut the text of this many lines at one x (within CLIP_ALIGN pt), that x
# is a column's edge: one long label cut at its cell's edge is evidence, the same cut on
# several rows is a column. Not a parameter: no producer cuts text for another reason.
CLIP_ROWS = 2
CLIP_ALIGN = 1.0


def clip_edges(words: Sequence[Word], segs: Sequence[Segment]) -> list[tuple[float, int]]:
    """Each x (pt) where a clip path cut the text (``Word.clipped``, ending at its clip's edge)
    of at least ``CLIP_ROWS`` of the lines of ``segs``, with how many lines it cut there."""
    ends = sorted((words[i].bbox.x1, s.line) for s in segs for i in s.word_ids if words[i].clipped)
    groups = chain_groups(ends, CLIP_ALIGN)
    return [(max(x for x, _ in g), n) for g in groups if (n := len({ln for _, ln in g})) >= CLIP_ROWS]


def clip_decided(xs: Sequence[float], cut: Sequence[tuple[float, int]], segs: Sequence[Segment],
                 min_gap: float) -> dict[float, tuple[float, int]]:
    """The boundaries of ``xs`` that only a clip edge of ``cut`` (``clip_edges``) put there:
    each lies within ``min_gap`` right of the edge, where the text leaves less than ``min_gap``
    free; mapped to (the edge's x, the lines cut there)."""
    out = {}
    for x in xs:
        at = [(e, n) for e, n in cut if 0 <= x - e < min_gap]
        if not at:
            continue
        left = max((s.x1 for s in segs if s.x1 <= x), default=-np.inf)
        right = min((s.x0 for s in segs if s.x0 >= x), default=np.inf)
        if right - left < min_gap and not any(s.x0 < x < s.x1 for s in segs):
            out[x] = at[0]
    return out


def at_clip_edges(found: list[float], pieces: Pieces, edges: Sequence[float], limit: int, min_gap: float) -> list[float]:
    """``found`` (ascending) with a boundary right of each of ``edges`` that at most ``limit``
    lines' text runs across: halfway from the edge to the next text (``min_gap`` at most).
    The projection cannot see such a column when the next column's text starts a point or
    two after the cut, inside one of its bins. A boundary of ``found`` in the same gap as the
    edge stays if it lies right of the edge and moves there if it lies left of it (in a gap
    other lines leave, the cut text still runs there)."""
    out = list(found)
    for e in edges:
        across = pieces.line[(pieces.x0 < e - CLIP_ALIGN) & (pieces.x1 > e + CLIP_ALIGN)]
        after = pieces.x0[pieces.x0 >= e - CLIP_ALIGN]
        if len(np.unique(across)) > limit or not len(after):
            continue
        at = (e + min(float(after.min()), e + min_gap)) / 2
        same = [x for x in out if _same_gap(pieces, min(x, e), max(x, e), limit)]
        if any(x >= e for x in same):
            continue
        out = [x for x in out if x not in same] + [at]
    return sorted(out)


def _same_gap(pieces: Pieces, a: float, b: float, limit: int) -> bool:
    """Does at most ``limit`` lines' text lie between ``a`` and ``b`` (pt): one gap?"""
    inside = pieces.line[(pieces.x1 > a + CLIP_ALIGN) & (pieces.x0 < b - CLIP_ALIGN)]
    return len(np.unique(inside)) <= limit


FLUSH_TOL = 1.0  # pt: lines ending (or starting) within this of each other are set flush
FLUSH_SHARE = 0.8  # of the lines beside a gap that must be flush
MIN_OFF = 2  # lines off a column's flush edge on one side, none on the other, that tell which side it is set on


def _flush(pieces: Pieces, line: int, gap: tuple[float, float], piece: tuple[float, float],
           span: tuple[float, float], min_gap: float) -> tuple[bool, bool]:
    """(left column set right, right column set left) beside a ``gap`` holding one line's
    ``piece`` (both x0, x1), the columns reaching out to ``span``, each only when the other is not. A column set flush against the gap keeps
    its cell's padding there (right-aligned amounts end at one x), so a piece standing off that
    edge is the next cell's text (a header set left over right-aligned amounts, "2015  2016"
    over "$95  -0.2%"): the cut goes between the flush edge and the piece. Set means flush on
    that side and ragged on the other, or fewer lines off it there (``_set_flush``; amounts all
    of one width are flush on both: no evidence)."""
    (lx, rx), (px0, px1), (sx0, sx1) = gap, piece, span
    other = pieces.line != line
    # Only the two columns beside the gap (back to the clear gap before, on to the one after):
    # a line with nothing there (a row-group label's own line) says nothing of their alignment.
    left = _edges(pieces, other & (pieces.x0 < lx) & (pieces.x1 <= px0) & (pieces.x1 > sx0), last=True)
    right = _edges(pieces, other & (pieces.x1 > rx) & (pieces.x0 >= px1) & (pieces.x0 < sx1), last=False)
    set_right = _set_flush(left[1], left[0])
    set_left = _set_flush(right[0], right[1])
    if set_right or set_left or not _own_cell(pieces, line, piece, min_gap):
        return set_right and not set_left, set_left and not set_right
    if _headed(pieces, line, piece, right):  # the right column's header is on this line: the piece is the left one's
        return False, False
    if _one_width(left) and (_one_width(right) or _set_flush(right[1], right[0])) or _set_apart(pieces, other, gap, piece, span):
        return True, False
    return set_right and not set_left, set_left and not set_right


def _headed(pieces: Pieces, line: int, piece: tuple[float, float], right: tuple[list[float], list[float]]) -> bool:
    """Does ``line`` hold, besides ``piece``, text over the column right of the gap (its lines'
    ``right`` starts and ends, pt)? That column's own header then stands there ("本期金额" over the
    amounts, all set right), and the piece in the gap ("附注", set right in its cell over notes set
    left) heads the column before it: a column takes one header a line."""
    if not right[0]:
        return False
    x0, x1 = min(right[0]), max(right[1])
    mates = (pieces.line == line) & (pieces.x0 >= piece[1]) & (pieces.x0 < x1) & (pieces.x1 > x0)
    return bool(mates.any())


def _own_cell(pieces: Pieces, line: int, piece: tuple[float, float], min_gap: float) -> bool:
    """Does ``piece`` (x0, x1) stand at least twice ``min_gap`` (pt) off the rest of its
    ``line``'s text on both sides: a cell's text of its own, not the run-on of a long label
    ("Asia Pacific" a word space after "Cost of sales,": 3.2 pt at 9 pt)?"""
    mates = (pieces.line == line) & ((pieces.x1 <= piece[0]) | (pieces.x0 >= piece[1]))
    near = mates & (pieces.x1 > piece[0] - 2 * min_gap) & (pieces.x0 < piece[1] + 2 * min_gap)
    return not near.any()


def _one_width(edges: tuple[list[float], list[float]]) -> bool:
    """Are a column's lines flush at both ends (``edges``: their starts and ends, pt), every entry
    of one width ("1.95", "3.18")? No edge tells how they are set; such a column is taken as set
    right, as figures are (a header set left over it then stands off its right edge)."""
    return is_flush(edges[0]) and is_flush(edges[1])


def _set_apart(pieces: Pieces, other: np.ndarray, gap: tuple[float, float], piece: tuple[float, float],
               span: tuple[float, float]) -> bool:
    """Are the two columns beside ``gap`` set away from it: the left one's lines start at one x
    (text set left: "Cost of sales", "Revenue") and the right one's end at one x (amounts set
    right), each ragged towards the gap? Then the lone ``piece`` in the gap stands at neither
    column's edge: it is a header set left (Word's and InDesign's default) or centred in the
    right column's cell, over amounts narrower than that cell ("2024" over "1,374"); a stub's
    own header stands at the stub's left edge, or centred in the stub's cell (checked). Edges
    per line over all its pieces in the column (a label of several words starts with its
    first), back to ``span``."""
    (lx, rx), (px0, px1), (sx0, sx1) = gap, piece, span
    starts = _far_edges(pieces, other & (pieces.x0 >= sx0) & (pieces.x1 <= px0) & (pieces.x0 < lx))
    ends = _far_edges(pieces, other & (pieces.x1 <= sx1) & (pieces.x0 >= px1) & (pieces.x1 > rx))
    if not (_set_flush(starts[0], starts[1]) and (_set_flush(ends[1], ends[0]) or _one_width(ends))):
        return False
    # A stub's header centred in its cell (a browser's <th>) stands in the gap too, when the stub
    # is wider than twice its labels: only a piece whose centring in the left column's cell would
    # run that cell into the right column's text cannot be the left column's.
    return px0 + px1 - float(np.median(starts[0])) > min(ends[0])


def _far_edges(pieces: Pieces, mask: np.ndarray) -> tuple[list[float], list[float]]:
    """The start and the end x (pt) of each line's pieces under ``mask`` taken together."""
    lo: dict[int, float] = {}
    hi: dict[int, float] = {}
    for ln, a, b in zip(pieces.line[mask].tolist(), pieces.x0[mask].tolist(), pieces.x1[mask].tolist(), strict=True):
        lo[ln] = min(lo.get(ln, a), a)
        hi[ln] = max(hi.get(ln, b), b)
    return list(lo.values()), [hi[k] for k in lo]


def _set_flush(side: list[float], other: list[float]) -> bool:
    """Are lines set flush on ``side`` (their edges there, pt), not on the ``other``: flush
    there and ragged on the other, or, flush on both (amounts mostly of one width), every line
    at the edge on ``side`` and ``MIN_OFF`` or more off it on the other (the few wider or
    narrower amounts, "56" and "3,898" among "737"s, stand off the side they are not set on;
    one line off is a mark hung past the edge, "3.05%*", no evidence)."""
    if not is_flush(side):
        return False
    return not is_flush(other) or (_off(side) == 0 and _off(other) >= MIN_OFF)


def _off(xs: list[float]) -> int:
    """Lines whose edge ``xs`` (pt) lies off the median's by more than ``FLUSH_TOL``."""
    s = sorted(xs)
    n = len(s)
    mid = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    return sum(1 for x in xs if abs(x - mid) > FLUSH_TOL)


def _edges(pieces: Pieces, mask: np.ndarray, last: bool) -> tuple[list[float], list[float]]:
    """Per line, the (x0, x1) of its last (``last``) or first piece under ``mask``."""
    best: dict[int, tuple[float, float]] = {}
    for ln, a, b in zip(pieces.line[mask].tolist(), pieces.x0[mask].tolist(), pieces.x1[mask].tolist(), strict=True):
        old = best.get(ln)
        if old is None or (b > old[1] if last else a < old[0]):
            best[ln] = (a, b)
    return [v[0] for v in best.values()], [v[1] for v in best.values()]


def is_flush(xs: list[float]) -> bool:
    """At least three lines, nearly all of them at one x (the median's). Plain floats: a gap
    asks this of a few lines' edges, where numpy's calls cost more than the sums."""
    n = len(xs)
    if n < 3:
        return False
    s = sorted(xs)
    mid = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    return sum(1 for x in xs if abs(x - mid) <= FLUSH_TOL) / n >= FLUSH_SHARE


def flush_chains(x: np.ndarray, least: int = 3) -> list[np.ndarray]:
    """The pieces' indices by ``x`` (pt: their right ends, or left starts; ties by index), in
    chains of positions at most ``FLUSH_TOL`` apart (``geometry.chain_groups``), only those of
    ``least`` pieces or more."""
    order = np.argsort(x, kind="stable")
    starts = np.flatnonzero(np.concatenate(([True], np.diff(x[order]) > FLUSH_TOL)))
    ends = np.append(starts[1:], len(order))
    big = ends - starts >= least
    return [order[a:b] for a, b in zip(starts[big].tolist(), ends[big].tolist(), strict=True)]


def flush_edges(pieces: Pieces, min_gap: float) -> list[float]:
    """Each x (pt) where a column of right-aligned amounts ends (at least three lines' pieces
    end within ``FLUSH_TOL`` of it, their starts ragged) and one other line alone starts a
    piece less than twice ``min_gap`` right of it, that line having text left of it too: a
    header set left over the next column's right-aligned amounts in tight columns ("Q1  Q2"
    over "$35,415  104"). The projection sees no gap there (the header starts a point or
    three after the amounts end); the flush edge says the amounts' cells end at it, so
    ``at_clip_edges`` cuts right of it as at a clip edge, and the header joins its own column."""
    chains = flush_chains(pieces.x1)
    if not chains:
        return []
    # The lines starting a piece right of each chain's end (x0 in (e, e + 2 min_gap)), for
    # every chain at once: a slice of the pieces by x0. Most chains have none or several.
    by_x0 = np.argsort(pieces.x0, kind="stable")
    starts, lines_by_x0 = pieces.x0[by_x0], pieces.line[by_x0].tolist()
    ends = pieces.x1[[g[-1] for g in chains]]
    lo = np.searchsorted(starts, ends, side="right").tolist()
    hi = np.searchsorted(starts, ends + 2 * min_gap, side="left").tolist()
    out = []
    for g, e, a, b in zip(chains, ends.tolist(), lo, hi, strict=True):
        after = lines_by_x0[a:b]
        if not after or any(ln != after[0] for ln in after):
            continue  # none, or several lines' (no lone header)
        rows = set(pieces.line[g].tolist())
        if after[0] in rows or len(rows) < 3 or is_flush(pieces.x0[g].tolist()):
            continue  # one of the chain's own, too few lines, or starts flush too (no right alignment)
        if ((pieces.line == after[0]) & (pieces.x1 < e - FLUSH_TOL)).any():
            out.append(e)
    return out
