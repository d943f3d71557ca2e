"""Light and dark palettes, high-DPI, the window icon and legend swatches that read on both.

The page stays paper-white in either palette, so overlay colours (chosen for white paper)
stay readable; only the panels follow the system. Legend swatches get a border in the
panel's text colour so a pale swatch does not vanish on a light panel nor a dark one on
a dark panel. Where the platform does not switch palettes itself (Fusion on X11 without a
desktop theme, offscreen), a system switch to dark installs ``dark_palette``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication, QLabel, QWidget

DESKTOP_FILE_NAME = "io.github.tableinspector.TableInspector"
LEGEND_EXTRA = ("low_confidence", "regions_rejected")  # legend rows of LayersPanel below the toggles


def prepare_app() -> None:
    """Before the QApplication exists: fractional scale factors stay fractional (sharp text
    and page pictures at 125 %/150 %; the view renders at devicePixelRatio)."""
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)


def decorate_app(app: QApplication) -> None:
    """Desktop file name (Wayland/taskbar grouping), window icon, and follow the system scheme."""
    app.setDesktopFileName(DESKTOP_FILE_NAME)
    icon = app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)
    follow_system_scheme(app)


def app_icon() -> QIcon:
    """The application icon from the shipped PNG sizes and SVG (empty when resources are missing)."""
    icon = QIcon()
    try:
        from ..resources import ICON_SIZES, icon_path  # the wheel's copy (packaging/)
    except ImportError:
        try:
            from resources import ICON_SIZES, icon_path  # a source checkout
        except ImportError:
            return icon
    for size in ICON_SIZES:
        p = icon_path(size)
        if p.is_file():
            icon.addFile(str(p))
    svg = icon_path(None)
    if svg.is_file():
        icon.addFile(str(svg))
    return icon


def is_dark(palette: QPalette | None = None) -> bool:
    """Whether ``palette`` (default: the application's) has a dark window background."""
    pal = palette if palette is not None else QGuiApplication.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def dark_palette() -> QPalette:
    """A dark palette for styles that do not bring one (Fusion)."""
    p = QPalette()
    roles = QPalette.ColorRole
    for role, rgb in ((roles.Window, (45, 45, 48)), (roles.WindowText, (230, 230, 230)),
                      (roles.Base, (30, 30, 32)), (roles.AlternateBase, (50, 50, 54)),
                      (roles.ToolTipBase, (60, 60, 64)), (roles.ToolTipText, (235, 235, 235)),
                      (roles.Text, (230, 230, 230)), (roles.Button, (55, 55, 58)),
                      (roles.ButtonText, (230, 230, 230)), (roles.BrightText, (255, 80, 80)),
                      (roles.Link, (100, 170, 255)), (roles.Highlight, (60, 120, 200)),
                      (roles.HighlightedText, (255, 255, 255)), (roles.PlaceholderText, (150, 150, 150))):
        p.setColor(role, QColor(*rgb))
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(130, 130, 130))
    return p


def follow_system_scheme(app: QApplication) -> None:
    """Match the system's colour scheme now and whenever it changes."""
    hints = app.styleHints()
    hints.colorSchemeChanged.connect(lambda scheme: apply_scheme(app, scheme))
    apply_scheme(app, hints.colorScheme())


def apply_scheme(app: QApplication, scheme: Qt.ColorScheme) -> None:
    """Install a dark or the style's light palette when the platform did not do it already."""
    if scheme == Qt.ColorScheme.Dark and not is_dark(app.palette()):
        app.setPalette(dark_palette())
    elif scheme == Qt.ColorScheme.Light and is_dark(app.palette()):
        app.setPalette(app.style().standardPalette())


def border_colour(palette: QPalette | None = None) -> QColor:
    """A swatch border that contrasts with the panel: the text colour, slightly softened."""
    pal = palette if palette is not None else QGuiApplication.palette()
    c = QColor(pal.color(QPalette.ColorRole.WindowText))
    c.setAlpha(200)
    return c


def bordered_swatch(colour: QColor, size: int = 14, border: QColor | None = None) -> QPixmap:
    """A ``size`` px colour square with a one-pixel border in ``border`` (default: contrasting)."""
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.fillRect(0, 0, size, size, border or border_colour())
    painter.fillRect(1, 1, size - 2, size - 2, colour)
    painter.end()
    return pix


def refresh_legend(panel: QWidget, colour_of: Callable[[str], QColor]) -> None:
    """Re-draw the layer panel's swatches with borders for the current palette.

    ``colour_of(key)`` gives an overlay colour key's colour (overrides included).
    """
    from .scene.layers import PARTS
    actions = getattr(panel, "toggles", {})
    boxes = getattr(panel, "boxes", {})
    for key, action in actions.items():
        if key not in PARTS:
            continue
        icon = QIcon(bordered_swatch(colour_of(PARTS[key][0].colour)))
        action.setIcon(icon)
        if key in boxes:
            boxes[key].setIcon(icon)
    labels = [lb for lb in panel.findChildren(QLabel) if not lb.pixmap().isNull() and lb.objectName() == ""]
    if len(labels) == len(LEGEND_EXTRA):
        for label, key in zip(labels, LEGEND_EXTRA, strict=True):
            label.setPixmap(bordered_swatch(colour_of(key)))


class PaletteFollower(QObject):
    """Calls ``on_change()`` when the application palette changes (light/dark switch)."""

    def __init__(self, watched: QWidget, on_change: Callable[[], None]) -> None:
        super().__init__(watched)
        self.on_change = on_change
        watched.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange):
            self.on_change()
        return False


__all__ = ["prepare_app", "decorate_app", "app_icon", "is_dark", "dark_palette", "follow_system_scheme",
           "apply_scheme", "border_colour", "bordered_swatch", "refresh_legend", "PaletteFollower",
           "DESKTOP_FILE_NAME"]
