"""Build the JavaScript libraries corpus: tables typeset by jsPDF + jspdf-autotable in its
three themes and in styles documents made with it use, with their truth from autotable's own
``didDrawCell`` hook (``at-*.pdf``), and by pdfmake in its table layouts, most in Korean and
Chinese, with their truth from the cell backgrounds pdfmake lays out (``pm-*.pdf``, ``pm.py``).

    python -m corpus.jslibs.build [--seed 47] [--per-style 4] [--out corpus/jslibs]

(or ``make corpus-jslibs``, which first runs ``npm ci`` in ``corpus/jslibs``: Node 18 or
later; the versions are pinned in ``package.json``/``package-lock.json``). A third producer
family beside ``corpus/styles`` (reportlab, fpdf2) and ``corpus/producers`` (Typst,
WeasyPrint). Steps:

1. a seeded generator writes each table's content and structure (``spec``) for a style of
   ``STYLES`` (English: the library's standard Helvetica has no Korean or Chinese glyphs);
2. ``draw.js`` (``drawpm.js`` for pdfmake: see its header for how it finds each cell) lays out documents of five blocks (heading, prose, unit line, table, a note)
   with jsPDF and draws each table with autotable, reporting every cell's box, page, row and
   column as autotable drew it (a header repeated on a new page is reported there again);
3. the truth as for ``corpus/producers`` (``layout.table_truth``): the structure as written,
   each cell's text the page's words inside its box (the build stops on any difference), one
   region per page of a continued table;
4. ``OUT/golden`` (a golden set) and ``OUT/styles.json`` (the style of each table).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pymupdf

from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo

from .. import common
from ..html.tables import Cell, HtmlTable
from ..producers import layout
from ..styles.build import compress
from ..styles.content import Tabular, english
from ..styles.tables import structure
from . import pm

HERE = Path(__file__).resolve().parent
HOW = "jsPDF + jspdf-autotable"
HOW_PM = "pdfmake"
# autotable's own themes, then styles seen in documents made with it (draw.js draws each).
STYLES = ("striped", "grid", "plain", "header_band", "hairline", "horizontal", "spans", "wrapped", "numbers",
          "continued", "beside", "totals", "row_groups", "sections", "tight")
ALL = tuple(f"at_{s}" for s in STYLES) + pm.ALL
WIDTHS = {"totals": "totals_box", "beside": "beside", "wrapped": "wrapped"}  # layout.widths's name for a style
SECTIONS = ("Continuing operations", "Discontinued operations", "Europe", "Americas", "Other items", "Group")


def _sections(tab: Tabular, rng: random.Random) -> HtmlTable:
    """Full-width section rows (one cell spanning every column) before groups of body rows."""
    rows: list[list[Cell]] = [[Cell(h, th=True) for h in tab.head[0]]]
    names = rng.sample(SECTIONS, 3)
    for k, row in enumerate(tab.body):
        if k < len(tab.body) - 1 and (k == 0 or rng.random() < 0.3) and names:
            rows.append([Cell(names.pop(), cs=tab.n_cols)])
        rows.append([Cell(x) for x in row])
    return HtmlTable("sections", "en", rows, pad=0.0, header_rows=1)


def spec(style: str, rng: random.Random) -> layout.Spec:
    """One table of ``style``: English content (a long one for ``continued``, wrapped labels
    for ``wrapped``, a Subtotal/VAT/Total block for ``totals``), its structure and widths."""
    if style == "totals":
        tab = layout.totals_box(rng)
        while tab.lang != "en":
            tab = layout.totals_box(rng)
        table = HtmlTable(style, "en", [[Cell(x) for x in row] for row in tab.body], pad=0.0, header_rows=0)
    else:
        n = rng.randint(38, 52) if style == "continued" else rng.randint(4, 10)
        tab = english(rng, n, wrap=style == "wrapped")
        table = structure(tab, style, "en", grouped=style == "spans")
        if style == "row_groups":
            table = pm.row_groups(tab, rng)
        elif style == "sections":
            table = _sections(tab, rng)
    return layout.Spec(style, tab, table, layout.widths(tab, WIDTHS.get(style, style), rng))


def _height(s: layout.Spec) -> float:
    """About how tall the block is (points): it starts on a new page when it would not fit
    (a continued table starts where it is and breaks over pages)."""
    if s.style == "continued":
        return 160.0
    lines = sum(max(1, int(len(row[0]) * 4.6 / max(s.widths[0] - 10, 20)) + 1) for row in s.tab.body)
    return 90.0 + 20.0 * (s.table.n_rows + lines - len(s.tab.body))


def _block(s: layout.Spec, tid: str, rng: random.Random) -> dict:
    """The block as ``draw.js`` reads it."""
    tab, hr = s.tab, s.table.header_rows
    labels = {x for names in layout.TOTALS.values() for x in names} | {"합계", "合计"}
    totals = {r for r, row in enumerate(s.table.rows) if row and row[0].text in labels}
    rows = [[{"content": c.text, "colSpan": c.cs, "rowSpan": c.rs, "bold": r in totals or c.cs == tab.n_cols > 1}
             for c in row] for r, row in enumerate(s.table.rows)]
    return {"title": tab.title, "lang": tab.lang, "prose": layout.prose_for(tab, rng), "unit": tab.unit,
            "note": tab.note if rng.random() < 0.5 else "", "height": _height(s),
            "side": layout.prose_for(tab, rng, 4) if s.style == "beside" else "",
            "table": {"tid": tid, "style": s.style, "seed": rng.randrange(2**31), "head": rows[:hr],
                      "body": rows[hr:], "numeric": s.numeric, "widths": s.widths}}


def draw(documents: list[dict], script: str = "draw.js") -> dict[str, dict[str, list[list[float]]]]:
    """Run ``script`` (``draw.js`` or ``drawpm.js``) on ``documents``; the cells it reports,
    per PDF path and table id."""
    node = shutil.which("node")
    if node is None or not (HERE / "node_modules").is_dir():
        sys.exit("build: needs Node and corpus/jslibs/node_modules (run `make corpus-jslibs`)")
    with tempfile.TemporaryDirectory() as tmp:
        job = Path(tmp) / "job.json"
        job.write_text(json.dumps({"documents": documents}), encoding="utf-8")
        done = subprocess.run([node, str(HERE / script), str(job)], capture_output=True, text=True, cwd=HERE)
    if done.returncode:
        sys.exit(f"build: {script} failed: {done.stderr.strip()[-2000:]}")
    out: dict[str, dict[str, list[list[float]]]] = json.loads(done.stdout)
    return out


def _boxes(cells: list[list[float]]) -> dict[int, dict[tuple[int, int], pymupdf.Rect]]:
    """Page index -> (row, column) -> box."""
    out: dict[int, dict[tuple[int, int], pymupdf.Rect]] = {}
    for page, r, c, x0, y0, x1, y1 in cells:
        out.setdefault(int(page), {})[int(r), int(c)] = pymupdf.Rect(x0, y0, x1, y1)
    return out


def build_one(pdf: Path, styles: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of ``styles`` (all autotable's or all pdfmake's) and its annotation."""
    made = pdf.name.startswith("pm")
    how, script = (HOW_PM, "drawpm.js") if made else (HOW, "draw.js")
    specs = [pm.spec(s.removeprefix("pm_"), rng) if made else spec(s.removeprefix("at_"), rng) for s in styles]
    blocks = [_block(s, f"t{k + 1}", random.Random(rng.random())) for k, s in enumerate(specs)]
    cells = draw([{"pdf": str(pdf.resolve()), "blocks": blocks}], script)[str(pdf.resolve())]
    compress(pdf)
    with pymupdf.open(pdf) as doc:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
        tables = tuple(layout.table_truth(doc, s, f"t{k + 1}", _boxes(cells[f"t{k + 1}"]), f"{pdf.name} t{k + 1}", how)
                       for k, s in enumerate(specs))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes=f"tables typeset by {how} (corpus.jslibs.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    return common.build(out, seed, per_style, [common.Producer("at", ALL[:len(STYLES)]), common.Producer("pm", pm.ALL)], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 47, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
