"""``table-inspector eval``: score an extractor against a frozen golden set, and show what moved.

GOLDEN_DIR is a golden set folder (annotations made with the ``golden`` commands) or a
corpus folder with ``tables.jsonl`` (its ICDAR 2013 ground truth, non-hinted tables). Every
annotated page is run through the extractor and scored: ICDAR 2013 adjacency-relation
precision/recall/F1, cell retention, row integrity, label-number pairing, TEDS (with spans)
and TEDS-Struct, table detection precision/recall at IoU 0.5, and defects that need no
ground truth (broken numbers, ragged rows, sparse columns, unused rules) per 100 cells.
An annotation whose PDF no longer has the annotated hash is refused, and an unreadable
annotation file left out: both are reported, the rest is still evaluated, and the exit
code is then 3. Each page runs in a worker process within --timeout seconds and
budget.memory_mb; a page over budget, or one that crashes its worker twice, is recorded as
failed, the run goes on and writes its report, and the exit code is then 4.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from ..core.params import Params
from ..evaluation import baseline, evaluate, producers, styles, summary
from ..extractors import peers
from .common import EXIT_INPUT, EXIT_OK, EXIT_PARTIAL, CliError, add_param_args, params_from_args

EXAMPLES = """examples:
  table-inspector eval ../shared/corpus --extractor inspector --json run.json
  table-inspector eval golden/ --extractor pdfplumber --jobs 2
  table-inspector eval golden/ --set tables.min_rows=3 --baseline run.json --json run2.json
  table-inspector eval corpus/modern/golden --extractor inspector,pdfplumber,camelot --json modern.json
