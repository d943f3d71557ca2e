"""Tables continued on the next page as reportlab, fpdf2 and PyMuPDF break them, in English,
Korean and Chinese (``continued_pdfs``): exactly the continuations a reader sees are linked,
with the repeated header counted, and none where a heading, a caption or a header row of its
own starts a new table."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from inspector.core.multipage.headrow import kind
from inspector.core.multipage.logical import logical_tables
from inspector.core.multipage.tails import adopt_tails
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from tests.core.continued_pdfs import (
    CJK_FONT,
    OTHER_HEADERS,
    SECTIONS,
    Case,
    blank_column,
    builder_id,
    case_builders,
    fpdf2_case,
    pymupdf_case,
    reportlab_case,
    rl_section_at_break,
    section_at_break,
    tall_at_break,
    texts,
)

SHORT, LONG = texts(40), texts(70)


def _spec(lang: str) -> list[tuple[str, Callable[[], Case]]]:
    t = SHORT[lang]
    sparse = blank_column(t, 1, 20)
    return [
        (f"reportlab-{lang}-grid-repeat", lambda: reportlab_case(t, "grid", True)),
        (f"reportlab-{lang}-plain-norepeat", lambda: reportlab_case(t, "plain", False)),
        (f"reportlab-{lang}-plain-sparse", lambda: reportlab_case(sparse, "plain", True)),
        (f"fpdf2-{lang}-horizontal-repeat", lambda: fpdf2_case(LONG[lang], "HORIZONTAL_LINES", True)),
        (f"fpdf2-{lang}-none-norepeat", lambda: fpdf2_case(LONG[lang], "NONE", False)),
        (f"pymupdf-{lang}-rules-marker-sparse", lambda: pymupdf_case(sparse, "rules", False, marker=True)),
        (f"pymupdf-{lang}-new-heading", lambda: pymupdf_case(t, "rules", True, new_table="heading")),
        (f"pymupdf-{lang}-new-caption", lambda: pymupdf_case(t, "plain", True, new_table="caption")),
        (f"reportlab-{lang}-new-heading", lambda: reportlab_case(t, "grid", True, new_table=True)),
    ]


SPECS = [s for lang in ("en", "ko", "zh") for s in _spec(lang)]


def detect(case: Case, tmp_path: Path) -> list[PageResult]:
    path = tmp_path / f"{case.name}.pdf"
    path.write_bytes(case.pdf)
    doc = open_document(path)
    try:
        pipe = Pipeline(doc)
        # As detect, export, eval and the window read a document: short tails adopted.
        return adopt_tails([pipe.run(i) for i in range(doc.page_count)])
    finally:
        doc.close()


def check(case: Case, results: list[PageResult]) -> tuple[Continuation, ...]:
    """Every page holds one table; the proposals are exactly the case's links, header counted.
    A case with ``at`` names its links by (page, table index), -1 the page's last table."""
    if case.at is not None:
        conts = find_continuations(results)
        n = {r.page: len(r.tables) for r in results}
        want = sorted((p, i % n[p], q, j) for p, i, q, j in case.at)
        assert sorted((c.prev_page, c.prev_index, c.next_page, c.next_index) for c in proposed(conts)) == want, case.name
        return conts
    assert [len(r.tables) for r in results] == [1] * len(results), case.name
    conts = find_continuations(results)
    got = [(c.prev_page, c.prev_index, c.next_page, c.next_index, c.repeated_header) for c in proposed(conts)]
    assert got == [(p, 0, q, 0, int(case.repeated)) for p, q in case.links], case.name
    return conts


@pytest.mark.parametrize(("name", "build"), SPECS, ids=[n for n, _ in SPECS])
def test_continued_table_is_linked_as_read(name: str, build: Callable[[], Case], tmp_path: Path) -> None:
    if "-en-" not in name and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    case = build()
    assert ("-new-" in name) == (not case.links), "a continued case breaks over a page, a new table does not"
    results = detect(case, tmp_path)
    conts = check(case, results)
    if case.links:
        # One logical table: the rows run on, a repeated header read once.
        first = results[0].tables[0]
        stacked = logical_tables(results, conts)
        assert len(stacked) == 1
        assert stacked[0].n_rows == sum(r.tables[0].n_rows for r in results) - int(case.repeated) * len(case.links)
        assert stacked[0].rows_text()[0] == first.rows_text()[0]


