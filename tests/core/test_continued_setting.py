"""``link_pages`` builds the page setting (running tables, margins, text areas) once, before the
tails, and gives it to the heads: the setting built over the pages with their adopted tails is
the same (the running-table boxes, the margin lines, the text areas), and linking with one
setting gives what building it twice gave. Documents with a tail adopted under a running
header or over a running footer box (English), tails in Korean and Chinese, and a head at a
page's foot (PyMuPDF, exact expectations)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from inspector.core.multipage.continuation import find_continuations
from inspector.core.multipage.heads import adopt_heads, head_index
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.tails import adopt_tails, page_setting, tail_index
from inspector.core.types import PageResult, Rect
from tests.core.continued_pdfs import CJK_FONT, detect
from tests.core.test_continued_heads import head_doc
from tests.core.test_continued_tail_running import build as running_doc
from tests.core.test_continued_tails import _tail_case

DOCS: dict[str, Callable[[], bytes]] = {
    "head-box-en": lambda: running_doc("head", 2, True),
    "foot-box-en": lambda: running_doc("foot", 1),
    "tail-ko": lambda: _tail_case("pymupdf", "ko", 1)[0].pdf,
    "tail-zh": lambda: _tail_case("pymupdf", "zh", 2)[0].pdf,
    "head-en": lambda: head_doc(2),
}
RUNNING = {"head-box-en": [1, 2, 3], "foot-box-en": [1, 2, 3], "tail-ko": [], "tail-zh": [], "head-en": []}


def _setting(pages: list[PageResult]) -> tuple[dict[int, dict[int, Rect]], dict[str, list[tuple[int, float]]],
                                               dict[float, tuple[float, float]]]:
    margins, area = page_setting({r.page: r for r in pages})
    return margins.running, margins.seen, area


@pytest.mark.parametrize("name", list(DOCS))
def test_setting_after_the_tails_is_the_one_before(name: str, tmp_path: Path) -> None:
    if name.endswith(("-ko", "-zh")) and CJK_FONT is None:
        pytest.skip("needs the WenQuanYi CJK font")
    raw = detect(DOCS[name](), tmp_path)
    tailed = adopt_tails(raw)
    adopted = [r.page for r in tailed if tail_index(r)]
    assert adopted == ([] if name == "head-en" else [2])
    before, after = _setting(raw), _setting(tailed)
    assert sorted(after[0]) == RUNNING[name]
    assert after == before  # running-table boxes, margin lines and text areas alike
    # Linking with the one setting is linking with a setting built for each step.
    twice = adopt_heads(tailed)
    assert [head_index(r) for r in twice] == ([{0}, set()] if name == "head-en" else [set()] * len(raw))
    linked = link_pages(raw)
    assert list(linked.results) == twice
    assert linked.continuations == find_continuations(twice)
