"""The one table of overlay colours, shared by the CLI pictures and the GUI layers.

Colours are RGB 0-255, taken from the Okabe-Ito colour-blind-safe palette (darkened where
the original is too pale to read as a thin line on white paper). The GUI builds its
``QColor`` from these tuples; nothing here imports Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class LayerStyle:
    """How one layer looks: main colour, an alternative (second kind) and fill opacity 0-1."""

    label: str
    colour: RGB
    alt_colour: RGB
    alt_label: str = ""
    fill_alpha: float = 0.0


# Drawing order: translucent areas first, so lines and boxes stay crisp on top.
LAYERS: tuple[str, ...] = ("fills", "bins", "rows", "regions", "grid", "rules", "rejected", "words")

LAYER_STYLES: Mapping[str, LayerStyle] = MappingProxyType({
    "fills": LayerStyle("fills", (0, 140, 140), (150, 150, 150), "rejected fills", fill_alpha=0.15),
    "bins": LayerStyle("column bins", (86, 180, 233), (86, 180, 233), fill_alpha=0.22),
    "rows": LayerStyle("row bands", (200, 160, 0), (200, 160, 0), fill_alpha=0.18),
    "regions": LayerStyle("table regions", (120, 40, 200), (128, 128, 128), "rejected regions"),
    "grid": LayerStyle("cell grid", (220, 0, 80), (220, 0, 80)),
    "rules": LayerStyle("vector rules", (0, 158, 115), (190, 0, 190), "raster rules"),
    "rejected": LayerStyle("rejected rules", (230, 120, 0), (230, 120, 0)),
    "words": LayerStyle("words", (0, 114, 178), (213, 40, 0), "low-confidence words"),
})

LAYER_COLOURS: Mapping[str, RGB] = MappingProxyType({
    name: style.colour for name, style in LAYER_STYLES.items()
} | {
    "rules_raster": LAYER_STYLES["rules"].alt_colour,
    "regions_rejected": LAYER_STYLES["regions"].alt_colour,
    "fills_rejected": LAYER_STYLES["fills"].alt_colour,
    "words_low": LAYER_STYLES["words"].alt_colour,
})
