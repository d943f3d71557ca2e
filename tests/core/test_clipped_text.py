"""A cell's text cut at its cell's edge by a clip path ends its cell there, and where several
rows' text is cut at one x that x is a column's edge, however little room the next column
leaves (issue 25: documents nobody here made; Excel's export of a list of names beside numbers).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from clip_text_pdfs import (
    BOXED,
    FRAME,
    NAMES,
    NOTE,
    PAD,
    SHORT,
    cairo_clipped,
    edges,
    raw_clipped,
    reportlab_clipped,
    rows,
)

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.cliptext import _suspects
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.core.types import PageResult

CUT = sum(len(n) > 20 for n in NAMES)  # the names too long for the first column: 4 rows


def _run(data: bytes) -> PageResult:
    return Pipeline(open_document(data)).run(0)


@pytest.mark.parametrize("make", [raw_clipped, reportlab_clipped, cairo_clipped], ids=["raw", "reportlab", "cairo"])
def test_names_cut_at_their_column_edge_keep_their_column(make: Callable[..., bytes]) -> None:
    res = _run(make(rows()))
    (table,) = res.tables
    got = table.rows_text()
    truth = rows()
    assert [r[1:] for r in got] == [list(r[1:]) for r in truth]  # the numbers have a column of their own
    for cell, name in zip([r[0] for r in got], [r[0] for r in truth], strict=True):
        assert cell and name.startswith(cell) and (cell == name) == (len(name) <= 20), (cell, name)
    edge = edges()[1]
    cut = [w for w in res.words if w.clipped]
    assert len(cut) == CUT and all(w.bbox.x1 == pytest.approx(edge) for w in cut)
    # Cut at the edge, the next cell's number is a word of its own, starting PAD after it.
    assert all(any(v.bbox.x0 == pytest.approx(edge + PAD, abs=0.05) and abs(v.bbox.y0 - w.bbox.y0) < 0.5
                   for v in res.words) for w in cut)


def test_a_clip_that_cuts_nothing_changes_nothing() -> None:
    clipped, bare = _run(raw_clipped(rows(SHORT))), _run(raw_clipped(rows(SHORT), clip_cells=False))
    assert clipped.words == bare.words and not any(w.clipped for w in clipped.words)
    assert [t.rows_text() for t in clipped.tables] == [t.rows_text() for t in bare.tables] \
        == [[list(r) for r in rows(SHORT)]]


def test_text_across_a_clip_edge_but_outside_the_clip_stays_whole() -> None:
    caption = "A caption drawn across the frame edge"
    page = open_document(raw_clipped(rows(SHORT), outside=caption)).page(0)
    words = extract_words(page)
    crossing = _suspects(words, page.clip_boxes(), page.width)
    # The picture's clip edge crosses a word of the caption, but hides none of it.
    assert list(crossing.values()) == [[FRAME[2]]] and words[next(iter(crossing))].text in caption.split()
    line = [w for w in words if w.bbox.y0 > FRAME[1]]
    assert [w.text for w in line[:-2]] == caption.split() and not any(w.clipped for w in line[:-2])
    # Further right on the same line the note is cut at its own clip's edge.
    assert [(w.text, w.clipped) for w in line[-2:]] == [("Overlong", False), ("n", True)]
    assert line[-1].bbox.x1 == NOTE[1] and BOXED.startswith(" ".join(w.text for w in line[-2:]))


def test_without_clips_the_long_names_run_into_the_numbers() -> None:
    """The control: the same table drawn with no clip shows the whole names over the numbers'
    column, so nothing says where the first column ends (one column is no defect here)."""
    res = _run(raw_clipped(rows(), clip_cells=False))
    assert not any(w.clipped for w in res.words)
    assert all(len(t.rows_text()[0]) < 4 for t in res.tables)


def test_explain_names_the_clip_edge() -> None:
    res = _run(raw_clipped(rows()))
    (why,) = explain_page(res, Params())
    col = why.cols[1]
    assert [e.kind for e in col.evidence] == ["clipped_text", "text_gap"]
    assert col.evidence[0].value == CUT and col.evidence[1].value == pytest.approx(PAD, abs=0.05)
    assert f"text clipped at x = {edges()[1]:.1f} in {CUT} rows" in col.decision
    assert col.evidence[0].as_json() == {"kind": "clipped_text", "count": CUT}
    assert res.tables[0].grid is not None and res.tables[0].grid.col_evidence[1].kind == "clip edge"


def test_excel_names_cut_at_the_column_edge(corpus: Path) -> None:
    """Excel for Microsoft 365 (camelot's issue 288): five rows' names cut 2.4 pt before the
    numbers' column; the names' column was lost."""
    pdf = corpus / "real" / "pdfs" / "camelot" / "issue_288.pdf"
    if not pdf.is_file():
        pytest.skip(f"{pdf} is absent")
    res = _run(pdf.read_bytes())
    (table,) = res.tables
    got = table.rows_text()
    assert got[0] == ["Name", "Vers.-Nummer", "RG Nr.", "Fällig von"]
    assert got[19] == ["Ackermann XXXXXXXXXXXXX", "20 111111111", "55.55.5573", "01.01.2025"]
    assert sum(w.clipped for w in res.words) == 5


def test_words_command_shows_the_cut(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from inspector.cli import main

    pdf = tmp_path / "clipped.pdf"
    pdf.write_bytes(raw_clipped(rows()))
    assert main(["words", str(pdf), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["words"]
    assert sum(w["clipped"] for w in got) == CUT
    assert main(["words", str(pdf)]) == 0
    out = capsys.readouterr().out
    assert sum(line.split()[5].endswith("C") for line in out.splitlines()[3:-1]) == CUT
