"""A page's fonts (xref and subtype), listed as PyMuPDF's ``Document.get_page_fonts`` lists them.

``get_page_fonts`` walks the page's resources in Python through MuPDF's bindings and makes, for
every font, its name, encoding and file extension (a dozen more calls, each through PyMuPDF's
wrappers): about 0.2 ms a page, though the ToUnicode mending reads only each font's xref and
subtype. ``page_fonts`` walks the same resources in the same order (the page's /Font
dictionary, then each XObject's resources, depth first, a form met twice or a resource
dictionary met inside itself left with MuPDF's same warning) and gives the same (xref, subtype)
pairs, with the same warnings in MuPDF's message store (``take_messages`` reports them). Objects
the original reads to name a font's file (its descriptor, its descendant) are resolved here too,
so a damaged one is reported and repaired at the same moment. ``tests/core/test_pagefonts.py``
holds it to ``get_page_fonts``.
"""

from __future__ import annotations

from typing import Any

import pymupdf

mupdf = pymupdf.mupdf
PdfObj = Any  # pymupdf.mupdf.PdfObj (the bindings are untyped)
PdfHandle = Any  # pymupdf.mupdf.PdfDocument
_RESOURCES = mupdf.PDF_ENUM_NAME_Resources
_FONT = mupdf.PDF_ENUM_NAME_Font
_XOBJECT = mupdf.PDF_ENUM_NAME_XObject
_SUBTYPE = mupdf.PDF_ENUM_NAME_Subtype
_ENCODING = mupdf.PDF_ENUM_NAME_Encoding
_DESCENDANTS = mupdf.PDF_ENUM_NAME_DescendantFonts
_DESCRIPTOR = mupdf.PDF_ENUM_NAME_FontDescriptor
_FILES = (mupdf.PDF_ENUM_NAME_FontFile, mupdf.PDF_ENUM_NAME_FontFile2)
_FILE3 = mupdf.PDF_ENUM_NAME_FontFile3
_CIRCULAR = "Circular dependencies! Consider page cleaning."


def page_fonts(raw: pymupdf.Document, index: int, pdf: PdfHandle | None = None) -> list[tuple[int, str]]:
    """(xref, subtype name) of every font entry of page ``index``'s resources, in
    ``get_page_fonts`` order (a font used by two forms comes twice; a direct font dict has xref 0).
    ``pdf``: ``raw``'s MuPDF handle when the caller has it. Raises as ``get_page_fonts`` does on
    a page that cannot be found."""
    if raw.is_closed or raw.is_encrypted:
        raise ValueError("document closed or encrypted")
    if not 0 <= index < raw.page_count:
        raise ValueError(pymupdf.MSG_BAD_PAGENO)
    if pdf is None:
        pdf = pdf_handle(raw)
    rsrc = mupdf.pdf_dict_get_inheritable(mupdf.pdf_lookup_page_obj(pdf, index), _RESOURCES)
    out: list[tuple[int, str]] = []
    if rsrc.m_internal:
        _scan(rsrc, out, 0, [])
    return out


def pdf_handle(raw: pymupdf.Document) -> PdfHandle:
    """MuPDF's PDF handle of ``raw`` (what PyMuPDF makes anew in every call that reads an object)."""
    return pymupdf._as_pdf_document(raw)


def _scan(rsrc: PdfObj, out: list[tuple[int, str]], stream_xref: int, tracer: list[int]) -> None:
    """PyMuPDF's ``JM_scan_resources`` for fonts: this dictionary's fonts, then its forms'."""
    if mupdf.pdf_mark_obj(rsrc):
        mupdf.fz_warn(_CIRCULAR)
        return
    try:
        xobj = mupdf.pdf_dict_get(rsrc, _XOBJECT)
        _fonts(mupdf.pdf_dict_get(rsrc, _FONT), out)
        for i in range(mupdf.pdf_dict_len(xobj)):
            obj = mupdf.pdf_dict_get_val(xobj, i)
            sxref = mupdf.pdf_to_num(obj) if mupdf.pdf_is_stream(obj) else 0
            subrsrc = mupdf.pdf_dict_get(obj, _RESOURCES)
            if subrsrc.m_internal:
                if sxref in tracer:
                    mupdf.fz_warn(_CIRCULAR)
                    return
                tracer.append(sxref)
                _scan(subrsrc, out, sxref, tracer)
    finally:
        mupdf.pdf_unmark_obj(rsrc)


def _fonts(fonts: PdfObj, out: list[tuple[int, str]]) -> None:
    """PyMuPDF's ``JM_gather_fonts``, keeping xref and subtype (and reading what it reads)."""
    for i in range(mupdf.pdf_dict_len(fonts)):
        fontdict = mupdf.pdf_dict_get_val(fonts, i)
        if not mupdf.pdf_is_dict(fontdict):
            name = mupdf.pdf_to_name(mupdf.pdf_dict_get_key(fonts, i))
            mupdf.fz_warn(f"'{name}' is no font dict ({mupdf.pdf_to_num(fontdict)} 0 R)")
            continue
        xref = mupdf.pdf_to_num(fontdict)
        out.append((xref, mupdf.pdf_to_name(mupdf.pdf_dict_get(fontdict, _SUBTYPE))))
        mupdf.pdf_is_dict(mupdf.pdf_dict_get(fontdict, _ENCODING))  # resolved there to read its base
        if xref >= 1:
            _touch_file(fontdict)


def _touch_file(font: PdfObj) -> None:
    """Resolve what PyMuPDF's ``JM_get_fontextension`` resolves (the descendant font, the
    descriptor, a FontFile3 stream's dictionary): a damaged one warns, or has MuPDF repair the
    file, here as it did there."""
    desft = mupdf.pdf_dict_get(font, _DESCENDANTS)
    if desft.m_internal:
        desc = mupdf.pdf_dict_get(mupdf.pdf_resolve_indirect(mupdf.pdf_array_get(desft, 0)), _DESCRIPTOR)
    else:
        desc = mupdf.pdf_dict_get(font, _DESCRIPTOR)
    if not desc.m_internal:
        return
    for key in _FILES:
        if mupdf.pdf_dict_get(desc, key).m_internal:
            return
    file3 = mupdf.pdf_dict_get(desc, _FILE3)
    if file3.m_internal:
        mupdf.pdf_dict_get(file3, _SUBTYPE)


def xref_key(raw: pymupdf.Document, pdf: PdfHandle, xref: int, path: str) -> tuple[str, str]:
    """``raw.xref_get_key(xref, path)`` (``pdf``: ``raw``'s MuPDF handle), without PyMuPDF's
    wrapping for the answers the mending reads most (no value, a reference, a name); any other
    value, and an xref out of range, are PyMuPDF's own answer (its text, its error)."""
    if not 1 <= xref < mupdf.pdf_xref_len(pdf):
        return raw.xref_get_key(xref, path)  # type: ignore[no-any-return]
    obj = mupdf.pdf_load_object(pdf, xref)
    sub = mupdf.pdf_dict_getp(obj, path) if obj.m_internal else obj
    if not sub.m_internal:
        return "null", "null"
    if mupdf.pdf_is_indirect(sub):
        return "xref", f"{mupdf.pdf_to_num(sub):d} 0 R"
    if mupdf.pdf_is_name(sub):
        return "name", f"/{mupdf.pdf_to_name(sub)}"
    return raw.xref_get_key(xref, path)  # type: ignore[no-any-return]
