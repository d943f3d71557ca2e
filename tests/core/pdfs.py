"""Small PDFs with known tables, built with PyMuPDF for tests.

Every builder returns ``(pdf_bytes, Expectation)``; positions are parameters (PDF points,
top-left origin, unrotated page space) with sensible defaults. ``BUILDERS`` maps a name to
each builder called with its defaults, for parametrised tests.

NUL between words: ``page.insert_text`` writes the string's bytes as they are, so a "\\x00"
becomes a real 0x00 byte in the content stream (``[<...00...>]TJ`` with the Base-14
Helvetica, WinAnsi encoding). PyMuPDF 1.28.2 then returns "\\x00" in ``get_text("text")``,
``"dict"`` and ``"rawdict"`` (advance of a space), while ``get_text("words")`` already splits
words at it. See :func:`nul_separated`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from resources.make_samples import (
    A4,
    TableStyle,
    TableTruth,
    draw_bar_chart,
    draw_paragraph,
    draw_table,
    finish,
    new_document,
)

__all__ = ["BUILDERS", "Expectation", "TableTruth", "TableStyle"]

Rows = Sequence[Sequence[str]]

FRUIT: Rows = (("Fruit", "Origin", "Qty", "Price"),
               ("Apple", "Kent", "12", "0.50"),
               ("Pear", "Anjou", "7", "0.65"),
               ("Plum", "Agen", "30", "0.20"),
               ("Quince", "Smyrna", "4", "1.10"))
ACCOUNTS: Rows = (("Account", "2024", "2025"),
                  ("Revenue", "12,400", "13,050"),
                  ("Cost of sales", "(8,120)", "(8,640)"),
                  ("Exchange loss", "(1,234)", "310"),
                  ("Net result", "3,046", "4,720"))
WRAPPED: Rows = (("Country", "Population\n(millions)", "Growth\n(% a year)"),
                 ("Chile", "19.6", "0.6"),
                 ("Peru", "34.4", "1.1"),
                 ("Uruguay", "3.4", "0.1"))
MERGED: Rows = (("Region", "Branch", "Revenue", ""),
                ("", "", "H1", "H2"),
                ("North", "Leeds", "120", "135"),
                ("", "York", "98", "101"),
                ("South", "Bath", "87", "90"))
MERGED_SPANS = ((0, 0, 2, 1), (0, 1, 2, 1), (0, 2, 1, 2), (2, 0, 2, 1))
NUL_ROWS: Rows = (("Line item", "Amount"),
                  ("Net income", "1,200"),
                  ("Operating costs", "850"),
                  ("Tax paid", "95"))
BODY = ("Tables are everywhere in reports, yet the words of an ordinary paragraph line up too: "
        "each line starts at the same margin and the gaps between words fall in many places. "
        "A detector that sees columns in this text has mistaken a paragraph for a table, which "
        "is exactly what this page is here to catch.")


@dataclass(frozen=True)
class Expectation:
    """The truth of a built PDF.

    ``tables`` in reading order (each knows its 1-based page); ``labels`` are words that
    must be on page 1 but in no table (chart labels, body text); ``rotation`` is page 1's.
    """

    tables: tuple[TableTruth, ...]
    pages: int = 1
    rotation: int = 0
    page_size: tuple[float, float] = A4
    labels: tuple[str, ...] = ()


def _single(rows: Rows, style: TableStyle, x0: float, y0: float, *, spans: Sequence[tuple[int, int, int, int]] = (),
            header_rows: int = 1, rotation: int = 0) -> tuple[bytes, Expectation]:
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    truth = draw_table(page, x0, y0, rows, style, spans=spans, header_rows=header_rows)
    if rotation:
        page.set_rotation(rotation)
    return finish(doc), Expectation((truth,), rotation=rotation)


def ruled_grid(x0: float = 72, y0: float = 100, rows: Rows = FRUIT) -> tuple[bytes, Expectation]:
    """Every cell boxed with black 0.5 pt lines."""
    return _single(rows, TableStyle(), x0, y0)


def borderless(x0: float = 72, y0: float = 100, rows: Rows = FRUIT) -> tuple[bytes, Expectation]:
    """Aligned words only: no lines, no fills."""
    return _single(rows, TableStyle(rules="none"), x0, y0)


def horizontal_rules(x0: float = 72, y0: float = 100, rows: Rows = FRUIT) -> tuple[bytes, Expectation]:
    """Booktabs: 1 pt top rule, 0.5 pt rule under the header, 1 pt bottom rule; no verticals."""
    return _single(rows, TableStyle(rules="booktabs"), x0, y0)


def hairline(x0: float = 72, y0: float = 100, rows: Rows = FRUIT) -> tuple[bytes, Expectation]:
    """A full grid of light grey (193) 0.5 pt lines."""
    return _single(rows, TableStyle(line_grey=193, line_width=0.5), x0, y0)


def shaded_header(x0: float = 72, y0: float = 100, rows: Rows = FRUIT) -> tuple[bytes, Expectation]:
    """A dark grey (60) header band with white text; no lines anywhere."""
    return _single(rows, TableStyle(rules="none", header_fill=60, header_text=255), x0, y0)


def zebra(x0: float = 72, y0: float = 100, rows: Rows = FRUIT) -> tuple[bytes, Expectation]:
    """Every second body row filled light grey (230); no lines."""
    return _single(rows, TableStyle(rules="none", zebra=230), x0, y0)


def merged_cells(x0: float = 72, y0: float = 100) -> tuple[bytes, Expectation]:
    """Ruled; two-row header where "Revenue" spans 2 columns, body label "North" spans 2 rows."""
    return _single(MERGED, TableStyle(), x0, y0, spans=MERGED_SPANS, header_rows=2)


def wrapped_header(x0: float = 72, y0: float = 100) -> tuple[bytes, Expectation]:
    """Ruled; header cells written on two lines inside one cell ("Population\\n(millions)")."""
    return _single(WRAPPED, TableStyle(), x0, y0)


def negatives(x0: float = 72, y0: float = 100) -> tuple[bytes, Expectation]:
    """Booktabs accounts with parenthesised negatives such as "(1,234)", right aligned."""
    return _single(ACCOUNTS, TableStyle(rules="booktabs"), x0, y0)


def nul_separated(x0: float = 72, y0: float = 100) -> tuple[bytes, Expectation]:
    """Ruled; the words of each cell are separated by NUL (0x00) instead of a space.

    The expectation's texts use a plain space, which is what a reader should see.
    """
    return _single(NUL_ROWS, TableStyle(word_sep="\x00"), x0, y0)


def rotated(rotation: int = 90, x0: float = 72, y0: float = 100) -> tuple[bytes, Expectation]:
    """The ruled grid drawn in unrotated space on a page whose /Rotate is ``rotation``."""
    return _single(FRUIT, TableStyle(), x0, y0, rotation=rotation)


def bar_chart(x0: float = 72, y0: float = 100) -> tuple[bytes, Expectation]:
    """Grouped grey-gradient bars, axes, tick labels and a legend: no table here."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    chart = draw_bar_chart(page, x0, y0, [(40, 60), (75, 70), (90, 55), (20, 35)], ["Q1", "Q2", "Q3", "Q4"])
    return finish(doc), Expectation((), labels=chart.labels)


