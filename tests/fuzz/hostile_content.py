"""Hostile page *content* and files that are not PDFs at all, written as raw bytes.

``hostile`` attacks the file's structure (page tree, xref, XObject bombs); these attack what a
page says and what a user may hand the app by mistake: absurd numbers in path operators and
text matrices, degenerate transforms, Type3 fonts whose glyphs draw themselves, ToUnicode maps
to NUL, control characters, surrogates and bidi marks, one line of 40,000 words, odd /Rotate
and /UserUnit, clip paths in nested forms, annotation-only pages, cyclic structure trees, and
Word, HWPX, ZIP, HTML, empty, text and picture files named ``.pdf``. ``CASES`` maps a name to
each builder, for parametrised tests and the fuzz run.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Callable, Sequence

from .hostile import FONT, TEXT, raw_pdf, stream


def _doc(content: bytes, resources: bytes = b"<< /Font << /F1 5 0 R >> >>", extra: Sequence[bytes] = (),
         page_extra: bytes = b"", catalog_extra: bytes = b"") -> bytes:
    """Catalog 1, pages 2, page 3, content 4, Helvetica 5, then ``extra`` from 6."""
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b">>",
                    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources " + resources +
                    b" /Contents 4 0 R " + page_extra + b">>",
                    stream(content), FONT, *extra])


def _grid(x0: float = 72, y0: float = 500, cols: int = 3, rows: int = 4, w: float = 80, h: float = 20) -> bytes:
    """A small ruled grid with a word in each cell (a table to find among the hostility)."""
    ops = [b"0 G 0.8 w"]
    ops += [b"%g %g m %g %g l S" % (x0, y0 + k * h, x0 + cols * w, y0 + k * h) for k in range(rows + 1)]
    ops += [b"%g %g m %g %g l S" % (x0 + k * w, y0, x0 + k * w, y0 + rows * h) for k in range(cols + 1)]
    ops += [b"BT /F1 9 Tf %g %g Td (c%d%d %d) Tj ET" % (x0 + c * w + 4, y0 + r * h + 6, r, c, r * 7 + c)
            for r in range(rows) for c in range(cols)]
    return b"\n".join(ops)


BIG = b"9" * 40  # 1e40 written as PDF writes numbers (no exponents): past a float32
HUGE = b"9" * 400  # past a double


def huge_numbers() -> bytes:
    """Path operators, line widths, text matrices and text state with numbers far out of range
    (40 and 400 digits, both signs, a 300-digit fraction), beside a table."""
    ops = [b"%s -%s m %s 0 l -%s %s l S" % (BIG, BIG, HUGE, HUGE, BIG),
           b"-%s -%s %s %s re f" % (BIG, BIG, HUGE, HUGE),
           b"0 0 m %s %s 0.%s -%s -%s 5 c h f" % (BIG, BIG, b"0" * 300 + b"1", BIG, HUGE),
           b"BT /F1 10 Tf %s 0 0 %s -%s %s Tm (far away) Tj ET" % (BIG, BIG, BIG, BIG),
           b"BT /F1 -%s Tf 100 100 Td (negative size) Tj ET" % BIG,
           # q/Q: the text state outlives ET, and a 1e40 % scale would rightly push the table's words away
           b"q BT /F1 10 Tf 72 700 Td %s Tc %s Tw %s Tz -%s TL (spaced out words) Tj T* (next) Tj ET Q"
           % (BIG, BIG, BIG, BIG),
           b"BT /F1 10 Tf 72 650 Td [(a) -%s (b) %s (c)] TJ ET" % (HUGE, BIG),
           b"%s w 72 72 m 500 72 l S" % BIG,
           b"q %s 0 0 %s 0 0 cm 0 0 1 1 re f Q" % (BIG, BIG),
           b"q 0 0 612 792 re W n 1 g -%s -%s %s %s re f Q" % (BIG, BIG, HUGE, HUGE),
           _grid()]
    return _doc(b"\n".join(ops))


def degenerate_ctm() -> bytes:
    """Transforms of zero scale, NaN-like tokens and a flip, each around text and rules."""
    ops = [b"q 0 0 0 0 0 0 cm BT /F1 10 Tf 72 700 Td (zero scale) Tj ET 0 0 100 100 re S Q",
           b"q 1e-30 0 0 1e-30 0 0 cm BT /F1 10 Tf 72 690 Td (tiny) Tj ET 0 0 1e30 1e30 re f Q",
           b"q 0.0000000000000000000000000000000000000000001 0 0 -0.0 0 0 cm BT /F1 10 Tf 72 680 Td (nan) Tj ET Q",
           b"q " + BIG + b" 0 0 -" + BIG + b" 1 1 cm 0 0 10 10 re f Q",
           b"q 1 0 0 1 0 0 cm 0 1 1 0 0 0 cm 1 1 1 1 0 0 cm BT /F1 10 Tf 1 1 1 1 0 0 Tm (singular) Tj ET Q",
           b"BT /F1 10 Tf 0 0 0 0 72 600 Tm (zero Tm) Tj ET",
           _grid()]
    return _doc(b"\n".join(ops))


def _type3(procs: bytes, extra_res: bytes = b"", bbox: bytes = b"[0 0 1000 1000]") -> bytes:
    return (b"<< /Type /Font /Subtype /Type3 /FontBBox " + bbox + b" /FontMatrix [0.001 0 0 0.001 0 0] "
            b"/CharProcs " + procs + b" /Encoding << /Type /Encoding /Differences [65 /A /B /C] >> "
            b"/FirstChar 65 /LastChar 67 /Widths [600 600 600] /Resources << /Font << /T3 6 0 R >> " +
            extra_res + b">> >>")


def type3_recursive() -> bytes:
    """A Type3 font whose glyph A draws A with itself, B draws A and B, C is an empty CharProc
    (and one that points at nothing), beside a table of ordinary words."""
    a = stream(b"1000 0 0 0 1000 1000 d1 0 0 500 500 re f BT /T3 1 Tf (A) Tj ET")
    b = stream(b"600 0 d0 BT /T3 1 Tf (AB) Tj ET")
    c = stream(b"")
    font = _type3(b"<< /A 7 0 R /B 8 0 R /C 9 0 R /D 99 0 R >>")
    content = b"BT /T3 12 Tf 72 720 Td (ABCABC CBA) Tj ET\n" + _grid()
    return _doc(content, b"<< /Font << /F1 5 0 R /T3 6 0 R >> >>", [font, a, b, c])


def type3_empty() -> bytes:
    """A Type3 font with no CharProcs at all, zero FontMatrix and no widths."""
    font = (b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 0 0] /FontMatrix [0 0 0 0 0 0] /CharProcs << >> "
            b"/Encoding << /Differences [] >> /FirstChar 0 /LastChar -1 /Widths [] >>")
    content = b"BT /T3 12 Tf 72 720 Td (Hello Type3 1 2 3) Tj ET\n" + _grid()
    return _doc(content, b"<< /Font << /F1 5 0 R /T3 6 0 R >> >>", [font])


def _cmap(body: bytes) -> bytes:
    return stream(b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap "
                  b"/CMapName /Bad def 1 begincodespacerange <00> <FF> endcodespacerange\n" + body +
                  b"\nendcmap CMapName currentdict /CMap defineresource pop end end")


def bad_tounicode() -> bytes:
    """A font whose ToUnicode maps codes to NUL, control characters, lone surrogates, bidi marks,
    U+FFFF, a 64-character string and a range running past U+10FFFF."""
    body = (b"8 beginbfchar <41> <0000> <42> <0007> <43> <D800> <44> <DFFF> <45> <200F> <46> <202E> "
            b"<47> <FFFF> <48> <" + b"0041" * 64 + b"> endbfchar\n"
            b"2 beginbfrange <50> <5F> <DBFF> <60> <FF> <10FFFE> endbfrange\n"
            b"1 beginbfrange <00> <FF> [<0000> <D800>] endbfrange")
    font = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 7 0 R >>")
    rows = b"\n".join(b"BT /F2 10 Tf 72 %d Td (ABCD EFGH PQRS `abc) Tj ET" % (720 - 14 * k) for k in range(6))
    return _doc(rows + b"\n" + _grid(), b"<< /Font << /F1 5 0 R /F2 6 0 R >> >>", [font, _cmap(body)])


def long_line(words: int = 40_000) -> bytes:
    """One line of ``words`` words (a tiny font, a text object longer than the page is wide)."""
    line = b" ".join(b"w%d" % k for k in range(words))
    content = b"BT /F1 0.5 Tf 10 760 Td (" + line + b") Tj ET\n" + _grid()
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
                    b"/Contents 4 0 R >>", stream(zlib.compress(content), b"/Filter /FlateDecode"), FONT])


def odd_rotate(value: bytes = b"45") -> bytes:
    """A page whose /Rotate is not a multiple of 90 (or absurd)."""
    return _doc(TEXT + b"\n" + _grid(), page_extra=b"/Rotate " + value + b" ")


def user_unit(value: bytes = b"75000") -> bytes:
    """A page with /UserUnit ``value`` (1 is a point; PDF allows up to 75,000)."""
    return _doc(TEXT + b"\n" + _grid(), page_extra=b"/UserUnit " + value + b" ")


def nested_clips(depth: int = 40) -> bytes:
    """Form XObjects nested ``depth`` deep, each clipping to a smaller curved path and drawing
    part of a table, so the table's rules are seen through many clips."""
    forms = []
    for k in range(depth):
        num = 6 + k
        inset = k * 3
        body = (b"%d %d m %d %d %d %d %d %d c h W n " % (inset, inset, 600 - inset, inset, 600, 800, inset, 700)
                + (_grid(72, 500 - 2 * k) if k % 10 == 0 else b"")
                + (b" /X Do" if k < depth - 1 else b""))
        res = b"/Resources << /Font << /F1 5 0 R >> /XObject << /X %d 0 R >> >>" % (num + 1)
        forms.append(stream(body, b"/Type /XObject /Subtype /Form /BBox [-10 -10 620 800] " + res))
    return _doc(b"q 0 0 612 792 re W n /X Do Q", b"<< /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >>", forms)