@pytest.mark.skipif(CJK_FONT is None, reason="fonts-wqy-microhei is not installed")
def test_a_column_left_empty_on_the_next_page_still_continues(tmp_path: Path) -> None:
    """The notes column (附注) is empty on page 2, so its header word merges into the next
    cell and the piece has 3 columns against 4: the body's words still stand in the first
    piece's columns, and the header reads the same as one line."""
    case = pymupdf_case(blank_column(SHORT["zh"], 1, 20), "plain", True)
    results = detect(case, tmp_path)
    assert (results[0].tables[0].n_cols, results[1].tables[0].n_cols) == (4, 3)
    c = check(case, results)[0]
    columns = next(e for e in c.evidence if e.kind == "columns")
    assert columns.detail.startswith("4 columns against 3, but every column of the narrower piece stands inside")
    assert not columns.veto and c.repeated_header == 1


@pytest.mark.skipif(CJK_FONT is None, reason="fonts-wqy-microhei is not installed")
def test_wrapped_label_moves_a_borderless_boundary(tmp_path: Path) -> None:
    """A label running on over the first column's white on page 2 (管理费用（含…）, one of
    the few lines a column gap lets cross it) no longer moves that page's boundary into its
    text: the boundary goes in the white the label leaves clear (``gapcuts.clear_middle``),
    where page 1 has it, so the pieces' columns agree within continuation.col_tol. (Before,
    the boundaries differed by 62 pt and only the shared white between the words tied them.)"""
    case = pymupdf_case(SHORT["zh"], "plain", False)
    c = check(case, detect(case, tmp_path))[0]
    columns = next(e for e in c.evidence if e.kind == "columns")
    assert columns.detail.startswith("4 columns, boundaries within")
    assert columns.value <= 4.0 and not columns.veto


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_marker_and_unit_line_over_the_continuation_take_no_room(lang: str, tmp_path: Path) -> None:
    """"(continued)"/"(계속)" and the unit line set again over page 2's piece: the piece
    starts under them, and the room they take is not counted against continuation.edge_rows."""
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    case = pymupdf_case(blank_column(SHORT[lang], 1, 20), "rules", False, marker=True)
    c = check(case, detect(case, tmp_path))[0]
    assert [e.kind for e in c.evidence if e.kind in ("marker", "title")] == ["marker", "title"]
    starts = [e for e in c.evidence if e.kind == "edge"][1]
    # Without them the room would be theirs too (36.7 pt, over 2 rows of 17.5 pt): only the gap under them counts.
    assert starts.detail.startswith("starts at the top") and starts.value < 10.0


@pytest.mark.skipif(CJK_FONT is None, reason="fonts-wqy-microhei is not installed")
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_heading_between_says_why_not_linked(lang: str, tmp_path: Path) -> None:
    t = SHORT[lang]
    case = pymupdf_case(t, "rules", True, new_table="heading")
    conts = check(case, detect(case, tmp_path))
    # NFKC: the font maps 量 to its compatibility twin U+F97E, and MuPDF reads that back.
    assert len(conts) == 1
    assert unicodedata.normalize("NFKC", conts[0].reason) == f"text between the pieces on page 2: \"{t.heading}\""


BUILDERS = case_builders()


@pytest.mark.slow
@pytest.mark.parametrize("build", BUILDERS, ids=[builder_id(i, b) for i, b in enumerate(BUILDERS)])
def test_every_built_case(build: Callable[[], Case], tmp_path: Path) -> None:
    """The whole set, one test per case (the before/after measure runs it too)."""
    case = build()
    check(case, detect(case, tmp_path))


@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_tall_row_opening_the_next_page(lang: str, tmp_path: Path) -> None:
    """A row ten lines tall does not fit at the foot of page 1 and opens page 2; borderless,
    detection leaves it out of page 2's piece (or, its cell wrapped over no more than six
    narrow lines, takes it in). Its lines stand in the table's columns, in the table's type,
    cells parted by white: rows left out, no text between the pieces."""
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    case = tall_at_break(SHORT[lang], "plain", False)
    results = detect(case, tmp_path)
    c = check(case, results)[0]
    rows = [e for e in c.evidence if e.kind == "rows"]
    if rows:
        assert all(e.detail.startswith("a line in the table's columns that detection left out") for e in rows)
    else:  # taken into the piece (a narrow cell's wrapped lines bridged, or its first line's
        # gap meeting the narrower gaps under it): the tall row opens it, one row, its label's
        # wrapped lines in the label's cell (a number there, "摊销）" over "28", goes on with the
        # label: ``wrapped_rows.label_number``) and the narrow cell's lines in its own
        first = results[1].tables[0].rows_text()[0]
        row = next(r for r in SHORT[lang].rows if r[-1] == first[-1])
        long = row[1] * 12 if lang != "en" else row[1] * 10  # ``tall_at_break``'s narrow cell
        assert ["".join(cell.split()) for cell in first] == ["".join(t.split()) for t in (row[0], long, *row[2:])]
    assert not any(e.veto for e in c.evidence)


