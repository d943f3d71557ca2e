"""A back-of-book index (entries in alphabetical order in text columns, dot leaders to page
references, rules under its section letters) is no table, drawn by PyMuPDF or by reportlab; a
list in alphabetical order whose leaders lead to amounts stays one (issue 25)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.indexlist import REF_LIST
from inspector.core.types import PageResult

TOPICS = ("Address", "Adjustments", "Adoption", "Alimony", "Amended", "Annuities", "Bonds", "Business",
          "Capital", "Casualty", "Charity", "Child", "Community", "Credits", "Daycare", "Debt", "Decedents",
          "Dependents", "Dividends", "Education", "Employer", "Estates", "Excess", "Exemptions", "Extension",
          "Farming", "Filing", "Foreign", "Gains", "Gifts", "Health", "Household", "Income", "Interest",
          "Itemized", "Kinds", "Line", "Married", "Mileage", "Moving", "Nonresident", "Original", "Other",
          "Payments", "Penalties", "Pensions", "Refund", "Rental", "Royalties", "Salaries", "Scholarship",
          "Social", "Standard", "Student", "Tax", "Tips", "Trusts", "Unemployment", "Wages", "Winnings")
REFS = ("31", "15", "9, 18", "23, 24, 25", "12", "9-15", "26-28", "4", "18, 34-45", "20")
SIZE, PITCH, COL_W, TOP = 8.0, 10.0, 120.0, 90.0


def _entries() -> list[tuple[str, str, bool]]:
    """(text, its page references or "", indented) per line: a section letter at each new initial,
    then each topic with its references; every fifth one has a sub-entry under it."""
    out: list[tuple[str, str, bool]] = []
    initial = ""
    for k, topic in enumerate(TOPICS):
        if topic[0] != initial:
            initial = topic[0]
            out.append((initial, "", False))
        if k % 5 == 4:
            out.append((f"{topic} items:", "", False))
            out.append(("reported on", REFS[k % len(REFS)], True))
        else:
            out.append((f"{topic} rules", REFS[k % len(REFS)], False))
    return out


def _columns() -> list[list[tuple[str, str, bool]]]:
    lines = _entries()
    per = -(-len(lines) // 3)
    return [lines[i:i + per] for i in range(0, len(lines), per)]


def _leader(width: float) -> str:
    return " ." * int(width / 4.0)


def index_pymupdf(rules: bool = True) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for c, col in enumerate(_columns()):
        x0 = 54.0 + c * (COL_W + 42.0)
        for r, (text, refs, indent) in enumerate(col):
            y = TOP + r * PITCH
            x = x0 + (8.0 if indent else 0.0)
            page.insert_text((x, y), text, fontsize=SIZE, fontname="helv")
            if len(text) == 1 and rules:  # a section letter: a thick and a thin rule under it
                page.draw_line((x0, y + 2.5), (x0 + COL_W, y + 2.5), width=1.5)
                page.draw_line((x0, y + 4.5), (x0 + COL_W, y + 4.5), width=0.5)
            if refs:
                end = x0 + COL_W - pymupdf.get_text_length(refs, "helv", SIZE)
                start = x + pymupdf.get_text_length(text, "helv", SIZE) + 3.0
                page.insert_text((start, y), _leader(end - start - 8.0), fontsize=SIZE, fontname="helv")
                page.insert_text((end, y), refs, fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def index_reportlab() -> bytes:
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    cv = canvas.Canvas(buf, pagesize=(612, 792))
    for c, col in enumerate(_columns()):
        x0 = 54.0 + c * (COL_W + 42.0)
        for r, (text, refs, indent) in enumerate(col):
            y = 792 - (TOP + r * PITCH)
            cv.setFont("Helvetica", SIZE)
            cv.drawString(x0 + (8.0 if indent else 0.0), y, text)
            if len(text) == 1:
                cv.setLineWidth(1.2)
                cv.line(x0, y - 3, x0 + COL_W, y - 3)
            if refs:  # a glued dot leader, the references right-aligned
                start = x0 + (8.0 if indent else 0.0) + cv.stringWidth(text, "Helvetica", SIZE) + 2.0
                end = x0 + COL_W - cv.stringWidth(refs, "Helvetica", SIZE) - 2.0
                cv.drawString(start, y, "." * int((end - start) / cv.stringWidth(".", "Helvetica", SIZE)))
                cv.drawRightString(x0 + COL_W, y, refs)
    cv.showPage()
    cv.save()
    return buf.getvalue()


def _run(data: bytes) -> PageResult:
    return Pipeline(open_document(data)).run(0)


@pytest.mark.parametrize("build", (lambda: index_pymupdf(True), lambda: index_pymupdf(False), index_reportlab),
                         ids=("pymupdf-ruled", "pymupdf", "reportlab"))
def test_an_index_is_no_table(build: Callable[[], bytes]) -> None:
    res = _run(build())
    assert res.tables == (), [t.rows_text()[:3] for t in res.tables]
    assert any(r.reason.startswith("a back-of-book index") for r in res.regions)


def test_why_names_the_index_where_a_person_clicks() -> None:
    text = explain(_run(index_pymupdf(True)), Params()).why_not_here(100.0, TOP + 5 * PITCH)
    assert "back-of-book index" in text and "alphabetical order" in text, text


def test_leaders_to_amounts_in_alphabetical_order_stay_a_table() -> None:
    """A price list in the order of its labels: leaders lead to amounts, no page references."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for r, topic in enumerate(TOPICS[:12]):
        y = TOP + r * 14.0
        amount = f"{(r + 3) * 1234.5:,.2f}"
        page.insert_text((72, y), topic, fontsize=9, fontname="helv")
        page.insert_text((72 + pymupdf.get_text_length(topic, "helv", 9) + 4, y), "." * 40, fontsize=9, fontname="helv")
        page.insert_text((400 - pymupdf.get_text_length(amount, "helv", 9), y), amount, fontsize=9, fontname="helv")
    res = _run(doc.tobytes())
    assert len(res.tables) == 1 and res.tables[0].n_cols == 2


