"""The window's layout at awkward sizes: no endless scroll-bar loop, no docks over each other.

A long parameter label (``Sections with their own columns``) once made the window hang at
900 x 700: the label widened the Parameters dock, which left the page view a size where the
page fitted to the width just needed the vertical scroll bar; the bar narrowed the viewport,
the refit made the page short enough not to need it, the bar hid, and so on for ever.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from conftest import wait_result
from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication, QDockWidget, QScrollBar

import inspector.gui.widgets.params_panel as params_panel
from inspector.gui.compact import is_compact
from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection, Session

LONG_LABEL = "Sections with their own columns"
SETTLE_ROUNDS = 40  # processEvents rounds a resize may take before its bars stay put


class BarToggles(QObject):
    """Counts the shows and hides of the scroll bars it watches."""

    def __init__(self, bars: list[QScrollBar]) -> None:
        super().__init__()
        self.count = 0
        for bar in bars:
            bar.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.count += 1
        return False


def settle(toggles: BarToggles) -> int:
    """Process events until a round leaves the bars alone; the rounds it took, or -1 if the
    bars were still showing and hiding after SETTLE_ROUNDS (the watchdog: never spins)."""
    app = QApplication.instance()
    assert app is not None
    for rounds in range(SETTLE_ROUNDS):
        before = toggles.count
        app.processEvents()
        if toggles.count == before and rounds >= 2:
            return rounds
    return -1


@pytest.fixture
def long_label_window(qtbot, settings: QSettings, table_pdf, monkeypatch) -> Iterator[MainWindow]:
    """The window with one parameter's label as long as the one that hung it, a page open."""
    real = params_panel.describe
    monkeypatch.setattr(params_panel, "describe", lambda: [
        dataclasses.replace(f, label=LONG_LABEL) if f.key == "tables.section_cut" else f for f in real()])
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1200, 800)  # the page is read at an easy size: the looping tests bound their own waits
    win.show()
    assert win.params.labels["tables.section_cut"].text() == LONG_LABEL
    assert win.open_file(table_pdf.path)
    wait_result(qtbot, win)
    win.resize(900, 700)
    yield win
    win.session.close()


def test_a_long_label_is_cut_and_never_widens_the_panel(qtbot, monkeypatch) -> None:
    sessions: list[Session] = []

    def panel() -> params_panel.ParamsPanel:
        sessions.append(Session())
        made = params_panel.ParamsPanel(sessions[-1])
        qtbot.addWidget(made)
        made.show()
        return made

    usual = panel()
    real = params_panel.describe
    long = LONG_LABEL + " and a tail no panel has room for"
    monkeypatch.setattr(params_panel, "describe", lambda: [
        dataclasses.replace(f, label=long) if f.key == "tables.section_cut" else f for f in real()])
    odd = panel()
    for a, b in ((usual, odd), (usual.scroll_area.widget(), odd.scroll_area.widget())):
        assert a.sizeHint() == b.sizeHint() and a.minimumSizeHint() == b.minimumSizeHint()
    label = odd.labels["tables.section_cut"]
    assert label.text() == long and label.toolTip().startswith(long + "\n")
    for width in range(300, 420, 7):
        odd.resize(width, 500)
        toggles = BarToggles([odd.scroll_area.horizontalScrollBar(), odd.scroll_area.verticalScrollBar()])
        assert settle(toggles) >= 0, width
        assert not odd.scroll_area.horizontalScrollBar().isVisible(), width  # every row fits across
        assert label.width() < label.fontMetrics().horizontalAdvance(long)  # shown cut, with "…"
    odd.mark_deciding({"tables.section_cut"})  # the bold mark keeps the whole text
    assert label.text() == "● " + long and label.font().bold()
    for session in sessions:
        session.close()


def test_fitted_page_settles_at_every_width_near_the_scroll_bar_edge(long_label_window: MainWindow) -> None:
    win, view = long_label_window, long_label_window.view
    toggles = BarToggles([view.horizontalScrollBar(), view.verticalScrollBar()])
    assert settle(toggles) >= 0, "the page view's scroll bars never settle at 900 x 700"
    view.fit_width()
    assert settle(toggles) >= 0
    # The view width where the page fitted to it is exactly as tall as the view: around it
    # (one scroll bar's width each side) the vertical bar is needed or not depending on itself.
    w, h = view._rotated_size()
    frame = 2 * view.frameWidth()
    margin = 24
    critical = round(margin + w * (view.height() - frame) / (h + margin)) + frame
    bar = view.verticalScrollBar().sizeHint().width()
    for view_width in range(critical - bar - 6, critical + 2 * bar + 6, 2):
        win.resize(win.width() + view_width - view.width(), 700)
        rounds = settle(toggles)
        assert rounds >= 0, f"view {view.width()} x {view.height()}: scroll bars show and hide each other for ever"
        # fitted to the width: the whole page width is on screen, no horizontal bar
        assert not view.horizontalScrollBar().isVisible(), view.width()
        shown = view.mapFromScene(view.page_scene.page_rect).boundingRect()
        assert 0 <= shown.left() and shown.right() <= view.viewport().width(), (view.width(), shown)
    assert view.fit == "width"


def test_fit_page_settles_too(long_label_window: MainWindow) -> None:
    win, view = long_label_window, long_label_window.view
    toggles = BarToggles([view.horizontalScrollBar(), view.verticalScrollBar()])
    view.fit_page()
    for width in range(860, 944, 6):
        win.resize(width, 700)
        assert settle(toggles) >= 0, width
        assert not view.horizontalScrollBar().isVisible() and not view.verticalScrollBar().isVisible(), width


def _visible_docks(win: MainWindow) -> list[QDockWidget]:
    """The docks on screen: a tab group's raised one (the others are hidden behind it)."""
    return [d for d in win.findChildren(QDockWidget) if d.isVisible() and not d.visibleRegion().isEmpty()]


@pytest.mark.parametrize("size", [(800, 600), (900, 700), (1400, 900)])
def test_docks_do_not_overlap(qtbot, settings: QSettings, table_pdf, size: tuple[int, int]) -> None:
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    assert win.open_file(table_pdf.path)
    wait_result(qtbot, win)
    assert win.editing is not None  # made now: the late docks (annotation, undo history) are tabbed in too
    win.session.select(Selection("table", 0))  # the preview shows the table: its longest title
    qtbot.waitUntil(lambda: "table 1" in win.preview.title.text(), timeout=5000)
    qtbot.wait(50)
    docks = _visible_docks(win)
    names = {d.objectName() for d in docks}
    # A small window tabs Parameters behind Layers (gui.compact): one of them shows.
    shown = {"Pages", "Layers", "Table preview"} | (set() if is_compact(size[0]) else {"Parameters"})
    assert shown <= names, names
    boxes = [(d.objectName(), d.geometry()) for d in docks] + [("page view", win.centralWidget().geometry())]
    for i, (a, ra) in enumerate(boxes):
        assert win.rect().contains(ra), (a, ra)
        for b, rb in boxes[i + 1:]:
            assert not ra.intersects(rb), f"{a} {ra} overlaps {b} {rb}"
    win.session.close()
