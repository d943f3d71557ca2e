"""A header in the gap between a stub set left and amounts set right (Word's, InDesign's and
most report styles' habit, with the stub's own header left blank): the header stands at
neither column's edge, and its line has text on its right only. The cut used to go right of
it, so the first amount column's header (and a units row's "$000") joined the blank stub slot
("Q3 | (empty) | 2023 ..."). Both columns set away from the gap now give the piece to the
right column (``gapcuts._set_apart``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LABELS = ("Revenue", "Cost of sales", "Gross profit", "Operating expenses", "Staff costs",
          "Depreciation", "Interest paid", "Tax charge", "Net income", "Dividends")
AMOUNTS = ("1,374", "12,677.3", "(63,584)", "69,978", "9,517", "455", "38,983", "(2,072)", "87,951.2", "26,819")
WIDTHS = (170.0, 80.0, 80.0, 80.0)
PAD = 4.0
SIZE = 8.5


def _put(page: pymupdf.Page, text: str, x0: float, x1: float, y: float, right: bool, bold: bool) -> None:
    font = "hebo" if bold else "helv"
    x = x1 - PAD - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE) if right else x0 + PAD
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


def _pdf(path: Path, heads: list[tuple[str, ...]], rules: bool) -> Path:
    """A table of a stub set left and three amount columns set right, its headers set left."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [50.0]
    for w in WIDTHS:
        xs.append(xs[-1] + w)
    rows = [*heads, *[(lab, *(AMOUNTS[(k + j) % len(AMOUNTS)] for j in range(3))) for k, lab in enumerate(LABELS)]]
    y = 110.0
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text:
                _put(page, text, xs[c], xs[c + 1], y + 10, right=c > 0 and r >= len(heads), bold=r < len(heads))
        if rules and r in (0, len(heads) - 1, len(rows) - 1):
            page.draw_line((xs[0], y + 14), (xs[-1], y + 14), width=0.5)
        y += 14
    out = path / "set_apart.pdf"
    doc.save(out)
    return out


def _rows(path: Path) -> list[list[str]]:
    result = Pipeline(open_document(path)).run(0)
    assert len(result.tables) == 1
    table = result.tables[0]
    out = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        out[c.r][c.c] = " ".join(c.text.split())
    return out


def test_first_amount_header_leaves_the_blank_stub_slot(tmp_path: Path) -> None:
    rows = _rows(_pdf(tmp_path, [("", "2024", "2023", "Change")], rules=False))
    assert rows[0] == ["", "2024", "2023", "Change"]
    assert rows[1] == ["Revenue", "1,374", "12,677.3", "(63,584)"]


def test_with_horizontal_rules_too(tmp_path: Path) -> None:
    rows = _rows(_pdf(tmp_path, [("", "Budget", "Actual", "Total")], rules=True))
    assert rows[0] == ["", "Budget", "Actual", "Total"]


def test_a_units_row_keeps_its_stub_slot_blank(tmp_path: Path) -> None:
    rows = _rows(_pdf(tmp_path, [("Item", "2024", "2023", "Change"), ("", "$000", "$000", "%")], rules=False))
    assert rows[:2] == [["Item", "2024", "2023", "Change"], ["", "$000", "$000", "%"]]


def test_a_stub_header_at_the_stubs_edge_stays_in_the_stub(tmp_path: Path) -> None:
    rows = _rows(_pdf(tmp_path, [("Line item", "2024", "2023", "Change")], rules=False))
    assert rows[0] == ["Line item", "2024", "2023", "Change"]


def _rates(path: Path) -> Path:
    """A rate sheet: a stub of amounts set left, seven columns of rates all four characters wide
    set right in 52 pt cells, their headers ("1 mo") set left: the header lines up with no edge
    of the rates, and each stands nearer the rates of the column before than its own."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [40.0 + 120.0 + 52.0 * k for k in range(8)]
    heads = ["1 mo", "3 mo", "6 mo", "12 mo", "24 mo", "36 mo", "60 mo"]
    _put(page, "Term", 40.0, xs[0], 100.0, right=False, bold=True)
    for k, h in enumerate(heads):
        _put(page, h, xs[k], xs[k + 1], 100.0, right=False, bold=True)
    for r in range(12):  # ten lines or more: one may cross a gap, the header's own
        y = 120.0 + 18 * r
        _put(page, f"${(r + 1) * 5},000", 40.0, xs[0], y, right=False, bold=False)
        for k in range(7):
            _put(page, f"{1 + (r * 7 + k * 3) % 9}.{(r * 13 + k * 7) % 90 + 10}", xs[k], xs[k + 1] - 1.5, y,
                 right=True, bold=False)
    out = path / "rates.pdf"
    doc.save(out)
    return out


def test_headers_set_left_over_rates_of_one_width_head_their_own_columns(tmp_path: Path) -> None:
    rows = _rows(_rates(tmp_path))
    assert rows[0] == ["Term", "1 mo", "3 mo", "6 mo", "12 mo", "24 mo", "36 mo", "60 mo"]
    assert rows[1][:3] == ["$5,000", "1.10", "4.17"]



def _notes_pdf(path: Path) -> Path:
    """A stub set left, a notes column set left ("7.24"), two amount columns set right, and every
    header but the stub's set right in its cell (a Chinese annual report's habit): the notes'
    header ends at its cell's right edge, in the gap between the notes and the amounts."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [50.0, 200.0, 290.0, 370.0, 450.0]
    heads = ("Item", "Note", "2024", "2023")
    y = 110.0
    for c, text in enumerate(heads):
        _put(page, text, xs[c], xs[c + 1], y + 10, right=c > 0, bold=True)
    for k, lab in enumerate(LABELS):
        y += 14
        body = (lab, f"7.{20 + k}" if k < 7 else "", AMOUNTS[k], AMOUNTS[(k + 3) % len(AMOUNTS)])
        for c, text in enumerate(body):
            if text:
                _put(page, text, xs[c], xs[c + 1], y + 10, right=c > 1, bold=False)
    out = path / "notes.pdf"
    doc.save(out)
    return out


def test_a_header_set_right_over_notes_set_left_stays_over_the_notes(tmp_path: Path) -> None:
    """The amounts' own header stands on the header line ("2024" over them), so the piece in the
    gap is not theirs: a column takes one header a line (``gapcuts._headed``)."""
    rows = _rows(_notes_pdf(tmp_path))
    assert rows[0] == ["Item", "Note", "2024", "2023"]
    assert rows[1] == ["Revenue", "7.20", "1,374", "69,978"]
