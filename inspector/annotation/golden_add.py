"""From corrected annotations to a golden set: ``golden add`` and File > Add to golden set.

A document joins a golden set only when a person checked it: its annotation must be
readable, made on these very PDF bytes (SHA-256), and every table marked verified. Anything
else is refused with the reason, never half-added. The set is frozen by revision: the
manifest's ``revision`` grows by one with every change, and a document already in the set
is only replaced on request (``replace``), so a score names the exact truth it was made on.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .goldenset import MANIFEST, add_to_golden_set, manifest_entries
from .io import SUFFIX, AnnotationError, HashMismatch, annotation_path_for, load_annotation, sha256_of, verify_pdf
from .model import DocumentAnnotation


@dataclass(frozen=True)
class AddOutcome:
    """What happened to one PDF: ``added`` the annotation file written into the set (None
    when refused or unchanged), ``reason`` why it was refused (or a note when unchanged)."""

    pdf: Path
    added: Path | None = None
    reason: str = ""

    @property
    def refused(self) -> bool:
        return self.added is None and not self.reason.startswith("already in the set")


def refusal(ann: DocumentAnnotation, pdf_bytes: bytes) -> str:
    """Why ``ann`` may not join a golden set as the truth of ``pdf_bytes`` ("" when it may)."""
    try:
        verify_pdf(ann, pdf_bytes)
    except HashMismatch as exc:
        return str(exc)
    if not ann.tables:
        return "the annotation has no table (a page without tables is no checked truth here)"
    unverified = [t.id for t in ann.tables if not t.verified]
    if unverified:
        return (f"table(s) {', '.join(unverified)} not marked verified: check them in the window and mark them "
                "(Table > Mark verified, Ctrl+Shift+V)")
    return ""


def find_annotation(pdf: Path, folder: Path | None = None) -> Path:
    """The annotation of ``pdf``: in ``folder`` (a folder of annotations apart from the PDFs)
    when given and there, else beside the PDF."""
    if folder is not None and (folder / (pdf.name + SUFFIX)).is_file():
        return folder / (pdf.name + SUFFIX)
    return annotation_path_for(pdf)


def add_checked(root: str | os.PathLike[str], pdf: str | os.PathLike[str], ann: DocumentAnnotation,
                replace: bool = False) -> AddOutcome:
    """Add ``ann`` (the annotation of ``pdf``) to the golden folder ``root`` when it may join."""
    root, pdf = Path(root), Path(pdf)
    try:
        data = pdf.read_bytes()
    except OSError as exc:
        return AddOutcome(pdf, reason=f"cannot read {pdf}: {exc.strerror or exc}")
    why = refusal(ann, data)
    if why:
        return AddOutcome(pdf, reason=why)
    name = ann.file_name + SUFFIX
    try:
        listed = {e.annotation: e for e in manifest_entries(root)} if (root / MANIFEST).exists() else {}
        if name in listed:
            if load_annotation(root / name) == ann and listed[name].sha256 == sha256_of(data):
                return AddOutcome(pdf, reason="already in the set, unchanged")
            if not replace:
                return AddOutcome(pdf, reason=f"{name} is already in the set with other content: the set is "
                                              "frozen; add it with --replace (a new revision) to change it")
        return AddOutcome(pdf, added=add_to_golden_set(root, ann, pdf))
    except AnnotationError as exc:
        return AddOutcome(pdf, reason=str(exc))


def add_pdf(root: str | os.PathLike[str], pdf: str | os.PathLike[str], folder: Path | None = None,
            replace: bool = False) -> AddOutcome:
    """``golden add`` for one PDF: its saved annotation, checked, into the set."""
    pdf = Path(pdf)
    if not pdf.is_file():
        return AddOutcome(pdf, reason="no such PDF file")
    path = find_annotation(pdf, folder)
    if not path.is_file():
        return AddOutcome(pdf, reason=f"no annotation saved for it ({path} does not exist)")
    try:
        ann = load_annotation(path)
    except AnnotationError as exc:
        return AddOutcome(pdf, reason=str(exc))
    return add_checked(root, pdf, ann, replace)


__all__ = ["AddOutcome", "add_checked", "add_pdf", "find_annotation", "refusal"]
