"""One vocabulary for the overlay layers, shared by ``render --layers`` and ``gui --layers``.

The names are the window's layers; the older picture names are accepted as aliases
("rules" is both kinds of rules, "grid" the cell grids), so scripts written for either keep
working. Pure Python: the CLI and the window both read it.
"""

from __future__ import annotations

LAYER_NAMES: tuple[str, ...] = ("words", "vector_rules", "raster_rules", "rejected", "fills", "bins", "rows", "regions",
                                "grids", "tags")  # tags: the window's layer; CLI pictures leave it out
ALIASES: dict[str, tuple[str, ...]] = {
    "rules": ("vector_rules", "raster_rules"),
    "vector": ("vector_rules",),
    "raster": ("raster_rules",),
    "grid": ("grids",),
    "cells": ("grids",),
    "rejected_rules": ("rejected",),
    "columns": ("bins",),
    "tables": ("regions",),
}
DEFAULT_PICTURE = ("words", "vector_rules", "raster_rules", "bins", "grids")


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


__all__ = ["LAYER_NAMES", "ALIASES", "DEFAULT_PICTURE", "resolve_layers"]
