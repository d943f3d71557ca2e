"""Data files shipped with the app (installed as the package ``inspector.resources``)."""

from __future__ import annotations

from importlib import resources as _res
from pathlib import Path


def path(*parts: str) -> Path:
    """Filesystem path of a shipped resource, e.g. ``path("samples", "sample.pdf")``."""
    base = _res.files(__name__)
    return Path(str(base.joinpath(*parts)))


def sample_pdf() -> Path:
    """The bundled sample document opened when no file is given."""
    return path("samples", "sample.pdf")


ICON_SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)


def icon_path(size: int | None = None) -> Path:
    """The application icon: the SVG when ``size`` is None, else the ``size`` px PNG
    (one of ``ICON_SIZES``; other sizes raise ``ValueError``)."""
    if size is None:
        return path("icons", "table-inspector.svg")
    if size not in ICON_SIZES:
        raise ValueError(f"no {size} px icon; sizes are {', '.join(map(str, ICON_SIZES))}")
    return path("icons", f"table-inspector-{size}.png")
