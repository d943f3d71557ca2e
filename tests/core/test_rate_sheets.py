"""Rate sheets (a bank's deposit rates, a brochure's price table) drawn by PyMuPDF at known
coordinates: a dark header band with white text, rows parted by thin rules or by zebra
shading, cells over several lines (a label typed over two lines, a rate with a note under it
running on toward the next column). The drawn rows are the rows: a row's lines stay one row,
its last row's second line stays in the table, the heading under it does not."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

DARK = (0.05, 0.18, 0.36)
ZEBRA = (0.90, 0.93, 0.97)
FS = 8.5  # type size, pt
LEAD = FS * 1.25  # a cell's line step, pt
PAD = 4.0  # cell padding, pt
HEAD = ("Account", "Minimum", "Rate", "APY")
ROWS = (("Premier Savings\nbalances over $10,000", "$10,000", "1.25%", "1.26%"),
        ("Everyday Savings", "$100", "0.50%", "0.50%"),
        ("Easy Access Saver", "$1", "2.80%\n3.05% over £10k", "2.84%"),
        ("Notice Saver", "$1,000", "3.10%", "3.14%"),
        ("Online Saver", "$1", "2.90%", "2.94%"),
        ("Loyalty Saver\nafter 3 years", "$500", "3.00%", "3.04%"),
        ("Regular Saver", "$25", "4.50%", "4.59%"),
        ("Bonus Saver", "$100", "3.30%", "3.35%"),
        ("Youth Savings\n(under 18)", "$25", "0.75%", "0.75%"))  # an odd count: the last row unshaded
COLS = (50.0, 230.0, 320.0, 400.0, 470.0)  # column edges, pt


NOTE = ("Instant access accounts. Interest is calculated daily and paid monthly; rates are variable",
        "and may change at any time after we give you notice.")  # a note row's two lines, across the table
CENTRED = ("3 Year Fixed\nno withdrawals\nno additions", "$2,000", "3.90%", "3.97%")  # amounts beside its middle line


def _row(page: pymupdf.Page, y: float, cells: tuple[str, ...], head: bool, centred: bool = False) -> float:
    """Draw one row's text from ``y`` (its top), left-aligned in each column, each cell at the
    row's top (``centred``: centred on the row's height); its bottom, pt."""
    n = max(c.count("\n") + 1 for c in cells)
    h = n * LEAD + 2 * PAD
    if head:
        page.draw_rect(pymupdf.Rect(COLS[0], y, COLS[-1], y + h), fill=DARK, color=None)
    for x, text in zip(COLS, cells, strict=False):
        off = (n - text.count("\n") - 1) * LEAD / 2 if centred else 0.0
        for j, line in enumerate(text.split("\n")):
            page.insert_text((x + PAD, y + off + PAD + FS - 1.5 + j * LEAD), line, fontname="hebo" if head else "helv",
                             fontsize=FS, color=(1, 1, 1) if head else (0, 0, 0))
    return y + h


def rate_sheet(style: str, heading_under: bool = False) -> bytes:
    """A rate table under a title: rows ruled (``style`` "rules") or every other row shaded
    ("zebra": the last row unshaded); with ``heading_under``, a heading and a second table
    follow it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Personal Deposit Rates", fontname="hebo", fontsize=16)
    y = _row(page, 80, HEAD, True)
    for k, cells in enumerate(ROWS):
        top, y = y, _row(page, y, cells, False)
        if style == "zebra" and k % 2:
            page.draw_rect(pymupdf.Rect(COLS[0], top, COLS[-1], y), fill=ZEBRA, color=None, overlay=False)
        if style == "rules":
            page.draw_line((COLS[0], y), (COLS[-1], y), color=(0.6, 0.6, 0.6), width=0.5)
    if heading_under:
        page.insert_text((50, y + 28), "Certificates of deposit", fontname="hebo", fontsize=12)
        y = _row(page, y + 40, HEAD, True)
        for k, cells in enumerate((("6-month CD", "$500", "3.10%", "3.14%"), ("12-month CD", "$500", "3.60%", "3.66%"),
                                   ("24-month CD", "$1,000", "3.40%", "3.45%"))):
            top, y = y, _row(page, y, cells, False)
            if style == "zebra" and k % 2:
                page.draw_rect(pymupdf.Rect(COLS[0], top, COLS[-1], y), fill=ZEBRA, color=None, overlay=False)
    page.insert_text((50, y + 16), "* Rates effective 1 March 2026 and subject to change.", fontsize=7)
    return doc.tobytes()


