"""Build the modern-document corpus: tagged PDFs of tables in today's styles, with their truth.

    python -m corpus.modern.build [--seed 11] [--per-style 13] [--out corpus/modern]

(or ``make corpus-modern``, which installs LibreOffice first). Steps:

1. a seeded generator writes Word documents (python-docx) with several tables each, in
   the styles of ``styles.STYLES`` (Word built-in table styles and direct shading);
2. LibreOffice headless converts them to tagged PDF;
3. what Word cannot place is drawn on the PDF with PyMuPDF: a diagonal watermark across a
   table, a vector bar chart beside one (untagged, as the real thing would be);
4. the truth is read back through the tag importer (``golden import-tagged``) into
   ``OUT/golden`` (a golden set), and ``OUT/styles.json`` says which style each table has.

The build refuses to finish when a document's tag import does not give exactly the
tables that were written. Needs ``soffice`` on PATH; everything else is in the venv.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import docx
import pymupdf
from docx.oxml.ns import qn
from docx.shared import Cm, Pt
from docx.table import _Cell

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.model import AnnTable
from inspector.annotation.roles import leading_headers
from inspector.annotation.tagged import read_tagged

from .. import common
from .content import Content
from .styles import STYLES, Made, heading, keep_together, note

EXPORT = 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}'
PER_DOC = 6


def plan(rng: random.Random, per_style: int) -> list[list[str]]:
    """Style names grouped into documents (``PER_DOC`` tables each), shuffled by ``rng``."""
    return common.plan(rng, list(STYLES), per_style, PER_DOC)


def docx_texts(path: Path) -> list[Counter[str]]:
    """Per table of a Word file, the non-empty texts of its cells (merged cells once),
    whitespace removed (a narrow column breaks "Subscriptions" into two lines): what the
    tags must give back."""
    out = []
    for table in docx.Document(str(path)).tables:
        # One w:tc per cell: a vertical merge's continuation cells are empty ones.
        texts = ("".join(_Cell(tc, table).text.split()) for tc in table._tbl.iter(qn("w:tc")))
        out.append(Counter(t for t in texts if t))
    return out


def truth_mismatches(expected: list[Counter[str]], tables: list[AnnTable], marks: str = "") -> list[str]:
    """Cell texts written into Word but missing from the tags' tables, or the other way round
    (a header repeated at the top of a continuation region was written once); ``marks``: the
    characters the tags add that Word's text has not (list bullets)."""
    out = []
    drop = str.maketrans("", "", marks)
    for i, (want, t) in enumerate(zip(expected, tables, strict=True)):
        got = Counter("".join(c.text.translate(drop).split()) for k, r in enumerate(t.regions) for c in r.cells
                      if c.text and (k == 0 or c.r >= leading_headers(r.row_roles)))
        for text in (want - got) + (got - want):
            out.append(f"table {i + 1}: '{text}' {'missing from the tags' if want[text] > got[text] else 'not in Word'}")
    return out


def write_docx(path: Path, styles: list[str], c: Content) -> list[Made]:
    doc = docx.Document()
    sec = doc.sections[0]
    sec.page_width, sec.page_height = Cm(21), Cm(29.7)
    sec.left_margin = sec.right_margin = sec.top_margin = sec.bottom_margin = Cm(2)
    doc.styles["Normal"].font.size = Pt(9.5)
    doc.add_heading(f"{c.rng.choice(('Annual', 'Interim', 'Sustainability', 'Market'))} report "
                    f"{c.rng.randint(2019, 2025)}", 1)
    made = []
    for name in styles:
        heading(doc, f"{c.title()} ({c.rng.randint(1, 99)})")
        if c.rng.random() < 0.5:
            note(doc, f"{c.phrase()}. All figures in thousands unless stated otherwise.", 9)
        made.append(STYLES[name](doc, c))
        if name != "continued":
            keep_together(doc.tables[-1])
        doc.add_paragraph().paragraph_format.space_after = Pt(4)
    doc.save(str(path))
    return made


def convert(docxs: list[Path], out: Path) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        sys.exit("build: LibreOffice (soffice) is not installed; run `make corpus-modern`")
    with tempfile.TemporaryDirectory() as profile:
        cmd = [soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", EXPORT,
               "--outdir", str(out), *map(str, docxs)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=1800)


def draw_watermark(page: pymupdf.Page, box: pymupdf.Rect, rng: random.Random) -> None:
    text = rng.choice(("DRAFT", "CONFIDENTIAL", "PRELIMINARY", "SAMPLE"))
    size = min(64.0, 1.6 * box.width / len(text))
    angle = rng.choice((25, 30, 35, 45))
    centre = pymupdf.Point(box.x0 + box.width / 2, box.y0 + box.height / 2)
    width = pymupdf.get_text_length(text, "helv", size)
    start = pymupdf.Point(centre.x - width / 2, centre.y + size / 3)
    page.insert_text(start, text, fontsize=size, fontname="helv", color=(0.6, 0.6, 0.6),
                     fill_opacity=0.35, morph=(centre, pymupdf.Matrix(-angle)), overlay=True)


