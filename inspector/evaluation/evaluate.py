"""Evaluation: run an extractor on every annotated page and score it against the golden tables.

A golden source is either a golden set folder (annotations written by ``golden`` commands,
read through ``inspector.annotation.io``) or a corpus folder holding ``tables.jsonl`` (its ICDAR
2013 ground-truth records, non-hinted). Work is one task per page, spread over processes;
outcomes are sorted by (document, page) so results do not depend on ``jobs``. A page that
fails or times out is recorded as such and scored as if nothing was found on it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import os
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from ..core.infra.budget import Budgeted
from ..core.infra.runqueue import RunQueue
from ..core.params import BudgetParams, Params
from ..core.types import PageResult, Rect, Rule, Table
from ..extractors import peers
from . import defects, rulekinds
from .rulekinds import page_rules
from .scoring import GoldenPage, PageScores, TableScore, score_page

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 120.0  # s per page
__all__ = ["GoldenPage", "GoldenSource", "PageOutcome", "PageScores", "TableScore", "load_source", "page_rules",
           "run", "run_page", "score_page"]


class EvalError(Exception):
    """The golden source cannot be used; the message is one line for the user."""


@dataclass(frozen=True)
class GoldenLink:
    """Golden table ``table`` continues from (``first_page``, ``first_bbox``) onto
    (``second_page``, ``second_bbox``): two consecutive regions of one annotated table."""

    doc: str
    table: str
    first_page: int
    first_bbox: Rect
    second_page: int
    second_bbox: Rect


@dataclass(frozen=True)
class GoldenSource:
    """What is evaluated against: ``hash`` identifies the golden set's exact content (for a
    golden set: its manifest and annotation files; for a corpus: ``tables.jsonl``).
    ``links`` are the golden continuations (in a corpus: records of one table, ids ending
    ":p<page>", on consecutive pages; ICDAR's tables are one page each)."""

    path: str
    kind: str  # "golden-set" or "corpus"
    hash: str
    pages: tuple[GoldenPage, ...]
    problems: tuple[str, ...] = ()  # annotation files that could not be read, one line each
    links: tuple[GoldenLink, ...] = ()


@dataclass(frozen=True)
class PageOutcome:
    """One page's run: ``status`` "ok", "failed" or "timeout" (``error`` says why), ``ms`` the
    extractor's wall time, ``output`` the tables it found; ``result`` this app's whole detection
    of the page when the run kept it (``run(keep_results=True)``: continuations are scored from
    it, so no page is detected twice), else None."""

    doc: str
    page: int
    status: str
    error: str
    ms: float
    output: tuple[Table, ...]
    scores: PageScores
    result: PageResult | None = None


@dataclass(frozen=True)
class PageTask:
    golden: GoldenPage
    extractor: str
    params: Params
    timeout: float
    keep_result: bool = False  # the "inspector" extractor hands back its whole PageResult too


# --- golden sources ---------------------------------------------------------------------


def load_source(path: str | Path) -> GoldenSource:
    """A golden set folder, or a corpus folder with ``tables.jsonl``; ``EvalError`` otherwise."""
    root = Path(path)
    if not root.is_dir():
        raise EvalError(f"{root}: not a folder (give a golden set folder or a corpus folder with tables.jsonl)")
    if (root / "tables.jsonl").is_file():
        return _corpus_source(root)
    return _golden_set_source(root)


def _golden_set_source(root: Path) -> GoldenSource:
    """Every region of every annotated table, one golden table per region and page.

    Unreadable annotation files and PDFs that cannot be found are left out later by
    ``verify_pdfs`` (as refused), never silently.
    """
    from ..annotation.goldenset import MANIFEST, load_golden_set
    from ..annotation.io import SUFFIX, AnnotationError
    from ..annotation.model import to_core_table

    try:
        gs = load_golden_set(root)
    except AnnotationError as exc:
        raise EvalError(f"{root}: no tables.jsonl, and not a golden set: {exc}") from None
    by_page: dict[tuple[str, int], list[tuple[str, Table]]] = {}
    pdfs: dict[str, tuple[str, str]] = {}
    links: list[GoldenLink] = []
    for e in gs.entries:
        doc = e.annotation_path.relative_to(root).as_posix().removesuffix(SUFFIX)
        # A missing PDF keeps its pages, with a path that verify_pdfs will refuse.
        pdfs[doc] = (str(e.pdf_path) if e.pdf_path else str(root / e.file_name), e.annotation.sha256)
        for t in e.annotation.tables:
            for i, region in enumerate(t.regions):
                tid = f"{doc}:{t.id}" + (f":r{i + 1}" if len(t.regions) > 1 else "")
                by_page.setdefault((doc, region.page), []).append((tid, to_core_table(t, i)))
            links += [GoldenLink(doc, t.id, a.page, a.bbox, b.page, b.bbox)
                      for a, b in zip(t.regions, t.regions[1:], strict=False)]
    pages = tuple(GoldenPage(doc, pdfs[doc][0], page, tuple(t for _, t in items), tuple(i for i, _ in items),
                             sha256=pdfs[doc][1])
                  for (doc, page), items in sorted(by_page.items()))
    files = [root / MANIFEST] + sorted(e.annotation_path for e in gs.entries)
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(root).as_posix().encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return GoldenSource(str(root), "golden-set", digest.hexdigest(), pages, tuple(gs.problems), tuple(links))


def _corpus_source(root: Path) -> GoldenSource:
    from .corpus import base_id, icdar_records

    by_page: dict[tuple[str, int], list] = {}
    for rec in icdar_records(root):
        doc = rec.pdf.relative_to(root).as_posix()
        by_page.setdefault((doc, rec.page), []).append(rec)
    pages = []
    for (doc, page), recs in sorted(by_page.items()):
        primary = [r for r in recs if base_id(r.id) == r.id]
        alts = tuple(tuple(a.table for a in recs if a.id != r.id and base_id(a.id) == r.id) for r in primary)
        pages.append(GoldenPage(doc, str(recs[0].pdf), page, tuple(r.table for r in primary),
                                tuple(r.id for r in primary), alternatives=alts))
    digest = hashlib.sha256((root / "tables.jsonl").read_bytes()).hexdigest()
    return GoldenSource(str(root), "corpus", digest, tuple(pages), links=_corpus_links(root, by_page))


def _corpus_links(root: Path, by_page: dict[tuple[str, int], list]) -> tuple[GoldenLink, ...]:
    """A table read from a tagged document's structure tree over several pages has one record
    per page, its id ending ":p<page>" (the rest the same): consecutive pages of it are links."""
    pieces: dict[tuple[str, str], dict[int, Rect]] = {}
    for (doc, page), recs in by_page.items():
        for rec in recs:
            head, sep, tail = rec.id.rpartition(":p")
            if sep and tail == str(page):
                pieces.setdefault((doc, head), {})[page] = rec.table.bbox
    return tuple(GoldenLink(doc, table.rsplit(":", 1)[-1], p, boxes[p], p + 1, boxes[p + 1])
                 for (doc, table), boxes in sorted(pieces.items()) for p in sorted(boxes) if p + 1 in boxes)


def verify_pdfs(source: GoldenSource) -> tuple[GoldenSource, list[tuple[str, str]]]:
    """Drop documents whose PDF is missing or whose bytes no longer hash to the annotation's
    ``sha256``; returns the remaining source and (document, reason) for each refused one."""
    refused: dict[str, str] = {}
    checked: dict[str, str | None] = {}
    for gp in source.pages:
        if gp.doc in checked:
            continue
        try:
            actual = hashlib.sha256(Path(gp.pdf).read_bytes()).hexdigest()
        except OSError as exc:
            refused[gp.doc] = f"PDF cannot be read ({exc.strerror or exc})"
            checked[gp.doc] = None
            continue
        checked[gp.doc] = actual
        if gp.sha256 is not None and gp.sha256 != actual:
            refused[gp.doc] = f"PDF hash {actual[:12]} does not match the annotation's {gp.sha256[:12]}"
    kept = tuple(gp for gp in source.pages if gp.doc not in refused)
    links = tuple(k for k in source.links if k.doc not in refused)
    return dataclasses.replace(source, pages=kept, links=links), sorted(refused.items())


def only_documents(source: GoldenSource, needles: Sequence[str]) -> GoldenSource:
    """``source`` restricted to documents whose name contains one of ``needles``."""
    pages = tuple(gp for gp in source.pages if any(n in gp.doc for n in needles))
    links = tuple(k for k in source.links if any(n in k.doc for n in needles))
    return dataclasses.replace(source, pages=pages, links=links)


class PageTimeout(Exception):
    pass


def _extract(task: PageTask) -> tuple[tuple[Table, ...], PageResult | None]:
    """The extractor's tables on the page and, when the task keeps it, this app's whole detection."""
    gp = task.golden
    if task.keep_result and task.extractor == "inspector":
        result = peers.inspector_result(gp.pdf, gp.page - 1, task.params)
        return tuple(result.tables), result
    return peers.extract(task.extractor, gp.pdf, gp.page - 1, task.params), None


def _extract_with_timeout(task: PageTask) -> tuple[tuple[Table, ...], PageResult | None]:
    """``_extract``; ``PageTimeout`` when it is not done after ``task.timeout`` s.

    A per-page budget without signals (SIGALRM is POSIX-only, main-thread-only and cannot
    stop C code): the extractor runs in a daemon thread and the page waits for it at most
    the budget. A page over budget is abandoned, not stopped: its thread runs on in the
    background (a daemon: it never holds up exit), and the documents it may still be using
    are dropped from the reuse cache so no later page shares them. Stopping a runaway page
    for good needs a child process per page. As for a budgeted worker (``infra.runqueue``),
    the time the thread waited for a CPU moves the budget on, up to the wall-clock guard.
    """
    gp = task.golden
    if task.timeout <= 0:
        return _extract(task)
    box: list[tuple[tuple[Table, ...], PageResult | None] | BaseException] = []
    queues: list[RunQueue] = []  # the thread's wait for a CPU is not the page's time (``runqueue``)
    start = time.monotonic()

    def work() -> None:
        queues.append(RunQueue(os.getpid(), start, task.timeout, threading.get_native_id()))
        try:
            box.append(_extract(task))
        except BaseException as exc:  # handed to the waiting thread
            log.debug("evaluation of a page raised; handed to the waiting thread", exc_info=True)
            box.append(exc)

    worker = threading.Thread(target=work, name=f"eval {gp.doc} p{gp.page}", daemon=True)
    worker.start()
    deadline = start + task.timeout
    while True:
        worker.join(max(deadline - time.monotonic(), 0.0))
        later = queues[0].deadline() if queues else deadline
        if not worker.is_alive() or later <= time.monotonic():
            break
        deadline = later
    if worker.is_alive() or not box:
        peers.forget_open_documents()
        raise PageTimeout
    result = box[0]
    if isinstance(result, BaseException):
        raise result
    return result


def run_page(task: PageTask) -> PageOutcome:
    """Extract and score one page; never raises (failures become the outcome's status)."""
    gp = task.golden
    status, error, output, result = "ok", "", (), None  # type: str, str, tuple[Table, ...], PageResult | None
    start = time.perf_counter()
    try:
        output, result = _extract_with_timeout(task)
    except PageTimeout:
        status, error = "timeout", f"no result within {task.timeout:g} s"
    except Exception as exc:  # one bad page must not stop a batch
        log.debug("page %s p%d failed", gp.doc, gp.page, exc_info=True)
        status, error = "failed", _one_line(exc)
    ms = (time.perf_counter() - start) * 1000.0
    rules = page_rules(gp.pdf, gp.page - 1, task.params)
    kinds = _rule_kinds(task, (status, output, result), rules, task.timeout - (time.perf_counter() - start))
    scores = score_page(gp, output, rules, rule_kinds=kinds)
    return PageOutcome(gp.doc, gp.page, status, error, ms, output, scores, result)


KINDS_MIN_TIME = 1.0  # s: the least of the page's budget left in which its rules are sorted by kind


def _rule_kinds(task: PageTask, got: tuple[str, tuple[Table, ...], PageResult | None],
                rules: Sequence[Rule] | None, left: float) -> dict[Rule, str] | None:
    """The kinds of the page's ``rules`` that the extractor's output leaves unused
    (``rulekinds``), read off this app's detection of the page: the extractor's own when it is
    this app, else one run in the ``left`` seconds of the page's budget. None when no rule is
    unused, or the detection failed or ran out of time (the rules then count as "other")."""
    status, output, result = got
    unused = defects.unused(rules, output) if rules else []
    if not rules or not unused:
        return None
    if result is None and task.extractor == "inspector" and status != "ok":
        return None  # it failed (or timed out) once already: not again
    try:
        if result is None:
            if left < KINDS_MIN_TIME:
                return None
            _, result = _extract_with_timeout(dataclasses.replace(task, extractor="inspector", timeout=left,
                                                                  keep_result=True))
        if result is None:
            return None
        return rulekinds.page_rule_kinds(task.golden.pdf, result, rules, task.params, unused)
    except Exception as exc:  # the kinds are then left out, the page still scored
        # One line for a user (a damaged neighbour page is no bug); the stack for a debugger.
        log.warning("sorting the unused rules by kind failed (%s); they count as other", _one_line(exc))
        log.debug("sorting the unused rules by kind failed", exc_info=True)
        return None


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _lost(task: PageTask, status: str, error: str, ms: float = 0.0) -> PageOutcome:
    """Outcome of a page whose worker was stopped (over budget) or died: scored as if nothing was found."""
    gp = task.golden
    return PageOutcome(gp.doc, gp.page, status, error, ms, (), score_page(gp, ()))


Progress = Callable[[int, int], None]
CRASHES_ALLOWED = 1  # a page whose worker dies is retried once in a fresh worker


def _run_page_with(task: PageTask, fn: peers.Extractor | None) -> PageOutcome:
    """``run_page`` in a worker, with the extractor the caller had under that name (one
    registered at run time, e.g. by a test, is not in the worker's own table)."""
    if fn is not None:
        peers.EXTRACTORS[task.extractor] = fn
    return run_page(task)


def _budgeted_page(task: PageTask, worker: Budgeted | None) -> PageOutcome:
    """``run_page`` in the thread's worker process within the budget. A page over time is a
    timeout; a page that kills its worker is retried in a fresh one, and failed when it does so again.
    With no worker (an extractor that cannot be sent to one) the page runs here, unbudgeted."""
    if worker is None:
        return run_page(task)
    fn = peers.EXTRACTORS.get(task.extractor)
    for _ in range(CRASHES_ALLOWED + 1):
        out = worker.call(_run_page_with, task, fn)
        if out.ok:
            return out.value
        if out.status != "crashed":
            status = "timeout" if out.status == "timeout" else "failed"
            return _lost(task, status, out.error, out.seconds * 1000.0)
    return _lost(task, "failed", f"the page killed its worker {CRASHES_ALLOWED + 1} times ({out.error})",
                 out.seconds * 1000.0)


def run(source: GoldenSource, extractor: str, params: Params | None = None, jobs: int = 1,
        timeout: float = DEFAULT_TIMEOUT, progress: Progress | None = None,
        keep_results: bool = False) -> list[PageOutcome]:
    """Every page of ``source`` through ``extractor``; outcomes sorted by (document, page).

    Pages run in ``jobs`` budgeted worker processes (``timeout`` seconds and
    ``params.budget.memory_mb`` each): a page over budget, or one that crashes its worker
    twice, is recorded as such and the run goes on. ``progress(done, total)`` is called after
    each page. ``peers.MissingExtractor`` is raised before any work when the extractor is not installed.
    ``keep_results``: each "inspector" outcome keeps the page's whole ``PageResult`` (``result``).
    """
    peers.check_available(extractor)
    params = params or Params()
    # The page's budget is the timeout: detection gives its render for raster rules a share of it.
    page_budget = dataclasses.replace(params.budget, seconds=timeout)
    params = dataclasses.replace(params, budget=page_budget)
    budget: BudgetParams | None = page_budget
    tasks = [PageTask(gp, extractor, params, timeout, keep_results) for gp in source.pages]
    made: list[Budgeted] = []
    local = threading.local()  # each pool thread drives its own worker process
    if not _sendable(peers.EXTRACTORS.get(extractor)):
        budget = None
    outcomes: list[PageOutcome] = []
    try:
        with ThreadPoolExecutor(max_workers=max(1, min(jobs, len(tasks)))) as pool:
            futures = [pool.submit(_in_thread, t, local, budget, made) for t in tasks]
            for fut in as_completed(futures):
                outcomes.append(fut.result())
                if progress:
                    progress(len(outcomes), len(tasks))
    finally:
        for w in made:
            w.close()
    return sorted(outcomes, key=lambda o: (o.doc, o.page))


def _sendable(fn: object) -> bool:
    try:
        pickle.dumps(fn)
    except Exception:  # a lambda or a local function
        log.debug("not picklable: runs in threads", exc_info=True)
        return False
    return True


def _in_thread(task: PageTask, local: threading.local, budget: BudgetParams | None,
               made: list[Budgeted]) -> PageOutcome:
    if budget is None:
        return _budgeted_page(task, None)
    if not hasattr(local, "worker"):
        local.worker = Budgeted(budget, start=False)
        made.append(local.worker)  # list.append is atomic: closed by the caller at the end
    return _budgeted_page(task, local.worker)
