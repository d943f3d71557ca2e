"""``table-inspector golden add PDF... -o GOLDEN_DIR``: corrected annotations into a golden set.

Each PDF's saved annotation (beside it, or in ``--annotations DIR``) joins the set when it is
readable, made on these bytes and every table is marked verified; otherwise it is refused
with the reason. Exit codes: 0 all added (or already there), 4 some refused, 3 none added.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..annotation.golden_add import add_pdf
from ..annotation.goldenset import manifest_revision
from .common import EXIT_INPUT, EXIT_OK, EXIT_PARTIAL


def register_add(sub: argparse._SubParsersAction) -> None:
    """The ``add`` action of ``golden``."""
    add = sub.add_parser("add", help="corrected, verified annotations -> golden folder",
                         description="Add each PDF's saved annotation (NAME.pdf.tables.json beside it, or in "
                                     "--annotations DIR) to GOLDEN_DIR with the PDF's hash. An annotation is "
                                     "refused, with the reason, when it cannot be read, was made on other bytes "
                                     "or has a table not marked verified. The set is frozen: the manifest's "
                                     "revision grows with every change, and a document already in the set is "
                                     "only replaced with --replace. Exit 0: all in the set; 4: some refused; "
                                     "3: none added.")
    add.add_argument("pdfs", nargs="+", metavar="PDF", help="annotated PDF files")
    add.add_argument("-o", "--output", required=True, metavar="GOLDEN_DIR", help="golden folder to create or extend")
    add.add_argument("--annotations", metavar="DIR", help="folder of annotations kept apart from the PDFs")
    add.add_argument("--replace", action="store_true", help="replace a document already in the set (a new revision)")
    add.set_defaults(func=_add)


def _add(args: argparse.Namespace) -> int:
    root = Path(args.output)
    before = manifest_revision(root)
    folder = Path(args.annotations) if args.annotations else None
    outcomes = [add_pdf(root, pdf, folder, args.replace) for pdf in args.pdfs]
    for o in outcomes:
        if o.added is not None:
            print(f"added    {o.pdf} -> {o.added}")
        elif o.refused:
            print(f"refused  {o.pdf}: {o.reason}", file=sys.stderr)
        else:
            print(f"kept     {o.pdf}: {o.reason}")
    refused = sum(o.refused for o in outcomes)
    print(f"{root}: revision {before} -> {manifest_revision(root)}; {len(outcomes) - refused} of "
          f"{len(outcomes)} in the set, {refused} refused")
    if not refused:
        return EXIT_OK
    return EXIT_INPUT if refused == len(outcomes) else EXIT_PARTIAL
