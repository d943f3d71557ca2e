"""ICDAR 2013 import/export: synthetic files at known coordinates, then the real 36 documents."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pymupdf
import pytest

from inspector.annotation.icdar import IcdarDoc, IcdarError, find_icdar_documents, parse_icdar, read_icdar
from inspector.annotation.icdar_export import to_icdar_xml
from inspector.annotation.model import PageInfo
from inspector.core.geometry import Frame
from inspector.core.types import Rect

SHA = "e" * 64
US_STR = """<?xml version="1.0" encoding="UTF-8"?>
<document filename='x-str.xml'><table id='1'>
 <region id='1' page='1' col-increment='0' row-increment='0'>
  <cell id='1' start-row='1' start-col='1' end-col='2'><bounding-box x1='100' y1='700' x2='200' y2='710'/>
   <content>Head</content></cell>
  <cell id='1' start-row='2' start-col='1'><bounding-box x1='100' y1='680' x2='130' y2='690'/><content>a</content></cell>
  <cell id='1' start-row='2' start-col='2'><bounding-box x1='170' y1='680' x2='200' y2='{y2}'/><content>1</content></cell>
  <cell id='1' start-row='3' start-col='1'><bounding-box x1='100' y1='660' x2='130' y2='670'/><content>b</content></cell>
  <cell id='1' start-row='3' start-col='2'><bounding-box x1='170' y1='660' x2='200' y2='670'/><content>2</content></cell>
 </region></table></document>"""
US_REG = """<document><table id='1'><region id='1' page='1'><bounding-box x1='95' y1='655' x2='205' y2='715'/>
</region></table></document>"""
PAGE = (PageInfo(1, 612, 792),)


def _cells(region) -> dict:
    return {(c.r, c.c, c.rs, c.cs): c for c in region.cells if c.text}


def test_us_file_counted_from_one_is_shifted_and_flipped() -> None:
    imp = parse_icdar(US_STR.format(y2=690).encode(), US_REG.encode(), PAGE, SHA, "x.pdf", "x")
    assert imp.corrections == ("x table 1: rows counted from 1, columns from 1; shifted to 0",)
    t = imp.annotation.tables[0]
    reg = t.regions[0]
    cells = _cells(reg)
    assert set(cells) == {(0, 0, 1, 2), (1, 0, 1, 1), (1, 1, 1, 1), (2, 0, 1, 1), (2, 1, 1, 1)}
    assert cells[(1, 1, 1, 1)].bbox == Rect(170, 102, 200, 112)  # 792 - 690, 792 - 680
    assert reg.ys == (77, 97, 117, 137) and reg.xs == (95, 150, 205)  # region box, midpoints between content
    assert (t.id, t.source, t.verified, reg.turn) == ("t1", "icdar", True, 0)


def test_inverted_box_is_repaired_from_its_row_and_reported() -> None:
    imp = parse_icdar(US_STR.format(y2=590).encode(), US_REG.encode(), PAGE, SHA, "x.pdf", "x")
    fix = [f for f in imp.corrections if "y1=680 > y2=590" in f]
    assert fix and "690" in fix[0]
    assert _cells(imp.annotation.tables[0].regions[0])[(1, 1, 1, 1)].bbox == Rect(170, 102, 200, 112)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_shown_page_frame_matches_pymupdf(rotation: int) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.set_rotation(rotation)
    frame = Frame((360 - rotation) % 360, 595, 842)
    for x, y in ((10, 20), (300, 700), (590, 5)):
        shown = pymupdf.Point(x, y) * page.rotation_matrix
        assert frame.point(x, y) == pytest.approx((shown.x, shown.y), abs=1e-6)


def _rotated(flip_height: float) -> bytes:
    """A two-cell table on a page shown rotated 90 degrees (shown size 842 x 595)."""
    def box(x0: float, y0: float, x1: float, y1: float) -> str:  # shown top-left -> ICDAR
        return f"<bounding-box x1='{x0}' y1='{flip_height - y1}' x2='{x1}' y2='{flip_height - y0}'/>"
    return (f"<document><table id='1'><region id='1' page='1'>"
            f"<cell start-row='0' start-col='0'>{box(60, 90, 82, 100)}<content>Topic</content></cell>"
            f"<cell start-row='0' start-col='1'>{box(310, 90, 349, 100)}<content>Count</content></cell>"
            f"</region></table></document>").encode()


ROT_REG = b"<document><table id='1'><region id='1' page='1'><bounding-box x1='55' y1='490' x2='360' y2='510'/>" \
          b"</region></table></document>"


@pytest.mark.parametrize(("flip", "corrected"), [(595, False), (842, True)])
def test_rotated_page_cells_land_in_page_space(flip: float, corrected: bool) -> None:
    pages = (PageInfo(1, 595, 842, 90),)
    imp = parse_icdar(_rotated(flip), ROT_REG, pages, SHA, "r.pdf", "r")
    assert any("flipped with height 842" in f for f in imp.corrections) == corrected
    reg = imp.annotation.tables[0].regions[0]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.set_rotation(90)
    expected = pymupdf.Rect(60, 90, 82, 100) * page.derotation_matrix
    assert _cells(reg)[(0, 0, 1, 1)].bbox == Rect(*expected)
    assert reg.turn == 270 and reg.problems() == []
    assert reg.frame.rect(reg.bbox) == Rect(55, 85, 360, 105)


def test_export_then_import_reproduces_a_multi_page_turned_table() -> None:
    pages = (PageInfo(1, 595, 842, 90), PageInfo(2, 612, 792))
    rotated = parse_icdar(_rotated(595), ROT_REG, pages, SHA, "m.pdf", "m").annotation
    us = parse_icdar(US_STR.format(y2=690).replace("page='1'", "page='2'").encode(),
                     US_REG.replace("page='1'", "page='2'").encode(), pages, SHA, "m.pdf", "m").annotation
    t = rotated.tables[0]
    ann = replace(rotated, tables=(replace(t, regions=(t.regions[0], us.tables[0].regions[0])),))
    str_xml, reg_xml = to_icdar_xml(ann, "m")
    assert b'row-increment="1"' in str_xml  # the continuation is stacked under the first region
    again = parse_icdar(str_xml, reg_xml, pages, SHA, "m.pdf", "m")
    assert again.corrections == ()
    assert again.annotation.tables == ann.tables


@pytest.mark.parametrize(("xml", "message"), [
    (b"<document><table", r"x-str.xml: not well-formed XML"),
    (b"<document><table id='1'><region id='1' page='1'><cell start-row='a' start-col='0'/></region></table></document>",
     r"table 1 region 1 cell 1: attribute 'start-row' must be an integer, not 'a'"),
    (b"<document><table id='1'><region id='1' page='9'><cell start-row='0' start-col='0'>"
     b"<bounding-box x1='1' y1='1' x2='2' y2='2'/></cell></region></table></document>", r"page 9 does not exist"),
])
def test_bad_icdar_files_fail_in_one_line(xml: bytes, message: str) -> None:
    with pytest.raises(IcdarError, match=message) as info:
        parse_icdar(xml, None, PAGE, SHA, "x.pdf", "x")
    assert "\n" not in str(info.value)


# ---- the real ICDAR 2013 documents --------------------------------------------------------

@pytest.fixture(scope="module")
def icdar(corpus: Path) -> dict[str, tuple[IcdarDoc, object]]:
    docs = find_icdar_documents(corpus / "pdfs" / "icdar2013", alternates=True)
    return {d.name: (d, read_icdar(d)) for d in docs}


def test_corpus_has_36_documents_and_4_alternates(icdar: dict) -> None:
    assert len([d for d, _ in icdar.values() if d.alternate_of is None]) == 36
    assert sorted(n for n, (d, _) in icdar.items() if d.alternate_of) == ["eu-009b", "us-011b", "us-031b", "us-035b"]


def test_corpus_round_trip_reproduces_every_cell(icdar: dict) -> None:
    for name, (_, imp) in icdar.items():
        ann = imp.annotation
        str_xml, reg_xml = to_icdar_xml(ann, name)
        again = parse_icdar(str_xml, reg_xml, ann.pages, ann.sha256, ann.file_name, name)
        assert again.annotation.tables == ann.tables, name
        assert again.corrections == (), name


def test_corpus_corrections_are_reported(icdar: dict) -> None:
    fixes = {n: imp.corrections for n, (_, imp) in icdar.items()}
    assert any("'5 years': y1=589 > y2=498" in f and "598" in f for f in fixes["us-035a"])
    assert sum("flipped with height 842" in f for f in fixes["eu-015"]) == 5
    assert any("rows counted from 1, columns from 1" in f for f in fixes["us-021"])
    assert any("rows counted from 0, columns from 1" in f for f in fixes["us-037"])
    assert not any(fixes[n] for n in fixes if n.startswith("eu-") and n != "eu-015")


def test_corpus_import_agrees_with_tables_jsonl(corpus: Path, icdar: dict) -> None:
    """Every ICDAR record's cells (r, c, rs, cs, text) equal the import; boxes within 1 pt,
    except where the corpus kept the shown-page frame (eu-015, rotated) or swapped the typo."""
    records = [json.loads(line) for line in (corpus / "tables.jsonl").open(encoding="utf-8")]
    records = [r for r in records if r.get("source") == "icdar2013"]
    assert len(records) == 95
    for rec in records:
        name, tid = re.search(r"/([^/]+)-str\.xml table id=(\d+)", rec["origin"]).groups()
        table = icdar[name][1].annotation.table(f"t{tid}")
        (region,) = [r for r in table.regions if r.page == rec["page"]]
        mine = _cells(region)
        theirs = {(c["r"], c["c"], c["rs"], c["cs"]): c for c in rec["cells"]}
        assert set(mine) == set(theirs), rec["id"]
        for key, cell in theirs.items():
            assert mine[key].text == cell["text"], rec["id"]
            box = mine[key].bbox
            if name == "eu-015":
                box = region.frame.rect(box)
            if name.startswith("us-035") and key == (7, 0, 1, 1) and rec["page"] == 3:
                assert box == Rect(74, 194, 111, 203)  # the page's "6 years" line; the corpus swapped y
                continue
            assert max(abs(a - b) for a, b in zip(box.as_tuple(), cell["bbox"], strict=True)) <= 1.0, rec["id"]


def test_region_without_cells_is_left_out_and_reported() -> None:
    empty = b"<document><table id='1'><region id='1' page='1'/></table></document>"
    imp = parse_icdar(empty, None, PAGE, SHA, "x.pdf", "x")
    assert imp.annotation.tables == () and imp.corrections == ("x-str.xml table 1 region 1: has no cells; left out",)
