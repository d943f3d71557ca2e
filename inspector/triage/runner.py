"""Run ``scan_document`` over many files: in this process, in local processes, or on Dask.

The client (this process) is the only writer of the results file: workers return
``DocScan`` values and the client stores each as it arrives. At most ``2 * workers``
documents are in flight, so memory stays bounded and an interrupted run loses only those.
A rerun skips documents already stored with the same parameters whose bytes are unchanged
(same size and modification time, or else the same SHA-256).
"""

from __future__ import annotations

import glob
import hashlib
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.infra.budget import die_with_parent
from ..core.params import Params
from .store import FileStamp, Store, StoreError, path_text
from .work import DocScan, scan_document

log = logging.getLogger(__name__)

SUFFIXES = {".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff"}
Progress = Callable[[DocScan], None]


@dataclass(frozen=True, slots=True)
class Plan:
    """What a run will do: ``todo`` files to scan, ``skipped`` already done, ``missing`` inputs
    that matched nothing (each a line for the user)."""

    todo: tuple[str, ...]
    skipped: tuple[str, ...]
    missing: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RunStats:
    scanned: int
    failed: int
    skipped: int
    pages: int


def params_key(params: Params) -> tuple[str, str]:
    """(hash, preset JSON) of the parameters a scan ran with; the version is part of the hash,
    since a newer detector may find other tables with the same parameters."""
    text = params.dumps()
    return hashlib.sha256(f"{__version__}\n{text}".encode()).hexdigest()[:16], text


def find_files(inputs: Sequence[str]) -> tuple[list[str], list[str]]:
    """Files named by ``inputs`` (files, folders searched recursively for PDFs and images,
    or glob patterns), absolute, de-duplicated, sorted; and the inputs that matched nothing."""
    found: set[str] = set()
    missing = []
    for item in inputs:
        paths = [Path(p) for p in glob.glob(item, recursive=True)] if glob.has_magic(item) else [Path(item)]
        hits: set[str] = set()
        for p in paths:
            if p.is_dir():
                hits.update(str(f.resolve()) for f in p.rglob("*") if f.suffix.lower() in SUFFIXES and f.is_file())
            elif p.is_file():
                hits.add(str(p.resolve()))
        if not hits:
            missing.append(f"{item}: no such file or folder" if not paths or not paths[0].exists()
                           else f"{item}: no PDF or image inside")
        found |= hits
    return sorted(found), missing


def plan(inputs: Sequence[str], store: Store, params_hash: str) -> Plan:
    """Which files to scan, and which are already done with these parameters."""
    files, missing = find_files(inputs)
    done = store.done(params_hash)
    todo, skipped = [], []
    for f in files:
        prev = done.get(path_text(f))
        if prev is not None and _unchanged(f, prev.stamp, prev.sha256, store, params_hash):
            skipped.append(f)
        else:
            todo.append(f)
    return Plan(tuple(todo), tuple(skipped), tuple(missing))


def _unchanged(path: str, stamp: FileStamp, sha: str, store: Store, params_hash: str) -> bool:
    try:
        now = FileStamp.of(path)
        if now == stamp:
            return True
        if now.size != stamp.size:
            return False
        same = hashlib.sha256(Path(path).read_bytes()).hexdigest() == sha
    except OSError:
        return False
    if same:
        store.restamp(path, params_hash, now)
    return same


def _stamp(path: str) -> FileStamp | None:
    try:
        return FileStamp.of(path)
    except OSError:
        return None


def run(work: Plan, store: Store, params: Params, jobs: int = 1, dask_address: str | None = None,
        send_bytes: bool = False, progress: Progress | None = None) -> RunStats:
    """Scan ``work.todo`` (see ``plan``), storing each document as it finishes."""
    phash, ptext = params_key(params)
    scanned = failed = pages = 0
    if dask_address:
        results = _on_dask(work.todo, params, dask_address, send_bytes)
    elif jobs > 1:
        results = _in_processes(work.todo, params, jobs)
    else:
        _warm()
        results = (scan_document(f, params) for f in work.todo)
    for scan in results:
        try:
            store.write(scan, phash, ptext, _stamp(scan.path))
        except StoreError as exc:
            raise StoreError(f"{exc}; stopped there: {scanned} document(s) of {len(work.todo)} stored by this run, "
                             f"{len(work.skipped)} before it (run the same command again to resume)") from None
        scanned += 1
        failed += scan.status != "ok"
        pages += len(scan.pages)
        if progress:
            progress(scan)
    return RunStats(scanned, failed, len(work.skipped), pages)


def _warm() -> None:
    """Import the detection stages here once: each document's page worker is a fork of this
    process, and would otherwise import them again (a third of a second per document)."""
    import importlib

    importlib.import_module("inspector.core.pipeline")


def _pool_start(parent: int) -> None:
    die_with_parent(parent)
    _warm()


def _in_processes(files: Sequence[str], params: Params, jobs: int) -> Iterator[DocScan]:
    """Local worker processes; a document whose worker dies is tried once more in a fresh
    pool, and reported failed if it kills that one too."""
    queue = list(reversed(files))
    tries: dict[str, int] = {}
    while queue:
        # a pool worker dies with this process (and its page worker with it): a killed scan leaves nothing running
        with ProcessPoolExecutor(max_workers=jobs, initializer=_pool_start, initargs=(os.getpid(),)) as pool:
            running: dict[Future[DocScan], str] = {}
            broken = False
            while (queue or running) and not broken:
                while queue and len(running) < 2 * jobs:
                    f = queue.pop()
                    running[pool.submit(scan_document, f, params)] = f
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in finished:
                    f = running.pop(fut)
                    try:
                        yield fut.result()
                    except BrokenProcessPool:
                        broken = True
                        tries[f] = tries.get(f, 0) + 1
                        if tries[f] >= 2:
                            yield DocScan(f, "", "failed", "its worker process died twice (crash or out of memory)",
                                          (), (), 0.0)
                        else:
                            queue.append(f)
            if broken:  # the others in flight did not finish either: run them again
                queue.extend(running.values())


def _on_dask(files: Sequence[str], params: Params, address: str, send_bytes: bool) -> Iterator[DocScan]:
    """The same function on a Dask distributed cluster; workers need the files at the same
    paths unless ``send_bytes`` (then the client reads and sends each file)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise RuntimeError("--dask needs Dask: pip install 'table-inspector[dask]'") from None
    client = Client(address)
    try:
        n = max(1, len(client.scheduler_info().get("workers", {})))
        pending = list(reversed(files))
        live = as_completed()

        def submit() -> None:
            f = pending.pop()
            args: tuple[Any, ...] = (Path(f).read_bytes(), params, f) if send_bytes else (f, params)
            live.add(client.submit(scan_document, *args, pure=False, key=f"scan-{f}-{os.getpid()}"))

        for _ in range(min(2 * n, len(pending))):
            submit()
        for fut in live:
            try:
                yield fut.result()
            except Exception as exc:  # a lost worker loses a document, not the run
                log.debug("a Dask task failed", exc_info=True)
                yield DocScan(_key_path(fut.key), "", "failed", f"Dask task failed: {exc}", (), (), 0.0)
            if pending:
                submit()
    finally:
        client.close()


def _key_path(key: object) -> str:
    text = str(key)
    return text[len("scan-"):text.rfind("-")] if text.startswith("scan-") else text
