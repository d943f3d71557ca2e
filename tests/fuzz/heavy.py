"""Hand-made heavy pages: valid PDFs that are merely costly to draw, written as raw bytes.

Unlike ``hostile``'s bombs, each page here ends: it carries a small ruled table of real text
(found from its vector rules and words) beside something that makes a render slow: tens of
thousands of paths, a huge picture, a tiling pattern of tiny cells, nested Form XObjects,
thousands of clip paths, a 14,400 pt page, text drawn one glyph a path. A picture on the page
makes detection look for raster rules, so each one tests the render's budget. ``CASES`` maps a
name to each builder with its defaults; the sizes are arguments so a test may take less.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

from .hostile import FONT, raw_pdf, stream

ROWS = (("Fruit", "Qty", "Price"), ("Apple", "12", "0.50"), ("Pear", "7", "0.80"), ("Plum", "30", "0.20"))
X = (72.0, 172.0, 242.0, 312.0)  # the table's column edges, pt (PDF space, y up)
ROW_H = 20.0


def table(top: float = 720.0) -> bytes:
    """A ruled 4 x 3 table whose top edge is ``top`` (PDF space): its rules, then its words."""
    bottom = top - ROW_H * len(ROWS)
    ops = [b"0 G 0.8 w"]
    ops += [b"%g %g m %g %g l S" % (X[0], top - k * ROW_H, X[-1], top - k * ROW_H) for k in range(len(ROWS) + 1)]
    ops += [b"%g %g m %g %g l S" % (x, top, x, bottom) for x in X]
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            ops.append(b"BT /F1 10 Tf %g %g Td (%s) Tj ET" % (X[c] + 4, top - (r + 1) * ROW_H + 6, text.encode()))
    return b"\n".join(ops)


def grey_image(width: int = 64, height: int = 64) -> bytes:
    """An image XObject of ``width`` x ``height`` grey pixels (a gradient), Flate-compressed."""
    row = bytes(x * 255 // max(1, width - 1) for x in range(width))
    data = zlib.compress(row * height, 9)
    return stream(data, b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                        b"/BitsPerComponent 8 /Filter /FlateDecode" % (width, height))


def many_paths(n: int = 40_000, size: float = 400.0) -> bytes:
    """``n`` separate filled paths, each a ``size``-pt triangle with a curve, half transparent,
    scattered over the page: tens of thousands of paths, each painting a large area."""
    ops = [b"/GS0 gs"]
    for k in range(n):
        x, y = (k * 37) % 500, (k * 53) % 700
        ops.append(b"%.2f %.2f %.2f rg %d %d m %g %d l %d %g %d %g %d %d c f" % (
            (k % 7) / 7, (k % 5) / 5, (k % 3) / 3, x, y, x + size, y, x, y + size, x + size / 2, y + size, x, y))
    return page(b"\n".join(ops), b"/ExtGState << /GS0 7 0 R >>",
                [b"<< /Type /ExtGState /ca 0.5 /CA 0.5 /BM /Multiply >>"])


def tiny_paths(n: int = 40_000) -> bytes:
    """``n`` separately stroked paths of a point or two: what a chart or a map exported from a
    plotting tool carries (cheap to draw, heavy to read)."""
    ops = [b"0.3 w"] + [b"%d %d m %d %d l S" % ((k * 7) % 540 + 36, (k * 13) % 360 + 60, (k * 7) % 540 + 37,
                                               (k * 13) % 360 + 61) for k in range(n)]
    return page(b"\n".join(ops), b"", [])


def page(paint: bytes, other: bytes, extra: Sequence[bytes], mediabox: bytes = b"[0 0 612 792]",
               xobjects: bytes = b"", top: float = 720.0) -> bytes:
    """One page: ``paint`` (drawn first, under the table), the table, and a 64 x 64 picture at
    the bottom left. Objects: catalog 1, pages 2, page 3, content 4, font 5, picture 6, then
    ``extra`` from 7, which ``xobjects`` (entries of /XObject) and ``other`` (resource kinds
    such as ``/ExtGState << ... >>``) may name."""
    content = b"q " + paint + b" Q\n" + table(top) + b"\nq 100 0 0 100 400 60 cm /Im0 Do Q"
    res = b"<< /Font << /F1 5 0 R >> /XObject << /Im0 6 0 R " + xobjects + b" >> " + other + b" >>"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox " + mediabox + b" /Resources " + res + b" /Contents 4 0 R >>",
            stream(zlib.compress(content), b"/Filter /FlateDecode"), FONT, grey_image(), *extra]
    return raw_pdf(objs)


def huge_image(side: int = 16_000) -> bytes:
    """A ``side`` x ``side`` grey picture (256 megapixels by default, a few hundred KB compressed)
    drawn over the whole page."""
    return page(b"612 0 0 792 0 0 cm /Big Do", b"", [grey_image(side, side)], xobjects=b"/Big 7 0 R")


def tiling_pattern(step: float = 0.02) -> bytes:
    """The page filled with a tiling pattern whose cell is ``step`` pt: one small drawing
    repeated millions of times."""
    cell = stream(b"0 0 %g %g re f" % (step / 2, step / 2),
                  b"/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 %g %g] "
                  b"/XStep %g /YStep %g /Matrix [0.96 0.28 -0.28 0.96 0 0] /Resources << >>"
                  % (step, step, step, step))
    return page(b"/Pattern cs /P0 scn 0 0 612 792 re f", b"/Pattern << /P0 7 0 R >>", [cell])


def nested_forms(depth: int = 12, fanout: int = 3) -> bytes:
    """Form XObjects nested ``depth`` deep, each drawing its child ``fanout`` times, shifted:
    fanout**(depth - 1) paths in all (177 147 by default), finite, from a file of a few KB."""
    forms = []
    for k in range(depth):
        num = 7 + k
        if k == depth - 1:
            forms.append(stream(b"0 0 1 1 re f", b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]"))
            continue
        body = b" ".join(b"q 1 0 0 1 %g %g cm /X Do Q" % (i * 0.7, i * 0.3) for i in range(fanout))
        forms.append(stream(body, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                                  b"/Resources << /XObject << /X %d 0 R >> >>" % (num + 1)))
    return page(b"1 0 0 1 300 300 cm /N Do", b"", forms, xobjects=b"/N 7 0 R")


def many_clips(n: int = 3_000) -> bytes:
    """``n`` clip paths one after another, each a curved shape across most of the page with
    a fill inside it: every clip costs a mask the size of the page."""
    ops = []
    for k in range(n):
        d = (k % 50) * 0.5
        ops.append(b"q %g %g m %g %g %g %g %g %g c %g %g l h W n 0.%d g 0 0 612 792 re f Q" % (
            d, d, 300, 900 - d, 400, -100 + d, 612 - d, 792 - d, d, 792 - d, 90 + k % 9))
    return page(b"\n".join(ops), b"", [])


def large_page(side: int = 14_400, n: int = 2_000) -> bytes:
    """A ``side`` pt square page (PDF's largest) with ``n`` paths scattered over it and the
    table near its top left."""
    ops = [b"%d %d m %d %d l S" % ((k * 97) % side, (k * 61) % side, (k * 97) % side + 50, (k * 61) % side + 50)
           for k in range(n)]
    return page(b"\n".join(ops), b"", [], mediabox=b"[0 0 %d %d]" % (side, side), top=side - 72.0)


def glyph_paths(n: int = 6_000) -> bytes:
    """Text drawn one glyph a path (an outlined 'o', four curves, at 9 pt a letter) in ``n``
    glyphs: a page of words with no text layer beside the table."""
    ops = []
    for k in range(n):
        x, y = 36 + (k % 100) * 5.4, 600 - (k // 100) * 9
        ops.append(b"%.1f %g m %.1f %g %.1f %g %.1f %g c %.1f %g %.1f %g %.1f %g c h f" % (
            x, y + 2, x, y + 4.5, x + 4, y + 4.5, x + 4, y + 2, x + 4, y - 0.5, x, y - 0.5, x, y + 2))
    return page(b"0 g\n" + b"\n".join(ops), b"", [])


CASES: dict[str, Callable[[], bytes]] = {
    "many_paths": many_paths,
    "tiny_paths": tiny_paths,
    "huge_image": huge_image,
    "tiling_pattern": tiling_pattern,
    "nested_forms": nested_forms,
    "many_clips": many_clips,
    "large_page": large_page,
    "glyph_paths": glyph_paths,
}
