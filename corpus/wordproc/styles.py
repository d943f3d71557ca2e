"""Ruled tables as word processors draw them, written into a python-docx document.

Each builder adds one table (``twin``: two) after the title paragraph the document writer
put before it and returns one ``Made`` per table. The rules are Word's own borders (table
``w:tblBorders``, cell ``w:tcBorders``, built-in styles), the shading ``w:shd``, the spans
``gridSpan`` and ``vMerge`` (python-docx's ``merge``): LibreOffice draws them as lines and
filled rectangles. The low-level helpers are ``corpus.modern.styles``'s.
"""

from __future__ import annotations

from collections.abc import Callable

from docx.document import Document
from docx.enum.section import WD_SECTION
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.oxml.section import CT_SectPr
from docx.shared import Pt
from docx.table import Table, _Cell

from ..modern.content import Content
from ..modern.styles import DARK, LIGHT, Made, cell_borders, put, repeat_header, shade, table_borders, widths

BULLETS = ("Applies from the first of the month", "Paid monthly in arrears", "Capped at the annual limit",
           "Subject to a credit check", "Free for the first year", "Not available online",
           "Renewed automatically", "Two weeks' notice")
KO = ("대출 금리", "예금 상품", "수수료", "기본 금리", "우대 금리", "가입 기간", "적용 대상", "최고 한도", "개인 고객", "법인 고객")
ZH = ("营业收入", "营业成本", "净利润", "总资产", "所有者权益", "经营活动现金流", "每股收益", "研发投入", "应收账款", "存货")
CJK_FONT = "WenQuanYi Micro Hei"
GREYS = ("000000", "404040", "7F7F7F", "A6A6A6")


def grid(table: Table, c: Content, color: str | None = None) -> str:
    """Every border of ``table`` drawn (one width and colour); the colour, for ``detail``."""
    color = color or c.rng.choice(GREYS)
    table_borders(table, "single", c.rng.choice((4, 6, 8)), color)
    return color


def filled(doc: Document, c: Content, n: int, m: int, size: float = 9, wrap: bool = False) -> Table:
    """A header row, labels in column 0 (``wrap``: some long) and numbers right-aligned."""
    head = [c.rng.choice(("Item", "Product", "Region", "Service")), *(c.years(m - 1) if m <= 6 else c.quarters(m - 1))]
    kinds = c.kinds(m - 1)
    table = doc.add_table(rows=n, cols=m)
    for k, text in enumerate(head):
        put(table.cell(0, k), text, bold=True, right=k > 0, size=size)
    for r, label in enumerate(c.labels(n - 1, wrap), start=1):
        put(table.cell(r, 0), label, size=size)
        for k in range(1, m):
            put(table.cell(r, k), c.number(kinds[k - 1]), right=True, size=size)
    repeat_header(table)
    return table


def bullets(cell: _Cell, lead: str, items: list[str], size: float = 9) -> None:
    """``lead`` then one "List Bullet" paragraph per item."""
    put(cell, lead, size=size)
    for item in items:
        p = cell.add_paragraph(style="List Bullet")
        p.paragraph_format.space_after = Pt(0)
        p.add_run(item).font.size = Pt(size)


def band(table: Table, fill: str, rows: int = 1) -> None:
    """A dark band over the first ``rows`` rows, its text white and bold."""
    for row in table.rows[:rows]:
        for cell in row.cells:
            shade(cell, fill)
            for p in cell.paragraphs:
                for run in p.runs:
                    run.font.color.rgb = None
                    run.bold = True
                    rpr = run._r.get_or_add_rPr()
                    col = OxmlElement("w:color")
                    col.set(qn("w:val"), "FFFFFF")
                    rpr.append(col)


def full_grid(doc: Document, c: Content) -> list[Made]:
    n, m = c.rng.randint(4, 9), c.rng.randint(3, 6)
    table = filled(doc, c, n, m, wrap=c.rng.random() < 0.5)
    return [Made("full_grid", f"grid {grid(table, c)}")]


def horizontal(doc: Document, c: Content) -> list[Made]:
    """Rules between rows only, multi-line labels and notes."""
    n, m = c.rng.randint(4, 8), c.rng.randint(3, 5)
    table = filled(doc, c, n, m, wrap=True)
    color = c.rng.choice(GREYS)
    table_borders(table, "single", c.rng.choice((4, 8)), color, ("top", "bottom", "insideH"))
    widths(table, [c.rng.uniform(3.5, 5.0)] + [2.2] * (m - 1))
    return [Made("horizontal", f"rules between rows {color}")]


def outer(doc: Document, c: Content) -> list[Made]:
    n, m = c.rng.randint(3, 7), c.rng.randint(3, 5)
    table = filled(doc, c, n, m)
    table_borders(table, "single", 8, c.rng.choice(GREYS), ("top", "left", "bottom", "right"))
    return [Made("outer", "outer border only")]


