"""``table-inspector golden import-original``: the author's HWPX or DOCX as draft truth for its PDF."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import EXIT_INPUT, CliError

HELP = "the tables of a PDF's original (HWPX, DOCX) -> golden folder (draft truth)"
DESCRIPTION = ("Read the tables of ORIGINAL, the author's HWPX (Hangul) or DOCX (Word) file the PDF was made "
               "from, place each on the PDF page(s) where its text is, and save them as the PDF's annotation "
               "in GOLDEN_DIR, marked 'from the original, not verified': cells with their spans, header rows as "
               "the original marks them, a table the PDF breaks over pages as one table with a piece per page. "
               "The format is read from the file's contents, not its name. What could not be placed is listed. "
               "Exit 3 when a file cannot be read (an HWP 5 binary: save it as HWPX first) or no table is placed.")
EXAMPLES = """examples:
  table-inspector golden import-original notice.hwpx --pdf notice.pdf -o golden/tenders
  table-inspector golden import-original contract.docx --pdf contract.pdf -o golden/tenders
  table-inspector eval golden/tenders --extractor inspector,pdfplumber,camelot
"""


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``import-original`` to the ``golden`` actions."""
    p = sub.add_parser("import-original", help=HELP, description=DESCRIPTION, epilog=EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("original", metavar="ORIGINAL", help="the author's HWPX or DOCX file")
    p.add_argument("--pdf", required=True, metavar="PDF", help="the PDF made from it")
    p.add_argument("-o", "--output", required=True, metavar="GOLDEN_DIR", help="golden folder to create or update")
    p.set_defaults(func=_import_original)


def _import_original(args: argparse.Namespace) -> int:
    from ..annotation.goldenset import add_to_golden_set
    from ..annotation.io import AnnotationError
    from ..compare.original_import import OriginalError, import_original

    if not Path(args.pdf).is_file():
        raise CliError(f"{args.pdf}: no such file", EXIT_INPUT)
    try:
        result = import_original(args.original, args.pdf)
        saved = add_to_golden_set(args.output, result.annotation, args.pdf)
    except (OriginalError, AnnotationError) as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    ann = result.annotation
    placed = len(ann.tables)
    pieces = sum(len(t.regions) for t in ann.tables)
    print(f"placed {placed} of {result.tables} table(s) of {Path(args.original).name} on {ann.file_name} "
          f"({pieces} piece(s); {result.found} of {result.cells} non-empty cells found, "
          f"recall {result.recall:.3f}) -> {saved}, marked 'from the original, not verified'")
    for line in result.report:
        print(f"  {line}")
    return 0 if placed or not result.tables else EXIT_INPUT
