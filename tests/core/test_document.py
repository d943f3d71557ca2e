"""Opening documents: content sniffing, images, passwords, damaged input, rotated pages."""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.reading.document import Document, DocumentError, PasswordRequired, open_document
from inspector.core.types import Rect
from tests.core import pdfs


def one_line(err: pytest.ExceptionInfo[DocumentError], name: str) -> str:
    msg = str(err.value)
    assert msg.startswith(name) and "\n" not in msg and len(msg) < 200
    return msg


def exercise(doc: Document) -> None:
    """Touch everything a page offers; a damaged page may only say so with DocumentError."""
    for i in range(doc.page_count):
        page = doc.page(i)
        page.raw_words()
        page.text_dict()
        page.drawings()
        page.render(24)
        page.render_rgb(24)


# ------------------------------------------------------------------ sniffing and images

def test_pdf_named_png_opens_as_pdf(tmp_path: Path) -> None:
    data, _ = pdfs.ruled_grid()
    path = tmp_path / "table.png"
    path.write_bytes(data)
    doc = open_document(path)
    assert doc.kind == "pdf" and doc.name == str(path)
    assert "Apple" in [w[4] for w in doc.page(0).raw_words()]


def image(ext: str) -> tuple[bytes, np.ndarray]:
    """A 240 x 120 px white image with a black block at x 60-120, y 30-60 (px)."""
    img = np.full((120, 240), 255, np.uint8)
    img[30:60, 60:120] = 0
    ok, buf = cv2.imencode(ext, img)
    assert ok
    return buf.tobytes(), img


@pytest.mark.parametrize(("ext", "kind"), [(".png", "png"), (".jpg", "jpeg"), (".tiff", "tiff")])
def test_images_open_as_one_page(tmp_path: Path, ext: str, kind: str) -> None:
    data, _ = image(ext)
    path = tmp_path / "scan.pdf"  # the extension lies; the bytes decide
    path.write_bytes(data)
    doc = open_document(path)
    assert doc.kind == kind and doc.page_count == 1
    page = doc.page(0)
    assert page.width / page.height == pytest.approx(2.0, rel=0.01)
    grey = page.render(72)
    ys, xs = np.nonzero(grey < 100)
    h, w = grey.shape
    # The block keeps its place relative to the page whatever resolution the image got.
    assert xs.min() / w == pytest.approx(60 / 240, abs=0.02) and xs.max() / w == pytest.approx(120 / 240, abs=0.02)
    assert ys.min() / h == pytest.approx(30 / 120, abs=0.02) and ys.max() / h == pytest.approx(60 / 120, abs=0.02)


def test_pixmap_png_bytes_open() -> None:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 50, 40), False)
    pix.clear_with(255)
    doc = open_document(pix.tobytes("png"), name="pix")
    assert doc.kind == "png" and doc.page_count == 1


# ------------------------------------------------------------------ passwords

@pytest.fixture(scope="module")
def encrypted() -> bytes:
    data, _ = pdfs.ruled_grid()
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        return doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="own")


def test_encrypted_needs_password(encrypted: bytes) -> None:
    with pytest.raises(PasswordRequired) as err:
        open_document(encrypted, name="secret.pdf")
    assert "password" in one_line(err, "secret.pdf")


def test_encrypted_wrong_password(encrypted: bytes) -> None:
    with pytest.raises(PasswordRequired) as err:
        open_document(encrypted, password="nope", name="secret.pdf")
    assert "wrong" in one_line(err, "secret.pdf")


@pytest.mark.parametrize("password", ["pw", "own"])
def test_encrypted_opens_with_right_password(encrypted: bytes, password: str) -> None:
    doc = open_document(encrypted, password=password)
    assert "Apple" in [w[4] for w in doc.page(0).raw_words()]


# ------------------------------------------------------------------ unreadable input

def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DocumentError) as err:
        open_document(tmp_path / "nope.pdf")
    assert "no such file" in one_line(err, str(tmp_path / "nope.pdf"))


def test_folder(tmp_path: Path) -> None:
    with pytest.raises(DocumentError) as err:
        open_document(tmp_path)
    assert "folder" in one_line(err, str(tmp_path))


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    with pytest.raises(DocumentError) as err:
        open_document(path)
    assert "empty" in one_line(err, str(path))


@pytest.mark.parametrize("seed", range(5))
def test_random_bytes(seed: int) -> None:
    data = random.Random(seed).randbytes(4096)
    with pytest.raises(DocumentError) as err:
        open_document(b"junk" + data, name="noise.bin")
    one_line(err, "noise.bin")


