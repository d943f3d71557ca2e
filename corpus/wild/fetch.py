"""The wild set: real PDFs from producers nobody here made, for development (not held out).

    python -m corpus.wild.fetch [--dest corpus/wild/pdfs]

(or ``make corpus-wild``). Like ``corpus.holdout.fetch``: pinned source packages ship, as
test resources, real documents (US tax forms and their instructions, a Japanese government
gazette, a paper set by TeX, an AFP bank statement, Word tables printed by macOS, a WHO guideline
set by InDesign, typewritten and book-page scans; a crash report by Reporting Services, a loan
file merged by PDFsam, a pleading by Corel, Crystal, iText, ABCpdf and iLovePDF output, a web page
printed by Chromium, two sheets printed by Microsoft Excel 365; voter counts by InDesign 18 and
Telerik Reporting, election results by Word 365, code lists by Acrobat PDFMaker, a line-numbered
specification by OpenOffice and a manual by LibreOffice; invoices by Apache FOP, iText, Reporting
Services, LibreOffice Draw and wkhtmltopdf, a poster by Foxit's Chinese printer). Their licence is
not stated, so they are never copied into this repository: this script downloads the pinned
packages with their ordinary clients (pip for PyPI, ``npm pack`` for npm, ``apt-get download`` and
``dpkg-deb -x`` for Debian) and extracts only the files of ``SOURCES`` into a git-ignored folder
(Debian's gzipped documentation unpacked), with a ``manifest.json`` (package, version, path,
sha256, the file's own /Producer and /Creator, the pages to score); a source that pins its file's
sha256 keeps no other file. Files made by a test script are not listed. A file whose hash is in the
hold-out's manifest or in a development corpus, or whose package path is one of the
hold-out's ``SOURCES``, is refused.

Truth: ``golden-tagged/`` from ``table-inspector golden import-tagged`` over the tagged files.
Every other page is scored without truth (defects of ``inspector.evaluation.defects``);
the prose pages and scans are there to count tables found where there are none.
Scores: ``benchmarks/score_wild.py``; figures in docs/benchmarks/wild.md.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from corpus.holdout import fetch as holdout
from corpus.tagged_real.fetch import _extract

ROOT = Path(__file__).resolve().parents[2]
DEST = Path(__file__).resolve().parent / "pdfs"
HOLDOUT_MANIFEST = ROOT / "corpus" / "holdout" / "pdfs" / "manifest.json"


@dataclass(frozen=True)
class Source:
    """One file: ``path`` inside ``package`` ``version`` of ``registry`` ("pypi", "npm" or "debian");
    ``name`` in DEST; ``what`` the document; ``pages`` the 1-based pages scored ("" = first 4);
    ``sha256`` the file's hash when pinned (a file that differs is not kept)."""

    registry: str
    package: str
    version: str
    path: str
    name: str
    what: str
    pages: tuple[int, ...] = ()
    licence: str = "not stated"  # the file's own licence; its package's licence does not cover it
    sha256: str = ""  # of the file as extracted (Debian's .gz unpacked)


