"""Where one table ends: page furniture, and a heading, caption or sentence between tables
that share their columns; continuation markers in other scripts (built PDFs)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain
from inspector.core.multipage.continuation import MARKER, find_continuations, proposed
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult
from resources.make_samples import A4, TableStyle, draw_table, finish, new_document
from tests.core.boundary_pdfs import (
    BALANCE,
    BOOKTABS,
    HEADER_RULE_Y,
    LEFT,
    WIDTHS,
    balance_rows,
    cjk_continued,
    furniture_document,
    running_header,
)
from tests.core.split_pdfs import item_rows, typeset


def run_all(pdf: bytes) -> list[PageResult]:
    pipe = Pipeline(open_document(pdf))
    return [pipe.run(i) for i in range(pipe.doc.page_count)]


def texts(res: PageResult) -> list[str]:
    return [" ".join(" ".join(r) for r in t.rows_text()) for t in res.tables]


@pytest.mark.parametrize("style", [TableStyle(), BOOKTABS, TableStyle(rules="none")], ids=["ruled", "booktabs", "none"])
def test_running_header_rule_and_page_number_join_no_table(style: TableStyle) -> None:
    """Page 2: a continued table right under the running header rule, a sentence, a heading and
    a table with the same columns. Two tables; the header, its rule and the page number in none."""
    pdf, truths = furniture_document(style)
    results = run_all(pdf)
    page2 = results[1]
    assert [(t.n_rows, t.n_cols) for t in page2.tables] == [(6, 4), (9, 4)]
    assert page2.tables[0].bbox.y0 > HEADER_RULE_Y
    assert page2.tables[0].rows_text()[0][0] == "Account 39"
    for res in results:
        assert not any("Annual" in t or "Financial" in t for t in texts(res))
    # Looked for where a table reaches into the top or bottom band (pages 1 and 2 at least).
    for res in results[:2]:
        assert [w.text for w in res.words if w.furniture] == ["Annual", "Report", "2023", "Financial", "statements",
                                                              str(res.page)]
    assert any("page furniture" in n and "page(s) 1, 3" in n for n in page2.notes)
    assert [c.next_page for c in proposed(find_continuations(results))] == [2]


def test_explain_names_page_furniture_and_the_heading_between() -> None:
    pdf, _ = furniture_document(BOOKTABS, sentence="")
    res = run_all(pdf)[1]
    why = explain(res, Params())
    reasons = [r.reason for r in why.rejected]
    assert sum(r.startswith("page furniture") for r in reasons) == 2  # the header line and the page number
    heading = [r for r in reasons if r.startswith("heading between tables")]
    assert heading == ['heading between tables: a heading in larger type ("2. Cash flow statement") stands alone '
                       'between two rules over a header row; one table ends above it, the next starts below']
    assert any(r.reason.startswith("page furniture: the rule of a running header/footer") and r.rule.orient == "h"
               and r.rule.pos == pytest.approx(HEADER_RULE_Y, abs=1) for r in res.rejected)


@pytest.mark.parametrize("sentence", ["", "In thousands of euros."])
@pytest.mark.parametrize("size", [9.0, 13.0])
def test_heading_or_sentence_between_booktabs_tables_with_one_columns(sentence: str, size: float) -> None:
    """Top, mid and bottom rules only, both tables as wide, the same columns: what stands
    between them (a bold heading in body type or larger, a short sentence) parts them."""
    pdf, _ = furniture_document(BOOKTABS, sentence=sentence, heading_size=size)
    assert [(t.n_rows, t.n_cols) for t in run_all(pdf)[1].tables] == [(6, 4), (9, 4)]


def test_section_label_between_rules_keeps_one_table() -> None:
    """A bold section label alone between two rules, followed by rows of amounts (no header):
    one table (single page: no furniture either)."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    rows = [BALANCE, *balance_rows(1, 4), ("Liabilities", "", "", ""), *balance_rows(5, 4)]
    draw_table(page, LEFT, 100, rows, TableStyle(rules="all"), col_widths=WIDTHS)
    res = run_all(finish(doc))[0]
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(10, 4)]
    assert not any(w.furniture for w in res.words)


