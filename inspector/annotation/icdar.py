"""ICDAR 2013 table competition format -> annotations (``icdar_export`` goes the other way).

``NAME-reg.xml`` holds table regions, ``NAME-str.xml`` cells with start/end row and column
and a content box, both in PDF user space of the page as shown (origin bottom-left). Real
files differ from the specification in ways this importer corrects and reports:

- rows and columns counted from 1 (most US files) or 0 (EU files), and ``row-increment`` /
  ``col-increment`` offsets per region: cells are placed at start + increment, then every
  table is shifted to start at row 0, column 0;
- a cell box with y1 > y2 (a typo): the wrong coordinate is taken from the cells of the
  same row (or column), else the two are swapped;
- on rotated pages, cell boxes flipped with the unrotated height instead of the shown one:
  detected because the cells then miss their table's region box.

Regions of one table on the same page (a table printed in side-by-side blocks) become one
annotation region; a table continued on other pages gets one region per page.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import median

from .. import __version__
from ..core.geometry import Frame
from ..core.reading.document import DocumentError, open_document
from ..core.types import Rect
from .model import AnnCell, AnnTable, DocumentAnnotation, PageInfo, Region, fill_grid
from .roles import suggest_row_roles

Box = tuple[float, float, float, float]  # ICDAR x1, y1, x2, y2 (bottom-left origin, shown page)


class IcdarError(Exception):
    """An ICDAR file cannot be used; ``str(err)`` names the file and the place."""


@dataclass(frozen=True)
class IcdarDoc:
    """One ground truth to import: ``name`` is the XML stem (``eu-009b`` for an alternate of ``eu-009a.pdf``)."""

    name: str
    pdf: Path
    str_xml: Path
    reg_xml: Path | None
    alternate_of: str | None = None


@dataclass(frozen=True)
class IcdarImport:
    annotation: DocumentAnnotation
    corrections: tuple[str, ...]


@dataclass
class _Cell:
    r0: int
    c0: int
    r1: int
    c1: int
    box: Box
    text: str
    where: str


@dataclass
class _Group:
    """The cells of one table on one page (one annotation region)."""

    table: str
    page: int
    cells: list[_Cell]
    region_ids: list[str]


def find_icdar_documents(root: str | os.PathLike[str], alternates: bool = False) -> list[IcdarDoc]:
    """PDFs under ``root`` (recursively) with their ``-str.xml`` (and ``-reg.xml``).

    A second annotation ``NAMEb-*.xml`` of ``NAMEa.pdf`` is included only with ``alternates``.
    """
    out = []
    for pdf in sorted(Path(root).rglob("*.pdf")):
        folder, stem = pdf.parent, pdf.stem
        names: list[tuple[str, str | None]] = [(stem, None)]
        if alternates and stem.endswith("a") and not (folder / f"{stem[:-1]}b.pdf").exists():
            names.append((stem[:-1] + "b", stem))
        for name, alt in names:
            s, r = folder / f"{name}-str.xml", folder / f"{name}-reg.xml"
            if s.is_file():
                out.append(IcdarDoc(name, pdf, s, r if r.is_file() else None, alt))
    return out


def read_icdar(doc: IcdarDoc) -> IcdarImport:
    """Import one document: page sizes and hash from the PDF, cells from the XML."""
    try:
        pdf = open_document(doc.pdf)
    except DocumentError as exc:
        raise IcdarError(str(exc)) from None
    try:
        pages = tuple(PageInfo(i + 1, p.width, p.height, p.rotation)
                      for i, p in ((i, pdf.page(i)) for i in range(pdf.page_count)))
        sha = pdf.sha256()
    finally:
        pdf.close()
    reg = _read(doc.reg_xml) if doc.reg_xml else None
    return parse_icdar(_read(doc.str_xml), reg, pages, sha, doc.pdf.name, doc.name)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise IcdarError(f"{path}: cannot be read ({exc.strerror or exc})") from None


def parse_icdar(str_xml: bytes, reg_xml: bytes | None, pages: Sequence[PageInfo], sha256: str,
                file_name: str, name: str) -> IcdarImport:
    """Build the annotation from the XML bytes; ``pages`` give sizes and rotations."""
    fixes: list[str] = []
    boxes = _region_boxes(_parse(reg_xml, f"{name}-reg.xml")) if reg_xml else {}
    tables: list[AnnTable] = []
    for t in _parse(str_xml, f"{name}-str.xml").iter("table"):
        tid = t.get("id", str(len(tables) + 1))
        groups = _groups(t, tid, f"{name}-str.xml", fixes)
        if groups:
            tables.append(_table(tid, groups, boxes, pages, f"{name} table {tid}", fixes))
    ann = DocumentAnnotation(sha256, file_name, tuple(pages), tuple(tables),
                             notes=f"ICDAR 2013 ground truth {name}", tool_version=__version__)
    problems = ann.problems()
    if problems:
        raise IcdarError(f"{name}: the imported tables are inconsistent: {problems[0]}")
    return IcdarImport(ann, tuple(fixes))


def _parse(data: bytes, label: str) -> ET.Element:
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise IcdarError(f"{label}: not well-formed XML ({exc})") from None


def _int(el: ET.Element, key: str, where: str, default: int | None = None) -> int:
    raw = el.get(key)
    if raw is None and default is not None:
        return default
    try:
        return int(str(raw).strip())
    except ValueError:
        raise IcdarError(f"{where}: attribute '{key}' must be an integer, not {raw!r}") from None


def _box(el: ET.Element, where: str) -> Box:
    bb = el.find("bounding-box")
    if bb is None:
        raise IcdarError(f"{where}: no <bounding-box>")
    try:
        x1, y1, x2, y2 = (float(bb.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
        return x1, y1, x2, y2
    except ValueError:
        raise IcdarError(f"{where}: <bounding-box> needs numeric x1, y1, x2, y2") from None


def _region_boxes(root: ET.Element) -> dict[tuple[str, str], tuple[int, Box]]:
    out = {}
    for t in root.iter("table"):
        for r in t.iter("region"):
            where = f"reg.xml table {t.get('id')} region {r.get('id')}"
            out[(t.get("id", ""), r.get("id", ""))] = (_int(r, "page", where), _box(r, where))
    return out


def _groups(t: ET.Element, tid: str, label: str, fixes: list[str]) -> list[_Group]:
    groups: dict[int, _Group] = {}
    for reg in t.iter("region"):
        rid = reg.get("id", "")
        where = f"{label} table {tid} region {rid}"
        page = _int(reg, "page", where)
        ri, ci = _int(reg, "row-increment", where, 0), _int(reg, "col-increment", where, 0)
        cells = [_cell(c, ri, ci, f"{where} cell {i + 1}") for i, c in enumerate(reg.iter("cell"))]
        if not cells:
            fixes.append(f"{where}: has no cells; left out")
            continue
        _fix_inverted(cells, fixes)
        g = groups.setdefault(page, _Group(tid, page, [], []))
        g.cells += cells
        g.region_ids.append(rid)
    return [groups[p] for p in sorted(groups)]


def _cell(c: ET.Element, ri: int, ci: int, where: str) -> _Cell:
    sr, sc = _int(c, "start-row", where), _int(c, "start-col", where)
    er, ec = _int(c, "end-row", where, sr), _int(c, "end-col", where, sc)
    if er < sr or ec < sc:
        raise IcdarError(f"{where}: ends before it starts (rows {sr}-{er}, columns {sc}-{ec})")
    text = c.findtext("content") or ""
    return _Cell(sr + ri, sc + ci, er + ri, ec + ci, _box(c, where), text,
                 f"{where} (start-row {sr}, start-col {sc}) '{text[:30]}'")


def _fix_inverted(cells: list[_Cell], fixes: list[str]) -> None:
    """Repair boxes with x1 > x2 or y1 > y2 from the cells sharing their row (or column)."""
    for cell in cells:
        x1, y1, x2, y2 = cell.box
        if y1 > y2:
            mates = [c.box for c in cells if c is not cell and (c.r0, c.r1) == (cell.r0, cell.r1) and c.box[1] <= c.box[3]]
            y1, y2, how = _repair(y1, y2, [b[1] for b in mates], [b[3] for b in mates], "row")
            fixes.append(f"{cell.where}: y1={cell.box[1]:g} > y2={cell.box[3]:g}; {how}")
        if x1 > x2:
            mates = [c.box for c in cells if c is not cell and (c.c0, c.c1) == (cell.c0, cell.c1) and c.box[0] <= c.box[2]]
            x1, x2, how = _repair(x1, x2, [b[0] for b in mates], [b[2] for b in mates], "column")
            fixes.append(f"{cell.where}: x1={cell.box[0]:g} > x2={cell.box[2]:g}; {how}")
        cell.box = (x1, y1, x2, y2)


def _repair(lo: float, hi: float, los: list[float], his: list[float], axis: str) -> tuple[float, float, str]:
    if not los:
        return hi, lo, "swapped them"
    m_lo, m_hi = median(los), median(his)
    if abs(lo - m_lo) <= abs(hi - m_hi):
        return lo, max(m_hi, lo), f"took the far edge {max(m_hi, lo):g} from the other cells of its {axis}"
    return min(m_lo, hi), hi, f"took the near edge {min(m_lo, hi):g} from the other cells of its {axis}"


def _table(tid: str, groups: list[_Group], boxes: dict[tuple[str, str], tuple[int, Box]],
           pages: Sequence[PageInfo], label: str, fixes: list[str]) -> AnnTable:
    c_min = min(c.c0 for g in groups for c in g.cells)
    r_min = min(c.r0 for c in groups[0].cells)
    if r_min or c_min:
        fixes.append(f"{label}: rows counted from {r_min}, columns from {c_min}; shifted to 0")
    regions = []
    for g in groups:
        info = next((p for p in pages if p.number == g.page), None)
        if info is None:
            raise IcdarError(f"{label}: page {g.page} does not exist in the PDF ({len(pages)} pages)")
        reg_boxes = [b for (t, r), (p, b) in boxes.items() if t == tid and r in g.region_ids and p == g.page]
        regions.append(_region(g, info, reg_boxes, c_min, label, fixes))
    regions = [replace(r, row_roles=_roles(r)) for r in regions]
    table_id = f"t{tid}" if tid.isdigit() else tid
    return AnnTable(table_id, tuple(regions), source="icdar", verified=True,
                    notes=f"ICDAR 2013 table id {tid}")


def _roles(region: Region) -> tuple[str, ...]:
    """Suggested roles; ICDAR marks no header, so none is assumed."""
    rows = [[c.value for c in region.cells if c.r == r] for r in range(region.n_rows)]
    return suggest_row_roles(rows, 0)


def _shown_height(info: PageInfo) -> float:
    return info.height if info.rotation in (0, 180) else info.width


def _flip_height(g: _Group, info: PageInfo, reg_boxes: list[Box], label: str, fixes: list[str]) -> float:
    """The height the cell boxes were flipped with: the shown page height unless the cells
    only land inside their region (or the page) with the other one."""
    shown = _shown_height(info)
    other = info.width if shown == info.height else info.height
    if other == shown:
        return shown
    score = {h: _inside(g.cells, h, reg_boxes, shown, info) for h in (shown, other)}
    if score[other] > 0.5 >= score[shown]:
        fixes.append(f"{label} page {g.page}: cell boxes were flipped with height {other:g} instead of the "
                     f"shown page height {shown:g} (page rotated {info.rotation})")
        return other
    return shown


def _inside(cells: list[_Cell], h: float, reg_boxes: list[Box], shown: float, info: PageInfo) -> float:
    width = info.width + info.height - shown
    targets = [_top_left(b, shown) for b in reg_boxes] or [Rect(0, 0, width, shown)]
    hits = 0
    for c in cells:
        b = _top_left(c.box, h)
        hits += any(t.expanded(3).contains_point(b.cx, b.cy) for t in targets)
    return hits / max(1, len(cells))


def _top_left(b: Box, h: float) -> Rect:
    """ICDAR box -> top-left-origin box of the shown page (the upright frame)."""
    return Rect(min(b[0], b[2]), h - max(b[1], b[3]), max(b[0], b[2]), h - min(b[1], b[3]))


def _region(g: _Group, info: PageInfo, reg_boxes: list[Box], c_min: int, label: str, fixes: list[str]) -> Region:
    h = _flip_height(g, info, reg_boxes, label, fixes)
    r_min = min(c.r0 for c in g.cells)
    boxes = [_top_left(c.box, h) for c in g.cells]
    cells = [AnnCell(c.r0 - r_min, c.c0 - c_min, c.r1 - c.r0 + 1, c.c1 - c.c0 + 1, c.text) for c in g.cells]
    n_rows = max(c.r + c.rs for c in cells)
    n_cols = max(c.c + c.cs for c in cells)
    shown = [_top_left(b, _shown_height(info)) for b in reg_boxes]
    outer = Rect.bounding([*boxes, *shown])
    xs = content_bounds([(c.c, c.c + c.cs, b.x0, b.x1) for c, b in zip(cells, boxes, strict=True)], n_cols, outer.x0, outer.x1)
    ys = content_bounds([(c.r, c.r + c.rs, b.y0, b.y1) for c, b in zip(cells, boxes, strict=True)], n_rows, outer.y0, outer.y1)
    turn = (360 - info.rotation) % 360
    frame = Frame(turn, info.width, info.height)
    page_cells = [AnnCell(c.r, c.c, c.rs, c.cs, c.text, bbox=round_rect(frame.rect(b, back=True)))
                  for c, b in zip(cells, boxes, strict=True)]
    bbox = round_rect(frame.rect(Rect(xs[0], ys[0], xs[-1], ys[-1]), back=True))
    size = (info.width, info.height) if turn else (0.0, 0.0)
    return Region(g.page, bbox, xs, ys, fill_grid(page_cells, n_rows, n_cols), (), turn, *size)


def content_bounds(spans: list[tuple[int, int, float, float]], n: int, lo: float, hi: float) -> tuple[float, ...]:
    """n+1 boundaries: between the content that ends in slot i-1 and the content that starts
    in slot i; unknown ones interpolated; kept strictly ascending inside [lo, hi]."""
    inner: list[float | None] = []
    for i in range(1, n):
        ends = [b1 for a, e, b0, b1 in spans if e == i]
        starts = [b0 for a, e, b0, b1 in spans if a == i]
        if ends and starts:
            inner.append((max(ends) + min(starts)) / 2)
        else:
            inner.append(min(starts) if starts else (max(ends) if ends else None))
    known = [lo, *inner, hi]
    filled: list[float] = [lo]
    for i in range(1, len(known)):
        v = known[i]
        if v is None:  # between the last known boundary and the next one, evenly
            j = next(k for k in range(i + 1, len(known)) if known[k] is not None)
            nxt = known[j]
            assert nxt is not None  # hi is always known
            v = filled[-1] + (nxt - filled[-1]) / (j - i + 1)
        filled.append(v)
    out = [round(lo, 3)]
    for v in filled[1:-1]:
        out.append(round(min(max(v, out[-1] + 0.01), hi - 0.01 * (n - len(out))), 3))
    out.append(round(hi, 3))
    return tuple(out)


def round_rect(r: Rect) -> Rect:
    return Rect(round(r.x0, 3), round(r.y0, 3), round(r.x1, 3), round(r.y1, 3))
