"""Continuations over built PDFs: which tables are one logical table, and why."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from inspector.core.params import ContinuationParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from resources.make_samples import TableStyle
from tests.core.split_pdfs import Built, item_rows, page_then_table, typeset


def detect(built: Built, tmp_path: Path) -> list[PageResult]:
    path = tmp_path / "doc.pdf"
    path.write_bytes(built.pdf)
    doc = open_document(path)
    pipe = Pipeline(doc)
    return [pipe.run(i) for i in range(doc.page_count)]


def links(conts: tuple[Continuation, ...]) -> list[tuple[int, int, int, int, int]]:
    return [(c.prev_page, c.prev_index, c.next_page, c.next_index, c.repeated_header) for c in proposed(conts)]


def kinds(c: Continuation) -> list[str]:
    return [e.kind for e in c.evidence]


def test_two_pages_with_repeated_header(tmp_path: Path) -> None:
    built = typeset(item_rows(50))
    assert [p.page for p in built.pieces] == [1, 2]
    conts = find_continuations(detect(built, tmp_path))
    assert links(conts) == [(1, 0, 2, 0, 1)]
    c = conts[0]
    assert c.confidence == pytest.approx(0.95)
    assert kinds(c) == ["edge", "edge", "margin", "columns", "header"]
    assert "repeats the header (1 row)" in c.evidence[-1].detail


def test_three_pages_without_repeated_header(tmp_path: Path) -> None:
    built = typeset(item_rows(90), repeat_header=False)
    assert [p.page for p in built.pieces] == [1, 2, 3]
    conts = find_continuations(detect(built, tmp_path))
    assert links(conts) == [(1, 0, 2, 0, 0), (2, 0, 3, 0, 0)]
    assert all(c.confidence == pytest.approx(0.8) for c in conts)


def test_three_pages_booktabs_repeated_header(tmp_path: Path) -> None:
    built = typeset(item_rows(90), style=TableStyle(rules="booktabs"))
    conts = find_continuations(detect(built, tmp_path))
    assert links(conts) == [(1, 0, 2, 0, 1), (2, 0, 3, 0, 1)]


def test_sideways_continuation(tmp_path: Path) -> None:
    """Page 2 is shown turned (/Rotate 90) with its text upright to the reader: compared in
    its upright frame, its columns are the first piece's."""
    results = detect(typeset(item_rows(50), sideways=[2]), tmp_path)
    assert results[1].rotation == 90 and results[1].tables[0].grid.turn == 270
    conts = find_continuations(results)
    assert links(conts) == [(1, 0, 2, 0, 1)]
    assert "boundaries within 0.0 pt" in next(e.detail for e in conts[0].evidence if e.kind == "columns")


def test_unrelated_tables_have_different_columns(tmp_path: Path) -> None:
    other = [("Code", "Name", "Year"), *[(f"C{k}", f"Name {k}", str(2000 + k)) for k in range(6)]]
    conts = find_continuations(detect(page_then_table(item_rows(38), other), tmp_path))
    assert links(conts) == []
    assert len(conts) == 1 and conts[0].reason == "4 columns against 3"


@pytest.mark.parametrize("caption", ["Table 2. Other items", "Items sold in the second half"])
def test_caption_or_title_between_means_a_new_table(tmp_path: Path, caption: str) -> None:
    """The first table ends at the bottom of page 1; page 2 opens with a caption (or a plain
    title) and a table with the very same columns: a new table, not a continuation."""
    built = page_then_table(item_rows(38), item_rows(5), caption=caption)
    results = detect(built, tmp_path)
    assert results[0].tables[0].bbox.y1 == pytest.approx(built.pieces[0].ys[-1], abs=1)
    conts = find_continuations(results)
    assert links(conts) == []
    assert conts[0].reason.endswith(f'on page 2: "{caption}"')
    assert conts[0].reason.startswith("a caption" if caption.startswith("Table") else "text between")


