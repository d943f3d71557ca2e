"""A font's ToUnicode map mended where it contradicts the font's own glyph names.

A PDF writer that re-emits a font may write its ToUnicode map wrong for the codes outside
plain ASCII: Ghostscript's pdfwrite maps WinAnsi's en dash (code 0x96, glyph /endash) to "3"
and the em dash to "4", a /greaterequal of the /Differences to "g", a /dagger to a space, so
"(10.2–24.5)" reads "(10.2324.5)" and no cell text matches any more. The encoding still names
every glyph. Evidence that a map entry is wrong (and not the encoding): its character is
already the reading of another code whose glyph name says exactly that character ("3" is code
0x33, /three), while the entry's own glyph name says another character (/endash, U+2013). Two
glyphs of different names drawn by one font are not one character: the name wins. Nothing is
changed for a font without an encoding (its built-in one is not read), for a glyph name with no
standard reading (/g123, /a1), for a ligature's or a small capital's map reading one of its
letters (a producer's choice), or for a map whose codes are not single bytes. An entry that
reads a control character (no glyph's reading) yields to the name too.

An Identity-encoded CID font with an embedded CFF program (codes = glyph ids) gets the same,
its glyphs' names read from the program: ``mutool convert`` re-emits a simple font as such a
font and leaves some glyphs out of its map, reads them as control characters (the en dash as
U+0096, its WinAnsi code) or as other glyphs' characters ("±" for /endash).

The map is rewritten in the open document only (memory), before MuPDF loads the font.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from functools import lru_cache

import pymupdf

from .pagefonts import PdfHandle, page_fonts, pdf_handle, xref_key

log = logging.getLogger(__name__)

SIMPLE = ("Type1", "MMType1", "TrueType")  # font subtypes with one-byte codes and a named encoding
_BASES = {"/WinAnsiEncoding": "cp1252", "/MacRomanEncoding": "mac_roman"}
_HEX = re.compile(r"<([0-9A-Fa-f]*)>")
_BLOCK = re.compile(r"begin(bfchar|bfrange)(.*?)end\1", re.S)
_UNKNOWN = 0xFFFD
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_WORD_NAME = re.compile(r"[A-Za-z][A-Za-z0-9.]*")
_NUMBERED = re.compile(r"(?:cid|c|g|gid|glyph|index|G|C)(?=[0-9A-Fa-f]*[0-9])[0-9A-Fa-f]+(?:\..*)?")
IDENTITY = ("/Identity-H", "/Identity-V")
MAX_GLYPHS = 3000


def mend_page_fonts(raw: pymupdf.Document, index: int, seen: set[int]) -> int:
    """Mend the ToUnicode map of every simple font of page ``index`` not in ``seen`` (xrefs,
    updated); returns how many codes were mended."""
    mended = 0
    try:
        pdf = pdf_handle(raw)
        fonts = page_fonts(raw, index, pdf)  # PyMuPDF's get_page_fonts, without what is not read here
    except Exception:  # a damaged resource dictionary: the text reads as MuPDF reads it
        log.debug("fonts of page %d unreadable", index + 1, exc_info=True)
        return 0
    for xref, subtype in fonts:
        if xref in seen or subtype not in (*SIMPLE, "Type0"):
            continue
        seen.add(xref)
        try:
            mended += _mend_font(raw, pdf, xref) if subtype != "Type0" else _mend_cid_font(raw, pdf, xref)
        except Exception:  # an odd map or encoding: left as it is
            log.debug("ToUnicode of font %d left as it is", xref, exc_info=True)
    return mended


def _mend_font(raw: pymupdf.Document, pdf: PdfHandle, xref: int) -> int:
    kind, ref = xref_key(raw, pdf, xref, "ToUnicode")
    if kind != "xref" and "_" not in xref_key(raw, pdf, xref, "Encoding/Differences")[1]:
        return 0  # no map to mend, and no ligature name (/T_h: the only readings of two letters)
    expected = _encoding(raw, pdf, xref)
    if not expected:
        return 0
    if kind != "xref":
        return _ligature_map(raw, xref, expected)
    cmap = int(ref.split()[0])
    mapped = parse_cmap(raw.xref_stream(cmap).decode("latin-1"))
    if mapped is None:
        return 0
    # a ligature the map leaves out: MuPDF reads its name as its first letter (see _ligature_map)
    ligatures = {c: t for c, t in expected.items() if len(t) > 1}  # few fonts have any
    fixes = {**unmapped(mapped, ligatures), **contradictions(mapped, expected)}
    if fixes:
        mapped.update(fixes)
        raw.update_stream(cmap, write_cmap(mapped).encode("ascii"))
    return len(fixes)


def _mend_cid_font(raw: pymupdf.Document, pdf: PdfHandle, xref: int) -> int:
    """An Identity-encoded font's ToUnicode map mended from its glyphs' names: the glyphs it
    leaves out (``unmapped``) and those it reads as another glyph's character (``contradictions``)."""
    kind, ref = xref_key(raw, pdf, xref, "ToUnicode")
    if kind != "xref" or xref_key(raw, pdf, xref, "Encoding")[1] not in IDENTITY:
        return 0
    program = _identity_program(raw, pdf, xref)
    if program is None:
        return 0
    cmap = int(ref.split()[0])
    mapped = parse_cmap(raw.xref_stream(cmap).decode("latin-1"), 2)
    if mapped is None:
        return 0
    expected = glyph_names(pymupdf.Font(fontbuffer=program))
    # the program names the very glyph each code draws: where the map reads a character unrelated
    # to that name ("º" for /quotedblright, "±" for /endash), the name wins
    added = {**unmapped(mapped, expected), **contradictions(mapped, expected, set(mapped.values()))}
    if added:
        mapped.update(added)
        raw.update_stream(cmap, write_cmap(mapped, 2).encode("ascii"))
    return len(added)


