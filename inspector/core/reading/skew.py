"""A scanned page's picture made ready for OCR: its small tilt measured and taken out, and
its ruling lines erased.

A scan is rarely straight: half a degree over a 500 pt table moves its last column's
baseline by 4 pt, enough to break rows apart. The angle is the one whose horizontal
projection of the letters' bottoms is sharpest (the baselines of text lines then fall into
few rows), searched coarse to fine. Angles follow OpenCV's ``getRotationMatrix2D`` (degrees, positive turns the
picture counter-clockwise as shown), so ``straighten(img, estimate_skew(img))`` is level.

Tesseract reads a rule touching a word as part of it ("99|", "_Total") and a ruled grid
can hide a cell's text from its layout analysis, so long straight ink runs are painted
paper-white on the copy it reads (the rules themselves are found on another copy). A fax's
or a copier's stray specks are read as '.', ',' or '-' beside a cell's text: lone blobs far
smaller than a full stop are painted with the paper around them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from ..page_marks import Rule

MAX_SKEW = 5.0  # degrees: larger tilts are not a scanner's, and are left alone
MIN_SKEW = 0.1  # degrees: below this a rotation only blurs the picture
WORK_DPI = 150  # the angle is measured on a copy at about this resolution


def estimate_skew(grey: np.ndarray, dpi: int) -> float:
    """Degrees that straighten ``grey`` (uint8, H x W, rendered at ``dpi``); 0.0 when the
    page is level within MIN_SKEW, blank, or no angle up to MAX_SKEW is clearly better."""
    pts = _ink_points(grey, dpi)
    if pts is None:
        return 0.0
    x, y = pts
    coarse = np.arange(-MAX_SKEW, MAX_SKEW + 1e-9, 0.25)
    best = _best(x, y, coarse)
    fine = np.arange(best - 0.25, best + 0.25 + 1e-9, 0.025)
    best = _best(x, y, fine)
    if abs(best) < MIN_SKEW or abs(best) > MAX_SKEW:
        return 0.0
    # A page with no lines at all (a photo) scores alike at every angle: do not turn it.
    if _score(x, y, best) < 1.05 * _score(x, y, 0.0):
        return 0.0
    return round(float(best), 3)


def straighten(grey: np.ndarray, angle: float, paper: int = 255) -> np.ndarray:
    """``grey`` rotated by ``angle`` degrees about its centre, same size, corners filled with ``paper``."""
    if not angle:
        return grey
    h, w = grey.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    out: np.ndarray = cv2.warpAffine(grey, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                                     borderValue=paper)
    return out


RULE_MIN_PT = 25.0  # ink runs at least this long (points) and thin are rules, not letters
RULE_MAX_PT = 3.0  # thicker runs are left alone (filled bands, bold headings)
RULE_LETTERS = 3  # x the letter height: a run (a dash) shorter than this may be a letter's stroke


def erase_rules(grey: np.ndarray, dpi: int) -> np.ndarray:
    """A copy of ``grey`` with its long thin horizontal and vertical ink runs painted white.

    A run is long when it exceeds RULE_MIN_PT and three letter heights: a picture's stated
    resolution can be wrong (a PNG has none), its letters' size is not.
    """
    px = dpi / 72.0
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    _, blobs, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    letters = _median_letter(stats, ink.shape[0])
    length = max(int(RULE_MIN_PT * px), RULE_LETTERS * letters, 5)
    across = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (length, 1)))
    down = cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (1, length)))
    lines = cv2.bitwise_or(across, down)
    # Thick runs are bands or big letters, not rules: keep what a thin opening still leaves.
    thick = max(int(RULE_MAX_PT * px), 2)
    bands = cv2.morphologyEx(lines, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (thick, thick)))
    thin = cv2.subtract(lines, bands)
    # A blob no taller (for a vertical run: no wider) than LINE_HEIGHTS letters is a line of them.
    line = LINE_HEIGHTS * letters
    thin = cv2.bitwise_or(
        _clear_sided(cv2.bitwise_and(thin, across), ink, blobs, stats[:, cv2.CC_STAT_HEIGHT] <= line),
        _clear_sided(cv2.bitwise_and(thin, down).T, ink.T, blobs.T, stats[:, cv2.CC_STAT_WIDTH] <= line).T)
    rules = cv2.dilate(thin, np.ones((3, 3), np.uint8))  # and their anti-aliased rims
    out = grey.copy()
    out[rules > 0] = 255
    return out


THROUGH_TEXT = 0.6  # a run with ink right above and right below over this share of its length lies inside letters
LINE_HEIGHTS = 2.0  # x the letter height: the ink a run lies in is a line of letters when no taller


def _clear_sided(runs: np.ndarray, ink: np.ndarray, blobs: np.ndarray, in_line: np.ndarray) -> np.ndarray:
    """``runs`` (a mask of horizontal ink runs, 0/255) without those that lie through a line of
    letters: with ink right above and right below them over THROUGH_TEXT of their length, in
    an ink blob (``blobs``: the labels of ``ink``'s blobs) that ``in_line`` says is no taller
    than a line of letters.

    Blurred bold letters set close run together in one or two pixel rows as long as a rule;
    painting that row white cuts the word in two ("Subcontracts" read "Subeoniacis"). A rule
    has paper on at least one side save where text or a crossing rule touches it. The hatching
    of an engraving has ink on both sides too, but over more than a line: its runs are erased,
    as before, and Tesseract finds fewer marks in it.
    """
    n, labels = cv2.connectedComponents(runs, connectivity=8)
    if n <= 1:
        return runs
    # Runs are a sliver of the page: work on their pixels only, not on whole-page masks.
    ys, xs = np.nonzero(labels)
    lab = labels[ys, xs]
    rows = runs.shape[0]
    share = []
    for step in (-1, 1):  # above, below
        ny = np.clip(ys + step, 0, rows - 1)
        edge = (runs[ny, xs] == 0) | (ny == ys)  # the run's last pixel on this side
        counts = np.bincount(lab[edge], minlength=n)
        inked = (ink[ny[edge], xs[edge]] > 0) & (ny[edge] != ys[edge])
        share.append(np.bincount(lab[edge], weights=inked, minlength=n) / np.maximum(counts, 1))
    inside = np.minimum(share[0], share[1]) >= THROUGH_TEXT
    inside[0] = False
    if inside.any():
        blob = np.zeros(n, np.int64)
        blob[lab] = blobs[ys, xs]  # a run lies wholly in one blob: any of its pixels names it
        inside &= in_line[blob]
    if not inside.any():
        return runs
    out = runs.copy()
    out[inside[labels]] = 0
    return out


RIM_PX = 1  # pixels painted beyond a rule's measured thickness on each side: its anti-aliased rim


def paint_rules(grey: np.ndarray, dpi: int, rules: Sequence[Rule]) -> np.ndarray:
    """A copy of ``grey`` (rendered at ``dpi``) with each of ``rules`` (points of that picture)
    painted white over its length and its thickness plus RIM_PX on each side: one straight line
    where a scan left a staircase of short runs, which no opening finds."""
    px = dpi / 72.0
    out = grey.copy()
    h, w = out.shape[:2]
    for r in rules:
        b = r.bbox
        x0, y0 = max(int(b.x0 * px) - RIM_PX, 0), max(int(b.y0 * px) - RIM_PX, 0)
        x1, y1 = min(int(math.ceil(b.x1 * px)) + RIM_PX, w), min(int(math.ceil(b.y1 * px)) + RIM_PX, h)
        out[y0:y1, x0:x1] = 255
    return out


def enlarge(grey: np.ndarray, factor: float) -> np.ndarray:
    """``grey`` scaled up by ``factor`` (> 1), smoothly: cubic interpolation gives a bilevel
    scan's staircase edges the grey ramps of a finer scan, which Tesseract thresholds into
    letters whose gaps (between words too) keep their width."""
    h, w = grey.shape[:2]
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    out: np.ndarray = cv2.resize(grey, size, interpolation=cv2.INTER_CUBIC)
    return out


SPECK_DARKNESS = 0.5  # x the ink threshold: a speck's darkest pixel is at least this dark


def remove_specks(grey: np.ndarray, dpi: int, size: float, points: bool = False) -> np.ndarray:
    """A copy of ``grey`` whose isolated ink specks are painted with the paper around them.

    A speck is a blob of ink (Otsu's dark class, 8-connected) holding no more pixels than a
    square ``size`` points wide (at least one pixel), with a pixel darker than SPECK_DARKNESS
    x the threshold: scanner dust, a fax's stray pixels. The
    full stop of small print is a few times larger; a speck touching a letter is part of
    that letter's blob and stays. With ``points``, neither does a speck on the baseline
    between two letters (``between_letters``): at a fax's resolution a decimal point or a
    thousands comma is a pixel. ``grey`` itself is returned when nothing is a speck.
    """
    area = max(1, round((size * dpi / 72.0) ** 2))
    if grey.size == 0 or int(grey.max()) - int(grey.min()) < 40:
        return grey  # blank or flat: no ink to tell from paper
    level, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    speck = stats[:, cv2.CC_STAT_AREA] <= area
    speck[0] = False  # the paper
    if not speck.any():
        return grey
    # Only dark specks: a heavy JPEG's ringing leaves lone pixels just under the threshold in
    # and around letters, and painting those changes the letters.
    ys, xs = np.nonzero(speck[labels])
    darkest = np.full(n, 255, np.uint8)
    np.minimum.at(darkest, labels[ys, xs], grey[ys, xs])
    speck &= darkest <= level * SPECK_DARKNESS
    if points and speck.any():
        speck &= ~between_letters(stats, _median_letter(stats, grey.shape[0]), grey.shape)
    mask = speck[labels]
    if not mask.any():
        return grey
    # The brightest pixel near a speck is the paper it lies on (a speck is at most ``area`` wide).
    side = 2 * int(math.isqrt(area)) + 3
    paper = cv2.dilate(grey, np.ones((side, side), np.uint8))
    out = grey.copy()
    out[mask] = paper[mask]
    return out


POINT_GAP = 0.5  # x the letter height: a point lies this close to the letters on either side
POINT_DROP = 0.25  # x the letter height: its foot this close to theirs (a comma hangs a little lower)


def between_letters(stats: np.ndarray, letters: int, shape: tuple[int, ...]) -> np.ndarray:
    """Per blob of ``stats`` (OpenCV's, of a picture of ``shape``): does it lie on the baseline
    between two letter-sized blobs (half to twice ``letters`` px high), each ending or starting
    within POINT_GAP letters of it, their feet within POINT_DROP letters of its own? A
    decimal point or a comma inside a number does; a speck of dust rarely falls just there."""
    out = np.zeros(len(stats), bool)
    if letters <= 0:
        return out
    x, y, w, h = (stats[:, i].astype(np.int64) for i in range(4))
    letter = (h >= letters / 2) & (h <= 2 * letters)
    letter[0] = False  # the paper
    gap, drop = max(2, round(POINT_GAP * letters)), max(1, round(POINT_DROP * letters))
    # A letter's foot marked where a point may follow it (to its right) or precede it (to its left).
    after, before = np.zeros(shape[:2], np.uint8), np.zeros(shape[:2], np.uint8)
    foot = np.clip(y[letter] + h[letter] - 1, 0, shape[0] - 1)
    after[foot, np.clip(x[letter] + w[letter], 0, shape[1] - 1)] = 1
    before[foot, np.clip(x[letter] - 1, 0, shape[1] - 1)] = 1
    span = np.ones((2 * drop + 1, gap), np.uint8)
    after = cv2.dilate(after, span, anchor=(gap - 1, drop))  # anchored at its right end: spreads rightwards
    before = cv2.dilate(before, span, anchor=(0, drop))
    cx = np.clip(x + w // 2, 0, shape[1] - 1)
    cy = np.clip(y + h - 1, 0, shape[0] - 1)
    point: np.ndarray = (after[cy, cx] > 0) & (before[cy, cx] > 0)
    point[0] = False
    return point


def letter_height(grey: np.ndarray) -> int:
    """Median height (pixels) of the letter-sized ink blobs of ``grey`` (Otsu's dark class); 0 when none."""
    if grey.size == 0 or int(grey.max()) - int(grey.min()) < 40:
        return 0
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    return _letter_height(ink)


def _letter_height(ink: np.ndarray) -> int:
    """Median height (pixels) of the letter-sized ink blobs of a binary picture; 0 when none."""
    _, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    return _median_letter(stats, ink.shape[0])


def _median_letter(stats: np.ndarray, rows: int) -> int:
    """Median height (pixels) of the letter-sized blobs among ``stats`` (OpenCV's, of a picture
    ``rows`` high); 0 when none."""
    h = stats[1:, 3]
    h = h[(h >= 3) & (h <= rows // 10)]
    return int(np.median(h)) if len(h) else 0


def _ink_points(grey: np.ndarray, dpi: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Bottom centres of character-sized ink blobs on a ~WORK_DPI copy, relative to its centre.

    Letters of a line stand on one baseline, so these points fall on few rows when level;
    long rules and pictures are left out (their blobs are not character-sized).
    """
    scale = min(1.0, WORK_DPI / max(dpi, 1))
    small = grey if scale >= 1.0 else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    if small.size == 0 or int(small.max()) - int(small.min()) < 40:
        return None  # blank or flat: nothing to measure
    _, ink = cv2.threshold(small, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    n, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    x, y, w, h = stats[1:, 0], stats[1:, 1], stats[1:, 2], stats[1:, 3]
    px = scale * dpi / 72.0  # pixels per point on the copy
    glyph = (h >= 3) & (h <= 40 * px) & (w <= 40 * px)
    if int(glyph.sum()) < 20:
        return None
    rows, cols = small.shape
    return ((x[glyph] + w[glyph] / 2).astype(np.float32) - cols / 2,
            (y[glyph] + h[glyph]).astype(np.float32) - rows / 2)


def _score(x: np.ndarray, y: np.ndarray, angle: float) -> float:
    """Sharpness of the horizontal ink profile after turning by ``angle``: sum of squared row counts."""
    a = math.radians(angle)
    rows = np.round(-math.sin(a) * x + math.cos(a) * y).astype(np.int64)
    counts = np.bincount(rows - rows.min())
    return float(np.dot(counts, counts))


def _best(x: np.ndarray, y: np.ndarray, angles: np.ndarray) -> float:
    scores = [_score(x, y, float(a)) for a in angles]
    return float(angles[int(np.argmax(scores))])
