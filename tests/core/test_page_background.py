"""A fill covering the whole page is its background, whatever its colour (``evidence.rules_vector``).

``mutool convert`` re-draws a slide's white full-page fill black (a colour it misreads); the
text is unchanged. The fill's edges are the page's edges and its colour says nothing: it is no
table evidence, and the detector reads the page as it reads the white one.
"""

from __future__ import annotations

import pymupdf

from inspector.core.evidence.rules_vector import BACKGROUND
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

ROWS = [("Region", "Units", "Revenue"), ("North", "120", "4,310"), ("South", "98", "3,870"),
        ("East", "143", "5,020"), ("West", "77", "2,940")]


def _page(background: tuple[float, float, float] | None, margin: float = 0.0) -> PageResult:
    """A slide (960 x 540 pt) with a ruled table under a heading, on a full-page fill of
    ``background`` (none: the bare page) drawn ``margin`` pt inside the page's edges."""
    doc = pymupdf.open()
    page = doc.new_page(width=960, height=540)
    if background is not None:
        page.draw_rect(pymupdf.Rect(margin, margin, 960 - margin, 540 - margin), color=None, fill=background, width=0)
    page.insert_text((80, 60), "Sales by region", fontsize=20)
    for i, row in enumerate(ROWS):
        y = 120 + 28 * i
        for x, text in zip((90, 330, 570), row, strict=True):
            page.insert_text((x, y + 19), text, fontsize=14)
        page.draw_line((80, y), (800, y), color=(0.5, 0.5, 0.5), width=0.75)
    page.draw_line((80, 120 + 28 * len(ROWS)), (800, 120 + 28 * len(ROWS)), color=(0.5, 0.5, 0.5), width=0.75)
    return Pipeline(open_document(doc.tobytes(), name="slide.pdf")).run(0)


def _grids(res: PageResult) -> list[list[list[str]]]:
    return [t.rows_text() for t in res.tables]


def test_a_black_full_page_fill_reads_as_the_white_page() -> None:
    bare = _page(None)
    assert len(bare.tables) == 1 and bare.tables[0].n_cols == 3
    for colour in ((0, 0, 0), (1, 1, 1), (0.85, 0.9, 1.0)):  # black, white, a tinted slide
        res = _page(colour)
        assert _grids(res) == _grids(bare), colour
        assert [r.reason for r in res.rejected_fills] == ([BACKGROUND] if colour != (1, 1, 1) else [])


def test_a_fill_short_of_the_page_stays_evidence() -> None:
    # a panel 60 pt inside every edge is a coloured area of the page, not its background
    res = _page((0.85, 0.9, 1.0), margin=60)
    assert not any(r.reason == BACKGROUND for r in res.rejected_fills)
    assert res.fills