def _identity_program(raw: pymupdf.Document, pdf: PdfHandle, xref: int) -> bytes | None:
    """The embedded CFF program of a Type0 font whose descendant is a CIDFontType0 (its codes
    are its glyph numbers under an Identity encoding); None otherwise. A TrueType program's
    glyph names are no evidence: a subset may keep the Macintosh standard names by index
    (glyph 3 "space", 4 "exclam") whatever it draws."""
    kind, kids = xref_key(raw, pdf, xref, "DescendantFonts")
    found = re.search(r"(\d+) 0 R", kids) if kind in ("array", "xref") else None
    if found is None:
        return None
    cid = int(found.group(1))
    if xref_key(raw, pdf, cid, "Subtype")[1] != "/CIDFontType0":
        return None
    kind, ref = xref_key(raw, pdf, cid, "FontDescriptor/FontFile3")
    return bytes(raw.xref_stream(int(ref.split()[0]))) if kind == "xref" else None


def glyph_names(font: pymupdf.Font) -> dict[int, str]:
    """Glyph id -> the character its name says (/endash: "–"), for the glyphs whose names say
    one; none for a font of more than ``MAX_GLYPHS`` glyphs (a whole CJK font: its map is the
    document's)."""
    count = font.glyph_count
    out: dict[int, str] = {}
    if count > MAX_GLYPHS:
        return out
    mupdf = pymupdf.mupdf
    for gid in range(1, count):
        said = name_reading(mupdf.fz_get_glyph_name2(font.this, gid))
        if said:
            out[gid] = said
    return out


def unmapped(mapped: dict[int, str], expected: dict[int, str]) -> dict[int, str]:
    """The glyphs a map leaves out or reads as a control character (no glyph's reading):
    MuPDF then reads the glyph as its code, a character of nothing (``mutool convert`` maps an
    en dash to U+0096, its WinAnsi code, and it reads "C"); its name still says what it is."""
    return {gid: u for gid, u in expected.items() if gid not in mapped or _CONTROL.fullmatch(mapped[gid])}


def _ligature_map(raw: pymupdf.Document, xref: int, expected: dict[int, str]) -> int:
    """Give a simple font without a ToUnicode map whose encoding names ligatures the AGL way
    (/T_h, /f_t) a map read from its encoding: MuPDF reads such a name as its first letter
    ("The" read "Te", "after" "afer": Ghostscript drops the map of the fonts it re-emits)."""
    ligatures = [code for code, text in expected.items() if len(text) > 1]
    if not ligatures:
        return 0
    cmap = raw.get_new_xref()
    raw.update_object(cmap, "<< >>")
    raw.update_stream(cmap, write_cmap(expected).encode("ascii"))
    raw.xref_set_key(xref, "ToUnicode", f"{cmap} 0 R")
    return len(ligatures)


def contradictions(mapped: dict[int, str], expected: dict[int, str], named: set[str] | None = None) -> dict[int, str]:
    """Codes whose map entry is another code's glyph's character (that code's name agreeing)
    while their own glyph name says an unrelated character, or is a control character (no
    glyph's reading): code -> the name's character. ``named``: the characters the font has a
    glyph of its own for (default: the codes whose map and name agree)."""
    if named is None:
        named = {text for code, text in mapped.items() if expected.get(code) == text}
    # most entries agree with their name: those are left at the first test
    return {code: said for code, text in mapped.items()
            if (said := expected.get(code)) is not None and said != text
            and ((text in named and _unrelated(said, text)) or _CONTROL.fullmatch(text))}


def _unrelated(name_says: str, map_says: str) -> bool:
    """Is the map's character no form of the name's? A ligature read as one of its letters
    ("ﬁ" as "i") or a small capital read in the other case ("N" as "n") is a producer's own
    choice, which the document's text (and any truth made from it) keeps."""
    return map_says.casefold() not in unicodedata.normalize("NFKC", name_says).casefold()


