"""Page work for the CLI, within the per-page budget (``--set budget.seconds=..``).

Every command that reads page content (detect, words, rules, render, export) runs it through
one ``PageRunner``: one budgeted worker process for the whole command, so a hostile page is
stopped and reported while the other pages go on. A failed page is said on stderr and kept in
``failures``; the command then exits with ``EXIT_PARTIAL``. MuPDF's messages about a page go
to stderr and into the page's JSON warnings, never to stdout.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

from ..core.infra import jobs
from ..core.infra.budget import Budgeted, Outcome
from ..core.params import Params
from ..core.types import PageResult


@dataclass(frozen=True)
class PageFailure:
    """Page ``page`` (1-based) could not be read: ``error`` says why in one line."""

    page: int
    error: str


class PageRunner:
    """The command's budgeted worker over the document of ``args.file``."""

    def __init__(self, args: argparse.Namespace, params: Params) -> None:
        self.params = params
        self.worker = Budgeted(params.budget)
        self.source = jobs.DocSource.of_path(args.file, getattr(args, "password", None))
        self.failures: list[PageFailure] = []

    def __enter__(self) -> PageRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.worker.close()

    def detect(self, index: int) -> PageResult | None:
        """Detection on page ``index`` (0-based); None when the page failed."""
        out = self.run(index, jobs.detect_page, self.source, index, self.params)
        if out is None:
            return None
        for w in out.warnings:
            if w.startswith("MuPDF: "):
                print(f"table-inspector: page {index + 1}: {w}", file=sys.stderr)
        return out

    def run(self, index: int, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` about page ``index`` in the worker; None (and a failure noted) when it fails."""
        outcome: Outcome = self.worker.call(fn, *args)
        if outcome.ok:
            return outcome.value
        for m in outcome.messages:
            print(f"table-inspector: page {index + 1}: MuPDF: {m}", file=sys.stderr)
        error = f"cannot be read ({outcome.error})" if outcome.status == "failed" else outcome.error
        print(f"table-inspector: page {index + 1}: {error}", file=sys.stderr)
        self.failures.append(PageFailure(index + 1, error))
        return None

    def error_of(self, page: int) -> str | None:
        return next((f.error for f in self.failures if f.page == page), None)
