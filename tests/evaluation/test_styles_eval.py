"""``eval`` per table style (styles.json beside a golden set) and several extractors in one run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.tagged import read_tagged
from inspector.cli import main
from inspector.evaluation.styles import UNSTYLED, load_styles, style_of
from tests.annotation.tagged_pdfs import C, Row, tagged_pdf
from tests.annotation.test_tagged import BODY, HEAD


@pytest.fixture()
def golden(tmp_path: Path) -> Path:
    """Two tagged PDFs in a golden set; styles.json beside it names three tables' styles."""
    second = [Row([C("Item", 50, 140), C("Value", 150, 140)]), Row([C("Tax", 50, 160), C("12", 150, 160)]),
              Row([C("Fees", 50, 180), C("3", 150, 180)])]
    for name, tables in (("a.pdf", [[HEAD, *BODY], second]), ("b.pdf", [[HEAD, *BODY]])):
        pdf = tmp_path / "pdfs" / name
        pdf.parent.mkdir(exist_ok=True)
        pdf.write_bytes(tagged_pdf(tables))
        add_to_golden_set(tmp_path / "golden", read_tagged(pdf).annotation, pdf)
    styles = {"a.pdf": {"t1": {"style": "zebra"}, "t2": {"style": "panels"}}, "b.pdf": {"t1": {"style": "zebra"}}}
    (tmp_path / "styles.json").write_text(json.dumps({"format": "table-inspector-styles", "version": 1,
                                                      "documents": styles}))
    return tmp_path / "golden"


def test_style_lookup_covers_regions_of_continued_tables(golden: Path) -> None:
    styles = load_styles(golden.parent / "styles.json")
    assert style_of("a.pdf:t2", styles) == "panels" and style_of("b.pdf:t1:r2", styles) == "zebra"
    assert style_of("c.pdf:t1", styles) == UNSTYLED


def test_eval_reports_per_style_for_several_extractors_in_one_run(golden: Path, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.json"
    assert main(["eval", str(golden), "--extractor", "inspector,pymupdf", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "2 extractors on" in text and "per style" in text
    lines = {ln.split()[0]: ln for ln in text.splitlines() if ln.startswith(("zebra", "panels"))}
    assert lines["zebra"].split()[1] == "2" and lines["panels"].split()[1] == "1"
    res = json.loads(out.read_text())
    assert res["extractors"] == ["inspector", "pymupdf"]
    for name in res["extractors"]:
        by_style = res["runs"][name]["by_style"]
        assert set(by_style) == {"zebra", "panels"} and by_style["zebra"]["tables"] == 2
        assert 0.0 <= by_style["zebra"]["adjacency"]["f1"] <= 1.0
    # The detector finds the aligned 4 x 3 table: its style scores are real, not placeholders.
    assert res["runs"]["inspector"]["by_style"]["zebra"]["found"] == 2


def test_single_extractor_keeps_its_report_and_adds_the_style_table(golden: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(golden), "--extractor", "pymupdf"]) == 0
    text = capsys.readouterr().out
    assert "extractor pymupdf on" in text and "per style" in text
    assert main(["eval", str(golden), "--extractor", "inspector,nope"]) == 2
    assert "'nope': choose from" in capsys.readouterr().err


def test_a_table_found_in_a_frame_wider_than_its_text_counts_as_found() -> None:
    """A tagged truth's box hugs its cells' text; the output reports the drawn frame, here
    twice as wide (IoU 0.47): found, as its adjacency says, not missed. A piece holding a
    third of the truth, or nothing, is not found."""
    from inspector.evaluation.scoring import GoldenPage, score_page
    from inspector.evaluation.styles import StyleTotals
    from tests.evaluation.eval_builders import table

    rows = [["Chose", "Truc"], ["Chose 1", "Truc 1"], ["Chose 2", "Truc 2"]]
    truth = table(rows, x0=100, y0=100, w=60, h=20)  # text-tight: 120 x 60 pt
    frame = table(rows, x0=100, y0=100, w=127, h=20)  # the same cells in a 254 pt wide frame
    page = GoldenPage("a.pdf", "", 1, (truth,), ("a.pdf:t1",))
    wide = score_page(page, [frame], with_teds=False, with_defects=False).tables[0]
    assert wide.iou < 0.5 and wide.adjacency.f1 == 1.0 and wide.found
    piece = table(rows[:1], x0=100, y0=100, w=60, h=20)  # the header row alone: a third of the box
    part = score_page(page, [piece], with_teds=False, with_defects=False).tables[0]
    assert part.matched == 0 and not part.found
    missed = score_page(page, [], with_teds=False, with_defects=False).tables[0]
    totals = StyleTotals().add(wide).add(part).add(missed)
    assert (totals.tables, totals.found) == (3, 1)
