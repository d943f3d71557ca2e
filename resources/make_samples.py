"""Build ``resources/samples/sample.pdf`` and hold the drawing helpers tests reuse.

Run ``python resources/make_samples.py``. The output is byte-identical between runs
(fixed metadata, no fresh file id). Every helper draws at caller-given positions in PDF
points (top-left origin) and returns the truth of what it drew, so tests can build
their own pages with exactly known tables.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pymupdf

A4 = (595.0, 842.0)
FIXED_DATE = "D:20250101000000Z"
ASCENT, DESCENT = 1.075, 0.299  # Helvetica, as fractions of the font size (what get_text boxes use)
PAD_X, PAD_Y, LEADING = 4.0, 3.0, 1.25

Span = tuple[int, int, int, int]  # (r, c, rs, cs)
RuleStyle = Literal["all", "booktabs", "none"]


@dataclass(frozen=True)
class TableStyle:
    """How :func:`draw_table` paints a table. Greys are 0 (black) to 255 (white)."""

    rules: RuleStyle = "all"
    line_grey: int = 0
    line_width: float = 0.5
    header_fill: int | None = None
    header_text: int = 0
    zebra: int | None = None
    font_size: float = 9.0
    bold_header: bool = True
    word_sep: str = " "  # written between the words of a cell (e.g. "\x00")


@dataclass(frozen=True)
class TableTruth:
    """A table exactly as drawn: boundaries ``xs``/``ys`` (points, ascending), cell texts.

    ``rows`` hold a spanning cell's text in its top-left slot and "" in the slots it
    covers; line breaks inside a cell are "\\n". ``page`` is 1-based.
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    rows: tuple[tuple[str, ...], ...]
    spans: tuple[Span, ...] = ()
    header_rows: int = 1
    page: int = 1
    style: str = "ruled"

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        return (self.xs[0], self.ys[0], self.xs[-1], self.ys[-1])

    def cell_rect(self, r: int, c: int) -> tuple[float, float, float, float]:
        """Box of the cell whose top-left slot is (r, c), spans included."""
        rs, cs = next(((s[2], s[3]) for s in self.spans if s[:2] == (r, c)), (1, 1))
        return (self.xs[c], self.ys[r], self.xs[c + cs], self.ys[r + rs])


def grey(level: int) -> tuple[float, float, float]:
    return (level / 255,) * 3


def _is_number(text: str) -> bool:
    core = text.strip().strip("()%").replace(",", "").replace(".", "").lstrip("-+")
    return bool(core) and core.isdigit()


def _covered(spans: Sequence[Span]) -> set[tuple[int, int]]:
    """Slots hidden under a span (not its top-left slot)."""
    out: set[tuple[int, int]] = set()
    for r, c, rs, cs in spans:
        out |= {(r + i, c + j) for i in range(rs) for j in range(cs) if i or j}
    return out


def _auto_widths(rows: Sequence[Sequence[str]], style: TableStyle) -> list[float]:
    n = len(rows[0])
    widths = [24.0] * n
    for row in rows:
        for c, text in enumerate(row):
            for line in text.split("\n"):
                w = pymupdf.get_text_length(line, "hebo", style.font_size)
                widths[c] = max(widths[c], round(w + 2 * PAD_X + 6))
    return widths


def _auto_heights(rows: Sequence[Sequence[str]], style: TableStyle) -> list[float]:
    lines = [max(t.count("\n") + 1 for t in row) for row in rows]
    return [round(n * style.font_size * LEADING + 2 * PAD_Y, 2) for n in lines]


def _cumulative(start: float, sizes: Sequence[float]) -> tuple[float, ...]:
    out = [start]
    for s in sizes:
        out.append(round(out[-1] + s, 2))
    return tuple(out)


