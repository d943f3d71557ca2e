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

``--layer original`` lays a GOOD layer instead: the born-digital page's own words (from the
corpus the image-only tree was made of), each placed over its ink in the picture (turned by the
page's skew, which the image tree's profile and seed replay exactly, and stretched to its box), as
a faultless OCR would. Give the image tree's ``--profile`` and ``--seed``:

    python benchmarks/make_searchable_corpus.py --src /tmp/img --out /tmp/good --layer original --profile default
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pymupdf

from benchmarks.make_image_corpus import CORPUS, PROFILES, Profile, degrade


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


def page_skews(rel: Path, pages: int, prof: Profile, seed: int) -> list[float]:
    """The skew (degrees) ``make_image_corpus.py`` turned each of the ``pages`` pages of ``rel``
    by: its random draws replayed (a blank 4 x 4 picture takes the same draws as a page's)."""
    rng = random.Random(f"{seed}:{rel}")
    out = []
    for _ in range(pages):
        angle = rng.choice((-1, 1)) * rng.uniform(*prof.skew)
        degrade(np.full((4, 4), 255, np.uint8), prof, rng, angle)
        out.append(angle)
    return out


def lay_words(page: pymupdf.Page, words: list[tuple], angle: float) -> int:
    """Lay ``words`` (get_text("words") of the unrotated born-digital page) invisible over
    ``page``'s picture, turned ``angle`` degrees about the page centre as the picture was (OpenCV's
    sense: counter-clockwise on screen), each stretched to its box's width; the number laid."""
    font = pymupdf.Font("helv")
    c = pymupdf.Point(page.rect.width / 2, page.rect.height / 2)
    # OpenCV's turn of the picture, in page points (y down); a morph works in PDF space (y up),
    # where the same turn on screen is the opposite angle.
    placed, spun = pymupdf.Matrix(-angle), pymupdf.Matrix(angle)
    laid = 0
    for x0, y0, x1, y1, text, *_ in words:
        size = (y1 - y0) / (font.ascender - font.descender)
        width = font.text_length(text, fontsize=size) if size > 0 else 0.0
        if width <= 0:
            continue
        origin = (pymupdf.Point(x0, y1 + font.descender * size) - c) * placed + c
        tw = pymupdf.TextWriter(page.rect)
        tw.append(origin, text, font=font, fontsize=size)
        tw.write_text(page, render_mode=3, morph=(origin, pymupdf.Matrix((x1 - x0) / width, 1) * spun))
        laid += 1
    return laid


def original_copy(src: Path, dst: Path, born: pymupdf.Document, skews: list[float]) -> int:
    """Write ``src`` (a picture a page) to ``dst`` with ``born``'s words (the page it was made
    of) laid over each page's picture; the number of words laid."""
    doc = pymupdf.open(src)
    words = 0
    pairs = ((doc[i], born[i]) for i in range(doc.page_count))
    for (page, orig), angle in zip(pairs, skews, strict=True):
        rotation, born_rotation = page.rotation, orig.rotation
        page.set_rotation(0)
        orig.set_rotation(0)  # the truth and the picture are in unrotated space
        words += lay_words(page, orig.get_text("words"), angle)
        page.set_rotation(rotation)
        orig.set_rotation(born_rotation)
    dst.parent.mkdir(parents=True, exist_ok=True)
    doc.save(dst, garbage=3, deflate=True)
    return words


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", type=Path, required=True, help="an image-only tree (make_image_corpus.py --out)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--jobs", type=int, default=1, help="Tesseract runs at once")
    ap.add_argument("--layer", choices=("tesseract", "original"), default="tesseract",
                    help="tesseract: Tesseract's reading of the picture; original: the born-digital page's words")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="the born-digital corpus (--layer original)")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="default", help="the image tree's (--layer original)")
    ap.add_argument("--seed", type=int, default=2013, help="the image tree's (--layer original)")
    args = ap.parse_args()
    pdfs = sorted(args.src.rglob("*.pdf"))
    if not pdfs:
        print(f"no PDFs under {args.src}", file=sys.stderr)
        return 2

    def one(p: Path) -> str:
        rel = p.relative_to(args.src)
        if args.layer == "original":
            born = pymupdf.open(args.corpus / rel)
            skews = page_skews(rel, born.page_count, PROFILES[args.profile], args.seed)
            return f"{rel}: {original_copy(p, args.out / rel, born, skews)} words"
        n = searchable_copy(p, args.out / rel)
        return f"{p.relative_to(args.src)}: {n} words"

    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for line in pool.map(one, pdfs):
            print(line, flush=True)
    print(f"wrote {len(pdfs)} searchable PDFs under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
