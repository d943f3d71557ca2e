"""Diagnostic overlay pictures: a page render with a ``PageResult``'s layers drawn on top.

Pure numpy/OpenCV (no Qt). Input and output are RGB uint8 arrays (H x W x 3) in unrotated
page orientation, as ``Page.render_rgb(dpi)`` returns; geometry is PDF points and is scaled
by ``dpi / 72``. Lines are drawn without anti-aliasing so every drawn pixel carries its
layer's exact colour (``render.layers.COLOURS``), which keeps the pictures easy to test and read.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from ..core.geometry import cell_boxes
from ..core.types import PageResult, Rect, Rule
from .layers import BY_NAME, RGB, resolve_layers

DASH_PX, GAP_PX = 6, 4


@dataclass(frozen=True)
class LegendEntry:
    """One legend line: a swatch of ``colour`` drawn as ``kind`` ("line", "dashed" or "fill")."""

    label: str
    colour: RGB
    kind: str = "line"


@dataclass(frozen=True)
class Canvas:
    """The picture being drawn on and how points map to its pixels."""

    img: np.ndarray
    scale: float  # pixels per point
    thick: int  # base line thickness in pixels

    def px(self, x: float, y: float) -> tuple[int, int]:
        return int(round(x * self.scale)), int(round(y * self.scale))


def render_overlay(page_rgb: np.ndarray, dpi: int, result: PageResult, layers: Sequence[str]) -> np.ndarray:
    """A copy of ``page_rgb`` with ``layers`` of ``result`` drawn on it, plus a legend.

    ``layers`` are names of ``render.layers`` (aliases such as "rules" and "grid" accepted),
    drawn in the fixed order of ``DRAW_ORDER`` whatever order they are given in; an unknown
    layer name raises ``ValueError`` with a one-line message.
    """
    if page_rgb.ndim != 3 or page_rgb.shape[2] != 3 or page_rgb.dtype != np.uint8:
        raise ValueError(f"expected an RGB uint8 image (H x W x 3), got {page_rgb.dtype} {page_rgb.shape}")
    if dpi <= 0:
        raise ValueError(f"dpi must be positive, got {dpi}")
    wanted = set(resolve_layers(list(layers)))
    canvas = Canvas(page_rgb.copy(), dpi / 72.0, max(1, round(dpi / 100)))
    legend: list[LegendEntry] = []
    for name in DRAW_ORDER:
        if name == "rules" and wanted & {"vector_rules", "raster_rules"}:
            legend += _draw_rules(canvas, result, "vector_rules" in wanted, "raster_rules" in wanted)
        elif name != "rules" and name in wanted:
            legend += _DRAWERS[name](canvas, result)
    if legend:
        _draw_legend(canvas, legend)
    return canvas.img


def write_png(path: str | os.PathLike[str], rgb: np.ndarray) -> None:
    """Write ``rgb`` as a PNG atomically (a temporary file in the same folder, then rename).

    Raises ``OSError`` when the folder cannot be written; an existing file is never left half-written.
    """
    ok, buf = cv2.imencode(".png", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR))
    if not ok:
        raise ValueError("the image could not be encoded as PNG")
    from ..atomic import write_atomic

    write_atomic(path, buf.tobytes())


# ------------------------------------------------------------------ primitives

def _box(canvas: Canvas, rect: Rect) -> tuple[int, int, int, int]:
    x0, y0 = canvas.px(rect.x0, rect.y0)
    x1, y1 = canvas.px(rect.x1, rect.y1)
    return x0, y0, x1, y1


def _fill(canvas: Canvas, rect: Rect, colour: RGB, alpha: float) -> None:
    """Blend ``colour`` into ``rect`` with opacity ``alpha`` (clipped to the picture)."""
    h, w = canvas.img.shape[:2]
    x0, y0, x1, y1 = _box(canvas, rect)
    x0, x1 = max(0, min(x0, x1)), min(w, max(x0, x1))
    y0, y1 = max(0, min(y0, y1)), min(h, max(y0, y1))
    if x1 <= x0 or y1 <= y0:
        return
    part = canvas.img[y0:y1, x0:x1].astype(np.float32)
    part = part * (1 - alpha) + np.array(colour, np.float32) * alpha
    canvas.img[y0:y1, x0:x1] = np.clip(np.rint(part), 0, 255).astype(np.uint8)


def _line(canvas: Canvas, p0: tuple[int, int], p1: tuple[int, int], colour: RGB, thick: int,
          dashed: bool = False) -> None:
    if not dashed:
        cv2.line(canvas.img, p0, p1, colour, thick, cv2.LINE_8)
        return
    length = float(np.hypot(p1[0] - p0[0], p1[1] - p0[1]))
    if length < 1:
        return
    ux, uy = (p1[0] - p0[0]) / length, (p1[1] - p0[1]) / length
    pos = 0.0
    while pos < length:
        end = min(pos + DASH_PX, length)
        a = (int(round(p0[0] + ux * pos)), int(round(p0[1] + uy * pos)))
        b = (int(round(p0[0] + ux * end)), int(round(p0[1] + uy * end)))
        cv2.line(canvas.img, a, b, colour, thick, cv2.LINE_8)
        pos += DASH_PX + GAP_PX


def _outline(canvas: Canvas, rect: Rect, colour: RGB, thick: int, dashed: bool = False) -> None:
    x0, y0, x1, y1 = _box(canvas, rect)
    if not dashed:
        cv2.rectangle(canvas.img, (x0, y0), (x1, y1), colour, thick, cv2.LINE_8)
        return
    for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        _line(canvas, a, b, colour, thick, dashed=True)


def _rule_line(canvas: Canvas, rule: Rule, colour: RGB, thick: int, dashed: bool = False) -> None:
    if rule.orient == "h":
        p0, p1 = canvas.px(rule.start, rule.pos), canvas.px(rule.end, rule.pos)
    else:
        p0, p1 = canvas.px(rule.pos, rule.start), canvas.px(rule.pos, rule.end)
    _line(canvas, p0, p1, colour, thick, dashed)


def _text(canvas: Canvas, xy: tuple[int, int], text: str, colour: RGB, scale: float) -> None:
    # Hershey fonts only know ASCII; anything else would come out as '?' boxes.
    safe = text.encode("ascii", "replace").decode("ascii")
    cv2.putText(canvas.img, safe, xy, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 1, cv2.LINE_AA)


# ------------------------------------------------------------------ layers

def _draw_fills(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    """Fills kept as evidence (tinted, outlined) and rejected ones (dashed, with the reason)."""
    style = BY_NAME["fills"]
    for f in result.fills:
        _fill(canvas, f.bbox, style.colour, style.fill_alpha)
        _outline(canvas, f.bbox, style.colour, 1)
    reasons: set[str] = set()
    for rf in result.rejected_fills:
        _outline(canvas, rf.fill.bbox, style.alt.rgb, 1, dashed=True)
        if rf.reason not in reasons:  # a gradient of 24 strips is labelled once
            reasons.add(rf.reason)
            x, y = canvas.px(rf.fill.bbox.x0, rf.fill.bbox.y0)
            _text(canvas, (x + 2, max(12, y - 4)), rf.reason, style.alt.rgb, max(0.35, canvas.scale / 4))
    out = [LegendEntry(style.colours[0].label, style.colour, "fill")] if result.fills else []
    return out + ([LegendEntry(style.alt.label, style.alt.rgb, "dashed")] if result.rejected_fills else [])


def _draw_bins(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    style = BY_NAME["bins"]
    for b in result.bins:
        area = result.regions[b.region].bbox if 0 <= b.region < len(result.regions) else None
        y0, y1 = (area.y0, area.y1) if area else (0.0, result.height)
        _fill(canvas, Rect(b.x0, y0, b.x1, y1), style.colour, style.fill_alpha)
    return [LegendEntry(style.colours[0].label, style.colour, "fill")] if result.bins else []


def _draw_rows(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    style = BY_NAME["rows"]
    for row in result.rows:
        _fill(canvas, row.bbox, style.colour, style.fill_alpha)
    return [LegendEntry(style.colours[0].label, style.colour, "fill")] if result.rows else []


def _draw_regions(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    style = BY_NAME["regions"]
    font = max(0.35, canvas.scale / 4)
    for region in result.regions:
        if region.rejected:
            _outline(canvas, region.bbox, style.alt.rgb, canvas.thick, dashed=True)
            x, y = canvas.px(region.bbox.x0, region.bbox.y0)
            _text(canvas, (x + 2, max(12, y - 4)), region.reason, style.alt.rgb, font)
        else:
            _outline(canvas, region.bbox, style.colour, canvas.thick + 1)
    out = []
    if any(not r.rejected for r in result.regions):
        out.append(LegendEntry(style.colours[0].label, style.colour))
    if any(r.rejected for r in result.regions):
        out.append(LegendEntry(style.alt.label, style.alt.rgb, "dashed"))
    return out


def _draw_grid(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    style = BY_NAME["grids"]
    for grid in result.grids:
        for _, rect in cell_boxes(grid):  # page space, also for a turned grid
            _outline(canvas, rect, style.colour, canvas.thick)
    return [LegendEntry(style.colours[0].label, style.colour)] if result.grids else []


def _draw_rules(canvas: Canvas, result: PageResult, vector: bool = True, raster: bool = True) -> list[LegendEntry]:
    """Vector and raster rules in one pass, in the result's order."""
    vec, ras = BY_NAME["vector_rules"].colours[0], BY_NAME["raster_rules"].colours[0]
    rules = [r for r in result.rules if (raster if r.source == "raster" else vector)]
    for rule in rules:
        colour = ras.rgb if rule.source == "raster" else vec.rgb
        _rule_line(canvas, rule, colour, canvas.thick + 1)
    out = []
    if any(r.source != "raster" for r in rules):
        out.append(LegendEntry(vec.label, vec.rgb))
    if any(r.source == "raster" for r in rules):
        out.append(LegendEntry(ras.label, ras.rgb))
    return out


