"""A searchable scan's OCR layer is checked against its picture: a sample of its words read again
alone. A good layer is kept; a poor one (numbers misread, rules read as '|') makes the page be
read with this tool's own OCR, and the page note says which reading was used and why."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.cli import main
from inspector.core.layercheck import (
    LayerCheck,
    _edge,
    agrees,
    cell_like,
    glued_rule,
    informative,
    same_text,
    sample,
    verdict_note,
)
from inspector.core.layerrules import runs_on, shaped
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr_clock import STOP_WORK
from inspector.core.types import Rect, Word
from tests.core._scan_pdfs import A4, grey_render
from tests.core.test_searchable_scan import PITCH, ROWS, SKEW, TOP, X, _table, _tilted

# What an OCR run over the page as it is (rules and all) makes of the table's numbers.
MISREAD = {"120": "12O", "80": "8O", "160": "l6O", "40": "4O", "400": "4OO", "100": "1OO", "30": "3O",
           "20": "2O", "10": "1O"}


def _searchable(poor: bool, bars: bool = False, typed: bool = False) -> bytes:
    """The ruled table's page as a 150 dpi picture tilted SKEW degrees, its words laid over it
    invisible where the picture shows them; ``poor``: its numbers misread and a '|' laid over
    each inner column rule on every row, as an OCR that read the rules' ink; ``bars``: only the
    '|' over the rules; ``typed``: a line whose text holds a '|' and an '=' of its own."""
    src = pymupdf.open()
    words = _table(src.new_page(width=A4[0], height=A4[1]))
    if typed:
        for i, text in enumerate(("Ratio", "=", "2", "|", "3", "share", "=", "40", "|", "60")):
            at = (X[0] + i * 32.0, 320.0)
            src[0].insert_text(at, text, fontsize=10)
            words.append((*at, text))
    img = grey_render(src[0], 150)
    h, w = img.shape
    img = cv2.warpAffine(img, cv2.getRotationMatrix2D((w / 2, h / 2), SKEW, 1.0), (w, h),
                         flags=cv2.INTER_LINEAR, borderValue=255)
    out = pymupdf.open()
    page = out.new_page(width=A4[0], height=A4[1])
    page.insert_image(page.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    for x, y, text in words:
        page.insert_text(_tilted(x, y), MISREAD.get(text, text) if poor else text, fontsize=10, render_mode=3)
    if poor or bars:
        for r in range(len(ROWS)):
            for x in X[1:-1]:
                page.insert_text(_tilted(x - 1.5, TOP + r * PITCH + 11), "|", fontsize=10, render_mode=3)
    return out.tobytes()


def _ocr(**kw: object) -> Params:
    p = Params()
    return dataclasses.replace(p, ocr=dataclasses.replace(p.ocr, **kw))


def _layer_note(notes: tuple[str, ...]) -> str:
    got = [n for n in notes if n.startswith("the words are an invisible OCR text layer")]
    assert len(got) == 1
    return got[0]


def test_a_good_layer_is_kept() -> None:
    res = Pipeline(open_document(_searchable(poor=False))).run(0)
    assert res.words_source == "text"
    note = _layer_note(res.notes)
    assert "not over ocr.layer_doubt (10%): the layer's words were kept" in note
    assert "ocr.mode=always" in note and "ocr.deskew" in note
    assert {"120", "160", "400"} <= {w.text for w in res.words}
    assert tuple(tuple(" ".join(c.split()) for c in row) for row in res.tables[0].rows_text()) == ROWS


def test_a_poor_layer_makes_the_page_be_read_with_this_tools_ocr() -> None:
    pipe = Pipeline(open_document(_searchable(poor=True)))
    res = pipe.run(0)
    assert res.words_source == "ocr"
    note = _layer_note(res.notes)
    assert "over ocr.layer_doubt (10%): the page was read with this tool's OCR instead" in note
    assert "17 of 24 of its words read again alone" in note
    assert "'3O' read '30'; '2O' read '20'; '4O' read '40'" in note  # the evidence is quoted
    texts = {w.text for w in res.words}
    assert {"120", "160", "400", "Total"} <= texts  # Tesseract's reading of the picture
    assert not texts & {"12O", "l6O", "4OO", "|"}  # none of the layer's misreads
    assert "layercheck" in pipe.computed and "ocr" in pipe.computed


def test_a_layer_that_read_the_rules_as_bars_is_read_again() -> None:
    # Every word right, but a '|' over each inner rule on every row: a rule's ink runs on past
    # the box on the picture as scanned, and none is left once rules are painted out.
    res = Pipeline(open_document(_searchable(poor=False, bars=True))).run(0)
    assert res.words_source == "ocr"
    note = _layer_note(res.notes)
    assert note.startswith("the words are an invisible OCR text layer over the page's picture (a searchable scan): "
                           "12 of 24 of its words read again alone (ocr.layer_sample) contradict it: '|' a rule's")
    assert "|" not in {w.text for w in res.words}


def test_a_layers_typed_bars_and_equals_signs_are_kept() -> None:
    res = Pipeline(open_document(_searchable(poor=False, typed=True))).run(0)
    assert res.words_source == "text"
    assert "0 of 24 of its words read again alone" in _layer_note(res.notes)
    assert [w.text for w in res.words].count("|") == 2 and [w.text for w in res.words].count("=") == 2


def test_explain_says_which_reading_was_used_and_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "poor.pdf"
    pdf.write_bytes(_searchable(poor=True))
    assert main(["explain", str(pdf), "--page", "1"]) == 0
    out = capsys.readouterr().out
    assert "page 1: the words are an invisible OCR text layer" in out
    assert "the page was read with this tool's OCR instead" in out


def test_layer_doubt_one_keeps_even_a_poor_layer() -> None:
    res = Pipeline(open_document(_searchable(poor=True))).run(0, _ocr(layer_doubt=1.0))
    assert res.words_source == "text"
    assert "not over ocr.layer_doubt (100%): the layer's words were kept" in _layer_note(res.notes)
    assert "12O" in {w.text for w in res.words}


def test_no_sample_keeps_the_layer_unchecked() -> None:
    pipe = Pipeline(open_document(_searchable(poor=True)))
    res = pipe.run(0, _ocr(layer_sample=0))
    assert res.words_source == "text"
    assert "kept unchecked (ocr.layer_sample is 0" in _layer_note(res.notes)
    assert "ocr" not in pipe.computed


def test_a_born_digital_page_is_never_checked_nor_read() -> None:
    doc = pymupdf.open()
    _table(doc.new_page(width=A4[0], height=A4[1]))
    pipe = Pipeline(open_document(doc.tobytes()))
    res = pipe.run(0)
    assert res.words_source == "text"
    assert "layercheck" not in pipe.computed and "ocr" not in pipe.computed
    assert not any("invisible OCR text layer" in n for n in res.notes)


def _word(text: str) -> Word:
    return Word(text=text, bbox=Rect(0, 0, 10, 10))


def test_table_like_words_are_sampled_first_and_spread() -> None:
    words = [_word(t) for t in ("alpha", "12", "beta", "-", "gamma", "x2", "delta", "3.5", "epsilon", "a", "in")]
    assert sample(words, 3) == [1, 5, 7]  # the three table-like words; never "a" or "in", nor the dash "-"
    assert sample(words, 6) == [0, 1, 4, 5, 7, 8]  # all three, then three of the five prose words spread
    assert sample(words, 0) == []
    assert [cell_like(t) for t in ("Total", "ab", "4,179", "(a)", "Share")] == [False, False, True, True, False]


def test_readings_compare_without_their_end_marks_and_dash_forms() -> None:
    assert same_text("employed;", "employed") and same_text("(PAHs)", "(PAHs")
    assert same_text("\u2013", "-") and same_text("1 000", "1000")
    assert not same_text("120", "12O") and not same_text("-", "=") and not same_text(":", "")
    # a point the re-reading lost or read as a digit says nothing against the layer
    assert same_text("1.1", "141") and same_text("7.1", "71") and same_text("4,179", "4179")
    assert not same_text("1.1", "1411") and not same_text("11", "1.1")


def test_a_box_is_widened_to_its_ink_up_to_a_word_gap() -> None:
    assert _edge([True, True, False, True, False, False, False, True], 3) == 4  # letter gap crossed, word gap not
    assert _edge([False, False, False, True], 3) == 0  # the box ends in white
    assert _edge([True, True], 3) == 2  # ink to the reach's end


def test_the_note_says_a_limit_cut_the_check_short() -> None:
    got = LayerCheck(sampled=4, contradicted=2, examples=(("12O", "120", "read"),), ms=1500.0, stopped=STOP_WORK)
    note = verdict_note(got, 0.1)
    assert note.startswith("2 of 4 of its words read again alone (ocr.layer_sample) contradict it: '12O' read '120'")
    assert "the check stopped at a limit, ocr.cpu_seconds, after 1.5 s" in note
    assert note.endswith("the page was read with this tool's OCR instead")


def test_rule_glyph_words_are_sampled_first() -> None:
    words = [_word(t) for t in ("alpha", "12", "|", "beta", "to|and", "3.5", "gamma")]
    assert sample(words, 3) == [2, 4, 5]  # both words holding a rule glyph, then one table-like word (spread)
    assert sample(words, 1) == [4]  # of the two ruled words, the one spread picks


def test_a_lone_words_known_misreadings_do_not_contradict_the_layer() -> None:
    assert agrees("FI,", "Fl,") and agrees("reported1", "reported!\u2019") and agrees("www.Data.gov", "www.Data.qov")
    assert agrees("/", "/Y") and agrees("brucellosis,", "f brucellosis,")  # the box reached a neighbour
    assert agrees("kg/year", "kg/yea") and agrees("1990", "199(") and agrees("89.1", "89.")  # box cut short
    assert agrees("7.4", "74") and agrees("Www", "www.")
    # what a layer that read the rules or misread the digits says stays contradicted
    assert not agrees("12O", "120") and not agrees("l6O", "160") and not agrees("to|and", "to and")
    assert not agrees("0.4|", "0.4") and not agrees("|PBUK|", "PBUK") and not agrees("TAs}", "75")
    assert not agrees("59", "39") and not agrees("1", "") and not agrees("0", "(")


def test_a_rule_glyph_is_a_rule_only_where_its_ink_runs_on() -> None:
    grey = np.full((100, 100), 255, np.uint8)
    grey[:, 50:52] = 0  # a vertical rule down the page
    grey[40:52, 20:22] = 0  # a typed '|', as tall as its line
    grey[70:72, 10:90] = 0  # a horizontal rule
    grey[20:22, 60:66] = 0  # a typed '_'
    assert runs_on(grey, (49, 40, 53, 52), vertical=True)
    assert not runs_on(grey, (19, 40, 23, 52), vertical=True)
    assert runs_on(grey, (40, 68, 46, 74), vertical=False)
    assert not runs_on(grey, (60, 18, 66, 24), vertical=False)
    assert not runs_on(grey, (19, 40, 19, 52), vertical=True)  # an empty box
    assert shaped(grey[36:56, 18:24] < 128, "|") and not shaped(grey[68:74, 40:46] < 128, "|")
    assert shaped(grey[16:26, 58:70] < 128, "_") and not shaped(grey[16:26, 58:70] < 128, "=")
    two = np.full((12, 10), 255, np.uint8)
    two[3:5, 1:9] = two[7:9, 1:9] = 0  # a typed "="
    assert shaped(two < 128, "=") and not shaped(two < 128, "|") and not shaped(two[:6] < 128, "=")
    two[0:2] = 0  # a rule running into the box's top: not the glyph's ink
    assert shaped(two < 128, "=") and not shaped(two[:6] < 128, "=")


AMOUNTS = ("1,204", "3,517", "12,480", "7,093", "2,316", "45,872", "9,130", "6,654")
REGIONS = ("North", "South", "East", "West", "Centre", "Coast", "Hills", "Lakes")


def _amounts(stops: bool) -> bytes:
    """A list of regions and amounts in thousands groups as a 150 dpi picture (a coarse scan:
    its picture is enlarged to be read), its words laid over it invisible; ``stops``: the layer
    writes every other amount with full stops for the commas, as an OCR run over the page at
    that resolution reads them."""
    src = pymupdf.open()
    page = src.new_page(width=A4[0], height=A4[1])
    words = []
    for r, (region, amount) in enumerate(zip(REGIONS, AMOUNTS, strict=True)):
        y = 150.0 + r * 16.0
        words += [(80.0, y, region), (260.0, y, amount)]
    for x, y, text in words:
        page.insert_text((x, y), text, fontsize=11)
    img = grey_render(page, 150)
    out = pymupdf.open()
    pic = out.new_page(width=A4[0], height=A4[1])
    pic.insert_image(pic.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    for n, (x, y, text) in enumerate(words):
        stopped = stops and n % 4 == 3  # every other amount
        pic.insert_text((x, y), text.replace(",", ".") if stopped else text, fontsize=11, render_mode=3)
    return out.tobytes()


def test_a_layer_whose_own_column_writes_its_commas_otherwise_is_read_again() -> None:
    # A lone reading of "3.517" on a coarse scan reads a full stop too: the column of numbers
    # grouped by commas is the evidence (as this tool's OCR corrects its own reading).
    res = Pipeline(open_document(_amounts(stops=True))).run(0)
    assert res.words_source == "ocr"
    note = _layer_note(res.notes)
    assert "4 of 16 of its words read again alone (ocr.layer_sample) contradict it: '3.517' written '3,517' by its own row or column" in note
    assert "over ocr.layer_doubt (10%): the page was read with this tool's OCR instead" in note
    assert set(AMOUNTS) <= {w.text for w in res.words}


def test_a_layer_whose_column_agrees_is_kept() -> None:
    res = Pipeline(open_document(_amounts(stops=False))).run(0)
    assert res.words_source == "text"
    assert "0 of 16 of its words read again alone" in _layer_note(res.notes)
    assert [w.text for w in res.words if "," in w.text] == list(AMOUNTS)


def test_only_informative_words_are_sampled() -> None:
    assert [informative(t) for t in ("-", "\u2022", "8", "&", "(+", "ab", "2.")] == [False] * 7
    assert [informative(t) for t in ("|", "==", "12", "x2", "Total", "3.5", "(a)")] == [True] * 6 + [False]


def test_a_coarse_scans_slips_do_not_contradict_the_layer() -> None:
    # a letter for a letter, a digit for a digit (one in five characters), a lost dash
    assert agrees("presumably,", "presumubly,", coarse=True) and not agrees("presumably,", "presumubly,")
    assert agrees("Furthermore,", "Furthennore,", coarse=True) and agrees("2001", "2007", coarse=True)
    assert agrees("(57.5\u201364.7)", "(57.5 64.7)", coarse=True)
    assert not agrees("3,162,691}", "3,162,69", coarse=True)  # a rule read as a brace after the number
    # a letter for a digit, a rule glued to a word, a word read as another stay contradicted
    assert not agrees("12O", "120", coarse=True) and not agrees("_Endosulphan", "Endosulphan", coarse=True)
    assert not agrees("Total", "Tables", coarse=True) and not agrees("1996", "2013", coarse=True)


def test_a_rule_read_as_a_bracket_glued_to_a_number_contradicts_the_layer() -> None:
    assert glued_rule("2,468,083]", "2,468,083") and glued_rule("3,162,691}", "3,162,69")
    assert glued_rule("[4,180", "4,180")
    assert not glued_rule("[12]", "12") and not glued_rule("12]", "12]")  # matched, or typed and read
    assert not glued_rule("Table]", "Table") and not glued_rule("]", "")  # not a number's
