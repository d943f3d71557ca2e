"""Text drawn white on white paper is not visible and no evidence: a form's hidden hint glued to
a field's asterisk ("*Required") leaves the asterisk alone, a hidden note leaves no word, and
white text on a dark fill (a table's header) stays."""

from __future__ import annotations

import dataclasses

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_text

WHITE = (1.0, 1.0, 1.0)


def form_page() -> bytes:
    """A label, its asterisk with a hidden white hint set right after it (no space), a hidden
    note at 1 pt, and a white header on a dark blue cell."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 100), "Employer name", fontsize=10, fontname="helv")
    star = 72 + pymupdf.get_text_length("Employer name ", "helv", 10)
    page.insert_text((star, 100), "*", fontsize=10, fontname="helv", color=(1, 0, 0))
    page.insert_text((star + pymupdf.get_text_length("*", "helv", 10), 100), "Required Field", fontsize=1.0,
                     fontname="helv", color=WHITE)
    page.insert_text((72, 130), "For convenience and compatibility", fontsize=1.0, fontname="helv", color=WHITE)
    page.draw_rect(pymupdf.Rect(70, 150, 250, 170), color=None, fill=(0.1, 0.2, 0.5))
    page.insert_text((76, 164), "Quarter Total", fontsize=10, fontname="helv", color=WHITE)
    return doc.tobytes()


def _texts(hidden: bool) -> list[str]:
    return [w.text for w in extract_text(open_document(form_page()).page(0), hidden)[0]]


def test_hidden_white_text_is_no_word_and_leaves_the_asterisk_alone() -> None:
    assert _texts(False) == ["Employer", "name", "*Required", "Field", "For", "convenience", "and", "compatibility",
                             "Quarter", "Total"]
    assert _texts(True) == ["Employer", "name", "*", "Quarter", "Total"]


def test_the_switch_keeps_hidden_text() -> None:
    p = Params()
    off = dataclasses.replace(p, rows=dataclasses.replace(p.rows, hidden_text=False))
    pipe = Pipeline(open_document(form_page()))
    assert "*Required" in [w.text for w in pipe.run(0, off).words]
    star = [w for w in pipe.run(0, p).words if w.text == "*"]
    assert len(star) == 1 and star[0].bbox.x1 < 72 + pymupdf.get_text_length("Employer name *", "helv", 10) + 0.5


def _seam_page(gap: float) -> bytes:
    """A white header "Amount Remarks" (one span) over a dark band filled one rectangle a cell,
    the two cells' fills ``gap`` pt apart right under the span's centre (dompdf's head band, where
    MuPDF made one span of "금액" and "비고" of two cells)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    text, x = "Amount Remarks", 100.0
    centre = x + pymupdf.get_text_length(text, "helv", 10) / 2
    page.draw_rect(pymupdf.Rect(60, 150, centre - gap / 2, 170), color=None, fill=(0.18, 0.37, 0.31))
    page.draw_rect(pymupdf.Rect(centre + gap / 2, 150, 300, 170), color=None, fill=(0.18, 0.37, 0.31))
    page.insert_text((x, 164), text, fontsize=10, fontname="helv", color=WHITE)
    return doc.tobytes()


def test_white_text_centred_on_the_seam_of_two_dark_fills_stays() -> None:
    """Its centre on neither fill by 0.02 pt (two cells' fills meeting at a rounded edge): the
    text is on the dark band, not on paper. Over a gap of 2 pt the paper shows under it: hidden."""
    assert [w.text for w in extract_text(open_document(_seam_page(0.02)).page(0))[0]] == ["Amount", "Remarks"]
    assert [w.text for w in extract_text(open_document(_seam_page(2.0)).page(0))[0]] == []
