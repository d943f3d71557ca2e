"""A new table of the same columns opening the next page under a header that repeats part of
the first piece's ("Qty", "Unit price", "Amount") but names other rows ("Ref." over "Code",
"Labour category" over "Description") is no continuation (``continuation.renamed_header``),
whether or not its header is set in bold. Built by PyMuPDF (en, ko), fpdf2 and reportlab
(``test_continued_numbering``'s pieces); the header set again, "(continued)" added, still links."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.params import ContinuationParams
from tests.core.test_continued_markers import detect
from tests.core.test_continued_numbering import CASES, HEAD, PRODUCERS, _links, _rows

OTHER = {"en": ("Ref.", "Labour category", "Qty", "Unit price", "Amount"),
         "ko": ("구분", "직종", "수량", "단가", "금액")}
TRADES = {"en": ("Carpenter", "Mason", "Electrician", "Plumber"), "ko": ("목공", "조적공", "전기공", "배관공")}


def _labour(lang: str) -> list[tuple[str, ...]]:
    """Another table's rows: labour by trade, referenced L01.. (no row numbering)."""
    return [(f"L{k:02d}", TRADES[lang][k % 4], str(2 + k % 9), f"{(k * 29) % 400 + 150},00",
             f"{((k * 29) % 400 + 150) * (2 + k % 9):,}") for k in range(1, 21)]


@pytest.mark.parametrize(("producer", "lang"), CASES, ids=[f"{p}-{lang}" for p, lang in CASES])
def test_header_naming_other_rows_is_a_new_table(producer: str, lang: str, tmp_path: Path) -> None:
    full = PRODUCERS[producer][1]
    pages = [(HEAD[lang], _rows(lang, 1, full - 1)), (OTHER[lang], _labour(lang))]
    conts = _links(producer, lang, pages, tmp_path)
    assert proposed(conts) == ()
    # fpdf2 sets the header bold (the bold first row says it); the others in body type.
    assert conts[0].reason.startswith(("starts with its own header row", "starts with a header of its own"))


@pytest.mark.parametrize("producer", ["pymupdf", "reportlab"])
def test_renamed_columns_decide_where_the_header_is_not_bold(producer: str, tmp_path: Path) -> None:
    """PyMuPDF and reportlab set the header in body type: the renamed columns are the evidence."""
    full = PRODUCERS[producer][1]
    pages = [(HEAD["en"], _rows("en", 1, full - 1)), (OTHER["en"], _labour("en"))]
    results = detect(PRODUCERS[producer][0](pages, "en"), tmp_path)
    conts = find_continuations(results)
    ev = next(e for e in conts[0].evidence if e.kind == "header")
    assert ev.veto and ev.param == "continuation.renamed_header" and ev.value == 2
    assert '"Ref." for "No."' in ev.detail
    off = find_continuations(results, ContinuationParams(renamed_header=False))
    assert [(c.prev_page, c.next_page) for c in proposed(off)] == [(1, 2)]


@pytest.mark.parametrize(("producer", "lang"), CASES, ids=[f"{p}-{lang}" for p, lang in CASES])
def test_header_set_again_with_continued_still_links(producer: str, lang: str, tmp_path: Path) -> None:
    """Control: the first piece's header again, "(continued)" after its second cell."""
    full = PRODUCERS[producer][1]
    head = HEAD[lang]
    again = (head[0], head[1] + (" (continued)" if lang == "en" else " (계속)"), *head[2:])
    pages = [(head, _rows(lang, 1, full - 1)), (again, _rows(lang, full, full + 20))]
    conts = proposed(_links(producer, lang, pages, tmp_path))
    assert [(c.prev_page, c.next_page) for c in conts] == [(1, 2)]
