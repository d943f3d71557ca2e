"""What lies under a point of the page: hover tooltips and click selection.

Pure numpy, no Qt, so it is tested without a window. Coordinates are PDF points in
unrotated page space, like everything in :class:`PageResult`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.reading.unseen import NOT_VISIBLE
from ...core.types import Fill, PageResult, Rect, RejectedRule, Rule, Word

# Smaller things win when several lie under the cursor: a word inside a cell inside a table.
if TYPE_CHECKING:  # numpy loads with the first result, not with the window
    import numpy as np

KIND_ORDER = ("word", "rule", "vector", "raster", "rejected", "cell", "fill", "rejected_fill", "region", "table")


@dataclass(frozen=True, slots=True)
class Hit:
    """One thing under the cursor. ``index`` into the result's tuple; ``sub`` the cell of a table."""

    kind: str
    index: int
    bbox: Rect
    tip: str
    sub: int = -1


def fmt_rect(r: Rect) -> str:
    return f"({r.x0:.1f}, {r.y0:.1f})-({r.x1:.1f}, {r.y1:.1f})"


def word_tip(w: Word, low: bool, unsure: bool = False) -> str:
    """``low``: flagged low-confidence; ``unsure``: flagged for its OCR confidence (else for
    lying near a column boundary)."""
    reason = f"OCR confidence {w.ocr_confidence:.0f}% is below ocr.min_confidence" if unsure else \
        "near a column boundary"
    extra = (", bold" if w.bold else "") + (f", LOW CONFIDENCE ({reason})" if low else "") + (
        ", WATERMARK (diagonal or large light type: in no table)" if w.watermark else
        ", PAGE FURNITURE (a running header/footer repeated on other pages, a margin's line numbers or a page's "
        "vertical writing: in no table)" if w.furniture else
        ", FIGURE (a chart's label: in no table)" if w.figure else
        ", LEADER (between a label and its value: blank space to rows and columns, kept in the label's cell text)"
        if w.leader else "")
    ocr = f", read by OCR ({w.ocr_confidence:.0f}% sure)" if w.from_ocr else ""
    return f'word "{w.text}"  {fmt_rect(w.bbox)} pt, font {w.font_size:.1f} pt{ocr}{extra}'


def rule_tip(r: Rule, what: str = "rule") -> str:
    axis = "y" if r.orient == "h" else "x"
    run = "x" if r.orient == "h" else "y"
    name = "horizontal" if r.orient == "h" else "vertical"
    return (f"{name} {what} ({r.source}) {axis}={r.pos:.1f}, {run} {r.start:.1f}-{r.end:.1f} pt, "
            f"{r.thickness:.2f} pt thick, grey {r.grey}")


def fill_tip(f: Fill) -> str:
    parts = f", {f.parts} touching rectangles of one colour" if f.parts > 1 else ""
    return f"fill {f.id} rgb{f.rgb} (grey {f.grey}) {fmt_rect(f.bbox)} pt{parts}"


def rejected_tip(rr: RejectedRule) -> str:
    return f"REJECTED: {rr.reason}\n{rule_tip(rr.rule, 'candidate')}"


