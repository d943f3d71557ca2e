"""Raster rules: ruling lines and shaded bands found in a grey page render (numpy + OpenCV).

Pipeline, all vectorised:

1. Ink: a pixel is ink when its grey is ``<= threshold``, the more generous of Otsu's
   threshold and ``paper_fraction`` x paper level (histogram mode). Otsu alone puts grey
   hairlines with the paper.
2. Solid regions: ink opened with a square a little wider than ``max_thickness`` keeps only
   what is thick in both directions (bands, shaded cells, bold glyphs, pictures). Holes from
   reversed white text are filled (not holes bordered by dark rules: those are cells). A
   uniform rectangular region is a band (header band, zebra stripe, shaded cell or panel):
   its two long edges become rules. A non-uniform one is a shading or picture.
3. Thin runs: the remaining ink, plus ink clearly darker than the solid region it lies on
   (a black rule crossing a grey header band), opened with a long thin kernel, one pass per
   orientation. Each connected component is measured (extent, mean thickness, least-squares
   slope and scatter) and rejected when not straight, too thick, too short, when glyph
   stems stand on it (serifs of a text line), when three or more lie packed like the strips
   of a shading, or when it lies on a shading or picture. Runs too short on their own with
   clear sides that lie in line with small gaps are the steps of one broken hairline (a
   black-and-white scan's) and are joined first (``raster_groups.bridge``).
4. Span guard: candidates that touch, or are parallel, overlapping and close, form a group;
   a rule must span ``span_guard`` of its group's extent (then the extent is re-measured from
   the survivors). A glyph stem or one underlined word next to a table is not a rule.

Steps 1 and 3 (and the orchestration) live here, step 2 in ``raster_bands``, the texture
filter of step 3 and the span guard in ``raster_groups``.

Output is in PDF points (pixel x 72/dpi), unrotated page space, top-left origin.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

import cv2
import numpy as np

from ..params import RasterParams
from ..types import Orientation, RasterResult, Rect, RejectedRule, Rule
from .faint_rules import faint_lines
from .raster_bands import MIN_INNER_CONTRAST, Scale, drop_duplicate_edges, find_bands, median, mirror, solid_regions
from .raster_groups import TOO_SHORT, bridge, span_guard, texture

# Raster rules on one page take a few ms; OpenCV's thread pool only competes with the GUI
# thread and PyMuPDF for two cores (measured 1.5-2x slower with it on). This module is
# loaded only when a page needs raster rules.
cv2.setNumThreads(1)

__all__ = ["RasterResult", "find_raster_rules", "ink_threshold", "otsu_threshold", "span_guard"]

MAX_SLOPE = 0.035  # tan(2 deg): skewed scans pass, diagonals do not
GLYPH_COVER = (0.2, 0.8)  # partial ink cover right beside a run: glyphs standing on it
MOMENT_STEP = 3  # px: column sampling for run moments (runs are >= min_length/2 long)
# A grey level peak the ink threshold must not cut (``outside_peak``): its summit within this
# many levels of the threshold (a scan's noise spreads a flat fill about as far each side),
# holding this share of the page's pixels; the threshold stays this many levels under the paper.
PEAK_REACH, PEAK_SHARE, PAPER_CLEAR = 4, 0.005, 8


def find_raster_rules(grey: np.ndarray | None, dpi: int, params: RasterParams, skew: float = 0.0,
                      scan_dpi: float = 0.0) -> RasterResult:
    """Rules and bands in ``grey`` (uint8 H x W render at ``dpi``, straightened by the page's
    ``skew``, degrees: a skewed hairline's dashes recur at its period, one pixel of the scan's
    ``scan_dpi`` a period, ``Page.picture_dpi``; 0: the render's own); empty when disabled
    (``grey`` may then be None) or when the image is empty."""
    if not params.enabled or grey is None or grey.ndim != 2 or grey.size == 0 or dpi <= 0:
        return RasterResult((), (), (), 0, 0)
    grey = np.ascontiguousarray(grey, dtype=np.uint8)
    paper, threshold = ink_threshold(grey, params.paper_fraction)
    if paper == 0:  # black "paper": nothing can be darker than it
        return RasterResult((), (), (), 0, 0)
    _, ink = cv2.threshold(grey, threshold, 255, cv2.THRESH_BINARY_INV)
    sc = Scale.of(dpi, params)
    thin, blobs = solid_regions(grey, ink, sc, params.paper_fraction)
    faint = None
    if params.faint_lines:  # after the solid regions: a faint line's pixels are no solid ink
        faint = cv2.bitwise_and(faint_lines(grey, paper), cv2.bitwise_not(thin))  # faint-only pixels
        thin |= faint
    found_bands = find_bands(blobs, sc)
    rejected = list(found_bands.rejected)
    pieces = [c for orient in ("h", "v") for c in _thin_rules(thin, grey, paper, orient, sc)]
    pitch = 72.0 / scan_dpi if scan_dpi > 0 else sc.pt  # a scan's pixel (pt), rendered at any dpi
    found = texture(bridge(pieces, params.min_length, params.bridge_gap, sc.pt,
                            params.hairline_gap, skew, pitch), found_bands.pictures)
    rules = [r for r, why in found if not why]
    rejected += [RejectedRule(r, why) for r, why in found if why]
    edges, dup = drop_duplicate_edges(found_bands.edges, rules)
    rejected += dup
    kept, guarded, used = _guard(rules, edges, params.span_guard)
    deep = {id(e) for e, b in edges if _deep(found_bands.bands[b].bbox, e.orient, grey.shape, sc.pt)}
    kept, paper_edges = _paper_edges(kept, grey.shape[1] * sc.pt, grey.shape[0] * sc.pt, deep)
    rejected += guarded + paper_edges
    if faint is not None:
        kept = _with_faint(kept, thin, faint, sc.pt)
    return RasterResult(rules=tuple(sorted(kept, key=_rule_key)),
                        rejected=tuple(rejected),
                        bands=tuple(found_bands.bands[i] for i in sorted(used)),
                        threshold=threshold, paper=paper)


PAPER_EDGE = 0.015  # share of the page's side within which a rule lies along its edge
PAPER_SPAN = 0.9  # share of the page's width (height) a paper's edge runs across, at least
PAPER_EDGE_WHY = "the paper's edge (along the page's side, across the whole page): a scan's border, no table rule"


def _deep(band: Rect, orient: str, shape: tuple[int, ...], pt: float) -> bool:
    """Does ``band`` (its edges ``orient`` rules) reach deeper into the page, ``shape`` pixels
    of ``pt`` points, than ``PAPER_EDGE`` of its side? A strip that thin along the side is the
    scanner's border or the lid's shadow; a deeper one is printed (a full-bleed banner)."""
    side = (shape[0] if orient == "h" else shape[1]) * pt
    return (band.height if orient == "h" else band.width) > PAPER_EDGE * side


def _paper_edges(rules: list[Rule], width: float, height: float, deep: AbstractSet[int] = frozenset()
                 ) -> tuple[list[Rule], list[RejectedRule]]:
    """``rules`` without those lying along the page's edge (within ``PAPER_EDGE`` of its side,
    ``width`` x ``height`` pt) and running across ``PAPER_SPAN`` of it or more: the scanned
    sheet's edge, or the lid's shadow past it. No producer prints a table's rule there (printers
    keep a margin), and paired with an underline 500 pt up it made one page-tall false table.
    An edge of a band reaching deeper into the page (``deep``: the rules' ids) stays: a
    full-bleed banner printed to the sheet's edge, whose other edge pairs with it."""
    kept, out = [], []
    for r in rules:
        side, across = (height, width) if r.orient == "h" else (width, height)
        if id(r) not in deep and min(r.pos, side - r.pos) <= PAPER_EDGE * side and r.length >= PAPER_SPAN * across:
            out.append(RejectedRule(r, PAPER_EDGE_WHY))
        else:
            kept.append(r)
    return kept, out


def _guard(rules: list[Rule], edges: list[tuple[Rule, int]], guard: float
           ) -> tuple[list[Rule], list[RejectedRule], set[int]]:
    """Thin rules and band edges through the span guard: (kept, rejected, indices of the
    bands with a kept edge). Thin rules come first, then edges, in the given order."""
    candidates = rules + [e for e, _ in edges]
    owner = [-1] * len(rules) + [b for _, b in edges]
    keep = span_guard(candidates, guard)
    kept = [c for c, k in zip(candidates, keep, strict=True) if k]
    failed = [RejectedRule(c, "span guard") for c, k in zip(candidates, keep, strict=True) if not k]
    used = {b for b, k in zip(owner, keep, strict=True) if k and b >= 0}
    return kept, failed, used


def _with_faint(rules: list[Rule], thin: np.ndarray, faint: np.ndarray, pt: float) -> list[Rule]:
    """``rules`` each with its ``faint`` share: of the ink pixels (``thin``, 0/255) along it,
    within a pixel of its band, those that are ink only as a faint line's (``faint``). Explain
    reads it: a rule found from faint ink names ``raster.faint_lines``."""
    out = []
    for r in rules:
        h = r.thickness / 2
        a, b = int((r.pos - h) / pt) - 1, int(np.ceil((r.pos + h) / pt)) + 1
        c, d = int(r.start / pt), int(np.ceil(r.end / pt))
        win = (slice(max(a, 0), b + 1), slice(max(c, 0), d)) if r.orient == "h" \
            else (slice(max(c, 0), d), slice(max(a, 0), b + 1))
        ink = cv2.countNonZero(thin[win]) if thin[win].size else 0
        share = cv2.countNonZero(faint[win]) / ink if ink else 0.0
        out.append(dataclasses.replace(r, faint=round(share, 3)) if share else r)
    return out


def _rule_key(r: Rule) -> tuple[str, float, float]:
    return (r.orient, round(r.pos, 3), r.start)


def ink_threshold(grey: np.ndarray, paper_fraction: float) -> tuple[int, int]:
    """(paper level, ink threshold): the histogram mode and max(Otsu, fraction x paper).

    The threshold stays below the paper level so blank paper is never ink.
    """
    # Every other row is plenty for a histogram of a whole page, at half the cost.
    hist = cv2.calcHist([grey[::2]], [0], None, [256], [0, 256]).ravel()
    paper = int(np.argmax(hist))
    threshold = max(otsu_threshold(hist), int(paper_fraction * paper))
    return paper, max(0, min(outside_peak(hist, threshold, paper), paper - 1))


def outside_peak(hist: np.ndarray, threshold: int, paper: int) -> int:
    """``threshold`` moved out of a grey level peak it falls near: over the peak's spread when
    the peak is at or under it (a light fill meant as ink, a band), under it otherwise.

    A scan's noise (JPEG, a scanner's sensor) spreads a flat fill over a few grey levels each
    side of its own; a threshold among them makes part of the fill ink, speckled, and a
    speckled fill is a "shading or picture" that takes the rules crossing it (a table's
    verticals cut under its header). A clean render's fill is one level, wholly on one side."""
    lo, hi = max(threshold - PEAK_REACH, 0), min(threshold + PEAK_REACH, paper - PAPER_CLEAR)
    if hi <= lo:
        return threshold
    top = lo + int(np.argmax(hist[lo: hi + 1]))
    if hist[top] < PEAK_SHARE * float(hist.sum()) or top in (lo, hi) and top != threshold:
        return threshold  # no peak here, or a slope whose summit lies beyond the reach
    if top <= threshold:
        return max(threshold, min(top + PEAK_REACH, paper - PAPER_CLEAR))
    return min(threshold, top - PEAK_REACH - 1)


def otsu_threshold(hist: np.ndarray) -> int:
    """Otsu's threshold of a 256-bin histogram (levels <= it form the dark class).

    Same result as ``cv2.threshold(..., THRESH_OTSU)``, without a second pass over the page.
    """
    p = hist.astype(np.float64) / max(float(hist.sum()), 1.0)
    omega = np.cumsum(p)
    mu = np.cumsum(p * np.arange(256))
    between = (mu[-1] * omega - mu) ** 2 / np.maximum(omega * (1.0 - omega), 1e-12)
    return int(np.argmax(between[:-1]))

# --- thin runs ----------------------------------------------------------------------------

def _thin_rules(thin: np.ndarray, grey: np.ndarray, paper: int, orient: Orientation,
                sc: Scale) -> list[tuple[Rule, str, bool]]:
    """Horizontal (or, on the transposed image, vertical) thin runs, each with why it is not
    a rule ("" when it is) and whether a rule or a run too short to be one has clear sides
    (no glyphs standing on it: it may be a piece of a longer one, see ``raster_groups.bridge``)."""
    # Half the minimum length: shorter marks are listed as "too short" instead of vanishing.
    length = max(2, int(sc.min_len / 2))
    seeds = _run_seeds(thin, orient, length)
    if orient == "v":  # grey and thin are read through transposed views
        thin, grey = thin.T, grey.T
    rows = _busy_rows(seeds)
    if rows.size == 0:
        return []
    runs = cv2.dilate(seeds[rows], np.ones((1, length), np.uint8), anchor=mirror(length, 1))  # the opening
    n, labels, stats = _label(runs, length)
    m = _moments(labels, rows, grey, paper, n)
    out: list[tuple[Rule, str, bool]] = []
    s = sc.pt
    for i in range(1, n):
        x, w, area = stats[i, 0], stats[i, 2], stats[i, 4]
        thick = area / w
        rule = Rule(orient, float((m.centre[i] + 0.5) * s), float(x * s), float((x + w) * s),
                    float(thick * s), "raster", int(round(m.grey[i])))
        reason = _thin_reason(w, thick, m.slope[i], m.scatter[i], sc)
        short = reason.startswith(TOO_SHORT)
        clear = False
        if not reason or short:
            top, bottom = rows[stats[i, 1]], rows[stats[i, 1] + stats[i, 3] - 1]
            beside = _beside(thin, grey, top, bottom, slice(x, x + w), m.grey[i])
            reason, clear = (reason, not beside) if short else (beside, not beside)
        out.append((rule, reason, clear))
    return out


def _run_seeds(thin: np.ndarray, orient: Orientation, length: int) -> np.ndarray:
    """``thin`` eroded along ``orient`` by ``length``, runs along the rows (transposed for "v")."""
    seeds: np.ndarray
    if orient == "h":
        seeds = cv2.erode(thin, np.ones((1, length), np.uint8))
    else:  # transpose the sparse eroded mask only, not the page
        seeds = cv2.transpose(cv2.erode(thin, np.ones((length, 1), np.uint8)))
    return seeds


def _label(runs: np.ndarray, length: int) -> tuple[int, np.ndarray, np.ndarray]:
    """(count, labels, stats) of ``runs``' 8-connected components, as
    ``cv2.connectedComponentsWithStats``. 16-bit labels when the runs (each ``length`` px or
    longer) cannot number 65535: the same labels at a third of the time (OpenCV's statistics
    pass is that much slower over 32-bit labels)."""
    few = cv2.countNonZero(runs) // length < 65535
    n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        runs, 8, cv2.CV_16U if few else cv2.CV_32S, cv2.CCL_DEFAULT)
    return n, labels, stats


