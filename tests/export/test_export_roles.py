"""Row roles, header columns, title and footnote in every export format (exact output)."""

from __future__ import annotations

import json

from inspector.export import cells, csv, html, json_rows, markdown
from tests.export.builders import table_from_rows

# A sales table with a section per region, subtotals, a total and a note row.
ROWS = [["Region", "2023", "2024"],
        ["Europe", "", ""],
        ["France", "10", "12"],
        ["Spain", "5", "6"],
        ["Subtotal", "15", "18"],
        ["Asia", "", ""],
        ["Japan", "7", "8"],
        ["Total", "22", "26"],
        ["Figures in EUR m", "", ""]]
ROLES = ("header", "section", "data", "data", "subtotal", "section", "data", "total", "note")


def _table(**kw: object):
    return table_from_rows(ROWS, ((8, 0, 1, 3),), header_rows=1, header_cols=1, row_roles=ROLES,
                           title="Table 4. Sales", footnote="* provisional\nSource: ledger", page=3, **kw)


def test_html_keeps_roles_sections_and_scopes() -> None:
    assert html.dumps(_table(), html.HtmlOptions(indent=0)) == "".join(line + "\n" for line in (
        "<table>",
        "<caption>Table 4. Sales</caption>",
        "<thead>",
        '<tr><th scope="col">Region</th><th scope="col">2023</th><th scope="col">2024</th></tr>',
        "</thead>",
        "<tbody>",
        '<tr class="section"><th scope="rowgroup">Europe</th><td></td><td></td></tr>',
        '<tr><th scope="row">France</th><td>10</td><td>12</td></tr>',
        '<tr><th scope="row">Spain</th><td>5</td><td>6</td></tr>',
        '<tr class="subtotal"><th scope="row">Subtotal</th><td>15</td><td>18</td></tr>',
        "</tbody>",
        "<tbody>",
        '<tr class="section"><th scope="rowgroup">Asia</th><td></td><td></td></tr>',
        '<tr><th scope="row">Japan</th><td>7</td><td>8</td></tr>',
        '<tr class="total"><th scope="row">Total</th><td>22</td><td>26</td></tr>',
        '<tr class="note"><th scope="row" colspan="3">Figures in EUR m</th></tr>',
        "</tbody>",
        "<tfoot>",
        '<tr><td colspan="3">* provisional<br>Source: ledger</td></tr>',
        "</tfoot>",
        "</table>"))


def test_html_section_does_not_cut_a_row_span_and_repeated_header_uses_th() -> None:
    rows = [["Item", "N"], ["a", "1"], ["Item", "N"], ["Group", "2"], ["", "3"]]
    t = table_from_rows(rows, ((2, 0, 2, 1),), header_rows=1, row_roles=("header", "data", "header", "section", "data"))
    out = html.dumps(t, html.HtmlOptions(indent=0))
    assert out.count("<tbody>") == 1  # the span from row 2 into row 3 keeps them in one group
    assert '<tr class="header"><th scope="col" rowspan="2">Item</th><th scope="col">N</th></tr>' in out


def test_html_page_styles_the_roles() -> None:
    page = html.dumps_tables([_table()])
    assert "tr.total td" in page and "tr.section th" in page and "tr.note td" in page


def test_markdown_bold_sections_title_and_footnote_lines() -> None:
    text = markdown.dumps(_table(), markdown.MarkdownOptions(include_title=True))
    assert text == "\n".join((
        "Table 4. Sales",
        "",
        "| Region | 2023 | 2024 |",
        "|---|---|---|",
        "| **Europe** |  |  |",
        "| France | 10 | 12 |",
        "| Spain | 5 | 6 |",
        "| Subtotal | 15 | 18 |",
        "| **Asia** |  |  |",
        "| Japan | 7 | 8 |",
        "| Total | 22 | 26 |",
        "| Figures in EUR m |  |  |",
        "",
        "* provisional\\",
        "Source: ledger",
        "")), text
    plain = markdown.dumps(_table(), markdown.MarkdownOptions(bold_labels=False, include_footnote=False))
    assert "**" not in plain and "Table 4" not in plain and "ledger" not in plain


def test_markdown_several_tables_keep_the_footnote() -> None:
    text = markdown.dumps_tables([_table()])
    assert text.startswith("## Table 1 (page 3): Table 4. Sales\n\n| Region")
    assert text.endswith("| Figures in EUR m |  |  |\n\n* provisional\\\nSource: ledger\n")


def test_cell_records_carry_headers_section_role_and_title() -> None:
    recs = [r.to_dict() for r in cells.records(_table())]
    # Section rows and header cells give no records of their own; the note row's text sits in
    # the header column, so it has none either.
    assert [(r["row"], r["col"]) for r in recs] == [(2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2),
                                                   (6, 1), (6, 2), (7, 1), (7, 2)]
    by = {(r["row"], r["col"]): r for r in recs}
    assert {k: by[(6, 2)][k] for k in ("text", "value", "row_header", "column_header", "row_role", "section",
                                       "title", "footnote", "page")} == {
        "text": "8", "value": 8, "row_header": "Japan", "column_header": "2024", "row_role": "data",
        "section": "Asia", "title": "Table 4. Sales", "footnote": "* provisional Source: ledger", "page": 3}
    assert (by[(4, 1)]["row_role"], by[(4, 1)]["section"], by[(4, 1)]["row_header"]) == ("subtotal", "Europe",
                                                                                         "Subtotal")
    assert (by[(7, 2)]["row_role"], by[(7, 2)]["section"]) == ("total", "Asia")


def test_csv_role_column() -> None:
    assert csv.dumps(_table()).splitlines()[1] == "Europe,,"
    lines = csv.dumps(_table(), csv.CsvOptions(role_column=True)).split("\r\n")
    assert lines[:3] == ["header,Region,2023,2024", "section,Europe,,", "data,France,10,12"]
    assert lines[7:9] == ["total,Total,22,26", "note,Figures in EUR m,,"]


def test_json_rows_roles() -> None:
    rows = json_rows.records(_table(), json_rows.JsonRowsOptions(role_key="row_role"))
    assert rows[0] == {"Region": "Europe", "2023": "", "2024": "", "row_role": "section"}
    assert rows[6] == {"Region": "Total", "2023": "22", "2024": "26", "row_role": "total"}
    assert "row_role" not in json_rows.records(_table())[0]
    obj = json.loads(json_rows.dumps_tables([_table()]))[0]
    assert obj["title"] == "Table 4. Sales" and obj["header_columns"] == 1
    assert obj["row_roles"] == list(ROLES[1:]) and len(obj["rows"]) == len(obj["row_roles"])