def header_dark(doc: Document, c: Content) -> list[Made]:
    n, m = c.rng.randint(4, 9), c.rng.randint(3, 6)
    table = filled(doc, c, n, m, wrap=c.rng.random() < 0.4)
    color = grid(table, c, c.rng.choice(("A6A6A6", "BFBFBF", "7F7F7F")))
    fill = c.rng.choice(DARK)
    band(table, fill)
    return [Made("header_dark", f"band {fill}, grid {color}")]


def banded(doc: Document, c: Content) -> list[Made]:
    n, m = c.rng.randint(5, 11), c.rng.randint(3, 5)
    table = filled(doc, c, n, m)
    table_borders(table, "single", 4, c.rng.choice(GREYS), ("top", "bottom", "insideH"))
    fill = c.rng.choice(LIGHT)
    for r, row in enumerate(table.rows):
        if r % 2 == 0 and r:
            for cell in row.cells:
                shade(cell, fill)
    band(table, c.rng.choice(DARK))
    return [Made("banded", f"bands {fill}, rules between rows")]


def merged(doc: Document, c: Content) -> list[Made]:
    """A grid with a horizontal span in the header and vertical spans down column 0."""
    m = c.rng.randint(4, 6)
    groups = [c.rng.randint(2, 3) for _ in range(c.rng.randint(2, 3))]
    n = 2 + sum(groups)
    table = doc.add_table(rows=n, cols=m)
    put(table.cell(0, 0).merge(table.cell(1, 0)), c.rng.choice(("Segment", "Region")), bold=True)
    put(table.cell(0, 1).merge(table.cell(1, 1)), "Line", bold=True)
    put(table.cell(0, 2).merge(table.cell(0, m - 1)), c.rng.choice(("Amounts", "Results", "Volumes")), bold=True)
    for k, y in enumerate(c.years(m - 2), start=2):
        put(table.cell(1, k), y, bold=True, right=True)
    r = 2
    labels = c.labels(sum(groups))
    for g in groups:
        put(table.cell(r, 0).merge(table.cell(r + g - 1, 0)), c.section())
        for i in range(g):
            put(table.cell(r + i, 1), labels.pop())
            for k in range(2, m):
                put(table.cell(r + i, k), c.number("int"), right=True)
        r += g
    repeat_header(table, 2)
    return [Made("merged", f"grid {grid(table, c)}, gridSpan and vMerge")]


def listed(doc: Document, c: Content) -> list[Made]:
    """Cells of several paragraphs and bullet lists beside one-line values."""
    n = c.rng.randint(3, 6)
    table = doc.add_table(rows=n, cols=3)
    for k, h in enumerate(("Product", "Conditions", "Fee")):
        put(table.cell(0, k), h, bold=True, right=k == 2)
    for r in range(1, n):
        put(table.cell(r, 0), f"{c.rng.choice(('Account', 'Card', 'Loan', 'Plan'))} {c.rng.choice('ABCDEFG')}"
            + (f"\n{c.phrase()}" if c.rng.random() < 0.4 else ""))
        bullets(table.cell(r, 1), c.phrase(), c.rng.sample(BULLETS, c.rng.randint(1, 3)))
        put(table.cell(r, 2), c.number("cur") if c.rng.random() < 0.8 else "", right=True)
    widths(table, [3.5, 8.0, 2.5])
    ruled = c.rng.random() < 0.5
    if ruled:
        grid(table, c)
    else:
        table_borders(table, "single", 6, c.rng.choice(GREYS), ("top", "bottom", "insideH"))
    return [Made("listed", "grid" if ruled else "rules between rows")]


def sparse(doc: Document, c: Content) -> list[Made]:
    """Empty cells here and there (never a whole row)."""
    n, m = c.rng.randint(4, 9), c.rng.randint(4, 6)
    table = filled(doc, c, n, m)
    for r in range(1, n):
        for k in c.rng.sample(range(1, m), c.rng.randint(0, 2)):
            put(table.cell(r, k), "", right=True)
    return [Made("sparse", f"grid {grid(table, c)}")]


def narrow(doc: Document, c: Content) -> list[Made]:
    """Many narrow columns whose headers wrap over two or three lines."""
    m = c.rng.randint(6, 8)
    n = c.rng.randint(3, 7)
    table = doc.add_table(rows=n, cols=m)
    heads = ["Description", "Outstanding balance", "Interest rate", "Monthly instalment", "Remaining term",
             "Early repayment fee", "Collateral value", "Arrangement charges"]
    for k in range(m):
        put(table.cell(0, k), heads[k], bold=True, size=8)
    for r, label in enumerate(c.labels(n - 1, wrap=True), start=1):
        put(table.cell(r, 0), label, size=8)
        for k in range(1, m):
            put(table.cell(r, k), c.number(c.rng.choice(("int", "pct", "dec"))), right=True, size=8)
    widths(table, [3.6] + [1.75] * (m - 1))
    return [Made("narrow", f"grid {grid(table, c)}, {m} narrow columns")]


