"""A row of '-' or '=' characters is a rule (``evidence.charrules``, ``tables.character_rules``):
a report printed from plain text underlines its column heads field by field and sets off its
totals with '='; the heads are then the table's header row, a one-space gap in the underline's
break parts two columns, an empty line stops the heads, and a dash run inside a line of text
stays text (issue 25)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pymupdf
import pytest

from inspector.cli import main
from inspector.core.evidence.charbars import character_bars
from inspector.core.evidence.charrules import character_rules, underline_break
from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, Rect, Word

SIZE = 9.0  # pt: Courier, 5.4 pt a character
LEFT, TOP = 40.0, 60.0
# Fields: account 7, date 10, description 14, amount 10 (right-aligned), one space between:
# the date and the description are parted by one space only.
ROWS = [("1000-01", "2026-11-01", "Office rent", "1,200.00"), ("1000-02", "2026-11-02", "Travel and tax", "35.50"),
        ("2000-10", "2026-11-03", "Postage", "7.25"), ("2000-11", "2026-11-04", "Bank charges", "12.00")]
HEADS = ("ACCOUNT", "DATE", "DESCRIPTION", "AMOUNT")
WIDTHS = (7, 10, 14, 10)


def _line(values: tuple[str, ...]) -> str:
    cells = [v.rjust(w) if k == 3 else v.ljust(w) for k, (v, w) in enumerate(zip(values, WIDTHS, strict=True))]
    return " ".join(cells).rstrip()


def report(lines: list[str]) -> bytes:
    """One page: each line one Courier text run (spaces inside), one line pitch apart."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for k, line in enumerate(lines):
        if line.strip():
            page.insert_text((LEFT, TOP + k * SIZE * 1.15), line, fontname="cour", fontsize=SIZE)
    return doc.tobytes()


def ledger(banner: bool = True) -> list[str]:
    under = " ".join("-" * w for w in WIDTHS)
    lines = ["ACME LTD        GENERAL LEDGER        PAGE 1", "PROGRAM GL100R", ""] if banner else []
    return [*lines, _line(HEADS), under, *(_line(r) for r in ROWS), " " * 20 + "=" * 24,
            _line(("", "", "TOTAL", "1,254.75"))]


def _run(data: bytes, on: bool = True) -> PageResult:
    p = Params()
    return Pipeline(open_document(data)).run(0, dataclasses.replace(p, tables=dataclasses.replace(
        p.tables, character_rules=on)))


def test_a_ledger_underlined_field_by_field_is_one_table_headed_by_its_heads() -> None:
    res = _run(report(ledger()))
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    assert rows[0] == list(HEADS)
    assert rows[1:-1] == [list(r) for r in ROWS]  # the one-space gap parts the date from the description
    assert rows[-1] == ["", "", "TOTAL", "1,254.75"]
    assert res.tables[0].header_rows == 1
    assert sum(w.char_rule for w in res.words) == 5  # four underline runs and the '=' run
    texts = [r for r in res.rules if r.source == "text"]
    assert len(texts) == 2 and len(texts[0].breaks) == 3
    assert any("row(s) of '-' or '=' characters" in n for n in res.notes)


def test_without_the_lever_the_rows_of_dashes_are_text() -> None:
    res = _run(report(ledger()), on=False)
    assert not any(r.source == "text" for r in res.rules)
    assert not any(w.char_rule for w in res.words)
    assert not any(t.rows_text()[0] == list(HEADS) and len(t.rows_text()) == len(ROWS) + 2 for t in res.tables)


def test_explain_names_the_character_rule_under_the_heads() -> None:
    data = report(ledger())
    p = Params()
    res = Pipeline(open_document(data)).run(0, p)
    rows = explain_page(res, p)[0].rows
    under = [w for w in rows if w.kept and "printed as a row of '-' or '=' characters" in w.decision]
    assert len(under) == 2  # the underline under the heads and the '=' row over the total
    assert all("tables.character_rules" in w.params for w in under)


def _words(texts: list[tuple[str, float, float]]) -> tuple[Word, ...]:
    """Words (text, x0, y0), 5.4 pt a character, 10 pt tall."""
    return tuple(Word(t, Rect(x, y, x + 5.4 * len(t), y + 10.0), SIZE) for t, x, y in texts)


