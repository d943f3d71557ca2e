"""Object headers numbered past what the file could hold are kept from MuPDF's repair: one such
header in a file of 300 bytes made opening it take 720 MB."""

from __future__ import annotations

from inspector.core.reading.document import open_document
from inspector.core.reading.objnumbers import without_absurd_objects


def _pdf(number: int) -> bytes:
    """A one-page PDF with no xref (MuPDF repairs it) and one stray object numbered ``number``."""
    return (b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
            b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
            b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n"
            + b"%d 0 obj << /Junk true >> endobj\n" % number + b"trailer << /Root 1 0 R >>\n%%EOF\n")


def test_a_header_numbered_past_the_files_size_is_blanked_in_place() -> None:
    data = _pdf(8_388_607)
    out, n = without_absurd_objects(data)
    assert n == 1 and len(out) == len(data)
    assert b"8388607" not in out and out.replace(b" ", b"") == data.replace(b"8388607 0 obj", b"").replace(b" ", b"")


def test_plausible_numbers_and_large_files_are_left_alone() -> None:
    assert without_absurd_objects(_pdf(99_999)) == (_pdf(99_999), 0)
    big = _pdf(8_000_000) + b"%" + b"x" * 8_400_000 + b"\n"
    assert without_absurd_objects(big) == (big, 0)


def test_opening_such_a_file_builds_no_table_of_millions() -> None:
    """MuPDF's object table had 8,388,608 entries (720 MB in a fresh process); now the file's own 4."""
    doc = open_document(_pdf(8_388_607))
    assert (doc.page_count, doc.raw.xref_length()) == (1, 4)


def _by_every_byte(data: bytes, limit: int) -> list[int]:
    """The headers' numbers past ``limit`` as the first version read them: "\\sobj\\b" tried at
    every byte, the header read back from the whitespace before "obj"."""
    import re
    header = re.compile(rb"(?<![\d.+-])(\d+)\s+\d+\s\Z")
    found = []
    for m in re.finditer(rb"\sobj\b", data):
        head = header.search(data[max(0, m.start() + 1 - 32):m.start() + 1])
        if head is not None and int(head.group(1)) > limit:
            found.append(int(head.group(1)))
    return found


def test_headers_are_found_as_by_a_try_at_every_byte() -> None:
    """"obj" is found by a literal search and the byte before it checked: the same headers as
    "\\sobj\\b" at every byte, whatever whitespace stands before "obj" or what follows it."""
    seps = [b" ", b"\t", b"\n", b"\r", b"\x0b", b"\x0c", b"x", b"d", b"\x00"]
    tails = [b" <<>>", b"<<>>", b"x", b"_", b"1", b"\n", b""]
    parts = [b"obj "]  # "obj" at the very start has no header
    for k, (sep, tail) in enumerate((s, t) for s in seps for t in tails):
        parts.append(b"%d 0%sobj%s endobj\n" % (8_000_000 + k, sep, tail))
    data = b"".join(parts)
    blanked, n = without_absurd_objects(data)
    expected = _by_every_byte(data, 100_000)
    assert 0 < n == len(expected) < len(seps) * len(tails)
    assert all(b"%d" % number not in blanked for number in expected)
    assert len(blanked) == len(data)
