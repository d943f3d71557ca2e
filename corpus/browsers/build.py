"""Build the browsers corpus: HTML tables in the styles web pages use, printed to PDF by
Chromium (``--headless --print-to-pdf``: Skia's PDF back end), with their truth from the
page's own layout.

    python -m corpus.browsers.build [--seed 53] [--per-style 4] [--out corpus/browsers]

(or ``make corpus-browsers``, which installs Debian's ``chromium`` if it is missing; only this
build needs it, never the app or the tests). Steps:

1. a seeded generator writes each table's content and structure (``corpus.producers.layout``)
   and a web style of ``STYLES`` (Bootstrap-like striped rows, a rule under the header only,
   collapsed and separated borders, padded cells with a dark header, right-aligned numbers
   over a ruled total, wrapped cells, colspan/rowspan headers, a table floated beside text, a
   long table whose ``thead`` Chromium repeats on each page, a ``caption``, a totals box);
2. Chromium loads the page once with ``--dump-dom``: ``measure.js`` runs in it, breaks the
   flow into A4 pages (forced breaks where a block or a row would cross the page's foot, so
   the print makes no breaks of its own) and writes each cell's box per page in points (CSS
   px x 0.75 plus the page margin) into the page;
3. Chromium prints that page (with the breaks, without the script) to PDF; backgrounds are
   printed only where the style asks (``print-color-adjust: exact``), as a browser does;
4. the truth as for ``corpus/producers`` (``layout.table_truth``): the structure as written,
   each cell's text the PDF's words inside its box (the build stops on any difference), one
   region per page of a continued table, the repeated header in each;
5. ``OUT/golden`` (a golden set) and ``OUT/styles.json`` (the style of each table).

Chromium stamps each PDF with the time it was printed: a rebuild with the same seed gives the
same tables, boxes and texts, under other file hashes. ``benchmarks/score_modern.py`` reads the
committed PDFs with their golden set.
"""

from __future__ import annotations

import html
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
from ..producers import layout, wp

HERE = Path(__file__).resolve().parent
MARGIN = 42.0  # the page's margin (points): @page margin and the truth's offset
PAGE_H = 841.89  # A4 (points)
CONTENT_PX = round((595.28 - 2 * MARGIN) / 0.75)  # the print's content width (CSS px)
FONTS = ('"DejaVu Sans", "WenQuanYi Micro Hei", sans-serif', '"Nimbus Sans", "WenQuanYi Micro Hei", sans-serif',
         '"DejaVu Serif", "WenQuanYi Micro Hei", serif')
# web style -> the content style of corpus.producers.layout it is drawn from
STYLES = {"striped": "zebra", "head_rule": "booktabs", "collapsed": "grid", "separated": "grid",
          "padded": "header_band", "numbers": "numbers", "wrapped": "wrapped", "spans": "spans",
          "beside": "beside", "continued": "continued", "caption": "caption", "totals_box": "totals_box"}
BORDER = ("1px solid #dee2e6", "1px solid #ddd", "1px solid #999", "1px solid #000", "0.5pt solid #444")
HEAD_BG = ("#343a40", "#4472c4", "#f8f9fa", "#e9ecef", "#1f4e79")


def _css(style: str, tid: str, rng: random.Random) -> str:
    """The CSS that draws the web ``style`` on table ``#tid`` (Bootstrap, GitHub, MDN and
    plain ``border=1`` looks; padding in px as web pages give it)."""
    t, b = f"#{tid}", rng.choice(BORDER)
    pad = rng.choice(("8px", "6px 13px", ".75rem", "4px 8px", "12px 15px"))
    exact = " print-color-adjust: exact; -webkit-print-color-adjust: exact;" if rng.random() < 0.6 else ""
    out = f"{t} td, {t} th {{ padding: {pad} }} "
    if style in ("striped", "continued"):
        out += (f"{t} {{ border-collapse: collapse }} {t} td, {t} th {{ border-top: {b} }} "
                f"{t} thead th {{ border-bottom: 2px solid #dee2e6; vertical-align: bottom }} "
                f"{t} tbody tr:nth-of-type(odd) {{ background: rgba(0,0,0,.05);{exact} }}")
    elif style in ("head_rule", "caption"):
        out += f"{t} {{ border-collapse: collapse }} {t} thead th {{ border-bottom: {rng.choice(('2px solid #333', '1px solid #000'))} }}"
    elif style in ("collapsed", "spans", "beside"):
        out += f"{t} {{ border-collapse: collapse }} {t} td, {t} th {{ border: {b} }}"
        if rng.random() < 0.5:
            out += f" {t} thead th {{ background: {rng.choice(HEAD_BG[2:])};{exact} }}"
    elif style == "separated":  # <table border=1>: each cell boxed, spacing between the boxes
        out += f"{t} {{ border-collapse: separate; border-spacing: 2px; border: 1px outset #888 }} {t} td, {t} th {{ border: 1px inset #888 }}"
    elif style == "padded":
        out += (f"{t} {{ border-collapse: collapse }} {t} thead th {{ background: {rng.choice(HEAD_BG)}; color: #fff;{exact} }} "
                f"{t} tbody td {{ border-bottom: 1px solid #e5e5e5 }}")
    elif style == "numbers":
        out += (f"{t} {{ border-collapse: collapse }} {t} thead th {{ border-bottom: 1px solid #000 }} "
                f"{t} tbody tr:last-child td {{ border-top: 1px solid #000; border-bottom: 3px double #000; font-weight: bold }}")
    elif style == "wrapped":
        out += f"{t} {{ border-collapse: collapse }} {t} tr {{ border-bottom: {b} }} {t} th {{ text-align: left }}"
    elif style == "totals_box":
        out += f"{t} {{ margin-left: auto; border-collapse: collapse }} {t} tr:last-child td {{ font-weight: bold; border-top: 1px solid #000 }}"
    else:
        raise ValueError(style)
    return out


