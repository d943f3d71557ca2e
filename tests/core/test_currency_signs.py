"""A currency sign set apart from its amount is the amount's, not a column of its own.

Financial statements (a US annual report's tables, Acrobat or Word) set "$" at the left of an
amount column and the amount at its right, on the first and the total rows only; the wide gap
between them is no column boundary. The truth of every corpus here ("$ 24" in one cell)
reads them so, as the rules alone do (pdfplumber, Camelot lattice).
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import Segment
from inspector.core.structure.grid import _signs_join_amounts
from inspector.core.types import Rect, Word

FONT, SIZE = "helv", 8.0
LABEL_X = 50.0
# Each amount column: (x of its sign, right edge of its amounts); None: no sign in that column.
COLUMNS = ((200.0, 270.0), (None, 340.0), (370.0, 440.0))
HEADER = ("Item", "Principal", "Interest", "Recorded")
BODY = (("Loans", "24", "12", "1,024"),
        ("Leases", "5", "7", "86"),
        ("Cards", "311", "9", "311"),
        ("Auto", "2", "16", "689"),
        ("Total", "337", "35", "2,110"))
TOP, STEP = 100.0, 14.0


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontname=FONT, fontsize=SIZE), y), text,
                     fontname=FONT, fontsize=SIZE)


def statement_pdf(style: str) -> bytes:
    """Five rows under a header; "$" on the first and the Total rows (``style`` "rules":
    rules over and under the header, over the total and at the bottom; "borderless": none;
    "grid": every cell drawn, "$" on every row)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    signed = {0, len(BODY) - 1} if style != "grid" else set(range(len(BODY)))
    for r, row in enumerate((HEADER, *BODY)):
        y = TOP + 10 + r * STEP
        page.insert_text((LABEL_X, y), row[0], fontname=FONT, fontsize=SIZE)
        for (sign_x, x1), text in zip(COLUMNS, row[1:], strict=True):
            _right(page, x1, y, text)
            if r - 1 in signed and sign_x is not None:
                page.insert_text((sign_x, y), "$", fontname=FONT, fontsize=SIZE)
    x0, x1 = LABEL_X - 4, COLUMNS[-1][1] + 4
    bottom = TOP + (len(BODY) + 1) * STEP
    if style == "rules":
        for y in (TOP, TOP + STEP, bottom - STEP, bottom):
            page.draw_line((x0, y), (x1, y), width=0.6)
    if style == "grid":
        for r in range(len(BODY) + 2):
            page.draw_line((x0, TOP + r * STEP), (x1, TOP + r * STEP), width=0.6)
        for x in (x0, 190.0, 280.0, 360.0, x1):
            page.draw_line((x, TOP), (x, bottom), width=0.6)
    return doc.tobytes()


def _expected() -> list[list[str]]:
    def cell(r: int, c: int, text: str) -> str:
        return f"$ {text}" if c != 1 and r in (0, len(BODY) - 1) else text
    return [list(HEADER)] + [[row[0], *(cell(r, c, t) for c, t in enumerate(row[1:]))] for r, row in enumerate(BODY)]


@pytest.mark.parametrize("style", ["rules", "borderless"])
def test_a_sign_at_the_left_of_its_column_is_the_amounts(style: str) -> None:
    (table,) = Pipeline(open_document(statement_pdf(style))).run(0).tables
    assert (table.n_rows, table.n_cols) == (6, 4)
    assert [[" ".join(c.split()) for c in row] for row in table.rows_text()] == _expected()


def test_a_sign_in_every_drawn_cell_stays_in_its_cell() -> None:
    (table,) = Pipeline(open_document(statement_pdf("grid"))).run(0).tables
    assert (table.n_rows, table.n_cols) == (6, 4)
    got = [[" ".join(c.split()) for c in row] for row in table.rows_text()]
    assert got[1] == ["Loans", "$ 24", "12", "$ 1,024"]
    assert got[3] == ["Cards", "$ 311", "9", "$ 311"]


def _word(text: str, x0: float, line: int) -> Word:
    width = pymupdf.get_text_length(text, fontname=FONT, fontsize=SIZE)
    y = 100.0 + line * STEP
    return Word(text, Rect(x0, y, x0 + width, y + SIZE))


def test_only_signs_beside_amounts_join() -> None:
    # A list of currencies: "Euro | € | EUR"; the sign column has words, not amounts, on its right.
    words = [_word("Euro", 50, 0), _word("€", 150, 0), _word("EUR", 200, 0),
             _word("Pound", 50, 1), _word("£", 150, 1), _word("GBP", 200, 1)]
    segs = [Segment((i,), w.bbox.x0, w.bbox.x1, i // 3) for i, w in enumerate(words)]
    assert _signs_join_amounts([140.0, 190.0], segs, words, 40.0, 260.0) == [140.0, 190.0]
    # The same signs beside amounts join them; a word beside the sign column keeps its boundary.
    amounts = [*words[:2], _word("1,024", 200, 0), *words[3:5], _word("—", 200, 1)]
    assert _signs_join_amounts([140.0, 190.0], segs, amounts, 40.0, 260.0) == [140.0]


REAL = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "acrobat11-extract.pdf"


@pytest.mark.skipif(not REAL.exists(), reason="the fetched real tagged files are absent (make corpus-tagged-real)")
def test_a_us_statement_keeps_its_signs_with_the_amounts() -> None:
    (table,) = Pipeline(open_document(REAL.read_bytes())).run(0).tables
    rows = table.rows_text()
    assert table.n_cols == 8
    assert [" ".join(c.split()) for c in rows[3]] == ["Commercial and industrial", "$ 24", "24", "349", "397", "—",
                                                      "10.69%", "$ 24"]
    assert not any(c.strip() == "$" for row in rows for c in row)
