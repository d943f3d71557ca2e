"""Tables as LaTeX sets them (corpus/latex holds them as pdfLaTeX and LuaLaTeX draw them), drawn
with known coordinates: a longtable on a page it does not end on (booktabs rules over and under
its repeated header only, body rows unruled at the type's leading, and longtable's foot, a
"Continued on next page" line right under the last row), and booktabs' group header
(``\\multicolumn`` over a ``\\cmidrule``, ``\\multirow`` labels beside it)."""

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


@pytest.mark.parametrize("label", ["Fiscal year", "Year"])
def test_group_label_over_its_cmidrule_spans_its_columns_and_labels_beside_span_both_rows(label: str) -> None:
    """booktabs' group header: a label centred over two columns with a ``\\cmidrule`` under
    just them, its sub-headers under it, and ``\\multirow`` labels beside it set centred
    between the two header rows. The group label spans the rule's columns even when its two
    words fall in two of them (one piece of text), and each label beside the rule spans both
    header rows (its text crosses the boundary the rule draws, the slot under it empty)."""
    top, body = 100.0, rows_of(1, 8)

    def build(page: pymupdf.Page) -> None:
        page.draw_line((XS[0], top), (XS[-1], top), width=0.8)
        width = pymupdf.Font("helv").text_length(label, SIZE)
        page.insert_text((XS[2] - width / 2, top + 10), label, fontsize=SIZE)
        page.draw_line((XS[1] + 5, top + 13), (XS[3] - 5, top + 13), width=0.4)
        for c in (0, 3):
            put(page, top + 15.5, c, HEAD[c])
        for c in (1, 2):
            put(page, top + 22, c, HEAD[c])
        page.draw_line((XS[0], top + 26), (XS[-1], top + 26), width=0.5)
        for r, row in enumerate(body):
            for c, text in enumerate(row):
                put(page, top + 37 + r * PITCH, c, text)
        page.draw_line((XS[0], top + 30 + len(body) * PITCH), (XS[-1], top + 30 + len(body) * PITCH), width=0.8)

    res = run(build)
    assert shapes(res) == [(10, 4)]
    spans = {c.text: (c.r, c.c, c.rs, c.cs) for c in res.tables[0].cells if c.r < 2 and c.text}
    assert spans == {label: (0, 1, 1, 2), "Item": (0, 0, 2, 1), "Change": (0, 3, 2, 1), "2023": (1, 1, 1, 1),
                     "2022": (1, 2, 1, 1)}