def draw_text_block(page: pymupdf.Page, rect: tuple[float, float, float, float], text: str, *,
                    size: float, font: str = "helv", colour: int = 0, right: bool = False) -> None:
    """Write ``text`` (lines split on "\\n") centred vertically in ``rect``, left or right aligned."""
    lines = text.split("\n")
    lh = size * LEADING
    block = (len(lines) - 1) * lh + (ASCENT + DESCENT) * size
    top = rect[1] + (rect[3] - rect[1] - block) / 2
    for k, line in enumerate(lines):
        x = rect[0] + PAD_X
        if right:
            x = rect[2] - PAD_X - pymupdf.get_text_length(line, font, size)
        page.insert_text((x, top + ASCENT * size + k * lh), line, fontsize=size, fontname=font,
                         color=grey(colour))


def draw_table(page: pymupdf.Page, x0: float, y0: float, rows: Sequence[Sequence[str]],
               style: TableStyle = TableStyle(), *, spans: Sequence[Span] = (), header_rows: int = 1,
               col_widths: Sequence[float] | None = None, page_no: int = 1) -> TableTruth:
    """Draw a table with its top-left corner at (x0, y0) and return its truth."""
    widths = list(col_widths) if col_widths else _auto_widths(rows, style)
    xs = _cumulative(x0, widths)
    ys = _cumulative(y0, _auto_heights(rows, style))
    truth = TableTruth(xs, ys, tuple(tuple(r) for r in rows), tuple(spans), header_rows, page_no,
                       _style_name(style))
    _draw_fills(page, truth, style)
    _draw_rules(page, truth, style)
    hidden = _covered(spans)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if not text or (r, c) in hidden:
                continue
            head = r < header_rows
            draw_text_block(page, truth.cell_rect(r, c), text.replace(" ", style.word_sep),
                            size=style.font_size, font="hebo" if head and style.bold_header else "helv",
                            colour=style.header_text if head else 0, right=_is_number(text))
    return truth


def _style_name(style: TableStyle) -> str:
    if style.header_fill is not None or style.zebra is not None:
        return "shaded"
    return {"all": "ruled", "booktabs": "horizontal_rules", "none": "borderless"}[style.rules]


def _draw_fills(page: pymupdf.Page, t: TableTruth, style: TableStyle) -> None:
    x0, x1 = t.xs[0], t.xs[-1]
    if style.header_fill is not None:
        page.draw_rect((x0, t.ys[0], x1, t.ys[t.header_rows]), color=None, fill=grey(style.header_fill))
    if style.zebra is not None:
        for r in range(t.header_rows + 1, len(t.ys) - 1, 2):
            page.draw_rect((x0, t.ys[r], x1, t.ys[r + 1]), color=None, fill=grey(style.zebra))


def _draw_rules(page: pymupdf.Page, t: TableTruth, style: TableStyle) -> None:
    if style.rules == "none":
        return
    shape = page.new_shape()
    if style.rules == "booktabs":
        for y, w in ((t.ys[0], 1.0), (t.ys[t.header_rows], 0.5), (t.ys[-1], 1.0)):
            shape.draw_line((t.xs[0], y), (t.xs[-1], y))
            shape.finish(color=grey(style.line_grey), width=w, closePath=False)
    else:
        for a, b in _grid_segments(t):
            shape.draw_line(a, b)
        shape.finish(color=grey(style.line_grey), width=style.line_width, closePath=False)
    shape.commit()


