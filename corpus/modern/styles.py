"""Tables in the styles documents use today, written into a python-docx document.

Each style builder adds a title paragraph, one table and (for some) text under it, and
returns a ``Made`` saying what it drew. Shading and borders are Word's own (cell ``w:shd``,
``w:tcBorders``, built-in table styles), which LibreOffice turns into filled rectangles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from docx.document import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Cm, Pt, RGBColor
from docx.table import Table, _Cell

from .content import Content

DARK = ("1F4E79", "833C0B", "375623", "7030A0", "2F5597", "404040", "C00000")
LIGHT = ("DEEAF6", "FBE4D5", "E2EFD9", "EDE7F6", "F2F2F2", "FFF2CC", "DDEBF7")
BUILTIN_ZEBRA = ("Light Shading Accent 1", "Light Shading Accent 5", "Medium Shading 1 Accent 1",
                 "Light List Accent 2", "Medium List 1 Accent 6")
BUILTIN_OTHER = ("Medium Grid 3 Accent 1", "Colorful List Accent 5", "Medium Shading 2 Accent 2",
                 "Light Grid Accent 4", "Dark List Accent 1", "Colorful Grid Accent 6", "Medium List 2 Accent 1",
                 "Medium Grid 1 Accent 3", "Colorful Shading Accent 2", "Medium Shading 1 Accent 4")


@dataclass
class Made:
    """What a builder drew: ``style`` (the corpus slice), ``detail`` (e.g. the Word style),
    ``post`` (drawn on the PDF afterwards: "watermark", "chart")."""

    style: str
    detail: str = ""
    post: str = ""
    extra: dict[str, str] = field(default_factory=dict)


# ---- low-level Word XML ---------------------------------------------------------------------

def shade(cell: _Cell, fill: str) -> None:
    shd = OxmlElement("w:shd")
    shd.set(qn("w:val"), "clear")
    shd.set(qn("w:color"), "auto")
    shd.set(qn("w:fill"), fill)
    cell._tc.get_or_add_tcPr().append(shd)


def cell_borders(cell: _Cell, color: str = "FFFFFF", sz: int = 24, val: str = "single",
                 sides: tuple[str, ...] = ("top", "left", "bottom", "right")) -> None:
    tc_pr = cell._tc.get_or_add_tcPr()
    b = OxmlElement("w:tcBorders")
    for s in sides:
        e = OxmlElement(f"w:{s}")
        e.set(qn("w:val"), val)
        e.set(qn("w:sz"), str(sz))
        e.set(qn("w:color"), color)
        b.append(e)
    tc_pr.insert(0, b) if len(tc_pr) == 0 else tc_pr.append(b)


def table_borders(table: Table, val: str = "nil", sz: int = 4, color: str = "000000",
                  sides: tuple[str, ...] = ("top", "left", "bottom", "right", "insideH", "insideV")) -> None:
    tbl_pr = table._tbl.tblPr
    b = OxmlElement("w:tblBorders")
    for s in sides:
        e = OxmlElement(f"w:{s}")
        e.set(qn("w:val"), val)
        if val != "nil":
            e.set(qn("w:sz"), str(sz))
            e.set(qn("w:color"), color)
        b.append(e)
    tbl_pr.append(b)


def repeat_header(table: Table, rows: int = 1) -> None:
    for row in table.rows[:rows]:
        e = OxmlElement("w:tblHeader")
        e.set(qn("w:val"), "true")
        row._tr.get_or_add_trPr().append(e)


def put(cell: _Cell, text: str, bold: bool = False, color: str | None = None, size: float = 9,
        right: bool = False, italic: bool = False) -> None:
    """Cell text (paragraphs split on "\\n") in one run each."""
    lines = text.split("\n")
    cell.text = ""
    for i, line in enumerate(lines):
        p = cell.paragraphs[0] if i == 0 else cell.add_paragraph()
        p.paragraph_format.space_after = Pt(0)
        p.paragraph_format.space_before = Pt(1)
        if right:
            p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
        run = p.add_run(line)
        run.font.size = Pt(size)
        run.bold = bold
        run.italic = italic
        if color:
            run.font.color.rgb = RGBColor.from_string(color)


def widths(table: Table, cms: list[float]) -> None:
    table.autofit = False
    for col, w in zip(table.columns, cms, strict=False):
        col.width = Cm(w)
    for row in table.rows:
        for cell, w in zip(row.cells, cms, strict=False):
            cell.width = Cm(w)


def heading(doc: Document, text: str) -> None:
    p = doc.add_paragraph()
    r = p.add_run(text)
    r.bold = True
    r.font.size = Pt(11)
    p.paragraph_format.space_before = Pt(10)
    p.paragraph_format.keep_with_next = True


def note(doc: Document, text: str, size: float = 7.5) -> None:
    p = doc.add_paragraph()
    p.paragraph_format.space_after = Pt(0)
    r = p.add_run(text)
    r.font.size = Pt(size)


# ---- a plain numeric table that styles decorate ----------------------------------------------

def numeric(doc: Document, c: Content, n_rows: int, n_cols: int, wrap: bool = False,
            head: list[str] | None = None) -> tuple[Table, list[list[str]]]:
    """A table with a header row, labels in column 0 and numbers elsewhere."""
    head = head or ["", *(c.years(n_cols - 1) if c.rng.random() < 0.5 else c.quarters(n_cols - 1))]
    if not head[0]:
        head[0] = c.rng.choice(("Item", "Region", "Indicator", "Line", "Segment"))
    kinds = c.kinds(n_cols - 1)
    rows = [head] + [[label, *(c.number(k) for k in kinds)] for label in c.labels(n_rows - 1, wrap)]
    table = doc.add_table(rows=n_rows, cols=n_cols)
    for r, row in enumerate(rows):
        for k, text in enumerate(row):
            put(table.cell(r, k), text, bold=r == 0, right=k > 0)
    repeat_header(table)  # the header row is marked as one (TH in the tags), as authors do
    return table, rows


def keep_together(table: Table) -> None:
    """Every paragraph but the last row's kept with the next: the table is not split over pages."""
    for row in table.rows[:-1]:
        for cell in row.cells:
            for p in cell.paragraphs:
                p.paragraph_format.keep_with_next = True


