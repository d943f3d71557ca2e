"""Starting the window: interactively, or offscreen for one screenshot (``--screenshot``)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.params import Params

if TYPE_CHECKING:
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow
    from .session import Session

RESULT_TIMEOUT_S = 120.0
GC_PAUSE_MAX_MS = 3000  # garbage collection resumes by then at the latest


class LaunchError(Exception):
    """The window cannot do what was asked; ``code`` 2 = bad usage, 3 = unreadable input."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class LaunchOptions:
    """What ``table-inspector gui`` was asked for. ``page`` is 1-based; ``zoom`` is
    "fit-width", "fit-page" or a percentage; ``layers`` None keeps the defaults."""

    file: str | None = None
    page: int = 1
    layers: tuple[str, ...] | None = None
    screenshot: str | None = None
    password: str | None = None
    params: Params = field(default_factory=Params)
    zoom: str = "fit-width"
    size: tuple[int, int] = (1400, 900)
    select_table: int = 0  # 1-based table to select (and preview) after detection, 0 = none
    annotation: str | None = None  # annotation file to edit instead of the one beside the PDF


def sample_path() -> Path:
    """The bundled sample PDF (installed package data, or the source tree's resources/)."""
    for mod in ("inspector.resources", "resources"):
        try:
            module = __import__(mod, fromlist=["sample_pdf"])
            p = Path(module.sample_pdf())
        except (ImportError, AttributeError):
            continue
        if p.is_file():
            return p
    return Path(__file__).resolve().parents[2] / "resources" / "samples" / "sample.pdf"


def has_display() -> bool:
    """Whether a window can be shown: a display server, or a Qt platform chosen explicitly."""
    if os.environ.get("QT_QPA_PLATFORM") or not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(opts: LaunchOptions) -> int:
    """Open the window (or take the screenshot) and return the process exit code."""
    if opts.screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a screenshot needs no display
    elif not opts.screenshot and not has_display():
        # Qt would abort the process with a message about xcb plugins; say what is wrong instead.
        raise LaunchError("no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
                          "use --screenshot OUT.png, or run under xvfb-run")
    from ..core.infra.starting import start_server_early
    from ..startup import pause_gc_for_startup, resume_gc
    start_server_early()  # the page workers' server imports while Qt and the window load
    pause_gc_for_startup()  # until the first page is on screen (or 3 s): see inspector.startup
    try:  # a start-up that fails before the window runs must not leave collection paused
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        from .collecting import GuiCollector
        from .main_window import MainWindow
        from .palette import decorate_app, prepare_app
        if QApplication.instance() is None:
            prepare_app()  # high-DPI policy: only before the application exists
        existing = QApplication.instance()
        app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
        app.setApplicationName("Table Inspector")
        app.setOrganizationName("table-inspector")
        decorate_app(app)
        settings_note = _repair_settings()
        window = MainWindow()
        if settings_note:
            window.statusBar().showMessage(settings_note, 20000)
    except BaseException:
        resume_gc()
        raise
    window.session.documentShown.connect(resume_gc)
    QTimer.singleShot(GC_PAUSE_MAX_MS, resume_gc)  # no document, or it never shows
    collector = GuiCollector(window)
    collector.start()  # cycles are collected on this thread only: see gui.collecting
    try:
        if opts.screenshot:
            return _screenshot(app, window, opts)
        return _interactive(app, window, opts)
    finally:
        try:
            resume_gc()
            window.stop_background()
            window.session.close()
        finally:
            collector.stop()  # the workers are done: automatic collection as before


def keep_edits_on_sigterm(window: MainWindow, quit_app: Callable[[int], None]) -> Callable[[], None]:
    """On SIGTERM (a logout, ``kill``): write the autosave copy of unsaved edits now and quit
    with 143 without closing the window, so the autosave stays and the next start offers
    to recover it. Qt's event loop gives Python no chance to run a signal handler, so a
    timer wakes the interpreter every 200 ms. Returns the function that removes the handler."""
    import signal

    from PySide6.QtCore import QTimer

    def on_term(_signum: int, _frame: object) -> None:
        editing = window.editing_if_made
        if editing is not None:
            editing.ann.write_autosave(wait=True, force=True)
        quit_app(128 + signal.SIGTERM)

    old = signal.signal(signal.SIGTERM, on_term)
    wake = QTimer(window)
    wake.timeout.connect(lambda: None)
    wake.start(200)

    def remove() -> None:
        wake.stop()
        signal.signal(signal.SIGTERM, old)

    return remove


def _repair_settings() -> str | None:
    """A damaged settings file set aside before Qt reads it (see ``settings_file``), said on stderr."""
    from ..settings_file import default_path, repair

    note = repair(default_path())
    if note:
        print(f"table-inspector: {note}", file=sys.stderr)
    return note


def _interactive(app: QApplication, window: MainWindow, opts: LaunchOptions) -> int:
    keep_edits_on_sigterm(window, app.exit)
    window.prefs.restore()  # layout, layers, colours, last parameters
    if opts.params != Params():  # --set/--preset win over the remembered parameters
        window.session.set_params(opts.params)
    window.show()
    path = Path(opts.file) if opts.file else sample_path()
    if opts.file or path.is_file():
        if window.open_file(path, opts.password) and opts.page > 1:
            window.session.set_page(opts.page - 1)
        if opts.annotation and window.session.doc is not None:
            _load_annotation(window, opts.annotation)
    else:
        window.statusBar().showMessage("No document: open one with File > Open or drop it here")
    _apply_view(window, opts)
    return app.exec()


