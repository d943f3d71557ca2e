"""Hand-made hostile PDFs, written as raw bytes (no library would produce them).

Each builder returns the bytes of a small PDF that attacks one weakness: paint bombs made of
nested Form XObjects, deep XObject chains, lying page trees, absurd page boxes. ``CASES``
maps a name to each builder with its defaults, for parametrised tests and the fuzz run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

TEXT = b"BT /F1 10 Tf 72 720 Td (Total 12 34) Tj ET"
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def raw_pdf(objects: Sequence[bytes], root: int = 1, xref: bool = True) -> bytes:
    """A PDF of ``objects`` (object i+1 is ``objects[i]``, streams included), with a correct
    xref table and trailer unless ``xref`` is False."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for num, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
    start = len(out)
    if xref:
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, start)
    return bytes(out)


def stream(content: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s >>\nstream\n" % (len(content), extra) + content + b"\nendstream"


def _page_doc(content: bytes, resources: bytes, extra: Sequence[bytes] = (),
              mediabox: bytes = b"[0 0 612 792]", count: bytes = b"1") -> bytes:
    """Catalog (1), pages (2), page (3), content (4), then ``extra`` objects from 5."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count " + count + b" >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox " + mediabox + b" /Resources " + resources +
            b" /Contents 4 0 R >>",
            stream(content), *extra]
    return raw_pdf(objs)


def xobject_bomb(depth: int = 28, fanout: int = 2) -> bytes:
    """Form XObjects nested ``depth`` deep, each painting its child ``fanout`` times:
    fanout**depth paints from a file of a few KB (2**28 by default)."""
    first = 5
    forms = []
    for k in range(depth):
        num = first + k
        if k == depth - 1:
            forms.append(stream(b"0 0 1 1 re f", b"/Type /XObject /Subtype /Form /BBox [0 0 10 10]"))
            continue
        body = b" ".join(b"q 1 0 0 1 %d 0 cm /X Do Q" % i for i in range(fanout))
        forms.append(stream(body, b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] "
                                  b"/Resources << /XObject << /X %d 0 R >> >>" % (num + 1)))
    res = b"<< /Font << /F1 %d 0 R >> /XObject << /X %d 0 R >> >>" % (first + depth, first)
    return _page_doc(TEXT + b" /X Do", res, [*forms, FONT])


def xobject_chain(depth: int = 2000) -> bytes:
    """A chain of ``depth`` Form XObjects, each painting the next once."""
    return xobject_bomb(depth=depth, fanout=1)


def xobject_loop() -> bytes:
    """Two Form XObjects that paint each other."""
    a = stream(b"/B Do", b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /B 6 0 R >> >>")
    b = stream(b"/A Do 0 0 5 5 re f", b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] "
                                      b"/Resources << /XObject << /A 5 0 R >> >>")
    return _page_doc(TEXT + b" /A Do", b"<< /Font << /F1 7 0 R >> /XObject << /A 5 0 R >> >>", [a, b, FONT])


def bad_count(count: bytes = b"-1") -> bytes:
    """A one-page document whose page tree claims ``count`` pages."""
    return _page_doc(TEXT, b"<< /Font << /F1 5 0 R >> >>", [FONT], count=count)


def huge_mediabox(box: bytes = b"[0 0 1 99999999]") -> bytes:
    """A page whose MediaBox is absurdly large."""
    return _page_doc(TEXT + b" 0 0 100 100 re S", b"<< /Font << /F1 5 0 R >> >>", [FONT], mediabox=box)


def kids_cycle() -> bytes:
    """A page tree whose /Kids points back at itself."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
            b"/Contents 4 0 R >>",
            stream(TEXT), FONT]
    return raw_pdf(objs)


def bad_length() -> bytes:
    """A content stream whose /Length is far larger than the file."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
            b"/Contents 4 0 R >>",
            b"<< /Length 99999999 >>\nstream\n" + TEXT + b"\nendstream", FONT]
    return raw_pdf(objs)


def no_xref() -> bytes:
    """A PDF with its xref table missing (MuPDF repairs it and says so)."""
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
                    b"/Contents 4 0 R >>", stream(TEXT), FONT], xref=False)


def missing_object() -> bytes:
    """A page whose content stream reference points at an object that does not exist."""
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 99 0 R >> >> "
            b"/Contents 77 0 R >>"]
    return raw_pdf(objs)


CASES: dict[str, Callable[[], bytes]] = {
    "xobject_bomb": xobject_bomb,
    "xobject_chain": xobject_chain,
    "xobject_loop": xobject_loop,
    "count_minus_one": lambda: bad_count(b"-1"),
    "count_huge": lambda: bad_count(b"2147483647"),
    "count_zero": lambda: bad_count(b"0"),
    "huge_mediabox": huge_mediabox,
    "inverted_mediabox": lambda: huge_mediabox(b"[0 0 -5 1e30]"),
    "kids_cycle": kids_cycle,
    "bad_length": bad_length,
    "no_xref": no_xref,
    "missing_object": missing_object,
}
