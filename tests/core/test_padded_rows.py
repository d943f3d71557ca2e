"""Borderless tables whose cells are padded the way web pages pad them (12 px a side, no rules
between rows): rows farther apart than a paragraph's lines, but at one pitch, are one table
(inspector/core/structure/aligned.py ``_padded``)."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
RIGHTS = (300.0, 400.0, 500.0)
PITCH = 33.0  # pt from row to row: about 19 pt of white between 9 pt lines
ROWS = (("Region", "2022", "2023", "2024"), ("Exports", "9.8%", "(25)", "1,403"), ("Services", "10.9%", "30.8%", "83"),
        ("Net result", "33.5%", "(117)", "8"), ("Licences", "-6.4%", "5.2%", "59,246"), ("Total", "27.8%", "-0.9%", "8,317"))


def _table(page: pymupdf.Page, top: float, rule: bool) -> None:
    if rule:  # a rule under the header only, as a web page's ``thead th { border-bottom }``
        page.draw_rect(pymupdf.Rect(66, top + PITCH / 2 - 1, 506, top + PITCH / 2), color=None, fill=(0, 0, 0))
    for k, (label, *values) in enumerate(ROWS):
        y = top + k * PITCH
        page.insert_text((72, y), label, fontsize=SIZE)
        for x1, v in zip(RIGHTS, values, strict=True):
            page.insert_text((x1 - pymupdf.get_text_length(v, "helv", SIZE), y), v, fontsize=SIZE)


def _pdf(tables: int, rule: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Results by region, restated after the change of accounting policy.", fontsize=SIZE)
    for k in range(tables):
        _table(page, 120 + k * 260, rule)
    page.insert_text((72, 120 + tables * 260 - 60), "Note: the survey covered 1,200 customers.", fontsize=SIZE)
    return doc.tobytes()


def test_padded_rows_at_one_pitch_are_one_table() -> None:
    for rule in (False, True):
        tables = Pipeline(open_document(_pdf(1, rule))).run(0).tables
        assert len(tables) == 1, rule
        rows = tables[0].rows_text()
        assert [[c.strip() for c in r] for r in rows] == [list(r) for r in ROWS]


def test_two_padded_tables_apart_stay_two() -> None:
    """The white between the two tables (over 3 line heights, and not the rows' pitch) parts them
    (unruled: two tables of one width under header rules, white between, read as one table's
    sections, ``rulegaps._white_gap``)."""
    tables = Pipeline(open_document(_pdf(2))).run(0).tables
    assert len(tables) == 2
    assert all(len(t.rows_text()) == len(ROWS) for t in tables)
