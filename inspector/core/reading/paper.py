"""A scan's paper made even before OCR: a shadow at the binding or a copier's uneven lamp
darkens part of the page, and one threshold for the whole page (Tesseract's, the rule
eraser's) then takes that part's paper for ink, or its grey letters for paper.

The paper's brightness is estimated as the lightest pixel of every PAPER_CELL_PT square (text
leaves paper in each: between letters, between lines), cells lying wholly in ink taking their
neighbours' level, smoothed; the picture is divided by it, so paper is white everywhere and
ink keeps its darkness relative to the paper around it.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

PAPER_CELL_PT = 6.0  # pt: a cell of text this wide holds some paper, or its neighbours do (a closing over 3 x 3)
SPREAD_PERCENTILES = (2.0, 98.0)  # the paper's spread, its darkest and lightest few cells left out
RIM_CELLS = 2  # cells along the page's edges where uneven paper shows
STEEP_SHARE = 1 / 3  # of the spread: a step between neighbouring cells this big is an edge, not a fade


@dataclass(frozen=True)
class EvenPaper:
    """``grey`` with its paper evened out (the picture itself when it was even enough), and the
    spread of its paper's brightness (grey levels) that decided it."""

    grey: np.ndarray
    spread: int
    done: bool


def paper_cells(grey: np.ndarray, dpi: int) -> np.ndarray:
    """The paper's brightness per PAPER_CELL_PT cell of ``grey`` (uint8, cells x cells)."""
    cells = _pooled(grey, _cell_px(dpi))
    # A cell wholly in ink (a big heading's letter) takes its neighbours' level; closing, not
    # dilating, so that a shadow's edge stays where it is.
    out: np.ndarray = cv2.morphologyEx(np.ascontiguousarray(cells), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    return out


def _spread_bound(grey: np.ndarray, dpi: int) -> int | None:
    """An upper bound of the spread ``even_paper`` measures, from the page's rim alone (None
    when the page is too small to have one): the lightest pixel of the page less the low
    percentile of the rim cells before their closing. Exact as a bound: a closing never
    darkens a cell nor lifts it above the page's lightest pixel, and percentiles follow their
    cells. Pooling the rim strips is a fraction of pooling the page."""
    k = _cell_px(dpi)
    h, w = grey.shape[:2]
    hb, wb, r = -(-h // k), -(-w // k), RIM_CELLS
    if min(hb, wb) <= 2 * r:
        return None
    strips = (grey[:r * k], grey[(hb - r) * k:], grey[r * k:(hb - r) * k, :r * k], grey[r * k:(hb - r) * k, (wb - r) * k:])
    rim = np.concatenate([_pooled(s, k).ravel() for s in strips])
    return int(round(float(grey.max()) - float(np.percentile(rim, SPREAD_PERCENTILES[0]))))


def _cell_px(dpi: int) -> int:
    """PAPER_CELL_PT in pixels at ``dpi`` (two at least)."""
    return max(2, int(round(PAPER_CELL_PT * dpi / 72.0)))


def _pooled(a: np.ndarray, k: int) -> np.ndarray:
    """The lightest pixel of every k x k cell of ``a`` (a last cell may be narrower)."""
    rows = np.maximum.reduceat(a, np.arange(0, a.shape[0], k), axis=0)
    out: np.ndarray = np.maximum.reduceat(rows, np.arange(0, a.shape[1], k), axis=1)
    return out


def _rim(cells: np.ndarray) -> np.ndarray:
    """The cells along the page's edges, RIM_CELLS deep: a shadow or a lamp's fall-off darkens
    the paper from an edge, while a shaded table or a picture lies inside the margins."""
    k = RIM_CELLS
    if min(cells.shape) <= 2 * k:
        return cells.ravel()
    return np.concatenate([cells[:k].ravel(), cells[-k:].ravel(), cells[k:-k, :k].ravel(), cells[k:-k, -k:].ravel()])


def _steepest(cells: np.ndarray) -> int:
    """The largest step (grey levels) between neighbouring cells along the page's edges: a
    shadow fades in a few levels a cell, a banner or a picture at the edge starts at once."""
    k = RIM_CELLS
    if min(cells.shape) <= 2 * k:
        return 0
    c = cells.astype(np.int16)
    across = [np.abs(np.diff(c[:k], axis=1)), np.abs(np.diff(c[-k:], axis=1))]
    down = [np.abs(np.diff(c[:, :k], axis=0)), np.abs(np.diff(c[:, -k:], axis=0))]
    return int(max(int(d.max()) for d in across + down))


def even_paper(grey: np.ndarray, dpi: int, spread: float) -> EvenPaper:
    """``grey`` (uint8, rendered at ``dpi``) divided by its paper's brightness when the paper at
    the page's edges is darker than the page's lightest by ``spread`` grey levels or more
    (0: never), and fades there (no step between neighbouring cells over STEEP_SHARE of it)."""
    if grey.size == 0 or spread <= 0:
        return EvenPaper(grey, 0, False)
    bound = _spread_bound(grey, dpi)
    if bound is not None and bound < spread:  # most pages: white paper to the edges
        return EvenPaper(grey, bound, False)
    cells = paper_cells(grey, dpi)
    measured = int(round(float(np.percentile(cells, SPREAD_PERCENTILES[1]) - np.percentile(_rim(cells),
                                                                                           SPREAD_PERCENTILES[0]))))
    if measured < spread or _steepest(cells) > STEEP_SHARE * measured:
        return EvenPaper(grey, measured, False)
    h, w = grey.shape[:2]
    smooth = cv2.GaussianBlur(cells.astype(np.float32), (0, 0), 1.0)
    paper = cv2.resize(smooth, (w, h), interpolation=cv2.INTER_LINEAR)
    out = np.clip(grey.astype(np.float32) * (255.0 / np.maximum(paper, 1.0)), 0, 255).astype(np.uint8)
    return EvenPaper(out, measured, True)
