"""A coarse scan's thousands commas that lost their tails: Tesseract reads "52,071" as "52.071"
(a third of the ICDAR fax copies' commas). A number grouped by full stops in a row or column of
numbers grouped by commas is read with commas. Pages built here (PyMuPDF, numpy), exact
expectations; the real Tesseract where OCR is part of what is tested."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr_commas import restore_commas
from inspector.core.types import Rect, Word
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core._scan_pdfs import scanned
from tests.core.test_ocr import needs_tesseract


def words(*placed: tuple[str, float, float]) -> list[Word]:
    """Words of 10 pt type, 40 pt wide, their top-left corners at the given points."""
    return [Word(t, Rect(x, y, x + 40.0, y + 10.0), 10.0) for t, x, y in placed]


def fixed(ws: list[Word], min_groups: int = 2) -> list[str]:
    return [w.text for w in restore_commas(ws, [w.bbox for w in ws], min_groups)[0]]


def test_a_number_grouped_by_stops_in_a_row_of_comma_groups_takes_commas() -> None:
    row = words(("1999", 50, 100), ("52,875", 100, 100), ("38.251", 150, 100), ("14,625", 200, 100))
    assert fixed(row) == ["1999", "52,875", "38,251", "14,625"]
    assert restore_commas(row, [w.bbox for w in row], 2)[1] == 1
    assert fixed(row, 0) == ["1999", "52,875", "38.251", "14,625"]  # off
    assert fixed(row, 3) == ["1999", "52,875", "38.251", "14,625"]  # two comma groups are not three


def test_a_column_of_comma_groups_decides_too_and_a_far_one_does_not() -> None:
    col = words(("52,875", 100, 100), ("53,373", 100, 112), ("53.992", 100, 124), ("(1.234.567)", 100, 136))
    assert fixed(col) == ["52,875", "53,373", "53,992", "(1,234,567)"]
    far = words(("52,875", 100, 100), ("53,373", 100, 112), ("53.992", 100, 400))
    assert fixed(far) == ["52,875", "53,373", "53.992"]


def test_decimals_and_european_numbers_keep_their_full_stops() -> None:
    # A decimal with three places after a zero, a number with a decimal comma beside it, or a
    # row of numbers grouped by full stops: none is a lost comma.
    row = words(("0.125", 50, 100), ("12,345", 100, 100), ("23,456", 150, 100))
    assert fixed(row) == ["0.125", "12,345", "23,456"]
    europe = words(("1.234", 50, 100), ("12,345", 100, 100), ("23,456", 150, 100), ("3,5", 200, 100))
    assert fixed(europe) == ["1.234", "12,345", "23,456", "3,5"]
    stops = words(("1.234", 50, 100), ("12.345", 100, 100), ("23.456", 150, 100))
    assert fixed(stops) == ["1.234", "12.345", "23.456"]
    prose = words(("ORS", 50, 100), ("31.725", 100, 100), ("1,234,567", 100, 300))
    assert fixed(prose) == ["ORS", "31.725", "1,234,567"]


ROWS = (("Year", "Total", "Public", "Private"),
        ("1996", "51,544", "45,611", "5,933"),
        ("1997", "52,071", "46.127", "5,944"),  # printed with a stop: a comma whose tail is lost
        ("1998", "52,526", "46,539", "5,988"),
        ("1999", "52.875", "46,857", "6,018"))


def lost_tails_scan() -> bytes:
    """An image-only page, 200 dpi grey: a ruled table of thousands whose two numbers printed
    with a full stop stand for commas a coarse scan drew without their tails."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 90.0, 120.0, ROWS, TableStyle(font_size=10.0))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    return scanned(src[0])


