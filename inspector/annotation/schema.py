"""The annotation file format: model <-> JSON, validation with exact messages, migration.

Version 2 (current) is described by ``schema.json`` next to this module and in FORMAT.md.
Version 1 was the first, minimal shape (one region per table, no roles, no overrides);
``migrate`` turns it into version 2. A file from a newer version is refused, not guessed at.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..core.limits import MAX_SLOTS, grid_problem
from ..core.types import Rect
from .model import (
    ROLES,
    SOURCES,
    AnnCell,
    AnnTable,
    DocumentAnnotation,
    NotContinued,
    PageInfo,
    ParamPairs,
    PieceRef,
    Region,
    fill_grid,
)

FORMAT = "table-inspector-annotation"
SCHEMA_VERSION = 2
SCHEMA_FILE = Path(__file__).with_name("schema.json")


class AnnotationError(Exception):
    """An annotation file cannot be read, saved or trusted; ``str(err)`` is one line saying why."""


# ---- writing --------------------------------------------------------------------------------

def to_json(ann: DocumentAnnotation) -> dict[str, Any]:
    """The JSON object of the current schema version."""
    return {
        "format": FORMAT,
        "version": SCHEMA_VERSION,
        "tool_version": ann.tool_version,
        "document": {
            "file_name": ann.file_name,
            "sha256": ann.sha256,
            "pages": [{"number": p.number, "width": p.width, "height": p.height, "rotation": p.rotation}
                      for p in ann.pages],
        },
        "notes": ann.notes,
        "tables": [_table_json(t) for t in ann.tables],
        # Written only when there is one, so files without rejections stay readable by
        # versions that predate the key.
        **({"not_continued": [{"first": _piece_json(n.first), "second": _piece_json(n.second)}
                              for n in ann.not_continued]} if ann.not_continued else {}),
    }


def _piece_json(p: PieceRef) -> dict[str, Any]:
    return {"page": p.page, "bbox": list(p.bbox.as_tuple())}


def _table_json(t: AnnTable) -> dict[str, Any]:
    params: dict[str, dict[str, Any]] = {}
    for key, value in t.params:
        stage, _, name = key.partition(".")
        params.setdefault(stage, {})[name] = value
    return {
        "id": t.id, "source": t.source, "verified": t.verified,
        "title": t.title, "footnote": t.footnote, "notes": t.notes,
        "header_rows": t.header_rows, "header_cols": t.header_cols,
        "params": params or None, "tool_version": t.tool_version,
        "regions": [_region_json(r) for r in t.regions],
    }


def _region_json(r: Region) -> dict[str, Any]:
    out: dict[str, Any] = {"page": r.page, "bbox": list(r.bbox.as_tuple())}
    if r.turn:
        out.update(turn=r.turn, page_size=[r.page_w, r.page_h])
    out.update(xs=list(r.xs), ys=list(r.ys), row_roles=list(r.row_roles), cells=[_cell_json(c) for c in r.cells])
    return out


def _cell_json(c: AnnCell) -> dict[str, Any]:
    out: dict[str, Any] = {"r": c.r, "c": c.c, "rs": c.rs, "cs": c.cs, "text": c.text}
    if c.override is not None:
        out["override"] = c.override
    if c.bbox is not None:
        out["bbox"] = list(c.bbox.as_tuple())
    return out


# ---- reading --------------------------------------------------------------------------------

_MISSING = object()


def _get(d: dict[str, Any], key: str, where: str, kind: str, default: Any = _MISSING) -> Any:
    """``d[key]`` checked against ``kind``: str, int, count (int >= 0), span (int >= 1),
    number, bool, list, object, rect, numbers, optional-str."""
    if key not in d:
        if default is _MISSING:
            raise AnnotationError(f"{where}: missing key '{key}'")
        return default
    value = d[key]
    ok, need = _check(value, kind)
    if not ok:
        raise AnnotationError(f"{where}: '{key}' must be {need}, not {_show(value)}")
    if kind == "rect":
        return Rect(*(float(v) for v in value))
    if kind == "numbers":
        return tuple(float(v) for v in value)
    return float(value) if kind == "number" else value


def _check(v: Any, kind: str) -> tuple[bool, str]:
    num = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    checks = {
        "str": (isinstance(v, str), "a string"),
        "optional-str": (v is None or isinstance(v, str), "a string or null"),
        "int": (isinstance(v, int) and not isinstance(v, bool), "an integer"),
        "count": (isinstance(v, int) and not isinstance(v, bool) and v >= 0, "an integer >= 0"),
        "span": (isinstance(v, int) and not isinstance(v, bool) and v >= 1, "an integer >= 1"),
        "number": (num, "a finite number"),
        "bool": (isinstance(v, bool), "true or false"),
        "list": (isinstance(v, list), "a list"),
        "object": (isinstance(v, dict), "an object"),
        "optional-object": (v is None or isinstance(v, dict), "an object or null"),
        "rect": (isinstance(v, list) and len(v) == 4 and all(_check(x, "number")[0] for x in v)
                 and v[0] <= v[2] and v[1] <= v[3], "[x0, y0, x1, y1] with x0 <= x1 and y0 <= y1"),
        "numbers": (isinstance(v, list) and all(_check(x, "number")[0] for x in v), "a list of numbers"),
    }
    return checks[kind]


def _show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _known(d: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    """Refuse unknown keys: a misspelt key would otherwise lose its value silently."""
    extra = [k for k in d if k not in keys]
    if extra:
        raise AnnotationError(f"{where}: unknown key '{extra[0]}' (expected {', '.join(keys)})")


def _objects(d: dict[str, Any], key: str, where: str) -> list[tuple[str, dict[str, Any]]]:
    items = _get(d, key, where, "list")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise AnnotationError(f"{where}: {key}[{i}] must be an object, not {_show(item)}")
        out.append((f"{key}[{i}]", item))
    return out


def from_json(data: Any) -> DocumentAnnotation:
    """Validate and build; older versions are migrated first. Raises ``AnnotationError``."""
    if not isinstance(data, dict):
        raise AnnotationError("the file must hold a JSON object")
    data = migrate(data)
    _known(data, ("format", "version", "tool_version", "document", "notes", "tables", "not_continued"), "top level")
    doc = _get(data, "document", "top level", "object")
    _known(doc, ("file_name", "sha256", "pages"), "document")
    pages = tuple(_page(p, f"document.{label}") for label, p in _objects(doc, "pages", "document"))
    tables = []
    for label, t in _objects(data, "tables", "top level"):
        tid = t.get("id")
        tables.append(_table(t, f"{label} (id '{tid}')" if isinstance(tid, str) else label))
    ann = DocumentAnnotation(
        sha256=_sha(_get(doc, "sha256", "document", "str")),
        file_name=_get(doc, "file_name", "document", "str"),
        pages=pages, tables=tuple(tables),
        notes=_get(data, "notes", "top level", "str", ""),
        tool_version=_get(data, "tool_version", "top level", "str", ""),
        not_continued=tuple(_not_continued(n, label) for label, n in
                            (_objects(data, "not_continued", "top level") if "not_continued" in data else [])),
    )
    problems = ann.problems()
    if problems:
        raise AnnotationError(problems[0] + (f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""))
    return ann


def _not_continued(n: dict[str, Any], where: str) -> NotContinued:
    _known(n, ("first", "second"), where)
    refs = []
    for key in ("first", "second"):
        ref = _get(n, key, where, "object")
        _known(ref, ("page", "bbox"), f"{where}.{key}")
        refs.append(PieceRef(_get(ref, "page", f"{where}.{key}", "span"), _get(ref, "bbox", f"{where}.{key}", "rect")))
    return NotContinued(*refs)


def _sha(value: str) -> str:
    if len(value) != 64 or any(ch not in "0123456789abcdef" for ch in value.lower()):
        raise AnnotationError(f"document: 'sha256' must be 64 hexadecimal digits, not {_show(value)}")
    return value.lower()


def _page(p: dict[str, Any], where: str) -> PageInfo:
    _known(p, ("number", "width", "height", "rotation"), where)
    rotation = _get(p, "rotation", where, "int", 0)
    if rotation not in (0, 90, 180, 270):
        raise AnnotationError(f"{where}: 'rotation' must be 0, 90, 180 or 270, not {rotation}")
    return PageInfo(_get(p, "number", where, "span"), _get(p, "width", where, "number"),
                    _get(p, "height", where, "number"), rotation)


def _table(t: dict[str, Any], where: str) -> AnnTable:
    _known(t, ("id", "source", "verified", "title", "footnote", "notes", "header_rows", "header_cols",
               "params", "tool_version", "regions"), where)
    regions = tuple(_region(r, f"{where}: {label}") for label, r in _objects(t, "regions", where))
    params = _get(t, "params", where, "optional-object", None) or {}
    source = _get(t, "source", where, "str", "manual")
    if source not in SOURCES:
        raise AnnotationError(f"{where}: unknown source '{source}' (use {', '.join(SOURCES)})")
    return AnnTable(
        id=_get(t, "id", where, "str"), regions=regions,
        header_rows=_get(t, "header_rows", where, "count", 0),
        header_cols=_get(t, "header_cols", where, "count", 0),
        title=_get(t, "title", where, "str", ""), footnote=_get(t, "footnote", where, "str", ""),
        verified=_get(t, "verified", where, "bool", False), notes=_get(t, "notes", where, "str", ""),
        source=source, params=_params(params, where),
        tool_version=_get(t, "tool_version", where, "str", ""),
    )


def _params(params: dict[str, Any], where: str) -> ParamPairs:
    pairs = []
    for stage, values in params.items():
        if not isinstance(values, dict):
            raise AnnotationError(f"{where}: params.{stage} must be an object of field values")
        for name, value in values.items():
            if not isinstance(value, (int, float, bool, str)):  # text: e.g. ocr.lang, ocr.mode
                raise AnnotationError(f"{where}: params.{stage}.{name} must be a number, true/false or text")
            if isinstance(value, float) and not math.isfinite(value):  # JSON's NaN/Infinity: never saved again
                raise AnnotationError(f"{where}: params.{stage}.{name} is {value}: must be a finite number")
            pairs.append((f"{stage}.{name}", value))
    return tuple(sorted(pairs))


def _region(r: dict[str, Any], where: str) -> Region:
    _known(r, ("page", "bbox", "turn", "page_size", "xs", "ys", "row_roles", "cells"), where)
    turn = _get(r, "turn", where, "int", 0)
    size = _get(r, "page_size", where, "numbers", (0.0, 0.0))
    if turn not in (0, 90, 180, 270) or (turn and (len(size) != 2 or min(size) <= 0)):
        raise AnnotationError(f"{where}: 'turn' must be 0, 90, 180 or 270, and a turned region needs "
                              "'page_size': [width, height]")
    roles = _get(r, "row_roles", where, "list", [])
    bad = [x for x in roles if x not in ROLES]
    if bad:
        raise AnnotationError(f"{where}: unknown row role {_show(bad[0])} (use {', '.join(ROLES)})")
    xs, ys = _get(r, "xs", where, "numbers"), _get(r, "ys", where, "numbers")
    too_large = grid_problem(len(ys) - 1, len(xs) - 1)
    raw_cells = r.get("cells")
    if too_large is None and isinstance(raw_cells, list) and len(raw_cells) > MAX_SLOTS:
        too_large = f"{len(raw_cells)} cells: more than {MAX_SLOTS}, more than a page could hold"
    if too_large:  # before a cell is read: a million cells take a minute to check one by one
        raise AnnotationError(f"{where}: {too_large}")
    cells = tuple(_cell(c, f"{where}.{label}") for label, c in _objects(r, "cells", where))
    return Region(_get(r, "page", where, "span"), _get(r, "bbox", where, "rect"), xs, ys, cells, tuple(roles), turn,
                  *(size if turn else (0.0, 0.0)))


def _cell(c: dict[str, Any], where: str) -> AnnCell:
    _known(c, ("r", "c", "rs", "cs", "text", "override", "bbox"), where)
    return AnnCell(_get(c, "r", where, "count"), _get(c, "c", where, "count"), _get(c, "rs", where, "span", 1),
                   _get(c, "cs", where, "span", 1), _get(c, "text", where, "str", ""),
                   _get(c, "override", where, "optional-str", None), _get(c, "bbox", where, "rect", None))


# ---- migration ------------------------------------------------------------------------------

def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a parsed file of any known version to the current one (a new dict)."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise AnnotationError(f"'version' must be an integer schema version, not {_show(version)}")
    if version > SCHEMA_VERSION:
        raise AnnotationError(f"written by a newer Table Inspector (schema version {version}); "
                              f"this one reads versions 1 to {SCHEMA_VERSION}")
    if version < 1:
        raise AnnotationError(f"unknown schema version {version}")
    if version == 1:
        data = _v1_to_v2(data)
    if data.get("format") != FORMAT:
        raise AnnotationError(f"'format' must be \"{FORMAT}\", not {_show(data.get('format'))}")
    return data


def _v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    """Version 1: {"version": 1, "pdf_name", "pdf_sha256", "page_sizes": [[w, h], ...],
    "tables": [{"page", "cols", "rows", "header_rows", "cells": [{"row", "col", "rowspan",
    "colspan", "text"}]}]}: one region per table, no rotation, roles, overrides or ids."""
    sizes = _get(old, "page_sizes", "top level", "list")
    pages = []
    for i, s in enumerate(sizes):
        if not (isinstance(s, list) and len(s) == 2 and all(_check(x, "number")[0] for x in s)):
            raise AnnotationError(f"page_sizes[{i}] must be [width, height], not {_show(s)}")
        pages.append({"number": i + 1, "width": s[0], "height": s[1], "rotation": 0})
    tables = [_v1_table(t, i, f"tables[{i}]") for i, (_, t) in enumerate(_objects(old, "tables", "top level"))]
    return {"format": FORMAT, "version": SCHEMA_VERSION, "tool_version": "",
            "document": {"file_name": _get(old, "pdf_name", "top level", "str"),
                         "sha256": _get(old, "pdf_sha256", "top level", "str"), "pages": pages},
            "notes": "", "tables": tables}


def _v1_table(t: dict[str, Any], i: int, where: str) -> dict[str, Any]:
    xs = list(_get(t, "cols", where, "numbers"))
    ys = list(_get(t, "rows", where, "numbers"))
    hr = _get(t, "header_rows", where, "count", 0)
    cells = [AnnCell(_get(c, "row", f"{where}.{lab}", "count"), _get(c, "col", f"{where}.{lab}", "count"),
                     _get(c, "rowspan", f"{where}.{lab}", "span", 1), _get(c, "colspan", f"{where}.{lab}", "span", 1),
                     _get(c, "text", f"{where}.{lab}", "str", ""))
             for lab, c in _objects(t, "cells", where)]
    if len(xs) < 2 or len(ys) < 2:
        raise AnnotationError(f"{where}: 'cols' and 'rows' need at least two boundaries each")
    n_rows = len(ys) - 1
    region = {"page": _get(t, "page", where, "span"), "bbox": [xs[0], ys[0], xs[-1], ys[-1]], "xs": xs, "ys": ys,
              "row_roles": ["header" if r < hr else "data" for r in range(n_rows)],
              "cells": [_cell_json(c) for c in fill_grid(cells, n_rows, len(xs) - 1)]}
    return {"id": f"t{i + 1}", "source": "manual", "verified": False, "header_rows": hr, "header_cols": 0,
            "regions": [region]}
