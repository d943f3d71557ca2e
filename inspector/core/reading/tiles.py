"""How many cells the tiling patterns of a page would repeat over it: a render's cost that
MuPDF's cookie cannot stop.

MuPDF draws a tiling pattern's cell once and then repeats it over the filled area in one
loop that never looks at the cookie's abort flag: a cell of a fiftieth of a point makes a
render of minutes that no deadline ends. The count is read from the page's resources before
any render (the pattern's XStep, YStep and Matrix), through the Form XObjects and patterns
they use, as far as MAX_OBJECTS objects.
"""

from __future__ import annotations

from typing import Any

from pymupdf import mupdf

MAX_TILE_CELLS = 1e8  # a cell repeated this often takes MuPDF seconds (1.2e9 cells: 40 s on a loaded core)
MAX_OBJECTS = 2_000  # resource dictionaries looked at, at most (a hostile tree is not walked forever)


def tile_cells(page: Any, area: float) -> float:
    """The most cells one tiling pattern of ``page`` (a PyMuPDF page) would place over ``area``
    (pt², the page's): ``area`` over a cell's area in page space. 0 when it has none, or is
    not a PDF page."""
    try:
        pdf_page = mupdf.pdf_page_from_fz_page(page.this)
        if not pdf_page.m_internal:
            return 0.0
        res = mupdf.pdf_dict_get_inheritable(pdf_page.obj(), mupdf.PDF_ENUM_NAME_Resources)
    except (RuntimeError, mupdf.FzErrorBase):
        return 0.0
    worst, todo = 0.0, [res]
    seen: set[int] = set()
    while todo and len(seen) < MAX_OBJECTS:
        res = todo.pop()
        key = mupdf.pdf_to_num(res) or id(res)
        if not mupdf.pdf_is_dict(res) or key in seen:
            continue
        seen.add(key)
        for kind in (mupdf.PDF_ENUM_NAME_Pattern, mupdf.PDF_ENUM_NAME_XObject):
            for obj in _values(mupdf.pdf_dict_get(res, kind)):
                if kind == mupdf.PDF_ENUM_NAME_Pattern:
                    worst = max(worst, area / _cell_area(obj))
                todo.append(mupdf.pdf_dict_get(obj, mupdf.PDF_ENUM_NAME_Resources))
    return worst


def _values(d: Any) -> list[Any]:
    if not mupdf.pdf_is_dict(d):
        return []
    return [mupdf.pdf_dict_get_val(d, i) for i in range(mupdf.pdf_dict_len(d))]


def _cell_area(pattern: Any) -> float:
    """A tiling pattern's cell area (pt², its matrix applied); infinite for another pattern."""
    if mupdf.pdf_dict_get_int(pattern, mupdf.PDF_ENUM_NAME_PatternType) != 1:
        return float("inf")
    x = abs(mupdf.pdf_to_real(mupdf.pdf_dict_get(pattern, mupdf.PDF_ENUM_NAME_XStep)))
    y = abs(mupdf.pdf_to_real(mupdf.pdf_dict_get(pattern, mupdf.PDF_ENUM_NAME_YStep)))
    m = mupdf.pdf_dict_get_matrix(pattern, mupdf.PDF_ENUM_NAME_Matrix)
    scale = abs(m.a * m.d - m.b * m.c) if mupdf.pdf_dict_get(pattern, mupdf.PDF_ENUM_NAME_Matrix).m_internal else 1.0
    return float(max(x * y * scale, 1e-12))
