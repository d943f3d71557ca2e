"""Two header readings on matplotlib's tables, built here with PyMuPDF at known coordinates.

A group label of two words ("Test set") centred on a cmidrule over two columns of numbers, its
word space over the white between the two stacks of numbers: the boundary the stacks put there
cuts the label's line in two, yet the words are one phrase, one cell over both columns
(``spans._one_piece``); explain says so (``group_phrase``). Guard: two labels a column gap
apart over one rule stay two cells.

A continuation's caption ("Table (continued): run log.") set right over the top rule, centred
over the header's middle columns, is no group label of the header (``grow.extend_up`` stops at
a continuation marker or caption by its words, ``ends.foot_line``); explain names it. Control:
a label of other words in the same place is still taken as a group label."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 9.0
ROWS = [("Ridge", "0.506 ± 0.045", "0.912 ± 0.050", "36.0", "-6.40"),
        ("Transformer", "0.780 ± 0.016", "0.718 ± 0.046", "217.8", "+4.52"),
        ("MPC", "0.756 ± 0.002", "0.741 ± 0.044", "31.3", "-1.83"),
        ("CNN", "0.674 ± 0.037", "0.552 ± 0.032", "763.3", "-0.65")]
RIGHTS = (270.0, 350.0, 402.0, 464.0)  # the right edges of columns 2-5 (pt); column 1 starts at 131


def _detect(data: bytes) -> PageResult:
    return Pipeline(open_document(data)).run(0)


def _grouped(space: float) -> bytes:
    """Booktabs rules, a cmidrule under "Test set" (199-353 pt) and one under "Cost"; the label's
    two words ``space`` pt apart, the space's middle at x = 281 pt (over the white between the
    stacks ending at 270 pt and starting near 294 pt)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    regular, bold = pymupdf.Font("helv"), pymupdf.Font("hebo")

    def put(x: float, y: float, t: str, heavy: bool = False, right: bool = False) -> None:
        x -= (bold if heavy else regular).text_length(t, SIZE) if right else 0.0
        page.insert_text((x, y), t, fontsize=SIZE, fontname="hebo" if heavy else "helv")

    test = bold.text_length("Test", SIZE)
    put(281 - space / 2 - test, 434, "Test", True)
    put(281 + space / 2, 434, "set", True)
    put(413 - bold.text_length("Cost", SIZE) / 2, 434, "Cost", True)
    put(131, 452, "Method", True)
    for x, t in zip(RIGHTS, ("Accuracy", "MAE", "Time (s)", "Change"), strict=True):
        put(x, 452, t, True, True)
    for k, row in enumerate(ROWS):
        put(131, 470 + 18.2 * k, row[0])
        for x, t in zip(RIGHTS, row[1:], strict=True):
            put(x, 470 + 18.2 * k, t, right=True)
    for x0, y, x1, width in ((125, 422, 470, 1.0), (199, 440.3, 353, 0.5), (359, 440.3, 467, 0.5),
                             (125, 458.5, 470, 0.6), (125, 531.3, 470, 1.0)):
        page.draw_line((x0, y), (x1, y), width=width)
    return bytes(doc.tobytes())


def test_a_group_label_cut_at_its_word_space_is_one_cell_over_its_cmidrule() -> None:
    res = _detect(_grouped(3.2))
    t = res.tables[0]
    assert (t.n_rows, t.n_cols) == (6, 5)
    assert t.rows_text()[0] == ["", "Test set", "", "Cost", ""]
    assert (0, 1, 1, 2) in t.grid.spans
    why = explain_page(res, Params())[0]
    inside = why.cols[2]
    assert "group_phrase" in [e.kind for e in inside.evidence]
    assert '("Test set") over columns 2-3 is one phrase' in inside.decision


def test_two_labels_a_column_gap_apart_over_one_rule_stay_two_cells() -> None:
    """Guard: "Test" and "set" 24 pt apart (no word space) over the rule are two labels."""
    t = _detect(_grouped(24.0)).tables[0]
    assert t.rows_text()[0][1:3] == ["Test", "set"]
    assert (0, 1, 1, 2) not in t.grid.spans


HEAD_XS = (195.0, 254.6, 302.4, 361.4, 400.4)  # "Run" starts at 195; the other heads end at these x


def _continued(caption: str) -> bytes:
    """A table ruled over and under its header and under its last row (8 rows), ``caption`` in
    the header's type centred over the table 2.5 pt over its top rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("helv")

    def put(x: float, y: float, t: str, right: bool = False) -> None:
        page.insert_text((x - (font.text_length(t, 10) if right else 0.0), y), t, fontsize=10, fontname="helv")

    put(297.5 - font.text_length(caption, 10) / 2, 73, caption)
    for k, t in enumerate(("Run", "T (C)", "p (kPa)", "k (1/s)", "n")):
        put(HEAD_XS[k], 90, t, right=k > 0)
    for r in range(8):
        cells = (str(23 + r), f"{3.0 + r:.1f}", f"{15.03 + r:.2f}", f"{7.87 + r:.2f}e-05", f"{1601 + 7 * r:,}")
        for k, t in enumerate(cells):
            put(HEAD_XS[k] + (8 if k == 0 else 0), 107.5 + 17.3 * r, t, right=k > 0)
    for y, width in ((78.0, 1.0), (95.3, 0.6), (237.2, 1.0)):
        page.draw_line((188.6, y), (406.4, y), width=width)
    return bytes(doc.tobytes())


@pytest.mark.parametrize("caption", ["Table (continued): run log.", "Run log (cont'd)"])
def test_a_continuations_caption_over_the_top_rule_is_no_header_row(caption: str) -> None:
    res = _detect(_continued(caption))
    t = res.tables[0]
    assert (t.n_rows, t.n_cols) == (9, 5)
    assert t.grid.ys[0] == pytest.approx(78.0, abs=0.5)
    assert t.rows_text()[0] == ["Run", "T (C)", "p (kPa)", "k (1/s)", "n"]
    why = explain_page(res, Params())[0]
    assert f'the line above is a continuation marker ("{caption}")' in why.rows[0].decision


def test_a_label_of_other_words_in_its_place_is_still_a_group_label() -> None:
    """Control: the same line without a continuation marker is taken over the header, as before."""
    t = _detect(_continued("Run log of the tests")).tables[0]
    assert t.n_rows == 10
    assert "Run log of the tests" in t.rows_text()[0]