def draw_chart(page: pymupdf.Page, box: pymupdf.Rect, values: list[float], rng: random.Random) -> None:
    """A vertical bar chart right of ``box``: axis, bars, value labels, a light grid."""
    x0, x1 = box.x1 + 24, page.rect.width - 57
    top, base = box.y0 + 14, box.y1 - 4
    if x1 - x0 < 80:
        return
    colour = rng.choice(((0.27, 0.45, 0.77), (0.93, 0.49, 0.19), (0.44, 0.68, 0.28)))
    peak = max(max(values), 1.0)
    page.insert_text((x0, box.y0 + 8), "Change over the year", fontsize=7.5, fontname="helv")
    for k in range(1, 4):
        y = base - (base - top) * k / 4
        page.draw_line((x0, y), (x1, y), color=(0.85, 0.85, 0.85), width=0.4)
    step = (x1 - x0) / max(len(values), 1)
    for i, v in enumerate(values):
        h = (base - top) * max(v, 0) / peak
        bar = pymupdf.Rect(x0 + i * step + step * 0.2, base - h, x0 + (i + 1) * step - step * 0.2, base)
        page.draw_rect(bar, color=None, fill=colour)
        page.insert_text((bar.x0, bar.y0 - 2), f"{v:.0f}", fontsize=6, fontname="helv")
    page.draw_line((x0, base), (x1, base), color=(0.3, 0.3, 0.3), width=0.8)


def _as_artifact(doc: pymupdf.Document, xref: int) -> None:
    """Mark a content stream we added as an artifact, as PDF writers mark watermarks and
    decorations: otherwise a reader may count its text into the last tagged element."""
    data = doc.xref_stream(xref) or b""
    doc.update_stream(xref, b"/Artifact BMC\n" + data + b"\nEMC\n")


def _value(text: str) -> float:
    digits = "".join(ch for ch in text if ch.isdigit() or ch == ".")
    try:
        return float(digits) if digits else 0.0
    except ValueError:
        return 0.0


def post_process(pdf: Path, made: list[Made], rng: random.Random) -> None:
    """Draw watermarks and charts where the tags say the tables are; write the file
    compressed (object streams, deflated fonts: LibreOffice's files shrink to half)."""
    tables = read_tagged(pdf).annotation.tables if any(m.post for m in made) else []
    doc = pymupdf.open(pdf)
    for m, t in zip(made, tables, strict=False):
        region = t.regions[0]
        box = pymupdf.Rect(region.bbox.x0, region.bbox.y0, region.bbox.x1, region.bbox.y1)
        page = doc[region.page - 1]
        before = set(page.get_contents())
        if m.post == "watermark":
            draw_watermark(page, box, rng)
        elif m.post == "chart":
            values = [_value(region.cell_at(r, 2).value) for r in range(1, region.n_rows)]
            draw_chart(page, box, values, rng)
        for xref in set(page.get_contents()) - before:
            _as_artifact(doc, xref)
    # garbage=1 only: higher levels merge identical objects, and two identical structure
    # elements (an empty cell's) would become one shared by two parents.
    data = doc.tobytes(garbage=1, deflate=True, deflate_fonts=True, use_objstms=1)
    doc.close()
    pdf.write_bytes(data)


WriteDocx = Callable[[Path, list[str], Content], list[Made]]


def build_docx_set(out: Path, seed: int, groups: Callable[[random.Random], list[list[str]]],
                   write: WriteDocx, prefix: str, marks: str = "") -> int:
    """Write a Word file per planned group of styles (``groups`` draws the plan from the seeded
    random source first, then each file's content is drawn), convert them with LibreOffice,
    read each PDF's tables back from its tags and check them against what Word was given
    (``marks``: glyphs the tags add, such as a bullet's), into ``out``'s golden set. The
    corpus builders of Word-made tables (``corpus/modern``, ``corpus/wordproc``) share it."""
    rng = random.Random(seed)
    pdf_dir, golden = common.fresh(out)
    styles: common.StyleMap = {}
    with tempfile.TemporaryDirectory() as tmp:
        made_by_doc: dict[str, list[Made]] = {}
        expected: dict[str, list[Counter[str]]] = {}
        paths = []
        for i, group in enumerate(groups(rng)):
            path = Path(tmp) / f"{prefix}-{i + 1:03d}.docx"
            made_by_doc[path.stem] = write(path, group, Content(random.Random(rng.random())))
            expected[path.stem] = docx_texts(path)
            paths.append(path)
        convert(paths, pdf_dir)
    total = 0
    for stem, made in made_by_doc.items():
        pdf = pdf_dir / f"{stem}.pdf"
        post_process(pdf, made, random.Random(f"{seed}-{stem}"))
        result = read_tagged(pdf)
        tables = result.annotation.tables
        if len(tables) != len(made):
            sys.exit(f"build: {pdf.name}: {len(made)} tables written but {len(tables)} read from the tags")
        wrong = truth_mismatches(expected[stem], list(tables), marks)
        if wrong:
            sys.exit(f"build: {pdf.name}: the tags do not give back what Word was given: {wrong[0]}")
        add_to_golden_set(golden, result.annotation, pdf)
        styles[pdf.name] = {t.id: {"style": m.style, "detail": m.detail} for t, m in zip(tables, made, strict=True)}
        for fix in result.fixes:
            print(f"  {fix}")
        total += len(tables)
    return common.finish(out, styles, seed, total)


def build(out: Path, seed: int, per_style: int) -> int:
    return build_docx_set(out, seed, lambda rng: plan(rng, per_style), write_docx, "modern")


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 11, 13, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
