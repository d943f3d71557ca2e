"""Evaluation: run an extractor on every annotated page and score it against the golden tables.

A golden source (``sources``: ``load_source``, ``verify_pdfs``) is either a golden set folder (annotations written by ``golden`` commands,
read through ``inspector.annotation.io``) or a corpus folder holding ``tables.jsonl`` (its ICDAR
2013 ground-truth records, non-hinted). Work is one task per page, spread over processes;
outcomes are sorted by (document, page) so results do not depend on ``jobs``. A page that
fails or times out is recorded as such and scored as if nothing was found on it.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass

from ..core.infra.budget import Budgeted
from ..core.infra.runqueue import RunQueue
from ..core.params import BudgetParams, Params
from ..core.types import PageResult, Rule, Table
from ..extractors import peers
from . import defects, rulekinds
from .rulekinds import page_rules
from .scoring import GoldenPage, PageScores, TableScore, score_page
from .sources import EvalError, GoldenLink, GoldenSource, load_source, only_documents, verify_pdfs

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 120.0  # s per page
__all__ = ["EvalError", "GoldenLink", "GoldenPage", "GoldenSource", "PageOutcome", "PageScores", "TableScore", "load_source",
           "only_documents", "page_rules", "run", "run_page", "score_page", "verify_pdfs"]


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
