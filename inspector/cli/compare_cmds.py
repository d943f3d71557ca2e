"""``table-inspector compare``: their tables (a peer, or their pipeline's file) against ours."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.infra.userfiles import InputError, dumps_strict
from ..core.types import Table
from .common import (
    EXIT_INPUT,
    EXIT_PARTIAL,
    CliError,
    add_doc_args,
    add_param_args,
    open_doc,
    params_from_args,
    parse_pages,
)
from .pages import PageRunner

EXAMPLES = """examples:
  table-inspector compare report.pdf --with camelot
  table-inspector compare report.pdf --with pipeline-output.json --json
  table-inspector compare report.pdf --with table1.csv --with table2.csv --pages 3
  table-inspector compare report.pdf --with out.md --against detection
  table-inspector compare notice.pdf --with notice.hwpx --against detection

SOURCE is a peer (pymupdf, pdfplumber, camelot, camelot-lattice, camelot-stream, camelot-hybrid; or
peer:NAME) or a file: JSON in the 'detect --json' or cells shape, HTML, Markdown or CSV
(tables without coordinates are placed on the page by their texts), or the author's
original the PDF was made from, HWPX or DOCX (read by contents, not name; a table the PDF
breaks over pages is compared piece by piece). Ours is the annotation
beside the PDF when there is one, else detection (--against chooses)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="Compare another extractor's tables with ours, cell by cell.",
                       description="Compare another extractor's tables (a peer, or a file from your pipeline) "
                                   "with the annotation or the detection, cell by cell.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_doc_args(p)
    p.add_argument("--with", dest="sources", action="append", required=True, metavar="SOURCE",
                   help="their tables: a peer name or a file (repeatable)")
    p.add_argument("--pages", help="pages to compare, e.g. 1,3-5 (default: all)")
    p.add_argument("--against", choices=("auto", "annotation", "detection"), default="auto",
                   help="ours: the annotation beside the PDF, or detection (default: annotation if there is one)")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_param_args(p)
    p.set_defaults(func=cmd_compare)


def cmd_compare(args: argparse.Namespace) -> int:
    from ..compare.diff import diff_page
    from ..extractors import sources as src
    from ..extractors.peers import MissingExtractor, check_available
    from ..extractors.theirs import Theirs, from_file, is_peer

    params = params_from_args(args)
    doc = open_doc(args)
    indices = parse_pages(args.pages, doc.page_count)
    every_page = range(doc.page_count)
    doc.close()
    for source in args.sources:  # an unknown or missing peer is said before any page is read
        try:
            if is_peer(source):
                check_available(source.removeprefix("peer:"))
        except MissingExtractor as exc:
            raise CliError(str(exc), EXIT_INPUT) from None
        except KeyError as exc:
            raise CliError(str(exc.args[0] if exc.args else exc)) from None
    # every page read (our detection, a peer's run, the words that place their tables) runs
    # in one budgeted worker: a hostile page is stopped and reported like detect's
    with PageRunner(args, params) as runner:
        words = _Words(runner)
        ours, against = _ours(args, indices, runner, words)
        theirs: list[Theirs] = []
        for source in args.sources:
            try:
                theirs.append(_peer(source, args.file, indices, params, runner) if is_peer(source)
                              else from_file(source, indices, words.words, every_page))
            except (src.SourceError, InputError) as exc:
                raise CliError(str(exc), EXIT_INPUT) from None
    for t in theirs:
        for note in t.notes:
            print(f"note: {note}", file=sys.stderr)
    pages = []
    for i in indices:
        mine = ours.get(i + 1, [])
        their = [tab for t in theirs for tab in t.pages.get(i + 1, [])]
        if mine or their:
            pages.append((i + 1, their, diff_page(mine, their)))
    if args.json:
        _print_json(args, against, pages, runner.failures)
    else:
        _print_text(args, against, pages)
    return EXIT_PARTIAL if runner.failures else 0


