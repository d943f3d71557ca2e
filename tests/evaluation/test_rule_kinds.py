"""The unused-rule defect split by kind (``inspector.evaluation.rulekinds``) on pages built here:
a running header's rule repeated on every page, an underlined word, a check box beside its label,
a form's block of entry boxes (captions at the top of empty boxes) and one stray rule."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.types import Rule
from inspector.evaluation import defects, evaluate, summary
from inspector.evaluation.rulekinds import RuleKindCounts
from inspector.evaluation.scoring import GoldenPage
from tests.core.test_figures import line_chart

A4 = (595.0, 842.0)
LEFT, RIGHT = 50.0, 545.0
BODY, CAPTION, BOX = 9.0, 7.0, 26.0
PROSE = ("Under penalties of perjury, I declare that I have examined this return and accompanying "
         "schedules and statements, and to the best of my knowledge and belief, they are true.")
# A form's name and address block: rows of boxes split differently (caption, share of the width).
FORM = [[("Your first name and middle initial", 0.4), ("Last name", 0.35), ("Your social security number", 0.25)],
        [("Home address (number and street)", 0.75), ("Apt. no.", 0.25)],
        [("City, town, or post office", 0.5), ("State", 0.15), ("ZIP code", 0.35)]]
# The form's rules: 4 across, and its 11 upright edges joined where they meet end to end into 6
# (x = 50 and 545 over 3 rows, 421.25 over 2, 248, 297.5 and 371.75 over one).
FORM_RULES = 10
CHECK_BOX_SIDES = 4
SPLIT = RuleKindCounts(furniture=1, underline=1, check_box=CHECK_BOX_SIDES, form_box=FORM_RULES, other=1)


def _form(page: pymupdf.Page, top: float) -> None:
    y = top
    for row in FORM:
        xs = [LEFT]
        for _, share in row:
            xs.append(xs[-1] + share * (RIGHT - LEFT))
        for (text, _), x in zip(row, xs, strict=False):
            page.insert_text((x + 2.0, y + 1.5 + CAPTION), text, fontsize=CAPTION, fontname="helv")
        for x in xs:
            page.draw_line((x, y), (x, y + BOX), width=0.5)
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
        y += BOX
    page.draw_line((LEFT, y), (RIGHT, y), width=0.5)


def build(path: Path, pages: int = 3, target: int = 1) -> Path:
    """``pages`` pages, each under the same running header and its rule (y = 50); page
    ``target`` (0-based) holds the underline, the check box, the form and the stray rule."""
    doc = pymupdf.open()
    for i in range(pages):
        page = doc.new_page(width=A4[0], height=A4[1])
        page.insert_text((LEFT, 40), "Annual Report of the Example Company", fontsize=10, fontname="helv")
        page.draw_line((LEFT, 50), (RIGHT, 50), width=0.5)
        page.insert_textbox(pymupdf.Rect(LEFT, 90, RIGHT, 130), PROSE, fontsize=BODY, fontname="helv")
        if i != target:
            continue
        word = "Important notice"
        page.insert_text((LEFT, 160), word, fontsize=BODY, fontname="helv")
        page.draw_line((LEFT, 161.5), (LEFT + pymupdf.get_text_length(word, "helv", BODY), 161.5), width=0.5)
        page.draw_rect(pymupdf.Rect(LEFT, 192, LEFT + 8, 200), width=0.5)  # a check box, its label beside it
        page.insert_text((LEFT + 12, 199), "Yes, I agree", fontsize=BODY, fontname="helv")
        _form(page, 230)
        page.insert_textbox(pymupdf.Rect(LEFT, 330, RIGHT, 370), PROSE, fontsize=BODY, fontname="helv")
        page.draw_line((100, 600), (400, 600), width=0.5)  # a stray rule, far from any text
    doc.save(path)
    return path


def _run(pdf: Path, page: int, extractor: str = "inspector", params: Params | None = None,
         keep: bool = True) -> evaluate.PageOutcome:
    source = evaluate.GoldenSource(str(pdf.parent), "corpus", "built", (GoldenPage(pdf.name, str(pdf), page, (), ()),))
    (outcome,) = evaluate.run(source, extractor, params or Params(), keep_results=keep)
    assert outcome.status == "ok", outcome.error
    return outcome


@pytest.mark.parametrize("keep", [True, False], ids=["its own detection", "detected again"])
def test_unused_rules_are_split_by_kind(tmp_path: Path, keep: bool) -> None:
    outcome = _run(build(tmp_path / "kinds.pdf"), 2, keep=keep)
    counts = outcome.scores.defect_counts
    assert outcome.output == ()  # the form is no table: every rule of the page is left unused
    assert counts.unused_rules == 17 and counts.unused_kinds == SPLIT and SPLIT.total == 17
    kinds = {d.detail: d.rule_kind for d in outcome.scores.defects if d.kind == "unused_rule"}
    assert kinds["h rule at 50.0 from 50.0 to 545.0 pt"] == "furniture"
    assert kinds["h rule at 600.0 from 100.0 to 400.0 pt"] == "other"
    assert kinds["v rule at 421.2 from 230.0 to 282.0 pt"] == "form_box"
    assert all(d.rule_kind == "" for d in outcome.scores.defects if d.kind != "unused_rule")


def test_the_split_is_the_pages_not_the_extractors(tmp_path: Path) -> None:
    """PyMuPDF takes the form for a table: its rules are used, the others keep their kinds."""
    pdf = build(tmp_path / "kinds.pdf")
    peer = _run(pdf, 2, "pymupdf")
    assert len(peer.output) == 1
    assert peer.scores.defect_counts.unused_kinds == dataclasses.replace(SPLIT, form_box=0)
    ours = {d.detail: d.rule_kind for d in _run(pdf, 2).scores.defects}
    assert all(ours[d.detail] == d.rule_kind for d in peer.scores.defects if d.kind == "unused_rule")


def test_a_header_rule_on_one_page_alone_is_no_furniture(tmp_path: Path) -> None:
    """Furniture repeats: on a one-page document the header's rule is "other"."""
    counts = _run(build(tmp_path / "one.pdf", pages=1, target=0), 1).scores.defect_counts
    assert counts.unused_kinds == dataclasses.replace(SPLIT, furniture=0, other=2)


