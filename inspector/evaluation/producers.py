"""Which program made a PDF, as a family: the slice key of the per-producer scores.

A PDF names its writer in /Producer (the library that wrote the file: Distiller, the Adobe PDF
Library, Skia, LibreOffice...) and its authoring program in /Creator (Word, InDesign, LaTeX...);
both are read from the Info dictionary, else from the XMP packet (``pdf:Producer``,
``xmp:CreatorTool``). Drawing habits follow the program that laid the page out *and* the one
that wrote it, so the producer decides first (Distiller output of a Word file draws like
Distiller) and the creator only when the producer names no known family. A producer that only
writes what another program laid out (the Adobe PDF Library behind InDesign *and* Acrobat
PDFMaker's Word, Excel and PowerPoint exports; a PDF rewriter) leaves the choice to the creator,
and decides only when the creator names no family.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from .scoring import GoldenPage

UNKNOWN = "unknown"
OTHER = "other"
# (pattern, family), first match wins; matched against /Producer, then against /Creator.
FAMILIES: tuple[tuple[str, str], ...] = (
    (r"distiller", "Acrobat Distiller"),
    (r"adobe pdf library|indesign", "InDesign / Adobe PDF Library"),
    (r"excel", "Excel"),
    (r"powerpoint", "PowerPoint"),
    (r"\bword\b|pdfmaker .* for word", "Word"),
    (r"libreoffice|openoffice|\bwriter\b", "LibreOffice"),
    (r"tex\b|latex|pdftex|xetex|luatex|luahbtex", "LaTeX"),
    (r"quartz", "macOS Quartz"),
    (r"skia|chrome", "Chrome (Skia)"),
    (r"livecycle|designer|acroform", "forms (Designer)"),
    (r"\btypst\b", "Typst"),
    (r"weasyprint", "WeasyPrint"),
    (r"\bjspdf\b", "jsPDF"),
    (r"\bpdfmake\b|\bpdfkit\b", "pdfmake / PDFKit"),
)


# Producers that write (or rewrite) what another program laid out: the creator decides first.
WRITERS = r"adobe pdf library|pdfcpu|pdfsharp|pdfix"


def family(producer: str, creator: str) -> str:
    """The family of a (/Producer, /Creator) pair: ``UNKNOWN`` when both are empty,
    ``OTHER`` when neither names a known family."""
    order = (producer, creator)
    if re.search(WRITERS, (producer or "").lower()):
        order = (creator, producer)
    for text in order:
        found = _named(text)
        if found:
            return found
    return UNKNOWN if not (producer or "").strip() and not (creator or "").strip() else OTHER


def _named(text: str) -> str:
    """The first family whose pattern ``text`` matches ("" for none)."""
    low = (text or "").lower()
    return next((name for pattern, name in FAMILIES if low and re.search(pattern, low)), "")


def pdf_metadata(path: str | Path) -> tuple[str, str]:
    """(/Producer, /Creator) of a PDF, from its Info dictionary else its XMP; ("", "") when unreadable."""
    import pymupdf

    try:
        with pymupdf.open(str(path)) as doc:
            meta = doc.metadata or {}
            producer, creator = meta.get("producer") or "", meta.get("creator") or ""
            if not producer or not creator:
                xmp = doc.get_xml_metadata() or ""
                producer = producer or _xmp(xmp, "pdf:Producer")
                creator = creator or _xmp(xmp, "xmp:CreatorTool")
    except Exception:  # noqa: BLE001 - a PDF that cannot be opened is scored elsewhere; its family is unknown
        return "", ""
    return producer.strip(), creator.strip()


def _xmp(xmp: str, tag: str) -> str:
    m = re.search(rf"<{tag}>([^<]*)</{tag}>", xmp)
    return m.group(1) if m else ""


def pdf_family(path: str | Path) -> str:
    return family(*pdf_metadata(path))


def table_families(pages: Iterable[tuple[str, Iterable[str]]]) -> dict[str, str]:
    """Table id -> producer family, from (PDF path, the page's table ids) pairs; each PDF read once."""
    cache: dict[str, str] = {}
    out: dict[str, str] = {}
    for pdf, ids in pages:
        if pdf not in cache:
            cache[pdf] = pdf_family(pdf) if pdf else UNKNOWN
        # A continued table's regions ("doc:t1:r2") are scored under their table's id
        # (``styles.style_of``), so the table's id carries the family too.
        out.update((key, cache[pdf]) for tid in ids for key in (tid, re.sub(r":r\d+$", "", tid)))
    return out


def page_families(pages: Iterable[GoldenPage]) -> Mapping[str, str]:
    """Table id -> producer family for every golden table of these pages (a ``GoldenSource``'s)."""
    return table_families((gp.pdf, gp.ids) for gp in pages)
