"""A simple font's ToUnicode map that contradicts the font's own encoding (``reading.tounicode``).

Ghostscript's pdfwrite writes such maps for the embedded CFF fonts it re-emits (WinAnsi's en
dash read "3", the em dash "4", /greaterequal "g"); PyMuPDF cannot embed such a font, so the
test writes the map Ghostscript writes into a Helvetica page of its own.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest

from inspector.core.reading.document import open_document
from inspector.core.reading.tounicode import contradictions, name_reading, parse_cmap, write_cmap
from inspector.core.reading.words import extract_words


def _cmap(pairs: dict[int, str]) -> bytes:
    return write_cmap(pairs).encode("ascii")


def _page(cmap: dict[int, str], differences: str = "") -> bytes:
    """One line of Helvetica (WinAnsi, /Differences ``differences``) drawn with raw codes:
    "(10.2<0x96>24.5) <0x97> 3 <0x1c>", and a ToUnicode map ``cmap``."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_text((50, 50), "a", fontname="helv", fontsize=11)
    doc.update_stream(page.get_contents()[0], b"BT /helv 11 Tf 50 150 Td (\\(10.2\\22624.5\\) \\227 3 \\034) Tj ET")
    font = page.get_fonts()[0][0]
    enc = doc.get_new_xref()
    doc.update_object(enc, f"<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [{differences}] >>")
    doc.xref_set_key(font, "Encoding", f"{enc} 0 R")
    to_unicode = doc.get_new_xref()
    doc.update_object(to_unicode, "<< >>")
    doc.update_stream(to_unicode, _cmap(cmap))
    doc.xref_set_key(font, "ToUnicode", f"{to_unicode} 0 R")
    return doc.tobytes()


ASCII = {c: chr(c) for c in range(0x20, 0x7F)}


def _texts(data: bytes) -> list[str]:
    return [w.text for w in extract_words(open_document(data, name="t.pdf").page(0))]


def test_a_map_entry_read_as_another_glyphs_character_is_mended_from_the_glyph_name() -> None:
    # Ghostscript's map: the en dash (0x96) and the em dash (0x97) read as the digits "3" and
    # "4", /greaterequal of the /Differences (0x1c) as "g"; 0x33 (/three) reads "3" too
    data = _page({**ASCII, 0x96: "3", 0x97: "4", 0x1C: "g"}, "28 /greaterequal")
    assert pymupdf.open(stream=data)[0].get_text().split() == ["(10.2324.5)", "4", "3", "g"]  # the habit, as MuPDF reads it
    assert _texts(data) == ["(10.2–24.5)", "—", "3", "≥"]


def test_a_ligature_or_small_capital_read_as_one_of_its_letters_is_kept() -> None:
    # a producer's own map (ICDAR's Adobe fonts): /fi read "i", /N (0x4e) read "n"; "i" and "n"
    # are other codes' readings too, but each is a form of its glyph's name: the text stays
    data = _page({**ASCII, 0x4E: "n", 0x1C: "i"}, "28 /fi")
    assert contradictions(parse_cmap(write_cmap({**ASCII, 0x4E: "n", 0x1C: "i"})) or {}, {0x4E: "N", 0x1C: "ﬁ", 0x6E: "n", 0x69: "i"}) == {}
    assert _texts(data)[-1] == "i"


def test_cmap_ranges_and_arrays_are_read() -> None:
    text = "2 beginbfrange\n<30> <32> <0030>\n<40> <41> [<0041> <00660069>]\nendbfrange\n1 beginbfchar\n<96> <2013>\nendbfchar"
    assert parse_cmap(text) == {0x30: "0", 0x31: "1", 0x32: "2", 0x40: "A", 0x41: "fi", 0x96: "–"}
    assert parse_cmap("1 beginbfchar\n<0001> <0041>\nendbfchar") is None  # two-byte codes: a CID font's


NIMBUS = Path("/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf")  # a CFF program with glyph names