_MINER = ("pypi", "pdfminer.six", "20200104")
_NF = "samples/nonfree/"
_OCR = ("pypi", "ocrmypdf", "9.8.2")
_OCRR = "tests/resources/"
_P2J = ("npm", "pdf2json", "0.6.8")
_MU = ("pypi", "pymupdf", "2.1")
_PDFR = ("pypi", "pdfreader", "0.1.15")
_PDFRR = "doc/examples/pdfs/"
_PDP = ("npm", "pdf-data-parser", "1.2.22")
_PDPR = "test/data/pdf/"
_H23 = "9b86a5529bee1b93e3937ac3be37fd77c70e0067fb23bc61f4173e34b4b81853"
_H24 = "c99a431e08cb779002ebecb373cee54745c3b691df2f0b322f36688364f6d823"
_HCC = "d6e827609c7197309eeb5ef3190ba769865f62e06590e182defdc9783fcab57e"
_HNS = "c3f52c9599b726d2fbe246aa80278eedf3da252a300c93e70b5787b87fe36df2"
_HAZ = "7ad0d4f91b52244f9d8cb3ad8f63cf7be7e90bde93b7027d89f5183e430126de"
_I2D = ("pypi", "invoice2data", "0.3.6")  # the last sdist that ships its tests/compare/ invoices
_I2DR = "tests/compare/"
_MUR = "tests/resources/"
SOURCES: tuple[Source, ...] = (
    Source(*_MINER, _NF + "f1040nr.pdf", "amgraf-irs-1040nr.pdf", "IRS form 1040NR, ruled form", (1, 2, 3, 4, 5)),
    Source(*_MINER, _NF + "i1040nr.pdf", "distiller7-irs-i1040nr.pdf", "IRS instructions: tax tables, worksheets",
           (1, 7, 24, 34, 35, 46, 47, 48)),
    Source(*_MINER, _NF + "kampo.pdf", "distiller5-ja-kampo.pdf", "Japanese official gazette page, vertical text"),
    Source(*_MINER, _NF + "naacl06-shinyama.pdf", "dvipdfm-naacl06.pdf", "paper set by TeX, results tables",
           (1, 2, 7, 8)),
    Source(*_MINER, _NF + "175.pdf", "scan-typewritten-memo.pdf", "typewritten memo scan, parts list"),
    Source(*_MINER, _NF + "dmca.pdf", "pdfwriter3-dmca.pdf", "prose summary (no tables)", (1, 2)),
    Source(*_MINER, "samples/contrib/2b.pdf", "afp-statement.pdf", "AFP statement line"),
    Source("pypi", "img2table", "1.2.11", "examples/data/tables.pdf", "quartz-word-tables.pdf",
           "Word tables printed by macOS Quartz, a chart"),
    Source(*_OCR, _OCRR + "linn.pdf", "tiff2pdf-scan-datasheet.pdf", "product sheet scan (prose, no table)"),
    Source(*_OCR, _OCRR + "skew.pdf", "tiff2pdf-scan-skewed.pdf", "the same sheet, skewed scan"),
    Source(*_OCR, _OCRR + "c02-22.pdf", "quartz-scan-book-page.pdf", "book page scan (prose, picture)"),
    Source(*_OCR, _OCRR + "jbig2.pdf", "jbig2-scan-message.pdf", "19th-century print scan, a list"),
    Source(*_OCR, _OCRR + "epson.pdf", "epson-scan-web-page.pdf", "printed web page scan, contents list"),
    Source(*_P2J, "test/data/f1040.pdf", "livecycle8-irs-1040.pdf", "IRS form 1040 (2012), tagged"),
    Source(*_P2J, "test/data/f1040a.pdf", "livecycle8-irs-1040a.pdf", "IRS form 1040A (2012), tagged"),
    Source(*_P2J, "test/data/f1040ez.pdf", "livecycle8-irs-1040ez.pdf", "IRS form 1040EZ (2012), tagged"),
    Source(*_P2J, "test/data/f1040ezt.pdf", "livecycle8-irs-1040ezt.pdf", "IRS form 1040EZ-T (2011), tagged"),
    Source("pypi", "pymupdf", "2.1", "tests/resources/test-3820.pdf", "indesign17-who-guideline.pdf",
           "WHO guideline set by InDesign 17.4: coloured header bands, white rules, footnote markers",
           (22, 39, 44, 45, 56, 77, 88, 108, 132)),
    Source(*_PDFR, _PDFRR + "example-text-crash-report.pdf", "ssrs11-ohio-crash-report.pdf",
           "Ohio traffic crash report by Microsoft Reporting Services 11: boxed form, code lists", (1, 2, 3, 4, 5)),
    Source(*_PDFR, _PDFRR + "tutorial-example.pdf", "sambox-loan-file.pdf",
           "loan file merged by PDFsam: pleading, loan letter, disclosure box, payment ledger", (1, 5, 6, 15)),
    Source(*_PDFR, _PDFRR + "example-form.pdf", "acrobatdc-eta9142a-form.pdf",
           "US Labor form ETA-9142A filled, Acrobat Pro DC 19 (tagged, no table tags)", (1, 2, 3, 4)),
    Source(*_PDFR, _PDFRR + "example-font.pdf", "corel18-pleading.pdf",
           "court pleading on numbered pleading paper, Corel PDF Engine 18 (no tables)", (1, 2, 3)),
    Source(*_PDFR, _PDFRR + "example-image-xobject.pdf", "crystal-arrest-log.pdf",
           "police arrest log by Crystal Reports: header, one record"),
    Source(*_MU, "tests/resources/test_2979.pdf", "itext-iso26262-asil.pdf",
           "ISO 26262 pages by iText (pdftk-java): ASIL table with spanned row heads", (1, 2)),
    Source(*_MU, "tests/resources/test_3624.pdf", "abcpdf-certificate-origin.pdf",
           "certificate of origin by ABCpdf: boxed form, stamps"),
    Source(*_MU, "tests/resources/test_4639.pdf", "ilovepdf-lab-report.pdf",
           "laboratory report via iLovePDF: patient grid, charts"),
    Source(*_MU, "tests/resources/bug1945.pdf", "skia-chromium-news-page.pdf",
           "news web page printed by Chromium (Skia m98, tagged): pictures, headlines (no tables)", (1, 2, 3)),
    Source(*_PDP, _PDPR + "CoJul22.pdf", "excel365-iowa-voters-county.pdf",
           "Iowa voter registration by county, Microsoft Excel 365: cell borders as thin filled rectangles, "
           "hairline gridlines, title over the width, right-aligned counts, 'N of M' footer (the package's "
           "test/expected/ holds its rows)", (1, 2, 3), "public record (US state office), not stated"),
    Source(*_PDP, _PDPR + "CongJul22.pdf", "excel365-iowa-voters-district.pdf",
           "Iowa voter registration by congressional district, Microsoft Excel 365: a boxed block per district "
           "under a merged title row, totals row with thousands separators", (1, 2, 3, 4),
           "public record (US state office), not stated"),
    Source(*_PDP, _PDPR + "2023-Registered-Voter-Count.pdf", "indesign18-michigan-voters.pdf",
           "Michigan voter registration totals, InDesign 18.5 / Adobe PDF Library 17 (tagged): black header band "
           "with white two-level heads, grey-ruled grid, empty quarter columns", (1, 2, 3),
           "public record (US state office), not stated", _H23),
    Source(*_PDP, _PDPR + "2024presgeresults.pdf", "word365-fec-president-2024.pdf",
           "2024 presidential results by state, Word for Microsoft 365 (tagged): ruled grids of 52 rows, italic "
           "write-ins, percentage rows; addresses in columns, a two-column key of abbreviations", (1, 2, 3, 7, 9),
           "public record (US federal), not stated", _H24),
    Source(*_PDP, _PDPR + "ClassCodes.pdf", "pdfmaker11-census-class-codes.pdf",
           "US Census class codes, Acrobat PDFMaker 11 for Word (tagged): three ruled columns, wrapped "
           "descriptions, a table over four pages", (1, 2, 3, 4), "public record (US federal), not stated", _HCC),
    Source(*_PDP, _PDPR + "Nat_State_Topic_File_formats.pdf", "nometa-gnis-file-formats.pdf",
           "USGS file formats (tagged, no /Producer): field tables between prose, wrapped descriptions with "
           "links, tables continued across pages", (1, 2, 3, 8), "public record (US federal), not stated", _HNS),
    Source(*_PDP, _PDPR + "state_voter_registration_jan2024.pdf", "telerik14-arizona-voters.pdf",
           "Arizona voter registration report, Telerik Reporting 14: unruled grouped rows (county, precinct "
           "count, date), total rows, ten pages", (1, 2, 6, 10), "public record (US state office), not stated",
           _HAZ),
    Source("debian", "aprx", "2.9.1-1", "usr/share/doc/aprx/aprx-requirement-specification.pdf.gz",
           "ooo32-aprx-requirement-spec.pdf",
           "APRS software requirement specification, OpenOffice.org 3.2 Writer: line-numbered prose, numbered "
           "lists, contents (no tables)", (1, 2, 6),
           sha256="15aeeb5d655d75b1016ee78bc9313f6634c0c04af71b10b119ca020c911009fd"),
    Source("debian", "aprx", "2.9.1-1", "usr/share/doc/aprx/aprx-manual.pdf.gz", "lo51-aprx-manual.pdf",
           "APRS manual, LibreOffice 5.1 Writer: a small ruled table under shaded code boxes, filter examples in "
           "shaded boxes, numbered lists", (22, 23, 40),
           sha256="ddaf6e9ab4297f8bd4a80ff37a78171d969b8110759a04628add58b4a63825b2"),
    Source(*_I2D, _I2DR + "AmazonWebServices.pdf", "fop095-aws-invoice.pdf",
           "Amazon Web Services invoice by Apache FOP 0.95: summary and detail lists of charges, tinted bands"),
    Source(*_I2D, _I2DR + "FlipkartInvoice.pdf", "itext208-flipkart-invoice.pdf",
           "Indian retail invoice by iText 2.0.8: boxed header grid, ruled item table with tax columns"),
    Source(*_I2D, _I2DR + "QualityHosting.pdf", "ssrs9-qualityhosting-invoice.pdf",
           "German hosting invoice by Reporting Services 9 printed through macOS Quartz: unruled item table, "
           "two-line descriptions, totals box on the continuation page", (1, 2)),
    Source(*_I2D, _I2DR + "free_fiber.pdf", "lodraw5-free-invoice.pdf",
           "French internet invoice drawn in LibreOffice Draw 5: amounts table, boxed payment slip, "
           "the detail table on page 2", (1, 2)),
    Source(*_I2D, _I2DR + "oyo.pdf", "wkhtmltopdf-oyo-receipt.pdf",
           "Indian hotel payment receipt by wkhtmltopdf 0.12 (Qt): label / amount rows in grey, address blocks"),
    Source(*_MU, _MUR + "test-707448.pdf", "irs-k1-1065-form.pdf",
           "IRS Schedule K-1 (Form 1065) 2022, filled (no metadata): two-column boxed form, numbered boxes"),
    Source(*_MU, _MUR + "test_3478.pdf", "lodraw24-monitoring-agreement.pdf",
           "monitoring agreement form drawn in LibreOffice Draw 24.2: labelled fill-in fields and boxes "
           "(no tables)", (1, 3, 6)),
    Source(*_MU, _MUR + "test_5001.pdf", "foxit-zh-poster.pdf",
           "research poster printed by Foxit's Chinese PDF printer: a crystal-array grid figure, formulas, "
           "charts (no tables)"),
    Source(*_MU, _MUR + "test_4182.pdf", "pypdf2-zh-paper.pdf",
           "Chinese journal article page (rewritten by PyPDF2): two columns of prose (no tables)"),
)


