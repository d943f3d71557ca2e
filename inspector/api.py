"""The Python API for scripts: open a document, detect tables with parameters, read the
tables and every intermediate, keep annotations, export.

Everything here is the same code the window and the command line run; this module only
gathers it under stable names. Pages are 1-based (as in a PDF viewer and on the command
line); coordinates are PDF points, top-left origin, unrotated page space.

Open the bundled sample and detect its first page:

>>> from inspector import api
>>> doc = api.open_pdf(api.sample_pdf())
>>> doc.page_count
3
>>> result = api.detect(doc, page=1)
>>> len(result.tables)
1
>>> table = result.tables[0]
>>> (table.n_rows, table.n_cols, table.source)
(6, 5, 'ruled')
>>> table.rows_text()[1]
['North', '1,204', '980', '224', '41']

Every intermediate stays on the result, with what each stage took:

>>> len(result.words) > 0 and len(result.rules) > 0
True
>>> sorted(result.timings)[:3]
['drawings', 'images', 'index']

Parameters by their dotted names (the ones ``--set`` and the window's sliders use); a
change re-runs only the stages after it:

>>> detector = api.Detector(doc)
>>> strict = detector.detect(2, {"tables.borderless": False})
>>> [t.source for t in strict.tables]
['horizontal_rules']
>>> detector.detect(2).tables[0].source
'aligned'
>>> "columns.min_gap" in api.parameter_names()
True

Export a table (Markdown states the unit line found beside it, as the page does):

>>> md = api.export(table, "md").splitlines()
>>> md[0]
'Table 1. Results by region (kEUR)'
>>> print(md[4])
| North | 1,204 | 980 | 224 | 41 |
>>> api.export(table, "csv").splitlines()[0]
'Region,Revenue,Costs,Margin,Staff'

Cell records give each number with the unit its context states (``docs/units.md``):

>>> import json
>>> rec = json.loads(api.export(table, "cells").splitlines()[0])
>>> (rec["text"], rec["value"], rec["currency_code"], rec["scale"], rec["unit_source"])
('1,204', 1204000, 'EUR', 'k', 'unit line')

Keep the detection as an annotation (the ground-truth file the window edits), save it,
read it back:

>>> import tempfile, pathlib
>>> ann = api.annotate(doc, [result])
>>> [t.id for t in ann.tables]
['t1']
>>> path = pathlib.Path(tempfile.mkdtemp()) / "sample.tables.json"
>>> api.save_annotation(ann, path)
>>> api.load_annotation(path) == ann
True
>>> api.annotation_tables(ann)[0].rows_text() == table.rows_text()
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .annotation.io import load_annotation, save_annotation
from .annotation.model import AnnTable, DocumentAnnotation, PageInfo, annotation_table_from_detected, to_core_table
from .core.params import Params
from .core.pipeline import Pipeline
from .core.reading.document import Document, DocumentError, PasswordRequired, open_document
from .core.types import Cell, Grid, PageResult, Rect, Rule, Table, Word
from .export import FORMATS

__all__ = [
    "Cell", "Detector", "Document", "DocumentAnnotation", "DocumentError", "Grid", "PageResult", "Params",
    "PasswordRequired", "Rect", "Rule", "Table", "Word", "annotate", "annotation_tables", "detect", "export",
    "load_annotation", "open_pdf", "parameter_names", "params", "sample_pdf", "save_annotation",
]

ParamValues = Mapping[str, Any]


def open_pdf(source: str | os.PathLike[str] | bytes, password: str | None = None) -> Document:
    """A PDF (or PNG/JPEG/TIFF image) from a path or bytes. Raises ``DocumentError`` with a
    one-line reason for anything unreadable, ``PasswordRequired`` for a locked PDF."""
    return open_document(source, password=password)


def params(values: ParamValues | Params | None = None) -> Params:
    """Detection parameters: the defaults with ``values`` ({"stage.field": value}) applied.
    An unknown name or a value out of range raises ``ValueError``."""
    if isinstance(values, Params):
        return values
    out = Params()
    for key, value in (values or {}).items():
        out = out.with_value(key, value)
    return out


def parameter_names() -> list[str]:
    """Every parameter's dotted name, sorted (see ``table-inspector params`` for help)."""
    return sorted(f"{stage}.{name}" for stage, fields in Params().to_dict().items() for name in fields)


class Detector:
    """Detection over one open document, keeping each stage's results so a parameter change
    re-runs only what follows it. One per thread (PyMuPDF documents are not thread-safe)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self._pipeline = Pipeline(doc)

    def detect(self, page: int = 1, values: ParamValues | Params | None = None) -> PageResult:
        """Tables and intermediates of 1-based ``page`` with parameters ``values``."""
        if not 1 <= page <= self.doc.page_count:
            raise ValueError(f"page {page} is not in 1..{self.doc.page_count}")
        return self._pipeline.run(page - 1, params(values))


def detect(doc: Document, page: int = 1, values: ParamValues | Params | None = None) -> PageResult:
    """``Detector(doc).detect(page, values)`` for a single call."""
    return Detector(doc).detect(page, values)


def export(table: Table, fmt: str = "md") -> str:
    """``table`` as text in ``fmt``: "md", "html", "csv", "json" (rows keyed by header) or
    "cells" (one JSON record per cell with its headers and parsed number)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format '{fmt}': choose from {', '.join(FORMATS)}")
    return FORMATS[fmt].dumps(table)


def annotate(doc: Document, results: Iterable[PageResult]) -> DocumentAnnotation:
    """An annotation of ``doc`` holding the detected tables of ``results`` (ids t1, t2, ...),
    ready to be corrected in the window or saved as ground truth."""
    tables: list[AnnTable] = []
    for res in results:
        for t in res.tables:
            tid = f"t{len(tables) + 1}"
            tables.append(annotation_table_from_detected(t, tid, res.words, page_size=(res.width, res.height)))
    pages = tuple(PageInfo(i + 1, *doc.page_size(i)) for i in range(doc.page_count))
    return DocumentAnnotation(doc.sha256(), doc.name, pages, tuple(tables))


def annotation_tables(ann: DocumentAnnotation) -> list[Table]:
    """An annotation's tables as core ``Table``s (a table continued over pages: stacked)."""
    return [to_core_table(t, None if len(t.regions) > 1 else 0) for t in ann.tables]


def sample_pdf() -> Path:
    """The sample PDF shipped with the app (three pages: ruled, aligned and booktabs tables)."""
    try:
        from .resources import sample_pdf as shipped  # an installed wheel
    except ImportError:
        from resources import sample_pdf as shipped  # a source checkout
    return Path(shipped())