def test_the_split_follows_the_detections_switches(tmp_path: Path) -> None:
    """With ``tables.check_boxes`` off the detection keeps the box's sides as rules: "other"."""
    p = Params()
    off = dataclasses.replace(p, tables=dataclasses.replace(p.tables, check_boxes=False))
    counts = _run(build(tmp_path / "kinds.pdf"), 2, params=off).scores.defect_counts
    assert counts.unused_rules == 17
    assert counts.unused_kinds == dataclasses.replace(SPLIT, check_box=0, other=1 + CHECK_BOX_SIDES)


def test_the_report_shows_the_split_and_keeps_the_total(tmp_path: Path) -> None:
    outcome = _run(build(tmp_path / "kinds.pdf"), 2)
    block = summary.totals_dict(summary.totals([outcome, outcome]))
    assert block["defects"]["unused_rules"] == 34
    assert block["defects"]["unused_rule_kinds"] == {"furniture": 2, "figure": 0, "underline": 2,
                                                      "check_box": 8, "form_box": 20, "box": 0, "separator": 0,
                                                      "other": 2}
    assert summary.unused_line(block) == ("unused rules 34 (header/footer 2, figure 0, underline 2, "
                                          "check box 8, form box 20, box/frame 0, separator 0, other 2)")
    before = {"defects": {"unused_rules": 5}}  # a result written before the split
    assert summary.unused_line(before) == "unused rules 5"


def test_rules_without_kinds_count_as_other() -> None:
    far = Rule("h", 500.0, 50.0, 300.0)
    under = Rule("h", 510.0, 50.0, 80.0)
    found = defects.page_defects([], [far, under], {under: "underline"})
    counts = defects.count(found, [])
    assert counts.unused_kinds == RuleKindCounts(underline=1, other=1)
    assert defects.count(defects.page_defects([], [far]), []).unused_kinds == RuleKindCounts(other=1)
    assert (counts + counts).unused_kinds == RuleKindCounts(underline=2, other=2)


CHART_RULES = 2 + 6 + 5  # its axes and ticks
DRAWING_RULES = 4 + 2  # the frame of a drawing captioned "Figure 2:" and its cross


