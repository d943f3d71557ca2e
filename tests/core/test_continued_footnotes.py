"""A footnote by its mark ("1)", "注1") under the first piece at the foot of its page: a page's
footnote, which producers set under every page's piece, does not close the table; a note by
its label ("Note:", ``test_continued_markers``) still does unless the header repeats. Built by
PyMuPDF, fpdf2 and reportlab; a new table opening the next page stays unlinked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from tests.core.continued_pdfs import CJK_FONT, MARGIN, Case, fpdf2_case, pymupdf_case, reportlab_case, texts
from tests.core.continued_situation_pdfs import Situation, situation_case
from tests.core.test_continued_markers import detect

FOOT = {"en": "1) Prices exclude VAT.", "ko": "1) 부가가치세 별도", "zh": "注1 本表金额均为合并口径数据。"}


def foot(case: Case, lang: str, text: str = "") -> bytes:
    """``case``'s PDF with a footnote in 7.5 pt type one line under page 1's lowest word over
    the footer."""
    doc = pymupdf.open("pdf", case.pdf)
    page = doc[0]
    y = max(w[3] for w in page.get_text("words") if w[3] < page.rect.height - 60) + 14
    name = "helv"
    if lang != "en":
        page.insert_font(fontname="cjk", fontfile=str(CJK_FONT))
        name = "cjk"
    page.insert_text((MARGIN, y), text or FOOT[lang], fontsize=7.5, fontname=name)
    return bytes(doc.tobytes())


def _kinds(c: Continuation) -> list[str]:
    return [e.kind for e in c.evidence]


LINKED: list[tuple[str, str, Callable[[str], Case]]] = [
    ("pymupdf-plain", "en", lambda lang: pymupdf_case(texts(40)[lang], "plain", False)),
    ("pymupdf-rules", "en", lambda lang: pymupdf_case(texts(40)[lang], "rules", False)),
    ("pymupdf-grid", "ko", lambda lang: pymupdf_case(texts(40)[lang], "grid", False)),
    ("pymupdf-plain", "zh", lambda lang: pymupdf_case(texts(40)[lang], "plain", False)),
    ("fpdf2-none", "en", lambda lang: fpdf2_case(texts(70)[lang], "NONE", False)),
    ("reportlab-plain", "en", lambda lang: reportlab_case(texts(40)[lang], "plain", False)),
]


@pytest.mark.parametrize(("producer", "lang", "build"), LINKED, ids=[f"{p}-{lang}" for p, lang, _ in LINKED])
def test_footnote_under_the_first_piece_links_without_a_repeated_header(producer: str, lang: str,
                                                                        build: Callable[[str], Case],
                                                                        tmp_path: Path) -> None:
    if lang != "en" and CJK_FONT is None:
        pytest.skip("needs the WenQuanYi CJK font")
    case = build(lang)
    assert case.links == ((1, 2),) and not case.repeated
    conts = find_continuations(detect(foot(case, lang), tmp_path))
    assert [(c.prev_page, c.next_page) for c in proposed(conts)] == [(1, 2)]
    c = proposed(conts)[0]
    assert "footnote" in _kinds(c) and "note" not in _kinds(c)
    assert any(FOOT[lang] in e.detail for e in c.evidence if e.kind == "footnote")


@pytest.mark.parametrize("plain_first", [False, True])
def test_footnote_in_reportlab_pieces_links(plain_first: bool, tmp_path: Path) -> None:
    """reportlab pieces (no header repeated), each but the last with "1) Prices exclude VAT..."
    under it in small type."""
    case = situation_case(texts(40)["en"], Situation("plain", False, note=True, plain_first=plain_first))
    conts = find_continuations(detect(case.pdf, tmp_path))
    assert [(c.prev_page, c.next_page) for c in proposed(conts)] == list(case.links) == [(1, 2)]
    assert "footnote" in _kinds(proposed(conts)[0])


NEW: list[tuple[str, Callable[[], Case], str]] = [
    ("pymupdf-bare", lambda: pymupdf_case(texts(40)["en"], "plain", True, new_table="bare"), "starts with its own header"),
    ("reportlab-bare", lambda: reportlab_case(texts(40)["en"], "plain", True, new_table=True, bare=True),
     "starts with its own header"),
    ("pymupdf-heading", lambda: pymupdf_case(texts(40)["en"], "plain", False, new_table="heading"),
     "text between the pieces on page 2"),
]


@pytest.mark.parametrize(("name", "build", "reason"), NEW, ids=[n for n, _, _ in NEW])
def test_footnote_does_not_join_a_new_table(name: str, build: Callable[[], Case], reason: str, tmp_path: Path) -> None:
    """Control: the footnote lets the pair be judged; the next page's own header row or heading
    still says a new table starts there."""
    conts = find_continuations(detect(foot(build(), "en"), tmp_path))
    assert proposed(conts) == ()
    assert conts[0].reason.startswith(reason)


def test_labelled_note_still_closes_the_table(tmp_path: Path) -> None:
    """Control: the same line labelled as a note ("Note: ...") closes the first piece."""
    case = pymupdf_case(texts(40)["en"], "plain", False)
    conts = find_continuations(detect(foot(case, "en", "Note: prices exclude VAT."), tmp_path))
    assert proposed(conts) == ()
    assert conts[0].reason.startswith("a note closes the first piece")

