"""Hostile pages as other programs' pipelines write them, as raw bytes: what a user's PDFs hold
that nobody here made.

A converter that writes every glyph as its own text object (tens of thousands of BT/ET, each
with its font, matrix and colour), TeX's Type3 bitmap fonts (each glyph an inline image) with
and without a ToUnicode map, ToUnicode maps that are wrong in the ways real files are (every
code read 32 past itself, digits to full-width or private-use code points, a truncated map, a map that is
a picture, a name where a stream belongs), pages with /Rotate over a CropBox away from the
origin or outside the MediaBox, and forms whose table is held by widgets and free-text
annotations (values with and without appearance streams, a rotated one, inverted and absurd
rectangles). Each page carries the small ruled table of ``hostile_content._grid`` unless it
is the table itself. ``CASES`` maps a name to each builder, for parametrised tests and the fuzz
run.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

import pymupdf

from .hostile import FONT, raw_pdf, stream
from .hostile_content import _grid


def _doc(content: bytes, resources: bytes = b"<< /Font << /F1 5 0 R >> >>", extra: Sequence[bytes] = (),
         page_extra: bytes = b"", catalog_extra: bytes = b"", box: bytes = b"/MediaBox [0 0 612 792]") -> bytes:
    """Catalog 1, pages 2, page 3, content 4 (compressed), Helvetica 5, then ``extra`` from 6."""
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b">>",
                    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R " + box + b" /Resources " + resources +
                    b" /Contents 4 0 R " + page_extra + b">>",
                    stream(zlib.compress(content), b"/Filter /FlateDecode"), FONT, *extra])


_HELV = pymupdf.Font("helv")


def _glyphs(text: bytes, x: float, y: float, size: float = 9, tracking: float = 0.0) -> list[bytes]:
    """``text`` as one text object a glyph at its Helvetica advance (plus ``tracking``, pt), each
    setting its font, matrix and colour again."""
    out = []
    for ch in text.decode():
        if ch != " ":
            out.append(b"BT /F1 %g Tf 0 0 0 rg 1 0 0 1 %.2f %.2f Tm (%s) Tj ET" % (size, x, y, ch.encode()))
        x += _HELV.text_length(ch, size) + tracking
    return out


def glyph_objects(body_lines: int = 40) -> bytes:
    """A 4 x 3 table and ``body_lines`` lines of prose under it, every glyph its own text object
    (about 2,500 of them for 40 lines; a converter's output read glyph by glyph)."""
    ops: list[bytes] = []
    for r in range(4):
        for c in range(3):
            ops += _glyphs(b"r%dc%d" % (r, c), 72 + 120 * c, 700 - 16 * r)
    for k in range(body_lines):
        ops += _glyphs(b"Body text line %d runs across the page in one column of prose." % k, 40, 600 - 9 * k, 7)
    return _doc(b"\n".join(ops) + b"\n" + _grid(72, 40))


def glyph_objects_many(tracking: float = 1.5) -> bytes:
    """The same, 600 lines of prose: about 30,000 text objects in a 7 pt font down a long page,
    letter-spaced by ``tracking`` (pt): every glyph a word of its own, thousands of one text."""
    ops: list[bytes] = []
    for k in range(600):
        ops += _glyphs(b"Line %d of a listing written glyph by glyph by a converter." % k, 40, 5960 - 9 * k, 7,
                       tracking)
    return _doc(b"\n".join(ops) + b"\n" + _grid(72, 40), box=b"/MediaBox [0 0 612 6000]")


def _bitmap_proc() -> bytes:
    """A glyph drawn as an 8 x 8 inline image mask (dvips's bitmap fonts)."""
    return stream(b"600 0 0 0 500 700 d1 q 500 0 0 700 0 0 cm BI /W 8 /H 8 /IM true /BPC 1 /D [1 0] ID "
                  + bytes([0x3C, 0x42, 0x81, 0x81, 0xFF, 0x81, 0x81, 0x81]) + b" EI Q")


def _type3_font(matrix: bytes, tounicode: bytes) -> bytes:
    procs = b"<< " + b" ".join(b"/g%d 7 0 R" % k for k in range(10)) + b" /sp 8 0 R >>"
    diffs = b"[32 /sp 48 " + b" ".join(b"/g%d" % k for k in range(10)) + b"]"
    return (b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 600 700] /FontMatrix " + matrix +
            b" /CharProcs " + procs + b" /Encoding << /Type /Encoding /Differences " + diffs + b" >> "
            b"/FirstChar 32 /LastChar 57 /Widths [600 " + b"0 " * 15 + b"600 " * 10 + b"] " + tounicode + b">>")


