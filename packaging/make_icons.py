"""Render the application icon's PNG sizes from ``resources/icons/table-inspector.svg``.

Run after editing the SVG: ``.venv/bin/python packaging/make_icons.py``. The PNGs are
committed so that installing the app never needs a renderer; a test checks they still
match the SVG.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "table-inspector.svg"
SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)


def png_name(size: int) -> str:
    """File name of the PNG for a ``size`` x ``size`` pixel icon."""
    return f"table-inspector-{size}.png"


def render_png(svg: Path, size: int) -> bytes:
    """The SVG rendered to a ``size`` px square PNG with a transparent background."""
    with pymupdf.open(str(svg)) as doc:
        page = doc[0]
        matrix = pymupdf.Matrix(size / page.rect.width, size / page.rect.height)
        pix = page.get_pixmap(matrix=matrix, alpha=True)
    if (pix.width, pix.height) != (size, size):
        raise ValueError(f"{svg.name} rendered to {pix.width}x{pix.height}, expected {size}x{size}")
    return pix.tobytes("png")


def main() -> int:
    if not SVG.is_file():
        print(f"make_icons: {SVG} is missing", file=sys.stderr)
        return 3
    for size in SIZES:
        out = ICONS / png_name(size)
        out.write_bytes(render_png(SVG, size))
        print(f"{out.relative_to(ROOT)}  {size}x{size}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