def _tables(data: bytes) -> list[Table]:
    return list(Pipeline(open_document(data)).run(0, Params()).tables)


def _grid(t: Table) -> list[list[str]]:
    out = [[""] * t.n_cols for _ in range(t.n_rows)]
    for c in t.cells:
        out[c.r][c.c] = c.text
    return out


EXPECTED = [list(HEAD), *[list(r) for r in ROWS]]


def test_ruled_rows_keep_a_rate_note_running_toward_the_next_column():
    """"3.05% over £10k" under "2.80%" reaches into the white before the APY column: the
    row's rules keep it in its row, and the column boundary goes through the white right
    of it, not through its text (the APY "2.84%" stays a cell of its own)."""
    tables = _tables(rate_sheet("rules"))
    assert len(tables) == 1
    assert _grid(tables[0]) == EXPECTED
    assert all(c.rs == 1 and c.cs == 1 for c in tables[0].cells)


def test_zebra_rows_keep_the_last_rows_second_line():
    """The last row, unshaded under a shaded one, holds a label typed over two lines
    ("Youth Savings" / "(under 18)", a break of its own: the second line would have fitted
    after the first). It steps at the leading of the table's other multi-line cells, in the
    label's column and type: the row's, not a note under the table (the footnote, in smaller
    type, stays out)."""
    tables = _tables(rate_sheet("zebra"))
    assert len(tables) == 1
    assert _grid(tables[0]) == EXPECTED


def test_zebra_last_row_kept_over_a_heading_and_the_next_table():
    """A heading between two zebra tables still parts them; the first table's last row keeps
    its second line, the heading belongs to neither."""
    tables = _tables(rate_sheet("zebra", heading_under=True))
    assert [(t.n_rows, t.n_cols) for t in tables] == [(10, 4), (4, 4)]
    assert _grid(tables[0]) == EXPECTED
    assert _grid(tables[1])[0] == list(HEAD)
    assert not any("Certificates" in c.text for t in tables for c in t.cells)


def _justified(page: pymupdf.Page, y: float, text: str, width: float) -> None:
    """Set ``text`` at baseline ``y`` from the table's left edge, its word spaces stretched
    so that it fills ``width`` pt (a justified paragraph's line)."""
    words = text.split()
    sizes = [pymupdf.get_text_length(w, "helv", FS) for w in words]
    space = (width - sum(sizes)) / (len(words) - 1)
    x = COLS[0] + PAD
    for w, size in zip(words, sizes, strict=True):
        page.insert_text((x, y), w, fontname="helv", fontsize=FS)
        x += size + space


