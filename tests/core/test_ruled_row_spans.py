"""Ragged rows (issue 25): a ruled grid whose first column has cells spanning several ruled
rows ("Reliability" beside three rows, the rules under it drawn from the second column on)
still draws its rows one by one. Its bands' lines (bullet lists, wrapped descriptions, a
label over two lines beside a blank cell) are one row's multi-line cells, as pdfplumber
reads the grid from its rules; no text line starts a row of its own. Built with PyMuPDF at
exact coordinates (ICDAR's us-015 page 4 is the real example)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

W, H = 792.0, 612.0
XS = (66.0, 160.0, 290.0, 480.0, 740.0)
TOP, SIZE, LEAD, PAD = 80.0, 10.0, 12.0, 8.0
# (first column or "" under a spanning cell, type, what is assessed, considerations); "|" ends a line.
ROWS = (
    ("Property", "Type", "What Is Assessed?", "Considerations"),
    ("Reliability", "Test-retest|Interviewer based", "Stability of scores over time", "Correlation coefficient|Time period"),
    ("", "Internal consistency", "Items that measure|The same concept|Item correlations|Internal checks",
     "Cronbach alpha|Item totals"),
    ("", "Inter-interviewer", "Agreement among|Two interviewers", "Interclass coefficient"),
    ("Validity", "Content validity", "Evidence of content|Qualitative studies|Items appropriate|Patient interviews|"
     "Measurement concept", "Derivation of items|Interview schedule|Focus groups|Transcripts"),
    ("", "Construct validity", "Evidence of relations|Logical hypotheses|Related concepts|Similar scores|Other groups",
     "Strength of correlation|Discriminant validity|Known groups"),
    ("Ability to detect|change", "", "Evidence of change|Scores over time|Individual groups|Clinical trials|"
     "Measurement concept", "Person change|Effect size"),
)


def layout() -> tuple[bytes, list[float]]:
    """The page and its ruled row boundaries. Every column rule runs the whole height; a row
    rule leaves the first column out where the row below has nothing there (a spanning cell)."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    ys, y = [TOP], TOP
    for row in ROWS:
        cells = [c.split("|") if c else [] for c in row]
        for c, lines in enumerate(cells):
            for k, t in enumerate(lines):
                page.insert_text((XS[c] + 4, y + PAD + SIZE + LEAD * k), t, fontsize=SIZE)
        y += 2 * PAD + LEAD * max(map(len, cells))
        ys.append(y)
    for k, yy in enumerate(ys):
        spans_on = 0 < k < len(ys) - 1 and not ROWS[k][0]
        page.draw_line((XS[1] if spans_on else XS[0], yy), (XS[-1], yy), width=0.5)
    for x in XS:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return bytes(doc.tobytes()), ys


def test_spanning_label_leaves_the_ruled_rows_whole() -> None:
    pdf, ys = layout()
    result = Pipeline(open_document(pdf)).run(0)
    assert len(result.tables) == 1
    table = result.tables[0]
    assert (table.n_rows, table.n_cols) == (len(ROWS), 4)
    assert table.grid is not None
    for r, (got, want) in enumerate(zip(table.grid.ys, ys, strict=True)):
        assert got == pytest.approx(want, abs=1.0), r
    text = {(c.r, c.c): " ".join(c.text.split()) for c in table.cells}
    assert text[(4, 2)] == "Evidence of content Qualitative studies Items appropriate Patient interviews " \
                           "Measurement concept"
    assert text[(6, 0)] == "Ability to detect change"
    assert text[(2, 3)] == "Cronbach alpha Item totals"
    # The spanning labels are cells spanning the ruled rows beside them.
    assert [(c.r, c.rs) for c in sorted(table.cells, key=lambda c: c.r) if c.c == 0] == [(0, 1), (1, 3), (4, 2), (6, 1)]


def test_explain_names_the_drawn_rows_for_each_line_kept_together() -> None:
    pdf, ys = layout()
    result = Pipeline(open_document(pdf)).run(0)
    (why,) = explain_page(result, Params())
    assert [w.evidence[0].kind for w in why.rows] == ["rule"] * len(ys)
    inner = [w for w in why.dropped if w.axis == "row"]
    # Every step between two lines of one ruled band (one fewer than its deepest cell has lines).
    assert len(inner) == sum(max(len(c.split("|")) for c in row) - 1 for row in ROWS)
    assert all(w.decision.startswith("the table draws its rows one by one") for w in inner)


# A Word table merged down its first column (vMerge): the merged cell's label wraps, its second
# line falling in the second row's band. Rows ROW_H apart, each text PAD_TOP under its row's top
# rule; the label's lines LEAD_9 apart (its leading), closer than the rows are.
ROW_H, PAD_TOP, SIZE_9, LEAD_9 = 14.0, 2.5, 9.0, 12.0
MERGED = (("Segment", "Line", "2016", "2017"),
          ("Continuing|operations", "Administration", "81", "6,073"),
          (None, "Travel", "1", "91,437"),
          (None, "Retail", "15", "90"),
          ("Segment data", "South", "65", "(99)"))


def merged_down(rows: tuple[tuple[str | None, ...], ...], lead: float) -> bytes:
    """A full grid whose row rules leave the first column out under a ``None`` (a cell merged
    down); a cell's lines ("|") ``lead`` pt apart from the first, set ``PAD_TOP`` under its row's top."""
    doc = pymupdf.open()
    page = doc.new_page(width=595.0, height=842.0)
    xs = (60.0, 180.0, 300.0, 400.0, 500.0)
    ys = [100.0 + ROW_H * k for k in range(len(rows) + 1)]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            for k, line in enumerate((text or "").split("|") if text else []):
                page.insert_text((xs[c] + 4, ys[r] + PAD_TOP + SIZE_9 * 0.8 + lead * k), line, fontsize=SIZE_9)
    for r, y in enumerate(ys):
        under_merge = 0 < r < len(rows) and rows[r][0] is None
        page.draw_line((xs[1] if under_merge else xs[0], y), (xs[-1], y), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return bytes(doc.tobytes())


def _first_column(pdf: bytes) -> list[tuple[int, int, str]]:
    result = Pipeline(open_document(pdf)).run(0)
    (table,) = result.tables
    assert (table.n_rows, table.n_cols) == (5, 4)
    return sorted((c.r, c.rs, " ".join(c.text.split())) for c in table.cells if c.c == 0)


def test_a_merged_cells_wrapped_label_is_one_cell_over_the_rows_it_spans() -> None:
    """Its second line is one leading (12 pt) under the first, closer than the rows' texts are
    across the same boundary (14 pt): one paragraph wrapped, the cell spans the three rows."""
    assert _first_column(merged_down(MERGED, LEAD_9)) == [(0, 1, "Segment"), (1, 3, "Continuing operations"),
                                                           (4, 1, "Segment data")]


def test_two_labels_a_row_apart_under_a_rule_left_out_stay_two_rows() -> None:
    """The same labels set a row apart (14 pt: as the other columns are) sit in their rows like
    every other text: no evidence they are one paragraph; the rows are kept as drawn."""
    assert _first_column(merged_down(MERGED, ROW_H)) == [(0, 1, "Segment"), (1, 1, "Continuing"),
                                                          (2, 2, "operations"), (4, 1, "Segment data")]
