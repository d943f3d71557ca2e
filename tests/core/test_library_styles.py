"""Table styles of PDF libraries (reportlab's TableStyle, fpdf2's borders_layout) drawn with
known coordinates: where one table ends when its outer rules are missing, rows under one
rule in a booktabs body, and a Chinese sentence between two tables (corpus/styles holds
the same styles as the libraries draw them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

LEFT = 72.0
XS = (72.0, 222.0, 302.0, 382.0, 462.0)  # four columns
ROW = 16.0
HEAD = ("Item", "2023", "2022", "Change")


def rows_of(first: int, n: int) -> list[tuple[str, ...]]:
    return [(f"Account {k:02d}", f"{1000 + 37 * k:,}", f"({900 + 29 * k:,})", f"{k % 9 + 1}.{k % 10}%")
            for k in range(first, first + n)]


def draw(page: pymupdf.Page, top: float, rows: Sequence[Sequence[str]], rules: Sequence[int],
         font: str = "helv") -> float:
    """Rows from ``top`` (label left, the rest right-aligned), a rule at each boundary index
    in ``rules`` (0 the top edge, len(rows) the bottom); returns the bottom edge (pt)."""
    for r, row in enumerate(rows):
        y = top + r * ROW + 11.5
        for c, text in enumerate(row):
            if not text:
                continue
            size = 9.0
            x = XS[c] + 4 if c == 0 else XS[c + 1] - 4 - pymupdf.Font(font).text_length(text, size)
            page.insert_text((x, y), text, fontsize=size, fontname="hebo" if r == 0 and font == "helv" else font)
    for k in rules:
        page.draw_line((XS[0], top + k * ROW), (XS[-1], top + k * ROW), width=0.5)
    return top + len(rows) * ROW


def run(page_builder: Callable[[pymupdf.Page], None]) -> PageResult:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page_builder(page)
    return Pipeline(open_document(doc.tobytes())).run(0)


def shapes(res: PageResult) -> list[tuple[int, int]]:
    return [(t.n_rows, t.n_cols) for t in res.tables]


@pytest.mark.parametrize("under_header", [True, False], ids=["header-ruled-off", "header-unruled"])
def test_heading_between_tables_ruled_only_between_rows(under_header: bool) -> None:
    """fpdf2's HORIZONTAL_LINES: rules between rows, none over the first row or under the
    last. The upper table's last row, a heading in larger type and the next table's header
    stand between two rules; the tables share their columns. Two tables, not one."""
    def build(page: pymupdf.Page) -> None:
        rows_a = [HEAD, *rows_of(1, 5)]
        bottom = draw(page, 100, rows_a, range(1, len(rows_a)))
        page.insert_text((LEFT, bottom + 26), "2. Cash flow statement", fontsize=13, fontname="hebo")
        rows_b = [HEAD, *rows_of(6, 5)]
        draw(page, bottom + 36, rows_b, range(1 if under_header else 2, len(rows_b)))

    res = run(build)
    assert shapes(res) == [(6, 4), (6, 4)]
    assert [t.rows_text()[0][0] for t in res.tables] == ["Item", "Item"]
    assert res.tables[0].rows_text()[-1][0] == "Account 05"
    assert not any("Cash flow" in " ".join(" ".join(r) for r in t.rows_text()) for t in res.tables)


def test_booktabs_body_of_amount_rows_under_one_rule_is_several_rows() -> None:
    """reportlab LINEABOVE/LINEBELOW on the header and the total only: four body lines under
    one rule, each with its label and its own amounts (one with an empty cell), are four
    rows, not one row of four-line cells."""
    body = rows_of(1, 4)
    body[1] = (body[1][0], body[1][1], "", body[1][3])
    rows = [HEAD, *body, ("Total", "9,999", "(8,888)", "")]

    def build(page: pymupdf.Page) -> None:
        draw(page, 100, rows, (0, 1, 5, 6))

    res = run(build)
    assert shapes(res) == [(6, 4)]
    assert [tuple(r) for r in res.tables[0].rows_text()] == [tuple(r) for r in rows]


def test_wrapped_label_under_one_rule_stays_one_row() -> None:
    """The rules still win where a line brings no amount of its own: a label over two lines
    beside its amounts, in a table ruled row by row, is one row."""
    rows = [HEAD, *rows_of(1, 2), ("Account 03 restated after", "1,111", "(999)", "2.0%"),
            ("the change of policy", "", "", ""), *rows_of(4, 2)]

    def build(page: pymupdf.Page) -> None:
        draw(page, 100, rows, (0, 1, 2, 3, 5, 6, 7))

    res = run(build)
    assert shapes(res) == [(6, 4)]
    assert res.tables[0].rows_text()[3][0] == "Account 03 restated after\nthe change of policy"


def test_chinese_sentence_between_booktabs_tables_parts_them() -> None:
    """A sentence set without spaces ("本期…变化。", one word to the text layer) alone between
    two booktabs tables with the same columns, in body type: two tables."""
    head = ("项目", "本期金额", "上期金额", "附注")
    rows_a = [head, *[(f"项目{k}", f"{1000 + k:,}.00", f"({900 + k:,}.00)", f"七、{k}") for k in range(1, 5)]]
    rows_b = [head, *[(f"科目{k}", f"{2000 + k:,}.00", f"{800 + k:,}.00", f"七、{k}") for k in range(1, 6)]]

    def build(page: pymupdf.Page) -> None:
        bottom = draw(page, 100, rows_a, (0, 1, len(rows_a)), font="china-s")
        page.insert_text((LEFT, bottom + 20), "本期合并范围与上期相比未发生变化。", fontsize=9, fontname="china-s")
        draw(page, bottom + 30, rows_b, (0, 1, len(rows_b)), font="china-s")

    res = run(build)
    assert shapes(res) == [(5, 4), (6, 4)]


def test_full_width_words_of_adjacent_cells_are_two_words() -> None:
    """Two Hangul headers in adjacent cells, "금액" right-aligned and "비고" left-aligned 6 pt
    further (fpdf2's default cell padding): MuPDF gives one word "금액비고"; they are two. Set
    1.5 pt apart (less than half an em) they stay one word, as MuPDF reads them."""
    from inspector.core.reading.words import extract_words

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("korea")
    for y, gap in ((100, 6.0), (120, 1.5)):
        page.insert_text((100, y), "금액" if gap > 2 else "단가", fontname="korea", fontsize=9)
        page.insert_text((100 + font.text_length("금액", 9) + gap, y), "비고" if gap > 2 else "금액",
                         fontname="korea", fontsize=9)
    words = extract_words(open_document(doc.tobytes()).page(0))
    assert [(w.text, round(w.bbox.x0, 1), round(w.bbox.x1, 1)) for w in words] == [
        ("금액", 100.0, 118.0), ("비고", 124.0, 142.0), ("단가금액", 100.0, 137.5)]


def test_full_width_words_a_word_space_apart_in_tight_text_are_two_words() -> None:
    """A browser's cell padding sets "금액" (right-aligned) and "비고" (left-aligned) 4 pt apart
    in 9 pt Hangul (dompdf's Korean tables): under half an em, but a word space's white (a
    quarter em or more) alone among glyphs set edge to edge: two words. A word whose every gap
    is that wide (letter-spaced, justified) stays one word, as MuPDF reads it; so does a pair of
    glyphs with one gap (nothing tells it from letter spacing)."""
    from inspector.core.reading.words import extract_words

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("korea")
    step = font.text_length("금", 9)
    page.insert_text((100, 100), "금액", fontname="korea", fontsize=9)
    page.insert_text((100 + 2 * step + 4.0, 100), "비고", fontname="korea", fontsize=9)
    for k, ch in enumerate("합계금액"):  # every gap 3 pt: letter-spaced
        page.insert_text((100 + k * (step + 3.0), 130), ch, fontname="korea", fontsize=9)
    page.insert_text((100, 160), "단", fontname="korea", fontsize=9)
    page.insert_text((100 + step + 4.0, 160), "가", fontname="korea", fontsize=9)
    words = extract_words(open_document(doc.tobytes()).page(0))
    assert [(w.text, round(w.bbox.x0, 1), round(w.bbox.x1, 1)) for w in words] == [
        ("금액", 100.0, 118.0), ("비고", 122.0, 140.0), ("합계금액", 100.0, 145.0), ("단가", 100.0, 122.0)]


def test_zebra_header_over_an_unshaded_first_row_is_its_own_row() -> None:
    """reportlab ROWBACKGROUNDS [white, blue] from the first body row, no lines: the header
    and the first (white) body row stand together above the first shaded band, each line
    filling the row; two rows, not one row of two-line cells."""
    rows = [HEAD, *rows_of(1, 7)]
    rows[1] = (*rows[1][:3], "")  # the first body row's last cell empty

    def build(page: pymupdf.Page) -> None:
        for r in range(2, len(rows), 2):
            page.draw_rect(pymupdf.Rect(XS[0], 100 + r * ROW, XS[-1], 100 + (r + 1) * ROW), color=None,
                           fill=(0.87, 0.92, 0.96))
        draw(page, 100, rows, ())

    res = run(build)
    assert shapes(res) == [(8, 4)]
    assert [r[0] for r in res.tables[0].rows_text()[:3]] == ["Item", "Account 01", "Account 02"]


def test_header_cell_wrapped_over_two_lines_above_the_first_rule_is_kept() -> None:
    """reportlab LINEBELOW on every row (no rule over the header), the header of a narrow
    column wrapped ("Note" over "ref."): the header's second line has one piece only, under
    its cell; the header row is the table's, not left out."""
    head_top, body = 100.0, rows_of(1, 5)

    def build(page: pymupdf.Page) -> None:
        bold = pymupdf.Font("hebo")
        for c, text in enumerate(("Item", "Note", "2023", "2022")):
            x = XS[c] + 4 if c == 0 else XS[c + 1] - 4 - bold.text_length(text, 9)
            page.insert_text((x, head_top + 10), text, fontsize=9, fontname="hebo")
        page.insert_text((XS[2] - 4 - bold.text_length("ref.", 9), head_top + 21), "ref.", fontsize=9, fontname="hebo")
        top = head_top + 26
        page.draw_line((XS[0], top), (XS[-1], top), width=0.5)
        draw(page, top, [(r[0], f"{k}.{k}", r[1], r[2]) for k, r in enumerate(body, 1)], range(1, len(body) + 1))

    res = run(build)
    assert shapes(res) == [(6, 4)]
    assert res.tables[0].rows_text()[0] == ["Item", "Note\nref.", "2023", "2022"]


def test_a_tight_column_gap_with_a_header_on_each_side_stays_a_column() -> None:
    """Horizontal rules only, cells set with little padding (fpdf2, reportlab with small
    paddings): a left-aligned label column runs to within one glyph of the next column's
    left-aligned text. The gap is narrow as a run of spaces would be, but each side has
    its own header word: two columns (the 1.5-glyph rule is for spaces inside one cell,
    whose second part has no header of its own)."""
    xs = (72.0, 134.0, 230.0, 300.0)  # the labels end 4.5 pt before "Code" (1.3 glyphs)

    def build(page: pymupdf.Page) -> None:
        rows = [("Description", "Code", "Amount"), ("Wholesale widget", "WX-1", "1,200"),
                ("Retail gadgets", "RG-22", "450"), ("Service charges", "SC-3", "2,310"),
                ("Freight and duty", "FD-41", "980")]
        font = pymupdf.Font("helv")
        for r, row in enumerate(rows):
            y = 100 + r * ROW + 11.5
            label = row[0]
            size = 9.0
            while font.text_length(label, size) > xs[1] - xs[0] - 5:  # the label fills its column
                size -= 0.1
            page.insert_text((xs[0] + 0.5, y), label, fontsize=size, fontname="helv")
            page.insert_text((xs[1] + 0.5, y), row[1], fontsize=9.0, fontname="helv")
            page.insert_text((xs[3] - 2 - font.text_length(row[2], 9.0), y), row[2], fontsize=9.0, fontname="helv")
        for k in range(len(rows) + 1):
            page.draw_line((xs[0], 100 + k * ROW), (xs[-1], 100 + k * ROW), width=0.5)

    res = run(build)
    assert shapes(res) == [(5, 3)]
    assert res.tables[0].rows_text()[1] == ["Wholesale widget", "WX-1", "1,200"]


def test_a_sentence_ending_a_wrapped_cell_is_no_heading_between_tables() -> None:
    """Horizontal rules between rows only (no outer rules, no column rules): a row whose
    second column wraps and ends in a one-piece sentence ("... by the end of 2025.") over the
    next row's cells. The sentence stands in its column, not at the table's left nor apart
    from the row above: one table, every row kept."""
    def build(page: pymupdf.Page) -> None:
        xs = (72.0, 160.0, 380.0, 520.0)
        rows = [("Commodity", "Goal", "Scope"), ("Beef", "Source all beef from regions with low", "Private brands"),
                ("", "deforestation risk by the end of 2025.", ""), ("Cocoa", "Certify every chocolate", "Private brands"),
                ("Coffee", "Certify all coffee products", "Private brands"), ("Cotton", "Source cotton responsibly", "Apparel")]
        y = 100.0
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                if text:
                    page.insert_text((xs[c] + 2, y + 11.5), text, fontsize=9, fontname="hebo" if r == 0 else "helv")
            y += 12.0 if r == 1 else 16.0
            if r not in (1,):  # the wrapped row's two lines share one ruled band
                page.draw_line((xs[0], y + 2), (xs[-1], y + 2), width=0.5)
                y += 4

    res = run(build)
    assert len(res.tables) == 1
    assert [r[0] for r in res.tables[0].rows_text()] == ["Commodity", "Beef", "Cocoa", "Coffee", "Cotton"]


def test_column_rules_through_a_band_keep_its_paragraphs_in_the_table() -> None:
    """A ruled table (rules between rows, a column rule from top to bottom) whose tall row holds
    paragraphs: the left cell's one-piece lines end in full stops and a header-like row
    follows. The column rule runs through the band, so no heading parts the table there."""
    def build(page: pymupdf.Page) -> None:
        x0, xm, x1 = 72.0, 200.0, 520.0
        lines = [("Name", "Address"), ("North office", "12 Harbour Road, Springfield"),
                 ("", "Open on weekdays only."), ("Head office.", ""), ("Main desk", "Reception, floor 1"),
                 ("South office", "4 Mill Lane, Riverton"), ("West office", "9 Quay Street, Lowport")]
        bands = [(0,), (1, 2, 3, 4), (5,), (6,)]  # the second band: one tall row of four lines
        y, top = 100.0, 100.0
        page.draw_line((x0, y), (x1, y), width=0.5)
        for band in bands:
            for k in band:
                for x, text in zip((x0 + 3, xm + 3), lines[k], strict=True):
                    if text:
                        page.insert_text((x, y + 11.5), text, fontsize=9, fontname="hebo" if k == 0 else "helv")
                y += 13.0
            y += 4
            page.draw_line((x0, y), (x1, y), width=0.5)
        page.draw_line((xm, top), (xm, y), width=0.5)

    res = run(build)
    assert len(res.tables) == 1
    assert res.tables[0].n_rows == 4
