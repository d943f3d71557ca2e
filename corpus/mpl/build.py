"""Build the matplotlib corpus: tables of scientific and engineering reports drawn by
matplotlib and saved by its own PDF backend (Type 3 or TrueType fonts, every rule a path of
its own), with their truth from where each cell was drawn.

    python -m corpus.mpl.build [--seed 7] [--per-style 3] [--out corpus/mpl]

(or ``make corpus-mpl``; needs only matplotlib, which the dev extra has). A producer no other
corpus uses. Styles: ``Axes.table`` with a grid (``axtable_grid``), with a rule under the
header only (``axtable_open``) and with rules between rows (``axtable_horizontal``); text
tables with booktabs-like rules (``rules``), none (``plain``), a dark header band over
zebra rows (``band``), wrapped labels (``wrapped``), group headers over short rules
(``spans``), a budget with a ruled total (``totals``), a table beside a line chart
(``beside_plot``) or beside a column of prose (``beside_prose``), and one continued on the
next page under a repeated header (``continued``). Each table sits under a numbered
heading, a paragraph and its caption, as in a report.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import matplotlib
import pymupdf
from matplotlib.backends.backend_pdf import PdfPages

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..html.tables import HtmlTable
from ..producers.layout import Spec, table_truth
from ..styles.content import Tabular
from . import content, draw
from .draw import MARGIN, Sheet, W

STYLES = ("axtable_grid", "axtable_open", "axtable_horizontal", "rules", "plain", "band", "wrapped", "spans",
          "totals", "beside_plot", "beside_prose", "continued")
TEXT_STYLE = {"wrapped": "rules", "spans": "rules", "totals": "rules", "beside_plot": "rules",
              "beside_prose": "plain", "continued": "rules"}
Boxes = dict[int, dict[tuple[int, int], pymupdf.Rect]]


def _sci(style: str, rng: random.Random) -> content.Sci:
    n = {"continued": rng.randint(44, 56), "beside_plot": rng.randint(5, 8), "beside_prose": rng.randint(5, 8)}
    rows = n.get(style, rng.randint(4, 10))
    if style == "totals":
        return content.budget(rng, rows)
    if style == "continued":
        return _long(rng, rows)
    if style.startswith("beside"):  # five columns at most: room for the chart or the prose
        return rng.choice((content.budget, content.measurements))(rng, rows)
    return content.make(rng, min(rows, 12), wrap=style == "wrapped", groups=style == "spans")


def _long(rng: random.Random, n: int) -> content.Sci:
    """A long measurement log: a run number and its readings."""
    sci = content.measurements(rng, 12)
    body = [[f"{k + 1}", *rng.choice(sci.body)[1:]] for k in range(n)]
    return content.Sci("Measurement log", [["Run", *sci.head[0][1:]]], body, [True, True, True, True, True])


class Doc:
    """Pages being filled top to bottom; where each table's cells went, per page."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.sheets: list[Sheet] = [Sheet.new()]
        self.boxes: dict[str, Boxes] = {}
        self.tables: dict[str, HtmlTable] = {}  # each table's whole structure

    @property
    def sheet(self) -> Sheet:
        return self.sheets[-1]

    def room(self, h: float) -> None:
        if self.sheet.y + h > 842 - MARGIN:
            self.sheets.append(Sheet.new())

    def lead(self, k: int, sci: content.Sci, caption: str) -> None:
        """Heading, paragraph and caption before table ``k``."""
        s = self.sheet
        s.text(MARGIN, s.y + 12, f"{k + 1}. {sci.title}", 12, bold=True)
        s.y += 20
        s.y += s.paragraph(MARGIN, W - 2 * MARGIN, content.prose(self.rng, self.rng.randint(1, 3)))
        s.y += 6
        s.text(W / 2, s.y + 9, caption, 9, ha="center")
        s.y += 16

    def table(self, k: int, style: str) -> None:
        rng, tid = self.rng, f"t{k + 1}"
        sci = _sci(style, rng)
        size = rng.choice((8.0, 8.5) if style.startswith("beside") else (8.0, 8.5, 9.0, 10.0))
        self.room(130 if style != "continued" else 200)
        self.lead(k, sci, f"Table {k + 1}: {sci.title.lower()}.")
        if style.startswith("axtable"):
            self._axtable(tid, sci, style, size)
        elif style.startswith("beside"):
            self._beside(tid, sci, style, size)
        else:
            self._text(tid, sci, style, size, list(range(len(sci.body))))
        self.sheet.y += 24

    def _axtable(self, tid: str, sci: content.Sci, style: str, size: float) -> None:
        h = size * 2.1 * (len(sci.body) + 1)
        cols = [max(self.sheet.width(row[c], size, True) for row in sci.head + sci.body) + 2 * size
                for c in range(sci.n_cols)]
        width = sum(cols)
        x0 = (W - width) / 2
        self.room(h)
        rect = pymupdf.Rect(x0, self.sheet.y, x0 + width, self.sheet.y + h)
        self.tables[tid], slots = draw.draw_axes_table(self.sheet, sci, list(range(len(sci.body))), style, rect,
                                                       size, self.rng, [w / width for w in cols])
        self._store(tid, slots)
        self.sheet.y = rect.y1

    def _text(self, tid: str, sci: content.Sci, style: str, size: float, rows: list[int], x0: float | None = None) -> None:
        """A text table, broken over pages when it does not fit (the header repeated)."""
        kind, pad, done = TEXT_STYLE.get(style, style), 6.0, 0
        self.tables[tid] = draw.plan(self.sheet, sci, kind, rows, 0, size, pad).table
        while rows:
            probe = draw.plan(self.sheet, sci, kind, rows, 0, size, pad)
            left = x0 if x0 is not None else (W - probe.xs[-1]) / 2
            fits, used = 0, self.sheet.y + sum(probe.heights[:probe.header])
            for h in probe.heights[probe.header:]:
                if used + h > 842 - MARGIN:
                    break
                used, fits = used + h, fits + 1
            if fits < min(3, len(rows)):
                self.sheets.append(Sheet.new())
                continue
            part = draw.plan(self.sheet, sci, kind, rows[:fits], left, size, pad)
            slots = draw.draw_text_table(self.sheet, part, kind, self.rng, pad)
            self._store(tid, {(r if r < part.header else r + done, c): b for (r, c), b in slots.items()})
            self.sheet.y, done, rows = used, done + fits, rows[fits:]
            if rows:
                self.sheets.append(Sheet.new())
                self.sheet.text(W / 2, self.sheet.y + 9, f"Table (continued): {sci.title.lower()}.", 9, ha="center")
                self.sheet.y += 16

    def _beside(self, tid: str, sci: content.Sci, style: str, size: float) -> None:
        """The table at the right margin; a chart or a column of prose in the width left."""
        probe = draw.plan(self.sheet, sci, TEXT_STYLE[style], list(range(len(sci.body))), 0, size, 5.0)
        tw, th = probe.xs[-1], sum(probe.heights)
        self.room(max(th, 150) + 10)
        x_tab, top = W - MARGIN - tw, self.sheet.y
        side = pymupdf.Rect(MARGIN + (34 if style == "beside_plot" else 0), top, x_tab - 24, top + max(th, 150))
        if style == "beside_plot":
            draw.draw_plot(self.sheet, side, self.rng)
            used = side.height + 24
        else:
            used = self.sheet.paragraph(MARGIN, side.width, content.prose(self.rng, 5))
        self._text(tid, sci, style, size, list(range(len(sci.body))), x0=x_tab)
        self.sheet.y = max(self.sheet.y, top + used)

    def _store(self, tid: str, slots: dict[tuple[int, int], pymupdf.Rect]) -> None:
        self.boxes.setdefault(tid, {})[len(self.sheets) - 1] = slots


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` and its annotation."""
    fonttype = rng.choice((3, 42))  # Type 3 glyph procedures (matplotlib's default) or embedded TrueType
    doc = Doc(rng)
    for k, style in enumerate(styles):
        doc.table(k, style)
    with matplotlib.rc_context({"pdf.fonttype": fonttype}), PdfPages(pdf, metadata={"CreationDate": None}) as out:
        for s in doc.sheets:
            out.savefig(s.fig)
    with pymupdf.open(pdf) as d:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(d))
        tables = []
        for k, style in enumerate(styles):
            tid = f"t{k + 1}"
            spec = Spec(style, Tabular("en", "", "", [], [], []), doc.tables[tid], [])
            tables.append(table_truth(d, spec, tid, doc.boxes[tid], f"{pdf.name} {tid}", "matplotlib (PDF backend)"))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tuple(tables),
                                             notes="tables drawn by matplotlib, saved by its PDF backend (corpus.mpl.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    return common.build(out, seed, per_style, [common.Producer("mpl", STYLES)], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__, build, seed=7, per_style=3, out=Path(__file__).parent)


if __name__ == "__main__":
    sys.exit(main())