def _grid_segments(t: TableTruth) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every cell edge once, leaving out the edges inside spanning cells."""
    inside_h: set[tuple[int, int]] = set()  # (boundary row index, column)
    inside_v: set[tuple[int, int]] = set()  # (row, boundary column index)
    for r, c, rs, cs in t.spans:
        inside_h |= {(r + i, c + j) for i in range(1, rs) for j in range(cs)}
        inside_v |= {(r + i, c + j) for i in range(rs) for j in range(1, cs)}
    segs = [((t.xs[c], y), (t.xs[c + 1], y)) for i, y in enumerate(t.ys) for c in range(len(t.xs) - 1)
            if (i, c) not in inside_h]
    segs += [((x, t.ys[r]), (x, t.ys[r + 1])) for j, x in enumerate(t.xs) for r in range(len(t.ys) - 1)
             if (r, j) not in inside_v]
    return segs


def draw_paragraph(page: pymupdf.Page, rect: tuple[float, float, float, float], text: str,
                   size: float = 10.0) -> None:
    """Left-aligned body text wrapped into ``rect``; raises if it does not fit."""
    if page.insert_textbox(rect, text, fontsize=size, fontname="helv") < 0:
        raise ValueError("paragraph does not fit its rectangle")


@dataclass(frozen=True)
class ChartTruth:
    """A bar chart as drawn: its box and every label word it wrote."""

    bbox: tuple[float, float, float, float]
    labels: tuple[str, ...]


def draw_bar_chart(page: pymupdf.Page, x0: float, y0: float, values: Sequence[tuple[float, float]],
                   categories: Sequence[str], series: tuple[str, str] = ("Actual", "Forecast"),
                   size: tuple[float, float] = (260.0, 150.0)) -> ChartTruth:
    """Grouped bars (two series, grey gradients) with axes, ticks and a legend; values 0-100."""
    w, h = size
    ax, ay = x0 + 28, y0 + h - 16  # axis origin
    plot_h = h - 40
    labels: list[str] = []
    for tick in (0, 50, 100):
        ty = ay - plot_h * tick / 100
        page.draw_line((ax - 3, ty), (ax, ty), color=grey(0), width=0.5)
        draw_text_block(page, (x0, ty - 5, ax - 2, ty + 5), str(tick), size=7, right=True)
        labels.append(str(tick))
    page.draw_line((ax, ay - plot_h - 4), (ax, ay), color=grey(0), width=0.75)
    page.draw_line((ax, ay), (x0 + w, ay), color=grey(0), width=0.75)
    slot = (x0 + w - ax) / len(categories)
    for i, (cat, pair) in enumerate(zip(categories, values, strict=True)):
        for s, v in enumerate(pair):
            bx = ax + i * slot + 6 + s * (slot - 12) / 2
            _gradient_bar(page, (bx, ay - plot_h * v / 100, bx + (slot - 14) / 2, ay), dark=s == 0)
        draw_text_block(page, (ax + i * slot, ay + 1, ax + (i + 1) * slot, ay + 13), cat, size=7)
        labels.append(cat)
    for s, name in enumerate(series):
        lx = x0 + w - 110 + s * 55
        _gradient_bar(page, (lx, y0 + 4, lx + 8, y0 + 12), dark=s == 0)
        page.insert_text((lx + 11, y0 + 11), name, fontsize=7, fontname="helv")
        labels.append(name)
    return ChartTruth((x0, y0, x0 + w, y0 + h), tuple(labels))


def _gradient_bar(page: pymupdf.Page, rect: tuple[float, float, float, float], dark: bool) -> None:
    """A bar filled with 6 stacked strips running from darker (bottom) to lighter (top)."""
    x0, y0, x1, y1 = rect
    base = 70 if dark else 150
    step = (y1 - y0) / 6
    for k in range(6):
        top = y1 - (k + 1) * step
        page.draw_rect((x0, top, x1, top + step), color=None, fill=grey(base + 12 * k))


def new_document() -> pymupdf.Document:
    return pymupdf.open()


def finish(doc: pymupdf.Document) -> bytes:
    """The document's bytes, identical for identical content (fixed dates, no fresh id)."""
    doc.set_metadata({"creationDate": FIXED_DATE, "modDate": FIXED_DATE, "producer": "Table Inspector",
                      "creator": "resources/make_samples.py", "title": "", "author": ""})
    for page in doc:
        page.clean_contents()  # one content stream per page keeps the file small
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


# ---------------------------------------------------------------- the bundled sample

INTRO = ("This report summarises the operating results of the four regions for the second quarter. "
         "Revenue grew in every region except the West, where a distributor changed hands. Figures are "
         "in thousands of euros and unaudited; the tables below are what Table Inspector should find.")
REGIONS = [["Region", "Revenue", "Costs", "Margin", "Staff"],
           ["North", "1,204", "980", "224", "41"],
           ["South", "987", "812", "175", "37"],
           ["East", "1,530", "1,101", "429", "52"],
           ["West", "642", "701", "-59", "23"],
           ["Total", "4,363", "3,594", "769", "153"]]
