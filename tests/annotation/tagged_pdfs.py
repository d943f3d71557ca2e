"""Tagged PDFs built with PyMuPDF's xref API, with known cells (and known tag faults).

``tagged_pdf`` writes each cell's text as marked content (``/P <</MCID n>> BDC ... EMC``)
and a structure tree ``Document > Table > [THead >] TR > TD|TH > P`` with a ``/ParentTree``,
as Word and LibreOffice do. Positions are PDF points, top-left origin; ``y`` is the baseline.
Faults that the cell list cannot express are made by editing the tree afterwards
(``make_cycle``, ``drop_page``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pymupdf

W, H = 400.0, 300.0


@dataclass(frozen=True)
class C:
    """A tagged cell: text drawn at (x, y) on ``page`` (lines 12 pt apart on "\\n")."""

    text: str
    x: float
    y: float
    tag: str = "TD"
    rs: int = 1
    cs: int = 1
    page: int = 0


@dataclass(frozen=True)
class Row:
    cells: Sequence[C]
    head: bool = False


@dataclass
class _Build:
    doc: pymupdf.Document
    streams: list[list[str]]
    parents: list[list[int]] = field(default_factory=list)  # per page: MCID -> element xref

    def new(self, obj: str = "<<>>") -> int:
        x = self.doc.get_new_xref()
        self.doc.update_object(x, obj)
        return x


def tagged_pdf(tables: Sequence[Sequence[Row]], pages: int = 1, size: tuple[float, float] = (W, H),
               extra_text: Sequence[tuple[str, float, float, int, float]] = (), artifact: bool = False) -> bytes:
    """A PDF with ``tables`` tagged, then ``extra_text`` (text, x, y, page, angle in degrees)
    drawn untagged after them (as a stamp or a watermark added later is); ``artifact``: each
    marked as a pagination artifact before the page's tagged content (as Typst draws a
    repeated table header)."""
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=size[0], height=size[1]).insert_font(fontname="helv")
    b = _Build(doc, [[] for _ in range(pages)], [[] for _ in range(pages)])
    root, top = b.new(), b.new()
    table_refs = [_table(b, rows, top, size[1]) for rows in tables]
    for text, x, y, page, angle in extra_text:
        co, si = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        shown = f"BT /helv 10 Tf {co:.4f} {si:.4f} {-si:.4f} {co:.4f} {x} {size[1] - y} Tm ({text}) Tj ET"
        if artifact:  # first in the page's content, as Typst draws a repeated header before the body
            b.streams[page].insert(0, f"/Artifact <</Type/Pagination>> BDC {shown} EMC")
        else:
            b.streams[page].append(shown)
    doc.update_object(top, f"<</Type/StructElem/S/Document/P {root} 0 R/K [{' '.join(f'{t} 0 R' for t in table_refs)}]>>")
    nums = []
    for i in range(pages):
        content = b.new()
        doc.update_stream(content, "\n".join(b.streams[i]).encode("latin-1"), new=True)
        doc.xref_set_key(doc[i].xref, "Contents", f"{content} 0 R")
        doc.xref_set_key(doc[i].xref, "StructParents", str(i))
        nums.append(f"{i} [{' '.join(f'{x} 0 R' for x in b.parents[i])}]")
    tree = b.new(f"<</Nums [{' '.join(nums)}]>>")
    doc.update_object(root, f"<</Type/StructTreeRoot/K [{top} 0 R]/ParentTree {tree} 0 R"
                            f"/RoleMap <</Document /Document>>>>")
    doc.xref_set_key(doc.pdf_catalog(), "StructTreeRoot", f"{root} 0 R")
    doc.xref_set_key(doc.pdf_catalog(), "MarkInfo", "<</Marked true>>")
    return doc.tobytes()


def _table(b: _Build, rows: Sequence[Row], parent: int, height: float) -> int:
    table = b.new()
    kids, head = [], None
    for row in rows:
        owner = table
        if row.head:
            if head is None:
                head = b.new()
                kids.append(head)
            owner = head
        tr = _row(b, row, owner, height)
        if row.head:
            b.doc.update_object(head, _elem("THead", table, _refs_of(b, head) + [tr]))
        else:
            kids.append(tr)
    b.doc.update_object(table, _elem("Table", parent, kids))
    return table


def _refs_of(b: _Build, xref: int) -> list[int]:
    kind, value = b.doc.xref_get_key(xref, "K")
    return [int(t) for t in value.strip("[]").split()[::3]] if kind == "array" else []


def _row(b: _Build, row: Row, parent: int, height: float) -> int:
    tr = b.new()
    cells = []
    for c in row.cells:
        td, p = b.new(), b.new()
        mcid = len(b.parents[c.page])
        b.parents[c.page].append(p)
        pg = b.doc[c.page].xref
        b.doc.update_object(p, f"<</Type/StructElem/S/P/P {td} 0 R/Pg {pg} 0 R/K {mcid}>>")
        attrs = []
        if c.rs > 1:
            attrs.append(f"/RowSpan {c.rs}")
        if c.cs > 1:
            attrs.append(f"/ColSpan {c.cs}")
        a = f"/A <</O /Table {' '.join(attrs)}>>" if attrs else ""
        b.doc.update_object(td, _elem(c.tag, tr, [p], f"/Pg {pg} 0 R{a}"))
        shows = " ".join(f"1 0 0 1 {c.x} {height - c.y - 12 * i} Tm ({line}) Tj"
                         for i, line in enumerate(c.text.split("\n")) if line)
        b.streams[c.page].append(f"/P <</MCID {mcid}>> BDC BT /helv 10 Tf {shows} ET EMC")
        cells.append(td)
    b.doc.update_object(tr, _elem("TR", parent, cells))
    return tr


def _elem(kind: str, parent: int, kids: Sequence[int], extra: str = "") -> str:
    return f"<</Type/StructElem/S/{kind}/P {parent} 0 R{extra}/K [{' '.join(f'{k} 0 R' for k in kids)}]>>"


def find_elements(doc: pymupdf.Document, kind: str) -> list[int]:
    """Xrefs of the structure elements of type ``kind``, in file order."""
    return [x for x in range(1, doc.xref_length())
            if doc.xref_get_key(x, "Type")[1] == "/StructElem" and doc.xref_get_key(x, "S")[1] == f"/{kind}"]


def make_cycle(data: bytes) -> bytes:
    """The first TD also lists the Table as a kid, and the Table's /P points at a TR."""
    doc = pymupdf.open(stream=data, filetype="pdf")
    table, td, tr = find_elements(doc, "Table")[0], find_elements(doc, "TD")[0], find_elements(doc, "TR")[-1]
    kind, kids = doc.xref_get_key(td, "K")
    doc.xref_set_key(td, "K", f"{kids[:-1]} {table} 0 R]")
    doc.xref_set_key(table, "P", f"{tr} 0 R")
    return doc.tobytes()


def drop_page(data: bytes, index: int) -> bytes:
    """The file without page ``index``, its tags still pointing at it (an extract)."""
    doc = pymupdf.open(stream=data, filetype="pdf")
    gone = doc[index].xref
    doc.delete_page(index)
    # Keep the structure's /Pg links on the removed page object, as extracts do.
    out = pymupdf.open(stream=doc.tobytes(garbage=0), filetype="pdf")
    assert any(out.xref_get_key(x, "Pg")[1] == f"{gone} 0 R" for x in find_elements(out, "P"))
    return out.tobytes(garbage=0)
