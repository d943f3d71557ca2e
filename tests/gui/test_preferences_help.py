"""Preferences that survive a restart, reset to defaults, the Help menu, and the palette."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QColor, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QDockWidget

from inspector.gui import preferences as prefs_mod
from inspector.gui.help import LICENCE, PAGE_GESTURES, ShortcutsDialog, about_html, shortcut_rows, versions
from inspector.gui.main_window import MainWindow
from inspector.gui.palette import border_colour, bordered_swatch, dark_palette, is_dark
from inspector.gui.scene.layers import layer_colour
from inspector.render.layers import LAYERS


def _start(qtbot, path: Path) -> MainWindow:
    """A window as the app starts one interactively: preferences restored."""
    win = MainWindow(QSettings(str(path), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.prefs.restore()
    win.show()
    return win


def test_preferences_survive_close_and_reopen(qtbot, tmp_path: Path) -> None:
    ini = tmp_path / "settings.ini"
    win = _start(qtbot, ini)
    win.resize(760, 730)  # inside the offscreen screen (800 x 800), or the restore clamps it
    size = (win.width(), win.height())
    assert size != (again_default := (1400, 900))
    win.layers.set_visible_layers({"words", "rows"})
    win.findChild(QDockWidget, "Pages").hide()
    win.session.set_param("columns.min_gap", 9.5)
    win.prefs.set_colour("grids", QColor(10, 200, 30))
    prefs_mod.set_last_export("html", str(tmp_path), win.settings)
    assert win.close()

    again = _start(qtbot, ini)
    try:
        assert (again.width(), again.height()) == size != again_default
        assert set(again.view.page_scene.visible_layers()) == {"words", "rows"}
        assert again.layers.toggles["rows"].isChecked() and not again.layers.toggles["grids"].isChecked()
        assert not again.findChild(QDockWidget, "Pages").isVisibleTo(again)
        assert again.session.param_value("columns.min_gap") == 9.5
        grid_item = again.view.page_scene.layers["grids"].items[0]
        assert grid_item.pen().color() == QColor(10, 200, 30)
        assert prefs_mod.last_export_format(again.settings) == "html"
        assert prefs_mod.last_export_folder(again.settings) == str(tmp_path)
    finally:
        again.session.close()


def test_reset_clears_settings_and_restores_defaults(qtbot, tmp_path: Path, table_pdf) -> None:
    ini = tmp_path / "settings.ini"
    win = _start(qtbot, ini)
    assert win.open_file(table_pdf.path)  # a recent file
    win.layers.set_visible_layers({"bins"})
    win.prefs.set_colour("words", QColor(1, 2, 3))
    win.findChild(QDockWidget, "Pages").hide()
    win.prefs.save()
    assert win.settings.allKeys() and win.recent_files()
    assert win.prefs.reset(confirm=False)
    try:
        assert win.settings.allKeys() == [] and win.recent_files() == []
        assert set(win.view.page_scene.visible_layers()) == {s.name for s in LAYERS if s.default_on}
        assert win.view.page_scene.layers["words"].items[0].pen().color() == layer_colour("words")
        assert win.findChild(QDockWidget, "Pages").isVisibleTo(win)
    finally:
        win.session.close()
    # and a new start after the reset has the defaults
    fresh = _start(qtbot, ini)
    try:
        assert set(fresh.view.page_scene.visible_layers()) == {s.name for s in LAYERS if s.default_on}
    finally:
        fresh.session.close()


def test_broken_saved_parameters_are_dropped(qtbot, tmp_path: Path) -> None:
    ini = tmp_path / "settings.ini"
    s = QSettings(str(ini), QSettings.Format.IniFormat)
    s.setValue(prefs_mod.LAST_PARAMS, "{not json")
    s.sync()
    win = _start(qtbot, ini)
    try:
        assert win.session.param_value("columns.min_gap") == 3.0
        assert not win.settings.contains(prefs_mod.LAST_PARAMS)
    finally:
        win.session.close()


def test_shortcut_sheet_lists_every_action_with_a_key(window: MainWindow) -> None:
    rows = shortcut_rows(window)
    listed = {(r.action, r.keys) for r in rows}
    actions = [a for a in window.findChildren(QAction) if any(not k.isEmpty() for k in a.shortcuts())]
    assert len(actions) > 20
    for a in actions:
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in a.shortcuts() if not k.isEmpty())
        assert (a.text().replace("&", "").rstrip(".…").strip(), keys) in listed, a.text()
    words = next(r for r in rows if r.action == "Words")
    assert words.keys == "W" and words.menu == "View" and words.clashes == ()
    dialog = ShortcutsDialog(window)
    assert dialog.table.rowCount() == len(rows) + len(PAGE_GESTURES)
    sheet = [dialog.table.item(i, 0).text() for i in range(dialog.table.rowCount())]
    assert "Double-click" in sheet and "Shift+Double-click" in sheet and "Tab, Shift+Tab" in sheet


def test_shortcut_sheet_marks_a_clash(window: MainWindow) -> None:
    extra = QAction("Clashing", window)
    extra.setShortcut(QKeySequence("W"))
    window.addAction(extra)
    clash = next(r for r in shortcut_rows(window) if r.action == "Clashing")
    assert clash.clashes == ("Words",) and clash.menu == "(window)"


def test_layer_guide_and_about(window: MainWindow) -> None:
    guide = window.colours.guide_html()
    for spec in LAYERS:
        assert spec.label in guide and html.escape(spec.help) in guide
    assert layer_colour("grids").name() in guide and layer_colour("low_confidence").name() in guide
    assert "low-confidence words" in guide and "Differences from the annotation" in guide
    text = about_html()
    assert LICENCE in text
    for name, version in versions().items():
        assert name in text and version in text
    assert {"Qt", "PySide6", "PyMuPDF", "OpenCV", "Python"} <= set(versions())
    help_menu = window.menuBar().actions()[-1]
    assert help_menu.text() == "&Help" and len(help_menu.menu().actions()) >= 3


def test_dark_palette_borders_and_page_stays_paper(window: MainWindow) -> None:
    app = QApplication.instance()
    old = app.palette()
    try:
        app.setPalette(dark_palette())
        QApplication.processEvents()
        assert is_dark()
        assert border_colour().lightness() > 180  # light border on a dark panel
        icon = window.layers.toggles["words"].icon().pixmap(14, 14).toImage()
        assert QColor(icon.pixel(0, 0)).lightness() > 150  # the swatch's border follows the palette
        assert QColor(icon.pixel(7, 7)) == layer_colour("words")
        assert window.view.page_scene.paper.brush().color() == QColor("white")
    finally:
        app.setPalette(old)
        QApplication.processEvents()
    light = QPalette()
    light.setColor(QPalette.ColorRole.Window, QColor(240, 240, 240))
    light.setColor(QPalette.ColorRole.WindowText, QColor(0, 0, 0))
    assert not is_dark(light) and border_colour(light).lightness() < 60
    pix = bordered_swatch(QColor(255, 255, 0), 10, QColor(0, 0, 0)).toImage()
    assert QColor(pix.pixel(0, 5)) == QColor(0, 0, 0) and QColor(pix.pixel(5, 5)) == QColor(255, 255, 0)


def test_layer_colour_menu_changes_and_resets(window: MainWindow, qtbot, tmp_path: Path) -> None:
    p = window.colours
    menu = p.layer_menu("words")
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Colour of words…", "Colour of low confidence…", "Default colour"]
    p.ask_colour = lambda _initial: QColor(0, 0, 0)  # type: ignore[method-assign]
    menu.actions()[1].trigger()
    low = window.view.page_scene.layers["words"].items[1]
    assert low.pen().color() == QColor(0, 0, 0) and low.brush().color().alpha() == 110  # fill opacity kept
    assert window.settings.value(prefs_mod.COLOUR_PREFIX + "low_confidence") == "#000000"
    p.ask_colour = lambda _initial: QColor()  # cancelled: nothing changes
    p.layer_menu("grids").actions()[0].trigger()
    assert window.view.page_scene.layers["grids"].items[0].pen().color() == layer_colour("grids")
    menu.actions()[2].trigger()
    assert low.pen().color() == layer_colour("low_confidence")
    assert not window.settings.contains(prefs_mod.COLOUR_PREFIX + "low_confidence")


def test_system_scheme_switch_and_app_decoration(qapp) -> None:
    from PySide6.QtCore import Qt

    from inspector.gui.palette import DESKTOP_FILE_NAME, app_icon, apply_scheme, decorate_app
    old = qapp.palette()
    try:
        apply_scheme(qapp, Qt.ColorScheme.Dark)
        assert is_dark(qapp.palette())
        apply_scheme(qapp, Qt.ColorScheme.Light)
        assert not is_dark(qapp.palette())
        decorate_app(qapp)
        assert qapp.desktopFileName() == DESKTOP_FILE_NAME
        assert not app_icon().isNull() and 32 in {s.width() for s in app_icon().availableSizes()}
        assert not qapp.windowIcon().isNull()
    finally:
        qapp.setPalette(old)
