"""Pages as other programs' pipelines write them (tests/fuzz/hostile_output.py), held to exact
expectations: a page written a text object a glyph reads its table in time (the repeat filter
looked at every earlier word of one text: quadratic in a page of one-letter words), Type3
bitmap fonts and wrong ToUnicode maps still give their tables, /Rotate over an offset CropBox
keeps what the crop shows, and a table held by form widgets is read."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from inspector import api
from inspector.core.reading.repeats import without_repeats
from inspector.core.types import Rect, Word
from tests.fuzz import hostile_output

ROOT = Path(__file__).resolve().parents[2]
GRID_ROWS = [["c30 21", "c31 22", "c32 23"], ["c20 14", "c21 15", "c22 16"], ["c10 7", "c11 8", "c12 9"],
             ["c00 0", "c01 1", "c02 2"]]  # hostile_content._grid's table, read top down
AMOUNTS = [[str(1000 * r + 37 * c + 5) for c in range(3)] for r in range(5)]  # type3_table's


def _tables(name: str) -> list[list[list[str]]]:
    result = api.detect(api.open_pdf(hostile_output.CASES[name]()), 1)
    return [t.rows_text() for t in result.tables]


def test_a_page_written_a_text_object_a_glyph_reads_its_tables() -> None:
    assert _tables("glyph_objects") == [[[f"r{r}c{c}" for c in range(3)] for r in range(4)], GRID_ROWS]


def test_thirty_thousand_letter_spaced_glyph_objects_are_read() -> None:
    """Every glyph a word of its own: 29,314 words, about 1,800 of the letter "e" alone. The repeat
    filter compared each with every kept one of its text: 17.5 s idle, the page stopped at 20 s
    under load (``benchmarks/fuzz.py --only output``); read whole within the budget now."""
    result = api.detect(api.open_pdf(hostile_output.glyph_objects_many()), 1)
    assert [t.rows_text() for t in result.tables] == [GRID_ROWS]
    assert len(result.words) == 29_314


def _brute(words: list[Word]) -> list[Word]:
    """The repeat filter as it was: every kept box of a text compared (within 1 pt: left, top, right)."""
    kept: list[Word] = []
    for w in words:
        b = w.bbox
        if not any(k.text == w.text and abs(k.bbox.x0 - b.x0) <= 1 and abs(k.bbox.y0 - b.y0) <= 1
                   and abs(k.bbox.x1 - b.x1) <= 1 for k in kept):
            kept.append(w)
    return kept


def test_the_repeat_index_drops_what_comparing_every_box_drops() -> None:
    """Words of three texts scattered a few points about cell borders (negative ones too), in
    steps of 0.25 pt so that many lie exactly 1 pt apart: the same words kept, in order."""
    rng = random.Random(7)
    words = []
    for _ in range(3000):
        x, y = rng.randint(-12, 12) / 4, rng.randint(-12, 12) / 4
        words.append(Word(rng.choice("eex"), Rect(x, y, x + 4 + rng.randint(0, 8) / 4, y + 7)))
    kept = without_repeats(words)
    assert list(kept) == _brute(words)
    assert 50 < len(kept) < 2000


@pytest.mark.parametrize("name", ["type3_table", "type3_no_tounicode"])
def test_a_type3_bitmap_font_table_is_read(name: str) -> None:
    assert _tables(name) == [AMOUNTS, GRID_ROWS]


@pytest.mark.parametrize("name", ["type3_unit_matrix", "type3_flipped_matrix"])
def test_a_type3_font_matrix_out_of_scale_costs_its_text_only(name: str) -> None:
    assert _tables(name)[-1] == GRID_ROWS


@pytest.mark.parametrize("name", ["tounicode_shifted", "tounicode_fullwidth", "tounicode_private",
                                  "tounicode_truncated", "tounicode_picture", "tounicode_name"])
def test_a_wrong_tounicode_map_keeps_the_table_shape(name: str) -> None:
    tables = _tables(name)
    assert len(tables) == 2 and tables[1] == GRID_ROWS
    assert [len(r) for r in tables[0]] == [3] * 5


def test_rotate_over_an_offset_cropbox_keeps_what_the_crop_shows() -> None:
    result = api.detect(api.open_pdf(hostile_output.rotate_cropped()), 1)
    assert result.rotation == 90 and (result.width, result.height) == (340, 190)
    assert [t.rows_text() for t in result.tables] == [GRID_ROWS]
    assert not [w.text for w in result.words if w.text.startswith(("k01", "k02"))]  # cut off by the crop


@pytest.mark.parametrize("name", ["rotate_270_crop_outside", "rotate_180_crop_empty"])
def test_a_crop_off_the_table_finds_none_and_says_so(name: str) -> None:
    result = api.detect(api.open_pdf(hostile_output.CASES[name]()), 1)
    assert result.tables == () and any("no text on this page" in w for w in result.warnings)


@pytest.mark.parametrize("name", ["widget_table", "widget_table_no_appearance"])
def test_a_table_held_by_form_widgets_is_read(name: str) -> None:
    tables = _tables(name)
    assert tables[0] == [[f"{r + 1},{37 * c + 5:03d}" for c in range(3)] for r in range(4)]
    assert tables[1] == GRID_ROWS


@pytest.mark.parametrize("name", sorted(hostile_output.CASES))
def test_explain_json_says_nothing_on_stderr_but_notes(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(hostile_output.CASES[name]())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "inspector.cli", "explain", "--json", str(path), "--set",
                          "budget.seconds=10"], capture_output=True, text=True, timeout=120, env=env,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert run.stdout.lstrip().startswith("{")
