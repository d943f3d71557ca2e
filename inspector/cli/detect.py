"""Headless inspection commands: words, rules, detect, render, params, ocr-langs."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.evidence.icons import WHAT as PICTURE_COLUMN
from ..core.evidence.icons import is_icon
from ..core.multipage.continuation import Continuation, continued_from
from ..core.multipage.linking import link_pages
from ..core.params import describe
from ..core.reading.document import DocumentError
from ..core.reading.tags import tagged_table_counts
from ..core.reading.tessdata import INSTALL, installed_languages, tessdata_dir
from ..core.structure.rulejoints import joints
from ..core.types import PageResult, Rect, Table, Word
from ..render.layers import ALIASES, DEFAULT_PICTURE, LAYER_NAMES
from .common import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_PARTIAL,
    CliError,
    add_doc_args,
    add_param_args,
    doubts_json,
    open_doc,
    page_index,
    params_from_args,
    parse_pages,
)
from .pages import PageRunner

EXAMPLES = {
    "words": "example: table-inspector words report.pdf --page 2 --json",
    "rules": "example: table-inspector rules scan.pdf --page 1 --set raster.paper_fraction=0.9",
    "detect": "examples:\n  table-inspector detect report.pdf\n  table-inspector detect report.pdf --pages 1,3-5 --json"
              "\n  table-inspector detect report.pdf --set columns.min_gap=5",
    "render": "example: table-inspector render report.pdf --page 1 --layers words,vector_rules,bins,grids -o page1.png",
    "params": "example: table-inspector params --json > defaults.json",
    "ocr-langs": "example: table-inspector ocr-langs, then table-inspector detect scan.pdf --set ocr.lang=kor",
}


def register(sub: argparse._SubParsersAction) -> None:
    def parser(name: str, help_: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_, description=help_, epilog=EXAMPLES[name],
                              formatter_class=argparse.RawDescriptionHelpFormatter)

    p = parser("words", "List a page's words with boxes (PDF points), font size and bold flag.")
    _page_cmd(p, cmd_words)
    p = parser("rules", "List a page's rules, kept and rejected, with their source and the reason.")
    _page_cmd(p, cmd_rules)
    p = parser("detect", "Find the tables of a document and print them.")
    add_doc_args(p)
    p.add_argument("--pages", help="pages to read, e.g. 1,3-5 (default: all)")
    p.add_argument("--json", action="store_true", help="print JSON (coordinates in PDF points, top-left origin)")
    add_param_args(p)
    p.set_defaults(func=cmd_detect)
    p = parser("render", "Draw the diagnostic layers over a page into a PNG (no window needed).")
    add_doc_args(p)
    p.add_argument("--page", type=int, default=1, help="1-based page number (default 1)")
    p.add_argument("--layers", default=",".join(DEFAULT_PICTURE),
                   help=f"comma list of {', '.join(LAYER_NAMES)}, or all / none; older names accepted: "
                        f"{', '.join(ALIASES)} (default: %(default)s)")
    p.add_argument("--dpi", type=int, default=110, help="resolution of the picture (default 110)")
    p.add_argument("-o", "--output", required=True, help="PNG file to write")
    add_param_args(p)
    p.set_defaults(func=cmd_render)
    p = parser("params", "List every detection parameter with default, range, unit and help.")
    p.add_argument("--json", action="store_true", help="print the defaults as a preset file")
    p.set_defaults(func=cmd_params)
    p = parser("ocr-langs", "List the OCR languages installed for Tesseract (the values of ocr.lang).")
    p.set_defaults(func=cmd_ocr_langs)


def _page_cmd(p: argparse.ArgumentParser, func: Any) -> None:
    add_doc_args(p)
    p.add_argument("--page", type=int, default=1, help="1-based page number (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_param_args(p)
    p.set_defaults(func=func)


def _run_page(args: argparse.Namespace) -> PageResult:
    """Detection on ``--page``; a page that fails ends the command with EXIT_PARTIAL."""
    params = params_from_args(args)
    with PageRunner(args, params) as runner:
        doc = open_doc(args)
        res = runner.detect(page_index(args.page, doc.page_count))
    if res is None:
        raise CliError(f"page {args.page}: {runner.failures[0].error}", EXIT_PARTIAL, said=True)
    return res


def _box(r: Rect) -> list[float]:
    return [round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2)]


# How the words command shows a word standing for a picture of a column of pictures (``evidence.icons``):
# it has no text, and an empty line would read as a glitch.
PICTURE = "[picture]"


def cmd_words(args: argparse.Namespace) -> int:
    res = _run_page(args)
    rows = [{"text": w.text, "bbox": _box(w.bbox), "font_size": round(w.font_size, 2), "bold": w.bold,
             "low_confidence": i in res.low_confidence, "watermark": w.watermark,
             "furniture": w.furniture, "figure": w.figure, "clipped": w.clipped, "leader": w.leader,
             "char_rule": w.char_rule, "picture": is_icon(w),
             **({"ocr_confidence": w.ocr_confidence} if w.from_ocr else {})} for i, w in enumerate(res.words)]
    if args.json:
        _print_json({"page": res.page, "width": res.width, "height": res.height, "source": res.words_source,
                     "words": rows, "warnings": list(res.warnings)})
        return 0
    source = "read by OCR" if res.words_source == "ocr" else "from the text layer"
    pictures = sum(1 for w in res.words if is_icon(w))
    of_them = f", {pictures} of them pictures (flag I)" if pictures else ""
    print(f"page {res.page}: {len(rows)} words {source} ({res.width:.0f} x {res.height:.0f} pt){of_them}")
    for line in (*res.warnings, *res.notes):
        if not line.startswith("MuPDF: "):  # on stderr already: MuPDF's words never reach stdout
            print(f"  {line}")
    ocr = res.words_source == "ocr"
    print(f"{'x0':>7} {'y0':>7} {'x1':>7} {'y1':>7} {'size':>5}  flags  {'conf  ' if ocr else ''}text")
    for i, word in enumerate(res.words):
        flags = (("B" if word.bold else "-") + ("?" if i in res.low_confidence else "-") + _aside_flag(word)
                 + ("C" if word.clipped else "-"))
        conf = f"{word.ocr_confidence:4.0f}  " if ocr else ""
        x0, y0, x1, y1 = _box(word.bbox)
        text = PICTURE if is_icon(word) else word.text
        print(f"{x0:7.1f} {y0:7.1f} {x1:7.1f} {y1:7.1f} {word.font_size:5.1f}  {flags:5}  {conf}{text}")
    print("flags: B bold, ? low confidence (near a column boundary" + (", or OCR confidence below "
          "ocr.min_confidence)" if ocr else ")") + ", W watermark, P page furniture, F a figure's "
          "label (each in no table), C cut by a clip path at its right side, L a leader run (blank space between a "
          "label and its value; its text stays in the label's cell), R a row of '-'/'=' or a column of '|' "
          f"characters read as a rule (tables.character_rules), I a small picture in {PICTURE_COLUMN}, "
          f"listed as {PICTURE}: it fills its cell's place in the column, the cell's text stays empty")
    return 0


def _aside_flag(word: Word) -> str:
    if is_icon(word):
        return "I"
    return "W" if word.watermark else "P" if word.furniture else "F" if word.figure else "L" if word.leader else \
        "R" if word.char_rule else "-"


def cmd_rules(args: argparse.Namespace) -> int:
    res = _run_page(args)
    kept = [_rule_dict(r) for r in res.rules]
    rejected = [{**_rule_dict(r.rule), "reason": r.reason} for r in res.rejected]
    if args.json:
        _print_json({"page": res.page, "rules": kept, "rejected": rejected, "warnings": list(res.warnings),
                     "bands": [{"bbox": _box(b.bbox), "grey": b.grey, "source": b.source} for b in res.bands],
                     "fills": [_fill_dict(f) for f in res.fills],
                     "rejected_fills": [{**_fill_dict(r.fill), "reason": r.reason} for r in res.rejected_fills]})
        return 0
    print(f"page {res.page}: {len(kept)} rules kept, {len(rejected)} rejected, {len(res.bands)} bands, "
          f"{len(res.fills)} fills ({len(res.rejected_fills)} rejected)")
    print(f"{'':9}{'orient':6} {'pos':>7} {'start':>7} {'end':>7} {'thick':>5} {'grey':>4}  source")
    for r in kept:
        print("{:9}{:6} {:7.1f} {:7.1f} {:7.1f} {:5.2f} {:4d}  {}".format(
            "kept", r["orient"], r["pos"], r["start"], r["end"], r["thickness"], r["grey"], r["source"]))
    for r in rejected:
        print("{:9}{:6} {:7.1f} {:7.1f} {:7.1f} {:5.2f} {:4d}  {} ({})".format(
            "rejected", r["orient"], r["pos"], r["start"], r["end"], r["thickness"], r["grey"], r["source"], r["reason"]))
    for f in res.rejected_fills:
        print(f"fill {f.fill.id} rejected: {f.reason}")
    return 0


def _rule_dict(r: Any) -> dict[str, Any]:
    return {"orient": r.orient, "pos": round(r.pos, 2), "start": round(r.start, 2), "end": round(r.end, 2),
            "thickness": round(r.thickness, 2), "grey": r.grey, "source": r.source, "fill": r.fill,
            "pieces": r.pieces,  # raster runs a scan broke it into, joined (raster.bridge_gap)
            # Added keys only (readers of the older output ignore them): where strokes drawn apart
            # met end to end (pt along it, ``Rule.joints``), and a raster rule's share of pixels
            # that are ink only as a faint line's (``raster.faint_lines``; 0 for drawn rules).
            "joints": [round(j, 2) for j in r.joints], "faint": r.faint}


def _fill_dict(f: Any) -> dict[str, Any]:
    return {"id": f.id, "bbox": _box(f.bbox), "rgb": list(f.rgb), "grey": f.grey, "parts": f.parts}


@dataclass(frozen=True)
class Density:
    """Characters of page text inside tables, and in all."""

    inside: int
    total: int

    @property
    def share(self) -> float:
        return self.inside / self.total if self.total else 0.0


def table_density(results: Iterable[PageResult]) -> Density:
    """Share of the text (by characters) that sits inside detected tables."""
    inside = total = 0
    for res in results:
        ids = {i for t in res.tables for c in t.cells for i in c.word_ids}
        for i, w in enumerate(res.words):
            total += len(w.text)
            inside += len(w.text) if i in ids else 0
    return Density(inside, total)


def table_json(t: Table, cont: Continuation | None = None) -> dict[str, Any]:
    """One table; ``cont`` is the proposal that it continues a table of the page before (or of
    an earlier column of its own page)."""
    return {"bbox": _box(t.bbox), "source": t.source, "confidence": t.confidence,
            "n_rows": t.n_rows, "n_cols": t.n_cols,
            # A continuation's only header rows are the ones it repeats.
            "header_rows": cont.repeated_header if cont else t.header_rows,
            "continued_from": {"page": cont.prev_page, "index": cont.prev_index} if cont else None,
            "repeated_header": bool(cont and cont.repeated_header),
            "cells": [{"r": c.r, "c": c.c, "rs": c.rs, "cs": c.cs, "text": c.text, "bbox": _box(c.bbox),
                       **({"low_confidence": True} if c.low_confidence else {})} for c in t.cells]}


def cmd_detect(args: argparse.Namespace) -> int:
    params = params_from_args(args)
    with PageRunner(args, params) as runner:
        doc = open_doc(args)
        pages = parse_pages(args.pages, doc.page_count)
        results = [res for i in pages if (res := runner.detect(i)) is not None]
    if not results:
        print(f"table-inspector: {args.file}: no page could be read", file=sys.stderr)
    code = EXIT_PARTIAL if runner.failures else EXIT_OK
    dens = table_density(results)
    tagged = tagged_table_counts(doc.raw, doc.structure_root) if doc.kind == "pdf" else None
    linked = link_pages(results, params.continuation)  # a tail too short to detect: read in its table's columns
    results, conts = list(linked.results), linked.continuations
    links = continued_from(conts)
    if args.json:
        by_page = {r.page: _page_json(r, tagged, links, params.merge.snap) for r in results}
        by_page.update({f.page: {"page": f.page, "error": f.error, "tables": [], "warnings": []}
                        for f in runner.failures})
        _print_json({"file": args.file, "table_density": round(dens.share, 4), "tagged": tagged is not None,
                     "continuations": [continuation_json(c) for c in conts],
                     "failed_pages": [f.page for f in runner.failures],
                     "pages": [by_page[i + 1] for i in pages if i + 1 in by_page]})
        return code
    n = sum(len(r.tables) for r in results)
    print(f"{args.file}: {n} table(s) on {len(results)} page(s); table density {dens.share:.0%} of the text")
    for r in results:
        _print_page(r, links)
        if tagged and tagged.get(r.page - 1):
            print(f"page {r.page}: the file's tags hold {tagged[r.page - 1]} table(s) here "
                  f"(golden import-tagged reads them)")
    for f in runner.failures:
        print(f"\npage {f.page}: FAILED: {f.error}")
    return code


def _page_json(r: PageResult, tagged: dict[int, int] | None,
               links: dict[tuple[int, int], Continuation], snap: float) -> dict[str, Any]:
    return {"page": r.page, "error": None, "width": r.width, "height": r.height, "rotation": r.rotation,
            "words_source": r.words_source, "skew": r.skew,
            "tables": [{**table_json(t, links.get((r.page, k))), "rule_joints": _joints(r, t, snap)}
                       for k, t in enumerate(r.tables)],
            "tagged_tables": (tagged or {}).get(r.page - 1, 0),
            "timings_ms": {k: round(v, 2) for k, v in r.timings.items()},
            "warnings": list(r.warnings), "skipped": [{"kind": k, "note": n} for k, n in r.skip_notes()],
            **doubts_json(r)}


def _joints(r: PageResult, t: Table, snap: float) -> list[dict[str, Any]]:
    """Where two or more of the row rules across table ``t``, stroked cell by cell, meet end to end
    (``Rule.joints`` read by ``structure.rulejoints``: the edges of the cells the document laid out,
    evidence ``rule_joints`` in explain), as x (pt) and how many rules meet there. Page space only:
    [] on a page read turned (its rows are not the page's horizontal rules)."""
    if r.turn or (t.grid is not None and t.grid.turn):
        return []
    return [{"x": round(x, 2), "rules": n} for x, n in joints(r.rules, t.bbox, snap)]


def continuation_json(c: Continuation) -> dict[str, Any]:
    """A candidate continuation with its evidence (``proposed`` False: with the reason)."""
    return {"from": {"page": c.prev_page, "index": c.prev_index}, "to": {"page": c.next_page, "index": c.next_index},
            "proposed": c.proposed, "confidence": c.confidence, "repeated_header": c.repeated_header,
            # The first piece's last rows that are a "continued" line: the stacked table leaves them out.
            "closing_marker": c.closing_marker, "reason": c.reason, **({"columns": list(c.columns)} if c.columns else {}),
            **({"column_ends": list(c.column_ends)} if c.column_ends else {}),
            "evidence": [{"kind": e.kind, "detail": e.detail, "weight": round(e.weight, 3), "veto": e.veto,
                          **({"value": e.value, "threshold": e.threshold, "param": e.param} if e.param else {})}
                         for e in c.evidence]}


def _print_page(r: PageResult, links: dict[tuple[int, int], Continuation]) -> None:
    for w in r.warnings:
        if not w.startswith("MuPDF: "):  # those went to stderr: MuPDF's words never reach stdout
            print(f"page {r.page}: note: {w}")
    if r.words_source == "ocr":
        print(f"page {r.page}: note: {next((n for n in r.notes if 'OCR' in n), 'words read by OCR')}")
    for _, note in r.skip_notes():
        print(f"page {r.page}: note: {note}")
    for k, t in enumerate(r.tables, 1):
        b = t.bbox
        print(f"\npage {r.page} table {k}: {t.n_rows} x {t.n_cols}, {t.source}, confidence {t.confidence:.2f},"
              f" at ({b.x0:.0f}, {b.y0:.0f})-({b.x1:.0f}, {b.y1:.0f}) pt")
        cont = links.get((r.page, k - 1))
        if cont is not None:
            print(f"  continues page {cont.prev_page} table {cont.prev_index + 1} (confidence {cont.confidence:.2f}"
                  + (", header repeated" if cont.repeated_header else "")
                  + (", its \"continued\" line left out" if cont.closing_marker else "") + ")")
        for row in t.rows_text():
            print("  | " + " | ".join(c.replace("\n", " ") for c in row) + " |")
    if not r.tables:
        print(f"\npage {r.page}: no table")
    print(f"page {r.page}: {r.timings.get('total', 0):.1f} ms")


def cmd_render(args: argparse.Namespace) -> int:
    from ..render.layers import resolve_layers
    from ..render.overlay import render_overlay, write_png
    try:
        layers = resolve_layers(args.layers)
    except ValueError as exc:
        raise CliError(f"--layers: {exc}") from None
    if not 20 <= args.dpi <= 600:
        raise CliError("--dpi must be between 20 and 600")
    from ..core.infra import jobs

    params = params_from_args(args)
    with PageRunner(args, params) as runner:
        doc = open_doc(args)
        idx = page_index(args.page, doc.page_count)
        try:
            dpi = doc.page(idx).safe_dpi(args.dpi)
        except DocumentError as exc:  # a page the page tree cannot reach
            raise CliError(str(exc), EXIT_PARTIAL) from None
        res = runner.detect(idx)
        pix = runner.run(idx, jobs.page_pixels, runner.source, idx, dpi) if res is not None else None
    if res is None or pix is None:
        raise CliError(f"page {args.page}: {runner.failures[0].error}", EXIT_PARTIAL, said=True)
    if dpi < args.dpi:
        print(f"note: page too large for {args.dpi} dpi; drawn at {dpi} dpi", file=sys.stderr)
    img = render_overlay(pix.array(), dpi, res, layers)
    try:
        write_png(args.output, img)
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}", EXIT_INPUT) from None
    print(f"wrote {args.output} ({img.shape[1]} x {img.shape[0]} px, layers {', '.join(layers)})")
    return 0


