"""A statistical annex: each page one table of the same columns, filling the page under its own
caption, the captions alike but for their number ("Table 4. Income by region", "Table 5.
Income by region", "表4 合并利润表", "<표 4> 세부 예산 내역"). The caption repeats at the same
height on every page, as a running header does, and reads as one by its signature (numbers as
"#"); yet a caption whose number changed names another table: no page continues another
(``markers.bare``, ``textlines.Margins``). Controls: the same caption set again over every
piece (a title a producer repeats) links the pieces, and so do pages whose running header
carries the page's number."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations
from inspector.core.multipage.markers import bare
from inspector.core.multipage.textlines import Line, Margins
from inspector.core.types import Rect
from tests.core.continued_pdfs import detect, pairs

W, H = 595.0, 842.0
XS = (60.0, 200.0, 260.0, 350.0, 440.0, 535.0)
ROW_H = 16.0
FOOT = 770.0
PAGES = 3
HEADS = {"helv": ("Item", "Unit", "FY2025", "FY2024", "Change"), "china-s": ("项目", "单位", "本期金额", "上期金额", "变动"),
         "korea": ("구분", "단위", "금액", "전년도", "증감률")}


def _row(k: int) -> tuple[str, ...]:
    a, b = (k * 7919) % 90000 + 1000, (k * 104729) % 90000 + 1000
    return f"Region {k}", "k", f"{a:,}", f"{b:,}", f"{(a - b) / b * 100:.1f}"


def build(captions: list[str], font: str = "helv", unit: str = "", running: str = "Statistical annex") -> bytes:
    """``PAGES`` pages, each a running header over a rule, ``captions[p]`` (bold, larger) at the
    top, ``unit`` under it (if any), then a ruled table with its header filling the page down to
    ``FOOT``, a folio at the foot. ``running`` may hold "{n}", the page's number."""
    doc = pymupdf.open()
    k = 1
    for p in range(PAGES):
        page = doc.new_page(width=W, height=H)
        page.insert_text((60, 40), running.format(n=p + 1), fontsize=8, fontname=font)
        page.draw_line((60, 46), (535, 46), width=0.5)
        page.insert_text((290, 805), f"- {p + 1} -", fontsize=8)
        page.insert_text((60, 72), captions[p], fontsize=11, fontname=font if font != "helv" else "hebo")
        y = 80.0
        if unit:
            page.insert_text((480, 90), unit, fontsize=8, fontname=font)
            y = 96.0
        rows = [HEADS[font]] + [_row(k + i) for i in range(int((FOOT - y) // ROW_H) - 1)]
        k += len(rows) - 1
        ys = [y + ROW_H * r for r in range(len(rows) + 1)]
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                page.insert_text((XS[c] + 3, ys[r] + 11.5), text, fontsize=8.5,
                                 fontname=font if r == 0 or c == 0 else "helv")
        for yy in ys:
            page.draw_line((XS[0], yy), (XS[-1], yy), width=0.5)
        for x in XS:
            page.draw_line((x, y), (x, ys[-1]), width=0.5)
    return bytes(doc.tobytes())


ANNEX = [(["Table 4. Income by region", "Table 5. Income by region", "Table 6. Income by region"], "helv"),
         (["表4 合并利润表", "表5 合并利润表", "表6 合并利润表"], "china-s"),
         (["<표 4> 세부 예산 내역", "<표 5> 세부 예산 내역", "<표 6> 세부 예산 내역"], "korea")]


@pytest.mark.parametrize("unit", ["", "(in thousands)"])
@pytest.mark.parametrize(("captions", "font"), ANNEX)
def test_captions_alike_but_for_their_number_part_the_tables(captions: list[str], font: str, unit: str,
                                                             tmp_path: Path) -> None:
    """Each page's table fills it, under a caption with the next number: no continuation, and
    the candidate's evidence names the caption (over the table, or over its unit line)."""
    pages = detect(build(captions, font, unit), tmp_path)
    assert [len(r.tables) for r in pages] == [1] * PAGES
    conts = find_continuations(pages)
    assert pairs(conts) == []
    for c in conts:
        vetoes = [e for e in c.evidence if e.veto]
        assert any(captions[c.next_page - 1] in e.detail for e in vetoes), c.evidence


@pytest.mark.parametrize(("captions", "font"), ANNEX)
def test_the_same_caption_over_every_piece_links_them(captions: list[str], font: str, tmp_path: Path) -> None:
    """Control: the first caption set again over every page (numbers and all) is the table's
    title repeated: the pieces link, page by page."""
    conts = find_continuations(detect(build([captions[0]] * PAGES, font), tmp_path))
    assert pairs(conts) == [(1, 2), (2, 3)]


def test_a_running_header_with_the_page_number_stays_furniture(tmp_path: Path) -> None:
    """Control: the running header carries the page's number ("Annex - page 2") and the one
    title repeats: the header reads as furniture by its signature still (no caption), the
    pieces link."""
    conts = find_continuations(detect(build(["Table 4. Income by region"] * PAGES, running="Annex - page {n}"),
                                      tmp_path))
    assert pairs(conts) == [(1, 2), (2, 3)]


def test_bare_keeps_a_captions_number_only() -> None:
    assert bare("Table 5. Income by region") != bare("Table 4. Income by region")
    assert bare("表5 合并利润表") != bare("表4 合并利润表")
    assert bare("Table 4. Income by region (continued)") == bare("Table 4. Income by region")
    assert bare("Revenue by region 2025") == bare("Revenue by region 2024")  # no caption: numbers are "#"


def test_margins_match_captions_word_for_word() -> None:
    """A caption at the same height on two pages is furniture only where its text is the same;
    another line by its signature."""
    def line(text: str) -> Line:
        return Line(text, Rect(60, 62, 300, 74), False)

    m = Margins({1: [line("Table 4. Income"), line("Annex page 1")], 2: [line("Table 5. Income"), line("Annex page 2")],
                 3: [line("Table 5. Income")]}, {1: H, 2: H, 3: H})
    assert not m.is_margin(1, line("Table 4. Income"))
    assert m.is_margin(2, line("Table 5. Income"))  # page 3 has it word for word
    assert m.is_margin(1, line("Annex page 1"))