def paragraph(x0: float = 72, y0: float = 100, width: float = 300) -> tuple[bytes, Expectation]:
    """Ten-point body text wrapped into a column ``width`` wide: no table here."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    draw_paragraph(page, (x0, y0, x0 + width, y0 + 200), BODY)
    return finish(doc), Expectation((), labels=tuple(BODY.split()))


def two_tables(x0: float = 72, y0: float = 100, gap: float = 60) -> tuple[bytes, Expectation]:
    """A ruled table, ``gap`` points of space with a caption, then a booktabs table below."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    first = draw_table(page, x0, y0, FRUIT)
    page.insert_text((x0, first.ys[-1] + gap / 2 + 3), "Table 2. Accounts", fontsize=9, fontname="helv")
    second = draw_table(page, x0, first.ys[-1] + gap, ACCOUNTS, TableStyle(rules="booktabs"))
    return finish(doc), Expectation((first, second), labels=("Table", "2.", "Accounts"))


def two_page_table(x0: float = 72, y0: float = 640, split: int = 3) -> tuple[bytes, Expectation]:
    """One ruled table broken after body row ``split`` and continued on page 2 under a repeated header."""
    rows = [*FRUIT, ("Fig", "Smyrna", "16", "0.90"), ("Lime", "Tahiti", "25", "0.30")]
    doc = new_document()
    first_part = [rows[0], *rows[1:split + 1]]
    second_part = [rows[0], *rows[split + 1:]]
    p1 = doc.new_page(width=A4[0], height=A4[1])
    t1 = draw_table(p1, x0, y0, first_part, page_no=1)
    p2 = doc.new_page(width=A4[0], height=A4[1])
    t2 = draw_table(p2, x0, 72, second_part, page_no=2, col_widths=[t1.xs[i + 1] - t1.xs[i] for i in range(4)])
    return finish(doc), Expectation((t1, t2), pages=2)


BUILDERS: dict[str, Callable[[], tuple[bytes, Expectation]]] = {
    "ruled_grid": ruled_grid,
    "borderless": borderless,
    "horizontal_rules": horizontal_rules,
    "hairline": hairline,
    "shaded_header": shaded_header,
    "zebra": zebra,
    "merged_cells": merged_cells,
    "wrapped_header": wrapped_header,
    "negatives": negatives,
    "nul_separated": nul_separated,
    "rotated": rotated,
    "bar_chart": bar_chart,
    "paragraph": paragraph,
    "two_tables": two_tables,
    "two_page_table": two_page_table,
}

