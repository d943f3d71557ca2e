"""Hostile page content and non-PDF files (tests/fuzz/hostile_content.py) through the command
line, and the mechanisms they found wanting, each held to exact expectations."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspector import api
from inspector.annotation.tagged import read_tagged
from tests.fuzz import hostile_content

ROOT = Path(__file__).resolve().parents[2]
FAST = ["--set", "budget.seconds=5"]
# The slow builders (a 200 MB ZIP bomb, 30 MB of text) are run by benchmarks/fuzz.py.
QUICK = sorted(set(hostile_content.CASES) - {"zip_bomb", "huge_text"})
GRID_BOX = (71.6, 211.6, 312.4, 292.4)  # hostile_content._grid's table, top-left origin, pt


def _box(r: object) -> tuple[float, ...]:
    return tuple(round(getattr(r, k), 1) for k in ("x0", "y0", "x1", "y1"))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "inspector.cli", *args], capture_output=True, text=True,
                          timeout=90, env=env, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("name", QUICK)
def test_detect_json_on_hostile_content(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(hostile_content.CASES[name]())
    run = _cli("detect", "--json", str(path), *FAST)
    assert "Traceback" not in run.stderr
    assert run.returncode in (0, 3, 4), run.stderr
    if run.returncode == 3:
        assert run.stdout == "" and run.stderr.startswith("table-inspector: ")
        return
    data = json.loads(run.stdout)
    for page in data["pages"]:  # every position is on the page it is reported for
        for table in page["tables"]:
            x0, y0, x1, y1 = table["bbox"]
            assert -1 <= x0 <= x1 <= page["width"] + 1 and -1 <= y0 <= y1 <= page["height"] + 1, (name, table["bbox"])


@pytest.mark.parametrize("unit", [b"75000", b"10", b"0", b"-3", b"/Big"])
def test_a_page_with_a_user_unit_keeps_its_table_in_its_own_units(unit: bytes) -> None:
    """MuPDF scales words and drawings by /UserUnit but not the page's boxes: a unit of 75000
    put the table at 5,400,000 pt on a 612 pt page, 0 lost every word, -3 mirrored the text."""
    doc = api.open_pdf(hostile_content.user_unit(unit))
    result = api.detect(doc, 1)
    assert (result.width, result.height) == (612.0, 792.0)
    assert len(result.tables) == 1
    assert _box(result.tables[0].bbox) == GRID_BOX
    assert result.tables[0].rows_text()[-1] == ["c00 0", "c01 1", "c02 2"]
    said = [w for w in result.warnings if "/UserUnit" in w]
    if unit in (b"75000", b"10"):
        assert said == [f"the page sets /UserUnit {unit.decode()} (one unit is {unit.decode()}/72 inch): positions "
                        "and sizes are in its own units, not points"]
    else:
        assert said == ["the page's /UserUnit is not a positive number: ignored (positions are in points)"]


def test_a_user_unit_of_one_changes_nothing_and_says_nothing() -> None:
    result = api.detect(api.open_pdf(hostile_content.user_unit(b"1")), 1)
    assert _box(result.tables[0].bbox) == GRID_BOX
    assert not [w for w in result.warnings if "UserUnit" in w]


def test_tags_of_a_page_with_a_user_unit_are_read_in_the_page_size_space() -> None:
    """golden import-tagged measured the page by its box but the tagged text in scaled units,
    so every line lay "off the page" and the table was dropped."""
    plain = read_tagged(hostile_content.tagged_table(), "plain.pdf")
    scaled = read_tagged(hostile_content.tagged_table(b"/UserUnit 10 "), "scaled.pdf")
    assert len(plain.annotation.tables) == len(scaled.annotation.tables) == 1
    a, b = plain.annotation.tables[0].regions[0], scaled.annotation.tables[0].regions[0]
    assert b.bbox == a.bbox
    assert [c.text for c in b.cells] == [c.text for c in a.cells] == ["r0c0", "r0c1", "r1c0", "r1c1", "r2c0", "r2c1"]


@pytest.mark.parametrize(("value", "turn"), [(b"45", 90), (b"44", 0), (b"135", 180), (b"90.5", 90), (b"-2147483650", None),
                                             (b"/X", 0), (b"-90", 270), (b"450", 90)])
def test_a_rotation_not_a_multiple_of_90_is_read_as_it_is_drawn(value: bytes, turn: int | None) -> None:
    """MuPDF drew /Rotate 45 turned 90 and gave words in that turned space while the page said 0:
    the table came out at x = 500, read sideways. Now the page has MuPDF's quarter turn."""
    doc = api.open_pdf(hostile_content.odd_rotate(value))
    listed = doc.page_size(0)  # before the page is loaded (the window's page list)
    result = api.detect(doc, 1)
    assert listed == (612.0, 792.0, result.rotation)
    if turn is not None:
        assert result.rotation == turn
    assert [_box(t.bbox) for t in result.tables] == [GRID_BOX]
    assert not any("sideways" in w for w in result.warnings)
    said = [w for w in result.warnings if "/Rotate" in w]
    if value in (b"-90", b"450"):  # multiples of 90: nothing to mend
        assert said == []
    elif value == b"/X":
        assert said == ["the page's /Rotate is not a number: read as 0"]
    else:
        assert said == [f"the page's /Rotate {value.decode()} is not a multiple of 90: read as {result.rotation}, "
                        "as it is drawn"]