def test_a_dash_run_inside_a_line_of_text_or_a_short_line_stays_text() -> None:
    words = _words([("Total", 40, 100), ("----", 80, 100), ("12", 120, 100),  # a nil among text
                    ("-----", 40, 130),  # a lone five-dash run: shorter than a rule line
                    ("------", 40, 160), ("------", 80.6, 160)])  # a rule line of two runs, 12 characters
    out, rules, lines = character_rules(words)
    assert lines == 1 and [w.char_rule for w in out] == [False, False, False, False, True, True]
    assert len(rules) == 1 and rules[0].breaks == ((40 + 5.4 * 6, 80.6),)
    assert rules[0].start == 40 and rules[0].end == 80.6 + 5.4 * 6
    assert underline_break(rules, 75.0) and not underline_break(rules, 60.0)


QUERY = [("1", "Kappa", "Leeds", "12.50"), ("2", "Smith & Sons", "Lyon", "1,030.00"), ("3", "Globex", "Porto", "7.25")]
QWIDTHS = (2, 12, 6, 8)


def _bars(values: tuple[str, ...], outer: bool) -> str:
    cells = [f" {v.rjust(w) if k in (0, 3) else v.ljust(w)} " for k, (v, w) in enumerate(zip(values, QWIDTHS, strict=True))]
    return ("|" + "|".join(cells) + "|") if outer else "|".join(cells).rstrip()


def _dashes(outer: bool) -> str:
    inner = "+".join("-" * (w + 2) for w in QWIDTHS)
    return f"+{inner}+" if outer else inner


def test_a_database_clients_boxed_result_is_one_ruled_table_without_its_bars() -> None:
    """MySQL's "+----+" rows and "|" columns: a ruled table, the prompt and the count out of it."""
    heads = ("id", "name", "city", "amount")
    lines = ["mysql> SELECT * FROM t;", _dashes(True), _bars(heads, True), _dashes(True),
             *(_bars(r, True) for r in QUERY), _dashes(True), "3 rows in set (0.00 sec)"]
    res = _run(report(lines))
    assert len(res.tables) == 1 and res.tables[0].rows_text() == [list(heads), *(list(r) for r in QUERY)]
    assert sum(r.orient == "v" and r.source == "text" for r in res.rules) == 5
    assert sum(r.orient == "h" and r.source == "text" for r in res.rules) == 3
    assert not any("|" in c for row in res.tables[0].rows_text() for c in row)
    assert any("column(s) of '|' characters" in n for n in res.notes)
    cols = explain_page(res, Params())[0].cols
    assert any("printed as a column of '|' characters" in w.decision for w in cols if w.kept)


def test_a_psql_result_stops_at_its_column_rules_top_and_bottom() -> None:
    """PostgreSQL's "|" between the fields and one "----+----" row: the prompt over the heads and
    the "(3 rows)" count under the rows stand outside the column rules, so outside the table."""
    heads = ("id", "name", "city", "amount")
    lines = ["shop=> SELECT * FROM t;", _bars(heads, False), _dashes(False), *(_bars(r, False) for r in QUERY),
             "(3 rows)"]
    res = _run(report(lines))
    assert len(res.tables) == 1 and res.tables[0].rows_text() == [list(heads), *(list(r) for r in QUERY)]
    assert res.tables[0].header_rows == 1


def test_two_bars_in_a_line_of_text_stay_text() -> None:
    words = _words([("a", 40, 100), ("|", 50, 100), ("b", 60, 100), ("|", 50, 112), ("c", 60, 112)])
    out, rules = character_bars(words, ())
    assert rules == () and not any(w.char_rule for w in out)


def test_the_words_command_flags_the_characters_read_as_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "ledger.pdf"
    pdf.write_bytes(report(ledger()))
    assert main(["words", str(pdf), "--json"]) == 0
    words = json.loads(capsys.readouterr().out)["words"]
    assert sorted(w["text"][0] for w in words if w["char_rule"]) == ["-", "-", "-", "-", "="]
    assert main(["words", str(pdf)]) == 0
    assert sum(" --R- " in line for line in capsys.readouterr().out.splitlines()) == 5
