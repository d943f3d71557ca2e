"""Extractors to evaluate: this app's detector and the peers people already use.

Every extractor maps (PDF path, 0-based page index, Params) to the page's core ``Table``s in
PDF points, top-left origin, unrotated page space, with ``page`` set 1-based. Peers are
optional (``pip install 'table-inspector[peers]'``); a missing one raises
``MissingExtractor`` with that hint instead of an ImportError.

- ``pymupdf``: ``page.find_tables()`` (default "lines" strategy), always installed;
- ``pdfplumber``: ``page.find_tables()`` with its default settings;
- ``camelot``: lattice (ruled tables), falling back to stream when lattice finds none;
  ``camelot-lattice`` / ``camelot-stream`` / ``camelot-hybrid`` run one flavour only. Backend: pdfium
  (no Ghostscript needed). Camelot reports one cell per grid slot; for lattice, slots no
  drawn edge separates are merged back into spanning cells.
- ``img2table``: the page rendered at 200 dpi, tables found on the picture (ruled and
  borderless) and read with Tesseract (the ``tesseract`` program): the peer that reads scans.
  The text layer is not used, so it sees a born-digital page as it sees its scan. Its own
  extra (``pip install 'table-inspector[ocr-peers]'``): it needs ``opencv-contrib-python``,
  which replaces the headless OpenCV the app installs, so keep it in its own environment.
"""

from __future__ import annotations

import importlib
import logging
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core.params import Params
from ..core.types import PageResult, Rect, Table, TableSource
from .slot_tables import BoxMap, img2table_slots, lattice_spans, table_from_slots

if TYPE_CHECKING:
    from ..core.pipeline import Pipeline

log = logging.getLogger(__name__)

Extractor = Callable[[str, int, Params], tuple[Table, ...]]


class MissingExtractor(Exception):
    """The extractor's package is not installed; the message says how to install it."""


_REQUIRES = {"pdfplumber": "pdfplumber", "camelot": "camelot", "camelot-lattice": "camelot",
             "camelot-stream": "camelot", "camelot-hybrid": "camelot", "img2table": "img2table"}
_EXTRA = {"img2table": "ocr-peers"}  # the extra a peer installs with (default: peers)


FILE_PREFIX = "file:"  # file:PATH, a pipeline's saved output (see ``_saved_output``)


def check_available(name: str) -> None:
    """Raise ``MissingExtractor`` (or ``KeyError`` for an unknown name) before any work starts."""
    if name.startswith(FILE_PREFIX):
        from pathlib import Path

        if not Path(name[len(FILE_PREFIX):]).exists():
            raise MissingExtractor(f"{name[len(FILE_PREFIX):]}: no such file or folder (file:PATH)")
        return
    if name not in EXTRACTORS:
        raise KeyError(f"unknown extractor '{name}': choose from {', '.join(EXTRACTORS)}")
    module = _REQUIRES.get(name)
    if name == "inspector":
        module = "inspector.core.pipeline"
    if module is None:
        return
    try:
        importlib.import_module(module)
    except ImportError as exc:
        if name == "inspector":
            raise MissingExtractor(f"the inspector pipeline is not available in this build ({exc})") from None
        raise MissingExtractor(f"{name} is not installed: pip install "
                               f"'table-inspector[{_EXTRA.get(name, 'peers')}]'") from None


def installed(name: str) -> bool:
    """Whether peer ``name``'s package is installed, found without importing it (a menu asks
    this on every opening; importing Camelot takes seconds)."""
    import importlib.util

    module = _REQUIRES.get(name)
    try:
        return module is None or importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module set to None in sys.modules, a broken package
        return False


def available(names: Iterable[str]) -> tuple[list[str], list[str]]:
    """The extractors of ``names`` that can run, and one line for each that cannot."""
    ok, skipped = [], []
    for name in names:
        try:
            check_available(name)
            ok.append(name)
        except (MissingExtractor, KeyError) as exc:
            skipped.append(f"skipped {name}: {exc}")
    return ok, skipped


