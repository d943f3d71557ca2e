"""Image-only PDFs for the scan tests: a page drawn with PyMuPDF, rendered grey and wrapped
as a picture, as a scanner makes it (no text layer: the pipeline reads it with OCR)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import pymupdf

A4 = (595.0, 842.0)


def grey_render(page: pymupdf.Page, dpi: int = 200) -> np.ndarray:
    """``page`` rendered grey at ``dpi`` (uint8, H x W)."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()


def image_only(img: np.ndarray, size: tuple[float, float] = A4) -> bytes:
    """A one-page PDF of ``size`` (points) holding only the picture ``img`` (PNG), page-wide."""
    out = pymupdf.open()
    out.new_page(width=size[0], height=size[1]).insert_image(pymupdf.Rect(0, 0, *size),
                                                             stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


def scanned(page: pymupdf.Page, dpi: int = 200, degrade: Callable[[np.ndarray], np.ndarray] | None = None) -> bytes:
    """``page`` as an image-only PDF: rendered grey at ``dpi``, ``degrade``d (blur, threshold...)."""
    img = grey_render(page, dpi)
    return image_only(degrade(img) if degrade else img, (page.rect.width, page.rect.height))
