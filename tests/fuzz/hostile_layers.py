"""Hostile pages whose text or rules are there for software but not for a reader, and pages
that load MuPDF's interpreter in odd ways, written as raw bytes.

What a viewer does not show is no evidence: a fake table in an optional-content layer the
default configuration turns off (by /OFF, /BaseState /OFF, an OCMD policy, on a form XObject),
text covered by an opaque fill drawn after it, text drawn invisible (render mode 3) on a page
with no picture under it (over a scan's picture it is the OCR layer: evidence). And fonts of
sizes below a point or zero, 100,000 paths, form XObjects nested 100 deep, font width arrays
that are short, negative, huge or not numbers. Each page carries the small ruled table of
``hostile_content._grid`` (``GRID_BOX`` in the tests) unless it is about losing it.
``CASES`` maps a name to each builder, for parametrised tests and the fuzz run.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

from .hostile import FONT, raw_pdf, stream
from .hostile_content import _grid

_RES = b"<< /Font << /F1 5 0 R >> /Properties << /L 6 0 R >> >>"


def _fake_table(x0: float = 320, y0: float = 620, cols: int = 3, rows: int = 5) -> bytes:
    """A ruled grid with amounts in its cells, at the page's upper right (clear of ``_grid``)."""
    return _grid(x0, y0, cols, rows, w=70, h=18).replace(b"(c", b"(h")


def _doc(content: bytes, resources: bytes = _RES, extra: Sequence[bytes] = (), catalog_extra: bytes = b"",
         page_extra: bytes = b"") -> bytes:
    """Catalog 1, pages 2, page 3, content 4, Helvetica 5, then ``extra`` from 6."""
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R " + catalog_extra + b">>",
                    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources " + resources +
                    b" /Contents 4 0 R " + page_extra + b">>",
                    stream(content), FONT, *extra])


_OCG = b"<< /Type /OCG /Name (Draft) >>"  # object 6


def ocg_off(config: bytes = b"/OFF [6 0 R]") -> bytes:
    """A fake ruled table in a layer the default configuration (``config`` in /D) hides."""
    content = b"/OC /L BDC\n" + _fake_table() + b"\nEMC\n" + _grid()
    props = b"<< /OCGs [6 0 R] /D << /Order [6 0 R] " + config + b" >> >>"
    return _doc(content, extra=[_OCG], catalog_extra=b"/OCProperties " + props + b" ")


def ocmd(membership: bytes = b"/OCGs [6 0 R] /P /AllOn", config: bytes = b"/OFF [6 0 R]") -> bytes:
    """The fake table under an OCMD (object 7: ``membership``) over the layer (object 6), whose
    state the default configuration (``config``) sets."""
    content = b"/OC /M BDC\n" + _fake_table() + b"\nEMC\n" + _grid()
    res = b"<< /Font << /F1 5 0 R >> /Properties << /M 7 0 R >> >>"
    props = b"<< /OCGs [6 0 R] /D << " + config + b" >> >>"
    return _doc(content, res, [_OCG, b"<< /Type /OCMD " + membership + b" >>"],
                catalog_extra=b"/OCProperties " + props + b" ")


def ocg_form() -> bytes:
    """The fake table in a form XObject (object 7) whose own /OC names the hidden layer."""
    form = stream(_fake_table(), b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /OC 6 0 R "
                                 b"/Resources << /Font << /F1 5 0 R >> >>")
    res = b"<< /Font << /F1 5 0 R >> /XObject << /X 7 0 R >> >>"
    props = b"<< /OCGs [6 0 R] /D << /OFF [6 0 R] >> >>"
    return _doc(b"q /X Do Q\n" + _grid(), res, [_OCG, form], catalog_extra=b"/OCProperties " + props + b" ")


def covered_text() -> bytes:
    """The fake table's words drawn, then an opaque white (and a grey) rectangle painted over
    them and their rules: on paper only the boxes show."""
    cover = b"1 g 310 610 230 110 re f 0.6 g 300 700 20 30 re f"
    return _doc(_fake_table() + b"\n" + cover + b"\n" + _grid())


