"""``explain``: the evidence behind each boundary, and suggestions that really flip it."""

from __future__ import annotations

import json

import pymupdf
import pytest
from pdfs import ruled_grid

from inspector.cli import main
from inspector.core.explain import explain, explain_page
from inspector.core.params import Params, describe
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

CHAR = 6.0  # Courier at 10 pt: every character is 6 pt wide
NARROW, WIDE = 6.0, 30.0  # pt between the first and second, and second and third columns
STRICT = Params().with_value("columns.min_gap", 8)  # a user who raised the column gap too far


def monospace_table(narrow: float = NARROW) -> bytes:
    """Six rows of three borderless columns in Courier: column 1 ends at x = 96 on every
    line (four characters from 72), column 2 starts ``narrow`` pt later and column 3
    starts WIDE pt after column 2 ends; nothing is drawn."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    rows = [("Item", "Code", "Amount"), ("Abcd", "X123", "12.50"), ("Efgh", "Y456", "7.25"),
            ("Ijkl", "Z789", "30.00"), ("Mnop", "W012", "4.10"), ("Qrst", "V345", "88.80")]
    x2 = 72 + 4 * CHAR + narrow
    x3 = x2 + 4 * CHAR + WIDE
    for r, (a, b, c) in enumerate(rows):
        y = 120 + r * 16
        for x, text in ((72, a), (x2, b), (x3, c)):
            page.insert_text((x, y), text, fontname="cour", fontsize=10)
    data = doc.tobytes()
    doc.close()
    return data


def _explain(data: bytes, params: Params | None = None):
    params = params or Params()
    res = Pipeline(open_document(data)).run(0, params)
    return res, explain_page(res, params)


def test_a_ruled_grid_is_explained_by_its_rules() -> None:
    data, _ = ruled_grid()
    _res, (t,) = _explain(data)
    assert t.cols and t.rows and t.dropped == ()
    assert {w.evidence[0].kind for w in t.cols} == {"rule"} and {w.evidence[0].kind for w in t.rows} == {"rule"}
    assert all(w.kept and w.evidence[0].value >= 1 for w in t.cols + t.rows)


def test_a_text_gap_is_measured_and_its_suggestion_removes_it() -> None:
    res, (t,) = _explain(monospace_table())
    gaps = sorted((w for w in t.cols if w.evidence[0].kind == "text_gap"), key=lambda w: w.pos)
    assert [round(w.evidence[0].value) for w in gaps] == [NARROW, WIDE]
    key, value = gaps[0].flip
    assert key == "columns.min_gap" and NARROW < value <= NARROW + 0.5
    again, _ = _explain(monospace_table(), Params().with_value(key, value))
    kept = [x for tab in again.tables for x in tab.grid.xs[1:-1]]
    assert not any(abs(x - gaps[0].pos) < 2 for x in kept) and any(abs(x - gaps[1].pos) < 2 for x in kept)


def test_a_narrow_gap_is_a_dropped_candidate_whose_suggestion_keeps_it() -> None:
    res, (t,) = _explain(monospace_table(), STRICT)
    assert res.tables[0].n_cols == 2  # "Item" and "Code" read as one column
    (drop,) = t.dropped
    assert not drop.kept and drop.evidence[0].value == pytest.approx(NARROW, abs=0.6)
    assert "narrower than columns.min_gap (8 pt)" in drop.decision
    key, value = drop.flip
    assert key == "columns.min_gap" and value <= NARROW
    again, _ = _explain(monospace_table(), STRICT.with_value(key, value))
    assert again.tables[0].n_cols == 3
    assert any(abs(x - drop.pos) < 2 for x in again.tables[0].grid.xs[1:-1])


def test_a_gap_no_wider_than_a_word_space_has_no_lever_and_says_why() -> None:
    res, (t,) = _explain(monospace_table(narrow=2.5))
    assert res.tables[0].n_cols == 2
    (drop,) = t.dropped
    assert drop.flip is None and "no wider than a word space" in drop.decision


def test_explain_json_has_the_documented_shape(tmp_path, capsys) -> None:
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(monospace_table())
    assert main(["explain", str(pdf), "--page", "1", "--json", "--set", "columns.min_gap=8"]) == 0
    out = json.loads(capsys.readouterr().out)
    (page,) = out["pages"]
    (table,) = page["tables"]
    assert set(table) >= {"bbox", "rows", "cols", "dropped"}
    keys = {f.key for f in describe()}
    for b in table["rows"] + table["cols"] + table["dropped"]:
        assert set(b) >= {"pos", "kept", "evidence", "decision", "params"}
        assert set(b["params"]) <= keys
    assert all(b["evidence"] for b in table["rows"] + table["cols"])
    assert main(["explain", str(pdf), "--page", "1", "--set", "columns.min_gap=8"]) == 0
    text = capsys.readouterr().out
    value = float(text.split("(keep it: --set columns.min_gap=")[1].split(")")[0])
    assert NARROW - 1 <= value <= NARROW


@pytest.mark.corpus
def test_every_kept_boundary_of_the_corpus_has_evidence_and_real_parameters(corpus) -> None:
    keys = {f.key for f in describe()}
    pdfs = sorted((corpus / "pdfs" / "icdar2013").rglob("*.pdf"))[:12]
    seen = 0
    for path in pdfs:
        doc = open_document(path)
        pipe = Pipeline(doc)
        for i in range(min(doc.page_count, 3)):
            res = pipe.run(i, Params())
            page = explain(res, Params())
            for r in page.rejected:  # every rejected region says why, in real parameters
                assert r.reason and set(r.params) <= keys, (path.name, i + 1, r)
                assert r.flip is None or Params().with_value(*r.flip) != Params()
            for t in page.tables:
                for w in t.cols + t.rows:
                    assert w.kept and w.evidence, (path.name, i + 1, w)
                    assert set(w.params) <= keys
                    seen += 1
                for w in t.dropped:
                    assert not w.kept and set(w.params) <= keys
                for w in t.cols + t.rows + t.dropped:
                    if w.flip is not None:  # a value the parameter takes (in range), never the current one
                        assert Params().with_value(*w.flip) != Params(), (path.name, w)
    assert seen > 500


@pytest.mark.parametrize("builder", ["zebra", "panels"])
def test_banded_rows_and_gutters_are_explained_by_their_fills(builder: str) -> None:
    from resources import colour_samples

    data, _case = getattr(colour_samples, builder)()
    res, (t,) = _explain(data)
    rows = t.rows if builder == "zebra" else t.rows + t.cols
    assert {w.evidence[0].kind for w in rows} == {"fill_edge"}
    for w in rows:
        ids = w.evidence[0].ids
        assert ids and all(0 <= i < len(res.fills) for i in ids)
        assert set(w.params) == {"vector.gutter", "vector.gradient_strips"}
        # The boundary lies on an edge of a fill it names, or in the gutter beside it.
        boxes = [res.fills[i].bbox for i in ids]
        edges = [v for b in boxes for v in ((b.y0, b.y1) if w.axis == "row" else (b.x0, b.x1))]
        assert min(abs(e - w.pos) for e in edges) <= 6.0, (w, boxes)


def test_lines_of_one_banded_row_are_dropped_row_candidates_with_the_reason() -> None:
    from resources import colour_samples

    data, _case = colour_samples.multiline_banded()
    res, (t,) = _explain(data)
    rows = [w for w in t.dropped if w.axis == "row"]
    assert rows and all(not w.kept and w.evidence[0].kind == "line_gap" for w in rows)
    assert all("one row's multi-line cells" in w.decision and w.params == ("tables.row_band_lines",) for w in rows)
    kept = t.rows
    assert all(min(abs(w.pos - k.pos) for k in kept) > 2 for w in rows)  # each lies inside a kept row


def test_explain_without_page_says_which_page_of_a_longer_document(tmp_path, capsys) -> None:
    """Issue 26, item 10: page 1 of several is never explained silently."""
    doc = pymupdf.open(stream=monospace_table(), filetype="pdf")
    doc.new_page()
    pdf = tmp_path / "two.pdf"
    doc.save(pdf)
    assert main(["explain", str(pdf)]) == 0
    captured = capsys.readouterr()
    assert "explaining page 1 of 2: use --page N for another" in captured.err and "page 1:" in captured.out
    assert main(["explain", str(pdf), "--page", "1"]) == 0
    assert "explaining page" not in capsys.readouterr().err


def test_a_question_where_a_boundary_is_missing_asks_about_the_dropped_candidate() -> None:
    """``what_is_at`` (the window's Why on a spot): a point on a dropped candidate is no empty
    spot (it is explained), a point in a cell far from every line is one."""
    res = Pipeline(open_document(monospace_table())).run(0, STRICT)
    page = explain(res, STRICT)
    (drop,) = page.tables[0].dropped
    ys = res.tables[0].grid.ys
    y = (ys[2] + ys[3]) / 2  # the middle of a row
    assert page.what_is_at(drop.pos, y, reach=2.0) == ""  # before: "Inside table 1 …, the nearest boundary …"
    far = page.what_is_at(drop.pos - 20, y, reach=2.0)
    assert far.startswith("Inside table 1") and "nearest boundary" in far
