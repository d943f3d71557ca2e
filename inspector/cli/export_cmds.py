"""``table-inspector export``: the tables of a PDF as Markdown, HTML, CSV, JSON or cell records.

Tables come from the annotation beside the PDF (a person's corrections) when there is
one, else from detection; ``--from`` forces either. Output goes to stdout, to one file
(written atomically), or, when ``-o`` is a folder, to one file per table.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.reading.document import Document
from ..core.reading.garbled import text_layer_notes
from ..core.types import Table, Word

if TYPE_CHECKING:
    from ..annotation.model import AnnTable
from ..export import FORMATS, cells, csv, html, json_rows, markdown
from ..export.files import table_file_names, write_atomic
from .common import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_PARTIAL,
    CliError,
    add_doc_args,
    add_param_args,
    open_doc,
    params_from_args,
    parse_pages,
)

DESCRIPTION = ("Export the tables of a PDF. Tables come from the annotation beside the PDF "
               "(NAME.pdf.tables.json, a person's corrections) when there is one, else from detection. "
               "Output goes to stdout, to one file (written atomically), or to one file per table "
               "when -o is a folder.")
EXAMPLES = """examples:
  table-inspector export report.pdf --format md
  table-inspector export report.pdf --pages 2-3 --format csv -o tables/
  table-inspector export report.pdf --format cells -o report.jsonl --from annotation
