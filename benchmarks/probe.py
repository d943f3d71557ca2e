"""Probe every file a user hands the app besides the PDF (issue 29), as a careless or hostile
user would: inputs generated from a seed per surface (tests/fuzz/surfaces.py), each command a
subprocess under a time limit and an address-space cap.

    python benchmarks/probe.py [--seed 29] [--n 12] [--surfaces compare-source,preset,...]
                               [--hang 60] [--memory-gb 6] [--jobs 2] [--out probe.json]

Counted per surface: runs, exit codes, tracebacks, hangs (killed after --hang s), memory-cap
hits (MemoryError, "cannot allocate", or killed by a signal), undocumented exit codes (not 0,
2, 3 or 4), invalid JSON (stdout of a --json run that succeeded, or a JSON file written), and
files changed that should not be (inputs hashed before and after). A sound build prints 0 in
every column but runs. Not a test (tests/fuzz/test_probe.py runs a small part): run it alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz.surfaces import SURFACES, Case, cases  # noqa: E402

DOCUMENTED = {0, 2, 3, 4}
MEMORY_WORDS = ("MemoryError", "cannot allocate memory", "std::bad_alloc", "out of memory")
COLUMNS = ("tracebacks", "hangs", "memory", "undocumented", "bad_json", "changed")


@dataclass
class Outcome:
    surface: str
    label: str
    code: int | None  # None: a hang
    seconds: float
    traceback: bool
    memory: bool
    bad_json: bool
    changed: list[str]
    tail: str

    @property
    def flags(self) -> dict[str, bool]:
        return {"tracebacks": self.traceback, "hangs": self.code is None, "memory": self.memory,
                "undocumented": self.code is not None and self.code not in DOCUMENTED,
                "bad_json": self.bad_json, "changed": bool(self.changed)}


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _cap(memory_bytes: int):
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    return limit


def _strict_json(text: str) -> bool:
    def refuse(token: str) -> None:
        raise ValueError(token)
    try:
        json.loads(text, parse_constant=refuse)
    except (ValueError, RecursionError):
        return False
    return True


def run_case(case: Case, hang_s: float, memory_bytes: int) -> Outcome:
    """One command in its own session (killed whole after ``hang_s``), with its checks."""
    before = {p: _digest(p) for p in case.unchanged}
    env = {**os.environ, "PYTHONPATH": str(ROOT), **case.env}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "inspector.cli", *case.args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, start_new_session=True,
                            preexec_fn=_cap(memory_bytes))
    try:
        out, err = proc.communicate(timeout=hang_s)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    took = time.monotonic() - t0
    text = err.decode("utf-8", "replace")
    bad_json = False
    if case.json_stdout and code in (0, 4):
        bad_json = not _strict_json(out.decode("utf-8", "replace"))
    if case.json_file is not None and case.json_file.exists():
        bad_json = bad_json or not _strict_json(case.json_file.read_text(encoding="utf-8", errors="replace"))
    memory = any(w.lower() in text.lower() for w in MEMORY_WORDS) or (code is not None and code < 0)
    changed = [str(p) for p, d in before.items() if _digest(p) != d]
    tail = text.strip().splitlines()[-1][:240] if text.strip() else ""
    return Outcome(case.surface, case.label, code, round(took, 2), "Traceback (most recent call last)" in text,
                   memory, bad_json, changed, tail)


def run_all(all_cases: list[Case], hang_s: float, memory_gb: float, jobs: int) -> list[Outcome]:
    cap = int(memory_gb * 2**30)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda c: run_case(c, hang_s, cap), all_cases))


def table(outcomes: list[Outcome]) -> list[dict[str, object]]:
    """One row per surface: runs, exit codes and the count of each bad column."""
    rows = []
    for surface in dict.fromkeys(o.surface for o in outcomes):
        mine = [o for o in outcomes if o.surface == surface]
        codes = Counter("hang" if o.code is None else str(o.code) for o in mine)
        row: dict[str, object] = {"surface": surface, "runs": len(mine),
                                  "exit codes": ", ".join(f"{k}: {v}" for k, v in sorted(codes.items()))}
        row.update({c: sum(o.flags[c] for o in mine) for c in COLUMNS})
        row["worst s"] = max(o.seconds for o in mine)
        rows.append(row)
    return rows


def markdown(rows: list[dict[str, object]]) -> str:
    head = ["surface", "runs", "exit codes", *COLUMNS, "worst s"]
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    out += ["| " + " | ".join(str(r[h]) for h in head) + " |" for r in rows]
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--n", type=int, default=12, help="inputs per surface")
    ap.add_argument("--surfaces", default=",".join(SURFACES))
    ap.add_argument("--hang", type=float, default=60.0, help="seconds before a run counts as a hang")
    ap.add_argument("--memory-gb", type=float, default=6.0, help="address-space cap of each run")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="write every run as JSON")
    args = ap.parse_args()
    from tests.core.pdfs import ruled_grid

    with tempfile.TemporaryDirectory(prefix="probe-") as tmp:
        folder = Path(tmp)
        pdf = folder / "ruled.pdf"
        pdf.write_bytes(ruled_grid()[0])
        all_cases = [c for s in args.surfaces.split(",") for c in cases(s, folder, args.seed, args.n, pdf)]
        t0 = time.monotonic()
        outcomes = run_all(all_cases, args.hang, args.memory_gb, args.jobs)
        took = time.monotonic() - t0
    rows = table(outcomes)
    print(markdown(rows))
    print(f"\n{len(outcomes)} runs, seed {args.seed}, {args.n} per surface, {took:.0f} s "
          f"({args.jobs} at a time, {args.hang:g} s limit, {args.memory_gb:g} GB cap)")
    for o in outcomes:
        bad = [c for c, v in o.flags.items() if v]
        if bad:
            print(f"  {o.surface} {o.label}: {', '.join(bad)} (exit {o.code}) {o.tail}")
    if args.out:
        Path(args.out).write_text(json.dumps({"rows": rows, "runs": [asdict(o) for o in outcomes]}, indent=1))
    return 1 if any(r[c] for r in rows for c in COLUMNS) else 0


if __name__ == "__main__":
    sys.exit(main())