def annotations_only() -> bytes:
    """A page with no content stream: its table is drawn by annotations' appearance streams
    (FreeText, Square, Widget), one with a broken appearance and one pointing at nothing."""
    ap = stream(_grid(0, 0), b"/Type /XObject /Subtype /Form /BBox [0 0 300 100] "
                             b"/Resources << /Font << /F1 5 0 R >> >>")
    annots = (b"[6 0 R 7 0 R 8 0 R 9 0 R 99 0 R]")
    objs = [b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [8 0 R] >> >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots " + annots + b" >>",
            stream(b""), FONT,
            b"<< /Type /Annot /Subtype /Square /Rect [72 500 372 600] /AP << /N 10 0 R >> >>",
            b"<< /Type /Annot /Subtype /FreeText /Rect [72 650 300 700] /Contents (Total 12 34) /DA (/Helv 10 Tf 0 g) >>",
            b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (f1) /V (value 42) /Rect [72 400 200 420] "
            b"/AP << /N 11 0 R >> >>",
            b"<< /Type /Annot /Subtype /Link /Rect [nan 0 1e308 -1e308] >>",
            ap, stream(b"BT /F9 10 Tf (x) Tj ET", b"/Type /XObject /Subtype /Form /BBox [0 0 0 0]")]
    return raw_pdf(objs)