"""


@dataclass(frozen=True)
class Source:
    """Where the exported tables came from, for the one-line report."""

    tables: tuple[Table, ...]
    description: str
    failed: tuple[int, ...] = ()  # pages (1-based) whose detection failed: their tables are missing
    doubts: tuple[str, ...] = ()  # "page N: the text layer looks wrong: ...": cell texts may not match the page


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("export", help="export tables as md, html, csv, json or cell records",
                              description=DESCRIPTION, epilog=EXAMPLES,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    add_doc_args(p)
    p.add_argument("--pages", metavar="LIST", help="pages to export, e.g. 1,3-5 (default: all)")
    p.add_argument("--format", "-f", choices=sorted(FORMATS),
                   help="output format (default: from the suffix of -o, e.g. .csv or .jsonl)")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="output file, or a folder for one file per table; '-' or absent: stdout")
    p.add_argument("--from", dest="source", choices=("auto", "detection", "annotation"), default="auto",
                   help="tables from the annotation beside the PDF, from detection, or the annotation "
                        "when there is one (default: auto)")
    p.add_argument("--spans", choices=("empty", "repeat"),
                   help="spanning cells' text only in their first slot or repeated in every slot "
                        "(default: empty for md/csv, repeat for json)")
    p.add_argument("--chunk-rows", type=int, metavar="N",
                   help="md only: split each table into chunks of N body rows, each repeating the header")
    p.add_argument("--bom", action="store_true", help="csv only: start with a UTF-8 byte order mark")
    p.add_argument("--role-column", action="store_true",
                   help="csv: start every record with the row's role; json: give every row a 'row_role' "
                        "(header, data, total, subtotal, section, note)")
    p.add_argument("--decimal", choices=("guess", "point", "comma"), default="guess",
                   help="cells only: how to read '1,234' and '1.234' (default: guess per column)")
    add_param_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.chunk_rows is not None and args.chunk_rows < 1:
        raise CliError(f"--chunk-rows {args.chunk_rows}: must be at least 1")
    out = None if args.output in (None, "-") else args.output
    to_folder = out is not None and (Path(out).is_dir() or out.endswith(("/", "\\")))
    args.format = args.format or _format_from_suffix(None if to_folder else out)
    if out is not None and not to_folder:
        _check_not_precious(Path(out), Path(args.file))
    doc = open_doc(args)
    try:
        source = _tables(args, doc, parse_pages(args.pages, doc.page_count))
    finally:
        doc.close()
    if out is None:
        _stdout(_render(args, source.tables))
    elif to_folder:
        _write_folder(args, Path(out), source.tables, FORMATS[args.format].suffix)
    else:
        _write(Path(out), _render(args, source.tables))
        print(f"table-inspector: {len(source.tables)} table(s) from {source.description} -> {out}", file=sys.stderr)
    if not source.tables:
        print(f"table-inspector: no tables found ({source.description})", file=sys.stderr)
    for doubt in source.doubts:  # the tables are written; whoever reads them is told their text may be wrong
        print(f"table-inspector: {doubt}", file=sys.stderr)
    if source.failed:
        print(f"table-inspector: page(s) {', '.join(map(str, source.failed))} failed: their tables are missing",
              file=sys.stderr)
        return EXIT_PARTIAL
    return EXIT_OK


def _format_from_suffix(out: str | None) -> str:
    suffix = Path(out).suffix.lower() if out else ""
    by_suffix = {f.suffix: name for name, f in FORMATS.items()} | {".htm": "html", ".markdown": "md"}
    if suffix not in by_suffix:
        raise CliError(f"--format is required (one of {', '.join(sorted(FORMATS))}) "
                       "unless -o names a file ending in .md, .html, .csv, .json or .jsonl")
    return by_suffix[suffix]


def _tables(args: argparse.Namespace, doc: Document, pages: list[int]) -> Source:
    wanted = {i + 1 for i in pages}
    if args.source in ("auto", "annotation"):
        found = _annotation_tables(Path(args.file), wanted, required=args.source == "annotation", doc=doc)
        if found is not None:
            return found
    return _detected_tables(args, doc, pages)


def _annotation_tables(pdf: Path, pages: set[int], required: bool, doc: Document | None = None) -> Source | None:
    """Corrected tables from the annotation beside ``pdf``; None when there is none.

    A broken annotation, or one made on different PDF bytes, stops the export even in
    auto mode: silently exporting detection instead would hide the person's corrections.
    """
    from ..annotation.io import AnnotationError, HashMismatch, annotation_path_for, find_annotation
    from ..annotation.model import to_core_table

    try:
        ann = find_annotation(pdf)
    except HashMismatch as exc:
        raise CliError(f"{exc} (or use --from detection to ignore it)", EXIT_INPUT) from None
    except AnnotationError as exc:
        raise CliError(f"cannot use the annotation: {exc} (or use --from detection to ignore it)",
                       EXIT_INPUT) from None
    if ann is None:
        if required:
            raise CliError(f"no annotation found for {pdf} (expected {annotation_path_for(pdf)})", EXIT_INPUT)
        return None
    chosen = [t for t in ann.tables if any(r.page in pages for r in t.regions)]
    # A table continued over pages is exported as one table (continuation headers dropped).
    tables = tuple(to_core_table(t, None) for t in chosen)
    if doc is not None:
        tables = tuple(_unit_line(table, t, doc) for table, t in zip(tables, chosen, strict=True))
    return Source(tables, f"the annotation {annotation_path_for(pdf).name}")


def _unit_line(table: Table, ann: AnnTable, doc: Document) -> Table:
    """An annotated table with the unit line beside its first piece on the page ("单位：万元"),
    which the annotation does not keep (a person may also put it in the title or footnote)."""
    from ..core.reading.words import extract_words
    from ..core.structure.unitlines import with_unit_line

    first = ann.regions[0]
    if first.turn or not 1 <= first.page <= doc.page_count:
        return table
    return with_unit_line(table, extract_words(doc.page(first.page - 1)), first.bbox, first.page)


def _detected_tables(args: argparse.Namespace, doc: Document, pages: list[int]) -> Source:
    """Detected tables within the per-page budget (a failed page is reported and skipped), a table
    continued over pages stacked into one (``core.logical``)."""
    from ..core.multipage.linking import link_pages
    from ..core.multipage.logical import logical_tables
    from .pages import PageRunner

    params = params_from_args(args)
    results = []
    with PageRunner(args, params) as runner:
        for index in pages:
            result = runner.detect(index)
            if result is not None:
                results.append(result)
    linked = link_pages(results, params.continuation)
    roles = {(r.page, k): _with_roles(t, r.words) for r in linked.results for k, t in enumerate(r.tables)}
    tables = logical_tables(linked.results, linked.continuations, roles)
    doubts = tuple(f"page {r.page}: {n}" for r in results for n in text_layer_notes(r.notes))
    return Source(tuple(tables), "detection", tuple(f.page for f in runner.failures), doubts)


def _with_roles(table: Table, words: tuple[Word, ...]) -> Table:
    """Detected tables have no row roles yet: suggest them (totals, notes) as the editor does."""
    if table.row_roles:
        return table
    from ..annotation.roles import suggest_row_roles

    row_words: list[list[Word]] = [[] for _ in range(table.n_rows)]
    for cell in table.cells:
        if 0 <= cell.r < table.n_rows:
            row_words[cell.r] += [words[i] for i in cell.word_ids if 0 <= i < len(words)]
    roles = suggest_row_roles(table.rows_text(), table.header_rows, row_words)
    return replace(table, row_roles=roles)


def _render(args: argparse.Namespace, tables: tuple[Table, ...] | list[Table]) -> str:
    name = args.format
    if name == "md":
        opts = markdown.MarkdownOptions(spans=args.spans or "empty")
        if args.chunk_rows:
            return _md_chunks(tables, args.chunk_rows, opts)
        return markdown.dumps_tables(tables, opts)
    if name == "html":
        return html.dumps_tables(tables, html.HtmlOptions(), title=Path(args.file).name)
    if name == "csv":
        return csv.dumps_tables(tables, csv.CsvOptions(spans=args.spans or "empty", bom=args.bom,
                                                       role_column=args.role_column))
    if name == "json":
        role_key = "row_role" if args.role_column else ""
        return json_rows.dumps_tables(tables, json_rows.JsonRowsOptions(spans=args.spans or "repeat",
                                                                        role_key=role_key))
    decimal_comma = {"guess": None, "point": False, "comma": True}[args.decimal]
    return cells.dumps_tables(tables, cells.CellOptions(decimal_comma=decimal_comma))


def _md_chunks(tables: tuple[Table, ...] | list[Table], max_rows: int, opts: markdown.MarkdownOptions) -> str:
    blocks: list[str] = []
    for i, table in enumerate(tables, 1):
        parts = markdown.chunk(table, max_rows, opts)
        for j, part in enumerate(parts, 1):
            blocks.append(f"## Table {i} (page {table.page}), part {j} of {len(parts)}\n\n{part}")
    return "\n".join(blocks)


def _write_folder(args: argparse.Namespace, folder: Path, tables: tuple[Table, ...], suffix: str) -> None:
    """One file per table in ``folder`` (created when missing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create folder {folder}: {exc.strerror or exc}", EXIT_INPUT) from None
    names = table_file_names(Path(args.file).stem, tables, suffix)
    for name, table in zip(names, tables, strict=True):
        _write(folder / name, _render(args, [table]))
    print(f"table-inspector: {len(tables)} table(s) -> {folder}/", file=sys.stderr)


def _check_not_precious(out: Path, pdf: Path) -> None:
    """Refuse to overwrite the input PDF or an annotation (a person's work) with an export."""
    try:
        same = out.exists() and out.resolve() == pdf.resolve()
    except OSError:
        same = False
    if same:
        raise CliError(f"-o {out}: that is the input file; choose another output name")
    if out.name.endswith(".tables.json"):
        raise CliError(f"-o {out}: names ending in .tables.json are annotation files; choose another name")


def _write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text.encode("utf-8", "replace"))
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc} (any previous file there is intact)", EXIT_INPUT) from None


def _stdout(text: str) -> None:
    """Bytes straight to stdout, so CSV's CRLF is not translated on any platform."""
    data = text.encode("utf-8", "replace")  # a lone surrogate (a broken font's text) becomes "?"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
    else:
        sys.stdout.flush()
        buffer.write(data)
        buffer.flush()