@pytest.mark.parametrize("head", [b"%PDF-1.7\n", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"II*\x00"])
def test_right_magic_then_garbage(head: bytes) -> None:
    with pytest.raises(DocumentError) as err:
        open_document(head + random.Random(1).randbytes(3000), name="bad")
    assert "damaged" in one_line(err, "bad")


def test_truncated_pdf() -> None:
    data, _ = pdfs.merged_cells()
    with pytest.raises(DocumentError) as err:
        open_document(data[: len(data) // 2], name="cut.pdf")
    assert "damaged" in one_line(err, "cut.pdf")


def test_repaired_truncation_is_flagged() -> None:
    data, _ = pdfs.merged_cells()
    assert not open_document(data).repaired
    opened = []
    for k in range(20, 40):
        try:
            opened.append(open_document(data[: len(data) * k // 40]))
        except DocumentError:
            continue
    assert opened and all(doc.repaired for doc in opened)


@pytest.mark.parametrize("builder", ["merged_cells", "two_page_table"])
def test_any_truncation_or_corruption_is_documenterror_or_usable(builder: str) -> None:
    """Whatever MuPDF's repair manages, the only exception that escapes is DocumentError."""
    data, _ = pdfs.BUILDERS[builder]()
    rng = random.Random(builder)
    damaged = [data[: len(data) * k // 40] for k in range(1, 40)]
    for _ in range(60):
        b = bytearray(data)
        for _ in range(rng.choice([1, 5, 40])):
            b[rng.randrange(len(b))] = rng.randrange(256)
        damaged.append(bytes(b))
    failures = 0
    for blob in damaged:
        try:
            exercise(open_document(blob, name="damaged.pdf"))
        except DocumentError as exc:
            assert str(exc).startswith("damaged.pdf") and "\n" not in str(exc)
            failures += 1
    assert 0 < failures < len(damaged)


def test_broken_page_tree_reports_the_page() -> None:
    doc = pymupdf.open()
    for _ in range(2):
        doc.new_page(width=200, height=200)
    pages = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0])
    doc.update_object(doc[1].xref, f"<< /Type /Pages /Kids [{pages} 0 R] /Count 1 /Parent {pages} 0 R >>")
    opened = open_document(doc.tobytes(), name="loop.pdf")
    with pytest.raises(DocumentError) as err:
        opened.page(1)
    assert "page 2" in one_line(err, "loop.pdf")
    with pytest.raises(DocumentError):
        opened.page(opened.page_count)


# ------------------------------------------------------------------ rotation

def rotated_page(rotation: int) -> bytes:
    """A 300 x 500 pt page: h line y=100 (x 50-250), v line x=200 (y 300-450), a word at (60, 200)."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=500)
    page.draw_line((50, 100), (250, 100), width=2)
    page.draw_line((200, 300), (200, 450), width=2)
    page.insert_text((60, 200), "Rotated", fontsize=10)
    page.set_rotation(rotation)
    return doc.tobytes()


def dark_extent(img: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(img < 128)
    return int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("dpi", [72, 144])
def test_rotated_page_renders_in_unrotated_space(rotation: int, dpi: int) -> None:
    page = open_document(rotated_page(rotation)).page(0)
    assert (page.width, page.height, page.rotation) == (300, 500, rotation)
    s = dpi / 72
    grey = page.render(dpi)
    assert grey.shape == (round(500 * s), round(300 * s))
    assert np.array_equal(page.render_rgb(dpi)[:, :, 0] < 128, grey < 128)
    x0, y0, x1, y1 = dark_extent(grey[: round(150 * s)])  # the horizontal line only
    assert (x0, x1) == pytest.approx((50 * s, 250 * s), abs=2) and (y0 + y1) / 2 == pytest.approx(100 * s, abs=1.5)
    x0, y0, x1, y1 = dark_extent(grey[round(280 * s):])  # the vertical line only
    assert (x0 + x1) / 2 == pytest.approx(200 * s, abs=1.5)
    assert (y0, y1) == pytest.approx((20 * s, 170 * s), abs=2)


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotated_page_words_and_clip_in_unrotated_space(rotation: int) -> None:
    page = open_document(rotated_page(rotation)).page(0)
    word = next(w for w in page.raw_words() if w[4] == "Rotated")
    assert word[0] == pytest.approx(60, abs=0.5) and word[3] == pytest.approx(200, abs=4)
    lines = {it for d in page.drawings() for it in d.items}
    assert ("l", 50, 100, 250, 100) in lines
    full = page.render_rgb(144)
    clip = page.render_rgb(144, clip=Rect(40, 80, 260, 120))
    assert clip.shape == (80, 440, 3)
    assert np.abs(clip.astype(int) - full[160:240, 80:520].astype(int)).max() <= 2


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_page_size_without_loading_the_page_matches_the_page(rotation: int) -> None:
    doc = pymupdf.open()
    doc.new_page(width=300, height=500).set_rotation(rotation)
    opened = open_document(doc.tobytes())
    size = opened.page_size(0)
    assert opened._pages == {}  # nothing was loaded
    page = opened.page(0)
    assert size == (page.width, page.height, page.rotation) == (300, 500, rotation)


@pytest.mark.parametrize("rotation", [90, -90, 450, 45])
def test_page_size_reads_a_rotation_inherited_from_the_page_tree(rotation: int) -> None:
    doc = pymupdf.open()
    doc.new_page(width=300, height=500)
    doc.new_page(width=200, height=100).set_rotation(180)
    pages_xref = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0])
    doc.xref_set_key(pages_xref, "Rotate", str(rotation))
    doc.xref_set_key(doc.page_xref(0), "Rotate", "null")  # PyMuPDF writes /Rotate 0 on new pages
    opened = open_document(doc.tobytes())
    sizes = [opened.page_size(i) for i in range(2)]
    assert opened._pages == {}
    loaded = [(p.width, p.height, p.rotation) for p in (opened.page(0), opened.page(1))]
    assert sizes == loaded
    # 45 is drawn by MuPDF a quarter turn (reading.pagedict), and so read
    assert sizes[0][2] == {90: 90, -90: 270, 450: 90, 45: 90}[rotation] and sizes[1][2] == 180


def test_page_size_matches_the_loaded_page_on_corpus_files(corpus: Path) -> None:
    checked = 0
    for path in sorted((corpus / "pdfs").rglob("*.pdf")):
        try:
            doc = open_document(path)
        except DocumentError:
            continue
        for i in range(min(doc.page_count, 5)):
            size = doc.page_size(i)
            page = Document.page(doc, i)
            assert size == (page.width, page.height, page.rotation), (path.name, i)
            checked += 1
        doc.close()
    assert checked > 100


WQY = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")


@pytest.mark.skipif(not WQY.is_file(), reason="the WenQuanYi font is not installed")
def test_cjk_compatibility_ideographs_read_as_their_canonical_ideographs() -> None:
    # WenQuanYi maps 量 (U+91CF) and its compatibility twin U+F97E to one glyph, and MuPDF reads
    # the glyph back as U+F97E: a word that looks right but matches no other text.
    from inspector.core.reading.words import extract_words, normalise

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="wqy", fontfile=str(WQY))
    page.insert_text((72, 72), "数量 2024 計", fontname="wqy")
    assert "\uf97e" in pymupdf.open(stream=doc.tobytes())[0].get_text()  # what MuPDF gives
    words = extract_words(open_document(doc.tobytes()).page(0))
    assert [w.text for w in words] == ["数\u91cf", "2024", "計"]
    assert normalise("a\x00\uf97e\U0002f800") == "a \u91cf\u4e3d"  # control -> space, same length


DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # fonts-dejavu-core (system-deps)


@pytest.mark.skipif(not DEJAVU.exists(), reason="DejaVu Sans not installed")
def test_invisible_marks_do_not_break_a_number() -> None:
    # A left-to-right mark before an amount, a byte-order mark after one and a zero-width space
    # inside a label: MuPDF keeps them in the word, where "\u200e1,234" parses as no number and the mark
    # reaches every export. They draw nothing: read as spaces, a mark at a word's edge goes.
    from inspector.core.numbers import parse_number
    from inspector.core.reading.words import extract_words, normalise

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="dv", fontfile=str(DEJAVU))
    page.insert_text((72, 72), "Total \u200e1,234 (56)\ufeff net\u200bsales", fontname="dv")
    assert "\u200e1,234" in pymupdf.open(stream=doc.tobytes())[0].get_text()  # what MuPDF gives
    words = extract_words(open_document(doc.tobytes()).page(0))
    assert [w.text for w in words] == ["Total", "1,234", "(56)", "net", "sales"]
    assert (parsed := parse_number(words[1].text)) is not None and parsed.value == 1234
    first, second = words[1].bbox, words[2].bbox
    assert first.x1 < second.x0  # each piece keeps its own part of the word's box
    assert normalise("a\u202a\u2066\u061cb\u200dc") == "a   b\u200dc"  # ZWJ shapes scripts: kept