def invisible_text(picture: bool = False) -> bytes:
    """Words of a fake table drawn in render mode 3 (invisible), with its rules as pale as
    nothing (none drawn); with ``picture``, a grey picture placed under them, as a scan's OCR
    layer lies over its page image (object 6)."""
    words = [b"BT 3 Tr /F1 9 Tf %d %d Td (w%d%d %d) Tj ET" % (324 + 70 * c, 626 + 18 * r, r, c, r * 7 + c)
             for r in range(5) for c in range(3)]
    body = b"q\n" + b"\n".join(words) + b"\nQ\n" + _grid()  # q/Q: the render mode outlives ET
    if not picture:
        return _doc(body)
    pixels = zlib.compress(b"\xf0" * 64 * 64)
    image = stream(pixels, b"/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray "
                           b"/BitsPerComponent 8 /Filter /FlateDecode")
    res = b"<< /Font << /F1 5 0 R >> /XObject << /Im 6 0 R >> >>"
    return _doc(b"q 230 0 0 110 310 610 cm /Im Do Q\n" + body, res, [image])


def tiny_fonts() -> bytes:
    """A table in text of 0.3 pt and one of 0 pt (each with its rules), beside ``_grid``."""
    small = _fake_table().replace(b"/F1 9 Tf", b"/F1 0.3 Tf")
    zero = _fake_table(320, 400).replace(b"/F1 9 Tf", b"/F1 0 Tf")
    return _doc(small + b"\n" + zero + b"\n" + _grid())


def many_paths(n: int = 100_000) -> bytes:
    """``n`` tiny stroked segments in a 300 x 200 pt field above the table (a scatter plot's
    marks), the content compressed."""
    marks = b"\n".join(b"%d %d m %d %d l S" % (100 + k % 300, 560 + (k // 300) % 200, 101 + k % 300,
                                               560 + (k // 300) % 200) for k in range(n))
    content = zlib.compress(b"0 G 0.2 w\n" + marks + b"\n" + _grid())
    return raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
                    b"/Contents 4 0 R >>", stream(content, b"/Filter /FlateDecode"), FONT])


def nested_forms(depth: int = 100) -> bytes:
    """The table drawn by the innermost of ``depth`` form XObjects, each placing the next once
    (objects 6 onwards; no bomb: one paint each)."""
    first = 6
    forms = []
    for k in range(depth):
        res = b"/Resources << /Font << /F1 5 0 R >> /XObject << /X %d 0 R >> >>" % (first + k + 1)
        body = b"q /X Do Q" if k < depth - 1 else _grid()
        extra = res if k < depth - 1 else b"/Resources << /Font << /F1 5 0 R >> >>"
        forms.append(stream(body, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] " + extra))
    return _doc(b"q /X Do Q", b"<< /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >>", forms)


def broken_widths(widths: bytes = b"[600 -500 1e9 /Name (s) null [1] 0]", first: bytes = b"32",
                  last: bytes = b"126") -> bytes:
    """``_grid`` in a font (object 6, /F1) whose /Widths array is short, negative, huge and not numbers."""
    font = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar " + first + b" /LastChar " + last +
            b" /Widths " + widths + b" >>")
    return _doc(_grid(), b"<< /Font << /F1 6 0 R >> >>", [font])


CASES: dict[str, Callable[[], bytes]] = {
    "ocg_off": ocg_off,
    "ocg_base_off": lambda: ocg_off(b"/BaseState /OFF"),
    "ocmd_all_on": ocmd,
    "ocmd_expression": lambda: ocmd(b"/VE [/Or [/Not [/Or 6 0 R]] [/And [/Not 6 0 R] 6 0 R]]", b"/ON [6 0 R]"),
    "ocg_form": ocg_form,
    "covered_text": covered_text,
    "invisible_text": invisible_text,
    "invisible_ocr_layer": lambda: invisible_text(picture=True),
    "tiny_fonts": tiny_fonts,
    "many_paths": many_paths,
    "nested_forms": nested_forms,
    "nested_forms_deep": lambda: nested_forms(400),
    "broken_widths": broken_widths,
    "widths_empty": lambda: broken_widths(b"[]", b"0", b"255"),
    "widths_reversed": lambda: broken_widths(b"[600 600]", b"200", b"-5"),
    "widths_huge_range": lambda: broken_widths(b"[1e40 -1e40]", b"-2147483648", b"2147483647"),
}
