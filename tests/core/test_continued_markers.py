""""Continued" markers in the scripts tenders and annual reports are set in, over the next
page's piece or under the first one at the foot of its page, and a note under the first
piece: what links, what does not, and the evidence named."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.markers import MARKER, NOTE
from tests.core.continued_pdfs import CJK_FONT, MARGIN, Case, detect, pairs, pymupdf_case, texts

CJK = pytest.mark.skipif(CJK_FONT is None, reason="needs the WenQuanYi CJK font")



def under_first(case: Case, text: str, lang: str) -> bytes:
    """``case``'s PDF with ``text`` set one line under page 1's table (its lowest rule)."""
    doc = pymupdf.open("pdf", case.pdf)
    page = doc[0]
    y = max(d["rect"].y1 for d in page.get_drawings() if d["rect"].y1 > 60) + 12
    name = "helv"
    if lang != "en":
        page.insert_font(fontname="cjk", fontfile=str(CJK_FONT))
        name = "cjk"
    page.insert_text((MARGIN, y), text, fontsize=8, fontname=name)
    return bytes(doc.tobytes())


def test_marker_forms() -> None:
    said = ["(다음 페이지에 계속)", "- 계속 -", "<계속>", "(앞쪽에서 계속)", "(이하 계속)", "계속됨", "接上表", "续上表",
            "（接上页）", "（续上表）", "（转下页）", "续下页", "(次頁へ続く)", "（続く）", "(つづく)", "Schedule 1 (contd)",
            "(续)", "（续）", "续表", "(계속)", "(続き)", "cont'd", "입찰 내역서 <계속>", "— 계속 —"]
    ordinary = ["(계속영업)", "계속영업이익", "(持续经营)", "持续经营", "继续教育", "계속 사업 부문", "续签合同",
                "(手续费)", "<표 3>", "- 3 -", "contents", "counter", "이하 생략", "(단위: 원)", "계속하여"]
    assert [s for s in said if not MARKER.search(s)] == []
    assert [s for s in ordinary if MARKER.search(s)] == []


def test_note_forms() -> None:
    assert [bool(NOTE.match(s)) for s in ("주: 부가가치세 포함", "注：单位为人民币元", "Note: prices exclude VAT.",
                                          "※ 단가는 부가세 별도", "* restated", "Notes 3: see", "주요 사업",
                                          "注册资本", "Notebook", "附注")] == \
        [True, True, True, True, True, True, False, False, False, False]


@CJK
@pytest.mark.parametrize(("lang", "marker"), [("ko", "(다음 페이지에 계속)"), ("ko", "입찰 내역서 <계속>"),
                                              ("ko", "- 계속 -"), ("zh", "续上表"), ("zh", "（接上页）"),
                                              ("en", "Schedule 1 (contd)")])
def test_marker_over_the_continuation_links(lang: str, marker: str, tmp_path: Path) -> None:
    """The marker line over page 2's piece (and the unit line again under it) is no text between."""
    case = pymupdf_case(dataclasses.replace(texts(40)[lang], marker=marker), "grid", True, marker=True)
    assert case.links == ((1, 2),)
    conts = find_continuations(detect(case.pdf, tmp_path))
    assert pairs(conts) == [(1, 2)]
    assert any(e.kind == "marker" and marker in e.detail and "page 2" in e.detail for e in proposed(conts)[0].evidence)


@CJK
@pytest.mark.parametrize(("lang", "marker"), [("ko", "(다음 페이지에 계속)"), ("zh", "（转下页）"), ("en", "Continued on next page")])
def test_marker_under_the_first_piece_links(lang: str, marker: str, tmp_path: Path) -> None:
    case = pymupdf_case(texts(40)[lang], "grid", False)
    conts = find_continuations(detect(under_first(case, marker, lang), tmp_path))
    assert pairs(conts) == [(1, 2)]
    assert any(e.kind == "marker" and "page 1" in e.detail for e in proposed(conts)[0].evidence)


@CJK
@pytest.mark.parametrize(("lang", "note"), [("ko", "주: 부가가치세 포함"), ("zh", "注：单位为人民币元"),
                                            ("en", "Note: prices exclude VAT.")])
def test_note_under_the_first_piece_links_when_the_header_repeats(lang: str, note: str, tmp_path: Path) -> None:
    case = pymupdf_case(texts(40)[lang], "grid", True)
    conts = find_continuations(detect(under_first(case, note, lang), tmp_path))
    assert pairs(conts) == [(1, 2)]
    c = proposed(conts)[0]
    assert [e.weight for e in c.evidence if e.kind == "note"] == [-0.1]
    assert c.repeated_header == 1


@CJK
@pytest.mark.parametrize(("lang", "note"), [("ko", "주: 부가가치세 포함"), ("en", "Note: prices exclude VAT.")])
def test_note_under_the_first_piece_closes_it_without_a_repeated_header(lang: str, note: str,
                                                                         tmp_path: Path) -> None:
    """Control: nothing on page 2 says the table goes on, so the note ends it."""
    case = pymupdf_case(texts(40)[lang], "grid", False)
    conts = find_continuations(detect(under_first(case, note, lang), tmp_path))
    assert pairs(conts) == []
    assert conts[0].reason.startswith("a note closes the first piece")


@CJK
@pytest.mark.parametrize("lang", ["ko", "zh"])
def test_new_titled_table_after_a_foot_marker_is_not_linked(lang: str, tmp_path: Path) -> None:
    """Control: a heading opens page 2 over another table; a marker under page 1's piece does
    not make the heading page furniture."""
    case = pymupdf_case(texts(40)[lang], "rules", True, new_table="heading")
    conts = find_continuations(detect(under_first(case, "(계속)" if lang == "ko" else "（续）", lang), tmp_path))
    assert pairs(conts) == []
    assert conts[0].reason.startswith("text between the pieces on page 2")


def test_marker_at_the_end_of_a_title_line_taken_into_the_first_piece(tmp_path: Path) -> None:
    """A "continued" title line set right under the first piece's last rule in PyMuPDF's
    built-in CJK fonts, the marker word at its end: detection takes it in as a last row, and
    the continuation still names it as the marker."""
    for lang, font, line in (("ko", "korea", "입찰 내역서 계속"), ("zh", "china-s", "合并利润表 续"),
                             ("ja", "japan", "損益計算書 続き")):
        doc = pymupdf.open()
        for n in (1, 2):
            page = doc.new_page(width=595, height=842)
            page.insert_text((60, 40), "Header 2025", fontsize=8)
            page.draw_line((60, 46), (535, 46), width=0.5)
            ys = [80.0 + 20 * k for k in range(34)]
            for k, y in enumerate(ys[:-1]):
                cells = (f"item {n}-{k}", f"{(k * 37 + n) % 90 + 10}", f"{(k * 7919 + n) % 90000 + 1000:,}")
                for x, text in zip((66, 260, 400), cells, strict=True):
                    page.insert_text((x, y + 14), text, fontsize=9)
            for y in (ys[0], ys[-1]):
                page.draw_line((60, y), (535, y), width=0.8)
            if n == 1:
                page.insert_text((60, ys[-1] + 12), line, fontsize=8, fontname=font)
        conts = find_continuations(detect(doc.tobytes(), tmp_path))
        assert pairs(conts) == [(1, 2)], lang
        said = [e.detail for e in proposed(conts)[0].evidence if e.kind == "marker"]
        assert said and line in said[0], (lang, font)
