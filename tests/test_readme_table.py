"""The README's extractor comparison is what the benchmark's committed results render to."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("compare_extractors", ROOT / "benchmarks" / "compare_extractors.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_table_matches_committed_results() -> None:
    bench = _bench()
    saved = json.loads(bench.RESULTS.read_text(encoding="utf-8"))
    assert saved["date"] and saved["extractors"]
    block = bench.readme_block((ROOT / "README.md").read_text(encoding="utf-8"))
    assert block == bench.readme_table(saved), "run: python benchmarks/compare_extractors.py --readme"
    assert saved["date"] in block


def test_readme_rewrite_only_touches_the_block(tmp_path: Path) -> None:
    bench = _bench()
    saved = json.loads(bench.RESULTS.read_text(encoding="utf-8"))
    readme = tmp_path / "README.md"
    readme.write_text(f"before\n{bench.BEGIN}\nstale\n{bench.END}\nafter\n", encoding="utf-8")
    bench.write_readme(saved, readme)
    assert readme.read_text(encoding="utf-8") == f"before\n{bench.BEGIN}\n{bench.readme_table(saved)}\n{bench.END}\nafter\n"
