"""A borderless table broken a row or two before its end: the tail at the top of the next page
is too short for page detection, and ``multipage.tails`` reads it in the first piece's columns
and links it. Built by PyMuPDF (drawing calls and Story), reportlab and fpdf2 (English,
Korean, Chinese), with prose
after the tail; a page opening with prose, a heading or a small table of its own gets no tail."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.tails import adopt_tails, tail_index
from inspector.core.params import ContinuationParams
from tests.core.continued_pdfs import (
    A4,
    CJK_FONT,
    MARGIN,
    OTHER_HEADERS,
    TOP,
    Case,
    Text,
    fpdf2_case,
    pymupdf_case,
    reportlab_case,
    texts,
)
from tests.core.continued_story_pdfs import story_case
from tests.core.test_continued_markers import detect

Build = Callable[[Text], Case]
BUILDS: dict[str, tuple[Build, int]] = {  # the builder and the rows it is given to fill a page
    "pymupdf": (lambda t: pymupdf_case(t, "plain", False), 40),
    "reportlab": (lambda t: reportlab_case(t, "plain", False), 40),
    "fpdf2": (lambda t: fpdf2_case(t, "NONE", False), 70),
    "story-rules": (lambda t: story_case(t, False), 60),  # PyMuPDF Story: header rules only
    "story-grid": (lambda t: story_case(t, True), 60),
}


def _capacity(build: Build, lang: str, n: int) -> int:
    """How many body rows page 1 holds."""
    t = texts(n)[lang]
    words = {w[4] for w in pymupdf.open("pdf", build(t).pdf)[0].get_text("words")}
    return max(k for k, r in enumerate(t.rows) if r[-1] in words) + 1


def _tail_case(producer: str, lang: str, extra: int) -> tuple[Case, Text]:
    build, n = BUILDS[producer]
    t = texts(_capacity(build, lang, n) + extra)[lang]
    return build(t), t


CASES = [("pymupdf", "en", 1), ("pymupdf", "en", 2), ("pymupdf", "ko", 1), ("pymupdf", "zh", 2),
         ("reportlab", "en", 1), ("reportlab", "en", 2), ("fpdf2", "en", 1), ("fpdf2", "en", 2),
         ("story-rules", "en", 2), ("story-grid", "en", 1)]


@pytest.mark.parametrize(("producer", "lang", "extra"), CASES, ids=[f"{p}-{lang}-{n}" for p, lang, n in CASES])
def test_short_tail_is_read_and_linked(producer: str, lang: str, extra: int, tmp_path: Path) -> None:
    if lang != "en" and CJK_FONT is None:
        pytest.skip("needs the WenQuanYi CJK font")
    case, t = _tail_case(producer, lang, extra)
    assert case.links == ((1, 2),)
    raw = detect(case.pdf, tmp_path)
    assert not any(tb.bbox.y0 < 150 for tb in raw[1].tables)  # detection alone finds no tail
    results = adopt_tails(raw)
    page2 = results[1]
    assert tail_index(page2) == {len(page2.tables) - 1}
    tail = page2.tables[-1]
    assert (tail.n_rows, tail.n_cols) == (extra, len(t.header))
    # Each row's cells read the table's last rows (a wrapped label joined by a space or newline).
    got = [[" ".join(x.split()) for x in row] for row in tail.rows_text()]
    want = [[" ".join(x.split()) for x in row] for row in t.rows[-extra:]]
    assert [[x.replace(" ", "") for x in r] for r in got] == [[x.replace(" ", "") for x in r] for r in want]
    conts = proposed(find_continuations(results))
    assert [(c.prev_page, c.next_page, c.next_index) for c in conts] == [(1, 2, len(page2.tables) - 1)]
    assert any(e.kind == "tail" for e in conts[0].evidence)


def test_tails_off_leaves_the_pages_alone(tmp_path: Path) -> None:
    case, _ = _tail_case("pymupdf", "en", 2)
    raw = detect(case.pdf, tmp_path)
    assert adopt_tails(raw, ContinuationParams(tails=False)) == raw


def _page2(case: Case, draw: Callable[[pymupdf.Page], None]) -> bytes:
    """``case``'s page 1 (a table ending at its foot) and a page 2 drawn by ``draw`` under the
    same running header and footer."""
    doc = pymupdf.open("pdf", case.pdf)
    while doc.page_count > 1:
        doc.delete_page(1)
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((MARGIN, 40), texts(1)["en"].running, fontsize=8)
    page.draw_line((MARGIN, 46), (A4[0] - MARGIN, 46), width=0.5)
    page.insert_text((A4[0] / 2 - 12, A4[1] - 40), "Page 2", fontsize=8)
    draw(page)
    return bytes(doc.tobytes())


def _prose(page: pymupdf.Page) -> None:
    page.insert_textbox(pymupdf.Rect(MARGIN, TOP, A4[0] - MARGIN, TOP + 80),
                        "All prices include delivery to site. " * 6, fontsize=9)


def _heading_rows(page: pymupdf.Page) -> None:
    page.insert_text((MARGIN, TOP + 13), "2. Payment schedule", fontsize=13)
    _rows(page, TOP + 30, [texts(1)["en"].rows[0]])


def _own_table(page: pymupdf.Page) -> None:
    _rows(page, TOP, [OTHER_HEADERS["en"], texts(1)["en"].rows[0]])


def _key_values(page: pymupdf.Page) -> None:
    _rows(page, TOP, [("Bidder", "Northwind Construction Ltd.", "", "", ""), ("Date", "12 March 2025", "", "", "")])


def _rows(page: pymupdf.Page, y: float, rows: list[tuple[str, ...]]) -> None:
    """Rows in the columns of ``continued_pdfs``' English table (9 pt, a row 17.5 pt tall)."""
    xs = [MARGIN]
    for w in texts(1)["en"].widths:
        xs.append(xs[-1] + w)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text:
                page.insert_text((xs[c] + 3, y + 3 + 9 + 17.5 * r), text, fontsize=9)


OPENERS = {"prose": _prose, "heading": _heading_rows, "own-header": _own_table, "key-values": _key_values}


@pytest.mark.parametrize("opener", list(OPENERS))
def test_page_opening_with_something_else_gets_no_tail(opener: str, tmp_path: Path) -> None:
    """Control: the table fills page 1 to its foot, and page 2 opens with prose, a heading over
    a row, a small table under its own header row or label/value lines in the table's columns:
    no tail is read, nothing is linked."""
    case, _ = _tail_case("pymupdf", "en", 2)
    raw = detect(_page2(case, OPENERS[opener]), tmp_path)
    results = adopt_tails(raw)
    assert results == raw
    assert proposed(find_continuations(results)) == ()


def test_link_pages_adopts_the_tail_then_links_it(tmp_path: Path) -> None:
    """The one call every caller makes: the tail adopted and linked, the pages as adopted."""
    from inspector.core.multipage.linking import link_pages

    case, t = _tail_case("pymupdf", "en", 2)
    raw = detect(case.pdf, tmp_path)
    linked = link_pages(raw)
    assert list(linked.results) == adopt_tails(raw)
    assert linked.continuations == find_continuations(adopt_tails(raw))
    page2 = linked.results[1]
    assert tail_index(page2) == {len(page2.tables) - 1}
    assert [(c.prev_page, c.next_page, c.next_index) for c in proposed(linked.continuations)] == \
        [(1, 2, len(page2.tables) - 1)]
    assert link_pages(raw, ContinuationParams(enabled=False)).continuations == ()
