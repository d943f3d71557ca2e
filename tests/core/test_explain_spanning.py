"""``explain`` on a column the spanning-line veto hides (issue 26, item 9): two long words
cross the gap between "Weight" and "Price", more lines than ``columns.spanning_lines`` lets
cross a column gap, so the two columns read as one; Why lists the gap as a candidate with the
lines that cross it and the value that lets it through (checked by detecting again)."""

from __future__ import annotations

import pymupdf

from inspector.cli import main
from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (72.0, 200.0, 250.0)  # left edges of the three columns' text
TOP, STEP = 100.0, 16.0  # y of the top rule; pt between baselines
WEIGHTS = ("light", "heavy", "light", "medium", "heavy", "light", "bulky")
PRICES = ("low", "high", "high", "low", "mid", "low", "high")
ROWS = (("Item", "Weight", "Price"), *((f"Part {k}", w, p) for k, (w, p) in enumerate(zip(WEIGHTS, PRICES, strict=True), 1)),
        ("Part 8", "approximately", ""), ("Part 9", "unobtainable", ""))  # 200-262 and 200-257 pt: over the gap


def spanned_columns() -> bytes:
    """Ten lines of 10 pt Helvetica between three horizontal rules (x 72-380; under the
    header, at y = 100 and at the bottom); the last two lines' second cell runs on over the
    gap (about 238 to 250 pt) between the "Weight" and "Price" columns."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for y in (TOP, TOP + STEP + 2, TOP + STEP * len(ROWS) + 4):
        page.draw_line((XS[0], y), (380, y), width=0.6)
    for r, row in enumerate(ROWS):
        for x, text in zip(XS, row, strict=True):
            if text:
                page.insert_text((x, TOP + 13 + r * STEP), text, fontname="helv", fontsize=10)
    return doc.tobytes()


def test_a_column_vetoed_by_spanning_lines_is_a_candidate_with_its_lever(tmp_path, capsys) -> None:
    params = Params()
    res = Pipeline(open_document(spanned_columns())).run(0, params)
    (table,) = res.tables
    assert table.n_cols == 2 and table.rows_text()[1] == ["Part 1", "light low"]  # the veto at work
    (why,) = explain_page(res, params)
    (cand,) = [w for w in why.dropped if w.axis == "col" and 238 < w.pos < 250]
    assert not cand.kept and cand.params == ("columns.spanning_lines",)
    assert cand.decision.startswith("2 of 10 text lines cross this gap")
    assert "'Part 8 approximately'" in cand.decision and "'Part 9 unobtainable'" in cand.decision
    assert [(e.kind, e.value) for e in cand.evidence] == [("spanning_lines", 2)]
    assert cand.flip == ("columns.spanning_lines", 0.2)
    # The lever really splits them, and keeps the label column.
    again = Pipeline(open_document(spanned_columns())).run(0, params.with_value(*cand.flip))
    (split,) = again.tables
    assert split.n_cols == 3 and split.rows_text()[1] == ["Part 1", "light", "low"]
    assert abs(split.grid.xs[2] - cand.pos) <= 2.0
    pdf = tmp_path / "spanned.pdf"
    pdf.write_bytes(spanned_columns())
    assert main(["explain", str(pdf), "--page", "1"]) == 0
    assert "--set columns.spanning_lines=0.2" in capsys.readouterr().out