peers (pymupdf is always there): pip install 'table-inspector[peers]'
"""
BAR = 30


def _extractor(value: str) -> str:
    if value in peers.EXTRACTORS or (value.startswith(peers.FILE_PREFIX) and len(value) > len(peers.FILE_PREFIX)):
        return value
    raise argparse.ArgumentTypeError(f"'{value}': choose from {', '.join(sorted(peers.EXTRACTORS))} or file:PATH")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("eval", help="score an extractor against a golden set (and compare runs)",
                              description=__doc__, epilog=EXAMPLES,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("golden", metavar="GOLDEN_DIR", help="golden set folder, or corpus folder with tables.jsonl")
    p.add_argument("--extractor", action="append", default=[], metavar="NAME",
                   help=f"what to evaluate: {', '.join(sorted(peers.EXTRACTORS))}, or file:PATH, your pipeline's "
                        "saved output (one file, or a folder of NAME.pdf.json/NAME.csv/... per document; "
                        "default: inspector, this app's detector); repeat it or give a comma list to compare "
                        "several in one run")
    p.add_argument("--styles", metavar="STYLES.json",
                   help="table styles manifest for per-style scores (default: styles.json in or beside GOLDEN_DIR)")
    p.add_argument("--by-producer", action="store_true",
                   help="also score per producer family (the PDF's /Producer and /Creator: Word, InDesign, Distiller...)")
    p.add_argument("--json", metavar="OUT", help="write the whole result as JSON (atomically)")
    p.add_argument("--jobs", "-j", type=int, default=1, metavar="N", help="worker processes (default 1)")
    p.add_argument("--timeout", type=float, default=evaluate.DEFAULT_TIMEOUT, metavar="S",
                   help=f"seconds one page may take before it counts as timed out (default {evaluate.DEFAULT_TIMEOUT:g})")
    p.add_argument("--baseline", metavar="OLD.json", help="compare with an earlier --json result")
    p.add_argument("--only", action="append", default=[], metavar="TEXT",
                   help="evaluate only documents whose name contains TEXT (repeatable)")
    p.add_argument("--progress", action="store_true", help="show progress on stderr even when it is not a terminal")
    p.add_argument("--no-tables", dest="tables", action="store_false", help="leave per-table lines out of the report")
    p.add_argument("--max-cells", type=int, metavar="N", help="with --baseline: print at most N changed cells")
    add_param_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise CliError(f"--jobs {args.jobs}: must be at least 1")
    if args.timeout <= 0:
        raise CliError(f"--timeout {args.timeout:g}: must be more than 0 seconds")
    params = params_from_args(args)
    names = _extractors(args.extractor)
    if len(names) > 1 and args.baseline:
        raise CliError("--baseline compares one extractor's runs: give a single --extractor")
    old = _read_baseline(args.baseline) if args.baseline else None
    source, refused, table_styles = _source(args, names)
    families = producers.page_families(source.pages) if args.by_producer else None
    groupings = {"by_style": table_styles, "by_producer": families}
    results: dict[str, dict[str, Any]] = {}
    failed: dict[str, int] = {}  # extractor -> pages that failed or timed out
    for name in names:
        results[name], failed[name] = _score(args, source, refused, name, params, groupings)
    if len(names) > 1:
        return _report_several(args, results, refused or source.problems, failed)
    _report_one(args, names[0], results[names[0]], old)
    if refused or source.problems:
        return EXIT_INPUT
    return _failed_pages(failed)


def _source(args: argparse.Namespace, names: list[str]
            ) -> tuple[evaluate.GoldenSource, list[tuple[str, str]], dict[str, str] | None]:
    """The golden source to evaluate (PDFs checked, --only applied), the documents refused and
    the table styles (None without a manifest); what is left out is said on stderr."""
    try:
        for name in names:
            peers.check_available(name)
        source, refused = evaluate.verify_pdfs(evaluate.load_source(args.golden))
        styles_path = args.styles or styles.find_styles(args.golden)
        table_styles = styles.load_styles(styles_path) if styles_path else None
    except peers.MissingExtractor as exc:
        raise CliError(str(exc)) from None
    except (evaluate.EvalError, styles.StylesError) as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    if args.only:
        source = evaluate.only_documents(source, args.only)
    for doc, reason in refused:
        print(f"table-inspector: refused {doc}: {reason}", file=sys.stderr)
    for problem in source.problems:
        print(f"table-inspector: left out {problem}", file=sys.stderr)
    if not source.pages:
        raise CliError(f"{args.golden}: no annotated pages to evaluate", EXIT_INPUT)
    return source, refused, table_styles


def _score(args: argparse.Namespace, source: evaluate.GoldenSource, refused: list[tuple[str, str]], name: str,
           params: Params, groupings: dict[str, Mapping[str, str] | None]) -> tuple[dict[str, Any], int]:
    """One extractor's whole result (continuations and each grouping of ``groupings`` included)
    and how many of its pages failed or timed out."""
    from ..evaluation import links

    show = args.progress or sys.stderr.isatty()
    outcomes = evaluate.run(source, name, params, args.jobs, args.timeout, _progress(name) if show else None,
                            keep_results=True)
    result = summary.result(source, name, params, outcomes, refused, args.timeout)
    unsafe = {(o.doc, o.page) for o in outcomes if o.status != "ok"}  # never re-run unguarded
    detected = {(o.doc, o.page): o.result for o in outcomes if o.result is not None}  # each page detected once
    result["continuations"] = links.links_dict(links.score_links(source, name, params, unsafe, detected))
    for key, groups in groupings.items():
        if groups is not None:
            result[key] = styles.by_style(outcomes, groups)
    return result, sum(1 for o in outcomes if o.status != "ok")


def _report_one(args: argparse.Namespace, name: str, result: dict[str, Any], old: dict[str, Any] | None) -> None:
    """One extractor's result: compared with --baseline, written to --json, printed."""
    cmp = baseline.compare(old, result) if old is not None else None
    if cmp is not None:
        result["baseline"] = baseline.as_dict(cmp, args.baseline)
    if args.json:
        _write_json(args.json, result)
    print(summary.text_report(result, tables=args.tables))
    if "by_style" in result:
        print(styles.text_table({name: result["by_style"]}))
    if "by_producer" in result:
        print(styles.text_table({name: result["by_producer"]}, "producer"))
    if cmp is not None:
        print(baseline.text_report(cmp, args.baseline, args.max_cells))


