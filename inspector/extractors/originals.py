"""The author's original of a PDF (Hangul HWPX, Word DOCX): its tables as grids of cells.

The format is decided by the file's first bytes and what its zip holds, never by its name
(attachments named ``.hwpx`` are often DOCX, HWP 5 binaries or something else):

- HWPX (OWPML): a zip with ``Contents/section*.xml``; tables are ``hp:tbl`` > ``hp:tr`` >
  ``hp:tc`` with ``hp:cellAddr`` (colAddr, rowAddr) and ``hp:cellSpan`` (colSpan, rowSpan),
  text in ``hp:subList`` > ``hp:p`` > ``hp:run`` > ``hp:t``; a cell with ``header="1"``
  is a header cell.
- DOCX: a zip with ``word/document.xml``; ``w:tbl`` > ``w:tr`` > ``w:tc`` with
  ``w:gridSpan``, ``w:vMerge`` (restart / continue) and ``w:gridBefore``; a row with
  ``w:tblHeader`` is a header row.
- An OLE compound file (HWP 5 binary, old Word ``.doc``) is refused with ``Unsupported``.

XML is parsed with ``defusedxml`` (no entity expansion, no external entities). Cell text is
the cell's paragraphs joined with "\\n"; NUL and other control characters are spaces. A
table nested in a cell adds its text to the cell; a one-cell table holding tables (a frame
around a page's content) gives way to the tables inside it.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

from ..core.types import Cell
from .sources import ZERO, SourceError, Unplaced

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
MAX_PART = 200 * 1024 * 1024  # bytes: an XML part larger than this unzipped is refused (a zip bomb)
_SKIP = {"delText", "instrText", "fldData"}  # deleted text and field codes are not the cell's text
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # every control character but tab and line feed


class Unsupported(SourceError):
    """The file is an original this version cannot read (an HWP 5 binary): exit 3."""


@dataclass(frozen=True)
class Original:
    """An original's tables in document order; ``kind`` is "hwpx" or "docx"."""

    name: str
    kind: str
    tables: tuple[Unplaced, ...]
    notes: tuple[str, ...] = ()


def original_kind(data: bytes) -> str | None:
    """"hwpx", "docx", "hwp5" (an HWP 5 binary), "ole" (another OLE file) or None (neither)."""
    if data.startswith(OLE_MAGIC):
        return "hwp5" if b"H\x00W\x00P\x00" in data[:65536] or b"HWP Document File" in data else "ole"
    if not data.startswith(ZIP_MAGIC):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            mime = _head(z, "mimetype") if "mimetype" in names else b""
    except (zipfile.BadZipFile, OSError, KeyError):
        return None
    if "word/document.xml" in names:
        return "docx"
    if b"hwp" in mime.lower() or any(_is_section(n) for n in names):
        return "hwpx"
    return None


def _head(z: zipfile.ZipFile, part: str, size: int = 64) -> bytes:
    """The first ``size`` bytes of a part, never unzipping the rest (a bomb may hide in any part)."""
    with z.open(part) as f:
        return f.read(size)


def _is_section(name: str) -> bool:
    return re.fullmatch(r"Contents/section\d+\.xml", name) is not None


def read_original(data: bytes, name: str) -> Original:
    """The tables of an original (bytes of the file; ``name`` for messages only).

    ``Unsupported`` for an HWP 5 binary or another OLE file, ``SourceError`` for anything
    else that is not a readable HWPX or DOCX."""
    kind = original_kind(data)
    if kind == "hwp5":
        raise Unsupported(f"{name}: an HWP 5 binary (.hwp), which is not supported yet; "
                          "save it as HWPX in Hangul (File > Save As > HWPX) and import that")
    if kind == "ole":
        raise Unsupported(f"{name}: an OLE compound file (old Word .doc or similar), not HWPX or DOCX; "
                          "save it as DOCX or HWPX and import that")
    if kind is None:
        raise SourceError(f"{name}: neither HWPX nor DOCX (by its contents; the name does not count)")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            if kind == "docx":
                tables = _tables(_xml(z, "word/document.xml", name), _docx_table)
            else:
                parts = sorted((n for n in z.namelist() if _is_section(n)), key=lambda n: int(re.sub(r"\D", "", n)))
                tables = [t for p in parts for t in _tables(_xml(z, p, name), _hwpx_table)]
    except zipfile.BadZipFile as exc:
        raise SourceError(f"{name}: a damaged zip ({exc})") from None
    return Original(name, kind, tuple(tables))


