"""Golden sources: what an evaluation scores against, read from a golden set folder (annotations
written by ``golden`` commands, through ``inspector.annotation.io``) or from a corpus folder holding
``tables.jsonl`` (ICDAR 2013 ground-truth records, non-hinted; a tagged document's table over
several pages is one record per page, id ending ":p<page>"). Documents whose PDF is missing or
changed are refused by ``verify_pdfs``, never silently scored.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.types import Rect, Table
from .scoring import GoldenPage


class EvalError(Exception):
    """The golden source cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class GoldenLink:
    """Golden table ``table`` continues from (``first_page``, ``first_bbox``) onto
    (``second_page``, ``second_bbox``): two consecutive regions of one annotated table."""

    doc: str
    table: str
    first_page: int
    first_bbox: Rect
    second_page: int
    second_bbox: Rect


@dataclass(frozen=True)
class GoldenSource:
    """What is evaluated against: ``hash`` identifies the golden set's exact content (for a
    golden set: its manifest and annotation files; for a corpus: ``tables.jsonl``).
    ``links`` are the golden continuations (in a corpus: records of one table, ids ending
    ":p<page>", on consecutive pages; ICDAR's tables are one page each)."""

    path: str
    kind: str  # "golden-set" or "corpus"
    hash: str
    pages: tuple[GoldenPage, ...]
    problems: tuple[str, ...] = ()  # annotation files that could not be read, one line each
    links: tuple[GoldenLink, ...] = ()



def load_source(path: str | Path) -> GoldenSource:
    """A golden set folder, or a corpus folder with ``tables.jsonl``; ``EvalError`` otherwise."""
    root = Path(path)
    if not root.is_dir():
        raise EvalError(f"{root}: not a folder (give a golden set folder or a corpus folder with tables.jsonl)")
    if (root / "tables.jsonl").is_file():
        return _corpus_source(root)
    return _golden_set_source(root)


def _golden_set_source(root: Path) -> GoldenSource:
    """Every region of every annotated table, one golden table per region and page.

    Unreadable annotation files and PDFs that cannot be found are left out later by
    ``verify_pdfs`` (as refused), never silently.
    """
    from ..annotation.goldenset import MANIFEST, load_golden_set
    from ..annotation.io import SUFFIX, AnnotationError
    from ..annotation.model import to_core_table

    try:
        gs = load_golden_set(root)
    except AnnotationError as exc:
        raise EvalError(f"{root}: no tables.jsonl, and not a golden set: {exc}") from None
    by_page: dict[tuple[str, int], list[tuple[str, Table]]] = {}
    pdfs: dict[str, tuple[str, str]] = {}
    links: list[GoldenLink] = []
    for e in gs.entries:
        doc = e.annotation_path.relative_to(root).as_posix().removesuffix(SUFFIX)
        # A missing PDF keeps its pages, with a path that verify_pdfs will refuse.
        pdfs[doc] = (str(e.pdf_path) if e.pdf_path else str(root / e.file_name), e.annotation.sha256)
        for t in e.annotation.tables:
            for i, region in enumerate(t.regions):
                tid = f"{doc}:{t.id}" + (f":r{i + 1}" if len(t.regions) > 1 else "")
                by_page.setdefault((doc, region.page), []).append((tid, to_core_table(t, i)))
            links += [GoldenLink(doc, t.id, a.page, a.bbox, b.page, b.bbox)
                      for a, b in zip(t.regions, t.regions[1:], strict=False)]
    pages = tuple(GoldenPage(doc, pdfs[doc][0], page, tuple(t for _, t in items), tuple(i for i, _ in items),
                             sha256=pdfs[doc][1])
                  for (doc, page), items in sorted(by_page.items()))
    files = [root / MANIFEST] + sorted(e.annotation_path for e in gs.entries)
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(root).as_posix().encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return GoldenSource(str(root), "golden-set", digest.hexdigest(), pages, tuple(gs.problems), tuple(links))


def _corpus_source(root: Path) -> GoldenSource:
    from .corpus import base_id, icdar_records

    by_page: dict[tuple[str, int], list] = {}
    for rec in icdar_records(root):
        doc = rec.pdf.relative_to(root).as_posix()
        by_page.setdefault((doc, rec.page), []).append(rec)
    pages = []
    for (doc, page), recs in sorted(by_page.items()):
        primary = [r for r in recs if base_id(r.id) == r.id]
        alts = tuple(tuple(a.table for a in recs if a.id != r.id and base_id(a.id) == r.id) for r in primary)
        pages.append(GoldenPage(doc, str(recs[0].pdf), page, tuple(r.table for r in primary),
                                tuple(r.id for r in primary), alternatives=alts))
    digest = hashlib.sha256((root / "tables.jsonl").read_bytes()).hexdigest()
    return GoldenSource(str(root), "corpus", digest, tuple(pages), links=_corpus_links(root, by_page))


def _corpus_links(root: Path, by_page: dict[tuple[str, int], list]) -> tuple[GoldenLink, ...]:
    """A table read from a tagged document's structure tree over several pages has one record
    per page, its id ending ":p<page>" (the rest the same): consecutive pages of it are links."""
    pieces: dict[tuple[str, str], dict[int, Rect]] = {}
    for (doc, page), recs in by_page.items():
        for rec in recs:
            head, sep, tail = rec.id.rpartition(":p")
            if sep and tail == str(page):
                pieces.setdefault((doc, head), {})[page] = rec.table.bbox
    return tuple(GoldenLink(doc, table.rsplit(":", 1)[-1], p, boxes[p], p + 1, boxes[p + 1])
                 for (doc, table), boxes in sorted(pieces.items()) for p in sorted(boxes) if p + 1 in boxes)


def verify_pdfs(source: GoldenSource) -> tuple[GoldenSource, list[tuple[str, str]]]:
    """Drop documents whose PDF is missing or whose bytes no longer hash to the annotation's
    ``sha256``; returns the remaining source and (document, reason) for each refused one."""
    refused: dict[str, str] = {}
    checked: dict[str, str | None] = {}
    for gp in source.pages:
        if gp.doc in checked:
            continue
        try:
            actual = hashlib.sha256(Path(gp.pdf).read_bytes()).hexdigest()
        except OSError as exc:
            refused[gp.doc] = f"PDF cannot be read ({exc.strerror or exc})"
            checked[gp.doc] = None
            continue
        checked[gp.doc] = actual
        if gp.sha256 is not None and gp.sha256 != actual:
            refused[gp.doc] = f"PDF hash {actual[:12]} does not match the annotation's {gp.sha256[:12]}"
    kept = tuple(gp for gp in source.pages if gp.doc not in refused)
    links = tuple(k for k in source.links if k.doc not in refused)
    return dataclasses.replace(source, pages=kept, links=links), sorted(refused.items())


def only_documents(source: GoldenSource, needles: Sequence[str]) -> GoldenSource:
    """``source`` restricted to documents whose name contains one of ``needles``."""
    pages = tuple(gp for gp in source.pages if any(n in gp.doc for n in needles))
    links = tuple(k for k in source.links if any(n in k.doc for n in needles))
    return dataclasses.replace(source, pages=pages, links=links)
