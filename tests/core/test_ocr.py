"""OCR of scanned pages with the real Tesseract: image-only pages built with PyMuPDF (a text
table rendered to a picture), straightened scans, OCR settings, and a missing Tesseract."""

from __future__ import annotations

import os
import shutil

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.geometry import Frame
from inspector.core.params import ParamError, Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.skew import estimate_skew, straighten
from inspector.core.reading.tessdata import ENV_TESSDATA, installed_languages, package_for, tessdata_dir
from inspector.core.types import Rect, Word
from resources.make_samples import TableStyle, draw_table, finish, new_document

needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None or tessdata_dir() is None,
    reason="Tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-eng)")

ROWS = (("Fruit", "Origin", "Price"),
        ("Apple", "Kent", "12.50"),
        ("Pear", "Anjou", "7.25"),
        ("Plum", "Agen", "30.10"),
        ("Quince", "Smyrna", "4.80"))
X0, Y0 = 90.0, 150.0


def text_table_pdf() -> bytes:
    """A born-digital A4 page with a ruled table in a large clear font."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, X0, Y0, ROWS, TableStyle(font_size=16.0, line_width=1.0, bold_header=False))
    return finish(doc)


def picture_of(pdf: bytes, skew: float = 0.0, dpi: int = 200, rotation: int = 0) -> tuple[bytes, bytes]:
    """(image-only PDF, PNG): the page rendered grey, turned ``skew`` degrees (OpenCV sense),
    placed as the only content of a page of the same size (shown rotated by ``rotation``)."""
    src = pymupdf.open(stream=pdf, filetype="pdf")
    pix = src[0].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    if skew:
        m = cv2.getRotationMatrix2D((pix.width / 2, pix.height / 2), skew, 1.0)
        img = cv2.warpAffine(img, m, (pix.width, pix.height), borderValue=255)
    png = cv2.imencode(".png", img)[1].tobytes()
    out = pymupdf.open()
    page = out.new_page(width=src[0].rect.width, height=src[0].rect.height)
    page.insert_image(page.rect, stream=png)
    page.set_rotation(rotation)
    return out.tobytes(), png


@pytest.fixture(scope="module")
def scan() -> bytes:
    return picture_of(text_table_pdf())[0]


def only_table(res):
    assert len(res.tables) == 1, [t.rows_text() for t in res.tables]
    return res.tables[0]


@needs_tesseract
def test_image_only_page_gets_ocr_words_and_the_exact_table(scan: bytes) -> None:
    res = Pipeline(open_document(scan)).run(0)
    assert res.words_source == "ocr" and all(w.from_ocr for w in res.words)
    assert only_table(res).rows_text() == [list(r) for r in ROWS]
    assert not any("no text on this page" in w for w in res.warnings)
    assert any("words read by OCR" in n for n in res.notes)


@needs_tesseract
def test_ocr_word_boxes_are_page_points_where_the_text_layer_has_them(scan: bytes) -> None:
    truth = {w.text: w for w in Pipeline(open_document(text_table_pdf())).run(0).words}
    ocr = {w.text: w for w in Pipeline(open_document(scan)).run(0).words}
    for text in ("Apple", "Smyrna", "30.10"):
        t, o = truth[text].bbox, ocr[text].bbox
        assert abs(o.x0 - t.x0) < 2.0 and abs(o.x1 - t.x1) < 2.0, (text, o, t)
        assert abs(o.cy - t.cy) < 3.0 and abs(ocr[text].baseline - truth[text].baseline) < 2.0, (text, o, t)
        assert 80 <= ocr[text].ocr_confidence <= 100


@needs_tesseract
def test_a_skewed_scan_is_straightened_and_read_the_same() -> None:
    pdf, _ = picture_of(text_table_pdf(), skew=1.2)
    res = Pipeline(open_document(pdf)).run(0)
    assert res.skew == pytest.approx(-1.2, abs=0.15)
    assert only_table(res).rows_text() == [list(r) for r in ROWS]
    # Words stay where the picture shows them: "Apple" is turned about the page centre.
    apple = next(w for w in res.words if w.text == "Apple")
    straight = Frame(0, 595, 842, res.skew).straighten_rect(apple.bbox)
    assert abs(straight.x0 - (X0 + 2)) < 6  # the cell's text starts just right of its rule


@needs_tesseract
def test_a_png_opened_directly_is_read_by_ocr() -> None:
    _, png = picture_of(text_table_pdf(), dpi=200)
    doc = open_document(png, name="table.png")
    assert doc.kind == "png"
    res = Pipeline(doc).run(0)
    assert res.words_source == "ocr"
    assert only_table(res).rows_text() == [list(r) for r in ROWS]


@needs_tesseract
def test_a_rotated_scan_page_is_read_upright() -> None:
    # The picture is drawn sideways in unrotated space; /Rotate 90 shows it upright.
    src = pymupdf.open(stream=text_table_pdf(), filetype="pdf")
    pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    sideways = np.ascontiguousarray(np.rot90(img, k=1))  # counter-clockwise: /Rotate 90 undoes it
    out = pymupdf.open()
    page = out.new_page(width=842, height=595)
    page.insert_image(page.rect, stream=cv2.imencode(".png", sideways)[1].tobytes())
    page.set_rotation(90)
    res = Pipeline(open_document(out.tobytes())).run(0)
    assert only_table(res).rows_text() == [list(r) for r in ROWS]
    apple = next(w for w in res.words if w.text == "Apple")
    assert apple.bbox.height > apple.bbox.width  # a sideways word in unrotated page space


@needs_tesseract
def test_low_confidence_ocr_words_and_their_cells_are_flagged(scan: bytes) -> None:
    pipe = Pipeline(open_document(scan))
    res = pipe.run(0)
    assert not res.ocr_unsure and not any(c.low_confidence for c in only_table(res).cells)
    strict = pipe.run(0, Params().with_value("ocr.min_confidence", 100))
    assert "ocr" not in pipe.computed and "render" not in pipe.computed  # the OCR is cached per settings
    assert strict.ocr_unsure == frozenset(range(len(strict.words))) <= strict.low_confidence
    assert all(c.low_confidence for c in only_table(strict).cells if c.text)


@needs_tesseract
def test_ocr_settings_change_reruns_ocr(scan: bytes) -> None:
    pipe = Pipeline(open_document(scan))
    pipe.run(0)
    pipe.run(0, Params().with_value("ocr.dpi", 250))
    assert "ocr" in pipe.computed and "tables" in pipe.computed


@needs_tesseract
def test_mode_always_replaces_the_text_layer_and_never_keeps_it(scan: bytes) -> None:
    pdf = text_table_pdf()
    res = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.mode", "always"))
    assert res.words_source == "ocr" and all(w.from_ocr for w in res.words)
    assert any("replaced" in n for n in res.notes)
    assert only_table(res).rows_text() == [list(r) for r in ROWS]
    text = Pipeline(open_document(pdf)).run(0)
    assert text.words_source == "text" and not any(w.from_ocr for w in text.words)
    never = Pipeline(open_document(scan)).run(0, Params().with_value("ocr.mode", "never"))
    assert never.words == () and any("ocr.mode=auto" in w for w in never.warnings)


def test_missing_tesseract_says_how_to_install_and_the_rest_works(scan: bytes, monkeypatch) -> None:
    monkeypatch.setenv(ENV_TESSDATA, "/nonexistent/tessdata")
    assert tessdata_dir() is None and installed_languages() == ()
    res = Pipeline(open_document(scan)).run(0)
    assert res.words == () and res.words_source == "text"
    assert any("apt-get install tesseract-ocr" in w for w in res.warnings), res.warnings
    assert res.raster_rules  # the scan's rules are still found
    text = Pipeline(open_document(text_table_pdf())).run(0)
    assert only_table(text).rows_text() == [list(r) for r in ROWS]


@needs_tesseract
def test_a_language_that_is_not_installed_names_its_package(scan: bytes) -> None:
    lang = "zzz"
    res = Pipeline(open_document(scan)).run(0, Params().with_value("ocr.lang", lang))
    assert any(f"apt-get install {package_for(lang)}" in w for w in res.warnings), res.warnings
    assert package_for("chi_sim") == "tesseract-ocr-chi-sim"
    assert "eng" in installed_languages() and "osd" not in installed_languages()


def test_ocr_parameters_are_checked() -> None:
    p = Params().with_value("ocr.lang", "eng+kor").with_value("ocr.mode", "never")
    assert (p.ocr.lang, p.ocr.mode) == ("eng+kor", "never")
    assert Params.loads(p.dumps()) == p
    for key, bad in (("ocr.mode", "sometimes"), ("ocr.lang", "eng+"), ("ocr.lang", "../x"), ("ocr.dpi", 20)):
        with pytest.raises(ParamError):
            Params().with_value(key, bad)


@pytest.mark.parametrize("angle", [-1.4, -0.6, 0.7, 1.5])
def test_skew_estimate_undoes_a_known_turn(angle: float) -> None:
    src = pymupdf.open(stream=text_table_pdf(), filetype="pdf")
    pix = src[0].get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()
    turned = straighten(img, angle)
    assert estimate_skew(turned, 150) == pytest.approx(-angle, abs=0.1)
    assert estimate_skew(img, 150) == 0.0
    assert estimate_skew(np.full((800, 600), 255, np.uint8), 150) == 0.0  # blank page


def test_straightening_frame_round_trips_and_keeps_box_sizes() -> None:
    f = Frame(0, 600, 800, 1.5)
    x, y = f.straighten(*f.straighten(100, 200), back=True)
    assert (x, y) == pytest.approx((100, 200))
    r = Rect(100, 200, 160, 212)
    s = f.straighten_rect(r)
    assert (s.width, s.height) == pytest.approx((60, 12)) and f.rect(f.rect(r), back=True).x0 == pytest.approx(100)
    # Same sense as OpenCV: a point right of the centre moves up for a positive angle.
    assert f.straighten(500, 400)[1] < 400


WRAPPED = (("Substance", "Air", "Water"),
           ("Benzene", "1 000", "200 (as\nBTEX)"),
           ("Toluene", "50", "200 (as\nBTEX)"),
           ("Xylenes", "10", "75"))


@needs_tesseract
def test_two_line_cells_beside_one_line_cells_are_read_exactly() -> None:
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, X0, Y0, WRAPPED, TableStyle(font_size=13.0, line_width=1.0, bold_header=False))
    # Straight: on a skewed scan Tesseract sometimes merges the second line into the row's line.
    pdf, _ = picture_of(finish(doc))
    pipe = Pipeline(open_document(pdf))
    res = pipe.run(0)
    assert only_table(res).rows_text() == [list(r) for r in WRAPPED]
    assert all(w.from_ocr for w in res.words)


@needs_tesseract
def test_a_doubtful_cell_is_read_again_on_its_own(scan: bytes) -> None:
    import dataclasses

    from inspector.core.scan import ocr_picture, reread_unsure_cells

    doc = open_document(scan)
    res = Pipeline(doc).run(0)
    table = only_table(res)
    cell = next(c for c in table.cells if c.text == "Anjou")
    i = cell.word_ids[0]
    doubted = tuple(dataclasses.replace(w, ocr_confidence=10.0) if k == i else w for k, w in enumerate(res.words))
    picture = ocr_picture(doc.page(0), Params().ocr, res.skew)
    again, warnings = reread_unsure_cells(doc.page(0), Params().ocr, lambda: picture, doubted, res.tables)
    assert warnings == ()
    assert len(again) == len(doubted) and doubted[i] not in again
    new = [w for w in again if w.text == "Anjou"]
    assert len(new) == 1 and new[0].ocr_confidence > 60
    assert abs(new[0].bbox.x0 - doubted[i].bbox.x0) < 1.5 and abs(new[0].baseline - doubted[i].baseline) < 1.5
    # Nothing doubtful: the same words, not a copy.
    assert reread_unsure_cells(doc.page(0), Params().ocr, lambda: picture, res.words, res.tables)[0] is res.words


NILS = (("Item", "2023", "2024"),
        ("Coal", "-", "12"),
        ("Gas", "31", "-"),
        ("Oil", "-", "-"),
        ("Wind", "8", "9"))


@needs_tesseract
def test_lone_dashes_of_nil_cells_are_read() -> None:
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, X0, Y0, NILS, TableStyle(font_size=14.0, line_width=1.0, bold_header=False))
    pdf = finish(doc)
    res = Pipeline(open_document(picture_of(pdf, skew=0.7)[0])).run(0)
    text = Pipeline(open_document(pdf)).run(0)
    assert only_table(res).rows_text() == only_table(text).rows_text()  # the scan reads as the text layer
    assert sum(w.text == "-" for w in res.words) == 4


DASHED = (("Age", "Range", "Note"),
          ("45\u201354", "(13.8\u201317.1)", "non-Hispanic"),
          ("55\u201364", "(56.7\u201365.1)", "\u2014"),
          ("65\u201374", "-2.5", "self-paid"))


DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"  # fonts-dejavu-core (packaging/system-deps.sh)


def dejavu_table(rows, size: float) -> bytes:
    """A ruled table written in DejaVu Sans, which draws en and em dashes (the PDF base fonts
    show a dot for them)."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    widths, height = (110.0, 150.0, 130.0), 2.2 * size
    xs = [X0 + sum(widths[:i]) for i in range(len(widths) + 1)]
    for r, row in enumerate(rows):
        y = Y0 + r * height
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 5, y + 0.7 * height), text, fontsize=size, fontname="dejavu", fontfile=DEJAVU)
    for r in range(len(rows) + 1):
        page.draw_line((xs[0], Y0 + r * height), (xs[-1], Y0 + r * height), width=0.8)
    for x in xs:
        page.draw_line((x, Y0), (x, Y0 + len(rows) * height), width=0.8)
    return finish(doc)


