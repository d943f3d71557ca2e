"""Borderless tables side by side, indented sub-rows and definition tables (issue 25, class 5),
built with PyMuPDF at known coordinates: two tables beside each other with a gutter come out
as two; a wide column gap inside one table does not part it; a sub-row whose label is indented
("T1a") or wider than the one above ("M0") stays in its table; a two-column table of short
labels and long texts is a table, a numbered reference list is not."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 9.0
LEADING = 11.0  # pt between a wrapped cell's lines
ROW_GAP = 5.0  # pt of extra white between two rows

Row = tuple[str, Sequence[str]]  # a label and its text's lines

# Two staging tables as an oncology guideline sets them, side by side: their cells wrap on
# other rows, so their rows drift apart.
LEFT: tuple[Row, ...] = (
    ("T", ["Primary tumor"]),
    ("TX", ["Primary tumor cannot be assessed"]),
    ("T0", ["No evidence of primary tumor"]),
    ("T1", ["Tumor 2 cm or less in greatest dimension", "limited to the thyroid"]),
    ("T2", ["Tumor more than 2 cm but not more", "than 4 cm, limited to the thyroid"]),
    ("T3", ["Tumor more than 4 cm limited to the thyroid"]),
    ("T4", ["Advanced disease"]),
)
RIGHT: tuple[Row, ...] = (
    ("N", ["Regional lymph nodes"]),
    ("NX", ["Regional nodes cannot be assessed"]),
    ("N0", ["No evidence of regional lymph node", "metastasis"]),
    ("N1", ["Metastasis to regional nodes"]),
    ("N2", ["Metastasis to lateral neck lymph nodes", "or retropharyngeal lymph nodes"]),
    ("N3", ["Metastasis to mediastinal nodes"]),
)


def detect(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def _rows(page: pymupdf.Page, rows: Sequence[Row], x_label: float, x_text: float, top: float,
          labels: Sequence[float] = (), row_gap: float = ROW_GAP) -> None:
    """``rows`` from baseline ``top`` down: the label at ``x_label`` (or ``labels[k]``), the text
    lines at ``x_text``, each row ``row_gap`` below the last line of the one before."""
    y = top
    for k, (label, lines) in enumerate(rows):
        page.insert_text((labels[k] if labels else x_label, y), label, fontsize=SIZE)
        for n, line in enumerate(lines):
            page.insert_text((x_text, y + n * LEADING), line, fontsize=SIZE)
        y += len(lines) * LEADING + row_gap


def _cells(rows: Sequence[Row]) -> list[list[str]]:
    return [[label, "\n".join(lines)] for label, lines in rows]  # a wrapped cell keeps its line break


def side_by_side() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=792, height=612)  # landscape, as the guideline's pages
    page.insert_text((40, 80), "Table 1. Definitions for T and N", fontsize=11)
    _rows(page, LEFT, 40, 76, 110)
    # A gutter of some 170 pt after the left table's longest text; the right table's rows
    # stand a little further apart (another paragraph style), so the two drift apart.
    _rows(page, RIGHT, 420, 456, 110, row_gap=ROW_GAP + 2)
    page.insert_text((40, 400), "Used with permission of the American College of Surgeons, Chicago, Illinois, "
                                "from the AJCC Cancer Staging Manual, Eighth Edition.", fontsize=SIZE)
    return doc.tobytes()


def test_two_borderless_tables_side_by_side_are_two() -> None:
    res = detect(side_by_side())
    left, right = sorted(res.tables, key=lambda t: t.bbox.x0)
    assert [left.rows_text(), right.rows_text()] == [_cells(LEFT), _cells(RIGHT)]
    assert left.bbox.x1 < 300 and right.bbox.x0 > 415


def test_explain_names_the_gutter_that_parts_them() -> None:
    res = detect(side_by_side())
    why = [r for r in res.regions if r.reason.startswith("tables side by side")]
    assert len(why) == 1
    gutter = why[0].bbox
    # Between the left table's longest text and the right table's labels, over both tables.
    assert 245 < gutter.x0 < gutter.x1 <= 421 and gutter.y0 < 110 and gutter.y1 > 180
    assert "no line of the block crosses" in why[0].reason and "off its baseline" in why[0].reason


def test_a_bulleted_list_beside_a_table_stays_out_of_it() -> None:
    """A staging table left, a bulleted list right at its own line spacing (10 pt against the
    table's 16 pt rows): the list is no table and no column of the table."""
    doc = pymupdf.open()
    page = doc.new_page(width=792, height=612)
    rows = [("Stage", "T", "N", "M"), ("Stage I", "Any T", "Any N", "M0"), ("Stage II", "Any T", "Any N", "M1"),
            ("Stage III", "T4a", "Any N", "M0"), ("Stage IVA", "T4b", "Any N", "M0"), ("Stage IVB", "Any T", "Any N", "M1")]
    for k, row in enumerate(rows):
        for x, text in zip((40, 110, 170, 230), row, strict=True):
            page.insert_text((x, 120 + 16 * k), text, fontsize=SIZE)
    items = ("Papillary thyroid carcinoma", "Follicular variant of the carcinoma", "Encapsulated variant",
             "Columnar cell variant", "Oncocytic variant", "Hurthle cell carcinoma", "Anaplastic thyroid carcinoma",
             "Poorly differentiated carcinoma", "Medullary carcinoma")
    for k, item in enumerate(items):
        page.insert_text((420, 118 + 10 * k), "\u2022", fontsize=SIZE)
        page.insert_text((428, 118 + 10 * k), item, fontsize=SIZE)
    res = detect(doc.tobytes())
    assert [t.rows_text() for t in res.tables] == [[list(r) for r in rows]]
    assert [r for r in res.regions if r.reason.startswith("tables side by side")]


def test_one_table_with_a_wide_column_gap_stays_one() -> None:
    """Four columns, a gutter-wide gap between the second and the third: the rows share their
    baselines across it, so it is one table's column gap."""
    doc = pymupdf.open()
    page = doc.new_page(width=792, height=612)
    rows = [("Code", "Item", "Qty", "Price"), ("A-1", "Bolts", "12", "3.20"), ("A-2", "Nuts", "40", "1.10"),
            ("B-7", "Washers", "100", "0.40"), ("C-3", "Hinges", "6", "12.00"), ("C-9", "Brackets", "8", "4.75")]
    for k, row in enumerate(rows):
        for x, text in zip((40, 90, 420, 470), row, strict=True):
            page.insert_text((x, 110 + 16 * k), text, fontsize=SIZE)
    res = detect(doc.tobytes())
    assert [t.rows_text() for t in res.tables] == [[list(r) for r in rows]]
    assert not [r for r in res.regions if r.reason.startswith("tables side by side")]


def test_indented_and_wider_labels_keep_their_rows() -> None:
    """Sub-rows "T1a", "T1b" indented under "T1", and "N1a/b" wider than "N1" above it: each
    label stands less than a column gap (1.5 font sizes) before its text, which starts where
    the text column of the row above starts."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=500)
    rows: list[Row] = [("T", ["Primary tumor"]), ("T1", ["Tumor 2 cm or less"]), ("T1a", ["Tumor 1 cm or less"]),
                       ("T1b", ["Tumor more than 1 cm"]), ("T2", ["Tumor more than 2 cm"]),
                       ("N1", ["Regional lymph nodes"]), ("N1a/b", ["Central or lateral neck nodes"]),
                       ("N2", ["Nodes on both sides"])]
    labels = [72, 72, 80, 80, 72, 72, 72, 72]
    for (label, _), x in zip(rows, labels, strict=True):  # the geometry the test is about
        gap = 104 - x - pymupdf.get_text_length(label, fontsize=SIZE)
        assert (gap < 1.5 * SIZE) == (label in ("T1a", "T1b", "N1a/b")) and gap > 0.8 * SIZE
    _rows(page, rows, 72, 104, 100, labels)
    res = detect(doc.tobytes())
    assert [t.rows_text() for t in res.tables] == [_cells(rows)]
    (said,) = [r.reason for r in res.regions if r.reason.startswith("sub-rows kept")]  # explain names them
    assert "3 line(s)" in said and "('T1a', 'T1b', 'N1a/b')" in said


DEFINITIONS: tuple[Row, ...] = (
    ("TX", ["The primary tumor cannot be assessed from the imaging or the pathology reports"]),
    ("T0", ["There is no evidence of a primary tumor in any of the examined tissue samples"]),
    ("T1", ["The tumor measures two centimetres or less and is limited to the thyroid gland"]),
    ("T2", ["The tumor measures more than two but not more than four centimetres in size"]),
    ("T3", ["The tumor measures more than four centimetres or shows a minimal extension"]),
)


def _list_page(rows: Sequence[Row]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=500)
    _rows(page, rows, 72, 110, 100)
    return doc.tobytes()


def test_a_definitions_table_of_long_texts_is_a_table() -> None:
    """Short labels beside texts of some fourteen words a line: a key-value table, not two
    columns of prose."""
    res = detect(_list_page(DEFINITIONS))
    assert [t.rows_text() for t in res.tables] == [_cells(DEFINITIONS)]


def test_a_numbered_reference_list_is_no_table() -> None:
    """The same block with "[1]", "[2]"... before the texts is a reference list."""
    refs = tuple((f"[{k + 1}]", lines) for k, (_, lines) in enumerate(DEFINITIONS))
    assert detect(_list_page(refs)).tables == ()


NCCN = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "indesign14-nccn.pdf"


def test_real_guideline_page_staging_tables_side_by_side() -> None:
    """An InDesign guideline's page 60 (``make corpus-tagged-real``): the T table left, the N
    table right with a gutter between, as its tags have them. Expectations checked against
    ``table-inspector render`` of the page."""
    if not NCCN.is_file():
        pytest.skip("indesign14-nccn.pdf not fetched (make corpus-tagged-real)")
    res = Pipeline(open_document(NCCN.read_bytes())).run(59)
    tables = sorted(res.tables, key=lambda t: (t.bbox.x0, t.bbox.y0))
    left = tables[0]
    assert left.bbox.x1 < 370 and left.n_cols == 2  # the T table ends before the gutter
    assert [r[0] for r in left.rows_text()][:4] == ["T", "TX", "T0", "T1"]
    right = [t for t in tables if t.bbox.x0 > 400]
    assert [t.rows_text()[0] for t in right][:2] == [["N", "Regional Lymph Nodes"], ["M", "Distant Metastasis"]]
    assert any(r.reason.startswith("tables side by side") for r in res.regions)
