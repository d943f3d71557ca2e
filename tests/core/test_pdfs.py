"""The test PDF builders put every word where their expectation says (read back via core.document)."""

from __future__ import annotations

import pytest

import resources
from inspector.core.reading.document import Page, open_document
from resources.make_samples import TableTruth, build_sample
from tests.core import pdfs

Box = tuple[float, float, float, float]
TOL = 0.5  # points a glyph box may poke out of its cell


def _words(page: Page) -> list[tuple[Box, str]]:
    return [((w[0], w[1], w[2], w[3]), w[4]) for w in page.raw_words()]


def _inside(box: Box, rect: Box, tol: float = TOL) -> bool:
    return (box[0] >= rect[0] - tol and box[1] >= rect[1] - tol
            and box[2] <= rect[2] + tol and box[3] <= rect[3] + tol)


def _centre_in(box: Box, rect: Box) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return rect[0] <= cx <= rect[2] and rect[1] <= cy <= rect[3]


def _cells(t: TableTruth) -> list[tuple[Box, str]]:
    """(rect, text) of every top-left slot, covered slots left out."""
    covered = {(r + i, c + j) for r, c, rs, cs in t.spans for i in range(rs) for j in range(cs) if i or j}
    return [(t.cell_rect(r, c), text) for r, row in enumerate(t.rows) for c, text in enumerate(row)
            if (r, c) not in covered]


def check_table(page: Page, t: TableTruth) -> None:
    """Each cell's words lie inside it, in reading order, and no stray word sits in the table."""
    words = _words(page)
    claimed = 0
    for rect, text in _cells(t):
        mine = sorted((w for w in words if _centre_in(w[0], rect)), key=lambda w: (round(w[0][1]), w[0][0]))
        assert [w[1] for w in mine] == text.split(), f"cell {rect} of page {t.page}"
        assert all(_inside(b, rect) for b, _ in mine), f"a word pokes out of cell {rect}"
        claimed += len(mine)
    assert claimed == sum(1 for b, _ in words if _centre_in(b, t.bbox))


@pytest.mark.parametrize("name", sorted(pdfs.BUILDERS))
def test_builder_words_match_expectation(name: str) -> None:
    data, exp = pdfs.BUILDERS[name]()
    doc = open_document(data, name=name)
    assert doc.page_count == exp.pages
    first = doc.page(0)
    assert (first.width, first.height) == exp.page_size
    assert first.rotation == exp.rotation
    for t in exp.tables:
        assert len(t.rows) == len(t.ys) - 1 and all(len(r) == len(t.xs) - 1 for r in t.rows)
        check_table(doc.page(t.page - 1), t)
    texts = [w for _, w in _words(first)]
    assert all(label in texts for label in exp.labels)


def test_position_parameters_move_the_table() -> None:
    _, here = pdfs.ruled_grid(72, 100)
    data, there = pdfs.ruled_grid(200, 300)
    a, b = here.tables[0], there.tables[0]
    assert b.bbox[:2] == (200, 300)
    assert b.xs[-1] - b.xs[0] == pytest.approx(a.xs[-1] - a.xs[0])
    check_table(open_document(data).page(0), b)


def test_no_table_builders_expect_no_table() -> None:
    assert pdfs.bar_chart()[1].tables == () and pdfs.paragraph()[1].tables == ()
    assert len(pdfs.two_tables()[1].tables) == 2
    assert [t.page for t in pdfs.two_page_table()[1].tables] == [1, 2]


def test_nul_is_really_in_the_text() -> None:
    data, exp = pdfs.nul_separated()
    page = open_document(data).page(0)
    lines = ["".join(s["text"] for s in ln["spans"]) for b in page.text_dict()["blocks"] for ln in b["lines"]]
    assert "Net\x00income" in lines
    assert exp.tables[0].rows[1][0] == "Net income"


def test_hairline_rules_are_grey_193() -> None:
    data, _ = pdfs.hairline()
    strokes = {(d.stroke, d.width) for d in open_document(data).page(0).drawings()}
    assert strokes == {(193, 0.5)}


def test_shaded_header_band_and_white_text() -> None:
    data, exp = pdfs.shaded_header()
    page = open_document(data).page(0)
    t = exp.tables[0]
    fills = [d for d in page.drawings() if d.fill == 60]
    assert len(fills) == 1 and fills[0].rect.y1 == pytest.approx(t.ys[1])
    colours = {s["text"]: s["color"] for b in page.text_dict()["blocks"] for ln in b["lines"] for s in ln["spans"]}
    assert colours["Fruit"] == 0xFFFFFF and colours["Apple"] == 0


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_rotated_builder_keeps_unrotated_coordinates(rotation: int) -> None:
    data, exp = pdfs.rotated(rotation)
    page = open_document(data).page(0)
    assert page.rotation == rotation
    check_table(page, exp.tables[0])


def test_bundled_sample_is_current_and_matches_its_truth() -> None:
    data, truths = build_sample()
    assert resources.sample_pdf().read_bytes() == data, "run: python resources/make_samples.py"
    assert build_sample()[0] == data  # deterministic
    doc = open_document(resources.sample_pdf())
    assert doc.page_count == 3 and [t.page for t in truths] == [1, 2, 2, 3]
    for t in truths:
        check_table(doc.page(t.page - 1), t)