def refused_hashes() -> set[str]:
    """sha256 of every file held out (its manifest, when fetched) or in a development corpus."""
    held: set[str] = set()
    if HOLDOUT_MANIFEST.is_file():  # only the hashes are read, to keep those files out
        held = {e["sha256"] for e in json.loads(HOLDOUT_MANIFEST.read_text(encoding="utf-8"))}
    return held | holdout.dev_hashes()


def held_paths() -> set[tuple[str, str]]:
    """(package, path) of every file of the hold-out's SOURCES, whatever its version."""
    return {(s.package, s.path) for s in holdout.SOURCES} | {(s.package, Path(s.path).name) for s in holdout.SOURCES}


def _entry(s: Source, out: Path) -> dict[str, object]:
    """The hold-out's manifest entry (hash, page count, /Producer, /Creator) and the pages scored."""
    entry: dict[str, object] = {**holdout._entry(s, out)}  # type: ignore[arg-type]  # the same fields and more
    count = int(str(entry["pages"]))
    entry["score_pages"] = [p for p in (s.pages or range(1, 5)) if p <= count]
    return entry


def _deb_places(package: str, version: str, work: Path) -> list[Path]:
    """The unpacked Debian package ``package`` ``version`` (empty when apt or dpkg-deb is missing or refuses)."""
    apt, dpkg = shutil.which("apt-get"), shutil.which("dpkg-deb")
    if apt is None or dpkg is None:
        print(f"  apt-get or dpkg-deb not found: {package} skipped", file=sys.stderr)
        return []
    (work / "dl").mkdir(parents=True, exist_ok=True)
    # apt-get download needs no root: it writes the .deb into the working folder
    subprocess.run([apt, "download", "-q", f"{package}={version}"], cwd=work / "dl", check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
    debs = sorted((work / "dl").glob("*.deb"))
    for deb in debs:
        subprocess.run([dpkg, "-x", str(deb), str(work / "root")], check=False, timeout=600)
    return [work / "root"] if debs else []


def _places(registry: str, package: str, version: str, work: Path) -> list[Path]:
    return _deb_places(package, version, work) if registry == "debian" else holdout._places(registry, package,
                                                                                             version, work)


def _unpacked(out: Path) -> None:
    """Debian gzips documentation (``*.pdf.gz``): keep the PDF itself."""
    data = out.read_bytes()
    if data[:2] == b"\x1f\x8b":
        out.write_bytes(gzip.decompress(data))


def _changed(s: Source, out: Path) -> bool:
    """True when ``s`` pins a hash and the file fetched has another."""
    return bool(s.sha256) and hashlib.sha256(out.read_bytes()).hexdigest() != s.sha256


def fetch(dest: Path = DEST) -> list[dict[str, object]]:
    """Fetch every file of ``SOURCES`` into ``dest``; returns the manifest."""
    dest.mkdir(parents=True, exist_ok=True)
    refused, held = refused_hashes(), held_paths()
    manifest: list[dict[str, object]] = []
    for registry, package, version in sorted({(s.registry, s.package, s.version) for s in SOURCES}):
        with tempfile.TemporaryDirectory() as tmp:
            places = _places(registry, package, version, Path(tmp))
            for s in (s for s in SOURCES if (s.registry, s.package, s.version) == (registry, package, version)):
                out = dest / s.name
                if (package, s.path) in held or (package, Path(s.path).name) in held:
                    print(f"  refused: {s.path} is a hold-out path", file=sys.stderr)
                    continue
                if not _extract(places, s.path, out):
                    print(f"  missing: {package} {version} {s.path}", file=sys.stderr)
                    continue
                _unpacked(out)
                if _changed(s, out):
                    print(f"  changed: {s.name} does not have its pinned sha256", file=sys.stderr)
                    out.unlink()
                    continue
                entry = _entry(s, out)
                if entry["sha256"] in refused:
                    print(f"  refused: {s.name} is held out or already in a development corpus", file=sys.stderr)
                    out.unlink()
                    continue
                manifest.append(entry)
                print(f"  {s.name}: {entry['file_producer'] or '-'} / {entry['file_creator'] or '-'} ({package})")
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return manifest


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dest", type=Path, default=DEST)
    a = p.parse_args()
    got = fetch(a.dest)
    print(f"{len(got)} of {len(SOURCES)} files in {a.dest}")
    holdout.import_tagged(a.dest)  # -> dest/golden-tagged
    if len(got) < len(SOURCES):
        sys.exit(1)


if __name__ == "__main__":
    main()
