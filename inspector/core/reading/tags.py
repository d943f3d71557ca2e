"""A tagged PDF's structure tree and the glyphs its elements own.

``read_tree`` walks ``/StructTreeRoot`` top-down from the catalog with a bounded walk
(every element visited once, depth and size capped), so a cyclic or shared tree ends.
Each element gets its *path*: the indexes of the ``/K`` entries leading to it from the
root, the same numbering MuPDF uses for the structure blocks it reports with
``TEXT_COLLECT_STRUCTURE``. ``page_glyphs`` reads those blocks for one page and files the
text lines under the path of their innermost element, so an element's glyphs are the
lines whose path starts with its own. Custom element types are mapped to standard ones
through ``/RoleMap``.

MuPDF finds a glyph's element by following ``/P`` upwards from the ``/ParentTree``; a
``/P`` that disagrees with the top-down walk (or loops) is reported in
``TagTree.bad_parents`` so the caller can mend it in a copy before reading glyphs.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from ..types import Rect
from .decimals import glyph_text
from .pdfobj import Name, Ref, parse

log = logging.getLogger(__name__)

MAX_DEPTH = 200     # deeper nesting is cut (no real document comes close)
MAX_ELEMENTS = 200_000  # elements walked at most: a hostile tree is cut, no real one comes close
Path = tuple[int, ...]


@dataclass(frozen=True)
class TagNode:
    """One structure element. ``kind`` is the standard type (after ``/RoleMap``), ``raw`` the
    type the file wrote. ``pages`` are 0-based indexes of the pages its content is on (from
    ``/Pg``); ``missing_pages`` counts ``/Pg`` links to page objects the file does not have.
    ``attrs`` holds the numeric/name attributes of every ``/A`` owner (``RowSpan``, ``BBox``...).
    ``widgets`` counts ``/OBJR`` kids that are form fields (widget annotations; links are not)."""

    kind: str
    raw: str
    xref: int
    path: Path
    children: tuple[TagNode, ...] = ()
    attrs: tuple[tuple[str, Any], ...] = ()
    pages: tuple[int, ...] = ()
    missing_pages: int = 0
    mcids: int = 0
    widgets: int = 0

    def attr(self, key: str, default: Any = None) -> Any:
        return next((v for k, v in self.attrs if k == key), default)

    def walk(self) -> Iterator[TagNode]:
        """This element and every descendant, depth first, in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass(frozen=True)
class TagTree:
    """The document's structure: top-level elements, faults met while walking (one line each)
    and ``(element xref, parent xref)`` pairs whose ``/P`` must be set for MuPDF to agree."""

    roots: tuple[TagNode, ...]
    root_xref: int
    faults: tuple[str, ...] = ()
    bad_parents: tuple[tuple[int, int], ...] = ()

    def walk(self) -> Iterator[TagNode]:
        for r in self.roots:
            yield from r.walk()

    def tables(self) -> list[TagNode]:
        return [n for n in self.walk() if n.kind == "Table"]


@dataclass(frozen=True, slots=True)
class TagLine:
    """A line of text owned by the element at ``path``; ``bbox`` covers its visible glyphs;
    ``diagonal`` when it runs at an angle other than a multiple of 90 degrees."""

    path: Path
    text: str
    bbox: Rect
    diagonal: bool = False


@dataclass
class _Walk:
    doc: pymupdf.Document
    role_map: dict[str, str]
    page_of: dict[int, int]
    seen: set[int] = field(default_factory=set)
    faults: list[str] = field(default_factory=list)
    bad_parents: list[tuple[int, int]] = field(default_factory=list)
    again: dict[int, int] = field(default_factory=dict)  # element xref -> links to it cut
    count: int = 0


