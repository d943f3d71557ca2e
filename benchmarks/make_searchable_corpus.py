"""A searchable copy of an image-only corpus: each page picture gets an invisible OCR text layer.

A copier, ABBYY, Acrobat's "Recognize text" and OCRmyPDF write scans this way: the page is the
picture, and the words someone else's OCR read are laid over it in text render mode 3 (drawn
invisible), so a viewer can search and copy them. Their misreads and word boxes are that OCR's;
the rules exist only in the picture.

The input is a tree written by ``make_image_corpus.py`` (one picture a page). Each picture is read
by the Tesseract command line's own PDF renderer (``-c textonly_pdf=1 pdf``: the text layer alone,
at the picture's resolution) and that layer is laid over the unchanged page, so the pictures are
byte for byte the image-only set's and the two score side by side:

    python benchmarks/make_image_corpus.py --profile default --out /tmp/img
    python benchmarks/make_searchable_corpus.py --src /tmp/img --out /tmp/searchable [--jobs 2]
    python benchmarks/score_icdar.py --pdfs /tmp/searchable -v
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pymupdf


def text_layer(picture: bytes, ext: str, dpi: int, work: Path) -> pymupdf.Document:
    """Tesseract's text-only PDF of ``picture`` (``ext`` its format) read at ``dpi``: one page as
    large as the picture at that resolution, holding only invisible words."""
    src = work / f"page.{ext}"
    src.write_bytes(picture)
    subprocess.run(["tesseract", str(src), str(work / "layer"), "--dpi", str(dpi), "-c", "textonly_pdf=1", "pdf"],
                   check=True, capture_output=True)
    return pymupdf.open(work / "layer.pdf")


def searchable_copy(src: Path, dst: Path) -> int:
    """Write ``src`` (a picture a page) to ``dst`` with each page's OCR text layer over it; the
    number of words laid."""
    doc = pymupdf.open(src)
    words = 0
    for page in (doc[i] for i in range(doc.page_count)):
        images = page.get_images()
        if len(images) != 1:
            continue  # not a one-picture page: left as it is
        info = doc.extract_image(images[0][0])
        rotation = page.rotation
        page.set_rotation(0)  # the picture fills the unrotated page; so does its layer
        dpi = round(info["width"] * 72.0 / page.rect.width)
        with tempfile.TemporaryDirectory() as tmp:
            layer = text_layer(info["image"], info["ext"], dpi, Path(tmp))
            page.show_pdf_page(page.rect, layer, 0, overlay=True)
            words += len(layer[0].get_text("words"))
        page.set_rotation(rotation)
    dst.parent.mkdir(parents=True, exist_ok=True)
    doc.save(dst, garbage=3, deflate=True)
    return words


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", type=Path, required=True, help="an image-only tree (make_image_corpus.py --out)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--jobs", type=int, default=1, help="Tesseract runs at once")
    args = ap.parse_args()
    pdfs = sorted(args.src.rglob("*.pdf"))
    if not pdfs:
        print(f"no PDFs under {args.src}", file=sys.stderr)
        return 2

    def one(p: Path) -> str:
        n = searchable_copy(p, args.out / p.relative_to(args.src))
        return f"{p.relative_to(args.src)}: {n} words"

    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for line in pool.map(one, pdfs):
            print(line, flush=True)
    print(f"wrote {len(pdfs)} searchable PDFs under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