def _encoding(raw: pymupdf.Document, pdf: PdfHandle, xref: int) -> dict[int, str]:
    """Code -> the character its glyph name (or base encoding) says, for the codes that say one."""
    kind, value = xref_key(raw, pdf, xref, "Encoding")
    base, diffs = "", ""
    if kind == "name":
        base = value
    elif kind in ("xref", "dict"):
        base = xref_key(raw, pdf, xref, "Encoding/BaseEncoding")[1]
        diffs = xref_key(raw, pdf, xref, "Encoding/Differences")[1]
    else:
        return {}
    out = dict(_BASE_TABLES.get(base, {}))
    out.update(_differences(diffs))
    return out


def _base_table(codec: str) -> dict[int, str]:
    """Code -> character of a base encoding, codes 32-255 (cp1252 leaves five undefined)."""
    out: dict[int, str] = {}
    for code in range(32, 256):
        try:
            out[code] = bytes([code]).decode(codec)
        except UnicodeDecodeError:
            continue
    return out


# made once: every font of every page asks for one (decoding 224 codes a font was 45 % of the mending)
_BASE_TABLES = {name: _base_table(codec) for name, codec in _BASES.items()}


def _differences(array: str) -> dict[int, str]:
    """``[28 /greaterequal /f_i]`` -> {28: "≥", 29: "ﬁ"} (names without a standard reading left out)."""
    out: dict[int, str] = {}
    code = 0
    for token in re.findall(r"/[^\s/\[\]]+|\d+", array):
        if token[0] != "/":
            code = int(token)
            continue
        said = name_reading(token[1:])
        if said:
            out[code] = said
        code += 1
    return out


def name_reading(name: str) -> str | None:
    """The text a glyph name says (/endash: "–", /uni2013 too, a ligature's /f_t: "ft"), or
    None: for a name that is a number or a numbered slot (a CID-keyed program's "27", a
    writer's /c01, /g12, /glyph7: they say which glyph, not what it is) and for a name with
    no standard reading."""
    if "_" in name:  # a ligature: its components' names, joined by "_" (a suffix after ".")
        parts = [_one_name(part) for part in name.split(".")[0].split("_")]
        return "".join(p for p in parts if p) if parts and all(parts) else None
    return _one_name(name)


def _one_name(name: str) -> str | None:
    if not _WORD_NAME.fullmatch(name) or _NUMBERED.fullmatch(name):
        return None
    u = pymupdf.mupdf.fz_unicode_from_glyph_name(name)
    return chr(u) if u != _UNKNOWN and not _CONTROL.fullmatch(chr(u)) else None


def parse_cmap(text: str, nbytes: int = 1) -> dict[int, str] | None:
    """Code -> text of a ToUnicode CMap's bfchar and bfrange entries; None when a source code
    is not ``nbytes`` long (a map this module does not rewrite)."""
    out: dict[int, str] = {}
    width = 2 * nbytes + 2  # "<XX>" for one byte
    for kind, body in _BLOCK.findall(text):
        tokens = re.findall(r"<[0-9A-Fa-f]*>|\[|\]", body)
        k = 0
        while k + (2 if kind == "bfchar" else 3) <= len(tokens):
            if len(tokens[k]) != width or (kind == "bfrange" and len(tokens[k + 1]) != width):
                return None
            if kind == "bfchar":
                out[int(tokens[k][1:-1], 16)] = _utf16(tokens[k + 1])
                k += 2
                continue
            k = _range(tokens, k, out)
    return out


def _range(tokens: list[str], k: int, out: dict[int, str]) -> int:
    """Read the bfrange entry at ``tokens[k]`` into ``out``; returns the next entry's index."""
    a, b = int(tokens[k][1:-1], 16), int(tokens[k + 1][1:-1], 16)
    if tokens[k + 2] == "[":
        end = tokens.index("]", k + 2)
        for code, dst in zip(range(a, b + 1), tokens[k + 3:end], strict=False):
            out[code] = _utf16(dst)
        return end + 1
    first = _utf16(tokens[k + 2])
    for code in range(a, b + 1):
        out[code] = first[:-1] + chr(ord(first[-1]) + code - a) if first else ""
    return k + 3


@lru_cache(maxsize=4096)  # the same entries recur in every font's map ("<0041>")
def _utf16(token: str) -> str:
    return bytes.fromhex(token[1:-1]).decode("utf-16-be", errors="replace")


def write_cmap(mapped: dict[int, str], nbytes: int = 1) -> str:
    """A ToUnicode CMap of ``nbytes``-long codes, one bfchar entry per code."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", f"<{'00' * nbytes}> <{'FF' * nbytes}>", "endcodespacerange"]
    codes = sorted(mapped)
    for at in range(0, len(codes), 100):  # at most 100 entries per block (the CMap format's limit)
        chunk = codes[at:at + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{c:0{2 * nbytes}X}> <{mapped[c].encode('utf-16-be').hex().upper()}>" for c in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines) + "\n"
