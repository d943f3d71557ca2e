"""Every hostile case of issue 13 through the real command line: bounded time, documented exit
codes, clean stdout, no traceback; and the budgeted worker itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inspector.cli import main
from inspector.core.infra import jobs
from inspector.core.infra.budget import Budgeted
from inspector.core.params import BudgetParams, Params
from inspector.core.reading.document import DocumentError, open_document
from tests.fuzz import hostile

ROOT = Path(__file__).resolve().parents[2]
FAST = ["--set", "budget.seconds=1.5"]


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "inspector.cli", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hostile")
    out = {}
    for name, build in hostile.CASES.items():
        out[name] = folder / f"{name}.pdf"
        out[name].write_bytes(build())
    return out


@pytest.mark.parametrize("name", sorted(hostile.CASES))
def test_detect_json_on_hostile_files(files: dict[str, Path], name: str) -> None:
    t0 = time.monotonic()
    run = _cli("detect", "--json", str(files[name]), *FAST)
    assert time.monotonic() - t0 < 30
    assert "Traceback" not in run.stderr
    assert run.returncode in (0, 3, 4), run.stderr
    if run.returncode == 3:
        assert run.stdout == "" and run.stderr.startswith("table-inspector: ")
        return
    data = json.loads(run.stdout)  # MuPDF's "MuPDF error: ..." must not precede it
    assert (run.returncode == 4) == bool(data["failed_pages"])


def test_bomb_is_stopped_and_reported(files: dict[str, Path]) -> None:
    run = _cli("detect", "--json", str(files["xobject_bomb"]), *FAST)
    assert run.returncode == 4
    page = json.loads(run.stdout)["pages"][0]
    assert page["error"] == "page stopped after 1.5 s: too complex"
    assert "page 1: page stopped after 1.5 s" in run.stderr


def test_mupdf_messages_go_to_json_and_stderr(files: dict[str, Path]) -> None:
    run = _cli("detect", "--json", str(files["missing_object"]))
    assert run.returncode == 0
    warnings = json.loads(run.stdout)["pages"][0]["warnings"]
    assert any(w.startswith("MuPDF: ") and "77 0 R" in w for w in warnings)
    assert "MuPDF: content stream is not a stream (77 0 R)" in run.stderr


def test_export_and_render_of_bomb_and_chain(files: dict[str, Path], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("xobject_bomb", "xobject_chain"):
        assert main(["export", str(files[name]), "--format", "json", *FAST]) == 4
        out = capsys.readouterr()
        assert json.loads(out.out) == [] and "page(s) 1 failed" in out.err
        assert main(["render", str(files[name]), "-o", str(tmp_path / "x.png"), *FAST]) == 4
        assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("name", ["count_minus_one", "count_huge", "count_zero"])
def test_bad_count_is_recounted(files: dict[str, Path], name: str) -> None:
    doc = open_document(files[name])
    assert doc.page_count == 1
    assert doc.page(0).raw_words()[0][4] == "Total"


def test_huge_mediabox_is_bounded(files: dict[str, Path]) -> None:
    from inspector.core.pipeline import Pipeline

    doc = open_document(files["huge_mediabox"])
    page = doc.page(0)
    assert page.width * page.height * (page.safe_dpi(150) / 72) ** 2 <= 40_000_000
    result = Pipeline(doc).run(0, Params().with_value("raster.every_page", True))
    assert "render" not in result.timings and any("too large to render" in n for n in result.notes)


def test_only_regular_files_are_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    for path, words in ((fifo, "not a regular file"), (Path("/dev/zero"), "not a regular file"),
                        (tmp_path, "is a folder")):
        with pytest.raises(DocumentError, match=words):
            open_document(path)
    run = _cli("detect", str(fifo), timeout=30)  # would block forever reading the FIFO
    assert run.returncode == 3 and "not a regular file" in run.stderr


def _sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


def _allocate(mb: int) -> int:
    return len(bytearray(mb * 2**20))


def _die() -> None:
    os._exit(7)


def test_budget_stops_a_job_and_the_next_one_runs() -> None:
    with Budgeted(BudgetParams(seconds=0.5)) as worker:
        t0 = time.monotonic()
        out = worker.call(_sleep, 30)
        assert out.status == "timeout" and out.error == "page stopped after 0.5 s: too complex"
        assert time.monotonic() - t0 < 5
        assert worker.pid is None  # the worker over time is gone ...
        assert worker.call(_sleep, 0).value == "slept" and worker.pid is not None  # ... and a new one runs


def test_server_started_early_counts_as_starting_until_it_is_up() -> None:
    # The window starts the workers' server before it imports Qt; while the server starts, a new
    # document's detection keeps waiting for the first picture (no job could begin anyway). In a
    # fresh process: this one's server may be up already, and a start then ends at once.
    script = ("from inspector.core.infra.starting import start_server_early, workers_starting\n"
              "from inspector.core.infra.budget import Budgeted\n"
              "t = start_server_early()\n"
              "if t is None:\n    print('none'); raise SystemExit\n"
              "before = workers_starting()\n"
              "t.join(60)\n"
              "after = workers_starting()\n"
              "with Budgeted() as w:\n    ran = w.call(sum, [1, 2]).value\n"
              "print(before, t.is_alive(), after, ran)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    if run.stdout.strip() == "none":
        pytest.skip("no forkserver on this platform")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "False", "False", "3"]


def test_memory_budget_and_crash() -> None:
    with Budgeted(BudgetParams(seconds=20, memory_mb=512)) as worker:
        assert worker.call(_allocate, 16).value == 16 * 2**20
        big = worker.call(_allocate, 2048)
        assert big.status == "memory" and "512 MB" in big.error
        dead = worker.call(_die)
        assert dead.status == "crashed" and "exit code 7" in dead.error
        assert worker.call(_allocate, 1).ok


def test_cancelled_job_is_abandoned() -> None:
    with Budgeted(BudgetParams(seconds=60)) as worker:
        t0 = time.monotonic()
        out = worker.call(_sleep, 30, cancelled=lambda: time.monotonic() - t0 > 0.3)
        assert out.status == "cancelled" and time.monotonic() - t0 < 5


def test_worker_output_never_reaches_stdout(files: dict[str, Path]) -> None:
    with Budgeted() as worker:
        out = worker.call(jobs.detect_page, jobs.DocSource.of_path(str(files["no_xref"])), 0, Params())
    assert out.ok and any("repair" in w for w in out.value.warnings)
    script = ("from inspector.core.infra.budget import Budgeted\n"
              "with Budgeted() as w:\n    assert w.call(print, 'from the worker').ok\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0 and run.stdout == "" and "from the worker" in run.stderr


def test_stale_temporary_files_of_dead_processes_are_removed(tmp_path: Path) -> None:
    from inspector.atomic import STALE_AGE_S, write_atomic

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    target = tmp_path / "out.json"
    left = tmp_path / f".out.json.{dead_pid}.abc123.tmp"  # kill -9 during a write leaves this
    live = tmp_path / f".out.json.{os.getppid()}.def456.tmp"  # a write in progress elsewhere
    old = tmp_path / ".out.json.zz9x8y.tmp"  # an older name without a PID, hours old
    young = tmp_path / ".out.json.qq1w2e.tmp"
    other = tmp_path / f".other.json.{dead_pid}.abc.tmp"
    for p in (left, live, old, young, other):
        p.write_bytes(b"partial")
    os.utime(old, (time.time() - STALE_AGE_S - 60,) * 2)
    write_atomic(target, b"{}")
    assert target.read_bytes() == b"{}"
    assert not left.exists() and not old.exists()
    assert live.exists() and young.exists() and other.exists()


def _corpus(tmp_path: Path, files: dict[str, bytes]) -> Path:
    """A corpus folder: the PDFs, and one ground-truth table on page 1 of each."""
    corpus = tmp_path / "corpus"
    (corpus / "pdfs").mkdir(parents=True)
    rec = {"kind": "ground_truth", "page": 1, "bbox": [72, 100, 300, 200],
           "cells": [{"r": 0, "c": 0, "text": "Fruit", "bbox": [72, 100, 150, 120]}]}
    lines = []
    for name, data in files.items():
        (corpus / "pdfs" / f"{name}.pdf").write_bytes(data)
        lines.append(json.dumps({**rec, "id": f"t:{name}", "pdf": f"pdfs/{name}.pdf"}))
    (corpus / "tables.jsonl").write_text("\n".join(lines) + "\n")
    return corpus


def test_eval_stops_a_bomb_and_writes_its_report(tmp_path: Path) -> None:
    from tests.core.pdfs import ruled_grid

    corpus = _corpus(tmp_path, {"bomb": hostile.xobject_bomb(), "good": ruled_grid()[0]})
    out = tmp_path / "run.json"
    run = _cli("eval", str(corpus), "--timeout", "1.5", "--jobs", "2", "--json", str(out), timeout=120)
    assert run.returncode == 4, run.stderr
    assert "Traceback" not in run.stderr and "1 page(s) failed or timed out" in run.stderr
    result = json.loads(out.read_text())
    assert result["overall"]["pages_timed_out"] == 1 and result["overall"]["pages"] == 2


def _crash_first_time(path: str, page_index: int, params: Params) -> tuple:
    marker = Path(path + ".crashed")
    if "always" in path or not marker.exists():
        marker.touch()
        os._exit(9)
    return ()


def test_eval_retries_a_page_that_crashed_its_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from inspector.evaluation import evaluate
    from inspector.extractors import peers
    from tests.core.pdfs import ruled_grid

    monkeypatch.setitem(peers.EXTRACTORS, "crashy", _crash_first_time)
    data = ruled_grid()[0]
    source = evaluate.load_source(_corpus(tmp_path, {"once": data, "always": data, "fine": data}))
    (tmp_path / "corpus" / "pdfs" / "fine.pdf.crashed").touch()
    outcomes = {o.doc: o for o in evaluate.run(source, "crashy", jobs=2, timeout=30)}
    assert outcomes["pdfs/once.pdf"].status == "ok"  # retried in a fresh worker
    assert outcomes["pdfs/fine.pdf"].status == "ok"
    always = outcomes["pdfs/always.pdf"]
    assert always.status == "failed" and "killed its worker 2 times" in always.error


def test_scan_stops_a_bomb_page_and_goes_on(tmp_path: Path, files: dict[str, Path]) -> None:
    import sqlite3

    from tests.core.pdfs import ruled_grid

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "bomb.pdf").write_bytes(files["xobject_bomb"].read_bytes())
    (folder / "good.pdf").write_bytes(ruled_grid()[0])
    db = tmp_path / "scan.sqlite"
    assert main(["scan", str(folder), "-o", str(db), "--set", "budget.seconds=1"]) in (0, 4)
    rows = dict(sqlite3.connect(db).execute(
        "SELECT d.path, p.error FROM pages p JOIN documents d ON d.id = p.doc_id").fetchall())
    assert rows[str(folder / "bomb.pdf")] == "page stopped after 1 s: too complex"
    assert rows[str(folder / "good.pdf")] == ""


def test_worker_ends_when_its_parent_is_killed() -> None:
    script = ("import os\nfrom inspector.core.infra.budget import Budgeted\nw = Budgeted()\nw.call(len, ())\n"
              "print(w.pid, flush=True)\nos._exit(0)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    pid = int(run.stdout)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split()[2]
        except OSError:
            return  # gone
        if state in ("Z", "X"):
            return  # exited, waiting to be reaped by init
        time.sleep(0.1)
    pytest.fail(f"worker {pid} still running after its parent died")


def test_eval_of_several_extractors_says_which_failed_and_exits_4(tmp_path: Path) -> None:
    from tests.core.pdfs import ruled_grid

    corpus = _corpus(tmp_path, {"bomb": hostile.xobject_bomb(), "good": ruled_grid()[0]})
    out = tmp_path / "runs.json"
    run = _cli("eval", str(corpus), "--extractor", "inspector,pymupdf", "--timeout", "1.5", "--json", str(out),
               timeout=180)
    assert run.returncode == 4, run.stderr
    assert "Traceback" not in run.stderr and "failed or timed out for inspector" in run.stderr
    runs = json.loads(out.read_text())["runs"]
    assert runs["inspector"]["overall"]["pages_timed_out"] == 1 and runs["inspector"]["overall"]["pages"] == 2


def test_import_tagged_stops_a_tagged_file_with_a_paint_bomb_and_imports_the_rest(tmp_path: Path) -> None:
    """Reading the glyphs of a tagged page that is also a paint bomb never ends in MuPDF; the
    import runs in a budgeted worker, so the file is reported and the next one is imported."""
    import pymupdf

    modern = ROOT / "corpus" / "modern" / "pdfs"
    doc = pymupdf.open(modern / "modern-001.pdf")
    doc[0].show_pdf_page(doc[0].rect, pymupdf.open(stream=hostile.xobject_bomb(), filetype="pdf"), 0)
    bomb = tmp_path / "tagged_bomb.pdf"
    doc.save(bomb)
    t0 = time.monotonic()
    run = _cli("golden", "import-tagged", str(bomb), str(modern / "modern-002.pdf"), "-o", str(tmp_path / "golden"),
               "--set", "budget.seconds=1", timeout=120)
    assert time.monotonic() - t0 < 60
    assert run.returncode == 3 and "Traceback" not in run.stderr
    assert "tagged_bomb.pdf: its tags could not be read within 6 s" in run.stderr
    assert "imported 1 of 2 tagged PDFs" in run.stdout
