"""A scan's picture made clean for OCR: its paper evened out, dark bands reversed, shading
lifted, salt-and-pepper noise mended, specks painted out, straightened, and its rules (a
coarse scan's broken hairlines too) painted paper-white; with the notes explain names.

Moved out of ``scan`` (which decides when to OCR and maps the words back); behaviour unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .params import OcrParams, RasterParams
from .types import RasterResult, Rule

if TYPE_CHECKING:
    import numpy as np

    from .reading.paper import EvenPaper


def cleaned(img: np.ndarray, dpi: int, o: OcrParams, skew: float, raster: RasterParams | None,
            black_white: bool = False, scan_dpi: float = 0.0) -> tuple[np.ndarray, tuple[str, ...]]:
    """The render ``img`` (at ``dpi``) with its paper evened out (``o.even_paper``), its shaded
    areas lifted to paper (``o.shading``), its specks
    up to ``o.specks`` points wide painted out, straightened by ``skew`` degrees and its rules
    erased when ``o.erase_rules`` (with ``raster``: those the raster stage joined from a scan's
    steps too); and notes saying what of it explain should name. On a ``black_white`` scan a
    speck between two letters is kept (``o.speck_points``): thresholding left its points a pixel.
    ``scan_dpi`` is the scan's own resolution (``Page.picture_dpi``; 0: ``dpi``), whose pixels
    set the period of a skewed hairline's dashes."""
    notes: tuple[str, ...] = ()
    if o.even_paper > 0:  # first: specks, rules and Tesseract all threshold the page as a whole
        from .reading.paper import even_paper

        even = even_paper(img, dpi, o.even_paper)
        img, notes = even.grey, paper_note(even, "OCR", "ocr.even_paper")
    if o.reverse_bands:  # before lifting, which would wash a mid-grey band's white letters out
        img, reversed_ = _reverse_bands(img, o.shading_edges)
        notes += reversed_
    if o.shading > 0:  # before specks: a shaded cell's specks are told from its shade once it is paper
        img, lifted = _lift_shading(img, o.shading, o.shading_edges)
        notes += lifted
    if o.impulses > 0 and not black_white:  # before specks: a lone black pixel on a letter's edge is no speck
        img, mended = _mend_impulses(img, o.impulses)
        notes += mended
    if o.specks > 0:  # before straightening, which smears a one-pixel speck over four
        from .reading.skew import remove_specks

        points = o.speck_points and black_white
        img = remove_specks(img, dpi, o.specks, points)
        if points:
            notes += ("a black-and-white scan: specks on a text line's baseline between two letters are kept "
                      "as points (a decimal point, a comma), not painted out as dust (ocr.speck_points)",)
    img = straightened(img, skew)
    if o.erase_rules:
        img, erased = _erase_rules(img, dpi, raster, skew, scan_dpi)
        notes += erased
    return img, notes


def _lift_shading(img: np.ndarray, lift: float, edges: float) -> tuple[np.ndarray, tuple[str, ...]]:
    """``img`` with its shaded areas lifted to paper (``reading.shading``), and notes when any
    was, or was left alone because its edges fade."""
    from .reading.shading import lift_shading
    from .reading.skew import letter_height

    got = lift_shading(img, letter_height(img), lift, edges)
    notes: tuple[str, ...] = ()
    if got.faded:
        notes += (f"{got.faded} darker area(s) whose edges fade (a shadow, uneven light) were not lifted as "
                  "shading before OCR (ocr.shading_edges)",)
    if not got.done:
        return img, notes
    return got.grey, notes + (f"shaded areas ({got.share:.0%} of the page) were lifted to white before OCR, so "
                              "their letters stand on paper (ocr.shading)",)


def _mend_impulses(img: np.ndarray, per_10k: float) -> tuple[np.ndarray, tuple[str, ...]]:
    """``img`` with its salt-and-pepper noise mended (``reading.impulses``), and a note when it was."""
    from .reading.impulses import mend_impulses

    got = mend_impulses(img, per_10k)
    if not got.done:
        return img, ()
    return got.grey, (f"salt-and-pepper noise ({got.per_10k:.0f} lone pixels in 10,000) was mended before OCR: "
                      "each lone black or white pixel took the median of its neighbours (ocr.impulses)",)


