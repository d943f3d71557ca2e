"""``table-inspector scan``: triage a corpus; ``scan report``: read the results back."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from typing import Any

from .common import EXIT_INPUT, CliError, add_param_args, params_from_args

SCAN_EXAMPLES = """examples:
  table-inspector scan tenders/ annual-reports/*.pdf -o triage.sqlite
  table-inspector scan tenders/ -o triage.sqlite --jobs 2          # rerun: resumes, skips what is done
  table-inspector scan /shared/pdfs -o triage.sqlite --dask tcp://scheduler:8786
  table-inspector scan report triage.sqlite --format html -o report.html

A rerun with the same parameters skips the documents already stored whose bytes are
unchanged; Ctrl+C or a crash loses only the documents in flight."""

REPORT_EXAMPLES = """examples:
  table-inspector scan report triage.sqlite
  table-inspector scan report triage.sqlite --format csv --top 0 -o suspects.csv"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scan", help="Find the likely-broken tables among many PDFs (results in SQLite).",
                       description="Detect every page of every PDF and image under PATH, count the defects that "
                                   "need no ground truth per table, and store one row per document, page and "
                                   "table in an SQLite file. 'scan report RESULTS' ranks them.",
                       epilog=SCAN_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="PATH", help="files, folders (searched recursively) or glob patterns")
    p.add_argument("-o", "--output", required=True, metavar="RESULTS", help="SQLite results file (created or resumed)")
    p.add_argument("--jobs", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask distributed scheduler, e.g. tcp://host:8786")
    p.add_argument("--send-bytes", action="store_true",
                   help="with --dask: send each file's bytes to the workers (no shared file system needed)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_param_args(p)
    p.set_defaults(func=cmd_scan)
    p = sub.add_parser("scan-report", help="Rank a scan's tables, most suspicious first ('scan report' too).",
                       description="The most suspicious tables first, defects per 100 cells per folder, "
                                   "counts by defect.", epilog=REPORT_EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("results", metavar="RESULTS", help="SQLite file written by 'table-inspector scan'")
    p.add_argument("--format", choices=("md", "html", "csv"), default="md", help="output format (default md)")
    p.add_argument("--top", type=int, default=50, help="how many tables to rank (0: all; default 50)")
    p.add_argument("-o", "--output", help="file to write (default: standard output)")
    p.set_defaults(func=cmd_report)


def cmd_scan(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise CliError("--jobs must be 1 or more")
    if args.send_bytes and not args.dask:
        raise CliError("--send-bytes goes with --dask")
    params = params_from_args(args)
    from ..triage import runner
    from ..triage.store import Store, StoreError

    try:
        store = Store(args.output, notice=_notice)
    except StoreError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    try:
        work = runner.plan(args.paths, store, runner.params_key(params)[0])
        for line in work.missing:
            _notice(line)
        if not work.todo and not work.skipped:
            raise CliError("nothing to scan: no PDF or image found", EXIT_INPUT)
        if work.todo and not store.writable:
            raise CliError(f"{args.output}: the results file is read-only; {len(work.todo)} new document(s) "
                           "cannot be stored, nothing was scanned", EXIT_INPUT)
        bar = _progress_bar(len(work.todo), args.quiet)
        try:
            stats = runner.run(work, store, params, jobs=args.jobs, dask_address=args.dask,
                               send_bytes=args.send_bytes, progress=bar.update if bar else None)
        except KeyboardInterrupt:
            print(f"table-inspector: interrupted; {args.output} keeps every finished document "
                  "(run the same command again to resume)", file=sys.stderr)
            return 130
        finally:
            if bar:
                bar.close()
        print(f"scanned {stats.scanned} document(s), {stats.pages} page(s); {stats.failed} could not be read; "
              f"{stats.skipped} already done -> {args.output}", file=sys.stderr)
        return 0
    except StoreError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    except RuntimeError as exc:
        raise CliError(str(exc)) from None
    finally:
        store.close()


def _notice(line: str) -> None:
    print(f"table-inspector: {line}", file=sys.stderr, flush=True)


class _Bar:
    """tqdm on a terminal: one tick per document, with pages and failures in the postfix."""

    def __init__(self, total: int) -> None:
        from tqdm import tqdm

        self.bar: Any = tqdm(total=total, unit="doc", file=sys.stderr, dynamic_ncols=True)
        self.pages = self.failed = 0

    def update(self, scan: Any) -> None:
        self.pages += len(scan.pages)
        self.failed += scan.status != "ok" or scan.failed_pages > 0
        self.bar.set_postfix(pages=self.pages, failed=self.failed, refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()


def _progress_bar(total: int, quiet: bool) -> _Bar | None:
    """A bar only for a person watching a terminal; scripts and pipes get none."""
    if quiet or total == 0 or not sys.stderr.isatty():
        return None
    return _Bar(total)


def cmd_report(args: argparse.Namespace) -> int:
    from ..atomic import write_atomic
    from ..triage import report
    from ..triage.store import Store, StoreError

    try:
        store = Store(args.results, write=False)  # a report never writes to the results file
    except StoreError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    try:
        text = report.FORMATS[args.format](report.build(store, top=args.top or 10**9))
    except StoreError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    except sqlite3.DatabaseError as exc:
        raise CliError(f"{args.results}: cannot be read ({exc})", EXIT_INPUT) from None
    except (TypeError, ValueError) as exc:  # a row edited by hand: a count that is text, ...
        raise CliError(f"{args.results}: a damaged scan results file (a value of the wrong type: {exc})",
                       EXIT_INPUT) from None
    finally:
        store.close()
    if args.output:
        try:
            write_atomic(args.output, text.encode("utf-8"))
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc.strerror or exc}", EXIT_INPUT) from None
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