def noted_sheet(centred_last: bool = False, justified: bool = False) -> bytes:
    """A rate table ruled under every row, a note row of two lines right under its dark
    header band (unshaded, running across every column gap), and, with ``centred_last``, an
    unshaded last row (zebra) whose label runs over three lines beside amounts centred on it;
    with ``justified``, the note's first line justified across the table."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Personal Deposit Rates", fontname="hebo", fontsize=16)
    y = _row(page, 80, HEAD, True)
    for j, line in enumerate(NOTE):
        if justified and j == 0:  # every line but the paragraph's last fills the row's width
            _justified(page, y + PAD + FS - 1.5, line, COLS[-1] - COLS[0] - 2 * PAD)
        else:
            page.insert_text((COLS[0] + PAD, y + PAD + FS - 1.5 + j * LEAD), line, fontname="helv", fontsize=FS)
    y += len(NOTE) * LEAD + 2 * PAD
    page.draw_line((COLS[0], y), (COLS[-1], y), color=(0.6, 0.6, 0.6), width=0.5)
    rows = (*ROWS[:-1], CENTRED) if centred_last else ROWS  # an odd count: the last row unshaded
    for k, cells in enumerate(rows):
        top, y = y, _row(page, y, cells, False, centred=centred_last)
        if centred_last and k % 2:
            page.draw_rect(pymupdf.Rect(COLS[0], top, COLS[-1], y), fill=ZEBRA, color=None, overlay=False)
        if not centred_last:
            page.draw_line((COLS[0], y), (COLS[-1], y), color=(0.6, 0.6, 0.6), width=0.5)
    page.insert_text((50, y + 16), "* Rates effective 1 March 2026 and subject to change.", fontsize=7)
    return doc.tobytes()


def test_note_row_under_the_header_band_stays_in_the_table():
    """Two lines of running text between the dark header band and the first row's rule are
    the table's note row, not text between two tables (a header band alone is no table): one
    table, its header, the note as one cell across the four columns (its lines cross every
    column gap: a section row in a band of its own hides no column), then the rows. Explain
    names the header band."""
    res = Pipeline(open_document(noted_sheet())).run(0, Params())
    assert len(res.tables) == 1
    t = res.tables[0]
    grid = _grid(t)
    assert grid[0] == list(HEAD) and grid[2:] == [list(r) for r in ROWS]
    note = next(c for c in t.cells if c.r == 1)  # one cell across the table (``spanrows.note_rows``)
    assert (note.c, note.cs, note.text.split()) == (0, 4, " ".join(NOTE).split())
    assert any(r.reason.startswith("a note row under the header band") for r in res.regions)


def test_note_row_needs_the_parameter():
    """``tables.header_notes`` off: the note parts the header band from the rows, as before."""
    res = Pipeline(open_document(noted_sheet())).run(0, Params().with_value("tables.header_notes", False))
    assert [t.n_rows for t in res.tables] == [len(ROWS)]


def test_zebra_last_row_centred_beside_a_three_line_label():
    """The last row, unshaded, sets its amounts beside the middle line of a three-line label:
    the label's lines step by the table's cell leading counted between lines that start at one
    left edge (the centred amounts stand between them), so all three lines stay the row's."""
    res = Pipeline(open_document(noted_sheet(centred_last=True))).run(0, Params())
    assert len(res.tables) == 1
    assert _grid(res.tables[0])[-1] == list(CENTRED)


def test_justified_note_row_hides_no_column():
    """The note's first line justified across the table: its stretched spaces are its own
    text (no column gap), so the line covers every gap; alone in its ruled band with the
    note's last line, it is a full-width row's and says nothing against the columns under it
    (``group_labels.banded_section_lines``): the table keeps its four columns."""
    res = Pipeline(open_document(noted_sheet(justified=True))).run(0, Params())
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(len(ROWS) + 2, 4)]
    assert _grid(res.tables[0])[2:] == [list(r) for r in ROWS]


BROCHURE_COLS = (250.0, 400.0, 480.0, 550.0)  # the table in the page's right column, pt
PROSE = "Our savings products are designed for every stage of life and every kind of saver today"