def test_a_charts_and_a_captioned_drawings_rules_are_figures(tmp_path: Path) -> None:
    """The rules the detection set aside with a figure area (a chart's axes and ticks) and the
    rules inside a framed drawing its caption names a figure are "figure", not "other": the
    "other" left is what may be a table's."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    line_chart(page, 80, 120)  # the figure tests' chart
    page.draw_rect(pymupdf.Rect(80, 400, 280, 550), color=(0, 0, 0), fill=(0.75, 0.75, 0.75))
    page.draw_line((180, 400), (180, 550))
    page.draw_line((80, 475), (280, 475))
    page.insert_text((100, 568), "Figure 2: The plant's layout", fontsize=10)
    page.draw_line((100, 700), (400, 700), width=0.5)  # a stray rule, far from any text
    doc.save(tmp_path / "figures.pdf")
    counts = _run(tmp_path / "figures.pdf", 1).scores.defect_counts
    assert counts.unused_kinds == RuleKindCounts(figure=CHART_RULES + DRAWING_RULES, other=1)


def test_boxes_and_separators_are_art_a_ruled_pair_is_not(tmp_path: Path) -> None:
    """A framed paragraph (a text box: 4 "box"), a heading's and a footnote's rule ("separator"), a paragraph
    between two rules over one span (a missed booktabs table looks so: both "other"), a box
    with a rule inside (a grid: "other") and the stray rule far from text ("other")."""
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((LEFT, 80), "Section heading", fontsize=14, fontname="helv")
    page.draw_line((LEFT, 84), (RIGHT, 84), width=1.0)  # in the heading's descent, past its words
    page.insert_textbox(pymupdf.Rect(LEFT + 6, 126, RIGHT - 6, 166), PROSE, fontsize=BODY, fontname="helv")
    page.draw_rect(pymupdf.Rect(LEFT, 120, RIGHT, 170), width=0.5)
    page.draw_line((LEFT, 220), (RIGHT, 220), width=0.5)
    page.insert_textbox(pymupdf.Rect(LEFT, 226, RIGHT, 266), PROSE, fontsize=BODY, fontname="helv")
    page.draw_line((LEFT, 270), (RIGHT, 270), width=0.5)
    page.draw_rect(pymupdf.Rect(LEFT, 320, 300, 380), width=0.5)
    page.draw_line((LEFT, 350), (300, 350), width=0.5)
    page.insert_text((LEFT + 4, 340), "Name", fontsize=BODY, fontname="helv")
    page.draw_line((100, 600), (400, 600), width=0.5)
    page.draw_line((LEFT, 700), (LEFT + 90, 700), width=0.5)  # a footnote's rule
    page.insert_text((LEFT, 712), "1 A footnote under its rule.", fontsize=CAPTION, fontname="helv")
    doc.save(tmp_path / "art.pdf")
    outcome = _run(tmp_path / "art.pdf", 1)
    assert outcome.output == ()
    kinds = {d.detail: d.rule_kind for d in outcome.scores.defects if d.kind == "unused_rule"}
    assert outcome.scores.defect_counts.unused_kinds == RuleKindCounts(box=4, separator=2, other=8), kinds
    assert kinds["h rule at 84.0 from 50.0 to 545.0 pt"] == kinds["h rule at 700.0 from 50.0 to 140.0 pt"] == "separator"
    assert kinds["h rule at 220.0 from 50.0 to 545.0 pt"] == kinds["h rule at 270.0 from 50.0 to 545.0 pt"] == "other"
    assert kinds["v rule at 545.0 from 120.0 to 170.0 pt"] == "box"


def test_the_rules_of_a_blank_form_and_of_a_form_around_a_blank_table_are_form_boxes(tmp_path: Path) -> None:
    """A tax form's numbered lines (``tables.blank_form``) and the frame of a form drawn around a
    blank table kept on its own (``tables.blank_tables``): their rules are a form's, not "other"."""
    from tests.core.test_blank_form import _numbered
    from tests.core.test_blank_tables import MAKERS, _blank_rules, _form_rules, _texts

    numbered = tmp_path / "numbered.pdf"
    numbered.write_bytes(_numbered())
    kinds = _run(numbered, 1).scores.defect_counts.unused_kinds
    assert kinds.form_box > 0 and kinds.other == 0
    around = tmp_path / "around.pdf"
    around.write_bytes(MAKERS["pymupdf lines"]([*_form_rules(), *_blank_rules(False, False)], _texts(True, False)))
    outcome = _run(around, 1)
    assert len(outcome.output) == 1  # the blank table
    kinds = outcome.scores.defect_counts.unused_kinds
    assert kinds.form_box >= len(_form_rules()) - 2 and kinds.other == 0
