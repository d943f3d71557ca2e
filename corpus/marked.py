"""The marked print's truth, for the builders whose producer lays a table out itself
(``corpus/fop``, ``itext``, ``groff``, ``tcpdf``, ``abiword``, ``php``, ``wkhtml``,
``gnumeric``): each document is printed twice from the same seed, once with each cell's
background (or glyphs) in a colour of its own (the marked PDF, read in memory), once as
drawn (the PDF kept); colour changes nothing in the layout, so the fills of a cell's colour
in the marked print are its box in the kept one, and the truth is read from those boxes.

The colours are the marks of ``fop.fo.mark_of``: mark ``k`` is the ``k``-th cell of the
document in order, table after table (``firsts``: each table's first mark). Boxes are
page index -> (row, column) -> rectangle, points in PyMuPDF's page space (y down).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol, TypeVar

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnTable, DocumentAnnotation, PageInfo

from . import common
from .fop.fo import mark_of
from .html.build import _key
from .html.tables import HtmlTable
from .producers.layout import Spec, table_truth
from .styles.content import Tabular

Marks = dict[int, list[tuple[int, pymupdf.Rect]]]  # mark -> each fill of its colour, with its page index
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]  # page index -> (row, column) -> the cell's box
Chars = dict[int, list[tuple[pymupdf.Point, str]]]  # page index -> each character's centre and text


class Drawn(Protocol):
    """A table a builder drew: its style, its title and its structure (the truth's)."""

    @property
    def style(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def table(self) -> HtmlTable: ...


T = TypeVar("T", bound=Drawn)


@contextmanager
def printed(pdf: Path, render: Callable[[bool], bytes]) -> Iterator[tuple[pymupdf.Document, pymupdf.Document]]:
    """The marked print (``render(True)``, in memory) and the kept one (``render(False)``,
    written to ``pdf`` and opened), in that order; the build stops when their pages differ."""
    marked = pymupdf.open("pdf", render(True))
    pdf.write_bytes(render(False))
    with marked, pymupdf.open(pdf) as kept:
        if kept.page_count != marked.page_count:
            sys.exit(f"build: {pdf.name}: the marked and kept PDFs differ in pages")
        yield marked, kept


def firsts(tables: Sequence[T]) -> list[tuple[T, int]]:
    """Each table and its first mark: the cells of the tables before it in the document."""
    return [(g, sum(len(t.table.placed("")) for t in tables[:k])) for k, g in enumerate(tables)]


def painted(doc: pymupdf.Document) -> Marks:
    """Mark number -> each fill of its colour, with its page index (in drawing order)."""
    out: Marks = defaultdict(list)
    for page in (doc[k] for k in range(doc.page_count)):
        for d in page.get_drawings():
            k = mark_of(d.get("fill"))
            if k >= 0:
                out[k].append((page.number, d["rect"]))
    return out


def united(doc: pymupdf.Document) -> dict[int, dict[int, pymupdf.Rect]]:
    """Mark number -> page index -> the union of the fills of its colour there (a producer
    that paints one cell's background in several pieces)."""
    out: dict[int, dict[int, pymupdf.Rect]] = defaultdict(dict)
    for k, found in painted(doc).items():
        for page, rect in found:
            have = out[k].get(page)
            out[k][page] = rect if have is None else have | rect
    return out


def united_boxes(g: Drawn, marks: dict[int, dict[int, pymupdf.Rect]], first: int) -> Boxes:
    """The cell boxes of ``g`` per page (the rows set there): each cell's ``united`` fill."""
    out: Boxes = defaultdict(dict)
    for k, p in enumerate(g.table.placed("")):
        for page, rect in marks.get(first + k, {}).items():
            out[page][p.r, p.c] = rect
    return dict(out)


def centres(kept: pymupdf.Document) -> Chars:
    """Each page's characters of the kept PDF: their boxes' centres and their text."""
    return {k: [(pymupdf.Point((c["bbox"][0] + c["bbox"][2]) / 2, (c["bbox"][1] + c["bbox"][3]) / 2), c["c"])
                for b in kept[k].get_text("rawdict")["blocks"] for line in b.get("lines", ())
                for span in line["spans"] for c in span["chars"]] for k in range(kept.page_count)}


def holding(chars: Chars, fills: Sequence[tuple[int, pymupdf.Rect]], text: str) -> list[tuple[int, pymupdf.Rect]]:
    """The ``fills`` (page index, box) holding exactly ``text`` (its characters' centres inside,
    compared but for white space): characters, not words, since MuPDF joins a label to the
    next cell's text when they touch."""
    want = _key(text)
    return [(page, r) for page, r in fills if _key("".join(c for at, c in chars[page] if r.contains(at))) == want]


def boxes(g: Drawn, marks: Marks, first: int, kept: pymupdf.Document, lone_head: bool = False) -> Boxes:
    """The cell boxes of ``g`` per page (the rows set there), ``first`` its first mark. A
    producer may paint parts of a row's fill on the page before or after the one holding it
    (TCPDF's writeHTML; a head's twice when it moves the table on): a cell's box is each fill
    of its colour holding exactly its text in ``kept``, a body cell's the tallest such (an
    empty cell's text is in any sliver of its fill), a head cell's on each page holding body
    cells. ``lone_head``: a head cell's on every page holding it, body cells there or not
    (AbiWord paints each fill once: a head left alone at a page's foot, the body on the next
    page, is the table's there; dompdf repeats a ``thead`` on each page)."""
    chars = centres(kept)
    out: Boxes = defaultdict(dict)
    placed = g.table.placed("")
    for head in (False, True):
        for k, p in enumerate(placed):
            if (p.r < g.table.header_rows) != head:
                continue
            found = holding(chars, marks.get(first + k, []), p.cell.text)
            if not found:
                sys.exit(f"build: {g.title}: no fill holds cell {p.r},{p.c} '{p.cell.text}': {marks.get(first + k)}")
            chosen = found if head else [max(found, key=lambda f: (round(f[1].height, 1), f[0]))]
            for page, rect in chosen:
                if not head or page in out or lone_head:
                    out[page][p.r, p.c] = rect
    return dict(out)


def as_spec(g: Drawn, lang: str) -> Spec:
    """``g`` as ``table_truth`` reads it, its text in ``lang``."""
    return Spec(g.style, Tabular(lang, g.title, "", [], [], []), g.table, [])


def truths(pdf: Path, kept: pymupdf.Document, tables: Sequence[tuple[Spec, Boxes, str]]) -> list[AnnTable]:
    """The annotations of the tables of ``pdf``, ids t1, t2, ...: each from its spec, its
    cells' boxes and how it was set (``producers.layout.table_truth``)."""
    return [table_truth(kept, spec, f"t{k + 1}", found, f"{pdf.name} t{k + 1}", how)
            for k, (spec, found, how) in enumerate(tables)]


def annotation(pdf: Path, kept: pymupdf.Document, tables: Sequence[AnnTable], notes: str) -> DocumentAnnotation:
    """The document's annotation: its pages' sizes and ``tables`` (the build stops on a problem)."""
    pages = tuple(PageInfo(k + 1, kept[k].rect.width, kept[k].rect.height) for k in range(kept.page_count))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tuple(tables), notes=notes))