@needs_tesseract
@pytest.mark.skipif(not os.path.exists(DEJAVU), reason="fonts-dejavu-core is not installed")
@pytest.mark.parametrize("size", [9.0, 13.0])
def test_hyphens_en_dashes_and_em_dashes_are_told_apart_by_length(size: float) -> None:
    # Tesseract reads all three as "-"; the text layer (and any truth built from it) keeps them apart.
    pdf = dejavu_table(DASHED, size)
    assert only_table(Pipeline(open_document(pdf)).run(0)).rows_text() == [list(r) for r in DASHED]
    res = Pipeline(open_document(picture_of(pdf, skew=0.6)[0])).run(0)
    assert only_table(res).rows_text() == [list(r) for r in DASHED]


def test_dash_lengths_against_the_lines_digits_or_capitals() -> None:
    from inspector.core.reading.ocr_glyphs import EM_DASH, EN_DASH, HYPHEN, Glyph, LineScale, restore_dashes

    digits = [Glyph(d, (10 * i, 0, 10 * i + 10, 20)) for i, d in enumerate("2024")]
    scale = LineScale.of(digits)
    assert scale == LineScale(10.0, 20.0)
    word = [Glyph("4", (0, 0, 10, 20)), Glyph("-", (12, 10, 22, 12)), Glyph("5", (24, 0, 34, 20))]
    assert restore_dashes(word, scale) == "4" + EN_DASH + "5"
    word[1] = Glyph("-", (12, 10, 17, 12))
    assert restore_dashes(word, scale) == "4-5"
    assert restore_dashes([Glyph("-", (0, 10, 16, 12))], scale) == EM_DASH
    # Between letters it joins a compound word, however long a face draws it.
    compound = [Glyph("a", (0, 5, 8, 20)), Glyph("-", (10, 10, 21, 12)), Glyph("b", (23, 0, 31, 20))]
    assert restore_dashes(compound, scale) == "a" + HYPHEN + "b"
    # Few digits: the capital height is the measure; a tall box is Tesseract's guess and is left alone.
    caps = LineScale.of([Glyph("A", (0, 0, 14, 20)), Glyph("B", (16, 0, 30, 20))])
    assert caps.digit == 0 and restore_dashes([Glyph("-", (0, 9, 14, 11))], caps) == EN_DASH
    assert restore_dashes([Glyph("-", (0, 0, 14, 20))], caps) == "-"
    assert restore_dashes([Glyph("-", (0, 9, 14, 11))], LineScale(0.0, 0.0)) == "-"


