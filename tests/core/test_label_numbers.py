"""A label wrapped over lines of which one is a number that belongs to the label ("(note" over
"28", "摊销）" over "28", "31 December" over "2024") in a borderless statement whose note cell
wraps beside it: the number stands in the label column, left-aligned with the label's text,
not in an amount column's range, so it goes on with the label's cell in one row (built by
PyMuPDF, reportlab and fpdf2, ``statement_pdfs``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core.continued_pdfs import CJK_FONT
from tests.core.statement_pdfs import STATEMENTS

EN = (("", "Note", "2024", "2023"), ("Revenue", "4", "12,345", "11,020"), ("Cost of sales", "5", "(7,210)", "(6,544)"),
      ("LABEL", "6\n(a)", "(1,204)", "(1,150)"), ("Administrative expenses", "7", "(2,031)", "(1,987)"),
      ("Other income", "9", "312", "298"), ("Profit before tax", "", "2,212", "1,637"))
ZH = (("项目", "附注", "2024年", "2023年"), ("营业收入", "四、1", "12,345.00", "11,020.00"),
      ("营业成本", "四、2", "7,210.00", "6,544.00"), ("LABEL", "四、3\n四、9", "1,204.00", "1,150.00"),
      ("销售费用", "四、4", "2,031.00", "1,987.00"), ("其他收益", "四、6", "101.00", "99.00"),
      ("利润总额", "", "2,212.00", "1,637.00"))
LABELS = [("en", "Depreciation and amortisation (note\n28"), ("en", "Profit for the year ended 31 December\n2024"),
          ("en", "Depreciation and\namortisation (note\n28)"), ("zh", "研发费用（含折旧及摊销）\n28"),
          ("zh", "折旧及摊销（附注\n28")]


def _rows(lang: str, label: str) -> list[tuple[str, ...]]:
    return [tuple(label if c == "LABEL" else c for c in r) for r in (EN if lang == "en" else ZH)]


@pytest.mark.parametrize("producer", sorted(STATEMENTS))
@pytest.mark.parametrize(("lang", "label"), LABELS)
def test_number_under_a_label_goes_on_with_it(producer: str, lang: str, label: str, tmp_path: Path) -> None:
    if lang == "zh" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    rows = _rows(lang, label)
    path = tmp_path / "s.pdf"
    path.write_bytes(STATEMENTS[producer](rows, False))
    doc = open_document(path)
    try:
        tables = Pipeline(doc).run(0).tables
    finally:
        doc.close()
    assert len(tables) == 1
    assert [list(r) for r in tables[0].rows_text()] == [list(r) for r in rows]


def test_explain_names_the_label_number() -> None:
    """The gap over "28" is a dropped row boundary, and explain says why: the number stands in
    the label column where the label's text starts, no amount."""
    from inspector.core.explain import explain_page
    from inspector.core.params import Params

    data = STATEMENTS["pymupdf"](_rows("en", LABELS[0][1]), False)
    res = Pipeline(open_document(data)).run(0)
    (t,) = explain_page(res, Params())
    page = pymupdf.open("pdf", data)[0]
    note, num = page.search_for("(note")[0], next(r for r in page.search_for("28") if r.x0 < 70)
    named = [w for w in t.dropped if w.axis == "row" and "the label's next line" in w.decision]
    assert len(named) == 1 and "one row's multi-line cells" in named[0].decision
    assert note.y1 - 1 <= named[0].pos <= num.y0 + 1  # the gap over "28", and no other
