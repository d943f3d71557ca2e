"""An invoice's totals printed as a second, narrower table under the line items, at the right
(an HTML template's totals table floated right, as wkhtmltopdf prints it): line items ruled
under every row across the table, then Subtotal and Tax, a rule over the block only, and
Total due. The block is a table of its own (``blockunder``), and explain says why. A
statement's totals rule over its amount columns, the Total row's label in the table's label
column, stays the table's: one table with the Total row."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.blockunder import BLOCK_UNDER
from inspector.core.types import PageResult

SIZE = 9.0
LEFT, RIGHT = 50.0, 545.0
XS = (50.0, 80.0, 300.0, 380.0, 460.0, 545.0)  # #, Description, Qty, Unit price, Amount
PITCH = 18.0
HEAD = ("#", "Description", "Qty", "Unit price", "Amount")
ITEMS = (("1", "Design review", "9", "$167.85", "$1,510.65"), ("2", "Licence renewal", "10", "$432.22", "$4,322.20"),
         ("3", "Hosting (monthly)", "30", "$500.85", "$15,025.42"), ("4", "Support contract", "36", "$737.92", "$26,565.05"))
TOTALS = (("Subtotal", "$47,423.32"), ("Tax (5%)", "$2,371.17"), ("Total due", "$49,794.49"))


def _cell(page: pymupdf.Page, c: int, y: float, text: str, bold: bool = False) -> None:
    font = "hebo" if bold else "helv"
    x = XS[c] + 6 if c < 2 else XS[c + 1] - 6 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


def _page(block_left: float | None) -> bytes:
    """The items ruled under each row; under them the totals: with ``block_left``, a block
    from that x to the table's right side (labels at its left, a rule over Total due across
    it only); without, the labels in the description column, a rule over the amount columns
    only (a statement's)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((LEFT, 70), "Invoice INV-1624", fontsize=16, fontname="hebo")
    top = 110.0
    page.draw_rect(pymupdf.Rect(LEFT, top, RIGHT, top + PITCH), color=None, fill=(0.2, 0.24, 0.25))
    for c, h in enumerate(HEAD):
        x = XS[c] + 6 if c < 2 else XS[c + 1] - 6 - pymupdf.get_text_length(h, fontname="hebo", fontsize=SIZE)
        page.insert_text((x, top + 12.5), h, fontsize=SIZE, fontname="hebo", color=(1, 1, 1))
    for r, row in enumerate(ITEMS):
        y = top + (r + 1) * PITCH
        for c, text in enumerate(row):
            _cell(page, c, y + 12.5, text)
        page.draw_rect(pymupdf.Rect(LEFT, y + PITCH - 0.6, RIGHT, y + PITCH), color=None, fill=(0.8, 0.8, 0.8))
    y = top + (len(ITEMS) + 1) * PITCH + 6
    for k, (label, amount) in enumerate(TOTALS):
        last = k == len(TOTALS) - 1
        if last:
            x0 = block_left if block_left is not None else XS[3]
            page.draw_rect(pymupdf.Rect(x0, y, RIGHT, y + 1.2), color=None, fill=(0.2, 0.2, 0.2))
        x = (block_left + 6) if block_left is not None else XS[1] + 6
        page.insert_text((x, y + 12), label, fontsize=SIZE, fontname="hebo" if last else "helv")
        _cell(page, 4, y + 12, amount, bold=last)
        y += 16
    page.insert_text((LEFT, y + 30), "Payment is due within thirty days of the invoice date. Thank you for "
                     "your business.", fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def _run(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def test_totals_block_under_the_items_is_a_table_of_its_own() -> None:
    res = _run(_page(block_left=360.0))
    assert len(res.tables) == 2
    items, totals = sorted(res.tables, key=lambda t: t.bbox.y0)
    assert items.rows_text() == [list(HEAD), *(list(r) for r in ITEMS)]
    assert totals.rows_text() == [list(r) for r in TOTALS]
    assert totals.bbox.x0 > 360.0 and items.bbox.y1 < totals.bbox.y0
    told = [r for r in res.regions if r.reason == BLOCK_UNDER]
    assert len(told) == 1 and told[0].bbox.x0 == 360.0


def test_a_totals_rule_over_the_amounts_stays_the_tables() -> None:
    res = _run(_page(block_left=None))
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    assert rows[0] == list(HEAD) and rows[-1][1] == "Total due" and rows[-1][-1] == "$49,794.49"
    assert any("Subtotal" in text for row in rows for text in row)  # the band over the rule: the table's too
    assert not any(r.reason == BLOCK_UNDER for r in res.regions)


def _group_head_page() -> bytes:
    """A booktabs table: a top rule, "Fiscal year" over the three year columns with a rule
    under them only (a ``cmidrule``), the years, a rule, the body, a bottom rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = (150.0, 290.0, 350.0, 410.0)  # the label's left, each year column's right
    y = 120.0
    page.draw_line((xs[0], y), (xs[3] + 6, y), width=0.8)
    page.insert_text((xs[0], y + 22), "Item", fontsize=SIZE, fontname="helv")
    page.insert_text((320.0, y + 13), "Fiscal year", fontsize=SIZE, fontname="helv")
    page.draw_line((250.0, y + 17), (xs[3] + 6, y + 17), width=0.4)
    for x, year in zip(xs[1:], ("2018", "2019", "2020"), strict=True):
        page.insert_text((x - pymupdf.get_text_length(year, fontsize=SIZE), y + 29), year, fontsize=SIZE)
    page.draw_line((xs[0], y + 33), (xs[3] + 6, y + 33), width=0.5)
    body = (("Alps", "41", "-5.8%", "7.73"), ("Travel", "40,205", "-1.5%", "(12.36)"),
            ("Africa", "86", "-10.0%", "83.70"), ("Energy use", "728", "4.6%", "8.37"))
    for r, row in enumerate(body):
        yy = y + 46 + r * 12
        page.insert_text((xs[0], yy), row[0], fontsize=SIZE)
        for x, text in zip(xs[1:], row[1:], strict=True):
            page.insert_text((x - pymupdf.get_text_length(text, fontsize=SIZE), yy), text, fontsize=SIZE)
    page.draw_line((xs[0], y + 40 + len(body) * 12), (xs[3] + 6, y + 40 + len(body) * 12), width=0.8)
    return doc.tobytes()


def test_a_group_heads_rule_under_the_top_rule_is_no_block() -> None:
    """Under the top rule alone (no ruled row above it yet), a narrower rule at the right
    under a group head is the head's: one table, its body rows in it, nothing told."""
    res = _run(_group_head_page())
    assert len(res.tables) == 1
    assert any(row[0] == "Energy use" for row in res.tables[0].rows_text())
    assert any("Fiscal year" in text for row in res.tables[0].rows_text() for text in row)
    assert not any(r.reason == BLOCK_UNDER for r in res.regions)
