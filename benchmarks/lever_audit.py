"""Does every lever Why offers act on the decision it was offered for? (Slow: not a test.)

For every page of the chosen sets: ``explain`` the page, take every lever it offers (a
boundary's or dropped candidate's ``flip``, a rejected region's ``flip``, the value that
would reject a table, ``why_table``), apply it as the GUI's Apply and the CLI's ``--set``
do (the page detected again from the document with that one value, every stage), and check
that the decision it was offered for changes:

- a kept boundary: gone from the table found again over the same box (``lever_check``);
- a dropped candidate: a boundary there, every kept one still there;
- a rejected region: a table now covers it (IoU >= 0.5);
- a table: no table found again covers it.

Also counted: rejected regions that lie inside a table found (a region the tables stage
joined to a table, listed as rejected), and named levers whose stage cannot act on the
evidence they are named for (a drawn boundary's ``vector.*`` when no vector rule lies on it).

Prints counts per evidence kind and parameter (offered, acted, did not act, raised) and every
lever that did not act.

    python benchmarks/lever_audit.py [--sets icdar,real,wild,modern,...] [--wild-pages 3] [--docs 4]
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "core"))

from lever_check import SAME_TABLE, Lever, failure  # type: ignore[import-not-found]  # noqa: E402

from inspector.core.explain import Why, explain  # noqa: E402
from inspector.core.params import Params  # noqa: E402
from inspector.core.pipeline import Pipeline  # noqa: E402
from inspector.core.reading.document import open_document  # noqa: E402
from inspector.core.types import PageResult, Rect  # noqa: E402
from inspector.evaluation.corpus import icdar_records  # noqa: E402

SHARED = (ROOT / ".." / "shared" / "corpus").resolve()
COVERS = 0.5  # IoU: a table found over this share of a rejected region makes it one
INSIDE = 2.0  # pt: a rejected region inside a table's box grown by this is part of it
# A tree from before explain took the whole page's detection (to audit it with the same script).
WHOLE = "detect" in inspect.signature(explain).parameters
GENERATED = ("modern", "producers", "html", "wordproc", "slides", "styles", "latex", "sheets")


def _icdar() -> list[tuple[Path, int]]:
    return sorted({(r.pdf, r.page - 1) for r in icdar_records(SHARED)})


def _real() -> list[tuple[Path, int]]:
    recs = [json.loads(ln) for ln in (SHARED / "real" / "tables.jsonl").read_text(encoding="utf-8").splitlines()
            if ln.strip()]
    return sorted({(SHARED / "real" / r["pdf"], int(r["page"]) - 1) for r in recs})


def _folder(folder: Path, docs: int, pages: int) -> list[tuple[Path, int]]:
    import pymupdf

    out = []
    for pdf in sorted(folder.rglob("*.pdf"))[:docs]:
        with pymupdf.open(pdf) as d:
            out += [(pdf, i) for i in range(min(pages, d.page_count))]
    return out


def pages_of(name: str, docs: int, pages: int, wild: int = 1000) -> list[tuple[Path, int]]:
    """The pages (PDF, 0-based index) of set ``name``: ``docs`` documents of a generated set,
    ``pages`` pages of each; ``wild`` pages of each wild document."""
    if name == "icdar":
        return _icdar()
    if name == "real":
        return _real()
    if name == "wild":
        return _folder(ROOT / "corpus" / "wild" / "pdfs", 1000, wild)
    return _folder(ROOT / "corpus" / name, docs, pages)


def _covered(box: Rect, found: PageResult) -> bool:
    return any(t.bbox.iou(box) >= COVERS for t in found.tables)


def _inside_table(box: Rect, res: PageResult) -> bool:
    return any(box.within(t.bbox, INSIDE) for t in res.tables)


T = TypeVar("T")


def _try(run: Callable[..., T], *args: Any) -> T | None:
    """``run(*args)``, None when it raises (a lever that raises is counted, not fatal to the audit)."""
    try:
        return run(*args)
    except Exception:  # noqa: BLE001
        traceback.print_exc()
        return None


@dataclass(frozen=True)
class Page:
    """One page's result with its pipeline: a lever applied as Apply and ``--set`` do (the page
    detected again with that one value, every stage), and what became of the decision."""

    pipe: Pipeline
    index: int
    res: PageResult
    params: Params

    def _again(self, flip: tuple[str, float]) -> PageResult:
        return self.pipe.run(self.index, self.params.with_value(*flip))

    def boundary(self, lever: Lever) -> str:
        return str(failure(self.pipe, self.index, self.res, self.params, lever))

    def made(self, box: Rect, flip: tuple[str, float]) -> str:
        return "" if _covered(box, self._again(flip)) else "no table covers it"

    def rejects(self, box: Rect, flip: tuple[str, float]) -> str:
        return "the table stays" if any(t.bbox.iou(box) >= SAME_TABLE for t in self._again(flip).tables) else ""


class Audit:
    """Counts per (what, evidence kind, parameter): offered, acted, did not act, raised."""

    def __init__(self, verbose: bool) -> None:
        self.counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
        self.failures: list[str] = []
        self.notes: Counter[str] = Counter()
        self.note_where: dict[str, list[str]] = defaultdict(list)
        self.verbose = verbose

    def record(self, key: tuple[str, str, str], where: str, why: str | None) -> None:
        """``why``: "" acted, a reason it did not, None raised."""
        c = self.counts[key]
        c["offered"] += 1
        c["acted" if why == "" else "raised" if why is None else "did not act"] += 1
        if why != "":
            self.failures.append(f"{where} [{'/'.join(key)}]: {why or 'raised'}")
            if self.verbose:
                print("  FAIL", self.failures[-1], flush=True)

    def note(self, kind: str, where: str) -> None:
        self.notes[kind] += 1
        self.note_where[kind].append(where)

    def page(self, pipe: Pipeline, index: int, where: str, params: Params) -> None:
        """Every lever explain offers on page ``index`` of ``pipe``'s document, applied and checked."""
        res = pipe.run(index, params)
        detect = (partial(pipe.run, index),) if WHOLE else ()  # as the CLI and the window do
        why = explain(res, params, *detect)
        page = Page(pipe, index, res, params)
        for t in why.tables:
            for w in (*t.cols, *t.rows, *t.dropped):
                self._named(res, w, f"{where} t{t.index + 1}")
                if w.flip is not None:
                    key = (f"{w.axis} {'kept' if w.kept else 'dropped'}", w.evidence[0].kind if w.evidence else "-",
                           w.flip[0])
                    lever = Lever(t.index, w)
                    self.record(key, f"{where} {lever}", _try(page.boundary, lever))
        for r in why.rejected:
            if _inside_table(r.bbox, res):
                self.note("rejected inside a table", f"{where} {r.source} {r.params} {r.reason[:60]}")
            if r.flip is not None:
                box = tuple(round(v) for v in r.bbox.as_tuple())
                self.record(("rejected", r.source, r.flip[0]), f"{where} rejected {r.source} at {box} --set "
                            f"{r.flip[0]}={r.flip[1]:g}", _try(page.made, r.bbox, r.flip))
        for k, table in enumerate(res.tables):
            got = _try(why.why_table, k)
            if got is None:
                self.record(("table", table.source, "why_table"), f"{where} table {k + 1}", None)
            elif got[1] is not None:
                flip = got[1]
                self.record(("table", table.source, flip[0]), f"{where} table {k + 1} --set {flip[0]}={flip[1]:g}",
                            _try(page.rejects, table.bbox, flip))

    def _named(self, res: PageResult, w: Why, where: str) -> None:
        """A drawn boundary naming ``vector.*`` where only raster rules lie on it (the vector stage
        cannot act on them)."""
        if not w.kept or not w.evidence or w.evidence[0].kind != "rule" or w.line is None:
            return
        on = [r for r in res.rules if r.orient == w.orient and abs(r.pos - w.pos) <= 2.0]
        if on and all(r.source != "vector" for r in on) and any(p.startswith("vector.") for p in w.params):
            self.note("raster rule named vector.*", f"{where} {w.axis} at {w.pos:.1f}")

    def report(self) -> str:
        out = [f"{'what':<14} {'evidence/source':<20} {'parameter':<30} {'offered':>7} {'acted':>6} "
               f"{'not':>4} {'raised':>6}"]
        total: Counter[str] = Counter()
        for key in sorted(self.counts):
            c = self.counts[key]
            total.update(c)
            out.append(f"{key[0]:<14} {key[1]:<20} {key[2]:<30} {c['offered']:>7} {c['acted']:>6} "
                       f"{c['did not act']:>4} {c['raised']:>6}")
        out.append(f"{'TOTAL':<66} {total['offered']:>7} {total['acted']:>6} {total['did not act']:>4} "
                   f"{total['raised']:>6}")
        for kind, n in sorted(self.notes.items()):
            out.append(f"note: {kind}: {n}")
            out += [f"    {w}" for w in self.note_where[kind][:15]]
        out.append("did not act / raised:")
        out += [f"  {f}" for f in self.failures]
        return "\n".join(out)


