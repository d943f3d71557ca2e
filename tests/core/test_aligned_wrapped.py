"""Borderless tables whose cells wrap: a cell's next line alone on its line does not end
the table (inspector/core/structure/regions.py ``aligned_runs``)."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
RIGHTS = (230.0, 300.0, 370.0)


def _row(page: pymupdf.Page, y: float, label: str, values: tuple[str, ...]) -> None:
    page.insert_text((72, y), label, fontsize=SIZE)
    for x1, v in zip(RIGHTS, values, strict=True):
        if v:
            page.insert_text((x1 - pymupdf.get_text_length(v, "helv", SIZE), y), v, fontsize=SIZE)


def _wrapped_table() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Results by region, restated after the change of accounting policy.", fontsize=SIZE)
    _row(page, 110, "Region", ("2022", "2023", "2024"))
    _row(page, 126, "Cost of sales", ("$69", "(CHF", "15,864"))
    _row(page, 137, "", ("", "5,087)", ""))  # the wrapped cell's second line, alone on its line
    _row(page, 153, "Headcount", ("(CHF", "€9", "713"))
    _row(page, 164, "", ("49)", "", ""))
    _row(page, 180, "Marketing", ("£62,652", "£69", "(205)"))
    _row(page, 196, "Travel", ("£43", "($1)", "890"))
    page.insert_text((72, 240), "Note: the survey covered 1,200 customers in two regions only.", fontsize=SIZE)
    return doc.tobytes()


def test_a_wrapped_cell_line_keeps_the_borderless_table_whole() -> None:
    tables = Pipeline(open_document(_wrapped_table())).run(0).tables
    assert len(tables) == 1
    texts = [" ".join(r) for r in tables[0].rows_text()]
    assert texts[0].split() == ["Region", "2022", "2023", "2024"]
    assert texts[-1].split() == ["Travel", "£43", "($1)", "890"]
    assert "5,087)" in " ".join(texts) and "49)" in " ".join(texts)
    assert not any("Note" in t or "restated" in t for t in texts)