def test_table_ending_mid_page_is_not_continued(tmp_path: Path) -> None:
    """A short table followed by blank space, then the same columns on the next page."""
    first = typeset(item_rows(10))
    second = typeset(item_rows(45))
    import pymupdf

    doc = pymupdf.open("pdf", second.pdf)
    doc.insert_pdf(pymupdf.open("pdf", first.pdf), from_page=0, to_page=0, start_at=0)
    results = detect(Built(doc.tobytes(), ()), tmp_path)
    conts = find_continuations(results)
    assert links(conts) == [(2, 0, 3, 0, 1)]  # the long table's own break only
    first_pair = next(c for c in conts if c.prev_page == 1)
    assert first_pair.reason.startswith("does not end at the bottom of the text area")
    assert first_pair.evidence[0].param == "continuation.edge_rows"


def test_marker_adds_confidence(tmp_path: Path) -> None:
    conts = find_continuations(detect(typeset(item_rows(50), marker="Table 1 (continued)"), tmp_path))
    assert links(conts) == [(1, 0, 2, 0, 1)]
    marker = next(e for e in conts[0].evidence if e.kind == "marker")
    assert marker.detail == 'continuation marker on page 2: "Table 1 (continued)"'
    assert conts[0].confidence == pytest.approx(1.0)


def test_min_confidence_and_disable(tmp_path: Path) -> None:
    results = detect(typeset(item_rows(50), repeat_header=False), tmp_path)
    strict = find_continuations(results, ContinuationParams(min_confidence=0.9))
    assert links(strict) == [] and "below continuation.min_confidence 0.9" in strict[0].reason
    assert find_continuations(results, ContinuationParams(enabled=False)) == ()


def test_pages_not_consecutive_are_not_paired(tmp_path: Path) -> None:
    results = detect(typeset(item_rows(90)), tmp_path)
    assert links(find_continuations([results[0], results[2]])) == []


def test_header_repeated_from_inside_a_merged_piece(tmp_path: Path) -> None:
    """Two tables with the same columns drawn touching on page 1 are detected as one region;
    the second continues on page 2 under its own header repeated: still a continuation."""
    import pymupdf

    from resources.make_samples import _auto_widths, draw_table

    rows = item_rows(50, header=("Code", "Area", "Count", "Cost"))
    built = typeset(rows, first_top=72 + 5 * 17.25)
    doc = pymupdf.open("pdf", built.pdf)
    other = item_rows(4)
    draw_table(doc[0], 72, 72, other, col_widths=_auto_widths(rows, TableStyle()))
    results = detect(Built(doc.tobytes(), ()), tmp_path)
    assert results[0].tables[0].rows_text()[5][0] == "Code"  # one detected region holds both
    conts = find_continuations(results)
    assert links(conts) == [(1, 0, 2, 0, 1)]
    assert "repeats row 6 of it, a header inside the detected piece" in conts[0].evidence[-1].detail


def _with_bleed_page(pdf: bytes) -> bytes:
    """``pdf`` with a last page whose ruled grid runs down to the paper's bottom edge (a
    picture's or colour band's bleed that detection takes for a table)."""
    doc = pymupdf.open("pdf", pdf)
    w, h = doc[0].rect.width, doc[0].rect.height
    page = doc.new_page(width=w, height=h)
    ys = [600.0 + k * (h - 600.0) / 6 for k in range(7)]
    xs = (72.0, 200.0, 330.0, 460.0)
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=0.8)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.8)
    for r in range(6):
        for c in range(3):
            page.insert_text((xs[c] + 4, ys[r] + 24), f"Zone {r}{c}" if c == 0 else f"{(r * 7 + c) % 50}.5", fontsize=9)
    return doc.tobytes()


def test_a_bleed_on_another_page_leaves_the_text_area(tmp_path: Path) -> None:
    """A grid down to the paper's edge on a third page is no text: the first piece still ends
    at the foot of the text area (the lowest text of the pages, the bleed left out)."""
    built = typeset(item_rows(50))
    results = detect(Built(_with_bleed_page(built.pdf), built.pieces), tmp_path)
    assert results[2].tables and results[2].tables[0].bbox.y1 >= results[2].height - 1
    conts = find_continuations(results)
    assert links(conts) == [(1, 0, 2, 0, 1)]
    assert conts[0].evidence[0].detail.startswith("ends at the bottom of the text area")
