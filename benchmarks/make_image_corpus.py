"""An image-only copy of the corpus's ICDAR 2013 PDFs: what a scanner or a portal makes of them.

Each page is rendered at 200 dpi in grey, turned by a slight seeded skew (0.5-1.5 degrees
either way, about the page centre), saved as a light JPEG and placed as the only content of
a page of the same size and rotation, so the ground truth's coordinates stay valid. The
copies keep the corpus's relative paths, so ``score_icdar.py --pdfs OUT`` scores them.

    python benchmarks/make_image_corpus.py [--out /tmp/image-corpus] [--dpi 200] [--quality 75]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import cv2
import numpy as np
import pymupdf

from inspector.evaluation.corpus import icdar_records

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


def skewed_jpeg(page: pymupdf.Page, dpi: int, angle: float, quality: int) -> bytes:
    """The unrotated page rendered grey at ``dpi``, turned ``angle`` degrees, as JPEG bytes."""
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, alpha=False)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    m = cv2.getRotationMatrix2D((pix.width / 2, pix.height / 2), angle, 1.0)
    img = cv2.warpAffine(img, m, (pix.width, pix.height), flags=cv2.INTER_LINEAR, borderValue=255)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return buf.tobytes()


def image_copy(src: Path, dst: Path, dpi: int, quality: int, rng: random.Random) -> list[float]:
    """Write the image-only copy of ``src`` to ``dst``; the skew of each page (degrees)."""
    doc = pymupdf.open(src)
    out = pymupdf.open()
    angles = []
    for page in doc:
        rotation = page.rotation
        page.set_rotation(0)  # render the unrotated page: the truth is in unrotated space
        angle = rng.choice((-1, 1)) * rng.uniform(0.5, 1.5)
        box = page.cropbox
        new = out.new_page(width=box.width, height=box.height)
        new.insert_image(new.rect, stream=skewed_jpeg(page, dpi, angle, quality))
        new.set_rotation(rotation)
        angles.append(angle)
    dst.parent.mkdir(parents=True, exist_ok=True)
    out.save(dst, garbage=3, deflate=True)
    return angles


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--out", type=Path, default=Path("/tmp/image-corpus"))
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--quality", type=int, default=75, help="JPEG quality (light compression)")
    ap.add_argument("--seed", type=int, default=2013)
    args = ap.parse_args()
    if not (args.corpus / "tables.jsonl").is_file():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    pdfs = sorted({r.pdf for r in icdar_records(args.corpus, include_hinted=True)})
    for src in pdfs:
        rel = src.relative_to(args.corpus)
        rng = random.Random(f"{args.seed}:{rel}")  # the same skews whatever subset is made
        angles = image_copy(src, args.out / rel, args.dpi, args.quality, rng)
        print(f"{rel}: {len(angles)} pages, skew {min(angles):+.2f}..{max(angles):+.2f} degrees")
    print(f"wrote {len(pdfs)} image-only PDFs under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
