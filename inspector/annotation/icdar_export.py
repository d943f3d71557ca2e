"""Annotations -> ICDAR 2013 ``-str.xml`` / ``-reg.xml`` (the inverse of ``icdar``).

Written the way the specification says: coordinates in PDF user space of the page as shown
(origin bottom-left, y flipped with the shown height), rows and columns from 0, one
``<region>`` per annotation region with ``row-increment`` stacking continuation regions
under the first. Cells with no text are left out, as ICDAR files do; a cell's box is its
content box when known, else its grid box.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from ..core.geometry import Frame
from ..core.types import Rect
from .icdar import IcdarError
from .io import write_atomic
from .model import AnnTable, DocumentAnnotation, PageInfo


def _num(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _icdar_box(parent: ET.Element, box: Rect, info: PageInfo) -> None:
    """Page-space box -> ICDAR ``<bounding-box>`` on the shown page, bottom-left origin."""
    shown = Frame((360 - info.rotation) % 360, info.width, info.height).rect(box)
    h = info.height if info.rotation in (0, 180) else info.width
    ET.SubElement(parent, "bounding-box", {"x1": _num(shown.x0), "y1": _num(h - shown.y1),
                                           "x2": _num(shown.x1), "y2": _num(h - shown.y0)})


def _page(ann: DocumentAnnotation, number: int, table: AnnTable) -> PageInfo:
    info = ann.page_info(number)
    if info is None:
        raise IcdarError(f"{ann.file_name}: table {table.id} is on page {number}, whose size the annotation lacks")
    return info


def _table_number(table: AnnTable, index: int) -> str:
    return table.id[1:] if table.id[:1] == "t" and table.id[1:].isdigit() else str(index + 1)


def to_icdar_xml(ann: DocumentAnnotation, name: str) -> tuple[bytes, bytes]:
    """The ``(str.xml, reg.xml)`` bytes of an annotation; ``name`` is the ICDAR stem."""
    s_root = ET.Element("document", {"filename": f"{name}-str.xml"})
    r_root = ET.Element("document", {"filename": f"{name}-reg.xml"})
    for i, table in enumerate(ann.tables):
        tid = _table_number(table, i)
        s_table = ET.SubElement(s_root, "table", {"id": tid})
        r_table = ET.SubElement(r_root, "table", {"id": tid})
        offset = 0
        for k, region in enumerate(table.regions):
            info = _page(ann, region.page, table)
            rid, page = str(k + 1), str(region.page)
            r_region = ET.SubElement(r_table, "region", {"id": rid, "page": page})
            _icdar_box(r_region, region.bbox, info)
            s_region = ET.SubElement(s_table, "region", {"id": rid, "page": page, "row-increment": str(offset),
                                                         "col-increment": "0"})
            for cell in region.cells:
                if not cell.value.strip():
                    continue
                attrs = {"id": str(k + 1), "start-row": str(cell.r), "start-col": str(cell.c),
                         "end-row": str(cell.r + cell.rs - 1), "end-col": str(cell.c + cell.cs - 1)}
                el = ET.SubElement(s_region, "cell", attrs)
                _icdar_box(el, cell.bbox or region.cell_box(cell), info)
                ET.SubElement(el, "content").text = cell.value
            offset += region.n_rows
    return _bytes(s_root), _bytes(r_root)


def _bytes(root: ET.Element) -> bytes:
    ET.indent(root, space="   ")
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True) + b"\n"


def icdar_stem(annotation_path: Path | None, ann: DocumentAnnotation) -> str:
    """The ICDAR name of an annotation: its file name without ``.tables.json`` and ``.pdf``."""
    base = annotation_path.name if annotation_path is not None else ann.file_name
    for suffix in (".tables.json", ".pdf"):
        base = base[: -len(suffix)] if base.endswith(suffix) else base
    return base


def write_icdar(ann: DocumentAnnotation, out_dir: str | os.PathLike[str], name: str) -> tuple[Path, Path]:
    """Write ``NAME-str.xml`` and ``NAME-reg.xml`` into ``out_dir`` (atomically each)."""
    out = Path(out_dir)
    str_xml, reg_xml = to_icdar_xml(ann, name)
    paths = (out / f"{name}-str.xml", out / f"{name}-reg.xml")
    write_atomic(paths[0], str_xml)
    write_atomic(paths[1], reg_xml)
    return paths
