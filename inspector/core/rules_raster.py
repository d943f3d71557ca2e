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
   of a shading, or when it lies on a shading or picture.
4. Span guard: candidates that touch, or are parallel, overlapping and close, form a group;
   a rule must span ``span_guard`` of its group's extent (then the extent is re-measured from
   the survivors). A glyph stem or one underlined word next to a table is not a rule.

Output is in PDF points (pixel x 72/dpi), unrotated page space, top-left origin.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import cv2
import numpy as np

from .params import RasterParams
from .types import Band, Orientation, Rect, RejectedRule, Rule

MAX_SLOPE = 0.035  # tan(2 deg): skewed scans pass, diagonals do not
MIN_INNER_CONTRAST = 24  # grey levels a line must be darker than the band it crosses
BAND_MIN_FILL = 0.7  # filled fraction of its box a band needs (else not rectangular)
BLOCK_MIN_UNIFORM = 0.5  # less of a solid area near one grey: a gradient or picture
GLYPH_COVER = (0.2, 0.8)  # partial ink cover right beside a run: glyphs standing on it
HATCH_GAP = 4.0  # pt: three or more parallel runs this close are a shading's strips
DUPLICATE_TOL = 1.5  # pt: a band edge this close to a thin rule along it is the same line
TOUCH_TOL = 2.0  # pt: candidates this close touch (same group)
GROUP_GAP = 12.0  # pt: parallel overlapping candidates this close share a group
SNAP_TOL = 1.0  # pt: collinear pieces at positions this close ...
JOIN_GAP = 3.0  # pt: ... and at most this far apart are one line for the span guard
MOMENT_STEP = 3  # px: column sampling for run moments (runs are >= min_length/2 long)


@dataclass(frozen=True)
class RasterResult:
    """What the render shows: kept rules, rejected candidates with reasons, bands.

    ``rules`` are sorted (orientation, position, start). A thin rule's ``thickness`` is its
    mean width and ``grey`` its mean grey; a band edge is one pixel thick with the band's
    grey. A rejected band-like area is listed as a rule along its long axis whose thickness
    is the area's short side. ``threshold``: pixels with grey <= it are ink; ``paper``: the
    histogram mode (both 0 when nothing was looked at).
    """

    rules: tuple[Rule, ...]
    rejected: tuple[RejectedRule, ...]
    bands: tuple[Band, ...]
    threshold: int
    paper: int


@dataclass(frozen=True)
class _Scale:
    """Pixel sizes of the parameters at one dpi; ``pt`` = points per pixel."""

    pt: float
    min_len: float
    max_thick: float

    @staticmethod
    def of(dpi: int, params: RasterParams) -> _Scale:
        px = dpi / 72.0
        return _Scale(1.0 / px, params.min_length * px, params.max_thickness * px)


def find_raster_rules(grey: np.ndarray | None, dpi: int, params: RasterParams) -> RasterResult:
    """Rules and bands in ``grey`` (uint8 H x W render at ``dpi``); empty when disabled
    (``grey`` may then be None) or when the image is empty."""
    if not params.enabled or grey is None or grey.ndim != 2 or grey.size == 0 or dpi <= 0:
        return RasterResult((), (), (), 0, 0)
    grey = np.ascontiguousarray(grey, dtype=np.uint8)
    paper, threshold = ink_threshold(grey, params.paper_fraction)
    if paper == 0:  # black "paper": nothing can be darker than it
        return RasterResult((), (), (), 0, 0)
    _, ink = cv2.threshold(grey, threshold, 255, cv2.THRESH_BINARY_INV)
    sc = _Scale.of(dpi, params)
    thin, blobs = _solid_regions(grey, ink, sc, params.paper_fraction)
    bands, edges, rejected, blocks = _bands(blobs, sc)
    found = [c for orient in ("h", "v") for c in _thin_rules(thin, grey, paper, orient, sc)]
    found = _texture(found, blocks)
    rules = [r for r, why in found if not why]
    rejected += [RejectedRule(r, why) for r, why in found if why]
    edges, dup = _drop_duplicate_edges(edges, rules)
    rejected += dup
    candidates = rules + [e for e, _ in edges]
    owner = [-1] * len(rules) + [b for _, b in edges]
    keep = span_guard(candidates, params.span_guard)
    kept = [c for c, k in zip(candidates, keep, strict=True) if k]
    rejected += [RejectedRule(c, "span guard") for c, k in zip(candidates, keep, strict=True) if not k]
    used = {b for b, k in zip(owner, keep, strict=True) if k and b >= 0}
    return RasterResult(rules=tuple(sorted(kept, key=_rule_key)),
                        rejected=tuple(rejected),
                        bands=tuple(bands[i] for i in sorted(used)),
                        threshold=threshold, paper=paper)