def _xml(z: zipfile.ZipFile, part: str, name: str) -> Element:
    info = z.getinfo(part)
    if info.file_size > MAX_PART:
        raise SourceError(f"{name}: {part} unzips to {info.file_size} bytes, more than {MAX_PART}; refused")
    try:
        root: Element = fromstring(z.read(part))
    except (ParseError, DefusedXmlException) as exc:
        raise SourceError(f"{name}: {part} is not well-formed XML or declares entities ({exc})") from None
    return root


def clean(text: str) -> str:
    """Control characters (NUL included) as spaces, each line's ends trimmed."""
    return "\n".join(ln.strip() for ln in _CONTROL.sub(" ", text).split("\n")).strip()


def _local(el: Element) -> str:
    return el.tag.rsplit("}", 1)[-1]


def _attr(el: Element, key: str) -> str | None:
    """An attribute by its local name (``w:val`` or ``val``)."""
    for k, v in el.attrib.items():
        if k.rsplit("}", 1)[-1] == key:
            return v
    return None


def _int(value: str | None, default: int, lo: int = 0, hi: int = 10000) -> int:
    try:
        return max(lo, min(int(value or default), hi))
    except ValueError:
        return default


def _outer_tables(el: Element, tag: str) -> Iterator[Element]:
    """The ``tag`` elements under ``el`` that are not inside another one."""
    for kid in el:
        if _local(kid) == tag:
            yield kid
        else:
            yield from _outer_tables(kid, tag)


def _unwrap(tables: Iterator[Element], tag: str, cell_tag: str) -> Iterator[Element]:
    """Tables, a one-cell table that holds tables replaced by them (a frame, not a table)."""
    for t in tables:
        cells = [c for c in t.iter() if _local(c) == cell_tag]
        inner = list(_outer_tables(cells[0], tag)) if cells else []
        nested = {id(e) for i in inner for e in i.iter()}
        own = [c for c in cells if id(c) not in nested]
        if len(own) == 1 and inner:
            yield from _unwrap(iter(inner), tag, cell_tag)
        else:
            yield t


def _text(el: Element, para: str, texts: dict[str, str]) -> str:
    """The text under ``el``: paragraphs (``para``) joined with "\\n"; ``texts`` maps the
    local names of text-bearing elements to what they stand for ("" = their own text)."""
    lines: list[str] = []

    def walk(node: Element, line: list[str]) -> None:
        for kid in node:
            name = _local(kid)
            if name == para:
                own: list[str] = []
                walk(kid, own)
                lines.append("".join(own))
            elif name in _SKIP or (name == "r" and _vanished(kid)):
                continue
            elif name in texts:
                line.append(texts[name] or _own_text(kid, texts))
            else:
                walk(kid, line)

    rest: list[str] = []
    walk(el, rest)
    return clean("\n".join([*lines, "".join(rest)]))


def _vanished(run: Element) -> bool:
    """A DOCX run set hidden (``w:vanish`` in its ``w:rPr``): Word neither shows nor prints it,
    so the PDF beside the original has no such text."""
    return any(_local(k) == "vanish" and _attr(k, "val") not in ("0", "false")
               for pr in run if _local(pr) == "rPr" for k in pr)


def _own_text(el: Element, texts: dict[str, str]) -> str:
    """A text element's text: HWPX puts ``hp:tab`` and ``hp:lineBreak`` inside ``hp:t``."""
    out = [el.text or ""]
    for kid in el:
        out.append(texts.get(_local(kid)) or "")
        out.append(kid.tail or "")
    return "".join(out)


def _tables(root: Element, read: Callable[[Element], Unplaced | None]) -> list[Unplaced]:
    """Every outermost table (frames unwrapped: ``_unwrap``) as ``read`` reads it; both
    formats name them ``tbl`` and their cells ``tc``."""
    return [t for t in map(read, _unwrap(_outer_tables(root, "tbl"), "tbl", "tc")) if t is not None]


# --- HWPX ----------------------------------------------------------------------------------

_HWPX_TEXT = {"t": "", "tab": " ", "lineBreak": "\n"}


