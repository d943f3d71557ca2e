"""Row-group labels centred over the rows they span (a first column of cells with rowSpan
2-4 and ``valign: middle``, jsPDF autotable's and many a tender's merged cells), no rules
between the rows. Over two rows (or four) the label's line sits on the boundary between
two lines that each hold their own item and amounts. It was read as the one-line cell
centred beside a two-line cell, and joined both rows into one; a line with its own label
and amounts is a row of its own. Each label's cell then spans its group (``centredstub``)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (56.0, 150.0, 260.0, 340.0, 420.0, 500.0)  # group, item, three amount columns
PITCH, SIZE = 18.0, 9.0
GROUPS = (("North", 2), ("South", 3), ("East", 4), ("West", 2))


def _put(page: pymupdf.Page, c: int, y: float, text: str, bold: bool = False) -> None:
    font = "hebo" if bold else "helv"
    right = c >= 2
    x = XS[c + 1] - 4 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE) if right else XS[c] + 4
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


def _items() -> list[tuple[str, ...]]:
    names = ("Revenue", "Cost of sales", "Marketing", "Research", "Services", "Licences", "Support",
             "Hardware", "Travel", "Interest", "Tax")
    return [(n, f"{(k + 1) ** 3 * 13:,}", f"({(k * 7919) % 4000 + 3:,})", f"{k * 3.7 % 40:.1f}%")
            for k, n in enumerate(names)]


def _page(band: bool) -> pymupdf.Document:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    if band:  # a header band with white text over the body, as autotable's themes draw it
        page.draw_rect(pymupdf.Rect(XS[0], top, XS[-1], top + PITCH), color=None, fill=(0.16, 0.5, 0.73))
    for c, text in enumerate(("Region", "Item", "2023", "2022", "Change")):
        _put(page, c, top + 12.5, text, bold=True)
    items, r = _items(), 0
    for label, n in GROUPS:
        y0 = top + PITCH * (1 + r)
        _put(page, 0, y0 + n * PITCH / 2 + 3.2, label)  # centred over its n rows
        for k in range(n):
            for c, text in enumerate(items[r + k], 1):
                _put(page, c, y0 + k * PITCH + 12.5, text)
        r += n
    return doc


@pytest.mark.parametrize("band", [False, True], ids=["plain", "header-band"])
def test_labels_centred_over_rows_leave_every_row_its_own(band: bool) -> None:
    res = Pipeline(open_document(_page(band).tobytes())).run(0)
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    items = _items()
    assert len(rows) == 1 + len(items)
    assert [row[1] for row in rows[1:]] == [i[0] for i in items]
    assert [row[2:] for row in rows[1:]] == [list(i[1:]) for i in items]
    labels = [row[0] for row in rows[1:]]
    assert [x for x in labels if x] == [g for g, _ in GROUPS]
    # each label one cell down its group (``centredstub``: "North" off the rows' lines, halfway
    # between its two, says the stub is centred; the groups fit the eleven rows exactly)
    stub = [(c.r, c.rs, c.text) for c in res.tables[0].cells if c.c == 0]
    assert stub == [(0, 1, "Region"), (1, 2, "North"), (3, 3, "South"), (6, 4, "East"), (10, 2, "West")]
