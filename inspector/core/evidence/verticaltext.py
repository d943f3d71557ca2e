"""Text set top to bottom: vertical writing (Japanese or Chinese set in columns read right to left).

A page set vertically stacks its characters one under the next, each about one em square,
in columns a little more than an em apart. A PDF writer may draw every character on its own
(Distiller's Japanese gazettes do, in a font written left to right), so the page's text layer
holds one word per character; read by baselines, each "text line" is then one character from
every column across the page, and the whole page reads as one tall table of rows that are no
rows (a gazette's rules between its articles make it a ruled one). Vertical lines are not rows:
where most of a page's text is set this way, those characters are no table's text.

A run of vertical writing (``vertical_runs``): ``MIN_RUN`` or more words of one full-width
character each, about an em wide (``SQUARE``), their centres within ``ALIGN`` font sizes
across, each one's top at most ``PITCH`` font sizes under the one above it (a table's column
of one-character cells steps down by a row's height, padding included). The page is set
vertically when such runs hold ``MIN_SHARE`` of its characters or more, in ``MIN_COLUMNS``
runs or more; then every full-width character drawn alone is its vertical writing's (the
page's horizontal lines come as words of several characters). Sizes in font sizes (the
word's), positions in points.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from operator import attrgetter

from ..types import Rect, Rule, Word

MIN_RUN = 4  # characters stacked in one column of vertical writing, at least
SQUARE = (0.7, 1.3)  # a full-width character's width, in font sizes
ALIGN = 0.25  # font sizes: stacked characters' centres lie this close across
PITCH = 1.15  # font sizes: a character's top lies at most this far under the top of the one above
# (set solid, one em apart, or a little tracked: a table's rows step by their padding too, a
# Japanese sheet's default 13.5 pt rows of 11 pt type by 1.23)
MIN_SHARE = 0.5  # share of the page's characters in such runs, at least
MIN_COLUMNS = 3  # runs of vertical writing on the page, at least
CLEAR = 1.0  # font sizes: a rule's part this close to a word (not the vertical writing's) runs near it
NEAR_SHARE = 0.5  # a rule of the vertical writing runs near other text for less than this share of its length
RULE = "a rule among vertical writing (between its columns or articles), near no other text: no table's rule"
_TEXT = attrgetter("text")
VERTICAL = ("vertical writing: text set top to bottom in columns ({n} characters); its lines across are "
            "no table's rows, and it is no table's text")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _square(w: Word) -> bool:
    """A word of one full-width character drawn alone, about an em wide."""
    size = w.font_size
    if len(w.text) != 1 or size <= 0 or w.watermark or not _wide(w.text):
        return False
    return SQUARE[0] * size <= w.bbox.x1 - w.bbox.x0 <= SQUARE[1] * size


def vertical_writing(words: Sequence[Word]) -> frozenset[int]:
    """Indices of ``words`` that are a page's vertical writing (see the module): on a page set
    vertically, every full-width character drawn alone (a paragraph's last
    line shorter than ``MIN_RUN``, a bracket set off its column's axis); empty where the page is
    not set vertically."""
    if "".join(map(_TEXT, words)).isascii():  # nearly every page: no full-width character at all
        return frozenset()
    # one character, not ASCII: asked first, inline (every word of a page with a dash or a bullet)
    square = [i for i, w in enumerate(words) if len(w.text) == 1 and not w.text.isascii() and _square(w)]
    if len(square) < MIN_COLUMNS * MIN_RUN:  # most pages with a few full-width characters
        return frozenset()
    runs = [run for c in _columns(words, square) for run in vertical_runs(words, c)]
    if len(runs) < MIN_COLUMNS:
        return frozenset()
    held = sum(len(run) for run in runs)  # one character a word
    if held < MIN_SHARE * sum(len(w.text) for w in words if not w.watermark):
        return frozenset()
    return frozenset(square)


def vertical_runs(words: Sequence[Word], column: Sequence[int]) -> list[list[int]]:
    """The runs of vertical writing in one ``column`` (indices of ``words`` whose centres align
    across), each top to bottom."""
    out: list[list[int]] = []
    run: list[int] = []
    for i in sorted(column, key=lambda k: words[k].bbox.y0):
        if run and words[i].bbox.y0 - words[run[-1]].bbox.y0 > PITCH * words[run[-1]].font_size:
            out += [run] if len(run) >= MIN_RUN else []
            run = []
        run.append(i)
    return out + ([run] if len(run) >= MIN_RUN else [])


def _columns(words: Sequence[Word], cands: Sequence[int]) -> list[list[int]]:
    """``cands`` grouped by their centres across, each within ``ALIGN`` font sizes of the last."""
    groups: list[list[int]] = []
    last = -1e9
    for i in sorted(cands, key=lambda k: words[k].bbox.x0 + words[k].bbox.x1):
        b = words[i].bbox
        x = (b.x0 + b.x1) / 2
        if not groups or x - last > ALIGN * words[i].font_size:
            groups.append([])
        groups[-1].append(i)
        last = x
    return groups


def writing_rules(words: Sequence[Word], upright: frozenset[int], rules: Sequence[Rule]) -> list[Rule]:
    """The ``rules`` that part the vertical writing ``upright`` (indices of ``words``): among
    it (``_among`` its bounds, one of its font sizes around), running near (``CLEAR`` font sizes) any other word of
    the page for less than ``NEAR_SHARE`` of its length (its title line's underline runs along
    the title). A gazette's rules
    between its articles and tiers stand among lines across that are no rows: no table's rules."""
    if not upright or not rules:
        return []
    size = max(words[i].font_size for i in upright)
    bounds = Rect.bounding([words[i].bbox for i in upright]).expanded(size)
    others = [w.bbox.expanded(CLEAR * w.font_size) for i, w in enumerate(words) if i not in upright and not w.in_no_table]
    return [r for r in rules if _among(r, bounds) and _near_share(r, others) < NEAR_SHARE]


def _among(r: Rule, bounds: Rect) -> bool:
    """Does ``r`` lie among the writing's ``bounds``: its position inside them across, and over
    half its length inside them along (a rule over a tier may reach past its first and last
    columns to the page's text block)?"""
    lo, hi, across = (bounds.x0, bounds.x1, (bounds.y0, bounds.y1)) if r.orient == "h" else \
        (bounds.y0, bounds.y1, (bounds.x0, bounds.x1))
    inside = min(r.end, hi) - max(r.start, lo)
    return across[0] <= r.pos <= across[1] and inside > 0.5 * (r.end - r.start)


def _near_share(r: Rule, boxes: Sequence[Rect]) -> float:
    """The share of ``r``'s length that runs through ``boxes`` (overlaps counted twice: at most 1
    is no bound)."""
    box, length = _box(r), max(r.end - r.start, 1e-6)
    near = 0.0
    for b in boxes:
        cut = box.intersection(b)
        if cut is not None:
            near += (cut.x1 - cut.x0) if r.orient == "h" else (cut.y1 - cut.y0)
    return near / length


def _box(r: Rule) -> Rect:
    half = r.thickness / 2
    if r.orient == "h":
        return Rect(r.start, r.pos - half, r.end, r.pos + half)
    return Rect(r.pos - half, r.start, r.pos + half, r.end)