def _hwpx_table(tbl: Element) -> Unplaced | None:
    cells: list[Cell] = []
    heads: dict[int, list[bool]] = {}
    for r_index, tr in enumerate(k for k in tbl if _local(k) == "tr"):
        for tc in (k for k in tr if _local(k) == "tc"):
            addr = next((k for k in tc if _local(k) == "cellAddr"), None)
            span = next((k for k in tc if _local(k) == "cellSpan"), None)
            r = _int(_attr(addr, "rowAddr"), r_index) if addr is not None else r_index
            c = _int(_attr(addr, "colAddr"), 0) if addr is not None else len([x for x in cells if x.r == r])
            rs = _int(_attr(span, "rowSpan"), 1, 1) if span is not None else 1
            cs = _int(_attr(span, "colSpan"), 1, 1) if span is not None else 1
            body = next((k for k in tc if _local(k) == "subList"), tc)
            cells.append(Cell(r, c, rs, cs, _text(body, "p", _HWPX_TEXT), ZERO))
            heads.setdefault(r, []).append(_attr(tc, "header") == "1")
    return _grid(cells, heads)


# --- DOCX ----------------------------------------------------------------------------------

_DOCX_TEXT = {"t": "", "tab": " ", "br": "\n", "cr": "\n", "noBreakHyphen": "-"}
_WRAPPERS = {"sdt", "sdtContent", "customXml", "smartTag"}


def _kids(el: Element, name: str) -> Iterator[Element]:
    """Children named ``name``, looking through content controls and custom XML wrappers."""
    for kid in el:
        if _local(kid) == name:
            yield kid
        elif _local(kid) in _WRAPPERS:
            yield from _kids(kid, name)


def _docx_table(tbl: Element) -> Unplaced | None:
    cells: list[Cell] = []
    heads: dict[int, list[bool]] = {}
    open_above: dict[int, int] = {}  # grid column -> index in cells of the vMerge run it continues
    for r, tr in enumerate(_kids(tbl, "tr")):
        pr = next(_kids(tr, "trPr"), None)
        header = pr is not None and any(_local(k) == "tblHeader" and _attr(k, "val") not in ("0", "false")
                                        for k in pr)
        before = next((k for k in pr if _local(k) == "gridBefore"), None) if pr is not None else None
        c = _int(_attr(before, "val"), 0) if before is not None else 0
        for tc in _kids(tr, "tc"):
            tcpr = next(_kids(tc, "tcPr"), None)
            props = {_local(k): k for k in tcpr} if tcpr is not None else {}
            cs = _int(_attr(props["gridSpan"], "val"), 1, 1) if "gridSpan" in props else 1
            merge = _attr(props["vMerge"], "val") if "vMerge" in props else None
            if "vMerge" in props and merge != "restart" and c in open_above:
                k = open_above[c]
                cells[k] = Cell(cells[k].r, cells[k].c, r - cells[k].r + 1, cells[k].cs,
                                clean(f"{cells[k].text}\n{_docx_text(tc)}"), ZERO)
            else:
                cells.append(Cell(r, c, 1, cs, _docx_text(tc), ZERO))
                heads.setdefault(r, []).append(header)
                for col in range(c, c + cs):
                    open_above.pop(col, None)
                if merge == "restart":
                    open_above[c] = len(cells) - 1
            c += cs
    return _grid(cells, heads)


def _docx_text(tc: Element) -> str:
    return _text(tc, "p", _DOCX_TEXT)


# --- both ----------------------------------------------------------------------------------


def _grid(cells: list[Cell], heads: dict[int, list[bool]]) -> Unplaced | None:
    """The table, overlapping cells dropped (a damaged file), leading all-header rows counted."""
    if not cells:
        return None
    taken: set[tuple[int, int]] = set()
    kept = []
    for cell in sorted(cells, key=lambda x: (x.r, x.c)):
        slots = {(cell.r + i, cell.c + j) for i in range(cell.rs) for j in range(cell.cs)}
        if slots & taken:
            continue
        taken |= slots
        kept.append(cell)
    header = 0
    while heads.get(header) and all(heads[header]):
        header += 1
    n_rows = max(c.r + c.rs for c in kept)
    n_cols = max(c.c + c.cs for c in kept)
    return Unplaced(tuple(kept), n_rows, n_cols, None, min(header, n_rows))
