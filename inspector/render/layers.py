"""The one table of overlay layers: name, aliases, label, shortcut, help and colours.

``render --layers``, ``gui --layers``, the CLI pictures, the window's layers, its legend,
its colour menus and its layer guide all read this table; the window builds its ``QColor``
from these RGB tuples. Nothing here imports Qt.

Colours are RGB 0-255 from the Okabe-Ito colour-blind-safe palette (darkened where the
original is too pale to read as a thin line on white paper). A colour's ``key`` is the name
a person's colour choice is saved under in the window's preferences: keep keys stable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Colour:
    """One colour a layer draws with: preference ``key``, legend ``label``, ``rgb``."""

    key: str
    label: str
    rgb: RGB


@dataclass(frozen=True)
class Layer:
    """One overlay layer. ``colours[0]`` is its main colour, ``colours[1]`` (when there is one)
    the second kind it draws (low-confidence words, raster rules, rejected regions or fills).
    ``fill_alpha`` (0-1) tints the areas of translucent layers in CLI pictures."""

    name: str
    label: str
    shortcut: str
    default_on: bool
    help: str
    colours: tuple[Colour, ...]
    fill_alpha: float = 0.0
    in_pictures: bool = True  # False: the window draws it, CLI pictures leave it out

    @property
    def colour(self) -> RGB:
        return self.colours[0].rgb

    @property
    def alt(self) -> Colour:
        """The second colour, or the main one for a layer with one colour."""
        return self.colours[-1]


LAYERS: tuple[Layer, ...] = (
    Layer("words", "Words", "W", True, "Word boxes; low-confidence words (near a column boundary) are filled",
          (Colour("words", "words", (0, 114, 178)), Colour("low_confidence", "low-confidence words", (213, 40, 0)))),
    Layer("vector_rules", "Vector rules", "V", True, "Rules found in the PDF's drawings",
          (Colour("vector_rules", "vector rules", (0, 158, 115)),)),
    Layer("raster_rules", "Raster rules", "R", False, "Rules found in the rendered page (OpenCV)",
          (Colour("raster_rules", "raster rules", (190, 0, 190)),)),
    Layer("rejected", "Rejected rules", "X", False, "Rule candidates a stage threw away; hover for the reason",
          (Colour("rejected", "rejected rules", (230, 120, 0)),)),
    Layer("fills", "Fills", "F", False,
          "Filled areas (bands, panels, shading) used as table evidence; rejected ones (a gradient) "
          "dashed, hover for the reason",
          (Colour("fills", "fills", (0, 140, 140)), Colour("fills_rejected", "rejected fills", (150, 150, 150))),
          fill_alpha=0.15),
    Layer("bins", "Column bins", "C", False, "x intervals occupied by each column's words",
          (Colour("bins", "column bins", (86, 180, 233)),), fill_alpha=0.22),
    Layer("rows", "Row bands", "B", False, "Text lines: words sharing a baseline",
          (Colour("rows", "row bands", (200, 160, 0)),), fill_alpha=0.18),
    Layer("regions", "Table regions", "T", True, "Candidate table areas; rejected ones dashed",
          (Colour("regions", "table regions", (120, 40, 200)),
           Colour("regions_rejected", "rejected regions", (128, 128, 128)))),
    Layer("grids", "Cell grids", "G", True, "Row and column boundaries of each table, spans respected",
          (Colour("grids", "cell grid", (220, 0, 80)),)),
    # Brown, dash-dot: apart from the grid's crimson and Compare's dashed teal.
    Layer("tags", "Tags", "A", False, "Cells of the tables the PDF's own tags hold (tagged PDFs only), "
                                      "to compare with the detected grid",
          (Colour("tags", "tagged cells", (150, 75, 0)),), in_pictures=False),
)
BY_NAME: Mapping[str, Layer] = MappingProxyType({layer.name: layer for layer in LAYERS})
LAYER_NAMES: tuple[str, ...] = tuple(layer.name for layer in LAYERS)
# The older picture names, accepted wherever layer names are, so scripts keep working.
ALIASES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "rules": ("vector_rules", "raster_rules"),
    "vector": ("vector_rules",),
    "raster": ("raster_rules",),
    "grid": ("grids",),
    "cells": ("grids",),
    "rejected_rules": ("rejected",),
    "columns": ("bins",),
    "tables": ("regions",),
})
DEFAULT_PICTURE = ("words", "vector_rules", "raster_rules", "bins", "grids")
SELECTION: RGB = (255, 190, 0)  # the window's amber outline of what is selected (no layer)
# Every colour by its key (the keys the window saves a person's choices under).
COLOURS: Mapping[str, RGB] = MappingProxyType(
    {c.key: c.rgb for layer in LAYERS for c in layer.colours} | {"selection": SELECTION})


def resolve_layers(spec: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Layer names from "words,rules" (or a list): aliases expanded, duplicates dropped, in
    ``LAYER_NAMES`` order; "all" and "none"/"" work. Raises ``ValueError`` (one line) naming
    the unknown ones and what is accepted."""
    names = [n.strip().lower() for n in (spec.split(",") if isinstance(spec, str) else spec) if n.strip()]
    if names == ["all"]:
        return LAYER_NAMES
    if names in ([], ["none"]):
        return ()
    bad = [n for n in names if n not in LAYER_NAMES and n not in ALIASES]
    if bad:
        raise ValueError(f"unknown layer(s) {', '.join(bad)}; choose from {', '.join(LAYER_NAMES)} "
                         f"(also accepted: {', '.join(ALIASES)}, all, none)")
    wanted = {m for n in names for m in ALIASES.get(n, (n,))}
    return tuple(n for n in LAYER_NAMES if n in wanted)


