"""GitHub-flavoured Markdown tables, whole or in header-repeating chunks for retrieval.

GFM tables have exactly one header line, so several header rows are folded into it
("Top / Sub"). Cell text is escaped so it cannot break the table: ``|`` becomes ``\\|``
and line breaks become ``<br>``. Rows whose role makes them labels rather than values (a
"section" heading, a header repeated inside the body) are set in bold so they read as
such; the title goes above the table and the footnote below it as plain lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.types import Table
from .grid import NoHeader, SlotGrid, SpanMode, cell_lines, column_headers, header_row_count, row_role, slot_grid
from .units import caption_unit

_INLINE = re.compile(r"([\\`*_\[\]<>#~&!])")
_PIPE = re.compile(r"(\\*)\|")


@dataclass(frozen=True)
class MarkdownOptions:
    """How a table becomes Markdown.

    ``spans``: a spanning body cell's text in every slot it covers ("repeat") or only its
    top-left one ("empty"). ``header_spans``: the same for header cells before folding.
    ``no_header``: with no header rows, promote the first row or print an empty header.
    ``escape_inline``: also backslash-escape Markdown emphasis/link/HTML characters.
    ``include_title``: print the title above the table. ``include_footnote``: print the
    footnote below it. ``bold_labels``: set section rows and repeated header rows in bold.
    ``include_unit``: print the table's unit line ("单位：万元", found beside it) above it,
    as the source does, so a reader of any chunk knows the scale; cell texts stay as written.
    """

    spans: SpanMode = "empty"
    header_spans: SpanMode = "repeat"
    no_header: NoHeader = "first_row"
    header_sep: str = " / "
    escape_inline: bool = False
    include_title: bool = False
    include_unit: bool = True
    include_footnote: bool = True
    bold_labels: bool = True


def escape(text: str, inline: bool = False) -> str:
    """One Markdown table cell: trimmed, ``|`` -> ``\\|``, line breaks -> ``<br>``."""
    text = cell_lines(text)
    if inline:
        text = _INLINE.sub(r"\\\1", text)
        return text.replace("|", "\\|").replace("\n", "<br>")
    # Backslashes right before a pipe would swallow its escape: double them.
    text = _PIPE.sub(lambda m: m.group(1) * 2 + "\\|", text)
    return text.replace("\n", "<br>")


# Roles whose rows label the rows below them rather than hold values.
LABEL_ROLES = ("section", "header")


def _line(cells: Sequence[str], inline: bool, bold: bool = False) -> str:
    texts = [escape(t, inline) for t in cells]
    if bold:
        texts = [f"**{t}**" if t else t for t in texts]
    return "| " + " | ".join(texts) + " |"


def _paragraph(text: str) -> str:
    """Text outside the table (title, footnote): its lines kept apart by hard line breaks."""
    return "\\\n".join(escape(line) for line in text.splitlines() if line.strip())


def _header_lines(grid: SlotGrid, n_header: int, options: MarkdownOptions) -> list[str]:
    if n_header:
        names = column_headers(grid, n_header, options.header_spans, options.header_sep)
    else:
        names = [""] * grid.n_cols
    return [_line(names, options.escape_inline), "|" + "|".join(["---"] * grid.n_cols) + "|"]


def _body_row(grid: SlotGrid, r: int, first_in_chunk: bool, n_header: int, options: MarkdownOptions) -> list[str]:
    """Row ``r``'s texts; a body row span begun above a chunk is repeated on its first row."""
    out: list[str] = []
    for c in range(grid.n_cols):
        cell = grid.at(r, c)
        carried = first_in_chunk and cell is not None and n_header <= cell.r < r and cell.c == c
        out.append(cell.text if carried and cell is not None else grid.text(r, c, options.spans))
    return out


def _render(table: Table, grid: SlotGrid, n_header: int, rows: Sequence[int],
            options: MarkdownOptions, footnote: bool) -> str:
    lines: list[str] = []
    if options.include_title and table.title.strip():
        lines += [_paragraph(table.title), ""]
    unit = caption_unit(table) if options.include_unit else ""
    if unit:
        lines += [_paragraph(unit), ""]
    lines += _header_lines(grid, n_header, options)
    for i, r in enumerate(rows):
        bold = options.bold_labels and row_role(table, r, n_header) in LABEL_ROLES
        lines.append(_line(_body_row(grid, r, i == 0, n_header, options), options.escape_inline, bold))
    if footnote and options.include_footnote and table.footnote.strip():
        lines += ["", _paragraph(table.footnote)]
    return "\n".join(lines) + "\n"


def dumps(table: Table, options: MarkdownOptions = MarkdownOptions()) -> str:
    """The whole table as one GFM table ending in a newline ("" for a table with no columns)."""
    grid = slot_grid(table)
    if grid.n_cols == 0:
        return ""
    n_header = header_row_count(table, grid, options.no_header)
    return _render(table, grid, n_header, range(n_header, grid.n_rows), options, footnote=True)


def chunk(table: Table, max_rows: int, options: MarkdownOptions = MarkdownOptions()) -> list[str]:
    """The table split into GFM tables of at most ``max_rows`` body rows, each with the header.

    A row-spanning cell cut by a chunk boundary is repeated at the top of the next chunk,
    so every chunk reads on its own. A table with no body rows gives one header-only chunk.
    """
    if max_rows < 1:
        raise ValueError(f"max_rows must be at least 1, got {max_rows}")
    grid = slot_grid(table)
    if grid.n_cols == 0:
        return []
    n_header = header_row_count(table, grid, options.no_header)
    body = list(range(n_header, grid.n_rows))
    parts = [body[i:i + max_rows] for i in range(0, len(body), max_rows)] or [[]]
    return [_render(table, grid, n_header, part, options, footnote=i == len(parts) - 1)
            for i, part in enumerate(parts)]


def dumps_tables(tables: Sequence[Table], options: MarkdownOptions = MarkdownOptions()) -> str:
    """Several tables, each under a heading line naming its page and number."""
    blocks: list[str] = []
    for i, table in enumerate(tables, 1):
        heading = f"## Table {i} (page {table.page})"
        if table.title.strip() and not options.include_title:
            heading += f": {' '.join(table.title.split())}"
        blocks.append(f"{heading}\n\n{dumps(table, options)}")
    return "\n".join(blocks)
