"""An amount written with its currency code ("CHF 10", "EUR 7") is a number to the
continuation step, though the code's letters outnumber a small amount's digits: a one-row tail
"Total | 3 | CHF 10 | ..." at the next page's top goes on the first piece's column of amounts and
is linked (AbiWord's continued tables). Control: words in that column ("see note") are no tail.
Built with PyMuPDF, exact expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.core.multipage.continuation import proposed
from inspector.core.multipage.headrow import kind
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.tails import tail_index
from tests.core.continued_pdfs import detect
from tests.core.test_continued_heads import HEADER, Page, _room, build

SIGNS = ("$", "€", "CHF ")  # column 3's amounts: by sign, or by code, as AbiWord's users type them


def _row(k: int) -> tuple[str, ...]:
    """Body row ``k``: a label, a count, an amount of one or two digits after a currency sign or
    code, and an amount."""
    return (f"Line item {k + 1}", str(k % 9 + 1), f"{SIGNS[k % 3]}{k % 97 + 1}", f"{(k * 7919) % 90000 + 1000:,}.00")


@pytest.mark.parametrize(("amount", "linked"), [("CHF 10", True), ("see note", False)])
def test_one_row_tail_with_a_currency_code_is_linked(amount: str, linked: bool, tmp_path: Path) -> None:
    first = [HEADER, *(_row(k) for k in range(35))]
    tail = [("Total", "3", amount, "99,999.00")]
    pdf = build([Page(first, _room(36)),
                 Page(tail, 70.0, under=[("Amounts are stated in the currency of each contract.", 9, "helv")],
                      ruled=False)])
    linked_pages = link_pages(detect(pdf, tmp_path))
    page2 = linked_pages.results[1]
    conts = [(c.prev_page, c.next_page, c.next_index) for c in proposed(linked_pages.continuations)]
    if linked:
        assert tail_index(page2) == {len(page2.tables) - 1}
        assert page2.tables[-1].rows_text() == [list(tail[0])]
        assert conts == [(1, 2, len(page2.tables) - 1)]
    else:
        assert tail_index(page2) == set() and conts == []


def test_kind_of_an_amount_with_its_code() -> None:
    assert [kind(x) for x in ("CHF 10", "12 EUR", "USD 1,200", "CHF", "3 Months", "Total", "")] == \
        ["num", "num", "num", "text", "text", "text", ""]