def _draw_rejected(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    style = BY_NAME["rejected"]
    for rej in result.rejected:
        _rule_line(canvas, rej.rule, style.colour, canvas.thick, dashed=True)
    return [LegendEntry(style.colours[0].label, style.colour, "dashed")] if result.rejected else []


def _draw_words(canvas: Canvas, result: PageResult) -> list[LegendEntry]:
    style = BY_NAME["words"]
    for i, word in enumerate(result.words):
        if i not in result.low_confidence:
            _outline(canvas, word.bbox, style.colour, 1)
    low = [result.words[i] for i in sorted(result.low_confidence) if 0 <= i < len(result.words)]
    for word in low:  # after the others so they stay on top
        _outline(canvas, word.bbox.expanded(1 / canvas.scale), style.alt.rgb, canvas.thick + 1)
    out = [LegendEntry(style.colours[0].label, style.colour)] if result.words else []
    return out + ([LegendEntry(style.alt.label, style.alt.rgb)] if low else [])


# Drawing order: translucent areas first, so lines and boxes stay crisp on top; "rules" draws
# both kinds of rules in one pass.
DRAW_ORDER: tuple[str, ...] = ("fills", "bins", "rows", "regions", "grids", "rules", "rejected", "words")
_DRAWERS: dict[str, Callable[[Canvas, PageResult], list[LegendEntry]]] = {
    "fills": _draw_fills, "bins": _draw_bins, "rows": _draw_rows, "regions": _draw_regions, "grids": _draw_grid,
    "rules": _draw_rules, "rejected": _draw_rejected, "words": _draw_words,
}


def _draw_legend(canvas: Canvas, entries: Sequence[LegendEntry]) -> None:
    """A white box in the emptiest corner: one swatch and label per entry."""
    font = max(0.4, canvas.scale / 4)
    (tw, th), _ = cv2.getTextSize("M", cv2.FONT_HERSHEY_SIMPLEX, font, 1)
    line_h, swatch, pad = int(th * 2), int(th * 2.2), int(th)
    width = swatch + 3 * pad + max(cv2.getTextSize(e.label, cv2.FONT_HERSHEY_SIMPLEX, font, 1)[0][0]
                                   for e in entries)
    height = line_h * len(entries) + 2 * pad
    x0, y0 = _quiet_corner(canvas.img, width, height, pad)
    cv2.rectangle(canvas.img, (x0, y0), (x0 + width, y0 + height), (255, 255, 255), -1)
    cv2.rectangle(canvas.img, (x0, y0), (x0 + width, y0 + height), (60, 60, 60), 1)
    for k, entry in enumerate(entries):
        cy = y0 + pad + k * line_h + line_h // 2
        a, b = (x0 + pad, cy), (x0 + pad + swatch, cy)
        if entry.kind == "fill":
            sw = Rect(a[0], cy - th // 2 - 1, b[0], cy + th // 2 + 1)
            cv2.rectangle(canvas.img, (int(sw.x0), int(sw.y0)), (int(sw.x1), int(sw.y1)), entry.colour, -1)
        else:
            _line(canvas, a, b, entry.colour, max(2, canvas.thick), dashed=entry.kind == "dashed")
        _text(canvas, (b[0] + pad, cy + th // 2), entry.label, (30, 30, 30), font)


def _quiet_corner(img: np.ndarray, width: int, height: int, pad: int) -> tuple[int, int]:
    """Top-left pixel of the corner box (top-right first) that hides the fewest inked pixels."""
    h, w = img.shape[:2]
    right, bottom = max(0, w - width - pad), max(0, h - height - pad)
    corners = [(right, pad), (pad, pad), (right, bottom), (pad, bottom)]
    ink = [int(np.count_nonzero(img[y:y + height, x:x + width].min(axis=2) < 200)) for x, y in corners]
    return corners[ink.index(min(ink))]