@needs_tesseract
def test_a_scanned_table_of_thousands_reads_its_lost_commas_and_explain_says_so() -> None:
    pdf = lost_tails_scan()
    res = Pipeline(open_document(pdf)).run(0)
    assert res.words_source == "ocr" and len(res.tables) == 1
    got = res.tables[0].rows_text()
    assert [row[1:] for row in got[1:]] == [list(r[1:]) for r in ROWS[1:]][:1] + [
        ["52,071", "46,127", "5,944"], ["52,526", "46,539", "5,988"], ["52,875", "46,857", "6,018"]]
    assert any("ocr.comma_groups" in n and "2 number(s)" in n for n in res.notes), res.notes
    off = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.comma_groups", 0))
    assert [row[2] for row in off.tables[0].rows_text()][2] == "46.127"
    assert not any("ocr.comma_groups" in n for n in off.notes)


# --- a fax reads most of a column's commas as stops: its whole column decides ----------------

STOPPED = ("4.881", "3.727", "5.261", "4.294", "4.587", "4.556", "4.594", "3.927")  # commas read as stops
KEPT = ("3,598", "3,995", "4,085", "10,394")  # the few read right, at the column's foot


def column(texts: tuple[str, ...], x: float = 300.0, pitch: float = 12.0) -> list[Word]:
    """One column of numbers, a line every ``pitch`` points from y 100."""
    return words(*((t, x, 100.0 + pitch * k) for k, t in enumerate(texts)))


def test_a_columns_few_commas_far_below_read_its_stops_as_commas() -> None:
    ws = column(STOPPED + KEPT)
    assert ws[-1].bbox.cy - ws[0].bbox.cy > 6 * 10.0  # the top stops are out of the 6-line window
    assert fixed(ws) == [t.replace(".", ",") for t in STOPPED] + list(KEPT)
    assert restore_commas(ws, [w.bbox for w in ws], 2)[1] == len(STOPPED)
    assert fixed(ws, 5) == list(STOPPED + KEPT)  # four commas are not five


def test_a_column_holding_a_decimal_or_cut_by_a_gap_keeps_its_far_stops() -> None:
    # A number that can only be a decimal ("12.5") says the column's stops are points; only the
    # stops within six lines of the commas (the window, as before) are read as commas.
    with_rate = fixed(column(("12.5",) + STOPPED + KEPT))
    assert with_rate[:4] == ["12.5", "4.881", "3.727", "5.261"] and with_rate[-6:] == ["4,594", "3,927", *KEPT]
    # The column's commas 100 pt below its stops: another table's column.
    apart = words(*((t, 300.0, 100.0 + 12.0 * k) for k, t in enumerate(STOPPED)),
                  *((t, 300.0, 300.0 + 12.0 * k) for k, t in enumerate(KEPT)))
    assert fixed(apart) == list(STOPPED + KEPT)


FAX_ROWS = tuple((f"Area {k + 1}", t) for k, t in enumerate(STOPPED + KEPT))


def fax_column_scan() -> bytes:
    """An image-only page, 200 dpi grey: labels and one column of thousands, its first eight
    printed with full stops (a fax left their commas no tail), its last four with commas."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("helv")
    for k, (label, value) in enumerate(FAX_ROWS):
        y = 150.0 + 16.0 * k
        page.insert_text((100, y), label, fontsize=11, fontname="helv")
        page.insert_text((300 - font.text_length(value, 11), y), value, fontsize=11, fontname="helv")
    return scanned(page)


@needs_tesseract
def test_a_scanned_column_of_stops_reads_commas_by_its_far_commas_and_explain_says_so() -> None:
    pdf = fax_column_scan()
    off = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.comma_groups", 0))
    assert off.words_source == "ocr"
    assert [w.text for w in off.words if w.bbox.x0 > 200] == list(STOPPED + KEPT)
    res = Pipeline(open_document(pdf)).run(0)
    assert [w.text for w in res.words if w.bbox.x0 > 200] == [t.replace(".", ",") for t in STOPPED] + list(KEPT)
    assert any("ocr.comma_groups" in n and f"{len(STOPPED)} number(s)" in n for n in res.notes), res.notes
