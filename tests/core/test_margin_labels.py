"""A form's margin label beside a ruled table is no column of it (issue 25: Form 1040's
dependents table took "Dependents (see instructions) If more than four dependents..." at
x 36-93 in as its first column; its section rule runs across the page over both)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.regions import MARGIN_LABELS

LEFT, INNER, RIGHT = 36.0, 93.0, 576.0  # pt: the section rule's start, the table's rules' start, their end
XS = (144.0, 252.0, 360.0, 468.0)  # column rules
TOP, ROW = 300.0, 12.0
LABELS = ("(1) First name", "(2) Last name", "(3) SSN", "(4) Relationship")
MARGIN = ("Dependents", "(see instructions)", "If more", "than four", "dependents,", "see instructions")


def _form(margin: bool) -> bytes:
    """A section rule from ``LEFT`` to ``RIGHT``, the table's row rules from ``INNER``, column
    rules at ``XS`` and ``RIGHT``; beside it either a margin label at its own pitch (8.25 pt,
    7.5 pt type: its lines run across the row rules) or row labels sitting on the rows."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    ys = [TOP + k * ROW for k in range(len(LABELS) + 2)]
    page.draw_line((LEFT, ys[0]), (RIGHT, ys[0]), width=0.75)
    for y in ys[1:]:
        page.draw_line((INNER, y), (RIGHT, y), width=0.5)
    for x in (*XS, RIGHT):
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for k, x in enumerate(XS):
        page.insert_text((x + 30, ys[0] + 9), f"Dependent {k + 1}", fontsize=7, fontname="helv")
    for k, label in enumerate(LABELS):
        page.insert_text((INNER + 2, ys[k + 1] + 9), label, fontsize=7, fontname="helv")
    if margin:
        for k, text in enumerate(MARGIN):
            page.insert_text((LEFT, ys[0] + 9 + 8.25 * k), text, fontsize=7.5, fontname="helv")
    else:
        for k in range(1, len(LABELS) + 1):
            page.insert_text((LEFT, ys[k] + 9), f"Child {k}", fontsize=7, fontname="helv")
    return doc.tobytes()


def test_a_margin_label_off_the_rows_stays_out_of_the_table() -> None:
    res = Pipeline(open_document(_form(True))).run(0, Params())
    (table,) = [t for t in res.tables if t.bbox.y0 < TOP + 1]
    assert table.bbox.x0 == pytest.approx(INNER, abs=0.5) and (table.n_rows, table.n_cols) == (5, 5)
    assert [row[0] for row in table.rows_text()] == ["", *LABELS]
    text = " ".join(c for row in table.rows_text() for c in row)
    assert not any(word in text for word in ("Dependents", "instructions", "four"))
    (said,) = [r for r in explain(res, Params()).rejected if r.reason.startswith(MARGIN_LABELS)]
    assert (round(said.bbox.x0), round(said.bbox.x1)) == (LEFT, INNER)


def test_row_labels_on_the_rows_stay_the_tables_first_column() -> None:
    """The same drawing with a label sitting on each row (a stub column whose rows the style
    leaves unruled): the section rule's start is the table's side."""
    res = Pipeline(open_document(_form(False))).run(0, Params())
    (table,) = [t for t in res.tables if t.bbox.y0 < TOP + 1]
    assert table.bbox.x0 == pytest.approx(LEFT, abs=0.5)
    assert [row[0] for row in table.rows_text()][1:5] == [f"Child {k}" for k in range(1, 5)]


FORM_1040 = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "designer65-form.pdf"


@pytest.mark.skipif(not FORM_1040.exists(), reason="make corpus-tagged-real fetches the Designer form")
def test_form_1040_dependents_table_leaves_its_margin_label_out() -> None:
    res = Pipeline(open_document(str(FORM_1040))).run(0, Params())
    (table,) = [t for t in res.tables if 280 < t.bbox.y0 and t.bbox.y1 < 440]
    assert (round(table.bbox.x0), table.n_rows, table.n_cols) == (93, 8, 5)
    assert [row[0] for row in table.rows_text()][1:4] == ["(1) First name", "(2) Last name", "(3) SSN"]
