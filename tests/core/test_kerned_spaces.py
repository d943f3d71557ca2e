"""A space glyph inside a kerned word is no word space (issue 25: Ghostscript's ps2pdf writes
grops's kern inside "Survey" as a space whose advance is the kern's, the next letter drawn over
it; the text layer read "Sur" and "vey"). Built with PyMuPDF: a Helvetica text object whose TJ
array sets a space, then pulls the next glyph back over it by ``pull`` thousandths of an em."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.reading.document import open_document
from inspector.core.reading.kernspaces import join_kerned_spaces
from inspector.core.reading.words import extract_words


def _pdf(pieces: list[tuple[str, str, int]]) -> bytes:
    """One line per ``(left, right, pull)``: 10 pt Helvetica "[(left ) pull (right)] TJ" at
    x = 72 pt, a line every 20 pt (Helvetica's space is 278 thousandths of an em wide)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Lines", fontsize=10, fontname="helv")  # the font's resource name /helv
    ops = []
    for k, (left, right, pull) in enumerate(pieces):
        ops.append(f"BT /helv 10 Tf 72 {842 - 100 - 20 * k} Td [({left} ) {pull} ({right})] TJ ET")
    xref = page.get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + ("\n" + "\n".join(ops) + "\n").encode())
    return doc.tobytes()


def _line_words(data: bytes) -> list[list[str]]:
    words = extract_words(open_document(data).page(0))
    rows: dict[float, list[str]] = {}
    for w in sorted(words, key=lambda w: (round(w.baseline), w.bbox.x0)):
        if w.text != "Lines":
            rows.setdefault(round(w.baseline), []).append(w.text)
    return list(rows.values())


def test_a_space_a_kern_pulls_the_next_letter_over_joins_the_word() -> None:
    """A 0.028 em advance (Ghostscript's "Sur vey") and a kern pulling the letter 0.02 em past
    the space: one word each. A space of 0.15 em (tighter than any justified line's) and a
    whole one keep two words, and so do digits however close (a cell's amounts)."""
    lines = _line_words(_pdf([("Sur", "vey", 250), ("ev", "ery", 298), ("tight", "space", 128),
                              ("whole", "space", 0), ("12", "34", 250)]))
    assert lines == [["Survey"], ["every"], ["tight", "space"], ["whole", "space"], ["12", "34"]]


def test_words_drawn_over_each_other_stay_apart() -> None:
    """Two words overlapping more than a kern pulls (0.5 em: two texts over each other) are not joined."""
    lines = _line_words(_pdf([("ab", "cd", 778)]))
    assert lines == [["ab", "cd"]]


@pytest.mark.parametrize("pull", [250, 298])
def test_the_joined_word_spans_both_boxes(pull: int) -> None:
    words = extract_words(open_document(_pdf([("Sur", "vey", pull)])).page(0))
    (word,) = [w for w in words if w.text == "Survey"]
    assert word.bbox.x0 == pytest.approx(72, abs=0.5)
    width = pymupdf.get_text_length("Survey", "helv", 10) + (278 - pull) / 100
    assert word.bbox.x1 == pytest.approx(72 + width, abs=0.5)
    assert join_kerned_spaces([word]) == [word]