@pytest.mark.parametrize("lang", ["en", "ko", "zh"])
def test_section_row_opening_the_next_page(lang: str, tmp_path: Path) -> None:
    """Page 2 opens with a section row (非流动资产：, 나. 건축공사) that detection leaves out
    of the borderless piece under it: one line in one column, a row's pitch above the piece,
    in the table's type. It is a row of the table; a caption in the same place is not (the
    new-caption cases above)."""
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    case = section_at_break(SHORT[lang], "plain", False)
    c = check(case, detect(case, tmp_path))[0]
    rows = [e for e in c.evidence if e.kind == "rows"]
    assert len(rows) == 1 and rows[0].detail.endswith(f"\"{SECTIONS[lang]}\"")


@pytest.mark.skipif(CJK_FONT is None, reason="fonts-wqy-microhei is not installed")
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_caption_between_is_named_a_caption(lang: str, tmp_path: Path) -> None:
    """"표 2. 인건비 내역" and "表 2 分部信息" over the next table are captions (also in the
    table's type, where a section row would be a row)."""
    t = SHORT[lang]
    case = pymupdf_case(t, "plain", True, new_table="caption")
    conts = check(case, detect(case, tmp_path))
    assert len(conts) == 1 and conts[0].reason == f"a caption between the pieces on page 2: \"{t.caption}\""


@pytest.mark.parametrize(("lang", "producer"), [("en", "pymupdf"), ("en", "reportlab"), ("zh", "pymupdf"),
                                                ("ko", "reportlab")])
def test_new_table_under_its_own_header_at_the_top_is_not_linked(lang: str, producer: str, tmp_path: Path) -> None:
    """Page 1's table fills the page; page 2 starts directly (no heading, no caption) with
    another table of the same columns, its header row in body type (no bold to tell): its
    header's words stand where page 1's body has numbers, so it is a new table, and says so."""
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    t = SHORT[lang]
    case = (pymupdf_case(t, "grid", True, new_table="bare") if producer == "pymupdf"
            else reportlab_case(t, "grid", True, new_table=True, bare=True))
    conts = check(case, detect(case, tmp_path))
    assert len(conts) == 1 and not conts[0].proposed
    assert conts[0].reason.startswith(f"starts with its own header row: \"{OTHER_HEADERS[lang][0]} | ")
    # Nothing else stood in the way: the pieces meet at the page break, with the same columns.
    assert [e.kind for e in conts[0].evidence if e.veto] == ["header"]


@pytest.mark.parametrize(("lang", "build"), [("en", "pymupdf"), ("en", "reportlab"), ("zh", "reportlab")])
def test_section_row_first_inside_the_continued_grid_still_links(lang: str, build: str, tmp_path: Path) -> None:
    """The continuation's first row is a section row ("Electrical works", "非流动资产："):
    all text, but its number columns are empty, so it is a body row, not another header."""
    if lang != "en" and CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    t = SHORT[lang]
    case = section_at_break(t, "grid", False) if build == "pymupdf" else rl_section_at_break(t, "grid")
    results = detect(case, tmp_path)
    assert results[1].tables[0].rows_text()[0][t.widths.index(max(t.widths))] == SECTIONS[lang]
    c = check(case, results)[0]
    assert [e.detail for e in c.evidence if e.kind == "header"] == ["no header row at the top: the rows go on"]


@pytest.mark.parametrize("build", ["pymupdf", "reportlab", "fpdf2"])
def test_continued_without_repeated_header_starts_with_body_rows(build: str, tmp_path: Path) -> None:
    """No header repeated: page 2's first row is a body row (numbers in the number columns)."""
    t = SHORT["en"]
    case = {"pymupdf": lambda: pymupdf_case(t, "grid", False), "reportlab": lambda: reportlab_case(t, "rules", False),
            "fpdf2": lambda: fpdf2_case(LONG["en"], "ALL", False)}[build]()
    c = check(case, detect(case, tmp_path))[0]
    assert c.repeated_header == 0 and not any(e.veto for e in c.evidence)


def test_cell_kinds() -> None:
    """Numbers, amounts and dates against words; signs alone are no content."""
    assert [kind(x) for x in ("1,250.00", "(3.4)", "12 Mar 2024", "2024-03-12", "七、1", "—", "",
                              "Unit price", "Day rate", "Note 12", "附注")] == \
        ["num", "num", "num", "num", "num", "", "", "text", "text", "text", "text"]