def type3_table(matrix: bytes = b"[0.001 0 0 0.001 0 0]", tounicode: bool = True) -> bytes:
    """A borderless 5 x 3 table of numbers in a Type3 bitmap font (each glyph an inline image),
    with a ToUnicode map (or none: MuPDF reads the glyph names)."""
    cmap = stream(b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> "
                  b"endcodespacerange 2 beginbfrange <30> <39> <0030> <20> <20> <0020> endbfrange endcmap "
                  b"CMapName currentdict /CMap defineresource pop end end")
    rows = [b"BT /T3 10 Tf %d %d Td (%d) Tj ET" % (72 + 100 * c, 700 - 16 * r, 1000 * r + 37 * c + 5)
            for r in range(5) for c in range(3)]
    font = _type3_font(matrix, b"/ToUnicode 9 0 R " if tounicode else b"")
    return _doc(b"\n".join(rows) + b"\n" + _grid(), b"<< /Font << /F1 5 0 R /T3 6 0 R >> >>",
                [font, _bitmap_proc(), stream(b"600 0 d0"), cmap])


def _mapped(body: bytes) -> bytes:
    """A ToUnicode stream holding ``body`` between a CMap's header and end."""
    return stream(b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange <00> <FF> "
                  b"endcodespacerange\n" + body + b"\nendcmap CMapName currentdict /CMap defineresource pop end end")


TOUNICODE = {
    "shifted": _mapped(b"1 beginbfrange <00> <FF> <0020> endbfrange"),  # every code read 32 past itself
    "fullwidth": _mapped(b"1 beginbfrange <30> <39> <FF10> endbfrange"),  # digits read full-width
    "private": _mapped(b"1 beginbfrange <20> <7E> <E020> endbfrange"),  # everything private use
    "truncated": stream(b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 begincodespacerange "
                        b"<00> <FF> endcodespacerange 3 beginbfchar <31> <0032> <32"),
    "picture": stream(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + b"\x00" * 64, b"/Filter /DCTDecode"),
}


def tounicode_table(kind: str = "shifted") -> bytes:
    """A borderless 5 x 3 table of numbers in a Helvetica whose ToUnicode map is broken as
    ``TOUNICODE[kind]`` says (or the name /Identity-H where a stream belongs)."""
    entry = b"/ToUnicode /Identity-H" if kind == "name" else b"/ToUnicode 7 0 R"
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica " + entry + b" >>"
    rows = [b"BT /F2 10 Tf %d %d Td (%d.%02d) Tj ET" % (72 + 100 * c, 700 - 16 * r, 10 * r + c, 7 * c)
            for r in range(5) for c in range(3)]
    extra = [font] + ([TOUNICODE[kind]] if kind != "name" else [])
    return _doc(b"\n".join(rows) + b"\n" + _grid(), b"<< /Font << /F1 5 0 R /F2 6 0 R >> >>", extra)


def rotate_cropped(rotate: bytes = b"90", box: bytes = b"/MediaBox [-50 -50 700 900] /CropBox [60 450 400 640]"
                   ) -> bytes:
    """The table on a page turned by /Rotate whose CropBox lies away from the origin (or outside
    the MediaBox), cutting part of a second table off."""
    wide = _grid(330, 560, 3, 3, 70, 18).replace(b"(c", b"(k")
    return _doc(_grid() + b"\n" + wide, box=box, page_extra=b"/Rotate " + rotate + b" ")


