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