def _tagged(struct_objs: Sequence[bytes], content: bytes, page_extra: bytes = b"") -> bytes:
    """Catalog 1 (marked, StructTreeRoot 6), pages 2, page 3, content 4, font 5, tree from 6."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /StructTreeRoot 6 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
            b"/Contents 4 0 R /StructParents 0 " + page_extra + b">>", stream(content), FONT, *struct_objs]
    return raw_pdf(objs)


def _marked_grid() -> bytes:
    ops = []
    for r in range(3):
        for c in range(2):
            ops.append(b"/TD << /MCID %d >> BDC BT /F1 10 Tf %d %d Td (r%dc%d) Tj ET EMC" % (
                r * 2 + c, 72 + c * 100, 700 - r * 20, r, c))
    return b"\n".join(ops) + b"\n" + _grid()


def struct_cycle() -> bytes:
    """A tagged file whose structure tree is cyclic: a Table whose row's cell has the Table as
    its kid, a TR that is its own kid, and a ParentTree pointing back into the cycle."""
    objs = [b"<< /Type /StructTreeRoot /K 7 0 R /ParentTree 11 0 R >>",
            b"<< /Type /StructElem /S /Table /P 6 0 R /K [8 0 R 8 0 R 7 0 R] >>",
            b"<< /Type /StructElem /S /TR /P 7 0 R /K [9 0 R 10 0 R 8 0 R] >>",
            b"<< /Type /StructElem /S /TD /P 8 0 R /Pg 3 0 R /K [0 7 0 R] >>",
            b"<< /Type /StructElem /S /TH /P 8 0 R /Pg 3 0 R /K [1 << /Type /MCR /MCID 2 /Pg 3 0 R >> 10 0 R] >>",
            b"<< /Nums [0 [9 0 R 10 0 R 7 0 R 6 0 R]] >>"]
    return _tagged(objs, _marked_grid())


def struct_missing_mcids() -> bytes:
    """A tagged table whose cells point at MCIDs no content has, at pages that are not pages,
    with /K of wrong types, rows/cols spans of absurd values and a ParentTree of the wrong shape."""
    objs = [b"<< /Type /StructTreeRoot /K [7 0 R] /ParentTree << /Nums [0 12 0 R] >> >>",
            b"<< /Type /StructElem /S /Table /P 6 0 R /K [8 0 R 9 0 R (text) 3.5 /Name] >>",
            b"<< /Type /StructElem /S /TR /P 7 0 R /K [10 0 R 11 0 R] >>",
            b"<< /Type /StructElem /S /TR /P 7 0 R /K [10 0 R -5 2147483647] /Pg 6 0 R >>",
            b"<< /Type /StructElem /S /TD /P 8 0 R /Pg 3 0 R /K 999 /A << /O /Table /RowSpan 2147483647 "
            b"/ColSpan -3 >> >>",
            b"<< /Type /StructElem /S /TH /P 8 0 R /Pg 99 0 R /K << /Type /MCR /MCID 5000 /Pg 3 0 R >> "
            b"/A [<< /O /Table /ColSpan 1e30 >> 5] >>",
            b"<< /Nums [(x) 1] >>"]
    return _tagged(objs, _marked_grid())


def tagged_table(page_extra: bytes = b"") -> bytes:
    """A well-formed tagged 3 x 2 table (Table > TR > TD, one MCID a cell); ``page_extra`` is
    added to the page's dictionary (e.g. b"/UserUnit 10")."""
    rows = [b"<< /Type /StructElem /S /TR /P 7 0 R /K [%d 0 R %d 0 R] >>" % (11 + 2 * r, 12 + 2 * r) for r in range(3)]
    cells = [b"<< /Type /StructElem /S /TD /P %d 0 R /Pg 3 0 R /K %d >>" % (8 + k // 2, k) for k in range(6)]
    objs = [b"<< /Type /StructTreeRoot /K 7 0 R /ParentTree 17 0 R >>",
            b"<< /Type /StructElem /S /Table /P 6 0 R /K [8 0 R 9 0 R 10 0 R] >>", *rows, *cells,
            b"<< /Nums [0 [%s]] >>" % b" ".join(b"%d 0 R" % (11 + k) for k in range(6))]
    return _tagged(objs, _marked_grid(), page_extra)


# -- files that are not PDFs, named .pdf --------------------------------------------------------

def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buf.getvalue()


def docx() -> bytes:
    """A minimal Word document (a ZIP of XML)."""
    return _zip({"[Content_Types].xml": b'<?xml version="1.0"?><Types/>',
                 "word/document.xml": b'<?xml version="1.0"?><w:document><w:body><w:tbl/></w:body></w:document>'})


def hwpx() -> bytes:
    """A minimal HWPX (Hangul) document: a ZIP whose first member is its mimetype."""
    return _zip({"mimetype": b"application/hwp+zip", "Contents/section0.xml": b"<hs:sec/>"})


def zip_bomb(size: int = 200_000_000) -> bytes:
    """A ZIP whose one member inflates to ``size`` bytes of zeros (about 200 KB packed)."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = bytes(1 << 20)
    packed = b"".join(comp.compress(chunk) for _ in range(size >> 20)) + comp.flush()
    name = b"a.pdf"
    crc = 0
    for _ in range(size >> 20):
        crc = zlib.crc32(chunk, crc)
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(packed), size, len(name), 0) + name
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(packed), size,
                          len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(packed), 0)
    return local + packed + central + end


def html() -> bytes:
    return b"<!DOCTYPE html><html><body><table><tr><td>1</td><td>2</td></tr></table></body></html>"


def png_image() -> bytes:
    """A real 40 x 20 grey PNG (a picture named .pdf)."""
    raw = b"".join(b"\x00" + bytes((x * 6) % 256 for x in range(40)) for _ in range(20))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 40, 20, 8, 0, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def png_huge_header() -> bytes:
    """A PNG header claiming 100,000 x 100,000 pixels with almost no data."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(b"\x00" * 1000)) + chunk(b"IEND", b""))


def jpeg_truncated() -> bytes:
    """The start of a JPEG (SOI, a JFIF header, a frame header) and nothing else."""
    return (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            b"\xff\xc0\x00\x11\x08\x10\x00\x10\x00\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")


def huge_text(size: int = 30_000_000) -> bytes:
    """``size`` bytes of plain text lines (a log file named .pdf)."""
    line = b"2026-12-04 12:00:00 INFO row 1 | 2 | 3 | 4\n"
    return line * (size // len(line))


def pdf_header_only() -> bytes:
    return b"%PDF-1.7\n"


COSTLY = frozenset({"zip_bomb", "huge_text"})  # seconds to build, tens of MB: not for every mutant

CASES: dict[str, Callable[[], bytes]] = {
    "huge_numbers": huge_numbers,
    "degenerate_ctm": degenerate_ctm,
    "type3_recursive": type3_recursive,
    "type3_empty": type3_empty,
    "bad_tounicode": bad_tounicode,
    "long_line": long_line,
    "rotate_45": odd_rotate,
    "rotate_huge": lambda: odd_rotate(b"-2147483650"),
    "rotate_real": lambda: odd_rotate(b"90.5"),
    "userunit_max": user_unit,
    "userunit_zero": lambda: user_unit(b"0"),
    "userunit_negative": lambda: user_unit(b"-3"),
    "nested_clips": nested_clips,
    "annotations_only": annotations_only,
    "struct_cycle": struct_cycle,
    "struct_missing_mcids": struct_missing_mcids,
    "tagged_userunit": lambda: tagged_table(b"/UserUnit 10 "),
    "docx": docx,
    "hwpx": hwpx,
    "zip_bomb": zip_bomb,
    "html": html,
    "empty": lambda: b"",
    "pdf_header_only": pdf_header_only,
    "png_image": png_image,
    "png_huge_header": png_huge_header,
    "jpeg_truncated": jpeg_truncated,
    "huge_text": huge_text,
}