def _cid_page(habit: dict[str, str]) -> bytes:
    """"(10.2–24.5) — †" in an embedded CFF font (PyMuPDF writes it as a CIDFontType0, codes =
    glyph ids), its ToUnicode map then garbled as ``habit`` says: character -> new reading
    ("" leaves the glyph out of the map)."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_font(fontname="F9", fontfile=str(NIMBUS))
    page.insert_text((50, 50), "(10.2–24.5) — †", fontname="F9", fontsize=11)
    font = page.get_fonts()[0][0]
    cmap = int(doc.xref_get_key(font, "ToUnicode")[1].split()[0])
    mapped = parse_cmap(doc.xref_stream(cmap).decode("latin-1"), 2) or {}
    for gid, text in list(mapped.items()):
        if text in habit:
            if habit[text]:
                mapped[gid] = habit[text]
            else:
                del mapped[gid]
    doc.update_stream(cmap, write_cmap(mapped, 2).encode("ascii"))
    return doc.tobytes()


@pytest.mark.skipif(not NIMBUS.exists(), reason="needs URW's Nimbus Sans (fonts-urw-base35, Ghostscript's fonts)")
def test_a_cid_fonts_glyphs_left_out_garbled_or_read_as_control_characters_read_their_names() -> None:
    # mutool convert's maps: the en dash read U+0096 (its WinAnsi code), the em dash as
    # another glyph's character ("±": Nimbus has /plusminus), the dagger left out
    data = _cid_page({"–": "\x96", "—": "±", "†": ""})
    assert pymupdf.open(stream=data)[0].get_text().split()[:2] != ["(10.2–24.5)", "—"]  # the habit, as MuPDF reads it
    assert _texts(data) == ["(10.2–24.5)", "—", "†"]


@pytest.mark.skipif(shutil.which("mutool") is None, reason="needs MuPDF's mutool (mupdf-tools)")
def test_a_mutool_convert_copy_reads_its_dashes(tmp_path: Path) -> None:
    # a Helvetica line drawn with WinAnsi codes (en dash 0x96, em dash 0x97, dagger 0x86):
    # mutool convert embeds a whole CFF font for it and maps those glyphs to "±", "Ð", "²"
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_text((50, 50), "a", fontname="helv", fontsize=11)
    doc.update_stream(page.get_contents()[0], b"BT /helv 11 Tf 50 150 Td (\\(10.2\\22624.5\\) \\227 \\206) Tj ET")
    src, dst = tmp_path / "src.pdf", tmp_path / "copy.pdf"
    doc.save(src)
    subprocess.run(["mutool", "convert", "-F", "pdf", "-o", str(dst), str(src)], check=True, capture_output=True)
    assert _texts(dst.read_bytes()) == ["(10.2–24.5)", "—", "†"]


def test_numbered_glyph_names_say_nothing() -> None:
    # a CID-keyed CFF's glyphs are named by their CIDs ("27"), writers number theirs (/c01,
    # /g12, /glyph7): MuPDF would read those as U+001B, U+0001...; they say which glyph, not what
    assert [name_reading(n) for n in ("endash", "uni2013", "three", "Cacute", "T_h", "f_f_i.alt")] == ["–", "–", "3", "Ć", "Th", "ffi"]
    assert [name_reading(n) for n in ("27", "c01", "g12", "glyph7", "cid00027", "a1", "T_27")] == [None] * 7


def _ligature_page(cmap: dict[int, str] | None = None) -> bytes:
    """"The after" in Helvetica whose /Differences names two ligatures the AGL way (code 30
    /T_h, 31 /f_t), no ToUnicode map (how Ghostscript re-emits MinionPro) or ``cmap``."""
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_text((50, 50), "a", fontname="helv", fontsize=11)
    doc.update_stream(page.get_contents()[0], b"BT /helv 11 Tf 50 150 Td (\\036e a\\037er) Tj ET")
    font = page.get_fonts()[0][0]
    enc = doc.get_new_xref()
    doc.update_object(enc, "<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [30 /T_h /f_t] >>")
    doc.xref_set_key(font, "Encoding", f"{enc} 0 R")
    if cmap is not None:
        to_unicode = doc.get_new_xref()
        doc.update_object(to_unicode, "<< >>")
        doc.update_stream(to_unicode, _cmap(cmap))
        doc.xref_set_key(font, "ToUnicode", f"{to_unicode} 0 R")
    return doc.tobytes()


def test_a_mapless_fonts_ligature_names_read_all_their_letters() -> None:
    data = _ligature_page()
    assert pymupdf.open(stream=data)[0].get_text().split() == ["Te", "afer"]  # MuPDF: the first letter only
    assert _texts(data) == ["The", "after"]


def test_ligatures_a_map_leaves_out_read_all_their_letters() -> None:
    data = _ligature_page(ASCII)  # pdftops + ps2pdf: the map has every code but the ligatures'
    assert pymupdf.open(stream=data)[0].get_text().split() == ["Te", "afer"]
    assert _texts(data) == ["The", "after"]


@pytest.mark.skipif(not NIMBUS.exists(), reason="needs URW's Nimbus Sans (fonts-urw-base35, Ghostscript's fonts)")
def test_a_ligature_read_as_one_presentation_character_reads_its_letters() -> None:
    # pdftops + ps2pdf map MinionPro's /f_i to U+FB01 where the original's map said "fi"
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=200)
    page.insert_font(fontname="F9", fontfile=str(NIMBUS))
    page.insert_text((50, 50), "\ufb01le a\ufb03rm", fontname="F9", fontsize=11)
    data = doc.tobytes()
    assert pymupdf.open(stream=data)[0].get_text().split() == ["\ufb01le", "a\ufb03rm"]
    assert _texts(data) == ["file", "affirm"]
