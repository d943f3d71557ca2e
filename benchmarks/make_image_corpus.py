"""An image-only copy of the corpus's ICDAR 2013 PDFs: what a scanner, a copier or a fax makes of them.

Each page is rendered in grey, degraded by a named, seeded profile and placed as the only
content of a page of the same size and rotation, so the ground truth's coordinates stay
valid (a skew turns about the page centre; a scale or shift stays within a few points,
inside the scorer's cell matching). The copies keep the corpus's relative paths, so
``score_icdar.py --pdfs OUT`` scores them (only the documents written, with ``--pages``).

The default profile is the one the README's image-only figure was measured on: 200 dpi grey,
a slight skew (0.5-1.5 degrees either way), a light JPEG (quality 75). The others:

    bilevel300  300 dpi thresholded to black and white (a document scanner's 1-bit mode)
    fax150      150 dpi black and white with stray pixels (a fax or a cheap copier)
    jpeg_heavy  200 dpi grey, a little blur, JPEG quality 30
    skew3       200 dpi grey, 2-3 degrees of skew
    uneven      200 dpi grey on darker paper with a shadow along the binding
    noisy       200 dpi grey with blur and salt-and-pepper noise
    shifted     200 dpi grey scanned 1-2 % larger or smaller and a few points off

    python benchmarks/make_image_corpus.py [--out /tmp/image-corpus] [--profile default] [--pages N]
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np
import pymupdf

from inspector.evaluation.corpus import icdar_records

CORPUS = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus").resolve()


@dataclass(frozen=True)
class Profile:
    """How a page is degraded. Angles in degrees, sizes in points, greys 0-255.

    ``bilevel``: threshold the grey page to 0/255 at this level (0: keep grey);
    ``quality``: JPEG quality (0: lossless PNG, as a bilevel scan is stored);
    ``blur``: Gaussian sigma in points; ``salt``: share of pixels flipped to black or white;
    ``paper``: the paper's grey; ``shadow``: how much darker (grey levels) the binding edge gets;
    ``scale``: the largest relative scale error; ``shift``: the largest offset (points).
    """

    dpi: int = 200
    quality: int = 75
    skew: tuple[float, float] = (0.5, 1.5)
    bilevel: int = 0
    blur: float = 0.0
    salt: float = 0.0
    paper: int = 255
    shadow: int = 0
    scale: float = 0.0
    shift: float = 0.0


PROFILES = {
    "default": Profile(),
    "bilevel300": Profile(dpi=300, quality=0, bilevel=160, blur=0.15),
    "fax150": Profile(dpi=150, quality=0, bilevel=150, blur=0.3, salt=0.002),
    "jpeg_heavy": Profile(quality=30, blur=0.3),
    "skew3": Profile(skew=(2.0, 3.0)),
    "uneven": Profile(paper=215, shadow=70),
    "noisy": Profile(blur=0.4, salt=0.004),
    "shifted": Profile(scale=0.02, shift=4.0),
}


def _transform(w: int, h: int, angle: float, scale: float, dx: float, dy: float) -> np.ndarray:
    """The affine map turning ``angle`` degrees and scaling about the centre, then shifting (px)."""
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[:, 2] += (dx, dy)
    return m


def _paper(img: np.ndarray, prof: Profile, side: int) -> np.ndarray:
    """Ink laid on paper of ``prof.paper`` with a shadow fading in from the left (side -1) or
    right (+1) edge over a fifth of the page."""
    h, w = img.shape
    x = np.arange(w, dtype=np.float32) / max(w - 1, 1)
    edge = x if side < 0 else 1.0 - x
    shade = prof.shadow * np.clip(1.0 - edge / 0.2, 0.0, 1.0) ** 2
    paper = (prof.paper - shade)[None, :]
    out = img.astype(np.float32) / 255.0 * paper
    return np.clip(out, 0, 255)


def degrade(img: np.ndarray, prof: Profile, rng: random.Random, angle: float) -> np.ndarray:
    """The grey render ``img`` (at ``prof.dpi``) after ``prof``'s scanner, turned ``angle`` degrees."""
    h, w = img.shape
    px = prof.dpi / 72.0
    scale = 1.0 + rng.uniform(-prof.scale, prof.scale) if prof.scale else 1.0
    dx, dy = ((rng.uniform(-prof.shift, prof.shift) * px, rng.uniform(-prof.shift, prof.shift) * px)
              if prof.shift else (0.0, 0.0))
    m = _transform(w, h, angle, scale, dx, dy)
    out = cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=255)
    if prof.paper < 255 or prof.shadow:
        out = _paper(out, prof, rng.choice((-1, 1))).astype(np.uint8)
    if prof.blur:
        out = cv2.GaussianBlur(out, (0, 0), prof.blur * px)
    # Drawn only where used, so a profile without noise keeps the later pages' skews.
    noise = np.random.default_rng(rng.getrandbits(32)) if prof.salt else None
    if noise is not None and not prof.bilevel:
        out = _salt(out, prof.salt, noise)
    if prof.bilevel:
        out = np.where(out > prof.bilevel, 255, 0).astype(np.uint8)
        if noise is not None:
            out = _salt(out, prof.salt, noise)
    return out


