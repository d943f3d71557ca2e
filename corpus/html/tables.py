"""HTML tables as data: cells with spans and CSS, placed on a slot grid, written as HTML
with an id on every cell (so the Story layout can say where each cell went).

A ``HtmlTable`` knows its own structure (the truth): ``placed()`` gives each cell's slot
the way an HTML engine places ``rowspan``/``colspan``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape


@dataclass(frozen=True)
class Cell:
    """One ``td``/``th``: ``text`` (``\\n`` becomes ``<br/>``), spans, extra CSS."""

    text: str
    th: bool = False
    cs: int = 1
    rs: int = 1
    css: str = ""


@dataclass(frozen=True)
class Placed:
    """A cell at its top-left slot ``r``/``c`` with its HTML id."""

    cell: Cell
    r: int
    c: int
    id: str


@dataclass
class HtmlTable:
    """A table to lay out. ``table_css`` styles the ``table``, ``cell_css`` every cell,
    ``row_css[i]`` row i's ``tr``; ``pad`` is the cell padding in points (the truth's outer
    edge is the cells' content boxes grown by it); ``header_rows`` leading rows are headers."""

    style: str
    detail: str
    rows: list[list[Cell]]
    table_css: str = "border-collapse:collapse;width:100%"
    cell_css: str = ""
    row_css: list[str] = field(default_factory=list)
    pad: float = 2.0
    header_rows: int = 1
    side_text: str = ""  # a text column laid out beside the table (the table then takes part of the width)

    @property
    def n_cols(self) -> int:
        return max(p.c + p.cell.cs for p in self.placed(""))

    @property
    def n_rows(self) -> int:
        return len(self.rows)

    def placed(self, tid: str) -> list[Placed]:
        """Cells on their slots, in row order, ids ``TID-k``."""
        taken: set[tuple[int, int]] = set()
        out = []
        for r, row in enumerate(self.rows):
            c = 0
            for cell in row:
                while (r, c) in taken:
                    c += 1
                out.append(Placed(cell, r, c, f"{tid}-{len(out)}"))
                taken.update((r + i, c + j) for i in range(cell.rs) for j in range(cell.cs))
                c += cell.cs
        return out

    def html(self, tid: str) -> str:
        by_row: dict[int, list[Placed]] = {}
        for p in self.placed(tid):
            by_row.setdefault(p.r, []).append(p)
        out = [f'<table id="{tid}" style="{self.table_css}">']
        for r in range(self.n_rows):
            css = self.row_css[r] if r < len(self.row_css) else ""
            out.append(f'<tr style="{css}">' if css else "<tr>")
            for p in by_row.get(r, []):
                tag = "th" if p.cell.th else "td"
                spans = (f' colspan="{p.cell.cs}"' if p.cell.cs > 1 else "") + \
                        (f' rowspan="{p.cell.rs}"' if p.cell.rs > 1 else "")
                text = "<br/>".join(escape(line) for line in p.cell.text.split("\n"))
                out.append(f'<{tag} id="{p.id}"{spans} style="{self.cell_css};{p.cell.css}">{text}</{tag}>')
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)