def _size(c: Content, lo: int = 4, hi: int = 9) -> tuple[int, int]:
    return c.rng.randint(lo, hi), c.rng.randint(3, 6)


def zebra(doc: Document, c: Content) -> Made:
    n, m = _size(c, 5, 12)
    table, _ = numeric(doc, c, n, m)
    if c.rng.random() < 0.5:
        table.style = c.rng.choice(BUILTIN_ZEBRA)
        return Made("zebra", table.style.name)
    table_borders(table)
    band = c.rng.choice(LIGHT)
    for r, row in enumerate(table.rows):
        if r % 2 == 1:
            for cell in row.cells:
                shade(cell, band)
    return Made("zebra", f"direct shading {band}")


def header_band(doc: Document, c: Content) -> Made:
    n, m = _size(c)
    table, rows = numeric(doc, c, n, m)
    table_borders(table, "single", 4, "BFBFBF", ("bottom", "insideH")) if c.rng.random() < 0.5 else table_borders(table)
    fill = c.rng.choice(DARK)
    for k, cell in enumerate(table.rows[0].cells):
        shade(cell, fill)
        put(cell, rows[0][k], bold=True, color="FFFFFF", right=k > 0)
    return Made("header_band", f"header {fill}, white text")


def column_shading(doc: Document, c: Content) -> Made:
    n, m = _size(c)
    table, _ = numeric(doc, c, n, max(m, 4))
    table_borders(table)
    fill = c.rng.choice(LIGHT)
    for row in table.rows:
        for k, cell in enumerate(row.cells):
            if k % 2 == 1:
                shade(cell, fill)
    return Made("column_shading", f"odd columns {fill}")


def panels(doc: Document, c: Content) -> Made:
    n, m = _size(c, 3, 6)
    table, rows = numeric(doc, c, n, m)
    table_borders(table)
    head, body = c.rng.choice(DARK), c.rng.choice(LIGHT)
    for r, row in enumerate(table.rows):
        for k, cell in enumerate(row.cells):
            cell_borders(cell, "FFFFFF", c.rng.choice((18, 24, 36)))
            shade(cell, head if r == 0 else body)
            if r == 0:
                put(cell, rows[0][k], bold=True, color="FFFFFF", right=k > 0)
    return Made("panels", f"cells {body} with white gutters")


def section_rows(doc: Document, c: Content) -> Made:
    m = c.rng.randint(3, 5)
    groups = c.rng.randint(2, 3)
    sizes = [c.rng.randint(2, 4) for _ in range(groups)]
    n = 1 + groups + sum(sizes)
    table, rows = numeric(doc, c, n, m)
    table_borders(table, "single", 4, "A6A6A6", ("top", "bottom", "insideH"))
    fill = c.rng.choice(LIGHT)
    r = 1
    for size in sizes:
        merged = table.cell(r, 0).merge(table.cell(r, m - 1))
        put(merged, f"{c.section()}", bold=True)
        shade(merged, fill)
        r += 1 + size
    return Made("section_rows", f"{groups} full-width rows {fill}")


