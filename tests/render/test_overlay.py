"""Overlay pictures: each layer lands at its geometry, in its colour, and only when asked for."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from inspector.core.geometry import cell_boxes
from inspector.core.reading.document import open_document
from inspector.core.types import (
    ColumnBin,
    Grid,
    PageResult,
    Rect,
    RejectedRule,
    Rule,
    TableRegion,
    Word,
)
from inspector.render.layers import COLOURS, LAYER_NAMES
from inspector.render.overlay import render_overlay, write_png
from tests.core import pdfs

W, H = 400.0, 300.0  # page size, points
VECTOR = Rule("h", 100, 50, 200, source="vector")
RASTER = Rule("v", 300, 50, 250, source="raster")
MERGED = Rule("h", 260, 50, 200, source="merged")


def white(dpi: int) -> np.ndarray:
    s = dpi / 72
    return np.full((round(H * s), round(W * s), 3), 255, np.uint8)


def result(**kw: object) -> PageResult:
    return PageResult(page=1, width=W, height=H, **kw)  # type: ignore[arg-type]


def is_colour(img: np.ndarray, y: int, x: int, name: str) -> bool:
    return tuple(int(v) for v in img[y, x]) == COLOURS[name]


def count(img: np.ndarray, name: str) -> int:
    return int(np.all(img == np.array(COLOURS[name], np.uint8), axis=2).sum())


@pytest.mark.parametrize("dpi", [72, 144])
def test_rules_drawn_at_their_position_in_their_colour(dpi: int) -> None:
    s = dpi / 72
    img = render_overlay(white(dpi), dpi, result(rules=(VECTOR, RASTER, MERGED)), ["rules"])
    assert is_colour(img, round(100 * s), round(125 * s), "vector_rules")
    assert is_colour(img, round(260 * s), round(60 * s), "vector_rules")  # merged counts as vector
    assert is_colour(img, round(150 * s), round(300 * s), "raster_rules")
    assert tuple(img[round(150 * s), round(125 * s)]) == (255, 255, 255)  # between the rules


def test_layer_not_asked_for_is_not_drawn() -> None:
    res = result(rules=(VECTOR, RASTER), words=(Word("x", Rect(60, 30, 80, 42)),))
    img = render_overlay(white(72), 72, res, ["words"])
    assert count(img, "vector_rules") == 0 and count(img, "raster_rules") == 0
    assert tuple(img[100, 125]) == (255, 255, 255)
    assert count(img, "words") > 0


def test_nothing_asked_leaves_the_page_untouched_and_input_is_not_modified() -> None:
    page = white(72)
    page[10:20, 10:20] = 0
    before = page.copy()
    res = result(rules=(VECTOR,))
    assert np.array_equal(render_overlay(page, 72, res, []), before)
    assert np.array_equal(render_overlay(page, 72, result(), list(LAYER_NAMES)), before)  # empty result: no legend
    render_overlay(page, 72, res, ["rules"])
    assert np.array_equal(page, before)


def test_low_confidence_words_stand_out() -> None:
    words = (Word("a", Rect(40, 40, 60, 52)), Word("b", Rect(100, 40, 130, 52)))
    img = render_overlay(white(72), 72, result(words=words, low_confidence=frozenset({1})), ["words"])
    assert is_colour(img, 46, 40, "words")
    assert not is_colour(img, 46, 100, "words") and count(img, "low_confidence") > 0
    assert any(is_colour(img, 46, x, "low_confidence") for x in (98, 99, 100, 101))


def test_rejected_rules_are_dashed() -> None:
    res = result(rejected=(RejectedRule(Rule("h", 200, 40, 240), "too short"),))
    img = render_overlay(white(72), 72, res, ["rejected"])
    along = [is_colour(img, 200, x, "rejected") for x in range(42, 238)]
    assert 0.3 < sum(along) / len(along) < 0.9


def test_bins_are_translucent_strips_over_their_region() -> None:
    res = result(regions=(TableRegion(Rect(50, 50, 250, 150), "aligned"),),
                 bins=(ColumnBin(60, 90, region=0),))
    img = render_overlay(white(72), 72, res, ["bins"])
    inside, outside = img[100, 75], img[200, 75]
    assert tuple(outside) == (255, 255, 255)
    expected = 255 + (np.array(COLOURS["bins"]) - 255) * 0.22
    assert np.allclose(inside, expected, atol=1.5)
    assert not is_colour(img, 100, 75, "bins")


def test_grid_draws_cells_with_spans() -> None:
    grid = Grid(Rect(50, 50, 230, 110), xs=(50, 110, 170, 230), ys=(50, 80, 110), source="ruled",
                spans=((0, 0, 1, 2),))
    assert len([box for _, box in cell_boxes(grid)]) == 5
    img = render_overlay(white(72), 72, result(grids=(grid,)), ["grid"])
    assert is_colour(img, 95, 110, "grids")  # boundary x=110 in row 1
    assert not is_colour(img, 65, 110, "grids")  # inside the spanning cell of row 0
    assert is_colour(img, 65, 170, "grids")


def test_regions_accepted_solid_rejected_dashed() -> None:
    res = result(regions=(TableRegion(Rect(20, 20, 120, 120), "ruled"),
                          TableRegion(Rect(200, 150, 380, 280), "aligned", reason="paragraph")))
    img = render_overlay(white(72), 72, res, ["regions"])
    assert all(is_colour(img, 70, x, "regions") for x in (20, 120))
    along = [is_colour(img, 280, x, "regions_rejected") for x in range(205, 375)]
    assert 0.3 < sum(along) / len(along) < 0.9


def test_legend_lists_drawn_layers_only() -> None:
    def away_from_rules(img: np.ndarray, name: str) -> int:
        mask = np.all(img == np.array(COLOURS[name], np.uint8), axis=2)
        mask[190:212, :] = False  # the vector rule, y = 100 pt at 144 dpi
        mask[:, 590:612] = False  # the raster rule, x = 300 pt
        return int(mask.sum())

    one = render_overlay(white(144), 144, result(rules=(VECTOR,)), ["rules"])
    both = render_overlay(white(144), 144, result(rules=(VECTOR, RASTER)), ["rules"])
    assert away_from_rules(one, "vector_rules") > 0  # the legend's swatch
    assert away_from_rules(one, "raster_rules") == 0
    assert away_from_rules(both, "raster_rules") > 0


def test_bad_arguments_give_one_line_errors() -> None:
    with pytest.raises(ValueError, match="unknown layer"):
        render_overlay(white(72), 72, result(), ["rulez"])
    with pytest.raises(ValueError, match="RGB"):
        render_overlay(np.zeros((10, 10), np.uint8), 72, result(), ["rules"])
    with pytest.raises(ValueError, match="dpi"):
        render_overlay(white(72), 0, result(), ["rules"])


def test_overlay_matches_a_real_render() -> None:
    data, exp = pdfs.ruled_grid()
    page = open_document(data).page(0)
    t = exp.tables[0]
    rules = tuple(Rule("h", y, t.xs[0], t.xs[-1]) for y in t.ys)
    rgb = page.render_rgb(100)
    img = render_overlay(rgb, 100, PageResult(1, page.width, page.height, rules=rules), ["rules"])
    s = 100 / 72
    for y in t.ys:
        assert is_colour(img, round(y * s), round((t.xs[0] + 5) * s), "vector_rules")
        near = rgb[round(y * s) - 1:round(y * s) + 2, round((t.xs[0] + 5) * s)]
        assert near.min() < 230  # the printed line is there too


def test_write_png_round_trip_and_atomic(tmp_path: Path) -> None:
    img = render_overlay(white(72), 72, result(rules=(VECTOR,)), ["rules"])
    target = tmp_path / "out.png"
    target.write_bytes(b"old")
    write_png(target, img)
    back = cv2.cvtColor(cv2.imread(str(target)), cv2.COLOR_BGR2RGB)
    assert np.array_equal(back, img)
    assert [p.name for p in tmp_path.iterdir()] == ["out.png"]
    with pytest.raises(OSError):
        write_png(tmp_path / "missing" / "x.png", img)
    assert [p.name for p in tmp_path.iterdir()] == ["out.png"]


def test_fills_tinted_and_rejected_fills_dashed() -> None:
    from inspector.core.types import Fill, RejectedFill

    kept = Fill(0, Rect(50, 50, 150, 80), (31, 59, 115), 57)
    gone = RejectedFill(Fill(1, Rect(200, 50, 300, 56), (200, 210, 240), 210), "gradient of 24 strips")
    img = render_overlay(white(72), 72, result(fills=(kept,), rejected_fills=(gone,)), ["fills"])
    expected = 255 + (np.array(COLOURS["fills"]) - 255) * 0.15
    assert np.allclose(img[65, 100], expected, atol=1.5)
    along = [is_colour(img, 56, x, "fills_rejected") for x in range(202, 298)]
    assert 0.3 < sum(along) / len(along) < 0.9
    assert tuple(img[200, 100]) == (255, 255, 255)