def brochure_sheet() -> bytes:
    """A two-column brochure: running text in the left column (40-230 pt), a line on the
    note's first baseline and on each row's, and in the right column a rate table: a dark
    header band, a shaded section band holding a two-line note of running text across the
    table, rows ruled under each."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    x, y = BROCHURE_COLS, 80.0
    page.draw_rect(pymupdf.Rect(x[0], y, x[-1], y + LEAD + 2 * PAD), fill=DARK, color=None)
    for cx, text in zip(x, ("Account", "Rate", "APY"), strict=False):
        page.insert_text((cx + PAD, y + PAD + FS - 1.5), text, fontname="hebo", fontsize=FS, color=(1, 1, 1))
    y += LEAD + 2 * PAD
    note = ("Instant access accounts: interest is calculated daily and paid",
            "monthly, and rates are variable and may change at any time later.")
    page.draw_rect(pymupdf.Rect(x[0], y, x[-1], y + 2 * LEAD + 2 * PAD), fill=ZEBRA, color=None)
    notes = [y + PAD + FS - 1.5 + j * LEAD for j in range(2)]
    for base, line in zip(notes, note, strict=True):
        page.insert_text((x[0] + PAD, base), line, fontname="helv", fontsize=FS)
    baselines = notes[:1]  # the prose's leading differs: only the note's first line shares a baseline
    y += 2 * LEAD + 2 * PAD
    page.draw_line((x[0], y), (x[-1], y), color=(0.6, 0.6, 0.6), width=0.5)
    for label, rate, apy in ROWS_3:
        base = y + PAD + FS - 1.5
        baselines.append(base)
        for cx, text in zip(x, (label, rate, apy), strict=False):
            page.insert_text((cx + PAD, base), text, fontname="helv", fontsize=FS)
        y += LEAD + 2 * PAD
        page.draw_line((x[0], y), (x[-1], y), color=(0.6, 0.6, 0.6), width=0.5)
    for base in baselines:  # the prose column, on the table's baselines
        page.insert_text((40, base), PROSE[:52], fontname="tiro", fontsize=FS)
    return doc.tobytes()


ROWS_3 = (("Instant Saver", "3.20%", "3.25%"), ("Branch Saver", "2.95%", "2.99%"), ("Bonus Saver", "3.75%", "3.81%"),
          ("Notice Saver", "3.10%", "3.14%"))


def test_shaded_section_band_beside_a_prose_column_stays_in_the_table():
    """The note in its shaded band runs across the table like prose, and its first line shares
    its baseline with the prose beside the table, so that page line runs from the prose into
    the band; no piece of them runs across the
    band's sides, so the band still holds its text and keeps the header and the rows one
    table (it once parted them: the header band alone, then the rows)."""
    res = Pipeline(open_document(brochure_sheet())).run(0, Params())
    tables = [t for t in res.tables if t.bbox.x0 >= BROCHURE_COLS[0] - 1]
    assert len(tables) == 1
    grid = _grid(tables[0])
    assert grid[0] == ["Account", "Rate", "APY"] and grid[2:] == [list(r) for r in ROWS_3]
    assert grid[1][0].split()[:3] == ["Instant", "access", "accounts:"]


def test_explain_names_the_cut_through_the_clear_white():
    """"3.05% over £10k" runs on into the gap before the APY column: the boundary there goes
    through the white it leaves (``gapcuts.CLEAR``) and explain says so; no other gap's middle
    holds text, so no other boundary is named so."""
    res = Pipeline(open_document(rate_sheet("rules"))).run(0, Params())
    (why,) = explain_page(res, Params())
    named = [w for w in why.cols if any(e.kind == "clear_white" for e in w.evidence)]
    assert len(named) == 1 and COLS[3] - 8 < named[0].pos < COLS[3] + 4
    assert "through that white, not the gap's middle" in named[0].decision


def test_explain_names_the_last_rows_next_line():
    """The zebra table's bottom lies under "(under 18)", taken as the last row's cell line
    (``grow.next_cell_line``): explain says so on the bottom boundary; the ruled table's
    bottom is its rule and says nothing of it."""
    zebra, ruled = (explain_page(Pipeline(open_document(rate_sheet(s))).run(0, Params()), Params())[0]
                    for s in ("zebra", "rules"))
    bottom = zebra.rows[-1]
    assert [e.kind for e in bottom.evidence] == ["region_edge", "cell_next_line"]
    assert "last row's next line (\"(under 18)\")" in bottom.decision
    assert not any(e.kind == "cell_next_line" for w in (*zebra.rows[:-1], *ruled.rows) for e in w.evidence)
