"""Golden sets: a folder of annotation files plus ``golden.json``, the manifest of their PDFs.

Manifest (version 1; ``revision`` grows with every change, absent in older sets)::

    {"format": "table-inspector-golden-set", "version": 1, "revision": 3,
     "documents": [{"annotation": "eu-001.pdf.tables.json", "file_name": "eu-001.pdf",
                    "pdf": "../corpus/eu-001.pdf", "sha256": "<hex>"}]}

``pdf`` is relative to the golden folder. A PDF is looked for there, then as ``file_name``
in the golden folder and in its ``pdfs/`` subfolder, so a set can be moved with its PDFs.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..core.infra.userfiles import MANIFEST_LIMIT, InputError, read_json
from .io import SUFFIX, AnnotationError, load_annotation, save_annotation, sha256_of, write_atomic
from .model import DocumentAnnotation

MANIFEST = "golden.json"
MANIFEST_FORMAT = "table-inspector-golden-set"


@dataclass(frozen=True)
class GoldenEntry:
    """One document of a golden set; ``pdf_path`` is None when the PDF cannot be found."""

    annotation_path: Path
    annotation: DocumentAnnotation
    pdf_path: Path | None
    sha256: str
    file_name: str


@dataclass(frozen=True)
class GoldenSet:
    """The readable entries of a golden folder and, one line each, what is wrong with the rest."""

    root: Path
    entries: tuple[GoldenEntry, ...]
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Listed:
    annotation: str
    file_name: str
    pdf: str
    sha256: str


def _read_manifest(root: Path) -> list[_Listed]:
    path = root / MANIFEST
    if not path.exists() and not path.is_symlink():
        raise AnnotationError(f"{root}: not a golden set (no {MANIFEST})")
    try:  # a regular file of sane size, nested a few levels at most
        data = read_json(path, "golden-set manifest", MANIFEST_LIMIT)
    except InputError as exc:
        raise AnnotationError(f"{exc}") from None
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or data.get("version") != 1:
        raise AnnotationError(f"{path}: not a version 1 '{MANIFEST_FORMAT}' manifest")
    docs = data.get("documents")
    if not isinstance(docs, list):
        raise AnnotationError(f"{path}: 'documents' must be a list")
    out = []
    for i, d in enumerate(docs):
        keys = ("annotation", "file_name", "pdf", "sha256")
        if not isinstance(d, dict) or not all(isinstance(d.get(k), str) for k in keys):
            raise AnnotationError(f"{path}: documents[{i}] needs string keys {', '.join(keys)}")
        out.append(_Listed(*(d[k] for k in keys)))
    return out


def manifest_entries(root: Path) -> list[_Listed]:
    """The documents ``golden.json`` lists (``AnnotationError`` when it cannot be read)."""
    return _read_manifest(root)


def manifest_revision(root: Path) -> int:
    """The set's revision: 1 when first written, one more with every change (0: no manifest).
    A score made on revision N was made on exactly that truth."""
    try:
        data = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return 0
    rev = data.get("revision", 1) if isinstance(data, dict) else 0
    return rev if isinstance(rev, int) and rev >= 0 else 1


def _write_manifest(root: Path, listed: list[_Listed]) -> None:
    docs = [{"annotation": x.annotation, "file_name": x.file_name, "pdf": x.pdf, "sha256": x.sha256}
            for x in sorted(listed, key=lambda x: x.annotation)]
    data = {"format": MANIFEST_FORMAT, "version": 1, "revision": manifest_revision(root) + 1, "documents": docs}
    write_atomic(root / MANIFEST, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))


def locate_pdf(root: Path, pdf: str, file_name: str) -> Path | None:
    """Where the PDF of an entry is: its stored relative path, else by name in the set."""
    for candidate in (root / pdf, root / file_name, root / "pdfs" / file_name):
        if pdf and candidate.is_file():
            return candidate.resolve()
    return None


def load_golden_set(root: str | os.PathLike[str]) -> GoldenSet:
    """Read a golden folder. A bad manifest raises ``AnnotationError``; a bad annotation file
    is left out and reported in ``problems``. Hashes are not checked here (see ``check_golden_set``)."""
    root = Path(root)
    entries, problems = [], []
    for item in _read_manifest(root):
        try:
            ann = load_annotation(root / item.annotation)
        except AnnotationError as exc:
            problems.append(str(exc))
            continue
        if ann.sha256 != item.sha256:
            problems.append(f"{item.annotation}: the manifest's SHA-256 differs from the annotation's")
        pdf = locate_pdf(root, item.pdf, item.file_name)
        entries.append(GoldenEntry(root / item.annotation, ann, pdf, item.sha256, item.file_name))
    return GoldenSet(root, tuple(entries), tuple(problems))


def check_golden_set(root: str | os.PathLike[str]) -> list[str]:
    """Every problem of a golden folder, one line each (empty when it is sound): unreadable
    files, PDFs missing or with other bytes, annotation files the manifest does not list."""
    root = Path(root)
    try:
        gs = load_golden_set(root)
        listed = {x.annotation for x in _read_manifest(root)}
    except AnnotationError as exc:
        return [str(exc)]
    problems = list(gs.problems)
    for e in gs.entries:
        name = e.annotation_path.name
        if e.pdf_path is None:
            problems.append(f"{name}: PDF '{e.file_name}' not found")
            continue
        try:
            if sha256_of(e.pdf_path) != e.sha256:
                problems.append(f"{name}: {e.pdf_path} has other bytes than the annotated PDF (SHA-256 differs)")
            else:
                problems += [f"{name}: {p}" for p in _pages_missing(e.pdf_path, load_annotation(e.annotation_path))]
        except AnnotationError as exc:
            problems.append(f"{name}: {exc}")
    for path in sorted(root.rglob(f"*{SUFFIX}")):
        rel = path.relative_to(root).as_posix()
        if rel not in listed:
            problems.append(f"{rel}: annotation file not listed in {MANIFEST}")
    return problems


def _pages_missing(pdf: Path, ann: DocumentAnnotation) -> list[str]:
    """Regions on pages the PDF itself does not have (the annotation's page list may be absent)."""
    from ..core.reading.document import DocumentError, open_document

    try:
        doc = open_document(pdf)
    except DocumentError as exc:
        return [str(exc)]
    count = doc.page_count
    doc.close()
    return [f"table '{t.id}': a region is on page {r.page}, but the PDF has {count} page(s)"
            for t in ann.tables for r in t.regions if not 1 <= r.page <= count]


def add_to_golden_set(root: str | os.PathLike[str], ann: DocumentAnnotation, pdf_path: str | os.PathLike[str],
                      annotation_name: str | None = None) -> Path:
    """Save ``ann`` into the golden folder (created if needed) and list it in the manifest.

    ``annotation_name`` defaults to ``FILE_NAME.tables.json``; an entry of that name is replaced.
    """
    root = Path(root)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AnnotationError(f"cannot create golden folder {root}: {exc.strerror or exc}") from None
    name = annotation_name or ann.file_name + SUFFIX
    listed = _read_manifest(root) if (root / MANIFEST).exists() else []
    save_annotation(ann, root / name)
    rel = os.path.relpath(Path(pdf_path).resolve(), root.resolve())
    entry = _Listed(name, ann.file_name, Path(rel).as_posix(), ann.sha256)
    _write_manifest(root, [x for x in listed if x.annotation != name] + [entry])
    return root / name
