"""Continued tables laid out by PyMuPDF's Story (``continued_story_pdfs``): MuPDF's HTML
layout breaks one table over pages without repeating its header; a running header over a rule
and a folio in each script stand around the pieces. A new table with the same columns under a
heading at the top of the next page stays apart, the heading named as the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.core.multipage.continuation import find_continuations
from tests.core.continued_pdfs import CJK_FONT, texts
from tests.core.continued_story_pdfs import story_case, story_new_table
from tests.core.test_continued_producers import check, detect

LANGS = ["en", "ko", "zh"] if CJK_FONT is not None else ["en"]


@pytest.mark.parametrize("grid", [True, False], ids=["grid", "rules"])
@pytest.mark.parametrize("lang", LANGS)
def test_story_table_broken_by_the_layout_is_linked(lang: str, grid: bool, tmp_path: Path) -> None:
    case = story_case(texts(70)[lang], grid)
    assert case.links == ((1, 2),)
    conts = check(case, detect(case, tmp_path))
    ev = [e.kind for e in conts[0].evidence]
    assert ev.count("margin") == 2 and "text" not in ev  # the folio under page 1, the running header over page 2


@pytest.mark.parametrize("lang", LANGS[::2])
def test_story_table_over_three_landscape_pages(lang: str, tmp_path: Path) -> None:
    case = story_case(texts(70)[lang], False, landscape=True)
    assert case.links == ((1, 2), (2, 3))
    check(case, detect(case, tmp_path))


@pytest.mark.parametrize("grid", [True, False], ids=["grid", "rules"])
@pytest.mark.parametrize("lang", LANGS)
def test_story_new_table_under_a_heading_is_not_linked(lang: str, grid: bool, tmp_path: Path) -> None:
    t = texts(70)[lang]
    case = story_new_table(t, grid)
    conts = find_continuations(detect(case, tmp_path))
    assert [c.proposed for c in conts] == [False]
    # The first piece fills its page: only the heading over the next one keeps them apart.
    assert conts[0].evidence[0].detail.startswith("ends at the bottom of the text area")
    assert conts[0].reason == f'text between the pieces on page 2: "{t.heading}"'
