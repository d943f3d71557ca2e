"""Build the slides corpus: tables on presentation slides, in PowerPoint's built-in table
styles (banded shading, white cell borders, a dark header row, the first column emphasised,
no grid at all), written with python-pptx and exported by LibreOffice Impress as tagged PDFs;
the truth is read from the PDFs' own tags (``golden import-tagged``), not from the generator.

    python -m corpus.slides.build [--seed 15] [--per-style 2] [--out DIR]

Needs ``soffice`` with Impress (``apt-get install libreoffice-impress-nogui``) and python-pptx
(the ``corpus`` extra): test data only, never a run-time need. A development set for the
PowerPoint family (the slide's table drawn as abutting shaded cells with white lines between
them), not a corpus to tune on.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..sheets.build import HEADS, WORDS

# PowerPoint's built-in table styles by id (the ones Impress draws): name -> style id.
STYLES = {
    "medium2_accent1": "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}",  # PowerPoint's default
    "light1_accent1": "{3B4B98B0-60AC-42C2-AFA5-B58CD77FA1E5}",
    "light2_accent1": "{69012ECD-51FC-41F1-AA8D-1B2483CD663E}",
    "light3_accent1": "{BC89EF96-8CEA-46FF-86C4-4CE0E7609802}",
    "medium1_accent1": "{B301B821-A1FF-4177-AEE7-76D212191A09}",
    "medium4": "{793D81CF-94F2-401A-BA57-92F5A7B2D0C5}",
    "themed1_accent1": "{3C2FFA5D-87B4-456A-9821-1D502468CF0F}",
    "dark1": "{E8034E78-7F5D-4C2E-B375-FC64B27BC917}",
    "table_grid": "{5940675A-B579-460E-94D1-54222C63F5DA}",
    "no_grid": "{2D5ABB26-0587-4C30-8999-92F81FD0307C}",
}
EXPORT = 'pdf:impress_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}'


def _value(rng: random.Random) -> str:
    v = rng.uniform(-2000, 90000)
    return rng.choice((f"{v:,.0f}", f"{v:,.1f}", f"{abs(v) / 1000:.1f}%", f"({abs(v):,.0f})" if v < 0 else f"{v:,.0f}"))


def _rows(rng: random.Random) -> list[list[str]]:
    n_cols, n_rows = rng.randint(3, 6), rng.randint(3, 9)
    head = [rng.choice(("Region", "Item", "Segment"))] + rng.sample(HEADS, n_cols - 1)
    body = [[" ".join(rng.sample(WORDS, rng.choice((1, 1, 2))))] + [_value(rng) for _ in range(n_cols - 1)]
            for _ in range(n_rows)]
    return [head, *body]


def _slide(prs: object, rng: random.Random, style: str) -> None:
    from pptx.util import Emu, Pt

    slide = prs.slides.add_slide(prs.slide_layouts[5])  # type: ignore[attr-defined]
    slide.shapes.title.text = rng.choice(("Quarterly results", "Budget overview", "Key figures", "Regional sales"))
    rows = _rows(rng)
    width = int(prs.slide_width * rng.uniform(0.7, 0.92))  # type: ignore[attr-defined]
    left = (prs.slide_width - width) // 2  # type: ignore[attr-defined]
    shape = slide.shapes.add_table(len(rows), len(rows[0]), Emu(left), Emu(int(prs.slide_height * 0.28)),  # type: ignore[attr-defined]
                                   Emu(width), Emu(int(prs.slide_height * 0.06) * len(rows)))
    table = shape.table
    table.first_row = True
    table.horz_banding = rng.random() < 0.8
    table.first_col = rng.random() < 0.3
    shape._element.graphic.graphicData.tbl.tblPr.find(  # the style id element python-pptx writes
        "{http://schemas.openxmlformats.org/drawingml/2006/main}tableStyleId").text = STYLES[style]
    size = Pt(rng.choice((12, 14, 16, 18)))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = table.cell(r, c)
            cell.text = text
            para = cell.text_frame.paragraphs[0]
            para.runs[0].font.size = size
            if c and r:
                from pptx.enum.text import PP_ALIGN
                para.alignment = PP_ALIGN.RIGHT


def build(out: Path, seed: int, per_style: int) -> int:
    from pptx import Presentation

    rng = random.Random(seed)
    pdfs = out / "pdfs"
    shutil.rmtree(pdfs, ignore_errors=True)
    pdfs.mkdir(parents=True)
    work = Path(tempfile.mkdtemp())
    names = [s for s in STYLES for _ in range(per_style)]
    rng.shuffle(names)
    for k in range(0, len(names), 3):  # three slides (tables) to a deck
        prs = Presentation()
        for style in names[k:k + 3]:
            _slide(prs, random.Random(rng.random()), style)
        prs.save(str(work / f"slides-{k // 3 + 1:03d}.pptx"))
    subprocess.run(["soffice", f"-env:UserInstallation=file://{work}/profile", "--headless", "--convert-to", EXPORT,
                    "--outdir", str(pdfs), *sorted(str(p) for p in work.glob("*.pptx"))], check=True, capture_output=True)
    shutil.rmtree(work)
    golden = out / "golden"
    shutil.rmtree(golden, ignore_errors=True)
    from inspector.cli import main as cli

    return cli(["golden", "import-tagged", str(pdfs), "-o", str(golden)])


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--per-style", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    a = ap.parse_args(argv)
    if shutil.which("soffice") is None:
        sys.exit("slides: needs soffice (LibreOffice Impress): apt-get install libreoffice-impress-nogui")
    return build(a.out, a.seed, a.per_style)


if __name__ == "__main__":
    raise SystemExit(main())
