"""A page's dictionary mended (in memory) where MuPDF and PyMuPDF would read it differently.

- /UserUnit (PDF 1.6: how long the page's unit is, in 1/72 inch; default 1, at most 75,000).
  MuPDF 1.28 scales the page's bounds, text and drawings by it, but not its /MediaBox or
  /CropBox, from which a page's size is read: on a page of /UserUnit 75000 a table at 72 pt
  came out at 5,400,000 "pt" on a 612 pt page and its picture could not be drawn ("Overly large
  image"); a unit of 0 shrank every word to nothing (no text, no table), a negative one mirrored
  the text. Detection's thresholds are for the sizes text is set in, which are the page's own
  units whatever their physical length, so the unit is taken out.
- /Rotate that is not a whole multiple of 90 (45, 90.5, -2147483650). MuPDF snaps it to the
  nearest quarter turn and draws and reads the page turned so, while PyMuPDF's ``Page.rotation``
  says 0: words came back in the turned space on a page said to be upright (a table at
  x = 500 on a page read sideways). The page gets MuPDF's quarter turn, so both agree.

Each is done before MuPDF loads the page, and the page says so in its warnings.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import pymupdf

from .pagefonts import PdfHandle, pdf_handle

log = logging.getLogger(__name__)
mupdf = pymupdf.mupdf
_USER_UNIT = mupdf.PDF_ENUM_NAME_UserUnit
_ROTATE = mupdf.PDF_ENUM_NAME_Rotate


def shown_rotation(obj: Any) -> int:
    """The quarter turn (0, 90, 180, 270) MuPDF draws a page of /Rotate ``obj`` at: rounded to
    a whole number, then to the nearest multiple of 90 (45 -> 90); not a number -> 0."""
    if not mupdf.pdf_is_number(obj):
        return 0
    value = mupdf.pdf_to_real(obj) if mupdf.pdf_is_real(obj) else float(mupdf.pdf_to_int(obj))
    if not math.isfinite(value):
        return 0
    return 90 * ((math.floor(value + 0.5) % 360 + 45) // 90) % 360


def mend_page_dict(raw: pymupdf.Document, index: int, pdf: PdfHandle | None = None) -> tuple[str, ...]:
    """Mend page ``index``'s /UserUnit and /Rotate in the open document (memory only) before the
    page is loaded; returns the page's warnings about what was mended."""
    try:
        ref = mupdf.pdf_lookup_page_obj(pdf if pdf is not None else pdf_handle(raw), index)
        return tuple(w for w in (_drop_user_unit(ref), _snap_rotation(ref)) if w)
    except Exception:  # a page the tree cannot reach: loading it reports the damage
        log.debug("page %d dictionary unreadable", index + 1, exc_info=True)
        return ()


def _drop_user_unit(ref: Any) -> str | None:
    obj = mupdf.pdf_dict_get(ref, _USER_UNIT)
    if not obj.m_internal:
        return None
    value = mupdf.pdf_to_real(obj) if mupdf.pdf_is_number(obj) else math.nan
    if value == 1.0:
        return None
    mupdf.pdf_dict_del(ref, _USER_UNIT)
    if math.isfinite(value) and value > 0:
        return (f"the page sets /UserUnit {value:g} (one unit is {value:g}/72 inch): positions and sizes are in "
                "its own units, not points")
    return "the page's /UserUnit is not a positive number: ignored (positions are in points)"


def _snap_rotation(ref: Any) -> str | None:
    obj = mupdf.pdf_dict_get_inheritable(ref, _ROTATE)
    if not obj.m_internal or (mupdf.pdf_is_int(obj) and mupdf.pdf_to_int(obj) % 90 == 0):
        return None
    turn = shown_rotation(obj)
    said = (mupdf.pdf_to_int64(obj) if mupdf.pdf_is_int(obj)  # the file's digits (to_int wraps past 32 bits)
            else mupdf.pdf_to_real(obj) if mupdf.pdf_is_real(obj) else None)
    mupdf.pdf_dict_put_int(ref, _ROTATE, turn)
    return (f"the page's /Rotate {said:.10g} is not a multiple of 90: read as {turn}, as it is drawn" if said is not None
            else f"the page's /Rotate is not a number: read as {turn}")