def _walk(sets: list[str], docs: int, pages: int, wild: int) -> Iterator[tuple[str, Path, int]]:
    for name in sets:
        for pdf, index in pages_of(name, docs, pages, wild):
            yield name, pdf, index


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="icdar,real,wild,modern,producers,html,wordproc,slides")
    ap.add_argument("--docs", type=int, default=4, help="documents per generated set")
    ap.add_argument("--pages", type=int, default=3, help="pages per document of a generated set")
    ap.add_argument("--wild-pages", type=int, default=1000, help="pages per wild document (default: all)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    audit, params = Audit(args.verbose), Params()
    pipes: dict[Path, Pipeline] = {}
    start, n = time.monotonic(), 0
    for name, pdf, index in _walk(args.sets.split(","), args.docs, args.pages, args.wild_pages):
        if pdf not in pipes:
            pipes.clear()  # one document's caches at a time
            pipes[pdf] = Pipeline(open_document(pdf))
        where = f"{name} {pdf.name} p{index + 1}"
        if args.verbose:
            print(where, flush=True)
        try:
            audit.page(pipes[pdf], index, where, params)
        except Exception:  # noqa: BLE001  (a page that raises is counted, not fatal)
            traceback.print_exc()
            audit.record(("page", "-", "explain"), where, None)
        n += 1
    print(f"{n} pages in {time.monotonic() - start:.0f} s")
    print(audit.report())


if __name__ == "__main__":
    main()