def ink_threshold(grey: np.ndarray, paper_fraction: float) -> tuple[int, int]:
    """(paper level, ink threshold): the histogram mode and max(Otsu, fraction x paper).

    The threshold stays below the paper level so blank paper is never ink.
    """
    # Every other row is plenty for a histogram of a whole page, at half the cost.
    hist = cv2.calcHist([grey[::2]], [0], None, [256], [0, 256]).ravel()
    paper = int(np.argmax(hist))
    threshold = max(otsu_threshold(hist), int(paper_fraction * paper))
    return paper, max(0, min(threshold, paper - 1))


def otsu_threshold(hist: np.ndarray) -> int:
    """Otsu's threshold of a 256-bin histogram (levels <= it form the dark class).

    Same result as ``cv2.threshold(..., THRESH_OTSU)``, without a second pass over the page.
    """
    p = hist.astype(np.float64) / max(float(hist.sum()), 1.0)
    omega = np.cumsum(p)
    mu = np.cumsum(p * np.arange(256))
    between = (mu[-1] * omega - mu) ** 2 / np.maximum(omega * (1.0 - omega), 1e-12)
    return int(np.argmax(between[:-1]))


# --- solid regions and bands -------------------------------------------------------------

@dataclass(frozen=True)
class _Blob:
    """A solid component worth a look: bounding box (px), filled fraction of the box once
    text holes are filled, mode grey of its solid pixels."""

    x: int
    y: int
    w: int
    h: int
    fill: float
    grey: int
    solid: float  # fraction of the box that is solid core
    uniform: float  # fraction of the core within MIN_INNER_CONTRAST of its mode grey
    contrast: tuple[float, float, float, float]  # top, bottom, left, right: outside - inside

    def moved(self, dx: int, dy: int) -> _Blob:
        return dataclasses.replace(self, x=self.x + dx, y=self.y + dy)


def _solid_regions(grey: np.ndarray, ink: np.ndarray, sc: _Scale,
                   fraction: float) -> tuple[np.ndarray, list[_Blob]]:
    """(thin-run mask 0/255, solid blobs at least min_length/2 long)."""
    k = int(sc.max_thick) + 1
    square = np.ones((k, k), np.uint8)
    seeds = cv2.erode(ink, square)
    x, y, w, h = cv2.boundingRect(seeds)
    if w == 0:
        return ink, []
    # Everything solid sits in this crop (the opening's dilation reaches k px beyond the
    # seeds); working there keeps text-only pages cheap.
    x0, y0 = max(0, x - k), max(0, y - k)
    crop = (slice(y0, min(ink.shape[0], y + h + k)), slice(x0, min(ink.shape[1], x + w + k)))
    core, g = cv2.dilate(seeds[crop], square, anchor=_mirror(k, k)), grey[crop]
    contours, _ = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    region = core.copy()  # where thin ink must be darker than its surroundings
    blobs = _blobs(contours, core, g, ink[crop], region, sc)
    thin = ink.copy()
    out = thin[crop]
    out &= ~region  # solid glyphs are not thin (numpy in place: ``out`` is a view)
    for b in blobs:
        # Inside a solid region, ink is what is clearly darker than the region nearby (a
        # black rule crossing a grey header band); its own pixels and white text are not.
        roi = (slice(max(0, b.y - k), b.y + b.h + k), slice(max(0, b.x - k), b.x + b.w + k))
        inner = _darker_than_around(g[roi], core[roi], k, fraction)
        out[roi] |= inner & region[roi]
    return thin, [b.moved(x0, y0) for b in blobs]


