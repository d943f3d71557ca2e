"""A leader run between a label and its value is one filler: blank space to rows and columns
(never a bridge over the column gap, never a column or a cell of its own, never text of the
value's cell), its text kept in the label's cell as printed; a cell that holds "...", "-" or an
underscore blank keeps it (issue 25)."""

from __future__ import annotations

import dataclasses

import pytest

from inspector.core.evidence.rules_vector import find_vector_rules
from inspector.core.explain import explain, explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.celltext import words_in
from inspector.core.structure.leaders import fillers, find_leaders, leader_dots, page_references
from inspector.core.types import PageResult, Rect, Word
from inspector.evaluation.defects import unused_rules
from tests.core import leader_pdfs as L

STYLES = ("glued", "words", "middle", "ellipsis", "under", "hyphen")


def _run(data: bytes, leaders: bool = True) -> tuple[PageResult, Params]:
    p = Params()
    params = dataclasses.replace(p, tables=dataclasses.replace(p.tables, leaders=leaders))
    return Pipeline(open_document(data)).run(0, params), params


def _filler_only(text: str) -> bool:
    return bool(text.strip()) and all(fillers(t) for t in text.split())


def _assert_statement(res: PageResult, style: str) -> None:
    """One 9 x 3 table: the header, then each label's cell starting with its label and going on
    with fillers only, each amount's cell exactly the amount."""
    assert len(res.tables) == 1, style
    rows = res.tables[0].rows_text()
    assert len(rows) == 1 + len(L.STATEMENT) and all(len(r) == 3 for r in rows), rows
    assert rows[0][1:] == list(L.HEADER[1:])
    for row, (label, *amounts) in zip(rows[1:], L.STATEMENT, strict=True):
        assert row[1:] == amounts, (style, row)
        assert row[0].startswith(label) and _filler_only(row[0][len(label):]), (style, row[0])


@pytest.mark.parametrize("style", STYLES)
def test_a_statements_leaders_stay_in_the_label_cell_and_make_no_column(style: str) -> None:
    res, _ = _run(L.statement(style))
    _assert_statement(res, style)
    assert sum(w.leader for w in res.words) == len(L.STATEMENT)  # one word per run
    assert any("leader run(s)" in n for n in res.notes)


@pytest.mark.parametrize("style", ("glued", "words", "middle"))
def test_leaders_running_up_to_the_amounts_bridge_no_gap(style: str) -> None:
    _assert_statement(_run(L.statement(style, end=392.0))[0], style)


@pytest.mark.parametrize("style", ("glued", "words", "middle"))
def test_leaders_one_space_from_left_aligned_amounts_bridge_no_gap(style: str) -> None:
    """Leaders that stop a word space short of their amounts closed the column gap: label,
    leaders and amount read as one cell and the two columns merged."""
    _assert_statement(_run(L.statement(style, end=388.0, left=390.0))[0], style)


@pytest.mark.parametrize("style", ("glued", "words"))
def test_a_ruled_tables_label_cells_keep_their_leaders(style: str) -> None:
    res, _ = _run(L.statement(style, ruled=True))
    _assert_statement(res, style)
    assert res.tables[0].source == "ruled"


def test_a_glued_leader_is_split_off_its_label_and_written_as_printed() -> None:
    res, _ = _run(L.statement("glued"))
    label = res.tables[0].rows_text()[1][0]
    assert label.startswith("Net revenue....") and " " not in label[len("Net "):]
    assert "Net" in [w.text for w in res.words] and "revenue" in [w.text for w in res.words]


def test_another_producers_padded_labels_read_the_same() -> None:
    _assert_statement(_run(L.fpdf_statement())[0], "fpdf2")


@pytest.mark.parametrize("tab", (False, True))
def test_a_contents_list_is_a_list_and_its_page_numbers_stay_whole(tab: bool) -> None:
    """Titles led by leaders to their page numbers (the last column) are a list, not a table,
    and explain says so. A word processor's tab leader glued to both ("Findings.......12",
    one word) no longer breaks the page number: it is its own word."""
    res, params = _run(L.toc(tab=tab))
    texts = [w.text for w in res.words if not w.leader]
    assert all(p in texts for _, _, p in L.TOC) and all(t.split()[-1] in texts for _, t, _ in L.TOC)
    assert sum(w.leader for w in res.words) == len(L.TOC)
    assert res.tables == ()
    assert any("led to their page numbers by leaders" in r.reason for r in explain(res, params).rejected)


@pytest.mark.parametrize("style", ("glued", "words", "under"))
@pytest.mark.parametrize("ruled", (True, False))
def test_a_one_amount_statement_is_a_table_with_its_rules(style: str, ruled: bool) -> None:
    """Leaders to the last column make a contents list only when they lead to page numbers:
    a statement with one amount column ("Net revenue ..... 1,234") is a 9 x 2 table and every
    rule it draws (under the header, under each sum, under the total) touches its box. Before,
    it was dropped as a list and its four rules were left unused (the unused-rule rise)."""
    res, _ = _run(L.one_amount(style, ruled))
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(9, 2)]
    rows = res.tables[0].rows_text()
    assert rows[0] == ["Income statement", "2024"]
    assert [r[1] for r in rows[1:]] == [v for _, v, _ in L.STATEMENT]
    assert all(r[0].startswith(label) for r, (label, _, _) in zip(rows[1:], L.STATEMENT, strict=True))
    rules = find_vector_rules(open_document(L.one_amount(style, ruled)).page(0).drawings(), Params().vector).rules
    assert len(rules) == (4 if ruled else 0) and unused_rules(rules, res.tables) == []


