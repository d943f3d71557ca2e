"""``table-inspector explain``: why each row and column boundary exists, and what moves it."""

from __future__ import annotations

import argparse
import sys

from ..core.infra.userfiles import dumps_strict
from ..core.reading.garbled import GARBLED_PREFIX
from ..core.reading.ocrlayer import LAYER_PREFIX
from ..core.reading.unseen import HIDDEN_PREFIX
from .common import EXIT_PARTIAL, add_doc_args, add_param_args, doubts_json, open_doc, page_index, params_from_args
from .pages import PageRunner

EXAMPLES = """examples:
  table-inspector explain report.pdf --page 3
  table-inspector explain report.pdf --page 3 --json
  table-inspector explain report.pdf --page 3 --set columns.min_gap=2.5   # after trying a suggestion"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("explain", help="Why each row and column boundary of a page's tables is there.",
                       description="Every table's row and column boundaries with their evidence (drawn rules, "
                                   "fill edges, text gaps), the decision that kept them, the candidates that "
                                   "were dropped and why, the regions rejected as no table and why, and the "
                                   "parameter value that would change each (checked by detecting again). "
                                   "Positions are in unrotated page space, sideways tables included.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_doc_args(p)
    p.add_argument("--page", type=int, default=None,
                   help="1-based page number (default 1; without it a longer document says so on stderr)")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_param_args(p)
    p.set_defaults(func=cmd_explain)


def cmd_explain(args: argparse.Namespace) -> int:
    from ..core.infra import jobs

    params = params_from_args(args)
    # the detection and every re-detection the suggestions need run in the budgeted worker:
    # a hostile page is stopped after budget.seconds like detect's
    with PageRunner(args, params) as runner:
        doc = open_doc(args)
        if args.page is None and doc.page_count > 1:  # never explain page 1 silently when there are others
            print(f"explaining page 1 of {doc.page_count}: use --page N for another", file=sys.stderr)
        index = page_index(args.page or 1, doc.page_count)
        doc.close()
        done = runner.run(index, jobs.explain_page, runner.source, index, params)
    if done is None:  # the runner said why on stderr; --json still gets its (empty) answer
        if args.json:
            failed = [{"page": f.page, "error": f.error} for f in runner.failures]
            sys.stdout.write(dumps_strict({"file": args.file, "pages": [], "failed_pages": failed}, indent=1) + "\n")
        return EXIT_PARTIAL
    res, page = done
    tables = page.tables
    if args.json:
        out = {"file": args.file, "failed_pages": [], "pages": [{"page": res.page, "tables": [
            {"index": t.index, "bbox": [round(v, 2) for v in t.bbox.as_tuple()],
             "rows": [w.as_json() for w in t.rows], "cols": [w.as_json() for w in t.cols],
             "dropped": [w.as_json() for w in t.dropped]} for t in tables],
            "rejected": [r.as_json() for r in page.rejected], "skipped": [{"kind": k, "note": n} for k, n in res.skip_notes()],
            **doubts_json(res)}]}
        sys.stdout.write(dumps_strict(out, ensure_ascii=False, indent=1) + "\n")
        return 0
    print(f"page {res.page}: {len(tables)} table(s)" + (f", read turned {res.turn} degrees" if res.turn else ""))
    for note in [n for _, n in res.skip_notes()] + [n for n in res.notes if n.startswith((HIDDEN_PREFIX, GARBLED_PREFIX, LAYER_PREFIX))]:
        print(f"page {res.page}: {note}")
    for t in tables:
        b = t.bbox
        print(f"\ntable {t.index + 1} at ({b.x0:.0f}, {b.y0:.0f})-({b.x1:.0f}, {b.y1:.0f}) pt")
        for title, items in (("columns", t.cols), ("rows", t.rows), ("dropped candidates", t.dropped)):
            print(f"  {title}:")
            for w in items:
                verb = "remove it" if w.kept else "keep it"
                flip = f"  ({verb}: --set {w.flip[0]}={w.flip[1]:g})" if w.flip else ""
                print(f"    {w.axis} {'x' if w.orient == 'v' else 'y'}={w.pos:7.1f} pt  {w.decision}{flip}")
            if not items:
                print("    (none)")
    if page.rejected:
        print("\nother regions looked at, and what was decided (left out, or split or kept and why):")
    for r in page.rejected:
        b = r.bbox
        flip = f"  (make it a table: --set {r.flip[0]}={r.flip[1]:g})" if r.flip else ""
        print(f"  {r.source} ({b.x0:.0f}, {b.y0:.0f})-({b.x1:.0f}, {b.y1:.0f}) pt: {r.reason}{flip}")
    return 0