def test_repeated_table_header_at_the_top_of_pages_is_no_furniture() -> None:
    """A table continued over three pages starting high on each page, its header repeated at
    the same place: the header rows stay in the tables (they sit tight on the rows)."""
    results = run_all(typeset(item_rows(90), top=40.0, style=TableStyle(rules="none")).pdf)
    for res in results:
        assert tuple(res.tables[0].rows_text()[0]) == ("Item", "Region", "Units", "Price")
        assert [w.text for w in res.words if w.furniture] == ["Page", str(res.page)]


def test_neighbours_read_only_when_a_band_line_could_be_furniture() -> None:
    """The neighbour pages' text (the costly part of furniture) is read only when the page's
    outermost band line stands free; a ruled table from the page's top (its header row under
    the table's top rule, crossed by its column rules) and nothing in the bottom band can hold
    no furniture, whatever the neighbours say."""
    doc = new_document()
    for _ in range(3):
        page = doc.new_page(width=A4[0], height=A4[1])
        draw_table(page, LEFT, 20.0, [BALANCE, *balance_rows(1, 12)], TableStyle(), col_widths=WIDTHS)
    pipe = Pipeline(open_document(finish(doc)))
    res = pipe.run(1)
    assert res.tables and res.tables[0].bbox.y0 < 30  # it reaches the top band: furniture was looked for
    assert "furniture" in pipe.computed and "bands" not in pipe.computed
    assert not any(w.furniture for w in res.words)
    pipe = Pipeline(open_document(furniture_document(BOOKTABS)[0]))
    assert any(w.furniture for w in pipe.run(1).words) and "bands" in pipe.computed


def test_one_page_has_no_furniture() -> None:
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    running_header(page, 1)
    draw_table(page, LEFT, HEADER_RULE_Y + 6, [BALANCE, *balance_rows(1, 5)], BOOKTABS, col_widths=WIDTHS)
    res = run_all(finish(doc))[0]
    assert not any(w.furniture for w in res.words)
    assert not any("furniture" in n for n in res.notes)


@pytest.mark.parametrize(("font", "title", "marker", "stub"), [
    ("china-s", "合并资产负债表", "（续）", "项目"),
    ("china-s", "合并利润表", "(续)", "项目"),
    ("china-s", "续表 3", "", "项目"),
    ("korea", "재무상태표", "(계속)", "항목"),
    ("korea", "재무상태표", " 계속", "항목"),
    ("japan", "貸借対照表", "(続き)", "科目"),
    ("japan", "貸借対照表", "", "科目"),  # no marker: the title block set again
])
def test_cjk_continuation_under_a_running_header_rule(font: str, title: str, marker: str, stub: str) -> None:
    """A ruled table continued on page 2 under a running header rule, with its title again
    (and a marker in the document's script): one logical table."""
    pdf, _ = cjk_continued(font, title, marker, (stub, "2023", "2022", "Δ"))
    conts = find_continuations(run_all(pdf))
    assert [(c.prev_page, c.next_page, c.repeated_header) for c in proposed(conts)] == [(1, 2, 1)]
    kinds = {e.kind for e in conts[0].evidence}
    assert ("marker" in kinds) == bool(marker.strip()) or title.startswith("续表")
    assert "text" not in kinds


@pytest.mark.parametrize(("text", "marks"), [
    ("(续)", True), ("合并资产负债表（续）", True), ("续表", True), ("(계속)", True), ("재무상태표 계속", True),
    ("(続き)", True), ("表1 続き", True), ("cont'd", True), ("Table 2 (cont.)", True), ("continued", True),
    ("持续经营净利润", False), ("계속영업이익", False), ("続きを読む", False), ("Contents", False),
])
def test_continuation_markers_in_other_scripts(text: str, marks: bool) -> None:
    assert bool(MARKER.search(text)) is marks