def test_page_reference_lists() -> None:
    for refs in ("23", "23, 24, 25, 30", "9-15", "18, 34-45", "9-15,", "A-3", "iv"):
        assert REF_LIST.match(refs), refs
    for amount in ("1,234", "(95)", "2.50%", "12.5", "$4"):
        assert not REF_LIST.match(amount), amount


# Under the last section rule, in the first text column: its first entry's label, long and without a
# leader, runs over the white where the lines above have their leaders, so the index's region does not
# grow over it; the four lines under it (three entries) are the rest of the index.
TAIL = (("Withholding of tax at source on", "", False), ("wages paid to partners", "12", True),
        ("Winnings rules", "20", False), ("Withholding rules", "31", False), ("Workers rules", "9", False))


def index_with_tail(tail: tuple[tuple[str, str, bool], ...] = TAIL) -> bytes:
    """``index_pymupdf``'s ruled index under a page-wide rule, its first text column running on
    ``tail``'s lines past the others' last lines (the last section letter's rules): a block of lines
    under every rule, the rest of the index."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    cols = _columns()
    cols = [[*col, *tail] if c == 0 else col for c, col in enumerate(cols)]
    page.insert_text((54, TOP - 20), "Index", fontsize=14, fontname="hebo")
    page.draw_line((54, TOP - 14), (54 + 3 * COL_W + 84, TOP - 14), width=0.5)  # under the title, page wide
    for c, col in enumerate(cols):
        x0 = 54.0 + c * (COL_W + 42.0)
        for r, (text, refs, indent) in enumerate(col):
            y = TOP + r * PITCH
            x = x0 + (8.0 if indent else 0.0)
            page.insert_text((x, y), text, fontsize=SIZE, fontname="helv")
            if len(text) == 1:
                page.draw_line((x0, y + 2.5), (x0 + COL_W, y + 2.5), width=1.5)
                page.draw_line((x0, y + 4.5), (x0 + COL_W, y + 4.5), width=0.5)
            if refs:
                end = x0 + COL_W - pymupdf.get_text_length(refs, "helv", SIZE)
                start = x + pymupdf.get_text_length(text, "helv", SIZE) + 3.0
                page.insert_text((start, y), _leader(end - start - 8.0), fontsize=SIZE, fontname="helv")
                page.insert_text((end, y), refs, fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def test_an_index_running_on_under_its_last_rule_is_no_table() -> None:
    res = _run(index_with_tail())
    assert res.tables == (), [t.rows_text() for t in res.tables]
    tail = [r for r in res.regions if r.reason.startswith("the back-of-book index beside it goes on here")]
    assert [(round(r.bbox.x0), round(r.bbox.x1)) for r in tail] == [(54, 174)]
    assert "3 entries at the left of their text column in alphabetical order" in tail[0].reason
    text = explain(res, Params()).why_not_here(100.0, tail[0].bbox.cy)
    assert "goes on here" in text, text


def test_amounts_led_to_under_an_index_stay_a_table() -> None:
    """The same lines leading to amounts, not page references, are no index going on: a table."""
    amounts = tuple((label, f"{k},2{k}4.50" if refs else "", indent) for k, (label, refs, indent) in enumerate(TAIL))
    res = _run(index_with_tail(amounts))
    assert [[row[1] for row in t.rows_text()] for t in res.tables] == [["2,224.50", "3,234.50", "4,244.50"]]
    assert not [r for r in res.regions if r.reason.startswith("the back-of-book index beside it goes on here")]
