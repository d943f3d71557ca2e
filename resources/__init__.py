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
