"""Object numbers no file of its size can hold, kept from MuPDF's repair before it opens the file.

MuPDF rebuilds a damaged file's object table by scanning it for "N G obj" headers and sizes
the table by the largest N it meets (up to ``MUPDF_MAX``, 8,388,607): a 300-byte file with one
header of that number took 720 MB to open, a fuzz mutant of 78 KB with one digit changed
375 MB, and every process that opens the file pays it (the command, whose memory no cap
bounds, and its page worker). A file of S bytes holds fewer than S objects (an object takes a
dozen bytes at least), so a header numbered above S (and above ``MIN_ABSURD``) is no object of
it: its bytes become spaces (every offset stays) and the repair passes it by. A file larger than
``MUPDF_MAX`` bytes is left as it is (MuPDF's own limit is below its size). Looking costs a
few ms for a file of 8 MB (the headers are found by " obj", then read backwards).

Not reached: the numbers a damaged object stream lists (compressed; the 78 KB mutant's came from
one whose data fails its zlib check): MuPDF's limit bounds them (about 720 MB), the page worker's
``budget.memory_mb`` its share.
"""

from __future__ import annotations

import re

MUPDF_MAX = 8_388_607  # MuPDF's largest object number (PDF_MAX_OBJECT_NUMBER)
MIN_ABSURD = 100_000  # object numbers up to this are never blanked, whatever the file's size
_OBJ = re.compile(rb"obj\b")  # a literal first: re finds it by a fast search, not a try at every byte
_SPACE = frozenset(b" \t\n\r\x0b\x0c")  # what \s matches in a bytes pattern: the header's last byte
_HEADER = re.compile(rb"(?<![\d.+-])(\d+)\s+\d+\s\Z")  # "N G " right before "obj"
_BACK = 32  # bytes read back from "obj" for its header


def without_absurd_objects(data: bytes) -> tuple[bytes, int]:
    """``data`` (a PDF's bytes) with the headers of objects numbered past its size blanked, and
    how many were."""
    if len(data) > MUPDF_MAX:
        return data, 0
    limit = max(len(data), MIN_ABSURD)
    spans = []
    for m in _OBJ.finditer(data):  # 10 ms for ICDAR's 6.6 MB of files; "\sobj\b", tried at every byte, took 41
        at = m.start()
        if at == 0 or data[at - 1] not in _SPACE:  # "endobj", or no header before it
            continue
        head = _HEADER.search(data[max(0, at - _BACK):at])
        if head is not None and int(head.group(1)) > limit:
            spans.append((at - len(head.group(0)), m.end()))
    if not spans:
        return data, 0
    out = bytearray(data)
    for a, b in spans:
        out[a:b] = b" " * (b - a)
    return bytes(out), len(spans)
