"""``eval``'s numbers-with-units metric: golden number cells that state a unit (here through
the annotation's title, as a person picks "单位：万元") against detection's cell records."""

from __future__ import annotations

import dataclasses

from inspector import api
from inspector.evaluation.metrics import Ratio
from inspector.evaluation.scoring import GoldenPage, score_page
from inspector.evaluation.summary import Totals, metric_line, totals_dict
from tests.export.unit_pdfs import table_pdf

ROWS = [["项目", "2023年", "占比(%)"], ["营业收入", "1,250.30", "62.5"], ["净利润", "320.5", "37.5"]]


def _detected(lines: list[tuple[float, float, str]]) -> tuple[api.Table, api.Table]:
    """(golden made from the detection, the detection) of the built table."""
    doc = api.open_pdf(table_pdf(ROWS, "zh", lines))
    try:
        res = api.detect(doc, 1)
        golden = api.annotation_tables(api.annotate(doc, [res]))[0]
    finally:
        doc.close()
    return golden, res.tables[0]


def _score(golden: api.Table, output: api.Table) -> Ratio:
    page = GoldenPage("units", "", 1, (golden,), ("t1",))
    return score_page(page, [output], with_teds=False, with_defects=False).tables[0].units


def test_units_recovered_count_against_truth_with_units() -> None:
    golden, found = _detected([(-1, 132, "单位：万元")])
    assert found.unit_line == "单位：万元" and golden.unit_line == ""  # annotations keep no unit line
    truth = dataclasses.replace(golden, title="表1 主要数据 单位：万元")
    assert _score(truth, found) == Ratio(4, 4)  # 2 amounts by the unit line, 2 percentages by the header
    lost = dataclasses.replace(found, unit_line="")
    assert _score(truth, lost) == Ratio(2, 4)  # the percentages still read right, the amounts not
    # Truth without a unit line: only the percent column states one; amounts are not counted.
    assert _score(golden, found) == Ratio(2, 2)


def test_truth_without_units_adds_nothing() -> None:
    rows_golden, found = _detected([])
    plain = dataclasses.replace(rows_golden, cells=tuple(
        dataclasses.replace(c, text="Share") if c.text == "占比(%)" else c for c in rows_golden.cells))
    assert _score(plain, found) == Ratio()


def test_the_metric_reaches_the_report() -> None:
    block = totals_dict(Totals(units=Ratio(3, 4)))
    assert block["numbers_with_units"] == {"value": 0.75, "hit": 3, "total": 4}
    assert "units 75.0" in metric_line(block)
