"""A LaTeX longtable on a page it does not end on (corpus/latex): booktabs rules over and under
its repeated header only, body rows unruled at the type's leading, and longtable's foot, a
"Continued on next page" line set right under the last row against the table's right edge."""

from __future__ import annotations

import pymupdf
import pytest

from tests.core.test_library_styles import HEAD, XS, rows_of, run, shapes

SIZE = 9.0
PITCH = 11.0  # pt between baselines: LaTeX's unpadded rows


def put(page: pymupdf.Page, y: float, c: int, text: str, font: str = "helv") -> None:
    """``text`` on baseline ``y`` in column ``c``: the first column left-aligned, the others right."""
    x = XS[c] + 4 if c == 0 else XS[c + 1] - 4 - pymupdf.Font(font).text_length(text, SIZE)
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


@pytest.mark.parametrize("foot", ["Continued on next page", "(continued)", "Table 4 continued overleaf"])
def test_the_continued_line_under_the_last_row_is_not_a_row(foot: str) -> None:
    """The box the rules make is the header alone (no column gaps to test a line against), so
    the foot, one piece under a row that fills the table's width, passed for that row's last
    cell wrapped onto a next line. By its words it is a continuation marker: the table ends
    over it, its rows the header and the body."""
    top, body = 100.0, rows_of(1, 20)

    def build(page: pymupdf.Page) -> None:
        page.draw_line((XS[0], top), (XS[-1], top), width=0.8)
        for c, text in enumerate(HEAD):
            put(page, top + 10, c, text)
        page.draw_line((XS[0], top + 14), (XS[-1], top + 14), width=0.5)
        for r, row in enumerate(body):
            for c, text in enumerate(row):
                put(page, top + 26 + r * PITCH, c, text)
        x = XS[-1] - 4 - pymupdf.Font("heit").text_length(foot, SIZE)
        page.insert_text((x, top + 26 + len(body) * PITCH), foot, fontsize=SIZE, fontname="heit")

    res = run(build)
    assert shapes(res) == [(21, 4)]
    texts = res.tables[0].rows_text()
    assert texts[-1][0] == "Account 20" and all(foot not in " ".join(row) for row in texts)