def test_text_blocks_cut_columns_of_text_but_keep_a_table_whole() -> None:
    from inspector.core.reading.ocr_blocks import text_blocks

    dpi = 144  # 2 pixels a point
    page = np.full((1584, 1224), 255, np.uint8)
    for k in range(20):  # a table, x 72-268 pt: narrow columns 60 pt apart, lone marks in some
        y = 2 * (96 + 12 * k)
        for x in (72, 140, 200, 260):
            if x == 72 or k % 3:
                page[y:y + 16, 2 * x:2 * x + (60 if x == 72 else 16)] = 0
    for k in range(30):  # a column of body text, x 330-540 pt, its lines between the table's rows
        y = 2 * (90 + 12 * k)
        page[y:y + 18, 660:1080] = 0
    page[2 * 600:2 * 608, 2 * 72:2 * 540] = 0  # a line across both, 40 pt below
    blocks = [tuple(round(v / 2) for v in b) for b in text_blocks(page, dpi)]
    assert len(blocks) == 3
    table, text, foot = sorted(blocks, key=lambda b: (b[1] > 500, b[0]))
    assert table[:3] == (72, 96, 268) and text[0] == 330 and text[2] == 540
    assert foot[1] == 600 and foot[0] == 72 and foot[2] == 540
    # A blank page or a speck-free single block is read whole.
    assert text_blocks(np.full((100, 100), 255, np.uint8), dpi) == [(0, 0, 100, 100)]


