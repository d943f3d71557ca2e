"""Columns of right-aligned numbers closer than the column gap (inspector/core/structure/stacks.py)."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE)


def _tight_table(rows: list[list[str]], rights: list[float]) -> bytes:
    """A shaded header band, a label column, numbers right-aligned at ``rights``."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect(pymupdf.Rect(70, 100, 80 + rights[-1] - 70, 114), color=None, fill=(0.85, 0.9, 0.95))
    for r, row in enumerate(rows):
        y = 111 + 14 * r
        page.insert_text((72, y), row[0], fontsize=SIZE)
        for x1, text in zip(rights, row[1:], strict=True):
            _right(page, x1, y, text)
    return doc.tobytes()


ROWS = [["Item", "2022", "2023", "2024"], ["Energy use", "(1,895)", "20.3%", "38.2%"],
        ["Latin America", "(1,625)", "9.1%", "23.8%"], ["Asia Pacific", "8,597", "31.1%", "-14.0%"],
        ["North", "219", "-9.4%", "18.7%"], ["Alps", "86", "4.8%", "39.7%"]]


def test_numbers_two_points_apart_are_separate_columns() -> None:
    # Each column as wide as its widest value plus 2 pt: less than a word space between them.
    w = [max(pymupdf.get_text_length(r[c], "helv", SIZE) for r in ROWS) for c in range(1, 4)]
    rights = [200 + w[0], 200 + w[0] + 2 + w[1], 200 + w[0] + 4 + w[1] + w[2]]
    table = Pipeline(open_document(_tight_table(ROWS, rights))).run(0).tables[0]
    assert table.rows_text() == ROWS
    assert table.grid is not None  # the evidence says why, not "a text gap wider than columns.min_gap"
    assert [b.kind for b in table.grid.col_evidence][2:4] == ["number stack", "number stack"]


def test_a_column_of_values_and_parenthesised_negatives_stays_one() -> None:
    rows = [["Item", "2024"], ["Rent", "1,204"], ["Fees", "(980)"], ["Tax", "224"], ["Wages", "(41)"]]
    table = Pipeline(open_document(_tight_table(rows, [200.0]))).run(0).tables[0]
    assert table.n_cols == 2 and table.rows_text() == rows


def test_thousands_groups_after_a_space_are_no_column() -> None:
    rows = [["Item", "2024"], ["Rent", "1 204 311"], ["Fees", "9 800 120"], ["Tax", "2 240 517"], ["Wages", "41 000 000"]]
    table = Pipeline(open_document(_tight_table(rows, [200.0]))).run(0).tables[0]
    assert table.n_cols == 2 and table.rows_text() == rows


def test_a_centred_header_over_a_wide_label_column_stays_with_it_and_close_numbers_part() -> None:
    """Numbers 4 pt apart (wider than the column gap, narrower than half the type size: one
    run of text by spacing alone) are separate cells; the label column's header, centred
    far from its labels, belongs to the label column, not to the first numbers."""
    rows = [["Metric", "2019", "2020", "2021"], ["Services", "288", "30.5%", "788.44"],
            ["West", "86", "15.6%", "3.31"], ["Incidents", "2,332", "22.9%", "(0.03)"], ["North", "2", "-3.7%", "0.04"]]
    w = [max(pymupdf.get_text_length(r[c], "helv", SIZE) for r in rows) for c in range(1, 4)]
    rights = [330 + w[0], 330 + w[0] + 4 + w[1], 330 + w[0] + 8 + w[1] + w[2]]
    doc = pymupdf.open(stream=_tight_table([["", *rows[0][1:]], *rows[1:]], rights))
    doc[0].insert_text((180, 111), "Metric", fontsize=SIZE)  # centred over the label column
    table = Pipeline(open_document(doc.tobytes())).run(0).tables[0]
    assert table.rows_text() == rows


def _code_table(rows: list[list[str]]) -> bytes:
    """Excel's layout (issue 25, camelot's issue_288): a name, a code and a number typed in one
    cell ("11 111111111", left-aligned, one word space), a reference, a date; no rules."""
    doc = pymupdf.open()
    page = doc.new_page()
    for r, row in enumerate(rows):
        for x, text in zip((52.8, 176.0, 286.0, 360.0), row, strict=True):
            page.insert_text((x, 110 + 15 * r), text, fontsize=SIZE)
    return doc.tobytes()


def test_a_code_and_number_typed_in_one_cell_are_no_two_stacks() -> None:
    # The two "stacks" start at one x each on every line: values of one width right-align by
    # chance; a word space apart they are one left-aligned text, not two columns.
    rows = [["Name", "Vers.-Nummer", "RG Nr.", "Due"]]
    rows += [[f"Client {k}", f"{11 + k} {k % 2 + 1}2345678{k % 3}", f"55.55.{5555 + k}", "01.01.2025"] for k in range(8)]
    table = Pipeline(open_document(_code_table(rows))).run(0).tables[0]
    assert table.rows_text() == rows


def test_stacks_of_one_width_each_still_part_where_their_starts_vary() -> None:
    # The same layout with the second values right-aligned (widths vary): two columns.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Client", "11", "12,345"], ["Supplier", "12", "345"], ["Agent", "13", "6,789"], ["Other", "14", "12"]]
    for r, row in enumerate(rows):
        page.insert_text((72, 111 + 14 * r), row[0], fontsize=SIZE)
        _right(page, 200, 111 + 14 * r, row[1])
        _right(page, 202 + pymupdf.get_text_length("12,345", "helv", SIZE), 111 + 14 * r, row[2])
    table = Pipeline(open_document(doc.tobytes())).run(0).tables[0]
    assert table.rows_text() == rows


def test_values_of_one_width_far_apart_under_close_headers_stay_two_columns() -> None:
    # PowerPoint's p-value table: the values ("0.00112") all one width, 40 pt apart, their
    # headers 6 pt apart; no word space between the stacks, so two columns.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((332, 205), "p Value", fontsize=SIZE)
    page.insert_text((380, 205), "Con vs RAD001", fontsize=SIZE)
    page.insert_text((380 + pymupdf.get_text_length("Con vs RAD001", "helv", SIZE) + 6, 205), "Con vs TORIN1", fontsize=SIZE)
    rows = [["G1", "0.00112", "0.00019"], ["S", "0.00003", "0.00026"], ["G2M", "0.00147", "0.00107"]]
    right = 380 + pymupdf.get_text_length("Con vs RAD001", "helv", SIZE) + 4
    for r, row in enumerate(rows):
        y = 220 + 15 * r
        page.insert_text((332, y), row[0], fontsize=SIZE)
        _right(page, right, y, row[1])
        page.insert_text((right + 40, y), row[2], fontsize=SIZE)
    table = Pipeline(open_document(doc.tobytes())).run(0).tables[0]
    assert [r[1:] for r in table.rows_text()[1:]] == [r[1:] for r in rows]
