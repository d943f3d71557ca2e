"""Overlay layers: geometry equals the result's, toggles by panel, menu action and shortcut."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt

from inspector.core.geometry import cell_boxes
from inspector.core.types import Grid, Rect
from inspector.gui.main_window import MainWindow
from inspector.gui.scene.layers import LAYER_KEYS
from inspector.render.layers import LAYERS


def test_words_layer_has_one_box_per_word(opened: MainWindow) -> None:
    res = opened.session.result
    layer = opened.view.page_scene.layers["words"]
    normal, low = (item.path() for item in layer.items)
    n_low = len(res.low_confidence)
    assert layer.element_count() == len(res.words) > 0
    assert low.elementCount() == 5 * n_low  # a rectangle is moveTo + 4 lineTo
    # Scene units are points: the union of the word boxes is the path's bounding rect.
    union = Rect.bounding([w.bbox for i, w in enumerate(res.words) if i not in res.low_confidence])
    assert normal.boundingRect() == QRectF(union.x0, union.y0, union.width, union.height)


def test_vector_rules_layer_draws_each_rule(opened: MainWindow) -> None:
    res = opened.session.result
    path = opened.view.page_scene.layers["vector_rules"].items[0].path()
    assert len(res.vector_rules) >= 9  # 5 horizontal + 4 vertical lines drawn
    assert path.elementCount() == 2 * len(res.vector_rules)
    ys = sorted({round(path.elementAt(i).y, 1) for i in range(path.elementCount())
                 if res.vector_rules[i // 2].orient == "h"})
    assert ys[0] == 200.0 and ys[-1] == 296.0


def test_grid_layer_follows_detected_table(opened: MainWindow) -> None:
    res = opened.session.result
    assert len(res.grids) == 1
    g = res.grids[0]
    assert (g.n_rows, g.n_cols) == (4, 3)
    path = opened.view.page_scene.layers["grids"].items[0].path()
    assert path.boundingRect() == QRectF(g.xs[0], g.ys[0], g.xs[-1] - g.xs[0], g.ys[-1] - g.ys[0])
    assert opened.view.page_scene.layers["grids"].element_count() == 12


def test_grid_cells_respect_spans() -> None:
    g = Grid(Rect(0, 0, 30, 20), xs=(0, 10, 20, 30), ys=(0, 10, 20), source="ruled", spans=((0, 0, 1, 2),))
    cells = [box for _, box in cell_boxes(g)]
    assert len(cells) == 5  # 6 slots, two merged into one
    assert Rect(0, 0, 20, 10) in cells and Rect(0, 0, 10, 10) not in cells


def test_toggle_by_checkbox_action_and_shortcut(opened: MainWindow, qtbot) -> None:
    layers, scene = opened.layers, opened.view.page_scene
    assert scene.layers["words"].visible and all(i.isVisible() for i in scene.layers["words"].items)
    layers.boxes["words"].setChecked(False)  # view -> model
    assert not scene.layers["words"].visible and not layers.toggles["words"].isChecked()
    layers.toggles["words"].trigger()  # menu action back on; check box follows
    assert scene.layers["words"].visible and layers.boxes["words"].isChecked()
    assert not scene.layers["bins"].visible
    opened.activateWindow()
    opened.view.setFocus()
    qtbot.keyClick(opened.view, Qt.Key.Key_C)  # the Column bins shortcut
    assert scene.layers["bins"].visible and layers.boxes["bins"].isChecked()


def test_every_layer_has_distinct_shortcut_and_is_in_view_menu(opened: MainWindow) -> None:
    shortcuts = [s.shortcut for s in LAYERS]
    assert len(set(shortcuts)) == len(shortcuts)
    menu_texts = {a.text() for a in opened.menuBar().actions()[1].menu().actions()}
    assert {s.label for s in LAYERS} <= menu_texts
    opened.layers.set_visible_layers({"grids"})
    assert opened.view.page_scene.visible_layers() == ["grids"]
    assert set(LAYER_KEYS) == set(opened.view.page_scene.layers)


def test_hover_tooltip_names_word_and_respects_visibility(opened: MainWindow) -> None:
    from PySide6.QtCore import QPointF
    apple = next(w for w in opened.session.result.words if w.text == "Apple")
    p = QPointF(apple.bbox.cx, apple.bbox.cy)
    tip = opened.view.tooltip_at(p)
    assert tip.startswith('word "Apple"') and "font 11.0 pt" in tip
    assert "cell r1 c0" in tip
    opened.layers.set_visible_layers(set())
    assert opened.view.tooltip_at(p) == ""


def test_grid_layer_draws_table_cells_and_tableless_grids(qapp) -> None:
    from inspector.core.types import Cell, PageResult, Table
    from inspector.gui.scene.layers import OverlayLayer
    # A stage that worked on turned text may leave a table's grid in another space: its cells count.
    turned = Grid(Rect(500, 500, 520, 540), xs=(500, 520), ys=(500, 520, 540), source="ruled")
    cells = (Cell(0, 0, text="a", bbox=Rect(10, 10, 50, 20)), Cell(0, 1, text="b", bbox=Rect(50, 10, 90, 20)))
    table = Table(Rect(10, 10, 90, 20), 1, 2, cells, grid=turned)
    loose = Grid(Rect(100, 100, 120, 110), xs=(100, 110, 120), ys=(100, 110), source="aligned")
    res = PageResult(page=1, width=600, height=600, tables=(table,), grids=(turned, loose))
    layer = OverlayLayer(next(s for s in LAYERS if s.name == "grids"), 1)
    layer.set_visible(True)
    layer.update(res)
    assert layer.element_count() == 4  # 2 cells + the 2 slots of the grid no table owns
    assert layer.items[0].path().boundingRect() == QRectF(10, 10, 110, 100)


def test_fills_layer_draws_kept_and_rejected_fills(qapp) -> None:
    from inspector.core.types import Fill, PageResult, RejectedFill
    from inspector.gui.scene.layers import OverlayLayer

    spec = next(s for s in LAYERS if s.name == "fills")
    layer = OverlayLayer(spec, 1.0)
    layer.set_visible(True)
    kept = Fill(0, Rect(10, 20, 110, 40), (31, 59, 115), 57)
    gone = RejectedFill(Fill(1, Rect(200, 20, 260, 26), (200, 210, 240), 210), "gradient of 24 strips")
    layer.update(PageResult(page=1, width=300, height=300, fills=(kept,), rejected_fills=(gone,)))
    assert layer.items[0].path().boundingRect() == QRectF(10, 20, 100, 20)
    assert layer.items[1].path().boundingRect() == QRectF(200, 20, 60, 6)


def _pixels_of(image, rgb: tuple[int, int, int]) -> int:
    """How many pixels of a grabbed QImage are exactly ``rgb``."""
    import numpy as np
    from PySide6.QtGui import QImage

    img = image.convertToFormat(QImage.Format.Format_RGB888)
    arr = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())[:, : 3 * img.width()]
    return int(np.all(arr.reshape(img.height(), img.width(), 3) == np.array(rgb, np.uint8), axis=2).sum())


def test_layers_draw_in_the_colours_of_the_one_layer_table(opened: MainWindow, qtbot) -> None:
    """Each part of each layer is painted with its colour from render.layers (the CLI pictures'
    colours), and a screenshot of the page shows those exact colours, one layer at a time."""
    from inspector.render.layers import BY_NAME

    scene, layers = opened.view.page_scene, opened.layers
    for name, layer in scene.layers.items():
        keys = [c.key for c in BY_NAME[name].colours]
        for part, item in zip(layer.parts, layer.items, strict=True):
            assert part.colour in keys
            assert item.pen().color().getRgb()[:3] == BY_NAME[name].colours[keys.index(part.colour)].rgb
    layers.set_all(False)
    for name in ("words", "vector_rules", "regions", "grids"):
        layers.boxes[name].setChecked(True)
        qtbot.waitUntil(lambda: opened.view.page_scene.layers[name].visible)  # noqa: B023
        shot = opened.view.viewport().grab().toImage()
        assert _pixels_of(shot, BY_NAME[name].colour) > 20, name
        for other in ("words", "vector_rules", "regions", "grids"):
            if other != name:
                assert _pixels_of(shot, BY_NAME[other].colour) == 0, (name, other)
        layers.boxes[name].setChecked(False)
