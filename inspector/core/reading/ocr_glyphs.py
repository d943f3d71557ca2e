"""OCR text corrected by the shape of its glyphs: which dash a printed dash is.

Tesseract's English model reads hyphen, en dash and em dash all as "-", but tables use them
for different things (a hyphen joins words; an en dash writes ranges such as "45–54" and
negative numbers; an em dash is a nil cell or a break in a sentence), and a text layer keeps
them apart, so a scan's cells would differ from the same page's text. The three differ in
length, so the ink of each dash tells them apart: the longest run of ink at the dash's height
between its two neighbours' boxes on the picture Tesseract read (Tesseract's own box of a dash
is often a guess a few pixels wide, the neighbouring letters' boxes are sound), measured against the
text line's own figures (tabular digits all share one width, about half an em) or, on a line
without enough digits, against its capital height:

========  ================  ===================
glyph     x digit width     x capital height
========  ================  ===================
hyphen    under 0.72        under 0.5
en dash   0.72 to 1.3       0.5 to 0.9
em dash   1.3 and over      0.9 and over
========  ================  ===================

(set from the ICDAR 2013 pages rendered at 200 dpi, where in Myriad an en dash is as long as
a digit and a hyphen about 0.6 of one, and from DejaVu Sans, whose en dash is 0.8 of a digit
and hyphen 0.55: on those pages 93 % of 740 dashes come out as their text layer has them,
against 49 % when every dash is read as "-"). A dash between two letters
joins a compound word ("non-Hispanic") and stays a hyphen unless it is as long as an em dash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

import numpy as np

DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2212"
HYPHEN, EN_DASH, EM_DASH = "-", "\u2013", "\u2014"
BY_DIGIT = (0.72, 1.3)  # hyphen | en dash | em dash, ink length x the line's digit width
BY_CAPITAL = (0.5, 0.9)  # the same x the line's capital height (a line with few digits)
MIN_DIGITS = 3  # a line needs this many digits for their width to be the measure
FLAT = 0.4  # a dash's ink is at most this x the capital height tall; a taller box is Tesseract's guess


@dataclass(frozen=True)
class Glyph:
    """One character Tesseract read and its ink box (pixels: x0, y0, x1, y1)."""

    text: str
    box: tuple[int, int, int, int]

    @property
    def width(self) -> int:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> int:
        return self.box[3] - self.box[1]


@dataclass(frozen=True)
class LineScale:
    """A text line's measures (pixels): median ink width of its digits (0 with fewer than
    MIN_DIGITS) and median ink height of its digits and capitals (0 with none)."""

    digit: float
    capital: float

    @classmethod
    def of(cls, glyphs: Sequence[Glyph]) -> LineScale:
        digits = [g.width for g in glyphs if g.text.isdigit()]
        tall = [g.height for g in glyphs if g.text.isdigit() or (g.text.isalpha() and g.text.isupper())]
        return cls(median(digits) if len(digits) >= MIN_DIGITS else 0.0, median(tall) if tall else 0.0)


def dash_by_length(width: float, scale: LineScale) -> str | None:
    """Hyphen, en dash or em dash for a dash ``width`` pixels long; None without a measure."""
    if scale.digit > 0:
        ratio, (short, long) = width / scale.digit, BY_DIGIT
    elif scale.capital > 0:
        ratio, (short, long) = width / scale.capital, BY_CAPITAL
    else:
        return None
    return HYPHEN if ratio < short else EN_DASH if ratio < long else EM_DASH


def restore_dashes(glyphs: Sequence[Glyph], scale: LineScale, grey: np.ndarray | None = None) -> str:
    """The word's text with each dash Tesseract read replaced by the dash its length says;
    ``grey`` is the picture Tesseract read (the glyphs' pixels), to measure the dash's ink."""
    out = []
    for i, g in enumerate(glyphs):
        text = g.text
        if len(text) == 1 and text in DASHES and (scale.capital <= 0 or g.height <= FLAT * scale.capital):
            width = ink_length(grey, glyphs, i) if grey is not None else 0
            found = dash_by_length(width or g.width, scale)
            if found == EN_DASH and _between_letters(glyphs, i):
                found = HYPHEN  # a compound word's hyphen, drawn long in some faces
            text = found or text
        out.append(text)
    return "".join(out)


def ink_length(grey: np.ndarray, glyphs: Sequence[Glyph], i: int) -> int:
    """Pixels of the longest level ink run at the height of dash ``glyphs[i]``, between its
    neighbours' boxes (or within a few pixels of its own box); 0 when none is found."""
    g = glyphs[i]
    pad = max(g.height, 2)
    x0 = glyphs[i - 1].box[2] + 1 if i > 0 else g.box[0] - 2
    x1 = glyphs[i + 1].box[0] - 1 if i + 1 < len(glyphs) else g.box[2] + 2
    cy = (g.box[1] + g.box[3]) // 2
    y0, y1 = max(cy - pad, 0), min(cy + pad + 1, grey.shape[0])
    x0, x1 = max(x0, 0), min(x1, grey.shape[1])
    if x1 - x0 < 2 or y1 <= y0:
        return 0
    band = grey[y0:y1, x0:x1]
    lo, hi = int(band.min()), int(band.max())
    if hi - lo < 40:  # no contrast: nothing drawn here
        return 0
    cols = np.asarray((band < (lo + hi) / 2).any(axis=0))
    best = run = 0
    for dark in cols:
        run = run + 1 if dark else 0
        best = max(best, run)
    return best


def _between_letters(glyphs: Sequence[Glyph], i: int) -> bool:
    left = glyphs[i - 1].text if i > 0 else ""
    right = glyphs[i + 1].text if i + 1 < len(glyphs) else ""
    return left[-1:].isalpha() and right[:1].isalpha()
