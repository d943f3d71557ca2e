"""A small corpus of built PDFs with known defects, for the scan tests (not a conftest: the
window tests import their own ``conftest`` by that name)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import ruled_pdf

CLEAN = [["Item", "2023", "2024"], ["Apples", "1.5", "2.5"], ["Pears", "3.0", "4.0"], ["Plums", "5.5", "6.5"]]
# Row 2 holds two numbers in one cell (a broken number); row 3 has two filled cells of three (ragged).
BROKEN = [["Item", "2023", "2024"], ["Apples", "1.5", "2.5"], ["Pears", "12.3 45.6", "7.0"], ["Plums", "4.4", ""],
          ["Figs", "8.0", "9.0"]]


def build_corpus(root: Path, copies: int = 1) -> dict[str, Path]:
    """``clean.pdf``, ``broken.pdf`` (in sub/), ``not-a-pdf.pdf`` and, for ``copies`` > 1, more
    clean documents ``more/clean-K.pdf`` (each with a different title, so different bytes)."""
    (root / "sub").mkdir(parents=True, exist_ok=True)
    files = {"clean": root / "clean.pdf", "broken": root / "sub" / "broken.pdf", "bad": root / "not-a-pdf.pdf"}
    files["clean"].write_bytes(ruled_pdf(CLEAN))
    files["broken"].write_bytes(ruled_pdf(BROKEN))
    files["bad"].write_bytes(b"this is a text file, not a PDF\n")
    if copies > 1:
        (root / "more").mkdir(exist_ok=True)
        for k in range(copies):
            rows = [[f"Item {k}", "2023", "2024"], *CLEAN[1:]]
            (root / "more" / f"clean-{k:03d}.pdf").write_bytes(ruled_pdf(rows))
    return files
