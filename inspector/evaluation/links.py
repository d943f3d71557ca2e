"""Scoring logical tables: continuations found, missed and falsely joined.

Golden continuations are consecutive regions of one annotated table (``GoldenLink``). The
extractor's continuations come from ``core.continuation`` over the document's annotated
pages, detected by eval's own run (only Table Inspector proposes continuations; a peer
extractor finds none, so every golden link counts as missed). A page needs no annotated neighbour: a table may flow on into
the next column of its own page, a link both of whose pieces are on that page. A proposed
link is *found* when both its pieces overlap the golden link's regions (IoU >= ``MATCH_IOU``), else it is a
*false join*; a golden link no proposal matches is *missed*. Proposals between pages that
are not both annotated are not counted: nothing says whether they are right.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.params import Params
from ..core.types import PageResult, Rect
from .sources import GoldenLink, GoldenSource

MATCH_IOU = 0.5


@dataclass(frozen=True)
class Link:
    """A continuation by place: page and box of each piece."""

    first_page: int
    first_bbox: Rect
    second_page: int
    second_bbox: Rect

    def matches(self, g: GoldenLink) -> bool:
        return (self.first_page == g.first_page and self.second_page == g.second_page
                and self.first_bbox.iou(g.first_bbox) >= MATCH_IOU
                and self.second_bbox.iou(g.second_bbox) >= MATCH_IOU)

    def describe(self) -> str:
        return f"p{self.first_page} {_box(self.first_bbox)} -> p{self.second_page} {_box(self.second_bbox)}"


@dataclass(frozen=True)
class DocLinks:
    """One document's continuation scores; ``missed``/``false`` describe each mistake."""

    doc: str
    golden: int
    found: int
    missed: tuple[str, ...]
    false: tuple[str, ...]


def _box(r: Rect) -> str:
    return f"[{r.x0:.0f} {r.y0:.0f} {r.x1:.0f} {r.y1:.0f}]"


def predicted(pdf: str, pages: Sequence[int], params: Params,
              detected: Mapping[int, PageResult] | None = None) -> list[Link]:
    """Table Inspector's proposed continuations among 1-based ``pages`` of ``pdf``.
    ``detected``: page -> its detection with ``params``, already made (eval's own run); only the
    other pages are detected here."""
    from ..core.multipage.linking import link_pages

    have = detected or {}
    every = {**_detect(pdf, [p for p in pages if p not in have], params), **have}
    linked = link_pages([every[p] for p in pages if p in every], params.continuation)
    by_page = {r.page: r for r in linked.results}
    return [Link(c.prev_page, by_page[c.prev_page].tables[c.prev_index].bbox,
                 c.next_page, by_page[c.next_page].tables[c.next_index].bbox)
            for c in linked.continuations if c.proposed]


def _detect(pdf: str, pages: Sequence[int], params: Params) -> dict[int, PageResult]:
    """1-based page -> its detection, for the ``pages`` that ``pdf`` has (none opened for none)."""
    if not pages:
        return {}
    from ..core.pipeline import Pipeline
    from ..core.reading.document import open_document

    doc = open_document(pdf)
    try:
        pipe = Pipeline(doc)
        return {p: pipe.run(p - 1, params) for p in pages if 1 <= p <= doc.page_count}
    finally:
        doc.close()


def score_document(doc: str, golden: Sequence[GoldenLink], found: Sequence[Link]) -> DocLinks:
    hit = [g for g in golden if any(f.matches(g) for f in found)]
    missed = [f"{g.table}: p{g.first_page} {_box(g.first_bbox)} -> p{g.second_page} {_box(g.second_bbox)}"
              for g in golden if g not in hit]
    false = [f.describe() for f in found if not any(f.matches(g) for g in golden)]
    return DocLinks(doc, len(golden), len(hit), tuple(missed), tuple(false))


def score_links(source: GoldenSource, extractor: str, params: Params | None = None,
                unsafe: Collection[tuple[str, int]] = (),
                detected: Mapping[tuple[str, int], PageResult] | None = None) -> list[DocLinks]:
    """Continuation scores per document with a golden or a proposed continuation.

    ``unsafe``: (doc, page) pairs whose guarded run failed or timed out. They are not detected
    again here, in this process without a time limit (a decompression bomb would hang it).
    ``detected``: (doc, page) -> the page's detection with ``params`` from eval's guarded run
    (``evaluate.run(keep_results=True)``): those pages are not detected again."""
    params = params or Params()
    pages: dict[str, set[int]] = {}
    pdfs: dict[str, str] = {}
    for gp in source.pages:
        pages.setdefault(gp.doc, set())
        if (gp.doc, gp.page) not in unsafe:
            pages[gp.doc].add(gp.page)
        pdfs[gp.doc] = gp.pdf
    out = []
    for doc in sorted(pages):
        golden = [g for g in source.links if g.doc == doc]
        have = {p: r for (d, p), r in (detected or {}).items() if d == doc}
        found = predicted(pdfs[doc], sorted(pages[doc]), params, have) if extractor == "inspector" else []
        if golden or found:  # a document with neither has nothing to say about links
            out.append(score_document(doc, golden, found))
    return out


def links_dict(docs: Sequence[DocLinks]) -> dict[str, Any]:
    """JSON block: totals and each document's mistakes."""
    golden, found = sum(d.golden for d in docs), sum(d.found for d in docs)
    false = sum(len(d.false) for d in docs)
    return {"golden": golden, "found": found, "missed": golden - found, "false_joins": false,
            "recall": round(found / golden, 6) if golden else None,
            "precision": round(found / (found + false), 6) if found + false else None,
            "documents": {d.doc: {"golden": d.golden, "found": d.found, "missed": list(d.missed),
                                  "false_joins": list(d.false)} for d in docs if d.golden or d.false}}


def text_lines(block: dict[str, Any]) -> list[str]:
    """The continuation part of the text report."""
    lines = [f"continuations: {block['found']} of {block['golden']} found, {block['missed']} missed, "
             f"{block['false_joins']} false joins"]
    for doc, d in block["documents"].items():
        lines += [f"  {doc}: missed {m}" for m in d["missed"]]
        lines += [f"  {doc}: falsely joined {f}" for f in d["false_joins"]]
    return lines


__all__ = ["Link", "DocLinks", "score_links", "score_document", "links_dict", "text_lines"]
