"""``table-inspector golden``: build, check and convert golden sets of annotations.

``import-icdar`` turns ICDAR 2013 ground truth into a golden folder, ``import-tagged`` the tables
tagged PDFs carry (draft truth, not verified), ``export-icdar`` writes
one back, ``init`` starts an annotation from the current detection, ``check`` validates a
golden folder (files, manifest, PDF hashes).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from ..annotation.goldenset import add_to_golden_set, check_golden_set, load_golden_set
from ..annotation.icdar import IcdarError, find_icdar_documents, read_icdar
from ..annotation.icdar_export import icdar_stem, write_icdar
from ..annotation.io import SUFFIX, AnnotationError, annotation_path_for, save_annotation
from ..annotation.model import AnnTable, DocumentAnnotation, PageInfo, annotation_table_from_detected
from ..annotation.tagged import TaggedError
from ..annotation.tagged_job import read_tagged_budgeted
from . import original_cmds
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

DESCRIPTION = ("Golden sets are folders of annotation files (a person's corrected tables) with a manifest of "
               "their PDFs' hashes. import-icdar turns ICDAR 2013 ground truth into one, import-tagged the "
               "tables a tagged PDF carries, export-icdar writes "
               "one back as ICDAR XML, init starts an annotation from the current detection, check validates "
               "a golden folder.")
EXAMPLES = """examples:
  table-inspector golden import-icdar ../shared/corpus/pdfs/icdar2013 -o golden/icdar
  table-inspector golden check golden/icdar
  table-inspector golden import-tagged report.pdf annual/ -o golden/tagged
  table-inspector golden export-icdar golden/icdar -o out/icdar --copy-pdfs
  table-inspector golden init report.pdf            # writes report.pdf.tables.json
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("golden", help="golden sets: import/export ICDAR 2013, import tagged PDFs, start, check",
                              description=DESCRIPTION, epilog=EXAMPLES,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="golden_command", metavar="ACTION")
    p.set_defaults(func=lambda args: _usage(p))

    imp = sub.add_parser("import-icdar", help="ICDAR 2013 ground truth -> golden folder",
                         description="Search DIR recursively for PDFs with NAME-str.xml (and NAME-reg.xml) "
                                     "and save one annotation per PDF in GOLDEN_DIR, with a manifest of hashes. "
                                     "Corrections made to the ground truth are listed.")
    imp.add_argument("dir", metavar="DIR", help="folder searched recursively for NAME.pdf + NAME-str.xml")
    imp.add_argument("-o", "--output", required=True, metavar="GOLDEN_DIR", help="golden folder to create or update")
    imp.add_argument("--alternates", action="store_true",
                     help="also import second annotations NAMEb-*.xml of NAMEa.pdf as their own entries "
                          "(skipped by default)")
    imp.set_defaults(func=_import_icdar)

    tag = sub.add_parser("import-tagged", help="tagged PDFs' own tables -> golden folder (draft truth)",
                         description="Read the tables a tagged PDF's authoring program wrote into its structure "
                                     "tree (Table > TR > TH/TD, spans, header rows) and save one annotation per PDF "
                                     "in GOLDEN_DIR, marked 'from tags, not verified'. Faults of the tags that were "
                                     "mended are listed. A folder argument is searched for *.pdf.")
    tag.add_argument("pdfs", nargs="+", metavar="PDF", help="tagged PDF files (or folders of them)")
    tag.add_argument("-o", "--output", required=True, metavar="GOLDEN_DIR", help="golden folder to create or update")
    add_param_args(tag)  # budget.seconds: each file is read in a worker within 6 pages' budget
    tag.set_defaults(func=_import_tagged)

    original_cmds.register(sub)  # import-original: an HWPX or DOCX original's tables as draft truth

    exp = sub.add_parser("export-icdar", help="golden folder -> ICDAR 2013 XML files",
                         description="Write NAME-str.xml and NAME-reg.xml for every annotation of GOLDEN_DIR.")
    exp.add_argument("golden", metavar="GOLDEN_DIR", help="golden folder (with golden.json)")
    exp.add_argument("-o", "--output", required=True, metavar="OUT", help="folder for the XML files")
    exp.add_argument("--copy-pdfs", action="store_true", help="copy the PDFs next to the XML files")
    exp.set_defaults(func=_export_icdar)

    init = sub.add_parser("init", help="start an annotation from the current detection",
                          description="Detect the tables of FILE and save them as an annotation to correct "
                                      "(default FILE.tables.json beside it).")
    add_doc_args(init)
    add_param_args(init)
    init.add_argument("--pages", help="pages to detect, e.g. 1,3-5 (default: all)")
    init.add_argument("-o", "--output", metavar="OUT", help="annotation file to write")
    init.add_argument("--force", action="store_true", help="replace an existing annotation file")
    init.set_defaults(func=_init)

    chk = sub.add_parser("check", help="validate a golden folder: files, manifest, PDF hashes",
                         description="Exit 0 when every annotation reads, is listed and matches its PDF; "
                                     "else exit 3 and list the problems.")
    chk.add_argument("golden", metavar="GOLDEN_DIR", help="golden folder (with golden.json)")
    chk.set_defaults(func=_check)

    from .golden_add_cmd import register_add  # golden add: corrected annotations into a set
    register_add(sub)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _import_icdar(args: argparse.Namespace) -> int:
    root = Path(args.dir)
    if not root.is_dir():
        raise CliError(f"{root}: no such folder", EXIT_INPUT)
    docs = find_icdar_documents(root, alternates=args.alternates)
    if not docs:
        raise CliError(f"{root}: no PDF with a NAME-str.xml beside it was found", EXIT_INPUT)
    anns: list[DocumentAnnotation] = []
    fixes: list[str] = []
    for doc in docs:
        name = f"{doc.name}{SUFFIX}" if doc.alternate_of else None
        try:
            result = read_icdar(doc)
            add_to_golden_set(args.output, result.annotation, doc.pdf, name)
        except (IcdarError, AnnotationError) as exc:
            print(f"table-inspector: {doc.name}: {exc}", file=sys.stderr)
            continue
        fixes += result.corrections
        anns.append(result.annotation)
    failed = len(docs) - len(anns)
    _print_imported(anns, len(docs), "documents", args.output, fixes)
    if not args.alternates:
        skipped = [d.name for d in find_icdar_documents(root, alternates=True) if d.alternate_of]
        if skipped:
            print(f"  skipped second annotations (use --alternates): {', '.join(skipped)}")
    return EXIT_INPUT if failed else 0


