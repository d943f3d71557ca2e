"""Does the next page's piece open with a header row of its own? (``continuation``'s header
evidence for pieces set in the same type.)

A continued piece without a repeated header starts with body rows: numbers and dates where
the first piece's body has them, or a section row ("Non-current assets") with those columns
empty. A new table set right under the last one's page break opens with its column
labels: words where the first piece's body has numbers. Bold type says the same where a
producer sets it; this reads the cells only, so it holds for headers in body type too.
"""

from __future__ import annotations

from .pieces import Evidence, Piece

NUMERIC_SHARE = 2 / 3  # share of a column's body cells that read as numbers or dates
MIN_BODY_CELLS = 2  # a column counts as numeric from this many body cells
HEADER_OVERLAP = 0.5  # share of a first row's words found in the first piece's header: a repeat


def kind(text: str) -> str:
    """"num" for a number, amount or date (digits at least as many as letters: "1,250.00",
    "(3.4)", "12 Mar 2024", "2024-03-12"), "text" for words, "" for an empty cell or one
    of signs only ("-", "—")."""
    digits = sum(ch.isdigit() for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    if digits == 0 and letters == 0:
        return ""
    return "num" if digits >= letters else "text"


def numeric_columns(a: Piece) -> set[int]:
    """Columns of ``a`` whose body cells (below its header rows) are numbers or dates."""
    rows = a.table.rows_text()[a.table.header_rows:]
    out = set()
    for c in range(a.table.n_cols):
        kinds = [k for k in (kind(r[c]) for r in rows) if k]
        if len(kinds) >= MIN_BODY_CELLS and kinds.count("num") >= NUMERIC_SHARE * len(kinds):
            out.add(c)
    return out


def _column_of(a: Piece, b: Piece, k: int) -> int | None:
    """The column of ``a`` that column ``k`` of ``b`` stands in (by its middle)."""
    if len(a.xs) == len(b.xs):
        return k
    mid = (b.xs[k] + b.xs[k + 1]) / 2
    return next((j for j in range(len(a.xs) - 1) if a.xs[j] <= mid <= a.xs[j + 1]), None)


def _words(texts: list[str]) -> set[str]:
    return {w.casefold() for t in texts for w in t.split()}


def own_header(a: Piece, b: Piece) -> Evidence | None:
    """A veto when ``b``'s first row reads as a header of another table: words (no number)
    in at least half of the columns where ``a``'s body has numbers, a number in none of
    them, and not mostly ``a``'s header words again (a repeated header read differently)."""
    if b.table.n_rows < 2:
        return None
    nums = numeric_columns(a)
    first = b.table.rows_text()[0]
    kinds: dict[int, list[str]] = {}
    for k, text in enumerate(first):
        col = _column_of(a, b, k)
        if col in nums and kind(text):
            kinds.setdefault(col, []).append(kind(text))
    texts = [c for c, ks in kinds.items() if "num" not in ks]
    if not nums or any("num" in ks for ks in kinds.values()) or len(texts) < max(1, len(nums) / 2):
        return None
    words = _words(first)
    head = _words([x for r in a.table.rows_text()[:max(1, a.table.header_rows)] for x in r])
    if words and len(words & head) >= HEADER_OVERLAP * len(words):
        return None
    shown = " | ".join(x for x in (" ".join(t.split()) for t in first) if x)
    shown = shown if len(shown) <= 50 else shown[:47] + "..."
    return Evidence("header", f"starts with its own header row: \"{shown}\" (words in {len(texts)} of the "
                    f"{len(nums)} columns where the first piece's body has numbers or dates)", 0.0,
                    len(texts), len(nums), veto=True)


__all__ = ["kind", "numeric_columns", "own_header"]
