"""What a page's result says besides its tables: notes on what was not searched or was skipped
(raster rules on a page without pictures, a page too large or too heavy to render, charts not
looked for) and warnings (sideways text, no text, a rotated page); and the render's time budget.
"""

from __future__ import annotations

from .params import RENDER_SHARE, Params
from .scan import ScanWords
from .types import Rule, Word

FIGURES_NOTE = ("figures skipped: {n} paths are too many to grow chart areas over; a chart's labels may be read "
                "as a table")
TILES_NOTE = ("raster skipped: a tiling pattern would repeat {n:.3g} cells over the page, too heavy to render (MuPDF "
              "cannot be stopped inside it); tables come from its text and vector rules alone")


def render_budget(params: Params) -> float:
    """Seconds the render for raster rules may take (from its start, the display list's
    recording included): ``raster.budget``, and at most RENDER_SHARE of the page's whole budget
    (``budget.seconds``), so that a render stopped at its deadline leaves the page time to finish
    from its text and vector rules before the worker running it is stopped."""
    return min(params.raster.budget, RENDER_SHARE * params.budget.seconds)


def skipped_note(params: Params) -> str:
    return (f"raster skipped: the page is too heavy to render within its budget ({render_budget(params):g} s: "
            f"raster.budget, at most {RENDER_SHARE:g} of budget.seconds); tables come from its text and vector "
            "rules alone")


def raster_wanted(params: Params, pictures: bool, words: tuple[Word, ...]) -> bool:
    """Raster rules where vectors may not show them: scans and pages with pictures."""
    r = params.raster
    return r.enabled and (r.every_page or pictures or not words)


def huge_note(width: float, height: float) -> str:
    return (f"raster rules not searched: the page is {width:.0f} x {height:.0f} pt, too large to render "
            "at a useful resolution (PDF pages are at most 14,400 pt a side)")


def page_notes(params: Params, pictures: bool, words: tuple[Word, ...]) -> tuple[str, ...]:
    if params.raster.enabled and not raster_wanted(params, pictures, words):
        return ("raster rules not searched: the page has no pictures (set raster.every_page to search anyway)",)
    return ()


def page_warnings(words: tuple[Word, ...], rules: tuple[Rule, ...], rotation: int, turn: int,
              scan: ScanWords) -> tuple[str, ...]:
    out = []
    if turn:
        out.append(f"text runs sideways: tables were read turned {turn} degrees")
    if not words and scan.source == "text":
        out.append("no text on this page: a scan? Tables can only be found where there is text"
                   + ("" if scan.warnings else " (ocr.mode=auto reads scans with OCR)"))
    elif not words:
        out.append("OCR found no words on this page")
    if rotation:
        out.append(f"page is rotated {rotation} degrees; coordinates are in unrotated page space")
    return tuple(out)
