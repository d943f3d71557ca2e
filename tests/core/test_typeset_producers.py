"""Tables as Typst and WeasyPrint typeset them, drawn with known coordinates (corpus/producers
holds the same styles as the two programs draw them)."""

from __future__ import annotations

import pymupdf
import pytest

from tests.core.test_library_styles import HEAD, ROW, XS, rows_of, run, shapes

SIZE = 9.0


def put(page: pymupdf.Page, y: float, c: int, text: str, bold: bool = False) -> None:
    """``text`` on baseline ``y`` in column ``c``: the first column left-aligned, the others right."""
    font = "hebo" if bold else "helv"
    x = XS[c] + 4 if c == 0 else XS[c + 1] - 4 - pymupdf.Font(font).text_length(text, SIZE)
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


@pytest.mark.parametrize("bold", [True, False], ids=["bold-header", "plain-header"])
def test_zebra_header_over_a_wrapped_unshaded_first_row_is_its_own_row(bold: bool) -> None:
    """CSS ``tr:nth-child(even)`` shading from the second body row, no lines: the header and
    the first (white) body row stand above the first shaded band, and the first row's last
    cell wraps onto a second line ("1년 유지보" over "수"). The lines that each fill the row
    start rows, the short line goes on the row above: header and first row stay two rows."""
    top, wrapped = 100.0, 2 * ROW - 4
    first = (*rows_of(1, 1)[0][:3], "maint.")
    body = rows_of(2, 6)
    body_top = top + ROW + wrapped

    def build(page: pymupdf.Page) -> None:
        for c, text in enumerate(HEAD):
            put(page, top + 11.5, c, text, bold=bold)
        for c, text in enumerate(first):
            put(page, top + ROW + 11.5, c, text)
        put(page, top + ROW + 22.5, 3, "incl.")
        for r, row in enumerate(body):
            if r % 2 == 0:
                page.draw_rect(pymupdf.Rect(XS[0], body_top + r * ROW, XS[-1], body_top + (r + 1) * ROW),
                               color=None, fill=(0.93, 0.95, 0.97))
            for c, text in enumerate(row):
                put(page, body_top + r * ROW + 11.5, c, text)

    res = run(build)
    assert shapes(res) == [(8, 4)]
    texts = res.tables[0].rows_text()
    assert [r[0] for r in texts[:3]] == ["Item", "Account 01", "Account 02"]
    assert texts[1][3].split() == ["maint.", "incl."]


def test_two_cells_wrapping_in_one_unruled_row_stay_that_row() -> None:
    """A booktabs body (rules over and under the header and under the table only), rows
    parted by the cells' padding (18 pt apart), lines of a cell by 11 pt: one row's spec and
    note cells both wrap ("5,000 lumen" over "WUXGA", "1 yr" over "service"). The short
    line, set tighter than the rows, with no label and no amount, goes on that row's cells."""
    pitch, top = 18.0, 100.0
    head = ("Item", "Spec", "Qty", "Note")
    body = [(f"Item {k}", f"Model {k}", str(10 + k), "incl.") for k in range(6)]
    body[3] = ("Projector", "5,000 lumen", "34", "1 yr")

    def build(page: pymupdf.Page) -> None:
        for c, text in enumerate(head):
            put(page, top + 12.5, c, text, bold=True)
        for r, row in enumerate(body):
            y = top + (r + 1) * pitch + 12.5
            for c, text in enumerate(row):
                put(page, y, c, text)
        put(page, top + 4 * pitch + 23.5, 1, "WUXGA")
        put(page, top + 4 * pitch + 23.5, 3, "service")
        bottom = top + 7 * pitch + 11
        for y, w in ((top, 1.2), (top + pitch, 0.6), (bottom, 1.2)):
            page.draw_line((XS[0], y), (XS[-1], y), width=w)

    res = run(build)
    assert shapes(res) == [(7, 4)]
    texts = res.tables[0].rows_text()
    assert texts[4][1].split() == ["5,000", "lumen", "WUXGA"] and texts[4][3].split() == ["1", "yr", "service"]
    assert texts[5][0] == "Item 4"