def test_html_story_tables_with_a_heading_between() -> None:
    """A second producer: HTML laid out by PyMuPDF's Story, two tables ruled only top, under
    the header and at the bottom (booktabs-like CSS) with an <h3> between: two tables."""
    def table(first: int) -> str:
        rows = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td></tr>" for a, b, c, d in
                       balance_rows(first, 5))
        head = "".join(f"<th>{h}</th>" for h in BALANCE)
        return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"

    css = ("table{border-collapse:collapse;border-top:1px solid black;border-bottom:1px solid black;width:100%}"
           "th{border-bottom:1px solid black;text-align:left;font-weight:bold} td,th{padding:2px 8px}"
           "body{font-family:sans-serif;font-size:10px}")
    html = f"<h2>1. Balance sheet</h2>{table(1)}<h3>2. Cash flow statement</h3>{table(20)}"
    story = pymupdf.Story(html=html, user_css=css)
    out = pymupdf.open()
    writer = pymupdf.DocumentWriter(buf := __import__("io").BytesIO())
    dev = writer.begin_page(pymupdf.Rect(0, 0, *A4))
    story.place(pymupdf.Rect(72, 72, A4[0] - 72, A4[1] - 72))
    story.draw(dev)
    writer.end_page()
    writer.close()
    out.close()
    res = run_all(buf.getvalue())[0]
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 4), (6, 4)]


def rate_sheet(verticals_through_sections: bool) -> bytes:
    """A bank's rate sheet: a dark two-line header band with white text, full-width shaded
    section rows (one over two lines), ruled blocks of rows between them whose verticals stop
    at the section rows (or run through them)."""
    doc = new_document()
    page = doc.new_page(width=A4[0], height=A4[1])
    xs, y, h = (60.0, 250.0, 330.0, 410.0, 535.0), 90.0, 14.0
    grey = (0.6, 0.6, 0.6)
    page.draw_rect(pymupdf.Rect(xs[0], y, xs[-1], y + 2 * h), color=None, fill=(0.1, 0.15, 0.35))
    for k, (a, b) in enumerate((("Product", ""), ("Term", "(months)"), ("Rate", "(%)"), ("APY", "(%)"))):
        page.insert_text((xs[k] + 4, y + 12), a, fontsize=9, fontname="hebo", color=(1, 1, 1))
        page.insert_text((xs[k] + 4, y + 24), b, fontsize=8, color=(1, 1, 1))
    y += 2 * h
    sections = [(("Savings accounts",), [("Basic Savings", "-", "0.50", "0.50"), ("Premium Savings", "-", "1.10", "1.11")]),
                (("Certificates of deposit",), [(f"CD {m} months", str(m), f"{3 + m / 100:.2f}", f"{3.05 + m / 100:.2f}")
                                                for m in (3, 6, 12, 24)]),
                (("Money market accounts: balances of 10,000 or more earn", "the tiered rate, smaller balances the base rate"),
                 [("Money Market", "-", "2.00", "2.02"), ("Money Market Plus", "-", "2.50", "2.53")])]
    ys = [y]
    for title, body in sections:
        page.draw_rect(pymupdf.Rect(xs[0], y, xs[-1], y + h * len(title)), color=None, fill=(0.85, 0.88, 0.95))
        for k, line in enumerate(title):
            page.insert_text((xs[0] + 4, y + 11 + k * h), line, fontsize=9, fontname="hebo")
        y += h * len(title)
        ys.append(y)
        top = y
        for row in body:
            for k, text in enumerate(row):
                page.insert_text((xs[k] + 4, y + 11), text, fontsize=9)
            y += h
            ys.append(y)
        for x in xs if not verticals_through_sections else ():
            page.draw_line((x, top), (x, y), width=0.4, color=grey)
    for x in xs if verticals_through_sections else ():
        page.draw_line((x, ys[0]), (x, y), width=0.4, color=grey)
    for ry in ys:
        page.draw_line((xs[0], ry), (xs[-1], ry), width=0.4, color=grey)
    return finish(doc)


@pytest.mark.parametrize("through", [False, True], ids=["verticals-stop-at-sections", "verticals-through"])
def test_rate_sheet_with_section_rows_stays_one_table(through: bool) -> None:
    """Before, the blocks between section rows came out as three tables (verticals stopping
    at the section rows made three groups of rules)."""
    res = run_all(rate_sheet(through))[0]
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(12, 4)]
    rows = res.tables[0].rows_text()
    assert [" ".join(c.split()) for c in rows[0]] == ["Product", "Term (months)", "Rate (%)", "APY (%)"]
    assert [" ".join(r[0].split()) for r in rows if not any(r[1:])] == ["Savings accounts", "Certificates of deposit",
                                                      "Money market accounts: balances of 10,000 or more earn the "
                                                      "tiered rate, smaller balances the base rate"]
