"""Seeded fuzzing of every entry point, as a user's shell would run them.

    python benchmarks/fuzz.py [--mutants 1000] [--seed 13] [--jobs 2] [--gui 40] [--budget 5] [--out report.json]
                              [--no-explain] [--no-eval] [--no-made] [--only FAMILY]

Mutants (tests/fuzz/mutate.py: byte flips, truncation, deleted/duplicated chunks, damaged
xref/trailer, bad /Length, /Count, /MediaBox, /Kids cycles, XObject loops, chains and
fan-outs; absurd numbers in content, degenerate matrices, odd /Rotate and /UserUnit) of the
corpus PDFs and the built test PDFs, plus every hand-made hostile file (tests/fuzz/hostile.py),
heavy page (tests/fuzz/heavy.py), hostile page content or non-PDF file named .pdf
(tests/fuzz/hostile_content.py) and page a viewer shows otherwise than its text layer reads
(tests/fuzz/hostile_layers.py: hidden layers, covered and invisible text, tiny fonts, 100,000
paths, nested forms, broken widths) and page as other programs' pipelines write it
(tests/fuzz/hostile_output.py: a text object a glyph, Type3 bitmap fonts, wrong ToUnicode maps,
/Rotate over an offset or outside CropBox, a table held by form widgets), go through real
subprocesses:
  detect --json   on every input
  export          on every input (json, cells, md, csv, html in turn; md, csv and html held to
                  tests/fuzz/outputs.py, cells to one JSON value a line)
  explain --json  on every input (page 1)
  eval            over all inputs, as a corpus of one table each (batches of 250)
  gui --screenshot  on a sample (--gui) and every hostile and heavy file
Each run may take 30 s (a hang otherwise). Printed: inputs, exit-code counts per command,
tracebacks, hangs, invalid output on stdout (JSON that does not parse, a detected table off its
page, a malformed export), undocumented exit codes, worst time and the worst peak memory of the
command's own process (page work runs in a
worker whose memory is capped by budget.memory_mb). Not a test: CPU heavy; run it alone.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from inspector.cli.common import EXIT_INPUT, EXIT_OK, EXIT_PARTIAL  # noqa: E402
from tests.fuzz import heavy, hostile, hostile_content, hostile_layers, hostile_output  # noqa: E402
from tests.fuzz.mutate import built_seeds, mutant  # noqa: E402
from tests.fuzz.outputs import PROBLEM  # noqa: E402

CORPUS = (ROOT / ".." / "shared" / "corpus").resolve()
HANG_S = 30.0
# Every command line here is well formed, so a usage error (EXIT_USAGE, 2) would be the tool
# misreading a hostile *file* as a bad argument: not documented for that case. (probe.py also
# fuzzes the arguments, so it counts 2 as documented.)
DOCUMENTED = {EXIT_OK, EXIT_INPUT, EXIT_PARTIAL}
JSON_OUT = ("detect", "export-json")
EVAL_BATCH = 250


@dataclass
class Run:
    command: str
    label: str
    code: int | None  # None: killed after HANG_S
    seconds: float
    max_rss_mb: float
    traceback: bool
    bad_json: bool
    stderr_tail: str = ""


@dataclass
class Report:
    runs: list[Run] = field(default_factory=list)

    def add(self, run: Run) -> None:
        self.runs.append(run)


def run_cli(command: str, label: str, args: list[str], env: dict[str, str], json_stdout: bool,
            json_file: Path | None = None, check: Callable[[str], str] | None = None) -> Run:
    """One CLI run in its own process group (killed whole after HANG_S); ``check`` (of
    ``tests/fuzz/outputs.py``) says what is wrong with a text export on stdout."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "inspector.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=HANG_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return Run(command, label, None, time.monotonic() - t0, 0.0, False, False, "HANG")
    rss = _rusage_mb(proc)
    code = proc.returncode
    text = err.decode("utf-8", "replace")
    bad, off = False, ""
    if json_stdout and code in (0, 4):
        try:
            off = off_page(json.loads(out.decode("utf-8")))
        except (ValueError, UnicodeDecodeError):
            bad = True
    if check is not None and code in (0, 4):
        off = check(out.decode("utf-8", "replace")) if _utf8(out) else "stdout is not UTF-8"
    elif json_stdout and code in (0, 4) and not _utf8(out):
        bad = True
    if json_file is not None and code in DOCUMENTED and json_file.exists():
        try:
            json.loads(json_file.read_text(encoding="utf-8"))
        except ValueError:
            bad = True
    with_tb = "Traceback (most recent call last)" in text
    tail = text.strip().splitlines()[-1][:200] if text.strip() else ""
    return Run(command, label, code, time.monotonic() - t0, rss, with_tb, bad or bool(off), off or tail)


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def jsonl_problem(text: str) -> str:
    """``export --format cells``: every line one JSON value."""
    for n, line in enumerate(text.splitlines(), 1):
        try:
            json.loads(line)
        except ValueError:
            return f"line {n} of the cells export is not JSON"
    return ""


