"""Their tables for the pages of one document, from any source, placed on the page.

A source is a peer extractor's name (``pymupdf``, ``pdfplumber``, ``camelot``, ...: see
``peers``) or a file (see ``sources``). Tables from files without coordinates
are placed on the page whose words spell their cells best (see ``placement``); an author's
original (HWPX, DOCX: see ``originals``) is placed over every page of the document, a
table the PDF breaks over pages as one piece per page (see ``pieces``).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.params import Params
from ..core.types import Table, Word
from . import originals, placement, sources
from .pieces import place_pieces, with_repeated_header

Words = Callable[[int], Sequence[Word]]  # 0-based page index -> the page's words


@dataclass(frozen=True)
class Theirs:
    """Their tables by 1-based page, and notes for the user (tables that could not be placed)."""

    label: str
    pages: dict[int, list[Table]]
    notes: tuple[str, ...] = ()
    # The 1-based pages this result is whole for (a page among them missing from ``pages`` has no
    # table): the pages asked for, or every page an original was placed over.
    complete: tuple[int, ...] = ()


def is_peer(source: str) -> bool:
    """A peer extractor's name (``peer:NAME`` or a bare name that is not an existing file)."""
    from .peers import EXTRACTORS

    name = source.removeprefix("peer:")
    return source.startswith("peer:") or (name in EXTRACTORS and not Path(source).exists())


def from_peer(source: str, pdf: str, indices: Sequence[int], params: Params) -> Theirs:
    """The peer's tables on each page (``MissingExtractor`` when it is not installed)."""
    from . import peers

    name = source.removeprefix("peer:")
    peers.check_available(name)
    # Some peers print hints on stdout (PyMuPDF's find_tables does): keep stdout for our output.
    with contextlib.redirect_stdout(sys.stderr):
        return Theirs(name, {i + 1: list(peers.extract(name, pdf, i, params)) for i in indices},
                      complete=tuple(i + 1 for i in indices))


def from_file(path: str, indices: Sequence[int], words: Words, all_pages: Sequence[int] = (),
              keep_all: bool = False) -> Theirs:
    """A file's tables on the pages ``indices`` (0-based); ``SourceError`` if it cannot be read.

    ``all_pages`` (0-based, default ``indices``) are the pages an original's tables are
    placed over, so a table broken over pages is cut where the PDF cuts it; with ``keep_all``
    an original's pieces on all of them are kept (``Theirs.complete`` says which pages)."""
    from ..core.infra.userfiles import SOURCE_LIMIT, InputError, read_bytes

    try:  # a regular file of sane size only (a FIFO or /dev/zero is refused, never read)
        data = read_bytes(path, "compare source", SOURCE_LIMIT)
    except InputError as exc:
        raise sources.SourceError(str(exc)) from None
    if originals.original_kind(data) is not None:
        return _from_original(data, Path(path).name, indices, words, all_pages or indices, keep_all)
    loaded = sources.load(path)
    wanted = {i + 1 for i in indices}
    pages: dict[int, list[Table]] = {p: ts for p, ts in loaded.placed.items() if p in wanted}
    notes = []
    cache: dict[int, Sequence[Word]] = {}

    def page_words(numbers: Sequence[int]) -> dict[int, Sequence[Word]]:
        for n in numbers:
            if n not in cache:
                cache[n] = words(n - 1)
        return {n: cache[n] for n in numbers}

    for k, table in enumerate(loaded.unplaced, 1):
        if table.page is not None and table.page not in wanted:
            continue
        candidates = [table.page] if table.page is not None else sorted(wanted)
        placed = placement.best_page(table, page_words(candidates))
        if placed is None:
            notes.append(f"{loaded.name}: table {k} ({table.n_rows} x {table.n_cols}) matches no page's words")
            continue
        pages.setdefault(placed.table.page, []).append(placed.table)
        if placed.score < 1.0:
            notes.append(f"{loaded.name}: table {k} placed on page {placed.table.page}; "
                         f"{placed.score:.0%} of its cells found on the page")
    return Theirs(loaded.name, pages, tuple(notes), tuple(sorted(wanted)))


def _from_original(data: bytes, name: str, indices: Sequence[int], words: Words, all_pages: Sequence[int],
                   keep_all: bool = False) -> Theirs:
    """An original's tables placed over ``all_pages``, the pieces on ``indices`` kept (on every
    page placed over with ``keep_all``: their words are read anyway)."""
    orig = originals.read_original(data, name)
    pages = {i + 1: words(i) for i in sorted(set(all_pages) | set(indices))}
    wanted = set(pages) if keep_all else {i + 1 for i in indices}
    out: dict[int, list[Table]] = {}
    notes = []
    for k, table in enumerate(orig.tables, 1):
        label = f"{name}: table {k} ({table.n_rows} x {table.n_cols})"
        # a continuation piece starts with the header rows its page repeats, as the PDF shows them
        pieces = [with_repeated_header(table, p, pages[p.page]) for p in place_pieces(table, pages)]
        if not any(p.placed for p in pieces):
            notes.append(f"{label} matches no page's words")
            continue
        for p in pieces:
            if p.placed is None:
                notes.append(f"{label}: rows {p.first + 1}-{p.last + 1} match too few words of page {p.page}")
            elif p.page in wanted:
                out.setdefault(p.page, []).append(p.placed.table)
    return Theirs(name, out, tuple(notes), tuple(sorted(wanted)))


def for_page(source: str, pdf: str, index: int, params: Params) -> Theirs:
    """``source``'s tables for page ``index`` of ``pdf`` (a peer's run, or a file placed on the
    page's words): a module-level job, so the window runs it in a budgeted worker process."""
    if is_peer(source):
        return from_peer(source, pdf, [index], params)
    from ..core.reading.document import open_document
    from ..core.reading.words import extract_text

    doc = open_document(pdf)
    try:
        # An original is placed over every page (its words all read): the window keeps every
        # page's pieces rather than reading all pages again for each page it shows.
        return from_file(source, [index], lambda i: extract_text(doc.page(i))[0], range(doc.page_count), keep_all=True)
    finally:
        doc.close()
