"""Built PDFs for where one table ends: running headers and footers, and text between tables
that share their columns. Known coordinates; two producers' habits (PyMuPDF drawing, and
HTML laid out by PyMuPDF's Story)."""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf

from resources.make_samples import A4, TableStyle, TableTruth, draw_table, finish, new_document

HEADER_RULE_Y = 58.0
LEFT = 72.0
WIDTHS = (150.0, 80.0, 80.0, 80.0)
BALANCE = ("Item", "2023", "2022", "Change")
BOOKTABS = TableStyle(rules="booktabs", bold_header=True)
RULED = TableStyle()


def balance_rows(first: int, n: int) -> list[tuple[str, ...]]:
    """``n`` balance-sheet lines numbered from ``first`` (distinct texts, numbers right)."""
    return [(f"Account {k:02d}", f"{1000 + 37 * k:,}", f"{900 + 29 * k:,}", f"{(8 * k) % 50 + 1}.{k % 10}%")
            for k in range(first, first + n)]


def running_header(page: pymupdf.Page, number: int, *, font: str = "helv", title: str = "Annual Report 2023") -> None:
    """A running header (title left, section right, a rule under both) and a page number."""
    page.insert_text((LEFT, HEADER_RULE_Y - 6), title, fontsize=8, fontname=font)
    page.insert_text((A4[0] - LEFT - 90, HEADER_RULE_Y - 6), "Financial statements", fontsize=8, fontname=font)
    page.draw_line((LEFT, HEADER_RULE_Y), (A4[0] - LEFT, HEADER_RULE_Y), width=0.6)
    page.insert_text((A4[0] / 2 - 4, A4[1] - 36), str(number), fontsize=8, fontname=font)


SENTENCE = "The figures above are audited; those below are not yet audited and may change."


def furniture_document(style: TableStyle = RULED, pages: int = 3, gap: float = 6.0, *,
                       sentence: str = SENTENCE, heading: str = "2. Cash flow statement", heading_size: float = 13
                       ) -> tuple[bytes, list[list[TableTruth]]]:
    """``pages`` pages with a running header rule and page numbers. Page 1 holds a table
    filling it to the bottom; page 2 starts with its continuation ``gap`` pt under the header
    rule, then a sentence, a section heading and a second table with the very same columns;
    the other pages hold one table each. Returns the PDF and each page's truths."""
    doc = new_document()
    truths: list[list[TableTruth]] = []
    for n in range(1, pages + 1):
        page = doc.new_page(width=A4[0], height=A4[1])
        running_header(page, n)
        top = HEADER_RULE_Y + gap
        if n == 1:
            got = [draw_table(page, LEFT, top, [BALANCE, *balance_rows(1, 38)], style, col_widths=WIDTHS)]
        elif n == 2:
            first = draw_table(page, LEFT, top, balance_rows(39, 6), style, col_widths=WIDTHS, header_rows=0)
            y = first.ys[-1] + 16
            if sentence:
                page.insert_text((LEFT, y + 8), sentence, fontsize=9, fontname="helv")
                y += 30
            if heading:
                page.insert_text((LEFT, y + 12), heading, fontsize=heading_size, fontname="hebo")
                y += 14 + 2 * heading_size
            second = draw_table(page, LEFT, y, [BALANCE, *balance_rows(60, 8)], style, col_widths=WIDTHS)
            got = [first, second]
        else:
            got = [draw_table(page, LEFT, top + 40, [BALANCE, *balance_rows(80, 10)], style, col_widths=WIDTHS)]
        truths.append(got)
    return finish(doc), truths


def cjk_continued(font: str, title: str, marker: str, header: Sequence[str]) -> tuple[bytes, list[TableTruth]]:
    """A ruled table in a CJK document (``font``: PyMuPDF's built-in "china-s", "korea" or
    "japan") filling page 1 under its title, continued on page 2 under a running header rule
    and the title again with the ``marker`` ("（续）", "(계속)", "(続き)")."""
    doc = new_document()
    rows = [tuple(header), *[(f"{k:03d}", f"{1000 + 13 * k:,}", f"{800 + 11 * k:,}", f"{k % 7 + 1}.{k % 10}")
                             for k in range(1, 60)]]
    pieces = []
    body = list(range(1, len(rows)))
    style = TableStyle(bold_header=False)
    for n in (1, 2):
        page = doc.new_page(width=A4[0], height=A4[1])
        running_header(page, n, font=font, title=title)
        y = HEADER_RULE_Y + 12
        page.insert_text((LEFT, y + 10), title + (marker if n == 2 else ""), fontsize=11, fontname=font)
        y += 22
        take = [body.pop(0) for _ in range(min(len(body), 38 if n == 1 else 30))]
        blank = ("",) * len(header)  # draw_table writes helv: the CJK header is written below
        pieces.append(draw_table(page, LEFT, y, [blank, *[rows[k] for k in take]], style, col_widths=WIDTHS))
        truth = pieces[-1]
        for k, text in enumerate(header):
            page.insert_text((truth.xs[k] + 4, truth.ys[1] - 5), text, fontsize=9, fontname=font)
    return finish(doc), pieces