def off_page(data: object) -> str:
    """Invalid output in valid JSON: a table of ``detect --json`` whose box is not on its page
    (1 pt of slack), said as "page N: table box [...] off a W x H page"; else ""."""
    pages = data.get("pages", []) if isinstance(data, dict) else []
    for page in pages:
        if "width" not in page:  # explain --json gives no page size (nor a failed page of detect)
            continue
        w, h = page.get("width") or 0, page.get("height") or 0
        for table in page.get("tables") or []:
            x0, y0, x1, y1 = table["bbox"]
            if not (-1 <= x0 <= x1 <= w + 1 and -1 <= y0 <= y1 <= h + 1):
                return f"page {page['page']}: table box {table['bbox']} off a {w} x {h} page"
    return ""


def _rusage_mb(proc: subprocess.Popen[bytes]) -> float:
    """Peak RSS of the finished command's process (Linux: ru_maxrss is in KiB)."""
    usage = getattr(proc, "_fuzz_rusage", None)
    return usage.ru_maxrss / 1024 if usage is not None else 0.0


class _Popen(subprocess.Popen):  # type: ignore[type-arg]
    """Popen that keeps the child's rusage (wait4) for the memory column."""

    def _try_wait(self, wait_flags: int) -> tuple[int, int]:
        try:
            pid, sts, usage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            return self.pid, 0
        if pid == self.pid:
            self._fuzz_rusage = usage
        return pid, sts


subprocess.Popen = _Popen  # type: ignore[misc]


def make_inputs(folder: Path, n: int, seed: int, made_too: bool = True) -> list[tuple[str, Path]]:
    seeds = built_seeds()
    if (CORPUS / "pdfs").is_dir():
        for pdf in sorted((CORPUS / "pdfs").rglob("*.pdf")):
            if pdf.stat().st_size < 400_000:
                seeds.append((pdf.relative_to(CORPUS).as_posix(), pdf.read_bytes()))
    out = []
    made = {**{f"hostile-{k}": b for k, b in hostile.CASES.items()}, **{f"heavy-{k}": b for k, b in heavy.CASES.items()},
            **{f"content-{k}": b for k, b in hostile_content.CASES.items()},
            **{f"layers-{k}": b for k, b in hostile_layers.CASES.items()},
            **{f"output-{k}": b for k, b in hostile_output.CASES.items()}} if made_too else {}
    for name, build in made.items():
        path = folder / f"{name}.pdf"
        path.write_bytes(build())
        out.append((name.replace("-", " ", 1), path))
    for k in range(n):
        m = mutant(seeds, k, seed)
        path = folder / f"mutant-{k:05d}.pdf"
        path.write_bytes(m.data)
        out.append((f"mutant {k} of {m.base} by {'+'.join(m.steps)}", path))
    print(f"inputs: {len(out) - len(made)} mutants (seed {seed}) of {len(seeds)} seed files, "
          f"and {len(made)} hostile and heavy files: {', '.join(made)}", flush=True)
    return out


def eval_batches(folder: Path, inputs: list[tuple[str, Path]], env: dict[str, str], budget: str) -> list[Run]:
    runs = []
    for b in range(0, len(inputs), EVAL_BATCH):
        corpus = folder / f"eval-{b}"
        (corpus / "pdfs").mkdir(parents=True)
        lines = []
        for _label, path in inputs[b: b + EVAL_BATCH]:
            (corpus / "pdfs" / path.name).symlink_to(path)
            lines.append(json.dumps({"id": path.stem, "pdf": f"pdfs/{path.name}", "page": 1, "kind": "ground_truth",
                                     "bbox": [72, 100, 300, 200],
                                     "cells": [{"r": 0, "c": 0, "text": "x", "bbox": [72, 100, 150, 120]}]}))
        (corpus / "tables.jsonl").write_text("\n".join(lines) + "\n")
        out = corpus / "run.json"
        t_env = dict(env)
        run = run_cli_long("eval", f"eval batch {b // EVAL_BATCH + 1}",
                           ["eval", str(corpus), "--jobs", "2", "--timeout", budget, "--json", str(out)], t_env, out)
        runs.append(run)
        print(f"  eval batch {b // EVAL_BATCH + 1}: exit {run.code} in {run.seconds:.0f} s", flush=True)
    return runs


