"""Does the next page's piece open with a header row of its own? (``continuation``'s header
evidence for pieces set in the same type.)

A continued piece without a repeated header starts with body rows: numbers and dates where
the first piece's body has them, or a section row ("Non-current assets") with those columns
empty. A new table set right under the last one's page break opens with its column
labels: words where the first piece's body has numbers. Bold type says the same where a
producer sets it; this reads the cells only, so it holds for headers in body type too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..numbers import parse_number
from ..types import PageResult, Table
from .markers import MARKER, captioned
from .pieces import Evidence, Piece
from .shade import header_band, shade_clash

NUMERIC_SHARE = 2 / 3  # share of a column's body cells that read as numbers or dates
MIN_BODY_CELLS = 2  # a column counts as numeric from this many body cells
HEADER_OVERLAP = 0.5  # share of a first row's words found in the first piece's header: a repeat
MORE_HEADER_ROWS = 2  # rows past the detected header rows that may still repeat at the continuation's top
# A year as a column head ("2024", "FY2024", "2024/25", "2024年", "2024년도"): a number by
# ``kind``, but over a column of amounts it is the header of another table.
YEAR = re.compile(r"^\s*(?:fy\s*)?(?:19|20)\d{2}(?:\s*[/–-]\s*\d{2,4})?\s*(?:年度?|년도?)?\s*$", re.IGNORECASE)


def kind(text: str) -> str:
    """"num" for a number, amount or date (digits at least as many as letters: "1,250.00",
    "(3.4)", "12 Mar 2024", "2024-03-12"), or an amount with its currency code ("CHF 10",
    "12 EUR": the code's letters outnumber a small amount's digits), "text" for words, "" for
    an empty cell or one of signs only ("-", "—")."""
    digits = sum(ch.isdigit() for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    if digits == 0 and letters == 0:
        return ""
    if digits < letters and digits and (parsed := parse_number(text)) is not None and parsed.currency:
        return "num"
    return "num" if digits >= letters else "text"


def label_pairs(rows: Sequence[Sequence[str]], n_cols: int, header_rows: int = 0) -> bool:
    """Do ``rows`` read as label/value pairs: two columns, no header row, words in every first
    cell (the label) and something beside each ("Invoice no. | INV-72071", "Date | 15.03.2025",
    "Terms | 30 days net")? Each label names its own kind of value: the value column has no
    one kind for the rows going on to keep."""
    return n_cols == 2 and not header_rows and bool(rows) and \
        all(len(r) == 2 and kind(r[0]) == "text" and r[1].strip() for r in rows)


def _year_columns(a: Piece) -> set[int]:
    """Columns of ``a`` with a year among their body cells (a column of years)."""
    rows = a.table.rows_text()[a.table.header_rows:]
    return {c for c in range(a.table.n_cols) if any(YEAR.match(r[c]) for r in rows)}


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


def _renamed(a: Piece, b: Piece, first: Sequence[str]) -> list[tuple[str, str]]:
    """(``a``'s header cell, ``b``'s cell) for each column whose cell in ``b``'s first row
    shares no word with ``a``'s header rows there, both holding words: a header that names
    the same units ("Qty", "Amount") over other rows ("Ref." for "Code") heads another table."""
    head = a.table.rows_text()[:max(1, a.table.header_rows)]
    out = []
    for k, text in enumerate(first):
        col = _column_of(a, b, k)
        if col is None:
            continue
        mine = " ".join(" ".join(r[col].split()) for r in head if col < len(r))
        if _words([mine]) and _words([text]) and not _words([mine]) & _words([text]) and kind(text) == "text":
            out.append((mine, " ".join(text.split())))
    return out


def own_header(a: Piece, b: Piece, renamed: bool = True, row: int = 0) -> Evidence | None:
    """A veto when ``b``'s first row reads as a header of another table: words (no number;
    a year counts as a word where ``a``'s body has no year) in at least half of the columns
    where ``a``'s body has numbers, a number in none of them, and not mostly ``a``'s header
    words again (a repeated header read differently) unless (``renamed``) a column of it
    names something else than ``a``'s header there (``_renamed``). ``row``: the row of ``b``
    read (under a "continued" line detection took in: 1)."""
    if b.table.n_rows < row + 2:
        return None
    nums, years = numeric_columns(a), _year_columns(a)
    first = b.table.rows_text()[row]
    kinds: dict[int, list[str]] = {}
    for k, text in enumerate(first):
        col = _column_of(a, b, k)
        if col in nums and kind(text):
            # A year over a column of amounts heads it; in a column of years it is a body cell.
            head_year = YEAR.match(text) is not None and col not in years
            kinds.setdefault(col, []).append("text" if head_year else kind(text))
    texts = [c for c, ks in kinds.items() if "num" not in ks]
    if not nums or any("num" in ks for ks in kinds.values()) or len(texts) < max(1, len(nums) / 2):
        return None
    words = _words(first)
    head = _words([x for r in a.table.rows_text()[:max(1, a.table.header_rows)] for x in r])
    other = _renamed(a, b, first) if renamed else []
    shown = " | ".join(x for x in (" ".join(t.split()) for t in first) if x)
    shown = shown if len(shown) <= 50 else shown[:47] + "..."
    if words and len(words & head) >= HEADER_OVERLAP * len(words):
        if not other:
            return None
        pairs = ", ".join(f"\"{y}\" for \"{x}\"" for x, y in other[:2])[:80]
        return Evidence("header", f"starts with its own header row: \"{shown}\" (the first piece's header again in "
                        f"part, but {len(other)} of its columns name other things: {pairs})", 0.0, len(other), 1,
                        "continuation.renamed_header", veto=True)
    return Evidence("header", f"starts with its own header row: \"{shown}\" (words in {len(texts)} of the "
                    f"{len(nums)} columns where the first piece's body has numbers or dates)", 0.0,
                    len(texts), len(nums), veto=True)


def kind_clash(a: Piece, b: Piece, repeated: int = 0, columns: Sequence[int] = ()) -> list[Evidence]:
    """A veto when a column of ``b`` (below its ``repeated`` header rows) holds words in
    ``MIN_BODY_CELLS`` cells or more and no number, where ``a``'s body has numbers or dates:
    the rows do not go on in kind (label/value lines in a wide table's first columns).
    ``columns``: for a narrower ``b``, the column of ``a`` each of its columns stands in
    (``pieces.column_map``; empty: not known, no veto)."""
    if len(a.xs) != len(b.xs) and len(columns) != b.table.n_cols:
        return []
    nums = numeric_columns(a)
    rows = b.table.rows_text()[repeated:]
    for k in range(b.table.n_cols):
        col = columns[k] if len(a.xs) != len(b.xs) else k
        kinds = [x for x in (kind(r[k]) for r in rows) if x]
        if col in nums and len(kinds) >= MIN_BODY_CELLS and "num" not in kinds:
            return [Evidence("kinds", f"its column {k + 1} holds words in {len(kinds)} cells and no number, where "
                             f"the first piece's column {col + 1} holds numbers or dates", 0.0, len(kinds),
                             MIN_BODY_CELLS, veto=True)]
    return []


def _texts(t: Table, row: int) -> tuple[str, ...]:
    """Row ``row``'s cells, spacing and case ignored, a "continued" marker left out (a header
    set again as "Description (continued)", "项目（续）" repeats "Description", "项目")."""
    if row >= t.n_rows:
        return ()
    return tuple(" ".join(MARKER.sub(" ", x).split()).casefold() for x in t.rows_text()[row])


def _same_row(a: Table, b: Table, row: int, skip: int = 0) -> bool:
    """Row ``row`` of ``a`` and row ``row`` + ``skip`` of ``b`` read the same, cell by cell or,
    when a column is merged or missing in one of them, as one line."""
    ta, tb = _texts(a, row), _texts(b, row + skip)
    return any(ta) and (ta == tb or " ".join(x for x in ta if x) == " ".join(x for x in tb if x))


def _row_bold(res: PageResult, t: Table, row: int) -> bool:
    ids = [i for c in t.cells if c.r == row for i in c.word_ids if 0 <= i < len(res.words)]
    return bool(ids) and all(res.words[i].bold for i in ids)


def repeated_rows(a: Table, b: Table, skip: int = 0) -> int:
    """How many of ``b``'s leading rows (below its first ``skip``) repeat ``a``'s header: its
    header rows (at least one) and, past them, up to ``MORE_HEADER_ROWS`` more rows that read the
    same at the same place (the second row of a header of merged cells that detection took for
    body), 0 when not."""
    n = max(1, a.header_rows)
    if not (b.n_rows > n + skip and all(_same_row(a, b, r, skip) for r in range(n))):
        return 0
    while n < a.header_rows + MORE_HEADER_ROWS and n + 1 < min(a.n_rows, b.n_rows - skip) \
            and _same_row(a, b, n, skip):
        n += 1
    return n


def title_rows(a: Table, b: Table) -> int:
    """How many of ``b``'s leading rows repeat ``a``'s leading title rows (header rows of
    one cell holding words, a table's title drawn inside its frame), where ``a``'s header has
    more rows than that: the title set again over the continuation, its column header not.
    0 when none, or when ``b`` has no row past them."""
    n = 0
    while n + 1 < a.header_rows and n + 1 < b.n_rows and _same_row(a, b, n) \
            and sum(1 for x in a.rows_text()[n] if x.strip()) == 1:
        n += 1
    return n


def _header_above(res: PageResult, a: Piece, b: Piece, skip: int = 0) -> tuple[int, int] | None:
    """(index, rows) of the nearest table over ``a`` on its page, in the same columns, whose
    header ``b`` repeats: ``a`` is the tail of that table, parted from it by detection (a
    borderless table cut where its rows' heights change), and its header is the one set again."""
    if a.table.grid is not None and a.table.grid.turn:
        return None
    over = sorted((k for k, t in enumerate(res.tables) if k != a.index and t.n_cols == a.table.n_cols
                   and t.bbox.y1 <= a.table.bbox.y0 + 1 and min(t.bbox.x1, a.table.bbox.x1) > max(t.bbox.x0, a.table.bbox.x0)),
                  key=lambda k: -res.tables[k].bbox.y1)
    for k in over:
        n = repeated_rows(res.tables[k], b.table, skip)
        if n:
            return k, n
    return None


def marker_row_text(pc: Piece, row: int) -> str:
    """Row ``row`` of ``pc`` (of two rows or more) read as one line when it is a "continued"
    line detection took in: a marker in it, and once the marker is left out nothing, words, or
    a caption's label ("Schedule 2", "표 2", "表 2": a title's number is no amount), not
    numbers; "" when it is none."""
    if pc.table.n_rows < 2:
        return ""
    text = " ".join(" ".join(x for x in pc.table.rows_text()[row] if x.strip()).split())
    if not MARKER.search(text):
        return ""
    rest = MARKER.sub(" ", text).strip()
    return text if kind(rest) != "num" or captioned(rest) else ""


def marker_rows(a: Piece, b: Piece, closing: str, opening: str) -> list[Evidence]:
    """The first piece's last row (``closing``, its ``marker_row_text``), or the next piece's first
    (``opening``), is a "continued" line that detection took in (set right under the last
    rule, "입찰 내역서 계속", or right over the continuation, "Schedule 2 (계속)", its words
    parted over the columns); "" for a row that is none."""
    out = []
    for pc, text, where, side in ((a, closing, "the first piece's last row", "under"),
                                  (b, opening, "the next piece's first row", "over")):
        if text:
            out.append(Evidence("marker", f"continuation marker in {where} on page {pc.page} (a line {side} the "
                                f"table that detection took in): \"{text[:60]}\"", 0.25))
    return out


def header_evidence(res: PageResult, nxt: PageResult, a: Piece, b: Piece, renamed: bool = True, skip: int = 0
                    ) -> tuple[int, list[Evidence]]:
    """A repeated header (the first piece's header rows again) or none; a different first row
    set apart by its shade (``shade.header_band``), a different bold first row, or one of words
    where the first piece's body has numbers (``own_header``), is the header of another table.
    ``skip`` (0 or 1): the next piece's first row is a "continued" line detection took in. It is
    no data: the count returned (the rows the stacked table leaves out) takes it in, a header
    repeated under it or not, and the rows under it are read for a header of their own."""
    # Only where ``b`` repeats ``a``'s own header rows is its shade compared with theirs
    # (``shade_clash``): a header from the table above or from inside the piece is another's.
    if skip:
        n = repeated_rows(a.table, b.table, skip)
        if n:
            return n + skip, [Evidence("header", f"repeats the header ({n} row{'s' * (n > 1)}) under the "
                                       "\"continued\" line that opens it", 0.2, n),
                              *shade_clash(res, nxt, a.table, b.table, n, skip)]
    n = repeated_rows(a.table, b.table)
    if n:
        return n, [Evidence("header", f"repeats the header ({n} row{'s' * (n > 1)})", 0.2, n),
                   *shade_clash(res, nxt, a.table, b.table, n)]
    m = title_rows(a.table, b.table)
    if m:
        return m, [Evidence("header", f"repeats the first piece's title row{'s' * (m > 1)} ({m} of its "
                            f"{a.table.header_rows} header rows, one cell each; the column header is not set "
                            "again)", 0.15, m), *shade_clash(res, nxt, a.table, b.table, m)]
    above = _header_above(res, a, b, skip)
    if above is not None:
        k, n = above
        return n + skip, [Evidence("header", f"repeats the header of table {k + 1} above it on page {a.page} ({n} "
                                   f"row{'s' * (n > 1)}): detection parted the first piece from its header there",
                                   0.15, n)]
    inner = next((r for r in range(1, a.table.n_rows) if _texts(a.table, r) == _texts(b.table, skip)
                  and any(_texts(b.table, skip)) and _row_bold(res, a.table, r)), None)
    if inner is not None and b.table.n_rows > skip + 1:
        # The header of a second table that detection merged into the first piece's region.
        return 1 + skip, [Evidence("header", f"repeats row {inner + 1} of it, a header inside the detected piece "
                                   "(two tables merged there?)", 0.1, inner)]
    own = _own_first_row(res, nxt, a, b, renamed, skip)
    if own is not None:
        return 0, [own]
    under = " under the \"continued\" line that opens it" if skip else ""
    return skip, [Evidence("header", f"no header row at the top{under}: the rows go on", 0.05)]


def _own_first_row(res: PageResult, nxt: PageResult, a: Piece, b: Piece, renamed: bool, first: int
                   ) -> Evidence | None:
    """A veto when ``b``'s row ``first`` (under a "continued" line detection took in, or its
    first) heads rows of another table: set apart by its shade, bold where the first piece's
    header is and its body not, or words over the first piece's number columns (``own_header``).
    A header heads rows: a piece with no row under it (a totals row carried over) has none."""
    if b.table.n_rows <= first + 1:
        return None
    band = header_band(nxt, b.table) if not first else None
    if band is not None:
        text = " | ".join(" ".join(x.split()) for x in b.table.rows_text()[0] if x.strip())[:50]
        return Evidence("header", f"starts with a header row of its own, set apart by its shade (a fill over "
                        f"it in {band[0]} of its {band[1]} columns that no body row has there): \"{text}\"",
                        0.0, band[0], band[1], veto=True)
    if a.table.header_rows and _row_bold(nxt, b.table, first) and _row_bold(res, a.table, 0) \
            and not _row_bold(res, a.table, min(a.table.n_rows - 1, a.table.header_rows)):
        text = " | ".join(x for x in _texts(b.table, first) if x)[:50]
        return Evidence("header", f"starts with a header of its own: \"{text}\"", veto=True)
    return own_header(a, b, renamed, first)


__all__ = ["marker_row_text", "marker_rows", "kind", "label_pairs", "numeric_columns", "own_header", "header_evidence",
           "kind_clash", "repeated_rows"]
