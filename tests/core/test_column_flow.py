"""A table flowing on into the next column of its own page (a two-column report, an InDesign
spread), then onto the next page: built with PyMuPDF at known coordinates."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core.column_flow_pdfs import column_flow_pdf
from tests.core.continued_pdfs import detect

REAL = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "indesign18-report.pdf"


def _links(conts: tuple[Continuation, ...]) -> list[tuple[int, int, int, int, int]]:
    return [(c.prev_page, c.prev_index, c.next_page, c.next_index, c.repeated_header) for c in proposed(conts)]


def test_table_flows_into_the_next_column_then_the_next_page(tmp_path: Path) -> None:
    results = detect(column_flow_pdf(), tmp_path)
    boxes = [[(round(t.bbox.x0), round(t.bbox.y0), round(t.bbox.x1)) for t in r.tables] for r in results]
    assert boxes == [[(40, 80, 400), (442, 80, 802)], [(40, 80, 400)]]
    conts = find_continuations(results)
    # Left column -> right column of page 1, right column of page 1 -> page 2; not the left
    # column of page 1 -> page 2 (its next column takes it on).
    assert _links(conts) == [(1, 0, 1, 1, 1), (1, 1, 2, 0, 1)]
    flow = next(c for c in conts if c.proposed and c.next_page == 1)
    assert [e.kind for e in flow.evidence] == ["edge", "edge", "columns", "header"]
    # 0.15 + 0.15 (edges) + 0.35 + 0.1 x (1 - 0.25 / 4) (columns 0.25 pt apart: the "Qty" header
    # set left heads its column in both pieces, ``gapcuts._set_apart``) + 0.2 (header)
    assert flow.confidence == pytest.approx(0.94375, abs=1e-3)
    page_break = next(c for c in conts if (c.prev_index, c.next_page) == (0, 2))
    assert page_break.reason == "another table stands in a later column of its page"


@pytest.mark.parametrize(("heading", "reason"), [
    ("Schedule 2. Services", 'a caption between the pieces on page 1: "Schedule 2. Services"'),
    ("Services supplied", 'text between the pieces on page 1: "Services supplied"')])
def test_heading_over_the_next_column_starts_another_table(heading: str, reason: str, tmp_path: Path) -> None:
    """The page's line at the heading's height also holds the left column's header: only the
    right column's words of it stand between the pieces."""
    conts = find_continuations(detect(column_flow_pdf(heading=heading), tmp_path))
    flow = [c for c in conts if c.next_page == c.prev_page == 1]
    assert len(flow) == 1 and not flow[0].proposed
    assert flow[0].reason == reason
    assert (1, 0, 1, 1, 1) not in _links(conts)


@pytest.mark.parametrize(("short", "linked"), [((4, 4), True), ((2, 4), True), ((4, 0), False), ((8, 2), False)])
def test_columns_end_at_the_foot_of_their_own_page(short: tuple[int, int], linked: bool, tmp_path: Path) -> None:
    """Page 1's columns end rows over page 2's lowest line: the left column's piece is judged
    against the foot of page 1's columns (the right piece's), not the document's; a left
    piece ending more than 2 rows above the right one's foot (4 and 6 rows) is no flow."""
    pdf = column_flow_pdf(short=short, closing="All amounts in US dollars, audited figures.")
    conts = find_continuations(detect(pdf, tmp_path))
    flow = next(c for c in conts if c.prev_page == c.next_page == 1)
    assert flow.proposed is linked, flow.reason
    ends = next(e for e in flow.evidence if e.kind == "edge")
    assert ("ends at the bottom of its page's columns" if linked else
            "does not end at the bottom of its page's columns") in ends.detail


@pytest.mark.parametrize(("under", "linked"), [(("Prices are quoted ex works and exclude freight.", 9.0), False),
                                               (("Prices are quoted ex works and exclude freight.", 7.0), True),
                                               (("Note: prices ex works.", 9.0), True)])
def test_text_under_the_next_column_sets_its_foot(under: tuple[str, float], linked: bool, tmp_path: Path) -> None:
    """Text under the right column's piece down to the page's foot: the left piece, 4 rows
    short, does not end its column; the table's note there (smaller type, or a note's mark)
    is no text of the column, so the columns' foot is the piece's."""
    pdf = column_flow_pdf(short=(4, 4), closing="All amounts in US dollars, audited figures.", under=under)
    conts = find_continuations(detect(pdf, tmp_path))
    flow = next(c for c in conts if c.prev_page == c.next_page == 1)
    assert flow.proposed is linked, flow.reason
    if not linked:
        assert flow.reason.startswith("does not end at the bottom of its page's columns: 80.7 pt of room, more than "
                                      "40.0 pt (2 of the next column's first rows)")


@pytest.mark.skipif(not REAL.is_file(), reason="corpus/tagged_real not fetched (make corpus-tagged-real)")
def test_real_spread_pairs_its_two_columns(tmp_path: Path) -> None:
    """indesign18-report page 6: a spread whose goals table goes on in the right-hand page's
    column (its tags make the two one table). Detection takes both pieces in three columns (the
    left piece's Status column holds only pictures, read as a column of pictures); the left piece
    ends 19 pt over the right one's foot, the page's columns' foot (page 7's full-bleed picture,
    taken for a table down to the paper's edge, and the footnotes under the right piece are
    not), so the pair is linked with its header repeated."""
    doc = open_document(REAL)
    pipe = Pipeline(doc)
    results = [pipe.run(i) for i in (4, 5, 6)]  # pages 5-7: the running header repeats
    conts = [c for c in find_continuations(results) if c.prev_page == c.next_page == 6]
    assert [(c.prev_index, c.next_index) for c in conts] == [(0, 1)]
    ev = conts[0].evidence
    assert conts[0].proposed and conts[0].repeated_header == 1
    assert [e.detail.split(",")[0] for e in ev if e.kind == "columns"] == ["3 columns"]
    assert [e.detail for e in ev if e.kind == "header"] == ["repeats the header (1 row)"]
    assert ev[0].detail.startswith("ends at the bottom of its page's columns: 19.0 pt of room")
    # The navigation bar across the spread (it prints the page's number) is furniture: the
    # pieces start under it and no text stands between them.
    assert [e for e in ev if e.kind == "text"] == []


LIGHT, DARK = (0.93, 0.93, 0.93), (0.62, 0.76, 0.9)


@pytest.mark.parametrize(("bands", "linked"), [((LIGHT, LIGHT), True), ((LIGHT, DARK), False), ((None, DARK), False),
                                               ((DARK, None), False)])
def test_header_shaded_otherwise_is_another_table(bands: tuple[tuple[float, float, float] | None, ...], linked: bool,
                                                   tmp_path: Path) -> None:
    """The right column's table repeats the left one's header in another shade (or on no fill
    where the left one has one): two tables side by side with the same heads (a rate sheet's
    seasons), not one flowing on. The same shade in both: one table."""
    conts = find_continuations(detect(column_flow_pdf(bands=bands), tmp_path))
    flow = next(c for c in conts if c.prev_page == c.next_page == 1)
    assert flow.proposed is linked
    shade = [e for e in flow.evidence if e.kind == "shade"]
    if linked:
        assert shade == []
    else:
        assert len(shade) == 1 and shade[0].veto and shade[0].value == 3 and shade[0].threshold == 3
        assert flow.reason.startswith("its repeated header is shaded otherwise: ")
        assert flow.reason.endswith("(3 of 3 columns; a table sets its header again in its own look)")