@dataclass(frozen=True)
class DiffStyle:
    """How one kind of difference is marked on the page: colour, pen width (px), pen
    (``solid``, ``dash``, ``dot``, ``dashdot``) and hatch (``bdiag``, ``fdiag``, ``cross``,
    ``dense``, ``none``). Shared by the Differences layer and Compare."""

    rgb: RGB
    width: float
    pen: str
    hatch: str


WRONG: RGB = (225, 20, 20)  # red reads as "wrong" and is far from the grid's crimson once hatched
ONLY_ONE_SIDE: RGB = (160, 0, 120)  # purple: a cell or table only one side has
JOINED: RGB = (230, 120, 0)  # orange: cells merged or split
DIFF_STYLES: Mapping[str, DiffStyle] = MappingProxyType({
    # the Differences layer (detection against the annotation)
    "changed": DiffStyle(WRONG, 3.0, "solid", "bdiag"),
    "lost": DiffStyle(WRONG, 3.0, "solid", "bdiag"),
    # Compare (their tables against ours)
    "shifted_column": DiffStyle(WRONG, 3.0, "solid", "fdiag"),
    "merged_columns": DiffStyle(JOINED, 3.0, "solid", "bdiag"),
    "split_columns": DiffStyle(JOINED, 3.0, "solid", "bdiag"),
    "merged": DiffStyle(JOINED, 2.5, "solid", "bdiag"),
    "split": DiffStyle(JOINED, 2.5, "solid", "bdiag"),
    "number_changed": DiffStyle(WRONG, 3.0, "solid", "cross"),
    "text_changed": DiffStyle(WRONG, 2.0, "solid", "bdiag"),
    "missing": DiffStyle(WRONG, 2.0, "dash", "dense"),
    # both
    "extra": DiffStyle(ONLY_ONE_SIDE, 2.0, "dot", "none"),
    "missed_table": DiffStyle(WRONG, 3.0, "dash", "none"),
    "extra_table": DiffStyle(ONLY_ONE_SIDE, 3.0, "dashdot", "none"),
})
THEIRS: RGB = (0, 150, 170)  # Compare's dashed teal grid of their tables

__all__ = ["RGB", "Colour", "Layer", "LAYERS", "BY_NAME", "LAYER_NAMES", "ALIASES", "DEFAULT_PICTURE", "SELECTION",
           "COLOURS", "resolve_layers", "DiffStyle", "DIFF_STYLES", "WRONG", "ONLY_ONE_SIDE", "JOINED", "THEIRS"]
