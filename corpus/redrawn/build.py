"""Real documents with known truth, re-drawn by other PDF writers (``make corpus-redrawn``).

    python -m corpus.redrawn.build [--out corpus/redrawn/copies] [--writer NAME ...]

Each writer reads a PDF of ``../shared/corpus`` (the ICDAR 2013 dev documents and the real
tagged documents of ``real/``) and writes the same pages again in its own drawing habits:
Ghostscript's pdfwrite, cairo (``pdftocairo -pdf`` re-draws every path and glyph run), poppler's
PostScript through Ghostscript (``pdftops`` + ``ps2pdf``), MuPDF's PDF device (``mutool
convert``) and MuPDF's content-stream sanitiser (``mutool clean -s``). The truth stays the
original's: the page coordinates must not move, so every copy is checked page by page
(``check``: same page size, word boxes of the same text at the same place, the text kept) and a
copy that fails is deleted and listed in ``OUT/WRITER/dropped.json`` with its reason.

Output, per writer, mirrors the shared corpus: ``OUT/WRITER/pdfs/icdar2013/...`` (score with
``benchmarks/score_icdar.py --pdfs OUT/WRITER``) and ``OUT/WRITER/real/`` with the truth file
``tables.jsonl`` (the original's records, minus dropped documents) beside ``pdfs/`` (score with
``table-inspector eval OUT/WRITER/real``; ``OUT/WRITER/real-original`` is the same truth over
the original PDFs, for the figure to compare with). The copies are third-party documents: git-ignored.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / ".." / "shared" / "corpus"
OUT = Path(__file__).resolve().parent / "copies"
MAX_SHIFT = 1.0  # pt: the median move of a word box that still counts as the same place
MIN_TEXT = 0.95  # share of the original's characters a copy must keep
TIMEOUT = 300  # s for one writer on one document


def _gs(src: Path, dst: Path, _tmp: Path) -> list[list[str]]:
    return [["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", "-dAutoRotatePages=/None", f"-sOutputFile={dst}", str(src)]]


def _cairo(src: Path, dst: Path, _tmp: Path) -> list[list[str]]:
    return [["pdftocairo", "-pdf", str(src), str(dst)]]


def _ps2pdf(src: Path, dst: Path, tmp: Path) -> list[list[str]]:
    ps = tmp / "page.ps"
    # -origpagesizes keeps each page's own size (else pdftops fits pages to one paper size);
    # Ghostscript must not turn a page whose text runs sideways (its default).

    return [["pdftops", "-origpagesizes", str(src), str(ps)], ["ps2pdf", "-dAutoRotatePages=/None", str(ps), str(dst)]]


def _mutool_convert(src: Path, dst: Path, _tmp: Path) -> list[list[str]]:
    return [["mutool", "convert", "-F", "pdf", "-o", str(dst), str(src)]]


def _mutool_clean(src: Path, dst: Path, _tmp: Path) -> list[list[str]]:
    return [["mutool", "clean", "-s", str(src), str(dst)]]


Writer = Callable[[Path, Path, Path], list[list[str]]]
WRITERS: dict[str, Writer] = {"gs": _gs, "cairo": _cairo, "ps2pdf": _ps2pdf,
                              "mutool-convert": _mutool_convert, "mutool-clean": _mutool_clean}


@dataclass(frozen=True)
class PageCheck:
    """One page of a copy against the original: ``shift`` the median move of a word's first glyph origin with
    the same text (pt, None when no word could be matched), ``kept`` the share of the original's
    characters the copy still has (spaces aside), ``size_ok`` the same page size and rotation."""

    page: int
    size_ok: bool
    shift: float | None
    kept: float

    @property
    def ok(self) -> bool:
        return self.size_ok and self.kept >= MIN_TEXT and (self.shift is None or self.shift <= MAX_SHIFT)

    def why(self) -> str:
        return (f"page {self.page}: size {'same' if self.size_ok else 'changed'}, word shift "
                f"{'n/a' if self.shift is None else f'{self.shift:.2f} pt'}, text kept {self.kept:.0%}")


def _unique_words(page: pymupdf.Page) -> dict[str, tuple[float, float]]:
    """Word text -> the baseline origin of its first glyph, for words seen once on the page.
    The origin, not the word box: a re-writer may declare other font ascents (the box grows or
    shrinks) while drawing every glyph at the same place."""
    found: list[tuple[str, tuple[float, float]]] = []
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                text, start = "", None
                for ch in [*span["chars"], None]:
                    if ch is None or ch["c"].isspace():
                        if start is not None and len(text) > 2:
                            found.append((text, start))
                        text, start = "", None
                    else:
                        text, start = text + ch["c"], start or tuple(ch["origin"])
    counts = Counter(t for t, _ in found)
    return {t: o for t, o in found if counts[t] == 1}


def _chars(page: pymupdf.Page) -> Counter[str]:
    return Counter(c for c in page.get_text() if not c.isspace())


def check_page(orig: pymupdf.Page, copy: pymupdf.Page) -> PageCheck:
    """Whether ``copy`` draws ``orig``'s page at the same coordinates with the same text."""
    size_ok = (abs(orig.rect.width - copy.rect.width) < 0.5 and abs(orig.rect.height - copy.rect.height) < 0.5
               and orig.rotation == copy.rotation)
    a, b = _unique_words(orig), _unique_words(copy)
    moves = [max(abs(a[t][0] - b[t][0]), abs(a[t][1] - b[t][1])) for t in a.keys() & b.keys()]
    want = _chars(orig)
    kept = sum((want & _chars(copy)).values()) / max(1, sum(want.values()))
    return PageCheck(orig.number + 1, size_ok, statistics.median(moves) if moves else None, kept)