BESIDE = (("Region", "Cases", "Rate"),
          ("North", "1,204", "12.5"),
          ("South", "988", "9.75"),
          ("East", "1", "0.5"),
          ("West", "23", "4.0"))


@needs_tesseract
def test_a_table_beside_a_column_of_body_text_is_read_row_by_row() -> None:
    # Lines of the body text beside it fall between the table's rows: read across the page as
    # one column of lines (ocr.layout=lines) they run into the table's; cut at the gutter first
    # (ocr.layout=columns) each column's lines stay its own.
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 60, 150, BESIDE, TableStyle(font_size=11.0, line_width=1.0, bold_header=False,
                                                  rules="booktabs"))
    for k in range(14):
        page.insert_text((330, 156 + 11.3 * k), "body text of the next column goes on here", fontsize=10)
    pdf, _ = picture_of(finish(doc), skew=0.8)
    res = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.layout", "columns"))
    tables = [t for t in res.tables if t.bbox.x1 < 320]
    assert len(tables) == 1 and tables[0].rows_text() == [list(r) for r in BESIDE]


@needs_tesseract
def test_a_ruled_cell_with_ink_but_no_word_is_read_on_its_own(scan: bytes) -> None:
    """Tesseract drops a word now and then: a ruled cell left without words whose picture holds
    ink is read again alone, and its word kept when Tesseract is sure of it."""
    import dataclasses

    from inspector.core.scan import ocr_picture, reread_unsure_cells

    doc = open_document(scan)
    res = Pipeline(doc).run(0)
    table = only_table(res)
    cell = next(c for c in table.cells if c.text == "Anjou")
    i = cell.word_ids[0]
    gone = Word("x", Rect(1, 1, 2, 2), 5.0, ocr_confidence=99.0)  # the word Tesseract missed, out of the way
    words = tuple(gone if k == i else w for k, w in enumerate(res.words))
    blank = dataclasses.replace(table, cells=tuple(dataclasses.replace(c, word_ids=(), text="") if c is cell else c
                                                   for c in table.cells))
    picture = ocr_picture(doc.page(0), Params().ocr, res.skew)
    again, _ = reread_unsure_cells(doc.page(0), Params().ocr, lambda: picture, words, (blank,))
    found = [w for w in again if w.text == "Anjou"]
    assert len(found) == 1 and found[0].ocr_confidence > 60 and cell.bbox.contains_point(found[0].bbox.cx, found[0].bbox.cy)


