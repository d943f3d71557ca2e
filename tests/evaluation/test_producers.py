"""Producer families from /Producer and /Creator (the per-producer slice of eval)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.evaluation.producers import OTHER, UNKNOWN, family, pdf_family


@pytest.mark.parametrize(("producer", "creator", "expected"), [
    ("Acrobat Distiller 7.0.5 (Windows)", "Acrobat PDFMaker 7.0.7 for Word", "Acrobat Distiller"),
    ("Adobe PDF Library 15.0", "Adobe InDesign 15.1 (Macintosh)", "InDesign / Adobe PDF Library"),
    ("pdfcpu v0.1.25", "Adobe InDesign CS4 (6.0.2)", "InDesign / Adobe PDF Library"),
    ("Adobe PDF Library 9.0", "", "InDesign / Adobe PDF Library"),
    # PDFMaker's Office exports are written by the Adobe PDF Library but laid out by Office
    ("Adobe PDF Library 19.12.68", "Acrobat PDFMaker 19 Excel 版", "Excel"),
    ("Adobe PDF Library 22.1.149", "Acrobat PDFMaker 22 for PowerPoint", "PowerPoint"),
    ("Adobe PDF Library 19.12.66", "PDFix SDK 5.0.27 (Acrobat PDFMaker 19 for Word)", "Word"),
    ("Microsoft® PowerPoint® for Microsoft 365", "Microsoft® PowerPoint® for Microsoft 365", "PowerPoint"),
    ("macOS Version 14.6.1 (Build 23G93) Quartz PDFContext", "Acrobat PDFMaker 11 for Word", "macOS Quartz"),
    ("Microsoft® Excel® für Microsoft 365", "", "Excel"),
    ("", "Microsoft Word", "Word"),
    ("LibreOffice 7.3", "Writer", "LibreOffice"),
    ("luahbtex-1.22.0", "LaTeX with hyperref", "LaTeX"),
    ("pdfTeX-1.40.25", "", "LaTeX"),
    ("iLovePDF", "", OTHER),
    ("", "  ", UNKNOWN),
])
def test_family(producer: str, creator: str, expected: str) -> None:
    assert family(producer, creator) == expected


def test_pdf_family_reads_info_then_xmp(tmp_path) -> None:
    doc = pymupdf.open()
    doc.new_page()
    doc.set_metadata({"producer": "", "creator": ""})
    doc.set_xml_metadata('<x:xmpmeta xmlns:x="adobe:ns:meta/"><pdf:Producer>pdfTeX-1.40</pdf:Producer></x:xmpmeta>')
    doc.save(tmp_path / "xmp.pdf")
    doc.set_metadata({"producer": "Microsoft® Word 2019"})
    doc.save(tmp_path / "info.pdf")
    assert pdf_family(tmp_path / "xmp.pdf") == "LaTeX"
    assert pdf_family(tmp_path / "info.pdf") == "Word"
    assert pdf_family(tmp_path / "missing.pdf") == UNKNOWN


def test_a_continued_tables_regions_take_their_documents_family(tmp_path) -> None:
    """A table continued over pages is scored region by region ("doc:t1:r2") under its table's
    id: both carry the family (they read "(no style)" before)."""
    from inspector.evaluation.producers import table_families
    from inspector.evaluation.styles import style_of

    doc = pymupdf.open()
    doc.new_page()
    doc.set_metadata({"producer": "Adobe PDF Library 17.0", "creator": "Adobe InDesign 18.2"})
    doc.save(tmp_path / "report.pdf")
    fam = table_families([(str(tmp_path / "report.pdf"), ("report.pdf:t1:r1", "report.pdf:t2")),
                          (str(tmp_path / "report.pdf"), ("report.pdf:t1:r2",))])
    assert {style_of(t, fam) for t in ("report.pdf:t1:r1", "report.pdf:t1:r2", "report.pdf:t2")} == {
        "InDesign / Adobe PDF Library"}
