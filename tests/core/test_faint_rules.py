"""Faint hairlines on a scan (``evidence.faint_rules``, ``raster.faint_lines``): a light grey
line a pixel or two thick, lighter than the ink threshold, is a rule's ink; a flat grey fill of
the same grey makes none. Pictures built with numpy, exact expectations."""

from __future__ import annotations

import dataclasses

import numpy as np

from inspector.core.evidence.faint_rules import faint_lines
from inspector.core.evidence.rules_raster import find_raster_rules
from inspector.core.params import RasterParams

PAPER = 255
DPI = 150


def faint_page() -> np.ndarray:
    """Paper with noise of +-3 levels, a black frame line, a 2 px hairline of grey 228 (over
    Otsu's and 0.88 x paper's threshold, 224) across 600 px, and a flat grey fill of 228."""
    rng = np.random.default_rng(5)
    img = np.full((400, 800), PAPER, np.int16) - rng.integers(0, 4, (400, 800))
    img[60, 100:700] = 0  # a black rule, so the page has ink
    img[150:152, 100:700] = 228  # the faint hairline
    img[250:330, 100:700] = 228  # a fill of the same grey
    return np.clip(img, 0, 255).astype(np.uint8)


def rows_of(rules) -> list[float]:
    return sorted(round(r.pos) for r in rules if r.orient == "h")


def test_a_faint_hairline_is_a_rule_and_a_fill_of_its_grey_draws_none_inside() -> None:
    img = faint_page()
    on = find_raster_rules(img, DPI, RasterParams())
    off = find_raster_rules(img, DPI, dataclasses.replace(RasterParams(), faint_lines=False))
    hairline = round(151 * 72 / DPI)
    assert hairline in rows_of(on.rules)
    assert hairline not in rows_of(off.rules)
    mask = faint_lines(img, PAPER)
    assert mask[150:152, 100:700].all()
    assert not mask[260:320, 110:690].any()  # inside the fill: no valley
    assert not mask[:3].any() and not mask[-3:].any()