def _screenshot(app: QApplication, window: MainWindow, opts: LaunchOptions) -> int:
    from ..core.reading.document import DocumentError
    window.non_interactive = True  # no modal dialog may block a screenshot
    window.session.set_params(opts.params)
    window.resize(*opts.size)
    window.show()
    path = Path(opts.file) if opts.file else sample_path()
    try:
        window.open_file(path, opts.password, interactive=False)
    except DocumentError as exc:
        raise LaunchError(str(exc), 3) from None
    if not 1 <= opts.page <= window.session.page_count:
        raise LaunchError(f"--page {opts.page}: the document has {window.session.page_count} page(s)")
    window.session.set_page(opts.page - 1)
    if opts.annotation:
        _load_annotation(window, opts.annotation)
    wait_for_result(app, window.session)
    _wait_for_metrics(app, window)
    if opts.layers and "tags" in opts.layers:
        from .scene.tags_layer import tag_grids
        tag_grids().wait()  # the Tags layer draws once the file's tags are read
        app.processEvents()
    if opts.annotation:
        window.editing.select_first_on_page()
    if opts.select_table:
        from .session import Selection
        window.session.select(Selection("table", opts.select_table - 1))
    _apply_view(window, opts)
    if opts.select_table or opts.annotation:
        _center_on_table(window)
    app.processEvents()
    window.view.render_picture()
    _wait_for_picture(app, window)
    _wait_for_thumbnails(app, window)
    app.processEvents()
    out = Path(str(opts.screenshot))
    _save_atomic(window.grab(), out)
    problems = [p for p in (window.session.last_error, window.view.render_error) if p]
    for problem in problems:
        print(f"table-inspector: page {opts.page}: {problem}", file=sys.stderr)
    return 4 if problems else 0  # 4: the screenshot is written, but the page failed (see stderr)


def _save_atomic(pixmap: QPixmap, out: Path) -> None:
    """The PNG through the atomic writer: a full disk leaves the previous screenshot intact."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    from ..atomic import why, write_atomic

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not pixmap.save(buffer, "PNG"):
        raise LaunchError(f"cannot make the screenshot {out}", 3)
    try:
        write_atomic(out, bytes(data.data()))
    except OSError as exc:
        raise LaunchError(f"cannot write the screenshot to {out}: {why(exc)} (any previous file is intact)", 3) from None


def _center_on_table(window: MainWindow) -> None:
    """Scroll the selected accepted table (else the selected detected one) into the middle."""
    sel, ann = window.session.selection, window.editing.ann
    accepted = ann.table(ann.selection.table_id) if ann.selection else None
    result = window.session.result
    if accepted is not None and ann.selection is not None:
        box = accepted.regions[ann.selection.region].bbox
    elif sel is not None and result is not None and 0 <= sel.table < len(result.tables):
        box = result.tables[sel.table].bbox
    else:
        return
    window.view.centerOn(box.cx, box.cy)


def _load_annotation(window: MainWindow, path: str) -> None:
    from ..annotation.io import AnnotationError
    try:
        window.editing.ann.load_file(path)
    except AnnotationError as exc:
        raise LaunchError(f"--annotation: {exc}", 3) from None


def _apply_view(window: MainWindow, opts: LaunchOptions) -> None:
    if opts.layers is not None:
        window.layers.set_visible_layers(set(opts.layers))
    if opts.zoom == "fit-page":
        window.view.fit_page()
    elif opts.zoom == "fit-width":
        window.view.fit_width()
    else:
        window.view.set_zoom(float(opts.zoom) / 100.0)
        window.view.show_top_left()


def _wait_for_metrics(app: QApplication, window: MainWindow, timeout_s: float = 30.0) -> None:
    """Let the metrics panel finish scoring the result, so the picture shows its numbers."""
    deadline = time.monotonic() + timeout_s
    app.processEvents()
    while window.scores.metrics.pending and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)


def _wait_for_picture(app: QApplication, window: MainWindow) -> None:
    """Until the page picture has come from the picture worker, or failed (within its budget)."""
    deadline = time.monotonic() + window.session.params.budget.seconds + 60.0
    while window.view.picture_pending and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)


def _wait_for_thumbnails(app: QApplication, window: MainWindow, timeout_s: float = 10.0) -> None:
    """Until the strip's visible thumbnails are drawn: a screenshot with grey placeholders (and
    the current page's shown as a plain selection colour) looks like a broken strip."""
    deadline = time.monotonic() + timeout_s
    app.processEvents()  # the strip paints, asking for the thumbnails it shows
    while window.thumbnails.thumbs.pending and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)


def wait_for_result(app: QApplication, session: Session, timeout_s: float = RESULT_TIMEOUT_S) -> bool:
    """Process events until the session holds a result for the current request (or timeout)."""
    deadline = time.monotonic() + timeout_s
    while session.busy and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)
    app.processEvents()
    return session.result is not None
