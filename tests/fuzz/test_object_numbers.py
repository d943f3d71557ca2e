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