def multi_header(doc: Document, c: Content) -> Made:
    years = c.years(c.rng.randint(2, 3))
    subs = c.rng.choice((["H1", "H2"], ["Actual", "Budget"], ["Units", "Value"]))
    m = 1 + len(years) * len(subs)
    n = 2 + c.rng.randint(3, 7)
    table = doc.add_table(rows=n, cols=m)
    table.style = c.rng.choice(("Table Grid", "Light Grid Accent 1", "Medium Shading 1 Accent 5"))
    for i, y in enumerate(years):
        cell = table.cell(0, 1 + i * len(subs)).merge(table.cell(0, (i + 1) * len(subs)))
        put(cell, y, bold=True)
        for j, s in enumerate(subs):
            put(table.cell(1, 1 + i * len(subs) + j), s, bold=True, right=True)
    first = table.cell(0, 0).merge(table.cell(1, 0))
    put(first, c.rng.choice(("Region", "Segment", "Product line")), bold=True)
    kinds = c.kinds(m - 1)
    for r, label in enumerate(c.labels(n - 2), start=2):
        put(table.cell(r, 0), label)
        for k in range(1, m):
            put(table.cell(r, k), c.number(kinds[k - 1]), right=True)
    repeat_header(table, 2)
    for row in table.rows[:2]:
        for cell in row.cells:
            for p in cell.paragraphs:
                for run in p.runs:
                    run.bold = True
    return Made("multi_header", f"{table.style.name}, {len(years)} x {len(subs)} spanned header")


def multiline(doc: Document, c: Content) -> Made:
    n, m = _size(c, 4, 7)
    m = min(m, 4)
    table, rows = numeric(doc, c, n, m, wrap=True)
    table.style = c.rng.choice(("Table Grid", "Light List Accent 1", "Light Shading Accent 3"))
    if c.rng.random() < 0.5:
        comment = table.add_column(Cm(5)).cells
        put(comment[0], "Comment", bold=True)
        for cell in comment[1:]:
            put(cell, c.phrase() if c.rng.random() < 0.7 else "")
    extra = len(table.columns) > m
    widths(table, [4.5] + [2.0] * (m - 1) + ([5.0] if extra else []))
    return Made("multiline", table.style.name)


def totals(doc: Document, c: Content) -> Made:
    n, m = _size(c)
    table, rows = numeric(doc, c, n, m)
    table_borders(table, "single", 4, "808080", ("top", "bottom"))
    last = table.add_row().cells
    put(last[0], c.rng.choice(("Total", "Group total", "Sum")), bold=True)
    for k in range(1, m):
        put(last[k], c.number("int"), bold=True, right=True)
        cell_borders(last[k], "000000", c.rng.choice((8, 12)), c.rng.choice(("single", "double")), ("top",))
    cell_borders(last[0], "000000", 8, "single", ("top",))
    return Made("totals", "bold total row over a rule")


def watermark(doc: Document, c: Content) -> Made:
    made = (zebra if c.rng.random() < 0.5 else header_band)(doc, c)
    return Made("watermark", f"over {made.style}: {made.detail}", post="watermark")


def continued(doc: Document, c: Content) -> Made:
    table, _ = numeric(doc, c, c.rng.randint(55, 75), c.rng.randint(3, 5))
    table.style = c.rng.choice(BUILTIN_ZEBRA + ("Table Grid",))
    return Made("continued", f"{table.style.name}, header repeated")


def footnotes(doc: Document, c: Content) -> Made:
    n, m = _size(c)
    table, rows = numeric(doc, c, n, m)
    table.style = c.rng.choice(BUILTIN_OTHER)
    marks = ("¹", "²", "³")
    k = c.rng.randint(1, 3)
    for i in range(k):
        r = c.rng.randint(1, n - 1)
        put(table.cell(r, 0), rows[r][0] + marks[i])
    for i in range(k):
        note(doc, f"{marks[i]} {c.phrase()}.")
    note(doc, "Source: company data; figures may not add up because of rounding.")
    return Made("footnotes", f"{table.style.name}, {k} notes")


def chart(doc: Document, c: Content) -> Made:
    n = c.rng.randint(4, 8)
    table, _ = numeric(doc, c, n, 3, head=["Item", *c.years(2)])
    table.style = c.rng.choice(BUILTIN_ZEBRA + BUILTIN_OTHER[:3])
    widths(table, [3.8, 2.2, 2.2])
    return Made("chart", f"{table.style.name}, bar chart beside it", post="chart")


def word_builtin(doc: Document, c: Content) -> Made:
    n, m = _size(c)
    table, _ = numeric(doc, c, n, m)
    table.style = c.rng.choice(BUILTIN_OTHER)
    return Made("word_builtin", table.style.name)


STYLES: dict[str, Callable[[Document, Content], Made]] = {
    f.__name__: f for f in (zebra, header_band, column_shading, panels, section_rows, multi_header,
                            multiline, totals, watermark, continued, footnotes, chart, word_builtin)}
