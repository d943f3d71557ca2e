"""The application icon: PNG sizes rendered from the SVG, transparent, readable at 16 px."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pymupdf
import pytest

from resources import ICON_SIZES, icon_path

ROOT = Path(__file__).resolve().parents[2]


def _load_make_icons():  # packaging/ is not a package; load the script as a module
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "packaging" / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_icons = _load_make_icons()


def _rgba(png: bytes | Path) -> np.ndarray:
    pix = pymupdf.Pixmap(png if isinstance(png, bytes) else str(png))
    assert pix.alpha, "icon PNGs need an alpha channel"
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, 4)


def test_every_size_exists_with_its_dimensions() -> None:
    assert tuple(make_icons.SIZES) == ICON_SIZES
    assert icon_path().read_text(encoding="utf-8").lstrip().startswith("<?xml")
    for size in ICON_SIZES:
        img = _rgba(icon_path(size))
        assert img.shape == (size, size, 4), size


def test_unknown_size_is_refused() -> None:
    with pytest.raises(ValueError, match="sizes are 16"):
        icon_path(20)


@pytest.mark.parametrize("size", ICON_SIZES)
def test_png_matches_the_svg(size: int) -> None:
    """The committed PNGs are up to date: re-rendering the SVG gives the same picture."""
    fresh = _rgba(make_icons.render_png(make_icons.SVG, size)).astype(int)
    committed = _rgba(icon_path(size)).astype(int)
    assert np.abs(fresh - committed).max() <= 8, f"run packaging/make_icons.py ({size} px is stale)"


def test_background_is_transparent_and_sheet_opaque() -> None:
    img = _rgba(icon_path(256))
    alpha = img[..., 3]
    assert alpha[0, 0] == 0 and alpha[0, -1] == 0  # corners outside the sheet and lens
    assert alpha[128, 64] == 255  # inside the sheet
    coverage = (alpha > 128).mean()
    assert 0.4 < coverage < 0.9, coverage


def _count_near(img: np.ndarray, rgb: tuple[int, int, int], tol: int = 40) -> int:
    opaque = img[..., 3] > 200
    close = np.abs(img[..., :3].astype(int) - np.array(rgb)).max(axis=2) <= tol
    return int((opaque & close).sum())


def test_16px_keeps_grid_header_and_lens() -> None:
    """At 16 px the parts still show as solid pixels of their own colours, not a blur."""
    img = _rgba(icon_path(16))
    assert _count_near(img, (0x2A, 0x4D, 0x80)) >= 20  # dark grid rules and border
    assert _count_near(img, (0x4C, 0x8E, 0xE8)) >= 6  # blue header cells
    assert _count_near(img, (0xE8, 0x59, 0x0C), tol=60) >= 6  # orange magnifier
    assert _count_near(img, (255, 255, 255), tol=10) >= 8  # white cells


@pytest.mark.parametrize("panel", [(245, 245, 245), (40, 40, 40)])
def test_icon_stands_out_on_light_and_dark_panels(panel: tuple[int, int, int]) -> None:
    """Composited on a light or a dark panel, most of the icon differs clearly from the panel."""
    img = _rgba(icon_path(32)).astype(float)
    a = img[..., 3:4] / 255.0
    shown = img[..., :3] * a + np.array(panel) * (1 - a)
    covered = img[..., 3] > 128
    contrast = np.abs(shown - np.array(panel)).max(axis=2)[covered]
    assert (contrast > 60).mean() > 0.7
