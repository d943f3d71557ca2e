"""Their tables: another extractor's output read into core ``Table``s.

Formats, decided by the file's first bytes (never by its name):

- JSON with ``{"pages": [{"page", "tables": [{"bbox"?, "cells": [{"r", "c", "rs"?, "cs"?,
  "text", "bbox"?}]}]}]}``: this project's ``detect --json`` and the generic cells shape.
  Boxes are PDF points, top-left origin, unrotated page space. Tables without cell boxes are
  placed on the page by their texts (see ``placement``).
- HTML (every ``<table>``; ``rowspan``/``colspan`` respected), Markdown (pipe tables,
  separated by other lines) and CSV (one table per file): no coordinates, no page; they are
  placed on the page whose words match their cells best.

A ``Loaded`` value keeps tables that still need placing apart from placed ones, so a file is
read once and placed per page on demand.
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from ..core.infra.userfiles import SOURCE_LIMIT, InputError, loads_json, read_bytes
from ..core.limits import grid_problem, span_problem
from ..core.types import Cell, Rect, Table

Grid = list[list[str]]  # row-major cell texts of a table with no coordinates
ZERO = Rect(0, 0, 0, 0)


class SourceError(Exception):
    """Their file cannot be read; the message is one line for the user."""


@dataclass(frozen=True)
class Unplaced:
    """A table without coordinates: its cells (spans kept), if the source said, its page, and
    how many leading rows it marks as headers."""

    cells: tuple[Cell, ...]
    n_rows: int
    n_cols: int
    page: int | None = None
    header_rows: int = 0


@dataclass(frozen=True)
class Loaded:
    """What a source file holds: ``placed[page]`` tables with boxes, and tables to place."""

    name: str
    kind: str  # "json", "html", "markdown" or "csv"
    placed: dict[int, list[Table]] = field(default_factory=dict)
    unplaced: tuple[Unplaced, ...] = ()


def sniff_kind(data: bytes) -> str:
    """"json", "html", "markdown" or "csv", from the first bytes (BOM and blanks skipped)."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head[:1] in (b"{", b"["):
        return "json"
    if head.startswith((b"<!doctype", b"<html", b"<table", b"<body", b"<div", b"<meta", b"<?xml")) or b"<table" in head:
        return "html"
    lines = [ln.strip() for ln in head.decode("utf-8", "replace").splitlines()[:50]]
    if any(ln.startswith("|") and set(ln.replace("|", "").strip()) <= set("-: ") and "-" in ln for ln in lines):
        return "markdown"
    return "csv"


def load(path: str | Path) -> Loaded:
    """Read ``path``; ``SourceError`` names what is wrong with it."""
    p = Path(path)
    try:
        data = read_bytes(p, "compare source", SOURCE_LIMIT)  # a regular file of sane size only
    except InputError as exc:
        raise SourceError(str(exc)) from None
    kind = sniff_kind(data)
    if kind == "csv" and _binary(data):
        raise SourceError(f"{p}: binary data, not a table (JSON, HTML, Markdown or CSV)")
    text = data.decode("utf-8-sig", errors="replace").replace("\x00", " ")
    if kind == "json":
        return _from_json(str(p), text)
    try:
        grids = {"html": html_tables, "markdown": markdown_tables, "csv": csv_tables}[kind](text)
    except csv.Error as exc:
        raise SourceError(f"{p}: not a CSV table this reader can take ({exc})") from None
    except SourceError as exc:
        raise SourceError(f"{p}: {exc}") from None
    if not grids:
        raise SourceError(f"{p}: no table found in this {kind.upper()} file")
    return Loaded(p.name, kind, {}, tuple(grids))


# --- JSON ---------------------------------------------------------------------------------


def _binary(data: bytes) -> bool:
    """Bytes no text table holds: NULs, or many control characters, in the first 4 KB."""
    head = data[:4096]
    controls = sum(b < 32 and b not in (9, 10, 13) for b in head)
    return b"\x00" in head or controls > len(head) // 20


def _from_json(name: str, text: str) -> Loaded:
    try:
        data = loads_json(text, "compare source", name)  # depth-limited, finite numbers only
    except InputError as exc:
        raise SourceError(str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("pages"), list):
        raise SourceError(f'{name}: expected {{"pages": [{{"page", "tables": [...]}}]}}')
    placed: dict[int, list[Table]] = {}
    unplaced: list[Unplaced] = []
    for i, page in enumerate(data["pages"]):
        where = f"{name}: pages[{i}]"
        number = _int(page, "page", where)
        for k, t in enumerate(_list(page, "tables", where)):
            cells = tuple(_cell(c, f"{where}.tables[{k}].cells[{m}]") for m, c in enumerate(_list(t, "cells", where)))
            if not cells:
                continue
            n_rows = max(c.r + c.rs for c in cells)
            n_cols = max(c.c + c.cs for c in cells)
            too_large = grid_problem(n_rows, n_cols)
            if too_large:
                raise SourceError(f"{where}.tables[{k}]: {too_large}")
            if all(c.bbox.area > 0 for c in cells if c.text.strip()):
                box = _box(t["bbox"], where) if t.get("bbox") else Rect.bounding([c.bbox for c in cells])
                placed.setdefault(number, []).append(Table(box, n_rows, n_cols, cells, page=number))
            else:
                unplaced.append(Unplaced(cells, n_rows, n_cols, number))
    return Loaded(Path(name).name, "json", placed, tuple(unplaced))


def _cell(c: Any, where: str) -> Cell:
    if not isinstance(c, dict):
        raise SourceError(f"{where}: a cell must be an object")
    r, col = _int(c, "r", where), _int(c, "c", where)
    rs, cs = _span_of(c, "rs", where), _span_of(c, "cs", where)
    if min(r, col) < 0 or min(rs, cs) < 1:
        raise SourceError(f"{where}: r and c must be >= 0, rs and cs >= 1")
    too_large = span_problem(r, col, rs, cs)  # before any grid of that size is made
    if too_large:
        raise SourceError(f"{where}: {too_large}")
    box = _box(c["bbox"], where) if c.get("bbox") else ZERO
    return Cell(r, col, rs, cs, str(c.get("text", "") or ""), box)


def _span_of(c: dict[str, Any], key: str, where: str) -> int:
    value = c.get(key, 1)
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, int):
        raise SourceError(f'{where}: "{key}" must be a whole number >= 1 (got {str(value)[:20]!r})')
    return value


def _int(obj: Any, key: str, where: str) -> int:
    if not isinstance(obj, dict) or isinstance(obj.get(key), bool) or not isinstance(obj.get(key), int):
        raise SourceError(f'{where}: "{key}" must be a whole number')
    return int(obj[key])


def _list(obj: Any, key: str, where: str) -> list[Any]:
    value = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(value, list):
        raise SourceError(f'{where}: "{key}" must be a list')
    return value


def _box(value: Any, where: str) -> Rect:
    try:
        x0, y0, x1, y1 = (float(v) for v in value)
    except (TypeError, ValueError, OverflowError):
        raise SourceError(f"{where}: a bbox is [x0, y0, x1, y1] in points") from None
    if not all(math.isfinite(v) for v in (x0, y0, x1, y1)):
        raise SourceError(f"{where}: a bbox holds a number that is not finite")
    return Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


# --- coordinate-free tables ---------------------------------------------------------------


def from_grid(rows: list[list[tuple[str, int, int]]], page: int | None = None) -> Unplaced | None:
    """Cells from rows of (text, rowspan, colspan) as HTML lays them out (spans push later
    cells right); None for a table with no cell."""
    taken: set[tuple[int, int]] = set()
    cells = []
    for r, row in enumerate(rows):
        c = 0
        for text, rs, cs in row:
            while (r, c) in taken:
                c += 1
            too_large = span_problem(r, c, rs, cs)  # before its slots are taken
            if too_large:
                raise SourceError(f"row {r + 1}: {too_large}")
            cells.append(Cell(r, c, rs, cs, text.strip(), ZERO))
            taken.update((r + i, c + j) for i in range(rs) for j in range(cs))
            c += cs
    if not cells:
        return None
    return Unplaced(tuple(cells), max(r for r, _ in taken) + 1, max(c for _, c in taken) + 1, page)


def csv_tables(text: str) -> list[Unplaced]:
    """One table: every CSV row (delimiter sniffed among , ; tab |)."""
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows = [[(cell, 1, 1) for cell in row] for row in csv.reader(io.StringIO(text), dialect) if any(row)]
    table = from_grid(rows)
    return [table] if table else []


_SEPARATOR = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")


def markdown_tables(text: str) -> list[Unplaced]:
    """Every pipe table: a run of lines starting with "|"; separator lines are dropped and
    "<br>" inside a cell is a line break."""
    out, run = [], []  # type: list[Unplaced], list[str]
    for line in [*text.splitlines(), ""]:
        if line.strip().startswith("|"):
            run.append(line.strip())
            continue
        rows = [_md_cells(ln) for ln in run if not _SEPARATOR.match(ln)]
        table = from_grid([[(c, 1, 1) for c in row] for row in rows]) if rows else None
        if table:
            out.append(table)
        run = []
    return out


def _md_cells(line: str) -> list[str]:
    body = line.strip().removeprefix("|").removesuffix("|")
    parts = re.split(r"(?<!\\)\|", body)
    return [p.strip().replace("\\|", "|").replace("<br>", "\n") for p in parts]


class _HtmlTables(HTMLParser):
    """Collects every table's rows of (text, rowspan, colspan); nested tables are flattened
    into their cell's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[tuple[str, int, int]]]] = []
        self.depth = 0
        self.cell: list[str] | None = None
        self.span = (1, 1)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.depth += 1
            if self.depth == 1:
                self.tables.append([])
        elif self.depth == 1 and tag == "tr":
            self.tables[-1].append([])
        elif self.depth == 1 and tag in ("td", "th") and self.tables and self.tables[-1]:
            a = dict(attrs)
            self.cell, self.span = [], (_span(a.get("rowspan")), _span(a.get("colspan")))
        elif tag == "br" and self.cell is not None:
            self.cell.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.depth -= 1
        elif self.depth == 1 and tag in ("td", "th") and self.cell is not None:
            text = re.sub(r"[ \t\r\f\v]+", " ", "".join(self.cell))
            self.tables[-1][-1].append(("\n".join(ln.strip() for ln in text.split("\n")).strip(), *self.span))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data.replace("\n", " "))


def _span(value: str | None) -> int:
    try:
        return max(1, min(int(value or 1), 1000))
    except ValueError:
        return 1


def html_tables(text: str) -> list[Unplaced]:
    parser = _HtmlTables()
    parser.feed(text)
    parser.close()
    return [t for t in (from_grid(rows) for rows in parser.tables) if t is not None]