def cmd_params(args: argparse.Namespace) -> int:
    infos = describe()
    if args.json:
        out: dict[str, dict[str, Any]] = {}
        for f in infos:
            out.setdefault(f.stage, {})[f.name] = f.default
        _print_json(out)
        return 0
    stage = ""
    for f in infos:
        if f.stage != stage:
            stage = f.stage
            print(f"\n[{stage}]")
        if f.kind is str:
            values = f"one of {', '.join(f.choices)}" if f.choices else "text"
            print(f"  {f.key} = {f.default}  ({values})  {f.label}")
        else:
            print(f"  {f.key} = {f.default}  ({f.lo}..{f.hi} {f.unit})  {f.label}")
        print(f"      {f.help}")
    langs = installed_languages()
    print(f"\nInstalled OCR languages (ocr.lang): {', '.join(langs) if langs else f'none ({INSTALL})'}")
    print("Change one with --set STAGE.FIELD=VALUE on any command.")
    return 0


def cmd_ocr_langs(args: argparse.Namespace) -> int:
    folder = tessdata_dir()
    if folder is None:
        print(f"OCR is not available: Tesseract is not installed. Install it with: {INSTALL}")
        return 0
    print(f"Tesseract language packs in {folder}:")
    for lang in installed_languages():
        print(f"  {lang}")
    print("Choose with --set ocr.lang=NAME (several: eng+deu); more with apt-get install tesseract-ocr-NAME")
    return 0


def _print_json(data: Any) -> None:
    """JSON on stdout; a lone surrogate in some text (a broken font's mapping) becomes "?",
    never an encoding error halfway through the output."""
    from ..core.infra.userfiles import dumps_strict

    text = dumps_strict(data, ensure_ascii=False, indent=1) + "\n"  # never a bare NaN or Infinity
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text.encode("utf-8", "replace").decode("utf-8"))
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8", "replace"))
    buffer.flush()
