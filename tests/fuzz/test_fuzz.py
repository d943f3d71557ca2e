"""A few hundred seeded mutants through detect and export, in this process (the page work runs in
the budgeted worker as always): only documented exit codes, never a traceback, and stdout is
JSON whenever the command finished. benchmarks/fuzz.py runs 1,000+ as real subprocesses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.cli import main
from tests.fuzz.mutate import built_seeds, mutant

DETECT_MUTANTS = 200
EXPORT_MUTANTS = 60
BUDGET = ["--set", "budget.seconds=2", "--set", "budget.memory_mb=1024"]
DOCUMENTED = {0, 3, 4}  # ok, unreadable input, finished with failed pages


@pytest.fixture(scope="module")
def seeds() -> list[tuple[str, bytes]]:
    return built_seeds()


def _write(tmp_path: Path, seeds: list[tuple[str, bytes]], k: int) -> tuple[Path, str]:
    m = mutant(seeds, k)
    path = tmp_path / f"mutant-{k}.pdf"
    path.write_bytes(m.data)
    return path, f"mutant {k} of {m.base} by {'+'.join(m.steps)}"


def test_detect_json_survives_mutants(tmp_path: Path, seeds: list[tuple[str, bytes]],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    codes: dict[int, int] = {}
    for k in range(DETECT_MUTANTS):
        path, label = _write(tmp_path, seeds, k)
        code = main(["detect", "--json", str(path), *BUDGET])
        out = capsys.readouterr().out
        assert code in DOCUMENTED, label
        codes[code] = codes.get(code, 0) + 1
        if code == 3:
            assert out == "", label
            continue
        data = json.loads(out)  # raises on anything MuPDF (or anyone) printed before the JSON
        failed = [p["page"] for p in data["pages"] if p["error"]]
        assert failed == data["failed_pages"], label
        assert (code == 4) == bool(failed), label
    assert codes.get(0, 0) > DETECT_MUTANTS // 4  # most mutants still read: the harness is not vacuous
    assert codes.get(3, 0) > 0


def test_export_survives_mutants(tmp_path: Path, seeds: list[tuple[str, bytes]],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    for k in range(DETECT_MUTANTS, DETECT_MUTANTS + EXPORT_MUTANTS):
        path, label = _write(tmp_path, seeds, k)
        fmt = ("json", "cells", "md", "csv")[k % 4]
        code = main(["export", str(path), "--format", fmt, "--from", "detection", *BUDGET])
        out = capsys.readouterr().out
        assert code in DOCUMENTED, label
        if fmt == "json" and code != 3:
            json.loads(out)
        if fmt == "cells" and code != 3:
            [json.loads(line) for line in out.splitlines()]


def test_mutants_are_reproducible(seeds: list[tuple[str, bytes]]) -> None:
    assert mutant(seeds, 7).data == mutant(seeds, 7).data
    assert len({mutant(seeds, k).data for k in range(50)}) > 45
