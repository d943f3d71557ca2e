"""Annotation files on disk: atomic save, validated load, finding one beside its PDF, hashes.

An annotation lives beside its PDF as ``NAME.pdf.tables.json`` or inside a golden-set folder
(see ``goldenset``). Saving never leaves a half-written file: the data goes to a temporary
file in the same folder, is flushed and fsynced, then renamed over the old one; if anything
fails the previous file is untouched and ``AnnotationError`` says why.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import replace
from pathlib import Path

from .. import atomic
from ..core.infra.userfiles import ANNOTATION_LIMIT, InputError, check_depth, read_bytes
from .model import DocumentAnnotation
from .schema import SCHEMA_VERSION, AnnotationError, from_json, to_json

SUFFIX = ".tables.json"
PathLike = str | os.PathLike[str]


class HashMismatch(AnnotationError):
    """The annotation was made on a PDF with different bytes; it is not re-attached silently."""


def annotation_path_for(pdf_path: PathLike) -> Path:
    """Where the annotation of ``pdf_path`` lives beside it: ``NAME.pdf.tables.json``."""
    p = Path(pdf_path)
    return p.with_name(p.name + SUFFIX)


def sha256_of(pdf: bytes | PathLike) -> str:
    """SHA-256 (hex) of a PDF's bytes or of the file at a path."""
    if isinstance(pdf, (bytes, bytearray)):
        return hashlib.sha256(pdf).hexdigest()
    h = hashlib.sha256()
    try:
        with open(pdf, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
    except OSError as exc:
        raise AnnotationError(f"{pdf}: cannot read the PDF to check its hash ({_why(exc)})") from None
    return h.hexdigest()


def verify_pdf(ann: DocumentAnnotation, pdf: bytes | PathLike) -> None:
    """Raise ``HashMismatch`` unless ``pdf`` has the bytes the annotation was made on."""
    actual = sha256_of(pdf)
    if actual != ann.sha256:
        label = "the given PDF" if isinstance(pdf, (bytes, bytearray)) else str(pdf)
        raise HashMismatch(f"{label} is not the file '{ann.file_name}' this annotation was made on "
                           f"(SHA-256 {actual[:12]}... instead of {ann.sha256[:12]}...); "
                           "re-attach it explicitly if the change is harmless")


def reattach(ann: DocumentAnnotation, pdf: bytes | PathLike) -> DocumentAnnotation:
    """The annotation tied to ``pdf``'s bytes instead: only on a person's explicit request.
    The old hash is kept in ``notes`` so the move can be traced."""
    new = sha256_of(pdf)
    if new == ann.sha256:
        return ann
    line = f"re-attached from SHA-256 {ann.sha256} to {new}"
    notes = f"{ann.notes}\n{line}" if ann.notes else line
    return replace(ann, sha256=new, notes=notes)


def save_annotation(ann: DocumentAnnotation, path: PathLike) -> None:
    """Write ``ann`` atomically to ``path``; an inconsistent annotation is refused."""
    path = Path(path)
    problems = ann.problems()
    if problems:
        raise AnnotationError(f"{path}: not saved, the annotation is inconsistent: {problems[0]}")
    try:
        text = json.dumps(to_json(ann), ensure_ascii=False, indent=1, allow_nan=False)
    except ValueError:
        raise AnnotationError(f"{path}: not saved, a coordinate is not a finite number") from None
    write_atomic(path, (text + "\n").encode("utf-8"))


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` all at once, or leave it as it was and raise ``AnnotationError``."""
    try:
        atomic.write_atomic(path, data)
    except OSError as exc:
        raise AnnotationError(f"cannot save {path}: {_why(exc)}; the previous file is unchanged") from None


_why = atomic.why


def load_annotation(path: PathLike) -> DocumentAnnotation:
    """Read and validate an annotation file of any known schema version.

    Every problem (unreadable file, bad JSON, a missing or wrong key) is an ``AnnotationError``
    whose message names the file and the place in it.
    """
    path = Path(path)
    try:
        raw = read_bytes(path, "annotation", ANNOTATION_LIMIT)  # a regular file of sane size only
    except InputError as exc:
        if not path.exists():
            raise AnnotationError(f"{path}: no such file") from None
        if path.is_dir():
            raise AnnotationError(f"{path}: is a folder, not an annotation file") from None
        raise AnnotationError(str(exc)) from None
    try:
        text = raw.decode("utf-8")
        check_depth(text, "annotation", str(path))
        data = json.loads(text)
    except UnicodeDecodeError:
        raise AnnotationError(f"{path}: not UTF-8 text, so not an annotation file") from None
    except json.JSONDecodeError as exc:
        raise AnnotationError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (RecursionError, InputError):
        raise AnnotationError(f"{path}: nested too deeply to be an annotation file") from None
    try:
        return from_json(data)
    except AnnotationError as exc:
        raise AnnotationError(f"{path}: {exc}") from None


def find_annotation(pdf_path: PathLike, check_hash: bool = True) -> DocumentAnnotation | None:
    """The annotation beside ``pdf_path``, or None when there is none.

    With ``check_hash`` a file made on different PDF bytes raises ``HashMismatch`` (the caller
    asks the person, then uses ``reattach``); a broken file raises ``AnnotationError``.
    """
    path = annotation_path_for(pdf_path)
    if not path.exists():
        return None
    ann = load_annotation(path)
    if check_hash:
        verify_pdf(ann, pdf_path)
    return ann


_GOLDEN_SET_NAMES = ("GoldenEntry", "GoldenSet", "load_golden_set", "check_golden_set", "add_to_golden_set")


def __getattr__(name: str) -> object:
    """Golden-set helpers live in ``goldenset`` (which imports this module); re-exported lazily."""
    if name in _GOLDEN_SET_NAMES:
        from . import goldenset
        return getattr(goldenset, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [*_GOLDEN_SET_NAMES, "SUFFIX", "SCHEMA_VERSION", "AnnotationError", "HashMismatch", "annotation_path_for", "sha256_of",
           "verify_pdf", "reattach", "save_annotation", "write_atomic", "load_annotation", "find_annotation"]