def _busy_rows(seeds: np.ndarray) -> np.ndarray:
    """Indices of the rows holding seeds, plus one blank row after each so separate runs
    stay separate: dilating and labelling a few hundred rows is far cheaper than the page."""
    busy = cv2.reduce(seeds, 1, cv2.REDUCE_MAX).ravel() > 0
    if not busy.any():
        return np.flatnonzero(busy)
    busy[1:] |= busy[:-1].copy()
    return np.flatnonzero(busy)


def _beside(thin: np.ndarray, grey: np.ndarray, top: int, bottom: int, span: slice,
            run_grey: float) -> str:
    """Why the rows beside a run say it is no rule ("" if they do not).

    Glyph stems standing on a run of serifs leave the row right beside it partly ink; a rule
    has clear space (or a whole band) there. A run with no clearly lighter side two rows
    away is the darkest stretch of a gradient, not a line.
    """
    h = thin.shape[0]
    for row in (top - 1, bottom + 1):
        if 0 <= row < h:
            # As dark as the run itself: a glyph stem is, a scan's blurred fringe is not.
            dark = (grey[row, span] <= run_grey + MIN_INNER_CONTRAST) & (thin[row, span] > 0)
            cover = np.count_nonzero(dark) / (span.stop - span.start)
            if GLYPH_COVER[0] <= cover <= GLYPH_COVER[1]:
                return "text (glyphs touch it)"
    sides = [median(grey[row, span]) for row in (top - 2, bottom + 2) if 0 <= row < h]
    if sides and max(sides) - run_grey < MIN_INNER_CONTRAST:
        return "soft edges (part of a gradient)"
    return ""