def _field(k: int, x: float, y: float, value: bytes, ap: int | None, extra: bytes = b"") -> bytes:
    appearance = b"/AP << /N %d 0 R >> " % ap if ap is not None else b""
    return (b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (f%d) /V (%s) /DA (/Helv 9 Tf 0 g) "
            b"/Rect [%g %g %g %g] /P 3 0 R " % (k, value, x, y, x + 90, y + 16) + appearance + extra + b">>")


def widget_table(appearances: bool = True) -> bytes:
    """A 4 x 3 table held by text-field widgets over a drawn grid (a filled-in form's values),
    with a free-text annotation as its caption, a rotated widget, one with an inverted and one
    with an absurd rectangle; appearance streams written (a flattened look) or left to the
    viewer (/NeedAppearances true, no /AP)."""
    cells = [(72 + 100 * c, 700 - 20 * r, b"%d,%03d" % (r + 1, 37 * c + 5)) for r in range(4) for c in range(3)]
    first = 6  # objects: the widgets from 6, then their appearances, then the odd annotations
    n = len(cells)
    widgets = [_field(k, x, y, v, first + n + k if appearances else None) for k, (x, y, v) in enumerate(cells)]
    aps = [stream(b"/Tx BMC BT /Helv 9 Tf 0 g 2 4 Td (%s) Tj ET EMC" % v,
                  b"/Type /XObject /Subtype /Form /BBox [0 0 90 16] /Resources << /Font << /Helv 5 0 R >> >>")
           for _, _, v in cells] if appearances else []
    odd = [b"<< /Type /Annot /Subtype /FreeText /Rect [72 730 372 748] /Contents (Table 1: amounts by quarter) "
           b"/DA (/Helv 10 Tf 0 g) >>",
           _field(90, 400, 500, b"rotated 12", None, b"/MK << /R 90 >> "),
           b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (inv) /V (inverted 7) /Rect [300 400 200 380] >>",
           b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (abs) /V (absurd 9) /Rect [-1e30 0 1e30 99999999] >>"]
    objs = widgets + aps + odd
    refs = b" ".join(b"%d 0 R" % (first + k) for k in range(len(objs)) if not first + n <= first + k < first + 2 * n
                     or not appearances)
    grid = [b"0 G 0.5 w"] + [b"%d %d m %d %d l S" % (68, 696 - 20 * r + 20, 368, 696 - 20 * r + 20) for r in range(5)]
    fields = b"[" + b" ".join(b"%d 0 R" % (first + k) for k in range(n)) + b"]"
    form = b"/AcroForm << /Fields " + fields + b" /DA (/Helv 9 Tf 0 g) " + \
        (b"" if appearances else b"/NeedAppearances true ") + b">> "
    return _doc(b"\n".join(grid) + b"\n" + _grid(), page_extra=b"/Annots [" + refs + b"] ", extra=objs,
                catalog_extra=form)


CASES: dict[str, Callable[[], bytes]] = {
    "glyph_objects": glyph_objects,
    "glyph_objects_many": glyph_objects_many,
    "type3_table": type3_table,
    "type3_no_tounicode": lambda: type3_table(tounicode=False),
    "type3_unit_matrix": lambda: type3_table(b"[1 0 0 1 0 0]"),
    "type3_flipped_matrix": lambda: type3_table(b"[-0.001 0 0 -0.001 0 0]"),
    **{f"tounicode_{k}": (lambda k=k: tounicode_table(k)) for k in (*TOUNICODE, "name")},
    "rotate_90_cropped": rotate_cropped,
    "rotate_270_crop_outside": lambda: rotate_cropped(b"270", b"/MediaBox [0 0 612 792] /CropBox [500 700 900 1200]"),
    "rotate_180_crop_empty": lambda: rotate_cropped(b"180", b"/MediaBox [0 0 612 792] /CropBox [100 100 100 100]"),
    "widget_table": widget_table,
    "widget_table_no_appearance": lambda: widget_table(False),
}
