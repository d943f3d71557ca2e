"""Pages whose text or rules a viewer does not show, and pages that load MuPDF's interpreter in
odd ways (tests/fuzz/hostile_layers.py), through the command line and held to exact expectations."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspector import api
from tests.fuzz import hostile_layers
from tests.fuzz.outputs import PROBLEM

ROOT = Path(__file__).resolve().parents[2]
FAST = ["--set", "budget.seconds=10"]
GRID_BOX = (71.6, 211.6, 312.4, 292.4)  # hostile_content._grid's table, top-left origin, pt
FAKE_BOX = (319.6, 81.6, 530.4, 172.4)  # hostile_layers._fake_table's, when it shows
GRID_LAST_ROW = ["c00 0", "c01 1", "c02 2"]


def _box(r: object) -> tuple[float, ...]:
    return tuple(round(getattr(r, k), 1) for k in ("x0", "y0", "x1", "y1"))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "inspector.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env, stdin=subprocess.DEVNULL)


def _detect(name: str) -> api.PageResult:
    return api.detect(api.open_pdf(hostile_layers.CASES[name]()), 1)


@pytest.mark.parametrize("name", ["ocg_off", "ocg_base_off", "ocg_form", "ocmd_all_on", "ocmd_expression",
                                  "covered_text", "invisible_text"])
def test_a_fake_table_the_viewer_does_not_show_is_not_detected(name: str) -> None:
    """A ruled grid with amounts in a layer the default configuration turns off, under a white
    box painted over it, or drawn invisible: only the visible table is found."""
    result = _detect(name)
    assert [_box(t.bbox) for t in result.tables] == [GRID_BOX]
    assert result.tables[0].rows_text()[-1] == GRID_LAST_ROW
    assert not [w for w in result.words if w.text.startswith(("h", "w"))]


@pytest.mark.parametrize(("membership", "config", "shown"), [
    (b"/OCGs [6 0 R] /P /AllOn", b"/OFF [6 0 R]", False),  # MuPDF showed it
    (b"/OCGs [6 0 R] /P /AllOn", b"/ON [6 0 R]", True),
    (b"/OCGs [6 0 R] /P /AnyOn", b"/OFF [6 0 R]", False),
    (b"/OCGs 6 0 R /P /AllOff", b"/OFF [6 0 R]", True),
    (b"/OCGs [6 0 R] /P /AnyOff", b"/BaseState /OFF", True),
    (b"/VE [/And 6 0 R]", b"/OFF [6 0 R]", False),  # MuPDF showed every /VE
    (b"/VE [/Not 6 0 R]", b"/OFF [6 0 R]", True),
    (b"/VE [/Or [/Not 6 0 R] [/And 6 0 R]]", b"/BaseState /OFF /ON []", True),
    (b"/VE [/And [/Not 6 0 R] 6 0 R]", b"/BaseState /OFF", False),
    (b"/VE [/Not 6 0 R]", b"/ON [6 0 R]", False),  # every group on: a new one, off, hides it
])
def test_a_membership_dictionary_hides_what_the_default_configuration_hides(membership: bytes, config: bytes,
                                                                             shown: bool) -> None:
    result = api.detect(api.open_pdf(hostile_layers.ocmd(membership, config)), 1)
    assert [_box(t.bbox) for t in result.tables] == ([FAKE_BOX, GRID_BOX] if shown else [GRID_BOX])


def test_invisible_text_over_a_picture_is_a_scans_ocr_layer_and_makes_its_table() -> None:
    result = _detect("invisible_ocr_layer")
    assert [_box(t.bbox) for t in result.tables] == [(324.0, 84.3, 493.0, 168.7), GRID_BOX]
    assert result.tables[0].rows_text()[0] == ["w40 28", "w41 29", "w42 30"]


def test_a_table_in_type_below_a_point_keeps_its_grid_and_zero_size_type_leaves_no_words() -> None:
    result = _detect("tiny_fonts")
    assert [_box(t.bbox) for t in result.tables] == [FAKE_BOX, GRID_BOX]
    assert result.tables[0].rows_text()[0] == ["h40 28", "h41 29", "h42 30"]
    assert all(w.bbox.y1 < 300 for w in result.words)  # the 0 pt grid (y 302-392) has no word


@pytest.mark.parametrize("name", ["broken_widths", "widths_empty", "widths_reversed", "widths_huge_range"])
def test_broken_font_widths_keep_the_table_where_its_rules_are(name: str) -> None:
    """Short, negative, huge or non-number /Widths: the glyphs land where MuPDF advances them
    (overprinted where a width is 0), but the grid and its boxes stay."""
    result = _detect(name)
    assert [_box(t.bbox) for t in result.tables] == [GRID_BOX]
    assert (result.tables[0].n_rows, result.tables[0].n_cols) == (4, 3)


def test_forms_nested_past_mupdfs_limit_fail_the_page_with_a_plain_reason(tmp_path: Path) -> None:
    path = tmp_path / "deep.pdf"
    path.write_bytes(hostile_layers.nested_forms(100))
    run = _cli("detect", "--json", str(path), *FAST)
    assert run.returncode == 4 and "Traceback" not in run.stderr
    page = json.loads(run.stdout)["pages"][0]
    assert page["error"] == ("cannot be read (its drawing nests deeper than MuPDF can follow: forms or patterns "
                             "drawn within each other; MuPDF: code=5: exception stack overflow!)")


def test_forms_nested_forty_deep_are_read() -> None:
    result = api.detect(api.open_pdf(hostile_layers.nested_forms(40)), 1)
    assert [_box(t.bbox) for t in result.tables] == [GRID_BOX]


@pytest.mark.parametrize(("name", "fmt"), [(n, ("md", "csv", "html")[k % 3]) for k, n in enumerate(sorted(hostile_layers.CASES))])
def test_every_layers_case_exports_well_formed(name: str, fmt: str, tmp_path: Path) -> None:
    """Each case through ``export`` in one of the text formats (in turn): a documented exit, no
    traceback, and well-formed output (``outputs``)."""
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(hostile_layers.CASES[name]())
    run = _cli("export", str(path), "--format", fmt, "--from", "detection", *FAST)
    assert "Traceback" not in run.stderr
    assert run.returncode in (0, 4), run.stderr
    assert PROBLEM[fmt](run.stdout) == ""
