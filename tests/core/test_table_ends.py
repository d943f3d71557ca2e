"""Where one table ends, drawn by three producers (PyMuPDF's insert_text, reportlab's canvas,
fpdf2) in English, Korean and Chinese (issue 25, class 2): a heading, a caption, a note, a
unit line or a sentence between two tables sharing their columns parts them, in every rule
style; a header row ruled only under its spanning label does not join the next table to the
one above; explain names the line that decided."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from small_pdfs import PRODUCERS, Op, has_cjk_font
from tableends_pdfs import KINDS, LANGS, RULE_STYLES, sectioned_table, spanner_tables, two_tables

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")
pytestmark = pytest.mark.skipif(not has_cjk_font(), reason="WenQuanYi Micro Hei is not installed")


def detect(producer: str, ops: Sequence[Op]) -> PageResult:
    return Pipeline(open_document(PRODUCERS[producer](ops))).run(0)


def squeezed(rows: list[list[str]]) -> list[list[str]]:
    """Cell texts without their spaces (a Chinese or Korean cell's words join without one)."""
    return [["".join(c.split()) for c in r] for r in rows]


def found(res: PageResult) -> list[list[list[str]]]:
    return [squeezed([list(r) for r in t.rows_text()]) for t in res.tables]


# PyMuPDF in every rule style; reportlab and fpdf2 in the two styles the others' habits differ in.
CASES = [("pymupdf", rules) for rules in RULE_STYLES] + [(p, r) for p in ("reportlab", "fpdf2")
                                                          for r in ("booktabs", "light")]


@pytest.mark.parametrize(("producer", "rules"), CASES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", KINDS)
def test_a_line_between_two_tables_sharing_columns_parts_them(producer: str, rules: str, lang: str, kind: str) -> None:
    ops, expected = two_tables(lang, kind, rules)
    assert found(detect(producer, ops)) == [squeezed(t) for t in expected]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
@pytest.mark.parametrize("lang", LANGS)
def test_header_ruled_under_its_spanner_starts_the_next_table(producer: str, lang: str) -> None:
    """pdfmake's light style (the jslibs pm-006 failure): before, the two tables came out as one
    11 x 5 grid, the heading and the sentence in its rows."""
    ops, (first, second) = spanner_tables(lang)
    res = detect(producer, ops)
    assert len(res.tables) == 2
    upper, lower = found(res)
    assert upper == squeezed(first)
    assert lower[-len(second):] == squeezed(second)


@pytest.mark.parametrize(("kind", "lang", "said"), [
    ("unit", "ko", 'a unit line ("(단위: 백만원)")'),
    ("unit", "en", 'a unit line ("Unit: USD thousand")'),
    ("note", "zh", 'a note ("注：分部数据未经审计")'),
    ("caption", "ko", 'a caption ("표 2. 부문별 실적")'),
])
def test_explain_names_the_line_between(kind: str, lang: str, said: str) -> None:
    res = detect("pymupdf", two_tables(lang, kind, "booktabs")[0])
    reasons = [r.reason for r in explain(res, Params()).rejected if r.reason.startswith("heading between tables")]
    assert reasons == [f"heading between tables: {said} stands alone between two rules over a header row; "
                       "one table ends above it, the next starts below"]


def test_explain_names_the_heading_over_a_spanner_ruled_header() -> None:
    res = detect("pymupdf", spanner_tables("en")[0])
    reasons = [r.reason for r in explain(res, Params()).rejected if r.reason.startswith("heading between tables")]
    assert reasons == ['heading between tables: a heading in larger type ("2. Segment results") stands alone '
                       "between one table's last row and the next table's header; one table ends above it, "
                       "the next starts below"]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", RULE_STYLES)
def test_section_rows_at_the_rows_pitch_keep_one_table(producer: str, lang: str, rules: str) -> None:
    """The converse: full-width section rows (the first right under the header, the second
    wrapped over two lines) set at the rows' own pitch are rows of one table. Before, the
    first went into the header's cell ("Item Continuing operations"), the wrapped one into
    the row above, and without rules a Korean or Chinese table broke into two at them (its
    header dropped)."""
    ops, expected = sectioned_table(lang, rules)
    assert found(detect(producer, ops)) == [squeezed(t) for t in expected]
