"""A table of contents set without leaders (titles, their page numbers right-aligned after a
tab, as InDesign and Word set a report's contents) is no table (``structure.contents``); a
two-column table whose numbers count its rows (a ranking) or are years (a chronology) stays
one. Pages built with PyMuPDF at known coordinates."""

from __future__ import annotations

import dataclasses

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

RIGHT = 420.0  # the right edge of the numbers column (pt)
CONTENTS = (("1.1 Objectives and scope", "1"), ("1.2 Related guidelines", "1"), ("1.3 Intended audience", "2"),
            ("2.1 Epidemiology of the infection", "4"), ("2.2 Natural history", "5"), ("2.3 Routes of transmission", "5"),
            ("3.1 Overview of the method", "8"), ("3.2 Guideline development process", "8"),
            ("3.3 Roles and responsibilities", "9"), ("3.4 Evidence that informed it", "11"))
RANKING = tuple((f"{name} region", str(k + 1)) for k, name in enumerate(
    ("Northern", "Southern", "Eastern", "Western", "Central", "Coastal", "Mountain", "Lake")))
CHRONOLOGY = (("First survey published", "1998"), ("Network founded", "2003"), ("Second survey", "2007"),
              ("Guidelines adopted", "2012"), ("Third survey", "2016"), ("Elimination target set", "2021"))


def _page(rows: tuple[tuple[str, str], ...]) -> bytes:
    """``rows`` of (label at x 60, number right-aligned at ``RIGHT``), 16 pt apart, no rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 80), "Contents and overview of this document", fontsize=14, fontname="hebo")
    for k, (label, number) in enumerate(rows):
        y = 120 + 16 * k
        page.insert_text((60, y), label, fontsize=10, fontname="helv")
        page.insert_text((RIGHT - pymupdf.get_text_length(number, "helv", 10), y), number, fontsize=10, fontname="helv")
    return doc.tobytes()


def _run(data: bytes, on: bool = True) -> tuple[PageResult, Params]:
    p = Params()
    params = dataclasses.replace(p, tables=dataclasses.replace(p.tables, contents_lists=on))
    return Pipeline(open_document(data)).run(0, params), params


def test_a_contents_list_without_leaders_is_no_table_and_why_says_so() -> None:
    res, params = _run(_page(CONTENTS))
    assert res.tables == ()
    rejected = [r for r in explain(res, params).rejected if "a table of contents" in r.reason]
    assert rejected and "tables.contents_lists" in rejected[0].params


def test_the_switch_keeps_it_a_table() -> None:
    res, _ = _run(_page(CONTENTS), on=False)
    assert len(res.tables) == 1 and res.tables[0].grid is not None and res.tables[0].grid.n_rows == len(CONTENTS)


@pytest.mark.parametrize("rows", (RANKING, CHRONOLOGY), ids=("ranking", "chronology"))
def test_numbers_that_count_the_rows_or_are_years_stay_a_table(rows: tuple[tuple[str, str], ...]) -> None:
    res, _ = _run(_page(rows))
    assert len(res.tables) == 1 and res.tables[0].grid is not None and res.tables[0].grid.n_rows == len(rows)
