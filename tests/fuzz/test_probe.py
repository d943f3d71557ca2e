"""A small, fast part of the probe of every other file a user gives (benchmarks/probe.py):
the same seeded inputs and checks, a few per surface, every column but runs at 0."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.core.pdfs import ruled_grid
from tests.fuzz.surfaces import cases

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from probe import COLUMNS, run_all, table  # noqa: E402

FAST = ("compare-source", "preset", "set-value", "annotation", "manifest", "scan-results")


@pytest.mark.slow
def test_a_seeded_probe_of_the_fast_surfaces_finds_nothing(tmp_path: Path) -> None:
    pdf = tmp_path / "ruled.pdf"
    pdf.write_bytes(ruled_grid()[0])
    chosen = [c for s in FAST for c in cases(s, tmp_path, seed=31, n=4, pdf=pdf)]
    outcomes = run_all(chosen, hang_s=60.0, memory_gb=6.0, jobs=2)
    rows = table(outcomes)
    assert {r["surface"] for r in rows} == set(FAST)
    bad = [f"{o.surface} {o.label}: {[c for c, v in o.flags.items() if v]} (exit {o.code}) {o.tail}"
           for o in outcomes if any(o.flags.values())]
    assert not bad, "\n".join(bad)
    assert all(r[c] == 0 for r in rows for c in COLUMNS)


def test_the_probe_counts_what_it_should(tmp_path: Path) -> None:
    """The probe's own checks are real: a file written that should not be is counted as
    changed, and a run over its time limit as a hang (and killed)."""
    from probe import run_case

    from tests.fuzz.surfaces import Case

    pdf = tmp_path / "ruled.pdf"
    pdf.write_bytes(ruled_grid()[0])
    db = tmp_path / "r.sqlite"
    db.write_bytes(b"")  # an empty file: scan makes it a results file
    wrote = run_case(Case("self", "writes", ["scan", str(pdf), "-o", str(db), "--quiet"], [db]), 60.0, 6 * 2**30)
    assert wrote.code == 0 and wrote.flags["changed"]
    slow = run_case(Case("self", "slow", ["detect", str(pdf), "--json"], json_stdout=True), 0.2, 6 * 2**30)
    assert slow.code is None and slow.flags["hangs"]
