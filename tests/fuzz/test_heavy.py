"""Heavy pages (tests/fuzz/heavy.py) end within their budget with their table, and say what
they skipped: a render that does not fit ``raster.budget`` is stopped inside MuPDF."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.stoppable import Deadline, display_list
from inspector.core.types import FIGURES_SKIPPED, RASTER_SKIPPED
from tests.fuzz import heavy

ROOT = Path(__file__).resolve().parents[2]
BUDGET = 0.5  # s: raster.budget in these tests
SLACK = 6.0  # a stopped render may take this many budgets (a loaded machine, one drawn object past it)
HEAVY_RENDER = ("many_paths", "many_clips", "tiling_pattern")  # a whole render takes seconds even on a fast machine


def _detect(data: bytes, tmp_path: Path) -> tuple[Pipeline, object]:
    path = tmp_path / "page.pdf"
    path.write_bytes(data)
    params = Params().with_value("raster.budget", BUDGET)
    return Pipeline(open_document(path)), params


@pytest.mark.parametrize("name", sorted(heavy.CASES))
def test_heavy_page_keeps_its_table_and_render_within_budget(name: str, tmp_path: Path) -> None:
    pipe, params = _detect(heavy.CASES[name](), tmp_path)
    res = pipe.run(0, params)  # type: ignore[arg-type]
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(4, 3)]
    assert {c.text for c in res.tables[0].cells} >= {"Fruit", "Apple", "0.80"}
    assert res.timings.get("render", 0.0) < BUDGET * SLACK * 1000
    if RASTER_SKIPPED in res.skipped:
        assert dict(res.skip_notes())[RASTER_SKIPPED].startswith("raster skipped: ")
        assert not res.raster_rules
    if name in HEAVY_RENDER:
        assert RASTER_SKIPPED in res.skipped


def test_tens_of_thousands_of_curves_skip_the_figure_search(tmp_path: Path) -> None:
    pipe, params = _detect(heavy.many_paths(), tmp_path)
    res = pipe.run(0, params)  # type: ignore[arg-type]
    assert FIGURES_SKIPPED in res.skipped
    assert "40009 paths are too many" in dict(res.skip_notes())[FIGURES_SKIPPED]


def test_a_tiling_pattern_of_a_billion_cells_is_not_rendered_and_a_coarse_one_is(tmp_path: Path) -> None:
    # MuPDF repeats a pattern's cell in one loop that never reads the cookie: counted beforehand.
    pipe, params = _detect(heavy.tiling_pattern(0.02), tmp_path)
    res = pipe.run(0, params)  # type: ignore[arg-type]
    assert "render" not in res.timings and "1.21e+09 cells" in dict(res.skip_notes())[RASTER_SKIPPED]
    pipe, params = _detect(heavy.tiling_pattern(5.0), tmp_path)
    res = pipe.run(0, params)  # type: ignore[arg-type]
    assert not res.skipped and "render" in res.timings


def test_render_budget_is_at_most_half_the_page_budget(tmp_path: Path) -> None:
    pipe, params = _detect(heavy.many_clips(), tmp_path)
    params = Params().with_value("budget.seconds", 1.0)  # raster.budget 20 s, the default
    t0 = time.monotonic()
    res = pipe.run(0, params)
    assert RASTER_SKIPPED in res.skipped and "(0.5 s: raster.budget" in dict(res.skip_notes())[RASTER_SKIPPED]
    assert res.timings["render"] < 0.5 * SLACK * 1000 and time.monotonic() - t0 < 60


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the deadline stops MuPDF inside a call on Linux")
def test_deadline_stops_mupdf_inside_one_call(tmp_path: Path) -> None:
    pdf = tmp_path / "forms.pdf"
    pdf.write_bytes(heavy.nested_forms(depth=13))  # 531 441 paints: seconds to record
    page = open_document(pdf).page(0)
    t0 = time.monotonic()
    with Deadline(0.2) as deadline:
        assert deadline.stoppable
        assert display_list(page._page, deadline) is None  # one MuPDF call, stopped
    assert deadline.expired and time.monotonic() - t0 < 0.2 * SLACK * 5
    with Deadline(30) as quick:  # a deadline not met leaves the cookie alone and ends at once
        assert display_list(page._page, quick) is not None or quick.expired
    assert time.monotonic() - t0 < 60


def test_detect_json_reports_the_skip(tmp_path: Path) -> None:
    pdf = tmp_path / "clips.pdf"
    pdf.write_bytes(heavy.many_clips())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "inspector.cli", "detect", "--json", str(pdf), "--set",
                          f"raster.budget={BUDGET}"], capture_output=True, text=True, timeout=120, env=env,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    page = json.loads(run.stdout)["pages"][0]
    assert [s["kind"] for s in page["skipped"]] == [RASTER_SKIPPED] and len(page["tables"]) == 1
    explain = subprocess.run([sys.executable, "-m", "inspector.cli", "explain", "--json", str(pdf), "--set",
                              f"raster.budget={BUDGET}"], capture_output=True, text=True, timeout=120, env=env,
                             stdin=subprocess.DEVNULL)
    got = json.loads(explain.stdout)["pages"][0]
    assert got["skipped"][0]["kind"] == RASTER_SKIPPED
    assert {"kind": RASTER_SKIPPED} in got["tables"][0]["cols"][0]["evidence"]


def test_window_picture_stops_at_its_deadline_and_is_the_same_when_it_does_not(tmp_path: Path) -> None:
    from inspector.core.types import Rect
    from tests.core.pdfs import ruled_grid

    normal = tmp_path / "grid.pdf"
    normal.write_bytes(ruled_grid()[0])
    page = open_document(normal).page(0)
    for grey in (False, True):
        for clip in (None, Rect(50, 60, 300, 400)):
            assert page.pixels(100, clip, grey, 30.0) == page.pixels(100, clip, grey)
    for name, seconds in (("many_clips", BUDGET), ("nested_forms", 0.05)):  # stopped drawing; stopped recording
        pdf = tmp_path / f"{name}.pdf"
        pdf.write_bytes(heavy.CASES[name]())
        heavy_page = open_document(pdf).page(0)
        t0 = time.monotonic()
        px = heavy_page.pixels(150, None, False, seconds)
        assert not px.complete and (px.width, px.height, px.channels) == (1275, 1650, 3)
        assert time.monotonic() - t0 < seconds * SLACK + 2


def test_window_picture_of_a_billion_cell_pattern_is_not_drawn(tmp_path: Path) -> None:
    pdf = tmp_path / "tiles.pdf"
    pdf.write_bytes(heavy.tiling_pattern(0.02))
    t0 = time.monotonic()
    px = open_document(pdf).page(0).pixels(150, None, False, 10.0)
    assert not px.complete and set(px.samples[:1000]) == {255} and time.monotonic() - t0 < 10