def twin(doc: Document, c: Content) -> list[Made]:
    """Two ruled tables with only an empty paragraph between them."""
    a = filled(doc, c, c.rng.randint(3, 5), 3)
    grid(a, c)
    doc.add_paragraph().paragraph_format.space_after = Pt(0)
    b = filled(doc, c, c.rng.randint(3, 5), c.rng.choice((3, 4)))
    grid(b, c)
    return [Made("twin", "first of two"), Made("twin", "second of two")]


def columns(sect_pr: CT_SectPr, n: int) -> None:
    """The section of ``sect_pr`` set in ``n`` text columns (12.5 mm apart)."""
    cols = sect_pr.find(qn("w:cols"))
    if cols is None:
        cols = OxmlElement("w:cols")
        sect_pr.append(cols)
    cols.set(qn("w:num"), str(n))
    cols.set(qn("w:space"), "709")


def two_column(doc: Document, c: Content) -> list[Made]:
    """A continuous section of two text columns holding a small ruled table, prose beside it."""
    columns(doc.add_section(WD_SECTION.CONTINUOUS)._sectPr, 2)
    table = filled(doc, c, c.rng.randint(3, 6), 3, size=8)
    widths(table, [3.4, 2.0, 2.0])
    color = grid(table, c)
    for _ in range(c.rng.randint(3, 5)):
        doc.add_paragraph(" ".join(c.phrase() + "." for _ in range(3))).paragraph_format.space_after = Pt(2)
    columns(doc.add_section(WD_SECTION.CONTINUOUS)._sectPr, 1)  # the sections after it: one column again
    return [Made("two_column", f"grid {color}, in a two-column section")]


def long_grid(doc: Document, c: Content) -> list[Made]:
    """A ruled table crossing a page, its header row repeated."""
    table = filled(doc, c, c.rng.randint(45, 65), c.rng.randint(3, 5))
    color = grid(table, c)
    if c.rng.random() < 0.5:
        band(table, c.rng.choice(DARK))
    return [Made("long_grid", f"grid {color}, header repeated")]


def rate_sheet(doc: Document, c: Content) -> list[Made]:
    """Small type, many columns, a dark header, full-width section rows, footnote markers."""
    m = c.rng.randint(7, 10)
    groups = [c.rng.randint(2, 4) for _ in range(c.rng.randint(2, 3))]
    n = 1 + len(groups) + sum(groups)
    table = doc.add_table(rows=n, cols=m)
    terms = ("1 M", "3 M", "6 M", "12 M", "24 M", "36 M", "48 M", "60 M", "Min.", "Max.")
    put(table.cell(0, 0), "Product", bold=True, size=7)
    for k in range(1, m):
        put(table.cell(0, k), terms[k - 1] + ("¹" if k == 1 else ""), bold=True, size=7, right=True)
    r, marks = 1, ("¹", "²", "³", "*")
    for g in groups:
        sec = table.cell(r, 0).merge(table.cell(r, m - 1))
        put(sec, c.section(), bold=True, size=7)
        shade(sec, c.rng.choice(LIGHT))
        for i in range(1, g + 1):
            put(table.cell(r + i, 0), f"{c.rng.choice(('Fixed', 'Variable', 'Savings', 'Deposit'))} "
                f"{c.rng.choice(('Plus', 'Basic', 'Online', 'Gold'))}{c.rng.choice(marks) if c.rng.random() < 0.4 else ''}",
                size=7)
            for k in range(1, m):
                put(table.cell(r + i, k), f"{c.rng.uniform(0.1, 6):.2f}", right=True, size=7)
        r += g + 1
    widths(table, [3.4] + [1.4] * (m - 1))
    color = grid(table, c, c.rng.choice(("7F7F7F", "A6A6A6", "000000")))
    band(table, c.rng.choice(DARK))
    return [Made("rate_sheet", f"{m} columns, grid {color}")]


