"""``explain`` on built PDFs: row flips, sideways tables, rejected regions (issue 17)."""

from __future__ import annotations

import json

import pymupdf
import pytest
from test_explain import monospace_table

from inspector.cli import main
from inspector.core.explain import explain, explain_page
from inspector.core.params import Params, describe
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (72.0, 160.0, 250.0, 340.0, 430.0)  # the four columns' rules
TOP, BAND = 100.0, 32.0  # y of the first rule; height of every band
LINE = 12.0  # pt between the two baselines of a band
FIRST = (("Region", "Sales", "Costs", "Open"), ("North", "12", "7.5", "yes"), ("South", "30", "4.0", "no"),
         ("East", "8", "2.5", "yes"), ("West", "17", "9.0", "no"))
SECOND = ("", "(units)", "(EUR)", "")  # the second line of every band: two cells of two lines
STRICT = Params().with_value("columns.min_gap", 8)


def banded_two_lines(turn: int = 0) -> bytes:
    """A ruled table of four columns and five bands, every rule drawn; every band holds two
    lines (baselines TOP + 13 + BAND*r and LINE below), the second one filling only the middle
    two columns (two-line cells). With ``turn`` 90 or 270 it is drawn sideways (no /Rotate)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r in range(len(FIRST) + 1):
        page.draw_line((XS[0], TOP + r * BAND), (XS[-1], TOP + r * BAND), width=0.6)
    for x in XS:
        page.draw_line((x, TOP), (x, TOP + len(FIRST) * BAND), width=0.6)
    for r, row in enumerate(FIRST):
        base = TOP + 13 + r * BAND
        for k, (x, text) in enumerate(zip(XS, row, strict=False)):
            page.insert_text((x + 4, base), text, fontname="helv", fontsize=10)
            if SECOND[k]:
                page.insert_text((x + 4, base + LINE), SECOND[k], fontname="helv", fontsize=10)
    data = doc.tobytes()
    return sideways(data, turn) if turn else data


def sideways(data: bytes, turn: int) -> bytes:
    """Page 1 of ``data`` drawn turned by ``turn`` degrees on a landscape page (no /Rotate)."""
    src = pymupdf.open(stream=data, filetype="pdf")
    doc = pymupdf.open()
    page = doc.new_page(width=842, height=595)
    page.show_pdf_page(page.rect, src, 0, rotate=turn)
    return doc.tobytes()


def _run(data: bytes, params: Params):
    res = Pipeline(open_document(data)).run(0, params)
    return res, explain_page(res, params)


def test_lines_of_a_drawn_band_are_dropped_rows_whose_flip_splits_them() -> None:
    res, (t,) = _run(banded_two_lines(), Params())
    assert (res.tables[0].n_rows, res.tables[0].n_cols) == (5, 4)
    drops = sorted((w for w in t.dropped if w.axis == "row"), key=lambda w: w.pos)
    mids = [TOP + 13 + r * BAND + LINE / 2 - 4 for r in range(len(FIRST))]  # between the two lines' centres
    assert [w.pos for w in drops] == pytest.approx(mids, abs=1.5)
    assert all("one row's multi-line cells" in w.decision and w.orient == "h" for w in drops)
    # The header band keeps its wrapped lines whatever the band limit; every body band splits.
    assert drops[0].flip is None
    flips = {w.flip for w in drops[1:]}
    assert flips == {("tables.row_band_lines", 1)}
    assert all(w.params[0] == "tables.row_band_lines" for w in drops)
    again, _ = _run(banded_two_lines(), Params().with_value("tables.row_band_lines", 1))
    ys = again.tables[0].grid.ys
    assert all(min(abs(y - w.pos) for y in ys) <= 2 for w in drops[1:])  # each flipped candidate is a boundary
    assert all(min(abs(y - k.pos) for y in ys) <= 2 for k in t.rows)  # and every kept boundary stays
    assert again.tables[0].n_rows == 9


def test_a_suggested_row_value_exists_as_a_parameter() -> None:
    _res, (t,) = _run(banded_two_lines(), Params())
    keys = {f.key for f in describe()}
    for w in t.dropped:
        assert set(w.params) <= keys and (w.flip is None or w.flip[0] in keys)


@pytest.mark.parametrize("turn", [90, 270])
def test_a_sideways_table_has_dropped_columns_in_page_space(turn: int) -> None:
    res, (t,) = _run(sideways(monospace_table(), turn), STRICT)
    assert res.turn and res.tables[0].n_cols == 2
    box = res.tables[0].bbox
    assert box.height > box.width  # the table lies across the landscape page: its columns run along x
    (drop,) = [w for w in t.dropped if w.axis == "col"]
    assert drop.orient == "h" and box.y0 < drop.pos < box.y1
    assert drop.line is not None and drop.line.height < 1e-6 and drop.line.width == pytest.approx(box.width, abs=1)
    assert all(w.orient == "h" and box.y0 - 1 <= w.pos <= box.y1 + 1 for w in t.cols)
    assert all(w.orient == "v" and box.x0 - 1 <= w.pos <= box.x1 + 1 for w in t.rows)
    key, value = drop.flip
    again, (t2,) = _run(sideways(monospace_table(), turn), STRICT.with_value(key, value))
    assert again.tables[0].n_cols == 3
    assert any(w.kept and abs(w.pos - drop.pos) <= 2 for w in t2.cols)  # the same page position, now kept


@pytest.mark.parametrize("turn", [90, 270])
def test_a_sideways_banded_table_has_row_flips(turn: int) -> None:
    res, (t,) = _run(banded_two_lines(turn), Params())
    assert res.turn and (res.tables[0].n_rows, res.tables[0].n_cols) == (5, 4)
    drops = [w for w in t.dropped if w.axis == "row"]
    assert len(drops) == 5 and all(w.orient == "v" for w in drops)
    flipped = [w for w in drops if w.flip == ("tables.row_band_lines", 1)]
    assert len(flipped) == 4
    again, (t2,) = _run(banded_two_lines(turn), Params().with_value("tables.row_band_lines", 1))
    assert again.tables[0].n_rows == 9
    assert all(any(abs(k.pos - w.pos) <= 2 for k in t2.rows) for w in flipped)


def two_aligned_lines() -> bytes:
    """Two lines of three columns far apart (Helvetica 10 pt, columns at x = 72, 200, 330):
    one line short of ``tables.min_aligned_rows`` (3)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 80), "A heading of running text above it all", fontname="helv", fontsize=10)
    for r, row in enumerate((("Fruit", "Price", "Stock"), ("Apple", "1.20", "40"))):
        for x, text in zip((72, 200, 330), row, strict=True):
            page.insert_text((x, 120 + 14 * r), text, fontname="helv", fontsize=10)
    data = doc.tobytes()
    doc.close()
    return data


