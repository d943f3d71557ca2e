"""Real tagged PDFs (Word, PowerPoint, Excel, InDesign, Acrobat) from PDF libraries' test data.

    python -m corpus.tagged_real.fetch [--dest corpus/tagged_real/pdfs]

(or ``make corpus-tagged-real``). The source distributions of PyMuPDF, pypdf and tabula-py
on PyPI ship, as test resources, PDFs their users attached to bug reports; some are tagged
exports of Word, PowerPoint, Excel and InDesign with tables. They are third-party documents
whose own licence is not stated, so they are not copied into this repository: this script
downloads the pinned sdists with pip (the ordinary client, from the ordinary index) and
extracts only the files listed in ``SOURCES`` into a git-ignored folder, with a
``manifest.json`` (package, version, path, producer, sha256). Tests that read them skip
when the folder is absent.

pip unpacks an sdist to read its metadata; PyMuPDF's cannot be built here, so the download
runs with ``--no-clean`` under a private ``TMPDIR`` and the files are taken from the
unpacked tree (or from the saved archive when the download completes).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import pymupdf

DEST = Path(__file__).resolve().parent / "pdfs"


@dataclass(frozen=True)
class Source:
    """One file: ``path`` inside the sdist of ``package`` ``version``; ``name`` in DEST."""

    package: str
    version: str
    path: str
    name: str
    producer: str  # what the file's /Producer and /Creator say, shortened
    licence: str = "not stated"  # the file's own licence, where its package states one (SPDX)


_MU = ("pymupdf", "2.1")
_PIKE = ("pikepdf", "10.17.0")
_PYPDF = ("pypdf", "7.1.1")
SOURCES: tuple[Source, ...] = (
    Source(*_MU, "tests/resources/test-styled-table.pdf", "word365-styled-table.pdf", "Word for Microsoft 365"),
    Source(*_MU, "tests/resources/test_4546.pdf", "word2013-shipping-form.pdf", "Word 2013"),
    Source(*_MU, "tests/resources/test_3705.pdf", "word365-fr-glyphless.pdf", "Word for Microsoft 365 (fr)"),
    Source(*_MU, "tests/resources/test_3842.pdf", "pdfmaker-word-references.pdf", "Acrobat PDFMaker 23 for Word"),
    Source(*_MU, "tests/resources/test_4363.pdf", "powerpoint365-extract.pdf", "PowerPoint for Microsoft 365"),
    Source(*_MU, "tests/resources/test_2548.pdf", "pdfmaker-powerpoint.pdf", "Acrobat PDFMaker 22 for PowerPoint"),
    Source(*_MU, "tests/resources/cms-etc-filled.pdf", "indesign2017-cms.pdf", "InDesign CC 2017"),
    Source(*_MU, "tests/resources/test_3848.pdf", "indesign14-lift.pdf", "InDesign 14.0"),
    Source(*_MU, "tests/resources/test_3594.pdf", "indesign18-report.pdf", "InDesign 18.4"),
    Source(*_MU, "tests/resources/test_3725.pdf", "acrobat11-extract.pdf", "Acrobat Pro 11 (Distiller 8.1)"),
    Source(*_MU, "tests/resources/test_4114.pdf", "omniform.pdf", "OmniForm"),
    Source(*_MU, "tests/resources/test_4965.pdf", "designer65-form.pdf", "Designer 6.5"),
    Source(*_MU, "tests/resources/test_4614.pdf", "pdflib-form.pdf", "pdf-lib"),
    Source(*_PYPDF, "resources/issue-604.pdf", "indesign14-nccn.pdf", "InDesign 14.0 via PDFsharp"),
    Source(*_PYPDF, "resources/GeoBase_NHNC1_Data_Model_UML_EN.pdf", "word2010-geobase.pdf", "Word 2010"),
    Source(*_PYPDF, "resources/issue-914-xmp-data.pdf", "pdfmaker-excel.pdf", "Acrobat PDFMaker 19 for Excel"),
    Source("tabula-py", "2.10.0", "tests/resources/12s0324.pdf", "indesign-cs4-census.pdf", "InDesign CS4"),
    # pikepdf's REUSE.toml: CC-BY-SA-4.0, "copied from OCRmyPDF's test resources".
    Source(*_PIKE, "tests/resources/pdfa/tagged.pdf", "libreoffice73-writer-pdfa.pdf", "LibreOffice 7.3 Writer",
           "CC-BY-SA-4.0"),
)


def _download(package: str, version: str, work: Path) -> list[Path]:
    """Folders and archives where pip left the sdist of ``package`` (unpacked or not)."""
    env = dict(os.environ, TMPDIR=str(work / "tmp"), PIP_NO_INPUT="1")
    (work / "tmp").mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:", "--no-build-isolation",
           "--no-clean", "-d", str(work / "dl"), f"{package}=={version}"]
    # pip may fail at the metadata step (PyMuPDF's build backend is not installable here);
    # the unpacked tree is what we need either way.
    subprocess.run(cmd, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
    return sorted((work / "tmp").glob("pip-*/*")) + sorted((work / "dl").glob("*.tar.gz"))


def _extract(places: list[Path], member: str, out: Path) -> bool:
    for place in places:
        if place.is_dir() and (place / member).is_file():
            shutil.copyfile(place / member, out)
            return True
        if place.is_file():
            with tarfile.open(place) as tar:
                found = next((m for m in tar.getmembers() if m.isfile() and m.name.endswith("/" + member)), None)
                data = tar.extractfile(found) if found else None
                if data is not None:
                    out.write_bytes(data.read())
                    return True
    return False


def fetch(dest: Path = DEST) -> list[dict[str, str]]:
    """Fetch every file of ``SOURCES`` into ``dest``; returns the manifest entries written."""
    dest.mkdir(parents=True, exist_ok=True)
    manifest: list[dict[str, str]] = []
    packages = sorted({(s.package, s.version) for s in SOURCES})
    for package, version in packages:
        with tempfile.TemporaryDirectory() as tmp:
            places = _download(package, version, Path(tmp))
            for s in (s for s in SOURCES if (s.package, s.version) == (package, version)):
                out = dest / s.name
                if not _extract(places, s.path, out):
                    print(f"  missing: {package} {version} {s.path}", file=sys.stderr)
                    continue
                with pymupdf.open(out) as doc:
                    meta = doc.metadata or {}
                entry = {**asdict(s), "sha256": hashlib.sha256(out.read_bytes()).hexdigest(),
                         "file_producer": meta.get("producer", ""), "file_creator": meta.get("creator", "")}
                manifest.append(entry)
                print(f"  {s.name}: {s.producer} ({package} {version})")
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    return manifest


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dest", type=Path, default=DEST)
    a = p.parse_args()
    got = fetch(a.dest)
    print(f"{len(got)} of {len(SOURCES)} files in {a.dest}")
    if len(got) < len(SOURCES):
        sys.exit(1)


if __name__ == "__main__":
    main()