def cjk(doc: Document, c: Content) -> list[Made]:
    """Korean or Chinese labels and headers, a grid."""
    words = KO if c.rng.random() < 0.5 else ZH
    n, m = c.rng.randint(4, 8), c.rng.randint(3, 5)
    table = doc.add_table(rows=n, cols=m)
    head = ["项目" if words is ZH else "구분", *c.years(m - 1)]
    labels = c.rng.sample(words, n - 1) if n - 1 <= len(words) else list(words)[: n - 1]
    for k, h in enumerate(head):
        put(table.cell(0, k), h, bold=True, right=k > 0)
    for r, label in enumerate(labels, start=1):
        put(table.cell(r, 0), label)
        for k in range(1, m):
            put(table.cell(r, k), c.number(c.rng.choice(("int", "pct"))), right=True)
    for cell in table._tbl.iter(qn("w:r")):
        rpr = cell.get_or_add_rPr()
        fonts = OxmlElement("w:rFonts")
        for a in ("w:ascii", "w:hAnsi", "w:eastAsia"):
            fonts.set(qn(a), CJK_FONT)
        rpr.insert(0, fonts)
    color = grid(table, c) if c.rng.random() < 0.6 else None
    if color is None:
        table_borders(table, "single", 6, "000000", ("top", "bottom", "insideH"))
    return [Made("cjk", f"{'Chinese' if words is ZH else 'Korean'}, {'grid' if color else 'rules between rows'}")]


def two_line(doc: Document, c: Content) -> list[Made]:
    """A grid whose last column holds two-line cells with a rule under the first line."""
    n, m = c.rng.randint(3, 6), 3
    table = filled(doc, c, n, m)
    for r in range(1, n):
        cell = table.cell(r, 0)
        cell_borders(cell, "000000", 4, "single", ("bottom",))
        put(cell, table.cell(r, 0).text + f"\n{c.phrase()}")
    widths(table, [6.5, 2.5, 2.5])
    return [Made("two_line", f"grid {grid(table, c)}, two-paragraph labels")]


def line_styles(doc: Document, c: Content) -> list[Made]:
    """Word's other border kinds: double, dotted, dashed, or a thick outer frame over thin inside rules."""
    n, m = c.rng.randint(4, 8), c.rng.randint(3, 5)
    table = filled(doc, c, n, m, wrap=c.rng.random() < 0.3)
    kind = c.rng.choice(("double", "dotted", "dashed", "thick"))
    if kind == "thick":
        table_borders(table, "single", 4, "808080", ("insideH", "insideV"))
        table_borders(table, "single", c.rng.choice((18, 24)), "000000", ("top", "left", "bottom", "right"))
    else:
        table_borders(table, kind, c.rng.choice((4, 6)), c.rng.choice(GREYS[:3]))
    return [Made("line_styles", f"{kind} borders")]


def spaced(doc: Document, c: Content) -> list[Made]:
    """Space between the cells (``w:tblCellSpacing``): each cell its own framed box, a gap
    between two boxes, the table framed around them."""
    n, m = c.rng.randint(3, 7), c.rng.randint(3, 5)
    table = filled(doc, c, n, m)
    grid(table, c)
    sp = OxmlElement("w:tblCellSpacing")
    sp.set(qn("w:w"), str(c.rng.choice((20, 30, 40))))
    sp.set(qn("w:type"), "dxa")
    table._tbl.tblPr.append(sp)
    return [Made("spaced", f"cell spacing {sp.get(qn('w:w'))} twips")]


def loosen(table: Table, c: Content) -> str:
    """Word's own spacing in the cells, as a document left at Word's defaults has it: space
    after each paragraph (Normal: 8 pt, 1.08 lines), sometimes rows of a minimum height with
    their text centred vertically. The gaps between a cell's lines then grow as large as the
    gaps between rows. Returns what was done, for ``detail``."""
    after, line = c.rng.choice((6, 8, 10)), c.rng.choice((1.0, 1.08, 1.15))
    for p in (p for row in table.rows for cell in row.cells for p in cell.paragraphs):
        p.paragraph_format.space_after = Pt(after)
        p.paragraph_format.space_before = Pt(0)
        p.paragraph_format.line_spacing = line
    if c.rng.random() < 0.5:
        return f"{after} pt after paragraphs"
    height = c.rng.choice((24, 28, 34))
    for row in table.rows:
        tr_pr = row._tr.get_or_add_trPr()
        h = OxmlElement("w:trHeight")
        h.set(qn("w:val"), str(height * 20))
        h.set(qn("w:hRule"), "atLeast")
        tr_pr.append(h)
        for cell in row.cells:
            v = OxmlElement("w:vAlign")
            v.set(qn("w:val"), "center")
            cell._tc.get_or_add_tcPr().append(v)
    return f"{after} pt after paragraphs, rows at least {height} pt, centred"


STYLES: dict[str, Callable[[Document, Content], list[Made]]] = {
    f.__name__: f for f in (full_grid, horizontal, outer, header_dark, banded, merged, listed, sparse, narrow,
                            twin, two_column, long_grid, rate_sheet, cjk, two_line, line_styles, spaced)}