def page_html(specs: list[layout.Spec], names: list[str], rng: random.Random) -> str:
    """The page: blocks of heading, prose, unit line, table, note or caption in ``#wrap``;
    the long table marked ``data-long`` for ``measure.js``."""
    blocks, css = [], []
    for k, (spec, name) in enumerate(zip(specs, names, strict=True)):
        tid = f"t{k + 1}"
        body, _ = wp.block_html(spec, tid, random.Random(rng.random()), rng.random() < 0.5)
        if name == "continued":
            body = body.replace(f'<table id="{tid}"', f'<table id="{tid}" data-long="1"')
        if rng.random() < 0.5 and name not in ("wrapped", "beside", "totals_box"):  # an auto-width web table
            body = body.replace(f'<table id="{tid}" ', f'<table id="{tid}" class="auto" ', 1)
        blocks.append(f"<section>{body}</section>" if name != "continued" else body.replace("<table", "</section><table", 1)
                      .join(("<section>", "")))
        css.append(_css(name, tid, random.Random(rng.random())))
    font, size = rng.choice(FONTS), rng.choice(("9pt", "10pt", "12px", "13px"))
    head = (f"@page {{ size: A4; margin: {MARGIN}pt }} html, body {{ margin: 0; padding: 0 }} "
            f"#wrap {{ width: {CONTENT_PX}px; font-family: {font}; font-size: {size} }} "
            "section { display: flow-root } h3 { font-size: 1.3em; margin: 14px 0 6px } p { margin: 0 0 6px } "
            ".unit { text-align: right; font-size: .85em } .note { font-size: .8em } .cap { font-size: .9em; font-style: italic } "
            "table { table-layout: fixed } table.auto { table-layout: auto; width: auto !important } table.auto col { width: auto !important } "
            "th { font-weight: bold } .num { text-align: right } tr { break-inside: avoid } "
            ".beside { display: flex; gap: 16px } .beside p { flex: 1 } ")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><style>{head}{' '.join(css)}</style></head>"
            f"<body><div id='wrap'>{''.join(blocks)}</div><script>MEASURE</script></body></html>")


def chromium(*args: str) -> str:
    """Run headless Chromium; its standard output."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser") or sys.exit("build: chromium is not installed")
    run = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                          "--hide-scrollbars", "--window-size=1200,1000", *args],
                         capture_output=True, text=True, timeout=120, check=True)
    return run.stdout


Boxes = dict[str, dict[int, dict[tuple[int, int], pymupdf.Rect]]]


def print_pdf(pdf: Path, page: str) -> Boxes:
    """Measure ``page`` in Chromium, print it to ``pdf``; each table's cell boxes per page."""
    js = (HERE / "measure.js").read_text().replace("MARGIN_PT", str(MARGIN)).replace("PAGE_H_PT", str(PAGE_H))
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "page.html"
        src.write_text(page.replace("MEASURE", js), encoding="utf-8")
        dom = chromium("--dump-dom", src.as_uri())
        head, _, rest = dom.partition('<script id="boxes" type="application/json">')
        data, _, _ = rest.partition("</script>")
        printed = Path(tmp) / "print.html"
        printed.write_text(head.split("<script>")[0] + "</body></html>", encoding="utf-8")
        chromium(f"--print-to-pdf={pdf}", printed.as_uri())
    out: Boxes = {}
    for ident, k, x0, y0, x1, y1 in json.loads(html.unescape(data) if "&quot;" in data else data):
        tid, r, c = ident.split(",")
        out.setdefault(tid, {}).setdefault(k, {})[int(r), int(c)] = pymupdf.Rect(x0, y0, x1, y1)
    return out


def build_one(pdf: Path, names: list[str], rng: random.Random) -> DocumentAnnotation:
    """One document of the web styles ``names`` and its annotation."""
    specs = [layout.spec(STYLES[n], rng) for n in names]
    boxes = print_pdf(pdf, page_html(specs, names, rng))
    with pymupdf.open(pdf) as doc:
        pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
        tables = tuple(layout.table_truth(doc, s, f"t{k + 1}", boxes[f"t{k + 1}"], f"{pdf.name} t{k + 1}",
                                          "Chromium (print to PDF)") for k, s in enumerate(specs))
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes="HTML tables printed by Chromium (corpus.browsers.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each web style into ``out``; the long table last in its document."""
    order = {n: int(n == "continued") for n in STYLES}
    return common.build(out, seed, per_style, [common.Producer("chrome", list(STYLES), order.__getitem__)], build_one)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 53, 4, HERE)


if __name__ == "__main__":
    sys.exit(main())