PRODUCTS = [["Product", "Units", "Price", "Returns"],
            ["Basic kit", "1,250", "19.90", "12"],
            ["Pro kit", "430", "49.00", "7"],
            ["Spare parts", "2,980", "4.50", "31"],
            ["Service plan", "312", "120.00", "0"]]
CHANGES = [["Item", "2024", "2025", "Change\n(%)"],
           ["Net sales", "4,120", "4,363", "5.9"],
           ["Other income", "210", "96", "(54.3)"],
           ["Operating result", "702", "769", "9.5"],
           ["Exchange result", "55", "(1,234)", "n/a"]]
STAFF = [["Team", "Lead", "Members", "Open roles"],
         ["Sales", "A. Moreau", "18", "2"],
         ["Support", "K. Osei", "12", "1"],
         ["Logistics", "P. Lind", "21", "3"],
         ["Finance", "R. Tanaka", "7", "0"],
         ["Research", "M. Rossi", "9", "2"]]


def _heading(page: pymupdf.Page, y: float, text: str, size: float = 12.0) -> None:
    page.insert_text((56, y), text, fontsize=size, fontname="hebo")


def _footer(page: pymupdf.Page, n: int, total: int) -> None:
    page.insert_text((270, 810), f"Page {n} of {total}", fontsize=8, fontname="helv", color=grey(90))


def sample_page_1(page: pymupdf.Page) -> list[TableTruth]:
    page.insert_text((56, 70), "Quarterly Operations Report", fontsize=18, fontname="hebo")
    page.insert_text((56, 88), "Second quarter, all regions", fontsize=10, fontname="helv", color=grey(80))
    draw_paragraph(page, (56, 104, 539, 170), INTRO)
    _heading(page, 196, "Table 1. Results by region (kEUR)")
    truth = draw_table(page, 56, 206, REGIONS, col_widths=[110, 80, 80, 80, 60])
    page.insert_text((56, truth.ys[-1] + 14), "Margin = Revenue - Costs.", fontsize=7, fontname="helv")
    return [truth]


def sample_page_2(page: pymupdf.Page) -> list[TableTruth]:
    _heading(page, 70, "Table 2. Products sold")
    first = draw_table(page, 56, 80, PRODUCTS, TableStyle(rules="none"), col_widths=[120, 70, 70, 70],
                       page_no=2)
    draw_paragraph(page, (56, first.ys[-1] + 20, 539, first.ys[-1] + 60),
                   "Negative amounts are shown in parentheses. The change column header wraps onto two "
                   "lines, which a careless extractor reads as two rows.")
    _heading(page, first.ys[-1] + 84, "Table 3. Year on year")
    second = draw_table(page, 56, first.ys[-1] + 94, CHANGES, TableStyle(rules="booktabs"),
                        col_widths=[140, 70, 70, 70], page_no=2)
    return [first, second]


def sample_page_3(page: pymupdf.Page) -> list[TableTruth]:
    _heading(page, 70, "Table 4. Teams")
    style = TableStyle(rules="none", header_fill=70, header_text=255, zebra=235)
    truth = draw_table(page, 56, 80, STAFF, style, col_widths=[100, 100, 70, 80], page_no=3)
    _heading(page, truth.ys[-1] + 40, "Figure 1. Revenue against forecast (% of plan)")
    draw_bar_chart(page, 56, truth.ys[-1] + 50, [(80, 95), (64, 70), (100, 88), (45, 60)],
                   ["North", "South", "East", "West"])
    return [truth]


def build_sample() -> tuple[bytes, list[TableTruth]]:
    """The three-page sample and the truth of its four tables."""
    doc = new_document()
    truths: list[TableTruth] = []
    builders = (sample_page_1, sample_page_2, sample_page_3)
    for n, build in enumerate(builders, start=1):
        page = doc.new_page(width=A4[0], height=A4[1])
        truths += build(page)
        _footer(page, n, len(builders))
    return finish(doc), truths


def main(argv: Sequence[str] = ()) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent / "samples" / "sample.pdf"
    data, truths = build_sample()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(out)
    print(f"wrote {out} ({len(data)} bytes, {len(truths)} tables)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