def _reverse_bands(img: np.ndarray, edges: float) -> tuple[np.ndarray, tuple[str, ...]]:
    """``img`` with its dark bands of light text reversed (``reading.darkbands``), and a note when
    any was."""
    from .reading.darkbands import reverse_dark_bands
    from .reading.skew import letter_height

    got = reverse_dark_bands(img, letter_height(img), edges)
    if got.share <= 0:
        return img, ()
    return got.grey, (f"dark bands ({got.share:.0%} of the page) were reversed before OCR, so their light letters "
                      "are read as dark text on paper (ocr.reverse_bands)",)


def _erase_rules(img: np.ndarray, dpi: int, raster: RasterParams | None,
                 skew: float = 0.0, scan_dpi: float = 0.0) -> tuple[np.ndarray, tuple[str, ...]]:
    """``img`` with its rules painted paper-white, and a note when broken rules were among them.

    Long thin runs go first (``erase_rules``); then the raster stage's rules (``raster``) found
    on ``img`` itself (straightened by ``skew`` degrees), whose broken hairlines it has joined:
    painted as the joined line."""
    from .reading.skew import RULE_LETTERS, RULE_MAX_PT, erase_rules, letter_height, paint_rules

    out = erase_rules(img, dpi)
    if raster is None or not raster.enabled or (raster.bridge_gap <= 0 and raster.hairline_gap <= 0):
        return out, ()
    from .evidence.rules_raster import find_raster_rules

    found = find_raster_rules(img, dpi, raster, skew, scan_dpi)
    joined = [r for r in found.rules if r.pieces > 1]
    # A hairline a coarse scan left as dashes long enough to be rules each (but too far apart to
    # join) is no run the eraser's opening finds either: Tesseract read each dash as "=" or "_".
    # As the eraser's runs, a dash is three letters long at least: a picture's stated resolution can
    # be wrong (a PNG read at 96 dpi makes a letter's stem a 20 pt rule), its letters' size is not.
    letter = letter_height(img) * 72.0 / dpi
    dashes = [r for r in found.rules if r.pieces == 1 and r.thickness <= RULE_MAX_PT
              and r.length >= RULE_LETTERS * letter and not _band_edge(r, found)]
    dashes = [r for r in dashes if _linked(r, found.rules, dashes, letter, RULE_LETTERS * letter)]
    if not joined and not dashes:
        return out, ()
    notes = (f"{len(joined)} rule(s) broken into steps by the scan were erased from the picture OCR reads as "
             "whole lines (raster.bridge_gap, raster.hairline_gap)",) if joined else ()
    return paint_rules(out, dpi, joined + dashes), notes


def _linked(r: Rule, rules: Sequence[Rule], dashes: Sequence[Rule], letter: float, reach: float) -> bool:
    """Is ``r`` a table's line: does it meet a rule across it (a grid's joint, within a letter's
    height, ``letter`` pt), or is it one link of a broken hairline (another of ``dashes`` runs on
    along its line, at most a letter off it and ``reach`` pt or a dash's length past it: a skewed
    hairline a coarse scan stepped)? A lone mark is neither (a picture's edge, an ornament):
    painted out, it changed what OCR made of the picture beside it (wild's book-page scan: its
    engraving read as words beside the prose, two false tables)."""
    for o in rules:
        if o.orient != r.orient and o.start - letter <= r.pos <= o.end + letter \
                and r.start - letter <= o.pos <= r.end + letter:
            return True
    for o in dashes:
        if o is r or o.orient != r.orient or abs(o.pos - r.pos) > letter:
            continue
        gap = max(o.start, r.start) - min(o.end, r.end)  # < 0: they overlap
        if -0.5 * min(o.length, r.length) < gap <= max(reach, min(o.length, r.length)):
            return True
    return False


def _band_edge(r: Rule, found: RasterResult) -> bool:
    """Does ``r`` lie along a side of one of ``found``'s bands (an edge of a shading, not ink)?"""
    for b in found.bands:
        box = b.bbox
        along = (box.y0, box.y1) if r.orient == "h" else (box.x0, box.x1)
        if any(abs(r.pos - v) <= EDGE_PT for v in along):
            return True
    return False


EDGE_PT = 0.5  # pt: a rule this close to a band's side is that side


def paper_note(even: EvenPaper, before: str, param: str) -> tuple[str, ...]:
    """What explain says when the paper was evened out (``reading.paper``) before ``before``."""
    if not even.done:
        return ()
    return (f"the paper along the page's edges is {even.spread} grey levels darker than its lightest (a shadow "
            f"or an uneven lamp): evened out before {before} ({param})",)


def straightened(img: np.ndarray, skew: float) -> np.ndarray:
    if not skew:
        return img
    from .reading.skew import straighten

    return straighten(img, skew)
