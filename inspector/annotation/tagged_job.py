"""Reading a PDF's tags in a budgeted worker process (``core.budget``).

The structure walk is bounded, but the glyphs of every page are read with MuPDF, and a hostile
page (a paint bomb) or a huge file would hold the caller for as long as MuPDF runs: the window's
Tags layer and ``golden import-tagged`` would hang. In a worker the read is stopped after
``DOCUMENT_PAGES`` x ``budget.seconds`` (a whole document, not one page) and reported as a
``TaggedError`` like any unreadable file.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable

from ..core.infra.budget import Budgeted
from ..core.params import BudgetParams
from .tagged import TaggedError, TaggedImport, read_tagged

DOCUMENT_PAGES = 6  # a tag import may take as long as this many pages' budget


def read_tagged_budgeted(source: str | os.PathLike[str] | bytes, name: str | None = None,
                         budget: BudgetParams | None = None,
                         cancelled: Callable[[], bool] | None = None) -> TaggedImport:
    """``read_tagged`` in a worker process within the budget; ``TaggedError`` when it fails,
    runs out of time or memory, the worker dies or ``cancelled()`` turns true (the process is
    killed)."""
    page = budget or BudgetParams()
    whole = dataclasses.replace(page, seconds=page.seconds * DOCUMENT_PAGES)
    src = os.fspath(source) if isinstance(source, os.PathLike) else source
    label = name or (os.path.basename(src) if isinstance(src, str) else "<bytes>")
    with Budgeted(whole) as worker:
        out = worker.call(_read, src, name, cancelled=cancelled)
    if out.ok:
        result, error = out.value
        if result is not None:
            return result
        raise TaggedError(error)
    if out.status == "timeout":
        raise TaggedError(f"{label}: its tags could not be read within {whole.seconds:g} s "
                          "(a page too complex to read, or a huge file); budget.seconds sets the limit")
    raise TaggedError(f"{label}: its tags could not be read ({out.error})")


def _read(source: str | bytes, name: str | None) -> tuple[TaggedImport | None, str]:
    """The job: the import, or None and the reason (a TaggedError crosses as text)."""
    try:
        return read_tagged(source, name=name), ""
    except TaggedError as exc:
        return None, str(exc)
