"""Page PNGs of a golden set with its truth drawn on them, to look at before trusting it.

    python -m corpus.modern.render GOLDEN_DIR OUT_DIR [--only NAME] [--dpi 70]

Red: row and column boundaries of each region; blue: the glyph box of every non-empty
cell; the table's style (from ``styles.json`` beside the golden folder) is written above it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import load_golden_set


def render(golden: Path, out: Path, only: str = "", dpi: int = 70) -> int:
    out.mkdir(parents=True, exist_ok=True)
    styles_path = golden.parent / "styles.json"
    styles = json.loads(styles_path.read_text())["documents"] if styles_path.is_file() else {}
    n = 0
    for entry in load_golden_set(golden).entries:
        if only not in entry.file_name or entry.pdf_path is None:
            continue
        doc = pymupdf.open(entry.pdf_path)
        for t in entry.annotation.tables:
            label = styles.get(entry.file_name, {}).get(t.id, {}).get("style", "")
            for reg in t.regions:
                page = doc[reg.page - 1]
                b = reg.bbox
                for x in reg.xs:
                    page.draw_line((x, b.y0), (x, b.y1), color=(1, 0, 0), width=0.6)
                for y in reg.ys:
                    page.draw_line((b.x0, y), (b.x1, y), color=(1, 0, 0), width=0.6)
                for c in reg.cells:
                    if c.bbox is not None:
                        page.draw_rect(pymupdf.Rect(*c.bbox.as_tuple()), color=(0, 0, 1), width=0.3)
                page.insert_text((b.x0, b.y0 - 2), f"{t.id} {label} {reg.n_rows}x{reg.n_cols} h{t.header_rows}",
                                 fontsize=6, color=(1, 0, 0))
        for i, page in enumerate(doc):
            page.get_pixmap(dpi=dpi).save(out / f"{Path(entry.file_name).stem}-p{i + 1}.png")
            n += 1
    return n


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("golden", type=Path)
    p.add_argument("out", type=Path)
    p.add_argument("--only", default="")
    p.add_argument("--dpi", type=int, default=70)
    a = p.parse_args()
    print(f"{render(a.golden, a.out, a.only, a.dpi)} page(s) written to {a.out}")


if __name__ == "__main__":
    main()
