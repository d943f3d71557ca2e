"""Text left out as not visible is named: how many words, where, why and which parameter reads
them, in the page's notes, in ``explain`` (its regions left out, the CLI's text and JSON) and in
Why's answer on that spot. Covered (an opaque box painted after the words), invisible (render
mode 3), white on white and in a layer the default view hides, each on a page built here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.unseen import UNSEEN
from inspector.core.types import PageResult, Rect
from tests.fuzz.hostile_layers import ocg_off


def _page() -> bytes:
    """A visible 4 x 3 borderless table; under it three covered words, three invisible and two
    white ones, each line at a known place."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    for r in range(4):
        for c, text in enumerate((f"Item{r}", f"{r * 11}", f"{r * 7}.5")):
            page.insert_text((50 + 100 * c, 70 + 15 * r), text, fontsize=10)
    page.insert_text((50, 200), "Secret account 123456", fontsize=10)
    page.draw_rect(pymupdf.Rect(45, 188, 200, 205), color=None, fill=(1, 1, 1))
    page.insert_text((50, 240), "Ghost words here", fontsize=10, render_mode=3)
    page.insert_text((50, 270), "white words", fontsize=10, color=(1, 1, 1))
    return doc.tobytes()


def _run(data: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(data)).run(0, params)


def test_each_kind_is_one_block_with_its_count_and_place() -> None:
    res = _run(_page())
    assert [(u.kind, u.words) for u in res.unseen] == [("covered", 3), ("white", 2), ("invisible", 3)]
    covered, white, invisible = (u.bbox for u in res.unseen)
    assert covered.within(Rect(49, 188, 154, 204))
    assert 228 <= invisible.y0 and invisible.y1 <= 244 and 258 <= white.y0 and white.y1 <= 274
    notes = [n for n in res.notes if n.startswith("hidden text: ")]
    assert notes[0].startswith("hidden text: 3 word(s) covered by an opaque box painted after them at (50, 189)-(153, 203) pt")
    assert all(n.endswith("(rows.hidden_text off reads them)") for n in notes) and len(notes) == 3
    off = Params().with_value("rows.hidden_text", 0)
    again = _run(_page(), off)
    assert again.unseen == () and not any(n.startswith("hidden text") for n in again.notes)
    assert len(again.words) == len(res.words) + 8


def test_explain_lists_them_as_regions_left_out_with_the_switch() -> None:
    res = _run(_page())
    why = explain(res, Params())
    hidden = [r for r in why.rejected if r.source == UNSEEN]
    assert len(hidden) == 3 and all(r.params == ("rows.hidden_text",) for r in hidden)
    assert hidden[0].reason == ("3 word(s) covered by an opaque box painted after them, left out: not visible, no "
                                "evidence (rows.hidden_text = 1; 0 reads it)")
    assert all(r.flip is None for r in hidden)  # no detect given: nothing confirms a table there
    b = hidden[2].bbox
    answer = why.why_not_here(b.cx, b.cy)
    assert answer.startswith("Text here is not shown and was left out: 3 word(s) drawn invisible (render mode 3")
    assert answer.endswith("Setting rows.hidden_text to 0 reads it as text.")


def _ghost_table() -> bytes:
    """A borderless 4 x 3 table drawn invisible, alone on its page."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    for r in range(4):
        for c, text in enumerate((f"Name{r}", f"{r * 13}", f"{r * 3}.25")):
            page.insert_text((50 + 100 * c, 70 + 15 * r), text, fontsize=10, render_mode=3)
    return doc.tobytes()


def test_the_switch_is_the_flip_when_it_makes_a_table_there() -> None:
    data = _ghost_table()
    pipe = Pipeline(open_document(data))
    res = pipe.run(0)
    assert res.tables == () and [(u.kind, u.words) for u in res.unseen] == [("invisible", 12)]
    why = explain(res, Params(), lambda p: pipe.run(0, p))
    (region,) = [r for r in why.rejected if r.source == UNSEEN]
    assert region.flip == ("rows.hidden_text", 0)
    assert why.why_not_here(region.bbox.cx, region.bbox.cy).endswith(
        "Setting rows.hidden_text to 0 reads it, and a table is found here.")


def test_a_hidden_layer_is_named_and_no_parameter_shows_it() -> None:
    """The fuzz layer file: a fake table in a layer the default configuration turns off."""
    res = _run(ocg_off())
    layer = [u for u in res.unseen if u.kind == "layer"]
    assert [u.words for u in layer] == [30]
    assert not any(w.bbox.intersection(layer[0].bbox) for w in res.words)
    (note,) = [n for n in res.notes if n.startswith("hidden text: ")]
    assert note.endswith("(no parameter shows a hidden layer)") and "optional-content layer" in note
    (region,) = [r for r in explain(res, Params()).rejected if r.source == UNSEEN]
    assert region.params == () and region.flip is None


def test_the_cli_says_so_in_text_and_json(tmp_path: Path) -> None:
    pdf = tmp_path / "hidden.pdf"
    pdf.write_bytes(_page())
    run = [sys.executable, "-m", "inspector.cli", "explain", str(pdf)]
    text = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert "page 1: hidden text: 2 word(s) drawn white on white paper at (50, 259)-(103, 273) pt" in text
    assert "  hidden text (50, 189)-(153, 203) pt: 3 word(s) covered by an opaque box painted after them" in text
    out = json.loads(subprocess.run([*run, "--json"], capture_output=True, text=True, check=True).stdout)
    page = out["pages"][0]
    assert [(h["kind"], h["words"]) for h in page["hidden_text"]] == [("covered", 3), ("white", 2), ("invisible", 3)]
    hidden = [r for r in page["rejected"] if r["source"] == "hidden text"]
    assert len(hidden) == 3 and hidden[0]["params"] == ["rows.hidden_text"]