def test_a_region_too_short_to_be_a_table_is_rejected_with_the_value_that_makes_it_one() -> None:
    data = two_aligned_lines()
    res = Pipeline(open_document(data)).run(0, Params())
    assert not res.tables
    page = explain(res, Params())
    (rej,) = [r for r in page.rejected if r.params == ("tables.min_aligned_rows",)]
    assert "2 aligned line(s), fewer than 3" in rej.reason and rej.bbox.x0 == pytest.approx(72, abs=1)
    assert rej.flip == ("tables.min_aligned_rows", 2)
    again = Pipeline(open_document(data)).run(0, Params().with_value(*rej.flip))
    assert len(again.tables) == 1 and again.tables[0].n_cols == 3 and again.tables[0].bbox.iou(rej.bbox) > 0.5
    said = page.why_not_here(250, 117)
    assert "rejected: 2 aligned line(s)" in said and "tables.min_aligned_rows to 2" in said
    assert "No table region was proposed" in page.why_not_here(150, 77)  # the heading: running text


def test_explain_json_lists_rejected_regions(tmp_path, capsys) -> None:
    pdf = tmp_path / "two.pdf"
    pdf.write_bytes(two_aligned_lines())
    assert main(["explain", str(pdf), "--json"]) == 0
    (page,) = json.loads(capsys.readouterr().out)["pages"]
    assert page["tables"] == []
    (rej,) = [r for r in page["rejected"] if r["params"] == ["tables.min_aligned_rows"]]
    assert set(rej) >= {"bbox", "source", "reason", "params", "flip"}
    assert rej["flip"] == {"param": "tables.min_aligned_rows", "value": 2}
    assert main(["explain", str(pdf)]) == 0
    assert "--set tables.min_aligned_rows=2" in capsys.readouterr().out


def ruled_with_two_text_columns(gap: float = 14.0) -> bytes:
    """A ruled table (verticals at x = 72, 150, 330; four rows of 20 pt from y = 100) whose
    second drawn column holds two columns of Courier text ``gap`` pt apart on every line:
    "X1" (12 pt wide) from x = 156, the amount ``gap`` pt after it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r in range(5):
        page.draw_line((72, 100 + 20 * r), (330, 100 + 20 * r), width=0.6)
    for x in (72, 150, 330):
        page.draw_line((x, 100), (x, 180), width=0.6)
    for r, (a, b, c) in enumerate((("Item", "ID", "Sum"), ("Abcd", "X1", "12.5"), ("Efgh", "Y2", "7.25"),
                                   ("Ijkl", "Z3", "30.0"))):
        y = 114 + 20 * r
        page.insert_text((76, y), a, fontname="cour", fontsize=10)
        page.insert_text((156, y), b, fontname="cour", fontsize=10)
        page.insert_text((156 + 12 + gap, y), c, fontname="cour", fontsize=10)
    data = doc.tobytes()
    doc.close()
    return data


def test_a_text_column_inside_a_drawn_one_names_the_gap_that_removes_it() -> None:
    res, (t,) = _run(ruled_with_two_text_columns(), Params())
    assert res.tables[0].n_cols == 3
    (split,) = [w for w in t.cols if w.evidence[0].kind == "text_gap"]
    assert split.evidence[0].value == pytest.approx(14.0, abs=0.6) and "twice columns.min_gap" in split.decision
    assert "glyphs of the text beside it" in split.decision  # 14 pt is 2.3 Courier glyphs: still a column
    key, value = split.flip
    assert key == "columns.min_gap" and 7.0 <= value <= 7.5  # a ruled column splits at twice the gap
    again, (t2,) = _run(ruled_with_two_text_columns(), Params().with_value(key, value))
    assert again.tables[0].n_cols == 2 and not any(abs(w.pos - split.pos) <= 2 for w in t2.cols)


def test_a_row_cut_inside_a_drawn_band_names_the_band_limit_that_removes_it() -> None:
    low = Params().with_value("tables.row_band_lines", 1)  # every band's lines read as rows
    res, (t,) = _run(banded_two_lines(), low)
    assert res.tables[0].n_rows == 9
    cuts = [w for w in t.rows if w.evidence[0].kind == "line_gap"]
    assert len(cuts) == 4 and {w.flip for w in cuts} == {("tables.row_band_lines", 2)}
    again, (t2,) = _run(banded_two_lines(), low.with_value("tables.row_band_lines", 2))
    assert again.tables[0].n_rows == 5
    assert not any(abs(k.pos - w.pos) <= 2 for w in cuts for k in t2.rows)