def _peer(source: str, pdf: str, indices: list[int], params: Any, runner: PageRunner) -> Any:
    """A peer's tables, page by page in the worker (a failed page has none)."""
    from ..extractors.theirs import Theirs, for_page

    pages: dict[int, list[Table]] = {}
    for i in indices:
        got = runner.run(i, for_page, source, pdf, i, params)
        if got is not None:
            pages.update(got.pages)
    return Theirs(source.removeprefix("peer:"), pages)


class _Words:
    """Page words for placing tables, read once per page in the worker: the detection's words
    when ours is the detection; a page that fails has none."""

    def __init__(self, runner: PageRunner) -> None:
        self.runner = runner
        self.known: dict[int, Any] = {}

    def words(self, index: int) -> Any:
        if index not in self.known:
            from ..core.infra import jobs

            got = self.runner.run(index, jobs.page_words, self.runner.source, index)
            self.known[index] = got if got is not None else ()
        return self.known[index]


def _ours(args: argparse.Namespace, indices: list[int], runner: PageRunner,
          words: _Words) -> tuple[dict[int, list[Table]], str]:
    """Our tables by 1-based page, and what they are ("annotation" or "detection")."""
    if args.against in ("auto", "annotation"):
        from ..annotation.io import AnnotationError, HashMismatch, annotation_path_for, find_annotation
        from ..annotation.model import to_core_table

        try:
            ann = find_annotation(args.file)
        except (HashMismatch, AnnotationError) as exc:
            raise CliError(f"cannot use the annotation: {exc} (or use --against detection)", EXIT_INPUT) from None
        if ann is not None:
            pages: dict[int, list[Table]] = {}
            for t in ann.tables:
                for k, region in enumerate(t.regions):
                    pages.setdefault(region.page, []).append(to_core_table(t, k))
            return pages, "annotation"
        if args.against == "annotation":
            raise CliError(f"no annotation found for {args.file} (expected {annotation_path_for(args.file)})",
                           EXIT_INPUT)
    out: dict[int, list[Table]] = {}
    for i in indices:
        res = runner.detect(i)
        words.known[i] = res.words if res is not None else ()  # placing their tables reads these words
        out[i + 1] = list(res.tables) if res is not None else []
    return out, "detection"


def _box(b: Any) -> list[float]:
    return [round(v, 2) for v in b.as_tuple()]


def _print_json(args: argparse.Namespace, against: str, pages: list[tuple[int, list[Table], Any]],
                failures: list[Any]) -> None:
    out = {"file": args.file, "with": args.sources, "against": against,
           "failed_pages": [{"page": f.page, "error": f.error} for f in failures],
           "pages": [{"page": n, "tables": [{"bbox": _box(d.bbox), "theirs": d.theirs, "matched_to": d.ours,
                                             "differences": [x.as_json() for x in d.differences]} for d in diffs]}
                     for n, _their, diffs in pages]}
    sys.stdout.write(dumps_strict(out, ensure_ascii=False, indent=1) + "\n")


def _print_text(args: argparse.Namespace, against: str, pages: list[tuple[int, list[Table], Any]]) -> None:
    total = sum(len(d.differences) for _, _, diffs in pages for d in diffs)
    print(f"{Path(args.file).name}: {', '.join(args.sources)} against the {against}: {total} difference(s)")
    for n, _their, diffs in pages:
        for d in diffs:
            who = (f"their table {d.theirs + 1}" if d.theirs is not None else "no table of theirs") + " / " + (
                f"our table {d.ours + 1}" if d.ours is not None else "no table of ours")
            print(f"\npage {n}, {who}: {len(d.differences) or 'no'} difference(s)")
            for x in d.differences:
                where = _slots(x.ours)
                print(f"  {x.kind:15} ours {where}: {_short(x.ours_text)!r}  theirs: {_short(x.theirs_text)!r}")


def _slots(slots: tuple[tuple[int, int], ...]) -> str:
    """"r2c3, r3c3", or "r4c2 … r27c2 (24 cells)" for long runs; 1-based."""
    names = [f"r{r + 1}c{c + 1}" for r, c in slots]
    if len(names) > 4:
        return f"{names[0]} … {names[-1]} ({len(names)} cells)"
    return ", ".join(names) or "-"


def _short(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
