"""A section label set flush left under an indented subtotal, in a sheet's tight rows (Gnumeric
prints 11 pt type in 15 pt rows, no rule under the subtotal): the label alone in the first
column starts left of the label above, at another label's level, so it is a row of its own
(``structure.sectionrows.outdented_label``), not the subtotal's wrapped next line. Drawn with
known coordinates."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (56.0, 160.0, 220.0, 280.0, 340.0)  # label, three amounts, the right edge
PITCH = 15.0
SIZE = 11.0
INDENT = 8.0  # a sheet's indent of one level at 11 pt
# (label, indent level, bold, amounts, a rule over the row)
ROWS: list[tuple[str, int, bool, tuple[str, ...], bool]] = [
    ("Item", 0, True, ("Q1", "Q2", "Q3"), False),
    ("Revenue", 0, True, (), True),
    ("Sales", 1, False, ("9,339", "88,714", "75,455"), False),
    ("Services", 1, False, ("34,578", "38,565", "76,661"), False),
    ("Subtotal", 1, True, ("43,917", "127,279", "152,116"), True),
    ("Expenses", 0, True, (), False),
    ("Rent", 1, False, ("33,982", "69,558", "922"), False),
    ("Travel", 1, False, ("80,796", "6,937", "8,604"), False),
    ("Subtotal", 1, True, ("114,778", "76,495", "9,526"), True),
    ("Total", 0, True, ("-70,861", "50,784", "142,590"), True),
]


def _sheet(section_level: int = 0) -> bytes:
    """The budget, "Expenses" set at indent level ``section_level`` (0: flush left)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r, (label, level, bold, amounts, ruled) in enumerate(ROWS):
        top = 100 + r * PITCH
        font = "hebo" if bold else "helv"
        level = section_level if label == "Expenses" else level
        page.insert_text((XS[0] + 2 + level * INDENT, top + 11.5), label, fontsize=SIZE, fontname=font)
        for c, text in enumerate(amounts):
            x = XS[c + 2] - 2 - pymupdf.Font(font).text_length(text, SIZE)
            page.insert_text((x, top + 11.5), text, fontsize=SIZE, fontname=font)
        if ruled:
            page.draw_line((XS[0], top), (XS[-1], top), width=0.5)
    page.draw_line((XS[0], 100 + len(ROWS) * PITCH), (XS[-1], 100 + len(ROWS) * PITCH), width=0.5)
    return doc.tobytes()


def _table(data: bytes) -> tuple[PageResult, list[str]]:
    res = Pipeline(open_document(data)).run(0, Params())
    assert len(res.tables) == 1
    return res, ["".join(row[0].split()) for row in res.tables[0].rows_text()]


def test_flush_label_under_an_indented_subtotal_is_a_row() -> None:
    """"Expenses", flush left under the indented bold "Subtotal" (both bold, no rule between,
    rows 15 pt apart), is a row of its own: every label is one row."""
    _, labels = _table(_sheet())
    assert labels == [r[0] for r in ROWS]


def test_label_at_the_subtotals_indent_goes_on_it() -> None:
    """Control: the same line set at the subtotal's own indent reads as its wrapped next line
    (bold under bold, tight rows: nothing else parts them)."""
    _, labels = _table(_sheet(section_level=1))
    assert labels[4] == "SubtotalExpenses" and len(labels) == len(ROWS) - 1


def test_explain_names_the_outdent() -> None:
    """Explain gives the row over "Expenses" the outdent's evidence and its depth (8 pt)."""
    res, _ = _table(_sheet())
    (t,) = explain_page(res, Params())
    y = 100 + 5 * PITCH
    kept = [w for w in t.rows if w.kept and abs(w.pos - y) < 3]
    assert kept and "left of the indented label" in kept[0].decision
    (ev,) = [e for e in kept[0].evidence if e.kind == "outdented_label"]
    assert abs(ev.value - INDENT) < 0.5