def run_cli_long(command: str, label: str, args: list[str], env: dict[str, str], json_file: Path) -> Run:
    """An eval batch: many pages, so its limit is HANG_S per page."""
    global HANG_S
    saved, HANG_S = HANG_S, HANG_S * EVAL_BATCH
    try:
        return run_cli(command, label, args, env, False, json_file)
    finally:
        HANG_S = saved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mutants", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--gui", type=int, default=40, help="mutants (a sample) also through gui --screenshot")
    ap.add_argument("--budget", default="5", help="budget.seconds for every run (default 5)")
    ap.add_argument("--out", help="write every run as JSON here")
    ap.add_argument("--no-explain", dest="explain", action="store_false", help="skip explain --json on each input")
    ap.add_argument("--no-eval", dest="eval", action="store_false", help="skip the eval batches")
    ap.add_argument("--no-made", dest="made", action="store_false",
                    help="mutants alone: skip the hand-made hostile, heavy, content, layers and output files")
    ap.add_argument("--only", default="", help="hand-made files of this family alone (hostile, heavy, content, "
                                                  "layers, output), with the mutants asked for")
    args = ap.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    budget = ["--set", f"budget.seconds={args.budget}"]
    report = Report()
    t_start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        folder = Path(tmp)
        inputs = [(label, path) for label, path in make_inputs(folder, args.mutants, args.seed, args.made)
                  if not args.only or label.startswith((args.only + " ", "mutant"))]
        formats = ("json", "cells", "md", "csv", "html")

        def one(i: int) -> list[Run]:
            label, path = inputs[i]
            fmt = formats[i % len(formats)]
            check = jsonl_problem if fmt == "cells" else PROBLEM.get(fmt)
            runs = [run_cli("detect", label, ["detect", "--json", str(path), *budget], env, True),
                    run_cli(f"export-{fmt}", label, ["export", str(path), "--format", fmt, "--from", "detection",
                                                     *budget], env, fmt == "json", check=check)]
            if args.explain:
                runs.append(run_cli("explain", label, ["explain", "--json", str(path), *budget], env, True))
            hostile_input = label.startswith(("hostile", "heavy", "content", "layers", "output"))
            if hostile_input or (args.gui and i % max(1, len(inputs) // args.gui) == 0):
                shot = folder / f"shot-{i}.png"
                runs.append(run_cli("gui", label, ["gui", str(path), "--screenshot", str(shot), *budget], env, False))
            return runs

        done = 0
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for runs in pool.map(one, range(len(inputs))):
                for r in runs:
                    report.add(r)
                done += 1
                if done % 100 == 0:
                    print(f"  {done}/{len(inputs)} inputs, {time.monotonic() - t_start:.0f} s", flush=True)
        for r in eval_batches(folder, inputs, env, args.budget) if args.eval else []:
            report.add(r)
    summarise(report, time.monotonic() - t_start)
    if args.out:
        Path(args.out).write_text(json.dumps([r.__dict__ for r in report.runs], indent=1))
    bad = [r for r in report.runs if r.code not in DOCUMENTED or r.traceback or r.bad_json]
    return 1 if bad else 0


def summarise(report: Report, seconds: float) -> None:
    by_cmd: dict[str, list[Run]] = {}
    for r in report.runs:
        by_cmd.setdefault(r.command.split("-")[0], []).append(r)
    print(f"\n{len(report.runs)} runs in {seconds / 60:.1f} min")
    print(f"{'command':8} {'runs':>5}  {'exit codes':30} {'tracebacks':>10} {'hangs':>5} {'bad JSON':>8} "
          f"{'undocumented':>12} {'worst s':>7} {'worst MB':>8}")
    for cmd, runs in by_cmd.items():
        codes = Counter("hang" if r.code is None else str(r.code) for r in runs)
        worst = max(runs, key=lambda r: r.seconds)
        print(f"{cmd:8} {len(runs):5}  {', '.join(f'{k}: {v}' for k, v in sorted(codes.items())):30} "
              f"{sum(r.traceback for r in runs):10} {sum(r.code is None for r in runs):5} "
              f"{sum(r.bad_json for r in runs):8} "
              f"{sum(r.code is not None and r.code not in DOCUMENTED for r in runs):12} "
              f"{worst.seconds:7.1f} {max(r.max_rss_mb for r in runs):8.0f}")
    for r in report.runs:
        if r.code is None or r.code not in DOCUMENTED or r.traceback or r.bad_json:
            print(f"PROBLEM {r.command} {r.label}: exit {r.code}, traceback {r.traceback}, bad JSON {r.bad_json}: "
                  f"{r.stderr_tail}")
    slow = sorted(report.runs, key=lambda r: -r.seconds)[:5]
    print("slowest: " + "; ".join(f"{r.command} {r.label} {r.seconds:.1f} s" for r in slow))


if __name__ == "__main__":
    sys.exit(main())