def test_page_references_rise_and_amounts_are_none() -> None:
    assert page_references(["3", "7", "12", "18", "25", "31"])
    assert page_references(["iii", "v", "1", "4", "A-1", "A-5"])  # roman front matter, an annex's pages
    assert page_references(["3", "9", "14", "20", "1", "6"])  # a second part restarts once in six
    assert not page_references(["1,234", "(612)", "622"])  # amounts
    assert not page_references(["2.50%", "2.75%", "3.10%"])
    assert not page_references(["387", "22", "365", "140", "95"])  # small amounts, unordered
    assert not page_references([])


def test_values_that_look_like_fillers_stay_values() -> None:
    res, _ = _run(L.control())
    assert not any(w.leader for w in res.words)
    assert len(res.tables) == 1 and res.tables[0].rows_text() == [list(r) for r in L.CONTROL]


def test_explain_names_the_leaders_a_column_gap_reads_as_space() -> None:
    res, params = _run(L.statement("words"))
    first = [w for w in explain_page(res, params)[0].cols if w.kept and w.evidence[0].kind == "text_gap"][0]
    assert [e.kind for e in first.evidence] == ["text_gap", "leaders"]
    assert first.evidence[1].value == len(L.STATEMENT)
    assert "leader dots between label and value" in first.decision and "tables.leaders" in first.params
    assert first.evidence[1].as_json() == {"kind": "leaders", "count": len(L.STATEMENT)}


def test_turned_off_leaders_are_words_as_before() -> None:
    res, _ = _run(L.toc(tab=True), leaders=False)
    assert not any(w.leader for w in res.words)
    assert len(res.tables) == 1 and res.tables[0].n_cols == 2  # "Findings.......12" one cell, as before


def _word(text: str, x0: float, x1: float, y: float = 100.0) -> Word:
    return Word(text, Rect(x0, y - 9, x1, y), 9.0, baseline=y)


def test_a_merged_run_of_one_dot_words_counts_its_dots() -> None:
    assert [leader_dots(t) for t in (". . . .", "· · ·", "… …", ". x .")] == [4, 3, 6, 0]


def test_a_run_needs_a_label_before_it_and_a_value_after_it() -> None:
    """A filler run that ends its line (a form's blank "Name ______") or starts it, or that is
    too short ("etc..."), stays text; three spaced pieces or four fillers lead."""
    cases = {
        "blank at the end": ([_word("Name", 60, 85), _word("________", 88, 140)], 0),
        "no label": ([_word("........", 60, 100), _word("12", 110, 120)], 0),
        "label far away": ([_word("Name", 60, 85), _word("........", 160, 200), _word("12", 210, 220)], 0),
        "three dots": ([_word("Total", 60, 85), _word("...", 87, 95), _word("12", 110, 120)], 0),
        "four dots": ([_word("Total", 60, 85), _word("....", 87, 97), _word("12", 110, 120)], 1),
        "spaced hyphens": ([_word("Total", 60, 85), *[_word("-", 88 + 5 * k, 91 + 5 * k) for k in range(3)],
                            _word("12", 110, 120)], 1),
        "one rule of hyphens": ([_word("Total", 60, 85), _word("----", 88, 100), _word("12", 110, 120)], 0),
    }
    for name, (words, runs) in cases.items():
        assert find_leaders(tuple(words)).runs == runs, name


def test_short_pieces_are_read_as_a_run_when_they_stand_together() -> None:
    """The lines of a page are read only where its filler words can make a run (``_may_run``):
    one of four fillers, or a second piece starting within two ems after one on its line. Short
    pieces that stand together still lead (two "..." pieces; "-" pieces on baselines a point
    apart; pieces given out of order); nil dashes each alone in their cell make none."""
    cases = {
        "two short pieces": ([_word("Total", 60, 85), _word("...", 87, 95), _word("...", 97, 105),
                              _word("12", 110, 120)], 1),
        "pieces out of order": ([_word("12", 110, 120), _word("-", 98, 101), _word("Total", 60, 85),
                                 _word("-", 93, 96), _word("-", 88, 91)], 1),
        "baselines apart": ([_word("Total", 60, 85), *[_word("-", 88 + 5 * k, 91 + 5 * k, 100.0 + k) for k in range(3)],
                             _word("12", 110, 120)], 1),
        "nil dashes": ([_word("Leases", 60, 90), _word("-", 200, 203), _word("-", 300, 303), _word("7", 400, 405)],
                       0),
        "dashes on lines apart": ([_word("Total", 60, 85), *[_word("-", 88 + 5 * k, 91 + 5 * k, 100.0 + 12 * k)
                                                             for k in range(3)], _word("12", 110, 120)], 0),
    }
    for name, (words, runs) in cases.items():
        assert find_leaders(tuple(words)).runs == runs, name


def test_a_leader_belongs_to_the_cell_it_starts_in() -> None:
    """Hand edits read cells with the same rule: a leader reaching over the boundary into the
    value's cell still belongs to its label's."""
    lead = dataclasses.replace(_word(". . . . . . .", 100, 180), leader=True)
    words = [_word("Total", 60, 95), lead, _word("12", 185, 195)]
    assert words_in(words, Rect(50, 80, 150, 110)) == words[:2]
    assert words_in(words, Rect(150, 80, 200, 110)) == words[2:]



def test_words_flags_a_leader_l() -> None:
    from inspector.cli.detect import _aside_flag

    assert _aside_flag(dataclasses.replace(_word(". . . .", 100, 120), leader=True)) == "L"
    assert _aside_flag(_word("Total", 60, 85)) == "-"