def read_tree(doc: pymupdf.Document, root_ref: str | None = None) -> TagTree | None:
    """The structure tree, or None when the file is not tagged (no ``/StructTreeRoot``).
    ``root_ref``: the tree's reference when it was taken out of the catalog
    (``document.Document.structure_root``)."""
    if not doc.is_pdf:
        return None
    kind, value = ("xref", root_ref) if root_ref else doc.xref_get_key(doc.pdf_catalog(), "StructTreeRoot")
    root = parse(value) if kind == "xref" else None
    if not isinstance(root, Ref):
        return None
    obj = _object(doc, root.xref)
    if not isinstance(obj, dict):
        return None
    role_map = {str(k): str(v) for k, v in _resolve(doc, obj.get(Name("RoleMap")), {}).items()
                if isinstance(v, Name)} if obj.get(Name("RoleMap")) is not None else {}
    page_of = {doc.page_xref(i): i for i in range(doc.page_count)}
    w = _Walk(doc, role_map, page_of, seen={root.xref})
    roots = []
    for i, kid in enumerate(_as_list(obj.get(Name("K")))):
        node = _element(w, kid, (i,), root.xref, 0)
        if node is not None:
            roots.append(node)
    if w.again:
        xs = sorted(w.again)
        w.faults.insert(0, f"structure tree: {sum(w.again.values())} link(s) reach {len(xs)} element(s) a second "
                           f"time (a cycle or shared elements: {', '.join(map(str, xs[:5]))}"
                           f"{'...' if len(xs) > 5 else ''}); those links were cut")
    return TagTree(tuple(roots), root.xref, tuple(w.faults), tuple(w.bad_parents))


def _object(doc: pymupdf.Document, xref: int) -> Any:
    if not 0 < xref < doc.xref_length():
        return None
    try:
        return parse(doc.xref_object(xref, compressed=True))
    except Exception:  # a damaged object: MuPDF raises on what it cannot repair
        log.debug("damaged object in the structure tree", exc_info=True)
        return None


def _resolve(doc: pymupdf.Document, value: Any, default: Any = None) -> Any:
    """``value`` with one level of indirection followed."""
    if isinstance(value, Ref):
        value = _object(doc, value.xref)
    return default if value is None else value


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


# Standard structure types (PDF 1.7 section 14.8.4 and PDF 2.0): a /RoleMap entry for one of
# these is ignored, as the standard says. InDesign maps its own standard /Table to /Sect.
STANDARD_TYPES = frozenset(
    "Document DocumentFragment Part Art Sect Div BlockQuote Caption TOC TOCI Index NonStruct Private Aside "
    "Title FENote Sub P H H1 H2 H3 H4 H5 H6 L LI Lbl LBody Table TR TH TD THead TBody TFoot Span Quote Note "
    "Reference BibEntry Code Link Annot Ruby RB RT RP Warichu WT WP Em Strong Figure Formula Form".split())


def _standard(w: _Walk, raw: str) -> str:
    """``raw`` through ``/RoleMap`` (chains followed, loops cut); a standard type stays itself."""
    kind, hops = raw, 0
    while kind not in STANDARD_TYPES and kind in w.role_map and w.role_map[kind] != kind and hops < 10:
        kind, hops = w.role_map[kind], hops + 1
    return kind


def _element(w: _Walk, ref: Any, path: Path, parent: int, depth: int) -> TagNode | None:
    """The element ``ref`` points to (None for content items and what cannot be read)."""
    xref = ref.xref if isinstance(ref, Ref) else 0
    obj = _resolve(w.doc, ref)
    if not isinstance(obj, dict) or not isinstance(obj.get(Name("S")), Name):
        return None
    if xref:
        if xref in w.seen:
            w.again[xref] = w.again.get(xref, 0) + 1
            return None
        w.seen.add(xref)
        p = obj.get(Name("P"))
        if not (isinstance(p, Ref) and p.xref == parent):
            w.bad_parents.append((xref, parent))
    w.count += 1
    if depth > MAX_DEPTH or w.count > MAX_ELEMENTS:
        w.faults.append(f"structure tree: deeper than {MAX_DEPTH} or larger than {MAX_ELEMENTS} elements; cut")
        return None
    raw = str(obj[Name("S")])
    pages, missing = _pages(w, [obj.get(Name("Pg"))])
    children: list[TagNode] = []
    mcids = widgets = 0
    for i, kid in enumerate(_as_list(obj.get(Name("K")))):
        if isinstance(kid, int):
            mcids += 1
            continue
        item = _resolve(w.doc, kid)
        if isinstance(item, dict) and item.get(Name("Type")) in ("MCR", "OBJR"):
            mcids += item.get(Name("Type")) == "MCR"
            widgets += item.get(Name("Type")) == "OBJR" and _is_widget(w.doc, item.get(Name("Obj")))
            p2, m2 = _pages(w, [item.get(Name("Pg"))])
            pages, missing = pages | p2, missing + m2
            continue
        node = _element(w, kid, (*path, i), xref or parent, depth + 1)
        if node is not None:
            children.append(node)
    return TagNode(_standard(w, raw), raw, xref, path, tuple(children), _attrs(w.doc, obj.get(Name("A"))),
                   tuple(sorted(pages)), missing, mcids, widgets)


