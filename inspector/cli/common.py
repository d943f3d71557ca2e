"""Shared pieces of the CLI: errors with exit codes, --set/--preset, page ranges, opening."""

from __future__ import annotations

import argparse
from typing import Any

from ..core.infra.userfiles import PRESET_LIMIT, InputError, read_text
from ..core.params import ParamError, Params
from ..core.reading.document import Document, DocumentError, open_document
from ..core.reading.garbled import text_layer_notes
from ..core.types import PageResult

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_PARTIAL = 4  # finished, but some pages failed (over budget, damaged): see each page's "error"


class CliError(Exception):
    """A failure to report as one line; ``code`` is the process exit code.

    ``said``: the line is already on stderr (a page runner prints a page's failure as it
    happens), so ``main`` only returns the code instead of printing it a second time.
    """

    def __init__(self, message: str, code: int = EXIT_USAGE, *, said: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.said = said


def add_param_args(parser: argparse.ArgumentParser) -> None:
    """``--set stage.field=value`` (repeatable) and ``--preset FILE``."""
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="STAGE.FIELD=VALUE",
                        help="change a detection parameter (see 'table-inspector params'); repeatable")
    parser.add_argument("--preset", metavar="FILE", help="load parameters from a preset file first")


def add_doc_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="PDF (or PNG/JPEG/TIFF image) to read")
    parser.add_argument("--password", help="password of an encrypted PDF")


def params_from_args(args: argparse.Namespace) -> Params:
    """Parameters from ``--preset`` then each ``--set``; bad values raise ``CliError``."""
    params = Params()
    try:
        if getattr(args, "preset", None):
            try:
                text = read_text(args.preset, "preset", PRESET_LIMIT)
            except InputError as exc:
                raise CliError(str(exc), EXIT_INPUT) from None
            params = Params.loads(text, args.preset)
        for item in getattr(args, "sets", []) or []:
            key, sep, value = item.partition("=")
            if not sep:
                raise CliError(f"--set {item}: expected STAGE.FIELD=VALUE")
            params = params.with_value(key.strip(), value.strip())
    except ParamError as exc:
        raise CliError(str(exc)) from None
    return params


def open_doc(args: argparse.Namespace) -> Document:
    """Open ``args.file``; unreadable input becomes ``CliError`` with exit code 3."""
    try:
        return open_document(args.file, password=getattr(args, "password", None))
    except DocumentError as exc:
        raise CliError(str(exc), EXIT_INPUT) from None


def parse_pages(spec: str | None, page_count: int) -> list[int]:
    """'1,3-5' -> 0-based indices [0, 2, 3, 4]; None means every page."""
    if not spec:
        return list(range(page_count))
    out: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        try:
            a = int(lo)
            b = int(hi) if sep else a
        except ValueError:
            raise CliError(f"--pages {spec}: '{part}' is not a page number or range like 3-5") from None
        if a < 1 or b < a:
            raise CliError(f"--pages {spec}: '{part}' is not a valid range (pages count from 1)")
        if b > page_count:
            raise CliError(f"--pages {spec}: the document has {page_count} page(s)")
        out.extend(i - 1 for i in range(a, b + 1) if i - 1 not in out)
    return out


def page_index(page: int, page_count: int) -> int:
    """1-based ``--page`` to a 0-based index, checked."""
    if not 1 <= page <= page_count:
        raise CliError(f"--page {page}: the document has {page_count} page(s)")
    return page - 1


def doubts_json(res: PageResult) -> dict[str, Any]:
    """What ``detect --json`` and ``explain --json`` say of a page's text that may not be what it
    shows: ``hidden_text`` (blocks a viewer does not show, left out: kind, words, bbox in pt) and
    ``text_layer`` (notes naming a font whose text layer looks wrong, kept as it reads)."""
    return {"hidden_text": [{"kind": u.kind, "words": u.words, "bbox": [round(v, 2) for v in u.bbox.as_tuple()]}
                            for u in res.unseen],
            "text_layer": text_layer_notes(res.notes)}