@needs_tesseract
def test_a_shaded_cell_read_alone_keeps_its_paper() -> None:
    """A cell on a grey fill inside a white rim (its rules erased), read alone (a doubtful or
    blank cell, a block of the page): the margin around it takes the crop's paper, the fill's
    grey. On white, the fill was thresholded with the ink and its edge read as "(" (eu-001
    page 3: "(Benzene" at 11 %)."""
    from inspector.core.geometry import Frame
    from inspector.core.reading import ocr

    doc = pymupdf.open()
    page = doc.new_page(width=300, height=100)
    page.draw_rect(pymupdf.Rect(20, 30, 240, 54), color=None, fill=(0.84, 0.84, 0.84))
    page.insert_text((28, 47), "Benzene", fontsize=12, fontname="hebo", color=(0.35, 0.35, 0.35))
    pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()
    px = 200 / 72
    box = (int(18.5 * px), int(28.5 * px), int(241.5 * px), int(55.5 * px))  # the cell: the fill and a white rim
    api = ocr._engine(ocr.check("eng"), "eng")
    api.SetPageSegMode(6)
    try:
        _, words, _ = ocr._read_crop(api, grey, 200, Frame(0, 300, 100), box, 10.0)
    finally:
        api.Clear()
    assert [w.text for w in words] == ["Benzene"] and words[0].ocr_confidence > 80


def test_a_doubted_lone_dash_shaped_like_one_is_kept_and_a_doubted_speck_is_not() -> None:
    # A noisy scan's nil cells: Tesseract reads "-" at 0-39 % confidence (ICDAR eu-001 blurred
    # and speckled). Flat and as wide as a hyphen, it is a dash however unsure Tesseract is, as
    # "=" or ":" read in its place already were; a doubted round speck is still dropped.
    from inspector.core.reading.ocr import _noise, _Read, _text
    from inspector.core.reading.ocr_glyphs import LineScale

    grey = np.full((40, 60), 255, np.uint8)
    grey[20:23, 20:30] = 0  # the dash's ink, 10 x 3 px on a line 24 px high
    row = {"row_height": 24.0}
    for read in ("-", "="):
        raw = _Read(read, (20, 20, 30, 23), 12.0, None, row, 0, 0, [])
        text, mark = _text(raw, LineScale(0.0, 0.0), grey)
        assert (text, mark) == ("-", True), read
    speck = _Read("-", (20, 20, 23, 23), 12.0, None, row, 0, 0, [])
    text, mark = _text(speck, LineScale(0.0, 0.0), grey)
    assert not mark and _noise(text, 12.0)
