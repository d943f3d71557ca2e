"""Continued tables as reports and tenders set them (``continued_report_pdfs``), reportlab and
fpdf2, English, Korean and Chinese: the header set again with a "continued" suffix counts as
repeated, a caption "Table 3 (continued)" and the unit line over the continuation take no
room, a wrapped cell's tail opening the next page is a row, a totals row closes the last
piece, a two-row header of merged cells repeats as two rows; a new table under a header of
years at the top of the next page is not joined."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.headrow import YEAR
from inspector.core.multipage.logical import logical_tables
from inspector.core.types import PageResult
from tests.core.continued_pdfs import CJK_FONT, Case, texts
from tests.core.continued_report_pdfs import MERGED, SUFFIX, TAIL, TOTAL, YEARS, Layout, report_case
from tests.core.test_continued_producers import detect

ROWS = {"reportlab": 40, "fpdf2": 70}  # fpdf2 sets rows tighter: more rows to reach page 2
VARIANTS = ("suffix", "caption", "tail", "totals", "merged", "years")


def _case(producer: str, lang: str, lay: Layout) -> Case:
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    return report_case(producer, texts(ROWS[producer])[lang], lay)


def _check(case: Case, results: list[PageResult]) -> list[int]:
    """One table a page; the proposals are exactly the case's links. Returns the repeated
    header rows counted per link."""
    assert [len(r.tables) for r in results] == [1] * len(results), case.name
    conts = find_continuations(results)
    assert [(c.prev_page, c.next_page) for c in proposed(conts)] == list(case.links), case.name
    return [c.repeated_header for c in proposed(conts)]


def _stacked(results: list[PageResult]) -> list[list[str]]:
    tables = logical_tables(results, find_continuations(results))
    assert len(tables) == 1
    return [[" ".join(x.split()) for x in row] for row in tables[0].rows_text()]


@pytest.mark.parametrize("producer", ["reportlab", "fpdf2"])
@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_header_with_a_continued_suffix_is_a_repeated_header(producer: str, lang: str, tmp_path: Path) -> None:
    """"Description (continued)", "항목 (계속)", "项目（续）" over the continuation: the first
    piece's header again, not a body row."""
    case = _case(producer, lang, Layout("suffix", True, True))
    results = detect(case, tmp_path)
    assert any(SUFFIX[lang].strip() in x for x in results[1].tables[0].rows_text()[0])
    assert _check(case, results) == [1]
    rows = _stacked(results)
    assert rows[0] == list(texts(ROWS[producer])[lang].header)
    assert len(rows) == sum(r.tables[0].n_rows for r in results) - 1


@pytest.mark.parametrize("producer", ["reportlab", "fpdf2"])
@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_two_row_merged_header_repeats_as_two_rows(producer: str, lang: str, tmp_path: Path) -> None:
    """A full grid whose header is two rows of merged cells (금액 (원) over 단가 | 합계, 金额
    over 本期 | 上期): both rows set again on page 2 are the header, read once."""
    case = _case(producer, lang, Layout("merged", True, True))
    results = detect(case, tmp_path)
    assert _check(case, results) == [2]
    rows = _stacked(results)
    under = MERGED[lang][1]
    assert [r for r in rows if r[-len(under):] == list(under)] == [rows[1]]


@pytest.mark.parametrize("producer", ["reportlab", "fpdf2"])
@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_wrapped_cell_tail_opens_the_next_page(producer: str, lang: str, tmp_path: Path) -> None:
    """The break falls inside a wrapped cell: page 2 (no header repeated) opens with the
    tail alone in the text column. It is a body row (number columns empty), linked."""
    case = _case(producer, lang, Layout("tail", False, True))
    results = detect(case, tmp_path)
    assert _check(case, results) == [0]
    assert TAIL[lang][1] in results[1].tables[0].rows_text()[0]


@pytest.mark.parametrize("producer", ["reportlab", "fpdf2"])
@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_caption_and_unit_line_over_the_continuation(producer: str, lang: str, tmp_path: Path) -> None:
    """"Table 3 (continued)" and the unit line over page 2's piece (rules only): a marker and
    the first piece's title block again, no text between the pieces."""
    case = _case(producer, lang, Layout("caption", False, False))
    results = detect(case, tmp_path)
    assert _check(case, results) == [0]
    c = proposed(find_continuations(results))[0]
    assert {"marker", "title"} <= {e.kind for e in c.evidence}


@pytest.mark.parametrize("producer", ["reportlab", "fpdf2"])
@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_totals_row_closing_the_last_piece(producer: str, lang: str, tmp_path: Path) -> None:
    case = _case(producer, lang, Layout("totals", True, False))
    results = detect(case, tmp_path)
    _check(case, results)
    assert TOTAL[lang] in _stacked(results)[-1]


@pytest.mark.parametrize("producer", ["reportlab", "fpdf2"])
@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
@pytest.mark.parametrize("grid", [True, False])
def test_new_table_under_a_header_of_years_is_not_joined(producer: str, lang: str, grid: bool,
                                                         tmp_path: Path) -> None:
    """Page 2 opens directly with another table of the first one's columns, its header
    holding years ("2024 | 2023", "2024년", "2024年") over the amounts: its own header row."""
    case = _case(producer, lang, Layout("years", True, grid))
    results = detect(case, tmp_path)
    _check(case, results)
    c = find_continuations(results)[0]
    assert c.reason.startswith(f"starts with its own header row: \"{YEARS[lang][0]} | ")


def test_years() -> None:
    assert [bool(YEAR.match(x)) for x in ("2024", "FY2024", "2024/25", "2024年", "2023년도", "2024-2025",
                                          "1,250", "2024.5", "12 Mar 2024", "3024", "七、2024")] == \
        [True, True, True, True, True, True, False, False, False, False, False]


@pytest.mark.slow
def test_every_report_case(tmp_path: Path) -> None:
    """Every variant, header repeated or not, full grid or rules only (the before/after measure).
    fpdf2 takes about 7 s to embed the CJK font in each PDF: its Korean and Chinese cases (40,
    almost five minutes) run with ``REPORT_CASES=all``; the tests above cover each variant there."""
    wrong = []
    every = os.environ.get("REPORT_CASES") == "all"
    for producer in ("reportlab", "fpdf2"):
        cjk = CJK_FONT is not None and (producer == "reportlab" or every)
        for lang in ("en", "ko", "zh") if cjk else ("en",):
            for variant in VARIANTS:
                for repeat in (True, False):
                    for grid in (True, False):
                        if variant in ("merged", "years") and not repeat:
                            continue
                        case = report_case(producer, texts(ROWS[producer])[lang], Layout(variant, repeat, grid))
                        try:
                            _check(case, detect(case, tmp_path))
                        except AssertionError as exc:
                            wrong.append(f"{case.name}: {exc}")
    assert wrong == []