def extract(name: str, path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    """The tables ``name`` finds on one page."""
    if name.startswith(FILE_PREFIX):
        return _saved_output(name[len(FILE_PREFIX):], path, page_index)
    return EXTRACTORS[name](path, page_index, params)


def _saved_output(spec: str, pdf: str, page_index: int) -> tuple[Table, ...]:
    """A pipeline's saved tables for one page of ``pdf``: ``spec`` is one file (for a golden
    set of one document, or a JSON whose "file" names the PDF) or a folder holding one file
    per document, named after the PDF (``NAME.pdf.json``, ``NAME.json``, ``NAME.csv``, ...).
    Formats as ``table-inspector compare --with`` reads them; a document with no file has no
    tables (so its tables count as missed, as for an extractor that found none)."""
    from pathlib import Path

    from ..core.reading.document import open_document
    from ..core.reading.words import extract_text
    from .theirs import from_file

    found = _file_for(Path(spec), Path(pdf))
    if found is None:
        return ()
    doc = cached_open("core", pdf, open_document)
    theirs = from_file(str(found), [page_index], lambda i: extract_text(doc.page(i))[0])
    return tuple(replace(t, page=page_index + 1) for t in theirs.pages.get(page_index + 1, []))


def _names_pdf(path: Any, pdf: Any) -> bool:
    """False only for a JSON file whose "file" (as ``detect --json`` writes) is another PDF."""
    import json

    try:
        named = json.loads(path.read_text(encoding="utf-8")).get("file")
    except (ValueError, OSError, AttributeError, RecursionError):  # read again (and refused) by from_file
        return True
    return not isinstance(named, str) or named.replace("\\", "/").rsplit("/", 1)[-1] == pdf.name


def _file_for(spec: Any, pdf: Any) -> Any:
    """The file of ``spec`` (a file or a folder) that holds the tables of ``pdf``, or None."""
    if spec.is_file():
        return spec if _names_pdf(spec, pdf) else None
    for name in (f"{pdf.name}.json", f"{pdf.stem}.json", *(f"{pdf.stem}.{e}" for e in ("html", "md", "csv"))):
        if (spec / name).is_file():
            return spec / name
    return None


# --- the extractors -------------------------------------------------------------------

_OPEN: dict[str, tuple[str, Any]] = {}  # per process: kind -> (path, open document)


def forget_open_documents() -> None:
    """Drop the reused documents without closing them (a page that ran over its time budget
    may still be reading one in its abandoned thread)."""
    _OPEN.clear()


def cached_open(kind: str, path: str, opener: Callable[[str], Any]) -> Any:
    """The open document of ``path`` for ``kind``, reused: pages of one PDF are evaluated
    together, so each process keeps only the last document of each kind open."""
    cached = _OPEN.get(kind)
    if cached is not None and cached[0] == path:
        return cached[1]
    if cached is not None:
        try:
            cached[1].close()
        except Exception:  # a close failure must not stop the evaluation
            log.debug("closing a peer's document failed", exc_info=True)
            pass
    doc = opener(path)
    _OPEN[kind] = (path, doc)
    return doc


def inspector_pipeline(path: str) -> Pipeline:
    """This app's pipeline over ``path``, kept open (with its stages' results) for its next pages."""
    from ..core.pipeline import Pipeline
    from ..core.reading.document import open_document

    return cached_open("inspector", path, lambda p: Pipeline(open_document(p)))


def inspector_result(path: str, page_index: int, params: Params) -> PageResult:
    """This app's whole detection of one page (every intermediate), its document kept open."""
    return inspector_pipeline(path).run(page_index, params)


def _inspector(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    return tuple(inspector_result(path, page_index, params).tables)


def _pymupdf(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    import pymupdf

    page = cached_open("pymupdf", path, pymupdf.open)[page_index]
    to_page = _mapper(page.derotation_matrix)
    out = []
    for tab in page.find_tables().tables:
        boxes = [list(row.cells) for row in tab.rows]
        table = table_from_slots(boxes, tab.extract(), page_index + 1, to_page=to_page)
        if table is not None:
            out.append(table)
    return tuple(out)


def _mapper(matrix: Any) -> BoxMap:
    """Box (x0, y0, x1, y1) through a PyMuPDF matrix, normalised."""
    import pymupdf

    def conv(box: Sequence[float]) -> Rect:
        r = pymupdf.Rect(box) * matrix
        r.normalize()
        return Rect(r.x0, r.y0, r.x1, r.y1)

    return conv


def _pdfplumber(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    import pdfplumber
    import pymupdf

    pdf = cached_open("pdfplumber", path, pdfplumber.open)
    page = pdf.pages[page_index]
    # pdfplumber measures the page as displayed (rotation applied), top-left origin.
    dx, dy = float(page.bbox[0]), float(page.bbox[1])
    derot = cached_open("pymupdf", path, pymupdf.open)[page_index].derotation_matrix
    to_page = _mapper(pymupdf.Matrix(1, 0, 0, 1, -dx, -dy) * derot)
    out = []
    for tab in page.find_tables():
        boxes = [list(row.cells) for row in tab.rows]
        table = table_from_slots(boxes, tab.extract(), page_index + 1, to_page=to_page)
        if table is not None:
            out.append(table)
    page.flush_cache()
    return tuple(out)


def _camelot_tables(path: str, page_index: int, flavor: str) -> tuple[Table, ...]:
    import camelot
    import pymupdf

    logging.getLogger("camelot").setLevel(logging.ERROR)
    # pdfium renders lattice pages without Ghostscript; stream never renders.
    extra = {"backend": "pdfium"} if flavor in ("lattice", "hybrid") else {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no tables found" is a result here, not a warning
        found = camelot.read_pdf(path, pages=str(page_index + 1), flavor=flavor, suppress_stdout=True, **extra)
    page = cached_open("pymupdf", path, pymupdf.open)[page_index]
    height = page.rect.height  # of the page as displayed
    to_page = _mapper(page.derotation_matrix)
    out = []
    for tab in found:
        # Camelot measures the displayed page with a bottom-left origin: flip y first.
        boxes = [[(c.x1, height - c.y2, c.x2, height - c.y1) for c in row] for row in tab.cells]
        texts = [[c.text for c in row] for row in tab.cells]
        if flavor == "lattice":
            boxes, texts = lattice_spans(tab.cells, boxes, texts)
        source: TableSource = "ruled" if flavor == "lattice" else "aligned"
        table = table_from_slots(boxes, texts, page_index + 1, source, to_page)
        if table is not None:
            out.append(table)
    return tuple(out)


def _camelot(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    return _camelot_tables(path, page_index, "lattice") or _camelot_tables(path, page_index, "stream")


def _camelot_hybrid(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    return _camelot_tables(path, page_index, "hybrid")


def _camelot_lattice(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    return _camelot_tables(path, page_index, "lattice")


def _camelot_stream(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    return _camelot_tables(path, page_index, "stream")


IMG2TABLE_DPI = 200  # img2table renders PDF pages at this resolution (its fixed scale 200/72)


def _img2table(path: str, page_index: int, params: Params) -> tuple[Table, ...]:
    import pymupdf
    from img2table.document import PDF
    from img2table.ocr import TesseractOCR

    doc = PDF(path, pages=[page_index], detect_rotation=False, pdf_text_extraction=False)
    found = doc.extract_tables(ocr=TesseractOCR(lang=params.ocr.lang), borderless_tables=True)
    # Pixels of the page as displayed -> points -> unrotated page space.
    derot = cached_open("pymupdf", path, pymupdf.open)[page_index].derotation_matrix
    to_page = _mapper(pymupdf.Matrix(72 / IMG2TABLE_DPI, 72 / IMG2TABLE_DPI) * derot)
    out = []
    for tab in found.get(page_index, []):
        boxes, texts = img2table_slots(
            [[((c.bbox.x1, c.bbox.y1, c.bbox.x2, c.bbox.y2), c.value) for c in row] for row in tab.content.values()])
        table = table_from_slots(boxes, texts, page_index + 1, to_page=to_page)
        if table is not None:
            out.append(table)
    return tuple(out)


EXTRACTORS: dict[str, Extractor] = {
    "inspector": _inspector,
    "pymupdf": _pymupdf,
    "pdfplumber": _pdfplumber,
    "camelot": _camelot,
    "camelot-lattice": _camelot_lattice,
    "camelot-stream": _camelot_stream,
    "camelot-hybrid": _camelot_hybrid,
    "img2table": _img2table,
}
