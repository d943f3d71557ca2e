"""Raster rules, step 2: solid regions of the ink mask and the bands among them.

Ink opened with a square a little wider than ``max_thickness`` keeps only what is thick in
both directions (bands, shaded cells, bold glyphs, pictures). Holes from reversed white text
are filled (not holes bordered by dark rules: those are cells). A uniform rectangular region
is a band (header band, zebra stripe, shaded cell or panel): its two long edges become rules.
A non-uniform one is a shading or picture. Also home of the pixel scale and the small image
helpers the thin-run step (``rules_raster``) shares.

Pixel coordinates in, PDF points (pixel x 72/dpi) out.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import cv2
import numpy as np

from ..params import RasterParams
from ..types import Band, Orientation, Rect, RejectedRule, Rule

MIN_INNER_CONTRAST = 24  # grey levels a line must be darker than the band it crosses
BAND_MIN_FILL = 0.7  # filled fraction of its box a band needs (else not rectangular)
BLOCK_MIN_UNIFORM = 0.5  # less of a solid area near one grey: a gradient or picture
DUPLICATE_TOL = 1.5  # pt: a band edge this close to a thin rule along it is the same line


@dataclass(frozen=True)
class Scale:
    """Pixel sizes of the parameters at one dpi; ``pt`` = points per pixel."""

    pt: float
    min_len: float
    max_thick: float

    @staticmethod
    def of(dpi: int, params: RasterParams) -> Scale:
        px = dpi / 72.0
        return Scale(1.0 / px, params.min_length * px, params.max_thickness * px)


def mirror(w: int, h: int) -> tuple[int, int]:
    """Dilation anchor that undoes an erosion with the default anchor of a w x h kernel
    (they differ for even sizes: without it an opening shifts by a pixel)."""
    return (w - 1 - w // 2, h - 1 - h // 2)


def median(values: np.ndarray) -> float:
    """Upper median; np.median's overhead is most of the cost on rows this short."""
    return float(np.partition(values, len(values) // 2)[len(values) // 2])


@dataclass(frozen=True)
class Blob:
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

    def moved(self, dx: int, dy: int) -> Blob:
        return dataclasses.replace(self, x=self.x + dx, y=self.y + dy)


def solid_regions(grey: np.ndarray, ink: np.ndarray, sc: Scale,
                  fraction: float) -> tuple[np.ndarray, list[Blob]]:
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
    core, g = cv2.dilate(seeds[crop], square, anchor=mirror(k, k)), grey[crop]
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


def _darker_than_around(g: np.ndarray, core: np.ndarray, k: int, fraction: float) -> np.ndarray:
    """0/255 mask of pixels clearly darker than the solid region within k px of them. The
    region's level there is the lightest of its pixels away from its rim (the rim holds the
    anti-aliased edges of white text, almost paper)."""
    deep = cv2.erode(core, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0)
    local = cv2.dilate(cv2.min(g, deep), np.ones((2 * k + 1, 2 * k + 1), np.uint8))
    limit = cv2.min(cv2.multiply(local, fraction), cv2.subtract(local, MIN_INNER_CONTRAST))
    ink: np.ndarray = cv2.compare(g, limit, cv2.CMP_LT)
    return ink


def _blobs(contours: list[np.ndarray], core: np.ndarray, g: np.ndarray, ink: np.ndarray,
           region: np.ndarray, sc: Scale) -> list[Blob]:
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
        out.append(Blob(bx, by, bw, bh, fill, level, solid, uniform, _contrast(g, bx, by, bw, bh)))
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
    return median(g[row, span]) if 0 <= row < g.shape[0] else float("nan")


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
    out: np.ndarray = cv2.max(ink, (ok[labels] * np.uint8(255)).astype(np.uint8))
    return out


@dataclass(frozen=True)
class BandsFound:
    """What the solid blobs give: bands, their edge rules (each with the index of its band in
    ``bands``), rejected blobs and soft edges, and the boxes of shadings and pictures (solid
    but not uniform), all in points."""

    bands: list[Band]
    edges: list[tuple[Rule, int]]
    rejected: list[RejectedRule]
    pictures: list[Rect]


def find_bands(blobs: list[Blob], sc: Scale) -> BandsFound:
    """Bands from rectangular uniform solid blobs; the rest rejected with a reason."""
    out = BandsFound([], [], [], [])
    for b in blobs:
        orient: Orientation = "h" if b.w >= b.h else "v"
        box = _box_pt(b, sc.pt)
        reason = _band_reason(max(b.w, b.h), b, sc)
        if reason:
            out.rejected.append(RejectedRule(_axis_rule(b, box, orient, sc.pt), reason))
            if reason.startswith("shading"):
                out.pictures.append(box)
            continue
        out.bands.append(Band(box, b.grey, "raster"))
        _add_long_edges(out, b, box, orient, sc.pt)
    return out


def _box_pt(b: Blob, s: float) -> Rect:
    return Rect(float(b.x * s), float(b.y * s), float((b.x + b.w) * s), float((b.y + b.h) * s))


def _axis_rule(b: Blob, box: Rect, orient: Orientation, s: float) -> Rule:
    """A rejected blob as a rule along its long axis, as thick as its short side."""
    centre = box.cy if orient == "h" else box.cx
    lo, hi = (box.x0, box.x1) if orient == "h" else (box.y0, box.y1)
    return Rule(orient, centre, lo, hi, min(b.w, b.h) * s, "raster", b.grey)


def _add_long_edges(out: BandsFound, b: Blob, box: Rect, orient: Orientation, s: float) -> None:
    """The last band's long sides as edges, or rejects where the page barely changes across
    them. Long sides only, like vector bands: the short ends are where a shading stops,
    not separators."""
    contrasts = b.contrast[:2] if orient == "h" else b.contrast[2:]
    for r, contrast in zip(_box_edges(box, orient, b.grey, s), contrasts, strict=True):
        if contrast < MIN_INNER_CONTRAST:
            out.rejected.append(RejectedRule(r, "soft edges (part of a gradient)"))
        else:
            out.edges.append((r, len(out.bands) - 1))


def _box_edges(box: Rect, orient: Orientation, grey: int, thickness: float) -> tuple[Rule, Rule]:
    if orient == "h":
        return (Rule("h", box.y0, box.x0, box.x1, thickness, "raster", grey),
                Rule("h", box.y1, box.x0, box.x1, thickness, "raster", grey))
    return (Rule("v", box.x0, box.y0, box.y1, thickness, "raster", grey),
            Rule("v", box.x1, box.y0, box.y1, thickness, "raster", grey))


def _band_reason(long_px: float, b: Blob, sc: Scale) -> str:
    if long_px < sc.min_len:
        return f"too short ({long_px * sc.pt:.1f} pt)"
    if b.uniform < BLOCK_MIN_UNIFORM and b.fill >= BAND_MIN_FILL:
        return "shading or picture, not a band"
    if b.fill < BAND_MIN_FILL:
        return f"not rectangular ({b.fill:.0%} filled)"
    return ""


def drop_duplicate_edges(edges: list[tuple[Rule, int]], rules: list[Rule]
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