def _import_tagged(args: argparse.Namespace) -> int:
    files = [p for arg in args.pdfs for p in (sorted(Path(arg).rglob("*.pdf")) if Path(arg).is_dir() else [Path(arg)])]
    if not files:
        raise CliError(f"{', '.join(args.pdfs)}: no PDF found", EXIT_INPUT)
    budget = params_from_args(args).budget
    anns: list[DocumentAnnotation] = []
    fixes: list[str] = []
    for pdf in files:
        try:
            result = read_tagged_budgeted(pdf, pdf.name, budget)
            add_to_golden_set(args.output, result.annotation, pdf)
        except (TaggedError, AnnotationError) as exc:
            msg = str(exc) if pdf.name in str(exc) else f"{pdf}: {exc}"
            print(f"table-inspector: {msg}", file=sys.stderr)
            continue
        fixes += result.fixes
        anns.append(result.annotation)
    _print_imported(anns, len(files), "tagged PDFs", args.output, fixes, ", marked 'from tags, not verified'")
    return EXIT_INPUT if len(anns) < len(files) else 0


def _print_imported(anns: list[DocumentAnnotation], total: int, what: str, output: str, fixes: list[str],
                    note: str = "") -> None:
    """The summary line of an import and every correction it made, one line each."""
    tables = sum(len(a.tables) for a in anns)
    cells = sum(1 for a in anns for t in a.tables for r in t.regions for c in r.cells if c.text.strip())
    print(f"imported {len(anns)} of {total} {what} ({tables} tables, {cells} non-empty cells) into {output}{note}")
    for line in fixes:
        print(f"  corrected: {line}")


def _export_icdar(args: argparse.Namespace) -> int:
    try:
        gs = load_golden_set(args.golden)
    except AnnotationError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    out = Path(args.output)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"-o {out}: cannot create the folder ({exc.strerror or exc})", EXIT_INPUT) from None
    problems = list(gs.problems)
    written = 0
    for entry in gs.entries:
        try:
            write_icdar(entry.annotation, out, icdar_stem(entry.annotation_path, entry.annotation))
            if args.copy_pdfs and entry.pdf_path is not None:
                shutil.copy2(entry.pdf_path, out / entry.file_name)
        except (IcdarError, AnnotationError, OSError) as exc:
            problems.append(f"{entry.annotation_path.name}: {exc}")
            continue
        written += 1
    print(f"wrote {written} document(s) to {out}")
    for p in problems:
        print(f"table-inspector: {p}", file=sys.stderr)
    return EXIT_INPUT if problems else 0


def _init(args: argparse.Namespace) -> int:
    from .pages import PageRunner

    params = params_from_args(args)
    out = Path(args.output) if args.output else annotation_path_for(args.file)
    if out.exists() and not args.force:
        raise CliError(f"{out} exists and may hold corrections; use --force to replace it")
    doc = open_doc(args)
    try:
        tables: list[AnnTable] = []
        pages = tuple(PageInfo(i + 1, *doc.page_size(i)) for i in range(doc.page_count))
        with PageRunner(args, params) as runner:  # detection within the per-page budget
            for index in parse_pages(args.pages, doc.page_count):
                result = runner.detect(index)
                if result is None:
                    continue  # said on stderr; the exit code says so too
                for t in result.tables:
                    tables.append(annotation_table_from_detected(t, f"t{len(tables) + 1}", result.words, params,
                                                                 (result.width, result.height)))
        ann = DocumentAnnotation(doc.sha256(), Path(args.file).name, pages, tuple(tables))
    finally:
        doc.close()
    try:
        save_annotation(ann, out)
    except AnnotationError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None
    if runner.failures:
        print(f"{len(tables)} table(s) detected -> {out}; page(s) {', '.join(str(f.page) for f in runner.failures)} "
              "failed (see above)")
        return EXIT_PARTIAL
    print(f"{len(tables)} table(s) detected -> {out}")
    return 0


def _check(args: argparse.Namespace) -> int:
    problems = check_golden_set(args.golden)
    if problems:
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s) in {args.golden}", file=sys.stderr)
        return EXIT_INPUT
    n = len(load_golden_set(args.golden).entries)
    print(f"{args.golden}: {n} annotation(s), all valid and matching their PDFs")
    return 0