def _failed_pages(failed: dict[str, int]) -> int:
    """EXIT_PARTIAL, said on stderr per extractor, when any page failed or timed out."""
    for name, n in failed.items():
        if n:
            who = f" for {name}" if len(failed) > 1 else ""
            print(f"table-inspector: {n} page(s) failed or timed out{who} (see the report)", file=sys.stderr)
    return EXIT_PARTIAL if any(failed.values()) else EXIT_OK


def _extractors(given: list[str]) -> list[str]:
    """The --extractor values: comma lists split (a file:PATH is taken whole), each checked."""
    names = [n.strip() for arg in given or ["inspector"]
             for n in ([arg] if arg.startswith(peers.FILE_PREFIX) else arg.split(",")) if n.strip()]
    for n in names:
        try:
            _extractor(n)
        except argparse.ArgumentTypeError as exc:
            raise CliError(f"--extractor {exc}") from None
    return list(dict.fromkeys(names))


def _report_several(args: argparse.Namespace, results: dict[str, dict[str, Any]], problems: object,
                    failed: dict[str, int]) -> int:
    """Several extractors on one golden set: their overall lines, then the per-style table."""
    first = next(iter(results.values()))
    o = first["overall"]
    print(f"{len(results)} extractors on {first['golden']['path']} (golden hash {first['golden']['hash'][:12]}): "
          f"{o['pages']} pages, {o['golden_tables']} golden tables")
    width = max(len(n) for n in results)
    for name, res in results.items():
        print(f"{name:<{width}}  " + summary.metric_line(res["overall"]))
        print(f"{'':<{width}}  " + summary.unused_line(res["overall"]))
    if "by_style" in first:
        print(styles.text_table({n: r["by_style"] for n, r in results.items()}))
    if "by_producer" in first:
        print(styles.text_table({n: r["by_producer"] for n, r in results.items()}, "producer"))
    if args.json:
        _write_json(args.json, {"format": summary.FORMAT, "extractors": list(results), "runs": results})
    return EXIT_INPUT if problems else _failed_pages(failed)


def _progress(label: str) -> evaluate.Progress:
    """A bar redrawn in place on a terminal; elsewhere (logs) one line per tenth of the work."""
    tty = sys.stderr.isatty()

    def show(done: int, total: int) -> None:
        filled = BAR * done // total
        line = f"{label} [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} pages"
        if tty:
            sys.stderr.write(f"\r{line}" + ("\n" if done == total else ""))
        elif done == total or 10 * done // total != 10 * (done - 1) // total:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    return show


def _read_baseline(path: str) -> dict[str, Any]:
    from ..core.infra.userfiles import MANIFEST_LIMIT, InputError, read_text

    try:  # an earlier result may hold null where a score was not a number: it is read as it is
        data = json.loads(read_text(path, "baseline", MANIFEST_LIMIT))
    except InputError as exc:
        raise CliError(f"cannot read baseline {exc}", EXIT_INPUT) from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise CliError(f"baseline {path} is not JSON: {exc}", EXIT_INPUT) from None
    if not isinstance(data, dict) or "overall" not in data or "documents" not in data:
        raise CliError(f"baseline {path} is not an eval result (no 'overall' and 'documents')", EXIT_INPUT)
    return data


def _write_json(path: str, result: dict[str, Any]) -> None:
    from ..core.infra.userfiles import dumps_strict
    from ..export.files import write_atomic

    try:
        # strict JSON: a score that is not a number (NaN, infinity) is written as null
        write_atomic(path, (dumps_strict(result, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}", EXIT_INPUT) from None