def check(orig_path: Path, copy_path: Path, pages: set[int]) -> list[PageCheck]:
    """``check_page`` on each of ``pages`` (1-based) of the two documents."""
    with pymupdf.open(orig_path) as a, pymupdf.open(copy_path) as b:
        if len(a) != len(b):
            return [PageCheck(0, False, None, 0.0)]
        return [check_page(a[p - 1], b[p - 1]) for p in sorted(pages)]


def redraw(writer: str, src: Path, dst: Path) -> str | None:
    """Write ``src`` again with ``writer`` into ``dst``; None, or why it failed."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for cmd in WRITERS[writer](src, dst, Path(tmp)):
            try:
                done = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT, check=False)
            except subprocess.TimeoutExpired:
                return f"{cmd[0]} timed out"
            if done.returncode != 0:
                return f"{cmd[0]} exit {done.returncode}: {done.stderr.decode(errors='replace')[-200:]}"
    return None if dst.is_file() else "no output"


def _truth_pages(corpus: Path) -> dict[str, set[int]]:
    """Corpus-relative PDF path -> the pages that have truth, from ``tables.jsonl``."""
    pages: dict[str, set[int]] = {}
    for line in (corpus / "tables.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("kind") == "ground_truth" and rec.get("cells") and not rec.get("hinted"):
            pages.setdefault(rec["pdf"], set()).add(int(rec["page"]))
    return pages


def build_set(writer: str, corpus: Path, out: Path) -> dict[str, str]:
    """Every truth document of ``corpus`` re-drawn by ``writer`` under ``out`` (same relative
    paths); returns the dropped documents and why."""
    dropped: dict[str, str] = {}
    for rel, pages in sorted(_truth_pages(corpus).items()):
        dst = out / rel
        err = redraw(writer, corpus / rel, dst)
        bad = [c.why() for c in check(corpus / rel, dst, pages) if not c.ok] if err is None else [err]
        if bad:
            dropped[rel] = "; ".join(bad)
            dst.unlink(missing_ok=True)
        print(f"{writer:15s} {rel}: {'dropped: ' + dropped[rel] if bad else 'ok'}", flush=True)
    return dropped


def _truth_file(corpus: Path, out: Path, dropped: dict[str, str]) -> None:
    """``out/tables.jsonl``: the records of the documents kept; and ``out-original``, the same
    records over the original PDFs (a link to them), so both are scored on the same tables."""
    lines = [line for line in (corpus / "tables.jsonl").read_text(encoding="utf-8").splitlines()
             if json.loads(line)["pdf"] not in dropped]
    twin = out.with_name(out.name + "-original")
    twin.mkdir(parents=True, exist_ok=True)
    (twin / "pdfs").symlink_to(corpus / "pdfs", target_is_directory=True)
    for folder in (out, twin):
        (folder / "tables.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def build(writer: str, out: Path) -> dict[str, str]:
    """The ICDAR and real sets re-drawn by ``writer`` into ``out/writer`` (emptied first)."""
    dest = out / writer
    shutil.rmtree(dest, ignore_errors=True)
    shared = SHARED.resolve()
    dropped = build_set(writer, shared, dest)
    dropped_real = build_set(writer, shared / "real", dest / "real")
    _truth_file(shared / "real", dest / "real", dropped_real)
    dropped.update({f"real/{k}": v for k, v in dropped_real.items()})
    (dest / "dropped.json").write_text(json.dumps(dropped, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return dropped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--writer", action="append", choices=sorted(WRITERS), help="default: every writer")
    args = ap.parse_args(argv)
    if not (SHARED / "tables.jsonl").is_file():
        print(f"{SHARED}: the shared corpus is not there", file=sys.stderr)
        return 2
    for writer in args.writer or list(WRITERS):
        dropped = build(writer, args.out)
        print(f"{writer}: {len(dropped)} documents dropped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