def _is_widget(doc: pymupdf.Document, ref: Any) -> bool:
    """Whether an ``/OBJR``'s object is a form field (``/Subtype /Widget``), not a link."""
    obj = _resolve(doc, ref)
    return isinstance(obj, dict) and obj.get(Name("Subtype")) == "Widget"


def _pages(w: _Walk, refs: list[Any]) -> tuple[set[int], int]:
    found: set[int] = set()
    missing = 0
    for r in refs:
        if isinstance(r, Ref):
            if r.xref in w.page_of:
                found.add(w.page_of[r.xref])
            else:
                missing += 1
    return found, missing


def _attrs(doc: pymupdf.Document, value: Any) -> tuple[tuple[str, Any], ...]:
    """Attributes of ``/A``: a dictionary, or an array of dictionaries (and revision numbers)."""
    out: list[tuple[str, Any]] = []
    for item in _as_list(_resolve(doc, value)):
        d = _resolve(doc, item)
        if isinstance(d, dict):
            out += [(str(k), v) for k, v in d.items() if k != "O" and isinstance(v, (int, float, str, list))]
    return tuple(out)


def mend_parents(doc: pymupdf.Document, tree: TagTree) -> None:
    """Set ``/P`` of each element the walk found with a wrong one (on ``doc``, a copy)."""
    for xref, parent in tree.bad_parents:
        doc.xref_set_key(xref, "P", f"{parent} 0 R")


def page_lines(page: pymupdf.Page) -> list[TagLine]:
    """Every text line of the page under the path of its innermost structure element
    (lines outside any element are left out). Whitespace-only lines are dropped."""
    flags = pymupdf.TEXTFLAGS_RAWDICT | pymupdf.TEXT_COLLECT_STRUCTURE
    # Glyphs off the page are kept so that the importer can count (and drop) them.
    flags &= ~(pymupdf.TEXT_PRESERVE_IMAGES | pymupdf.TEXT_MEDIABOX_CLIP)
    out: list[TagLine] = []
    blocks = page.get_text("rawdict", flags=flags, clip=pymupdf.INFINITE_RECT()).get("blocks", [])
    _collect(blocks, (), out)
    return out


def _collect(blocks: list[dict[str, Any]], path: Path, out: list[TagLine]) -> None:
    for b in blocks:
        if b.get("type") == 2:
            _collect(b.get("blocks", []), (*path, int(b.get("index", 0))), out)
        elif b.get("type") == 0 and path:
            for line in b.get("lines", []):
                chars = [c for s in line.get("spans", []) for c in s.get("chars", [])]
                text = glyph_text([(c["c"], c["bbox"][0], c["bbox"][2]) for c in chars])
                boxes = [Rect(*c["bbox"]) for c in chars if not c["c"].isspace()]
                dx, dy = line.get("dir", (1.0, 0.0))
                if boxes and text.strip():
                    out.append(TagLine(path, text, Rect.bounding(boxes), min(abs(dx), abs(dy)) > 0.05))


def tagged_table_pages(doc: pymupdf.Document, tree: TagTree | None) -> dict[int, int]:
    """How many tagged tables touch each page (0-based index -> count), from ``/Pg`` links."""
    out: dict[int, int] = {}
    for table in (tree.tables() if tree else []):
        for p in {p for n in table.walk() for p in n.pages}:
            out[p] = out.get(p, 0) + 1
    return out


def tagged_table_counts(doc: pymupdf.Document, root_ref: str | None = None) -> dict[int, int] | None:
    """``tagged_table_pages`` of ``doc``; None when it is not tagged or its tree cannot be read."""
    try:
        tree = read_tree(doc, root_ref)
    except Exception:  # a damaged structure tree must not stop detection
        log.debug("structure tree unreadable", exc_info=True)
        return None
    return None if tree is None else tagged_table_pages(doc, tree)
