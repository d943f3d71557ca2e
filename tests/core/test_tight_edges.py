"""Two text columns set left a cell inset apart (InDesign's and Word's insets: 3.4 pt between
"Standard account" and "Everyday banking" at 8.5 pt, a word space being 2.4 pt): the
projection sees no gap, and the service and its description read as one column. The next
column's left edge, where its wrapped lines start alone, is the boundary (``leftedges``).
A column whose second words start at one x a word space after the first ("Lot 1", "Lot 2")
stays whole."""

from __future__ import annotations

from dataclasses import replace

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 8.5
ROWS = [
    (["Service"], ["Description"], ["Fee"]),
    (["Standard account"], ["Everyday banking with a debit", "card and online access"], ["$5.00"]),
    (["Premium account"], ["Includes travel insurance,", "airport lounge access and", "a dedicated adviser"], ["$25.00"]),
    (["Student account"], ["No monthly fee while", "enrolled full time"], ["$0.00"]),
    (["Business account"], ["Multi-user access and", "invoicing tools"], ["$15.00"]),
    (["Savings account"], ["Bonus interest when you", "deposit each month"], ["$0.00"]),
]


def _pdf(first: float) -> bytes:
    """The fee table: its service column ``first`` pt wide (text set 4 pt into each cell), the
    description 140 pt, the fee set right; a rule under each row."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = (316.0, 316.0 + first, 316.0 + first + 140.0, 316.0 + first + 186.0)
    y = 100.0
    for r, row in enumerate(ROWS):
        font = "hebo" if r == 0 else "helv"
        for c, lines in enumerate(row):
            for k, text in enumerate(lines):
                w = pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
                x = xs[c + 1] - 5.5 - w if c == 2 and r else xs[c] + 4
                page.insert_text((x, y + 12 + 11.5 * k), text, fontsize=SIZE, fontname=font)
        y += 11.5 * max(len(ln) for ln in row) + 9
        page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    return bytes(doc.tobytes())


def _run(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params or Params())


def _rows(res: PageResult) -> list[list[str]]:
    assert len(res.tables) == 1
    t = res.tables[0]
    out = [[""] * t.n_cols for _ in range(t.n_rows)]
    for c in t.cells:
        out[c.r][c.c] = " ".join(c.text.split())
    return out


def test_a_cell_inset_apart_the_description_is_a_column() -> None:
    # "Business account" ends 3.4 pt before the description's left edge (70 pt wide column).
    rows = _rows(_run(_pdf(70.0)))
    assert rows[0] == ["Service", "Description", "Fee"]
    assert rows[1] == ["Standard account", "Everyday banking with a debit card and online access", "$5.00"]
    assert rows[4] == ["Business account", "Multi-user access and invoicing tools", "$15.00"]


def test_switched_off_the_two_columns_read_as_one() -> None:
    params = Params()
    params = replace(params, columns=replace(params.columns, tight_edges=False))
    rows = _rows(_run(_pdf(70.0), params))
    assert rows[1][0] == "Standard account Everyday banking with a debit card and online access"


def test_explain_names_the_tight_edge() -> None:
    from inspector.core.explain import explain_page

    res = _run(_pdf(70.0))
    why = explain_page(res, Params())[0]
    edge = [w for w in why.cols if w.evidence and w.evidence[0].kind == "tight_edge"]
    assert len(edge) == 1 and edge[0].kept and edge[0].params == ("columns.tight_edges",)
    assert 386.0 < edge[0].pos < 390.0


def _lots() -> bytes:
    """A lot column whose numbers start a word space after "Lot" on every line, beside prices."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    after = 60 + pymupdf.get_text_length("Lot ", fontname="helv", fontsize=SIZE)
    for k in range(1, 9):
        y = 100 + 14 * k
        page.insert_text((60, y), "Lot", fontsize=SIZE, fontname="helv")
        page.insert_text((after, y), f"{k}", fontsize=SIZE, fontname="helv")
        price = f"{k * 12 + 5}.00"
        page.insert_text((200 - pymupdf.get_text_length(price, fontsize=SIZE), y), price, fontsize=SIZE)
    return bytes(doc.tobytes())


def test_numbers_a_word_space_after_their_label_stay_in_its_cell() -> None:
    rows = _rows(_run(_lots()))
    assert [r[0] for r in rows] == [f"Lot {k}" for k in range(1, 9)]
