"""A font whose ToUnicode map is off by a constant reads as garbage ("The" as "Wkh"): the page's
notes, ``explain`` (text and ``--json``) and Why say the text layer looks wrong, with the font,
its characters and the offset, and the text is kept as it reads (never guessed). A font of
ordinary text, of figures alone, or of text in another script is not named."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.garbled import GARBLED_PREFIX, shifted
from inspector.core.types import PageResult

PROSE = ("The committee reviewed the annual report and the budget for the coming year.",
         "Members agreed that the results were in line with the plans set out last spring.")
TABLE = (("Region", "Office", "Staff"), ("North", "Leeds", "41"), ("South", "Exeter", "27"),
         ("East", "Norwich", "35"), ("West", "Bristol", "52"))


def _map(shift: int) -> bytes:
    """A ToUnicode CMap reading codes 0x20-0x7E as the characters ``shift`` code points on."""
    return ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Shifted def "
            "1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange "
            f"<20> <7E> <{0x20 + shift:04X}> endbfrange endcmap CMapName currentdict /CMap defineresource pop end end"
            ).encode()


def _page(shift: int, lines: tuple[str, ...] = PROSE * 3, table: bool = True) -> bytes:
    """Lines of Helvetica over a ruled 5 x 3 table in Helvetica, whose map reads ``shift`` code
    points on (0: no map), and a line of Times (its own map: ordinary text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for i, text in enumerate(lines):
        page.insert_text((50, 80 + 14 * i), text, fontsize=10, fontname="helv")
    if table:
        for r, row in enumerate(TABLE):
            for c, text in enumerate(row):
                page.insert_text((60 + 120 * c, 416 + 20 * r), text, fontsize=10, fontname="helv")
        for r in range(len(TABLE) + 1):
            page.draw_line((50, 400 + 20 * r), (410, 400 + 20 * r), width=0.5)
        for c in range(4):
            page.draw_line((50 + 120 * c, 400), (50 + 120 * c, 500), width=0.5)
    page.insert_text((50, 560), "Figures are for the year to the end of March.", fontsize=10, fontname="tiro")
    doc = pymupdf.open("pdf", doc.tobytes())
    if shift:
        (xref,) = [f[0] for f in doc.get_page_fonts(0) if f[3] == "Helvetica"]
        cmap = doc.get_new_xref()
        doc.update_object(cmap, "<<>>")
        doc.update_stream(cmap, _map(shift))
        doc.xref_set_key(xref, "ToUnicode", f"{cmap} 0 R")
    return doc.tobytes()


def _run(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _garbled(res: PageResult) -> list[str]:
    return [n for n in res.notes if n.startswith(GARBLED_PREFIX)]


def _chars(lines: tuple[str, ...]) -> int:
    """Characters drawn: a space too, which the map reads as "#" (no space)."""
    return sum(len(t) for t in lines)


def test_a_map_three_code_points_on_is_named_and_the_text_kept() -> None:
    res = _run(_page(3))
    n = _chars(PROSE * 3) + _chars(tuple(t for row in TABLE for t in row))
    assert _garbled(res) == [
        f"{GARBLED_PREFIX}font Helvetica draws {n} characters whose text reads as ordinary text only 3 code points "
        "back (its ToUnicode map is off by a constant?); its text is kept as it reads, so cell texts may not match "
        "the page"]
    (table,) = res.tables  # the rules still make the table; its text is what the map says
    assert (table.n_rows, table.n_cols) == (5, 3)
    assert [c.text for c in sorted(table.cells, key=lambda c: c.c) if c.r == 0] == ["Uhjlrq", "Riilfh", "Vwdii"]
    assert "Figures are for the year to the end of March." in " ".join(w.text for w in res.words)


def test_a_map_of_glyph_ids_29_back_is_named() -> None:
    """A TrueType subset's glyph ids (Apple's standard order: "a" is glyph 68) taken as characters."""
    (note,) = _garbled(_run(_page(-29)))
    assert "reads as ordinary text only 29 code points on" in note


def test_ordinary_text_figures_and_other_scripts_are_not_named() -> None:
    assert _garbled(_run(_page(0))) == []
    figures = tuple(f"({k}-{k + 3}) {k * 7},{k % 10} ({k + 1}, {k + 2})" for k in range(10, 40))
    assert _garbled(_run(_page(0, figures, table=False))) == []
    assert shifted(Counter("(12-14) (15) 3,5 0,4 (17, 19, 20) 477 497 402 439 166 " * 3)) is None
    assert shifted(Counter("道路交通法施行令の一部を改正する政令 LED 50W 2,654 6,040 " * 4)) is None


def test_too_little_text_to_tell_is_not_named() -> None:
    """A title of 3 words shifted: under ``MIN_CHARS`` characters of the font, no evidence."""
    assert _garbled(_run(_page(3, ("The annual report",), table=False))) == []


def test_the_cli_explain_says_so_in_text_and_json(tmp_path: Path) -> None:
    pdf = tmp_path / "shifted.pdf"
    pdf.write_bytes(_page(3))
    run = [sys.executable, "-m", "inspector.cli", "explain", str(pdf)]
    text = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert f"page 1: {GARBLED_PREFIX}font Helvetica draws " in text
    out = json.loads(subprocess.run([*run, "--json"], capture_output=True, text=True, check=True).stdout)
    (note,) = out["pages"][0]["text_layer"]
    assert note.startswith(f"{GARBLED_PREFIX}font Helvetica") and "3 code points back" in note
