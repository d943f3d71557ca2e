"""Two tables set side by side on a page that ends well above its foot are two tables, not one
table flowing on into the page's next column (``judging.FLOW_FOOT``): a column a table flows on
out of is full, its foot in the page's lower part. Pages built with PyMuPDF (the repeated-header
tests' pages: two tables beside each other, four set two by two); a table that does flow on
into the next column is ``test_column_flow``'s."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from inspector.core.multipage.linking import link_pages
from inspector.core.params import Params
from tests.core.test_repeated_headers import beside, detect, two_by_two


@pytest.mark.parametrize("build, tables", ((beside, 2), (two_by_two, 4)), ids=("beside", "two_by_two"))
def test_tables_side_by_side_high_on_a_page_are_no_column_flow(build: Callable[[], bytes], tables: int) -> None:
    res = detect(build())
    assert len(res.tables) == tables
    linked = link_pages([res], Params().continuation)
    assert [c for c in linked.continuations if c.proposed] == []
