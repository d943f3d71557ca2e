"""The differences layer: cells where detection and annotation disagree, drawn on the page.

One hatched path per kind of difference (cells the annotation reads differently or that
went missing, cells only the detection has, whole tables missed or invented). Scene units
are PDF points like every overlay; pens are cosmetic. The layer sits above the detection
layers and the selection highlight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from ...core.types import Rect
from ...render.layers import DIFF_STYLES, ONLY_ONE_SIDE, WRONG
from .layers import qrect


class Marked(Protocol):
    """What the layer draws: a difference's ``kind`` (its style) and ``bbox`` (points)."""

    @property
    def kind(self) -> str: ...

    @property
    def bbox(self) -> Rect: ...

KEY, LABEL, SHORTCUT = "diff", "Differences from the annotation", "Shift+D"
HELP = ("Cells where the detection differs from the saved annotation: hatched red where the "
        "annotation's text is read differently or lost, dotted where only the detection has a cell")
COLOUR = QColor(*WRONG)
EXTRA_COLOUR = QColor(*ONLY_ONE_SIDE)
Z_VALUE = 101.0  # above the selection (100): a selected table's amber fill must not hide its differences
KINDS = ("changed", "lost", "missed_table", "extra", "extra_table")  # what the metrics panel reports

_PEN = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine,
        "dashdot": Qt.PenStyle.DashDotLine}
_HATCH = {"bdiag": Qt.BrushStyle.BDiagPattern, "fdiag": Qt.BrushStyle.FDiagPattern,
          "cross": Qt.BrushStyle.DiagCrossPattern, "dense": Qt.BrushStyle.Dense6Pattern, "none": Qt.BrushStyle.NoBrush}
Style = tuple[QColor, float, Qt.PenStyle, Qt.BrushStyle]


def qt_style(kind: str) -> Style:
    """The Qt pen and brush of a kind of difference, from ``render.layers.DIFF_STYLES``."""
    s = DIFF_STYLES[kind]
    return QColor(*s.rgb), s.width, _PEN[s.pen], _HATCH[s.hatch]


class DiffLayer:
    """Path items showing differences (anything with ``kind`` and ``bbox``: the metrics
    panel's ``DiffCell``s, or a comparison's ``Difference``s), one path per kind of ``kinds``
    styled by ``render.layers.DIFF_STYLES``; ``set_diffs`` replaces them, ``set_visible`` toggles."""

    def __init__(self, scene: QGraphicsScene, visible: bool = True, kinds: Sequence[str] = KINDS) -> None:
        self.items: dict[str, QGraphicsPathItem] = {}
        for kind in kinds:
            colour, width, style, brush = qt_style(kind)
            item = QGraphicsPathItem()
            pen = QPen(colour, width, style)
            pen.setCosmetic(True)
            item.setPen(pen)
            item.setBrush(QBrush(colour, brush))
            item.setZValue(Z_VALUE)
            item.setAcceptHoverEvents(False)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the layers below
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
            scene.addItem(item)
            self.items[kind] = item
        self.diffs: tuple[Marked, ...] = ()
        self.visible = visible
        self.set_visible(visible)

    def set_diffs(self, diffs: Sequence[Marked]) -> None:
        self.diffs = tuple(diffs)
        for kind, item in self.items.items():
            path = QPainterPath()
            for d in self.diffs:
                if d.kind == kind:
                    path.addRect(qrect(d.bbox))
            item.setPath(path)

    def set_visible(self, on: bool) -> None:
        self.visible = on
        for item in self.items.values():
            item.setVisible(on)

    def boxes(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """(kind, (x0, y0, x1, y1)) of every drawn difference, in drawing order."""
        return [(d.kind, d.bbox.as_tuple()) for d in self.diffs]


__all__ = ["DiffLayer", "KEY", "LABEL", "SHORTCUT", "HELP", "COLOUR", "EXTRA_COLOUR"]