def _thin_reason(length: float, thick: float, slope: float, scatter: float, sc: Scale) -> str:
    if abs(slope) > MAX_SLOPE or scatter > 0.5 * thick + 0.5:
        return "not straight"
    if thick > sc.max_thick:
        return f"too thick ({thick * sc.pt:.1f} pt)"
    if length < sc.min_len:
        return f"{TOO_SHORT} ({length * sc.pt:.1f} pt)"
    return ""


@dataclass(frozen=True)
class _Moments:
    """Per component (index = label): ink-weighted centre row, slope dy/dx, scatter of rows
    about the fitted line (px), mean grey."""

    centre: np.ndarray
    slope: np.ndarray
    scatter: np.ndarray
    grey: np.ndarray


def _moments(labels: np.ndarray, rows: np.ndarray, grey: np.ndarray, paper: int, n: int) -> _Moments:
    """``labels`` of a row subset of the page: its row i is page row ``rows[i]``.

    Every MOMENT_STEP-th column is enough for a run's centre, slope and scatter.
    """
    ys, xs = _sampled_ink(labels)
    lab = labels[ys, xs]
    ys = rows[ys]
    g = grey[ys, xs].astype(np.float64)
    x, y = xs.astype(np.float64), ys.astype(np.float64)

    def total(v: np.ndarray | None) -> np.ndarray:
        return np.bincount(lab, weights=v, minlength=n)

    cnt = np.maximum(total(None), 1)
    wt = np.maximum(paper - g, 1.0)  # darker pixels pull the centre harder (sub-pixel)
    centre = total(wt * y) / np.maximum(total(wt), 1e-9)
    mx, my = total(x) / cnt, total(y) / cnt
    varx = total(x * x) / cnt - mx * mx
    cov = total(x * y) / cnt - mx * my
    vary = total(y * y) / cnt - my * my
    slope = cov / np.maximum(varx, 1e-9)
    scatter = np.sqrt(np.maximum(vary - slope * cov, 0.0))
    return _Moments(centre, slope, scatter, total(g) / cnt)


def _sampled_ink(labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows, columns) of the labelled pixels in every MOMENT_STEP-th column, in ``np.nonzero``'s
    order (row by row). OpenCV's findNonZero takes a third of numpy's time over the strided view."""
    sampled = cv2.compare(np.ascontiguousarray(labels[:, ::MOMENT_STEP]), 0, cv2.CMP_GT)
    points = cv2.findNonZero(sampled)  # (x, y) pairs; None when there are none
    if points is None:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    xy = points.reshape(-1, 2)
    return xy[:, 1], xy[:, 0] * MOMENT_STEP