class HitIndex:
    """Boxes of every hoverable thing of one result, searched with numpy."""

    def __init__(self, result: PageResult) -> None:
        self.result = result
        self._boxes: dict[str, np.ndarray] = {}
        self._refs: dict[str, list[tuple[int, int]]] = {}
        self._add("word", [(w.bbox, i, -1) for i, w in enumerate(result.words)])
        self._add("rule", [(r.bbox, i, -1) for i, r in enumerate(result.rules)])
        self._add("vector", [(r.bbox, i, -1) for i, r in enumerate(result.vector_rules)])
        self._add("raster", [(r.bbox, i, -1) for i, r in enumerate(result.raster_rules)])
        self._add("rejected", [(r.rule.bbox, i, -1) for i, r in enumerate(result.rejected)])
        self._add("fill", [(f.bbox, i, -1) for i, f in enumerate(result.fills)])
        self._add("rejected_fill", [(r.fill.bbox, i, -1) for i, r in enumerate(result.rejected_fills)])
        self._add("region", [(r.bbox, i, -1) for i, r in enumerate(result.regions)])
        self._add("table", [(t.bbox, i, -1) for i, t in enumerate(result.tables)])
        self._add("cell", [(c.bbox, ti, ci) for ti, t in enumerate(result.tables)
                           for ci, c in enumerate(t.cells)])

    def _add(self, kind: str, items: list[tuple[Rect, int, int]]) -> None:
        import numpy as np

        arr = np.array([b.as_tuple() for b, _, _ in items], dtype=np.float64).reshape(-1, 4)
        self._boxes[kind] = arr
        self._refs[kind] = [(i, s) for _, i, s in items]

    def at(self, x: float, y: float, tol: float = 0.0, kinds: set[str] | None = None) -> list[Hit]:
        """Everything within ``tol`` points of (x, y), smallest kinds first, then smallest boxes."""
        import numpy as np

        hits: list[tuple[int, float, Hit]] = []
        for order, kind in enumerate(KIND_ORDER):
            if kinds is not None and kind not in kinds:
                continue
            b = self._boxes[kind]
            if not len(b):
                continue
            inside = (b[:, 0] - tol <= x) & (x <= b[:, 2] + tol) & (b[:, 1] - tol <= y) & (y <= b[:, 3] + tol)
            for k in np.flatnonzero(inside):
                index, sub = self._refs[kind][k]
                area = float((b[k, 2] - b[k, 0]) * (b[k, 3] - b[k, 1]))
                hits.append((order, area, self.hit(kind, index, sub)))
        hits.sort(key=lambda h: (h[0], h[1]))
        return [h[2] for h in hits]

    def hit(self, kind: str, index: int, sub: int = -1) -> Hit:
        """The Hit (box and tooltip) of one thing of the result."""
        res = self.result
        if kind == "word":
            w = res.words[index]
            return Hit(kind, index, w.bbox, word_tip(w, index in res.low_confidence, index in res.ocr_unsure))
        if kind in ("rule", "vector", "raster"):
            rules = {"rule": res.rules, "vector": res.vector_rules, "raster": res.raster_rules}[kind]
            return Hit(kind, index, rules[index].bbox, rule_tip(rules[index]))
        if kind == "rejected":
            rr = res.rejected[index]
            return Hit(kind, index, rr.rule.bbox, rejected_tip(rr))
        if kind == "fill":
            return Hit(kind, index, res.fills[index].bbox, fill_tip(res.fills[index]))
        if kind == "rejected_fill":
            rf = res.rejected_fills[index]
            return Hit(kind, index, rf.fill.bbox, f"REJECTED: {rf.reason}\n{fill_tip(rf.fill)}")
        if kind == "region":
            g = res.regions[index]
            if g.reason.endswith(NOT_VISIBLE):  # text a viewer does not show (``reading.unseen``)
                return Hit(kind, index, g.bbox, f"hidden text {fmt_rect(g.bbox)} pt: {g.reason}"
                                                 + (f" ({g.param} off reads it)" if g.param else ""))
            state = f"REJECTED: {g.reason}" if g.rejected else f"joined to a table: {g.reason}" if g.joined else \
                "accepted"
            return Hit(kind, index, g.bbox, f"table region ({g.source}) {fmt_rect(g.bbox)} pt, {state}")
        if kind == "table":
            t = res.tables[index]
            return Hit(kind, index, t.bbox, f"table {index + 1}: {t.n_rows} x {t.n_cols} ({t.source}), "
                                              f"confidence {t.confidence:.2f}, {fmt_rect(t.bbox)} pt")
        if kind == "cell":
            c = res.tables[index].cells[sub]
            span = f", span {c.rs}x{c.cs}" if c.rs > 1 or c.cs > 1 else ""
            low = ", LOW CONFIDENCE" if c.low_confidence else ""
            text = c.text.replace("\n", " / ")
            return Hit(kind, index, c.bbox, f'table {index + 1} cell r{c.r} c{c.c}{span}{low} "{text}" '
                                              f"{fmt_rect(c.bbox)} pt", sub)
        raise KeyError(kind)