def _mirror(w: int, h: int) -> tuple[int, int]:
    """Dilation anchor that undoes an erosion with the default anchor of a w x h kernel
    (they differ for even sizes: without it an opening shifts by a pixel)."""
    return (w - 1 - w // 2, h - 1 - h // 2)


def _darker_than_around(g: np.ndarray, core: np.ndarray, k: int, fraction: float) -> np.ndarray:
    """0/255 mask of pixels clearly darker than the solid region within k px of them. The
    region's level there is the lightest of its pixels away from its rim (the rim holds the
    anti-aliased edges of white text, almost paper)."""
    deep = cv2.erode(core, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0)
    local = cv2.dilate(cv2.min(g, deep), np.ones((2 * k + 1, 2 * k + 1), np.uint8))
    limit = cv2.min(cv2.multiply(local, fraction), cv2.subtract(local, MIN_INNER_CONTRAST))
    return cv2.compare(g, limit, cv2.CMP_LT)


def _blobs(contours: list[np.ndarray], core: np.ndarray, g: np.ndarray, ink: np.ndarray,
           region: np.ndarray, sc: _Scale) -> list[_Blob]:
    """Blobs of the crop worth a look; rectangular ones get their text holes added to ``region``."""
    out = []
    for c in contours:
        bx, by, bw, bh = cv2.boundingRect(c)
        if max(bw, bh) < sc.min_len / 2:
            continue  # a bold glyph: not worth listing
        roi = (slice(by, by + bh), slice(bx, bx + bw))
        # The mode, not the mean: text on a band must not pull its level down.
        hist = cv2.calcHist([g[roi]], [0], core[roi], [256], [0, 256]).ravel()
        level = int(np.argmax(hist))
        near = hist[max(0, level - MIN_INNER_CONTRAST):level + MIN_INNER_CONTRAST + 1].sum()
        uniform = float(near / max(hist.sum(), 1.0))
        solid = cv2.countNonZero(core[roi]) / (bw * bh)
        fill = solid  # already a filled rectangle, unless holes are filled below
        if max(bw, bh) >= sc.min_len and solid < 0.98:
            # Reversed text close to a band's border leaves only a thin rim of ink that the
            # solid core lacks: fill the holes of the ink itself inside the band's box.
            band = cv2.max(_fill_text_holes(ink[roi], g[roi], level), core[roi])
            fill = cv2.countNonZero(band) / (bw * bh)
            if fill >= BAND_MIN_FILL:
                region[roi] = cv2.max(region[roi], band)
                bx, by, bw, bh = _majority_box(band, bx, by, bw, bh)
        out.append(_Blob(bx, by, bw, bh, fill, level, solid, uniform, _contrast(g, bx, by, bw, bh)))
    return out


def _contrast(g: np.ndarray, x: int, y: int, w: int, h: int) -> tuple[float, float, float, float]:
    """How much lighter the page is two pixels outside each side of a box than two pixels
    inside it (medians along the side; 255 at the crop's border). A gradient's edge, where
    it merely crosses the ink threshold, has almost none."""
    rows, cols = slice(y, y + h), slice(x, x + w)
    top = _side(g, y - 2, cols) - _side(g, y + 1, cols)
    bottom = _side(g, y + h + 1, cols) - _side(g, y + h - 2, cols)
    left = _side(g.T, x - 2, rows) - _side(g.T, x + 1, rows)
    right = _side(g.T, x + w + 1, rows) - _side(g.T, x + w - 2, rows)
    t, b, lf, rt = (255.0 if np.isnan(c) else c for c in (top, bottom, left, right))
    return (t, b, lf, rt)


def _side(g: np.ndarray, row: int, span: slice) -> float:
    """Median grey of ``g[row, span]``; NaN when the row is off the image."""
    return _median(g[row, span]) if 0 <= row < g.shape[0] else float("nan")


def _median(values: np.ndarray) -> float:
    """Upper median; np.median's overhead is most of the cost on rows this short."""
    return float(np.partition(values, len(values) // 2)[len(values) // 2])


def _majority_box(band: np.ndarray, x: int, y: int, w: int, h: int) -> tuple[int, int, int, int]:
    """The box of the rows and columns at least half covered by ``band``: a glyph touching
    a band's border must not move its edge."""
    rows = np.flatnonzero(cv2.reduce(band, 1, cv2.REDUCE_AVG, dtype=cv2.CV_32F).ravel() >= 127.5)
    cols = np.flatnonzero(cv2.reduce(band, 0, cv2.REDUCE_AVG, dtype=cv2.CV_32F).ravel() >= 127.5)
    if rows.size == 0 or cols.size == 0:
        return x, y, w, h
    return x + int(cols[0]), y + int(rows[0]), int(cols[-1] - cols[0] + 1), int(rows[-1] - rows[0] + 1)


def _fill_text_holes(ink: np.ndarray, g: np.ndarray, level: int) -> np.ndarray:
    """``ink`` (0/255) with its holes filled, except holes bordered by pixels clearly darker
    than ``level``: those are cells enclosed by rules, not reversed text in a band."""
    h, w = ink.shape
    pad = np.zeros((h + 2, w + 2), np.uint8)
    pad[1:-1, 1:-1] = ink
    cv2.floodFill(pad, None, (0, 0), 128)
    holes = cv2.compare(pad[1:-1, 1:-1], 0, cv2.CMP_EQ)
    n, labels = cv2.connectedComponents(holes, connectivity=4)
    if n <= 1:
        return ink
    dark = cv2.bitwise_and(ink, cv2.compare(g, level - MIN_INNER_CONTRAST, cv2.CMP_LT))
    near_dark = cv2.dilate(dark, np.ones((3, 3), np.uint8)) > 0
    ok = np.ones(n, bool)
    ok[0] = False
    ok[np.unique(labels[near_dark & (labels > 0)])] = False
    return cv2.max(ink, (ok[labels] * np.uint8(255)).astype(np.uint8))


def _bands(blobs: list[_Blob], sc: _Scale
           ) -> tuple[list[Band], list[tuple[Rule, int]], list[RejectedRule], list[Rect]]:
    """Bands from rectangular uniform solid blobs, their edge rules (with band index),
    rejects, and the boxes of shadings and pictures (solid but not uniform)."""
    bands: list[Band] = []
    edges: list[tuple[Rule, int]] = []
    rejected: list[RejectedRule] = []
    pictures: list[Rect] = []
    s = sc.pt
    for b in blobs:
        orient: Orientation = "h" if b.w >= b.h else "v"
        long_px, thick_px = max(b.w, b.h), min(b.w, b.h)
        box = Rect(float(b.x * s), float(b.y * s), float((b.x + b.w) * s), float((b.y + b.h) * s))
        reason = _band_reason(long_px, b, sc)
        if reason:
            centre = box.cy if orient == "h" else box.cx
            lo, hi = (box.x0, box.x1) if orient == "h" else (box.y0, box.y1)
            rejected.append(RejectedRule(Rule(orient, centre, lo, hi, thick_px * s, "raster", b.grey), reason))
            if reason.startswith("shading"):
                pictures.append(box)
            continue
        bands.append(Band(box, b.grey, "raster"))
        # Its long sides only, like vector bands: the short ends are where a shading stops,
        # not separators.
        rules = _box_edges(box, orient, b.grey, s)
        for r, contrast in zip(rules, b.contrast[:2] if orient == "h" else b.contrast[2:], strict=True):
            if contrast < MIN_INNER_CONTRAST:
                rejected.append(RejectedRule(r, "soft edges (part of a gradient)"))
            else:
                edges.append((r, len(bands) - 1))
    return bands, edges, rejected, pictures


def _box_edges(box: Rect, orient: Orientation, grey: int, thickness: float) -> tuple[Rule, Rule]:
    if orient == "h":
        return (Rule("h", box.y0, box.x0, box.x1, thickness, "raster", grey),
                Rule("h", box.y1, box.x0, box.x1, thickness, "raster", grey))
    return (Rule("v", box.x0, box.y0, box.y1, thickness, "raster", grey),
            Rule("v", box.x1, box.y0, box.y1, thickness, "raster", grey))


def _band_reason(long_px: float, b: _Blob, sc: _Scale) -> str:
    if long_px < sc.min_len:
        return f"too short ({long_px * sc.pt:.1f} pt)"
    if b.uniform < BLOCK_MIN_UNIFORM and b.fill >= BAND_MIN_FILL:
        return "shading or picture, not a band"
    if b.fill < BAND_MIN_FILL:
        return f"not rectangular ({b.fill:.0%} filled)"
    return ""


def _drop_duplicate_edges(edges: list[tuple[Rule, int]], rules: list[Rule]
                          ) -> tuple[list[tuple[Rule, int]], list[RejectedRule]]:
    """Band edges that a thin rule already draws (a rule along a band's border)."""
    keep: list[tuple[Rule, int]] = []
    dropped: list[RejectedRule] = []
    for edge, band in edges:
        if any(_covers(r, edge) for r in rules):
            dropped.append(RejectedRule(edge, "duplicate of a rule"))
        else:
            keep.append((edge, band))
    return keep, dropped


def _covers(rule: Rule, edge: Rule) -> bool:
    if rule.orient != edge.orient or abs(rule.pos - edge.pos) > DUPLICATE_TOL:
        return False
    overlap = min(rule.end, edge.end) - max(rule.start, edge.start)
    return overlap >= 0.8 * edge.length


# --- thin runs ----------------------------------------------------------------------------

def _thin_rules(thin: np.ndarray, grey: np.ndarray, paper: int, orient: Orientation,
                sc: _Scale) -> list[tuple[Rule, str]]:
    """Horizontal (or, on the transposed image, vertical) thin runs, each with why it is not
    a rule ("" when it is)."""
    # Half the minimum length: shorter marks are listed as "too short" instead of vanishing.
    length = max(2, int(sc.min_len / 2))
    if orient == "h":
        seeds = cv2.erode(thin, np.ones((1, length), np.uint8))
    else:  # transpose the sparse eroded mask only; grey and thin are read through views
        seeds = cv2.transpose(cv2.erode(thin, np.ones((length, 1), np.uint8)))
        thin, grey = thin.T, grey.T
    # Keep only rows holding runs (plus one blank row after each, so separate runs stay
    # separate): dilating and labelling a few hundred rows is far cheaper than the page.
    busy = cv2.reduce(seeds, 1, cv2.REDUCE_MAX).ravel() > 0
    if not busy.any():
        return []
    busy[1:] |= busy[:-1].copy()
    rows = np.flatnonzero(busy)
    runs = cv2.dilate(seeds[rows], np.ones((1, length), np.uint8), anchor=_mirror(length, 1))  # the opening
    n, labels, stats, _ = cv2.connectedComponentsWithStats(runs, connectivity=8)
    m = _moments(labels, rows, grey, paper, n)
    out: list[tuple[Rule, str]] = []
    s = sc.pt
    for i in range(1, n):
        x, w, area = stats[i, 0], stats[i, 2], stats[i, 4]
        thick = area / w
        rule = Rule(orient, float((m.centre[i] + 0.5) * s), float(x * s), float((x + w) * s),
                    float(thick * s), "raster", int(round(m.grey[i])))
        reason = _thin_reason(w, thick, m.slope[i], m.scatter[i], sc)
        if not reason:
            top, bottom = rows[stats[i, 1]], rows[stats[i, 1] + stats[i, 3] - 1]
            reason = _beside(thin, grey, top, bottom, slice(x, x + w), m.grey[i])
        out.append((rule, reason))
    return out


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
    sides = [_median(grey[row, span]) for row in (top - 2, bottom + 2) if 0 <= row < h]
    if sides and max(sides) - run_grey < MIN_INNER_CONTRAST:
        return "soft edges (part of a gradient)"
    return ""


def _thin_reason(length: float, thick: float, slope: float, scatter: float, sc: _Scale) -> str:
    if abs(slope) > MAX_SLOPE or scatter > 0.5 * thick + 0.5:
        return "not straight"
    if thick > sc.max_thick:
        return f"too thick ({thick * sc.pt:.1f} pt)"
    if length < sc.min_len:
        return f"too short ({length * sc.pt:.1f} pt)"
    return ""


def _texture(found: list[tuple[Rule, str]], blocks: list[Rect]) -> list[tuple[Rule, str]]:
    """Reject runs that are texture, not rules: strips of a shading (three or more parallel
    runs packed within HATCH_GAP) and anything over a non-uniform block (gradient, picture)."""
    # Only rules and too-thick strips can form a shading; short bits of text never count.
    dense = [i for i, (_, why) in enumerate(found) if why == "" or why.startswith("too thick")]
    hatched = set()
    if dense:
        rules = [found[i][0] for i in dense]
        pos = np.array([r.pos for r in rules])
        close = _overlapping(rules) & (np.abs(pos[:, None] - pos[None]) <= HATCH_GAP)
        group = _components(close)
        big = np.bincount(group)[group] >= 3
        hatched = {i for i, h in zip(dense, big, strict=True) if h}
    out = []
    for i, (r, why) in enumerate(found):
        if not why and i in hatched:
            why = "shading (dense parallel runs)"
        elif not why and any(_on_picture(r, b) for b in blocks):
            why = "on a shading or picture"
        out.append((r, why))
    return out


def _overlapping(rules: list[Rule]) -> np.ndarray:
    """Parallel pairs overlapping along their axis by half the shorter one."""
    horiz = np.array([r.orient == "h" for r in rules])
    start = np.array([r.start for r in rules])
    end = np.array([r.end for r in rules])
    overlap = np.minimum(end[:, None], end[None]) - np.maximum(start[:, None], start[None])
    shorter = np.minimum((end - start)[:, None], (end - start)[None])
    return (horiz[:, None] == horiz[None]) & (overlap >= 0.5 * shorter)


def _on_picture(r: Rule, block: Rect) -> bool:
    """Whether ``r`` runs over (or along the border of) ``block`` for half its length."""
    lo, hi, a, b = ((block.y0, block.y1, block.x0, block.x1) if r.orient == "h"
                    else (block.x0, block.x1, block.y0, block.y1))
    if not lo - TOUCH_TOL <= r.pos <= hi + TOUCH_TOL:
        return False
    return min(r.end, b) - max(r.start, a) >= 0.5 * r.length


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
    ys, xs = np.nonzero(labels[:, ::MOMENT_STEP])
    xs *= MOMENT_STEP
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


# --- span guard ---------------------------------------------------------------------------

def span_guard(rules: list[Rule], guard: float) -> list[bool]:
    """Which ``rules`` span at least ``guard`` of their group's extent along their own axis.

    Groups: rules touching (within TOUCH_TOL) or parallel with overlapping extents and
    positions within GROUP_GAP. A rule's length is that of the line it is a piece of
    (collinear pieces less than JOIN_GAP apart, like the edges of shaded cells in a row).
    The extent is measured on all members, then re-measured on the survivors and every
    member checked again.
    """
    if not rules or guard <= 0:
        return [True] * len(rules)
    boxes = np.array([r.bbox.as_tuple() for r in rules])
    horiz = np.array([r.orient == "h" for r in rules])
    length = _line_lengths(rules, horiz)
    group = _groups(rules, boxes, horiz)
    keep = np.ones(len(rules), bool)
    for _ in range(2):
        span = _extent(boxes, group, keep, horiz)
        keep = length >= guard * span - 1e-6
    return keep.tolist()


def _line_lengths(rules: list[Rule], horiz: np.ndarray) -> np.ndarray:
    pos = np.array([r.pos for r in rules])
    start = np.array([r.start for r in rules])
    end = np.array([r.end for r in rules])
    gap = np.maximum(start[:, None], start[None]) - np.minimum(end[:, None], end[None])
    same = (horiz[:, None] == horiz[None]) & (np.abs(pos[:, None] - pos[None]) <= SNAP_TOL)
    line = _components(same & (gap <= JOIN_GAP))
    lo = np.full(len(rules), np.inf)
    hi = np.full(len(rules), -np.inf)
    np.minimum.at(lo, line, start)
    np.maximum.at(hi, line, end)
    return hi[line] - lo[line]


def _groups(rules: list[Rule], boxes: np.ndarray, horiz: np.ndarray) -> np.ndarray:
    x0, y0, x1, y1 = (boxes[:, i] for i in range(4))
    touch = ((x0[:, None] - TOUCH_TOL <= x1[None]) & (x0[None] - TOUCH_TOL <= x1[:, None])
             & (y0[:, None] - TOUCH_TOL <= y1[None]) & (y0[None] - TOUCH_TOL <= y1[:, None]))
    pos = np.array([r.pos for r in rules])
    start = np.array([r.start for r in rules])
    end = np.array([r.end for r in rules])
    parallel = ((horiz[:, None] == horiz[None]) & (np.abs(pos[:, None] - pos[None]) <= GROUP_GAP)
                & (start[:, None] <= end[None]) & (start[None] <= end[:, None]))
    return _components(touch | parallel)


def _components(adjacent: np.ndarray) -> np.ndarray:
    """Connected component id of each node of a symmetric boolean adjacency matrix."""
    parent = list(range(len(adjacent)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(adjacent, 1)), strict=True):
        parent[root(int(i))] = root(int(j))
    return np.array([root(i) for i in range(len(adjacent))], dtype=np.int64)


def _extent(boxes: np.ndarray, group: np.ndarray, member: np.ndarray, horiz: np.ndarray) -> np.ndarray:
    """Each rule's group extent along the rule's axis, measured on ``member`` rules only."""
    n = len(group)
    lo = np.full((n, 2), np.inf)
    hi = np.full((n, 2), -np.inf)
    np.minimum.at(lo, group[member], boxes[member][:, 0:2])
    np.maximum.at(hi, group[member], boxes[member][:, 2:4])
    size = hi[group] - lo[group]  # columns: x extent, y extent; inf-inf = nan when no member
    span = np.where(horiz, size[:, 0], size[:, 1])
    return np.nan_to_num(span, nan=0.0, neginf=0.0, posinf=0.0)


def _rule_key(r: Rule) -> tuple[str, float, float]:
    return (r.orient, round(r.pos, 3), r.start)