def _salt(img: np.ndarray, share: float, noise: np.random.Generator) -> np.ndarray:
    """``img`` with ``share`` of its pixels turned black or white at random."""
    out = img.copy()
    hit = noise.random(img.shape) < share
    out[hit] = np.where(noise.random(int(hit.sum())) < 0.5, 0, 255).astype(np.uint8)
    return out


def scanned(page: pymupdf.Page, prof: Profile, angle: float, rng: random.Random) -> bytes:
    """The unrotated page rendered grey at ``prof.dpi`` and degraded, as JPEG (or PNG) bytes."""
    pix = page.get_pixmap(dpi=prof.dpi, colorspace=pymupdf.csGRAY, alpha=False)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    out = degrade(img, prof, rng, angle)
    if prof.quality:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, prof.quality])
    else:
        ok, buf = cv2.imencode(".png", out)
    assert ok
    return buf.tobytes()


def skewed_jpeg(page: pymupdf.Page, dpi: int, angle: float, quality: int) -> bytes:
    """The unrotated page rendered grey at ``dpi``, turned ``angle`` degrees, as JPEG bytes."""
    return scanned(page, Profile(dpi=dpi, quality=quality), angle, random.Random(0))


def image_copy(src: Path, dst: Path, dpi: int, quality: int, rng: random.Random,
               profile: Profile | None = None) -> list[float]:
    """Write the image-only copy of ``src`` to ``dst``; the skew of each page (degrees).

    ``profile`` (default: the default profile at ``dpi`` and ``quality``) says how each page is
    degraded; the skews drawn from ``rng`` come first, so the default profile's are today's.
    """
    prof = profile or replace(PROFILES["default"], dpi=dpi, quality=quality)
    doc = pymupdf.open(src)
    out = pymupdf.open()
    angles = []
    for page in doc:
        rotation = page.rotation
        page.set_rotation(0)  # render the unrotated page: the truth is in unrotated space
        angle = rng.choice((-1, 1)) * rng.uniform(*prof.skew)
        box = page.cropbox
        new = out.new_page(width=box.width, height=box.height)
        new.insert_image(new.rect, stream=scanned(page, prof, angle, rng))
        new.set_rotation(rotation)
        angles.append(angle)
    dst.parent.mkdir(parents=True, exist_ok=True)
    out.save(dst, garbage=3, deflate=True)
    return angles


def subset(pdfs: list[Path], pages: dict[Path, int], want: int) -> list[Path]:
    """Documents spread evenly over ``pdfs`` (sorted) until they hold ``want`` scored pages."""
    if want <= 0:
        return pdfs
    order = pdfs[::2] + pdfs[1::2]  # every other document first: both ends of the corpus
    out: list[Path] = []
    for p in order:
        if sum(pages[q] for q in out) >= want:
            break
        out.append(p)
    return sorted(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--out", type=Path, default=Path("/tmp/image-corpus"))
    ap.add_argument("--profile", choices=sorted(PROFILES), default="default")
    ap.add_argument("--dpi", type=int, default=None, help="render resolution (default: the profile's)")
    ap.add_argument("--quality", type=int, default=None, help="JPEG quality, 0 for PNG (default: the profile's)")
    ap.add_argument("--pages", type=int, default=0, help="only documents holding about this many scored pages")
    ap.add_argument("--seed", type=int, default=2013)
    args = ap.parse_args()
    if not (args.corpus / "tables.jsonl").is_file():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    prof = PROFILES[args.profile]
    prof = replace(prof, dpi=args.dpi or prof.dpi, quality=prof.quality if args.quality is None else args.quality)
    recs = list(icdar_records(args.corpus))
    scored = {r.pdf: len({q.page for q in recs if q.pdf == r.pdf}) for r in recs}
    every = sorted({r.pdf for r in icdar_records(args.corpus, include_hinted=True)})
    pdfs = subset(every, {p: scored.get(p, 0) for p in every}, args.pages)
    for src in pdfs:
        rel = src.relative_to(args.corpus)
        rng = random.Random(f"{args.seed}:{rel}")  # the same skews whatever subset is made
        angles = image_copy(src, args.out / rel, prof.dpi, prof.quality, rng, prof)
        print(f"{rel}: {len(angles)} pages, skew {min(angles):+.2f}..{max(angles):+.2f} degrees")
    print(f"wrote {len(pdfs)} image-only PDFs ({args.profile}) under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
