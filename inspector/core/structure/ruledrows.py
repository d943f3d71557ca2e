"""Lines inside one ruled row: does a band between two drawn rules hold rows of its own?

Where rules are drawn across a table between its rows, the text lines inside one band are
one row's multi-line cells (a wrapped description, a bullet list, a label over two lines
beside one number, cells centred in a tall row), as pdfplumber reads a table from its rules
alone. The rules are the stronger evidence: a band holds several rows only on evidence of
its own, the one a table whose rules frame groups of rows gives (a statement ruled every
few rows, a tax table's groups of lines): its lines are rows of amounts (``amount_rows``:
labels beside amounts (one label column or a stub of two), amounts centred beside a label's two lines, or amounts alone in every
column), or each line fills every column at the body's own row pitch (``full_rows_at_pitch``); ``own_rows`` asks both, ``ruled_bands``
says which bands are ruled across. Read by ``bandrows.split_rows`` and named by explain.
Positions and pitches in PDF points.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..numbers import currency_sign, is_number
from ..types import Word
from .bandlines import amount_lines, centred_triples, columns_needed, continues, word_runs, wraps
from .columns import Line, col_of, line_cols
from .region import FULL, RegionEvidence
from .sectionrows import LOOSE, PITCH_SLACK, at_pitch

MIN_RULED_BANDS = 2  # bands with text under the first, ruled above and below, before rules count as row rules
MIN_AMOUNT_ROWS = 2  # lines of a label beside its amounts that make a band several rows
NIL_WORDS = ("n/a", "na", "nm", "n.m.")  # words standing in for an amount
# A 150 dpi fax breaks a serif face's thin strokes: "14" reads "I4", "0.24" "O24", a "0" "Qa"
# at Tesseract's 50 %. Such words stand in a band's amount cells, few among its amounts.
MISREAD_CHARS = 4  # characters of one OCR word that may be a broken amount
MISREAD_SHARE = 1 / 3  # of the band's cells after its labels, the most that may be such words
DOUBTED = 40.0  # % OCR confidence under which a word is Tesseract's guess (reading.ocr.NOISE_CONFIDENCE)
PARAGRAPH_STEP = 1.3  # x the widest step between a paragraph's own lines: a wider step starts a labelled paragraph
# Why no user would change these: they are counts of the band's own lines and a share of the
# table's own pitch (a cell's lines are set at the type's leading, rows add the cell padding).


def _amount(run: Sequence[Word]) -> bool:
    """Is a run of words an amount: a number ("CHF 14,670", "(870)", "-9.0%") or a nil or
    footnote mark standing in for one ("-", "—", "†", "n/a")? Numbers and currency signs alone
    are amounts too: "0.1% $" is an amount and the next cell's accounting sign a word space on."""
    text = " ".join(w.text for w in run).strip()
    return is_number(text) or text.lower() in NIL_WORDS or (len(text) <= 2 and not any(ch.isalnum() for ch in text)) \
        or (any(is_number(w.text) for w in run) and all(is_number(w.text) or currency_sign(w.text) for w in run)) \
        or _scanned_numbers(run)


STRAY_MARKS = ".,:;'\"`()\u2018\u2019\u201c\u201d"  # what a scan's specks and OCR add at a number's ends


def _scanned_numbers(run: Sequence[Word]) -> bool:
    """Is ``run`` OCR words that are numbers once the stray marks OCR put at their ends are taken
    off ("1,732,954.", "..6,137,053", "692:", "(1,641,005"), and a speck beside a thousands comma
    ("116,.067"), save words of marks alone (a speck read ".", a nil dash between two amounts), one
    number at least? Only a scan's words: a text layer's "2,191,327." is what it says."""
    bare = [w.text.strip(STRAY_MARKS).replace(",.", ",").replace(".,", ",") for w in run]
    return all(w.from_ocr for w in run) and any(bare) and all(
        is_number(b) or not any(ch.isalnum() for ch in w.text) for w, b in zip(run, bare, strict=True))


def _doubted(run: Sequence[Word]) -> bool:
    """Is a run words OCR only guessed, each under ``DOUBTED`` % (a lone "1" read "iL" at 20 %)?
    A guess tells neither way whether its line is a row of amounts."""
    return all(0.0 <= w.ocr_confidence < DOUBTED for w in run)


def amount_rows(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                continues: Callable[[Line, Line], bool]) -> bool:
    """Are the band's lines rows of amounts (``misread_amounts``, None when not)?"""
    return misread_amounts(lines, words, xs, continues) is not None


def misread_amounts(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                    continues: Callable[[Line, Line], bool]) -> tuple[str, ...] | None:
    """Are the band's lines rows of amounts: two or more of them a label starting in the first
    column with amounts after it (the label not going on the text above: ``continues``, line
    above, line -> bool; "change of policy" under "restated after the" is one label) or amounts
    alone filling the row (``amount_row``), every other line a label alone (a section label, a
    wrapped label) or amounts alone (a subtotal)?
    Text after a column gap that is no amount (a bullet, a wrapped description, "per stay"
    under a rate) is another cell's line: one row's multi-line cells; a run OCR only guessed
    (``_doubted``) is taken for neither, and a short OCR word (``_misread``) for an amount
    while few of the band's cells after its labels are such words (``MISREAD_SHARE``).
    Those words (explain names them), () when none; None when the lines are no rows of amounts."""
    rows = values = 0
    misread: list[str] = []
    # The labels' column: the first, or the band's first column with text when it leaves the
    # columns before empty on every line (a totals box, "Subtotal / VAT / Total", under the
    # unit prices with its amounts under the amounts).
    first = min((col_of(min(words[i].bbox.x0 for i in ln.word_ids), xs) for ln in lines if ln.word_ids), default=0)
    centred = _centred_amounts(lines, words, xs, first)
    # Each line's runs, and which are amounts, read once: the stub's end reads every one of them.
    runs_of = [word_runs(ln, words) for ln in lines]
    amounts = [[_amount(r) for r in runs] for runs in runs_of]
    stub = _stub_of(runs_of, amounts, xs)
    for k, ln in enumerate(lines):
        runs, amount = runs_of[k], amounts[k]
        labels = _labels(runs, xs, first, stub, amount)
        # One misread amount on a scan would otherwise make six rows of amounts one row's cells.
        tail = range(labels, len(runs))
        kinds = [amount[j] or _doubted(runs[j]) or (None if _misread(runs[j]) else False) for j in tail]
        if False in kinds:
            return None
        misread += [runs[j][0].text for j, kind in zip(tail, kinds, strict=True) if kind is None]
        values += len(kinds)
        # A stub label starting in lower case goes on from the line above ("Rando" / "m forest").
        wrapped = (k and continues(lines[k - 1], ln)) or any(r[0].text[:1].islower() for r in runs[1:labels])
        rows += (labels > 0 and len(runs) > labels and not wrapped) \
            or (not labels and (_fills_row(ln, runs, words, xs) or k in centred))
    return tuple(misread) if rows >= MIN_AMOUNT_ROWS and len(misread) <= MISREAD_SHARE * values else None


def _misread(run: Sequence[Word]) -> bool:
    """Is ``run`` one short OCR word (MISREAD_CHARS or fewer: "I4", "O24", "Qa") that may be an
    amount a coarse scan broke ("14", "0.24", "0"): taken for one when few of the band's cells
    after its labels are (``MISREAD_SHARE``)? A text layer's "yes" is what it says."""
    return len(run) == 1 and run[0].from_ocr and len(run[0].text) <= MISREAD_CHARS


def stub_led(line: Line, lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is ``line`` of the band ``lines`` led by labels in the stub's later columns (two label
    runs, or one past the labels' column) before its amounts (``_labels``)? Explain names it."""
    first = min((col_of(min(words[i].bbox.x0 for i in ln.word_ids), xs) for ln in lines if ln.word_ids), default=0)
    runs = word_runs(line, words)
    n = _labels(runs, xs, first, _stub_end(lines, words, xs)) if runs else 0
    return 0 < n < len(runs) and (n > 1 or col_of(runs[0][0].bbox.x0, xs) != first)


def _stub_end(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> int:
    """The band's first column holding a number (past the last column when none does): the
    columns before it are the stub, its labels' columns. A mark alone (a footnote's "*", what a
    scan left of a rule read "|") stands in no amount column."""
    runs_of = [word_runs(ln, words) for ln in lines]
    return _stub_of(runs_of, [[_amount(r) for r in runs] for runs in runs_of], xs)


def _stub_of(runs_of: Sequence[Sequence[Sequence[Word]]], amounts: Sequence[Sequence[bool]],
             xs: Sequence[float]) -> int:
    """``_stub_end`` of the lines whose runs are ``runs_of`` (``word_runs``), each run's
    ``_amount`` in ``amounts``."""
    cols = [col_of(r[0].bbox.x0, xs) for runs, amount in zip(runs_of, amounts, strict=True)
            for r, a in zip(runs, amount, strict=True) if a and any(ch.isdigit() for w in r for ch in w.text)]
    return min(cols, default=len(xs))


def _labels(runs: Sequence[Sequence[Word]], xs: Sequence[float], first: int, stub: int,
            amount: Sequence[bool] | None = None) -> int:
    """How many of a line's ``runs`` lead it as labels: a word run (no amount) in the labels'
    column ``first``, and the word runs after it in the stub's columns (before ``stub``); or,
    a line with no label in ``first``, its word runs in the stub's other columns. A table whose
    stub holds two label columns (a category over three lines, a level on each: "Med-low",
    "Med-high", "Very high") sets its rows of amounts after both; a scan that lost the light
    rules between them leaves them in one band. ``amount``: each run's ``_amount``, when read already."""
    n = 0
    for j, r in enumerate(runs):
        col = col_of(r[0].bbox.x0, xs)
        if (amount[j] if amount is not None else _amount(r)) or not (col == first or (n or col > first) and col < stub):
            break
        n += 1
    return n


def _centred_amounts(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float], first: int) -> set[int]:
    """Lines of amounts each set centred beside a label wrapped over two lines in the labels'
    column ``first`` (``bandlines.centred_triples``: the label's lines above and below it,
    tightly spaced; matplotlib's and Word's vertically centred cells): each is its label's row."""
    cols = [line_cols(ln, words, xs) for ln in lines]
    return {k + 1 for k in centred_triples(lines, cols, page=(words, xs))
            if cols[k] == {first} and first not in cols[k + 1]}


def amount_row(line: Line, words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is ``line`` amounts alone that fill the row, its first column included: a row of a
    lookup table of numbers (a tax or rate table ruled every few rows)?"""
    runs = word_runs(line, words)
    return all(_amount(r) for r in runs) and _fills_row(line, runs, words, xs)


def _fills_row(line: Line, runs: Sequence[Sequence[Word]], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does a line of two runs or more fill all columns but one, its first among them? A number
    set under each number of the line above (a standard error under its estimate) leaves the
    first column, the label's, empty: that line is the same row's."""
    cols = line_cols(line, words, xs)
    return len(runs) > 1 and 0 in cols and len(cols) >= columns_needed(xs)


def paragraph_cuts(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                   cols: Sequence[set[int]] | None = None) -> list[float]:
    """Row boundaries (pt) over each label line after the first when the band's lines are two
    or more paragraphs, each led by a label in the first column beside its first line ("Late
    Charge:" | "If we do not receive ..."), the other lines the other columns' text alone (the
    paragraphs wrapping), and every label line steps from the line above by more than
    ``PARAGRAPH_STEP`` times the widest step inside a paragraph (the white a paragraph break
    adds to the leading): a definitions box under one rule, one row per label. [] otherwise: a
    label wrapped over two lines, or lines that all step at the leading, are one row's
    multi-line cells; paragraphs that never wrap give no leading to compare with. ``cols``:
    each line's ``line_cols`` when the caller has them."""
    if len(lines) < 3:
        return []
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    heads = [0 in c for c in cols]
    if not heads[0] or sum(heads) < 2 or any(h and len(c) < 2 for h, c in zip(heads, cols, strict=True)):
        return []  # a label alone on its line: a wrapped label or a section label
    steps = [b.bbox.cy - a.bbox.cy for a, b in zip(lines, lines[1:], strict=False)]
    inner = [d for d, head in zip(steps, heads[1:], strict=True) if not head]
    if not inner or min(d for d, head in zip(steps, heads[1:], strict=True) if head) <= PARAGRAPH_STEP * max(inner):
        return []
    return [(lines[k - 1].bbox.y1 + lines[k].bbox.y0) / 2 for k in range(1, len(lines)) if heads[k]]


def rules_delimit_rows(depths: Sequence[Sequence[int]], max_lines: int, ruled: Sequence[bool]) -> bool:
    """Do a table's drawn bands delimit rows: ``MIN_RULED_BANDS`` or more bands with text under
    the first (a header over a body under one rule is booktabs' habit) are ruled across the
    whole width above and below (``ruled``, per band; a header under a
    spanning header's underline is not) and the shallowest band with text holds
    ``max_lines`` (``tables.row_band_lines``) lines in a cell at most (a one-line header or
    row shows the rules go between rows)? ``depths``: per band, the lines each column holds
    there. A band limit under every band's depth reads every band line by line, as before."""
    used = [max(d) for d in depths if any(d)]
    n_ruled = sum(r and any(d) for r, d in zip(ruled[1:], depths[1:], strict=True))  # the first is a header
    return n_ruled >= MIN_RULED_BANDS and min(used) <= max_lines


def body_pitch(ys: Sequence[float], depths: Sequence[Sequence[int]]) -> float:
    """The height (pt) of the table's one-line bands (every column with text holds one line
    there): the pitch of a one-line row, cell padding included; the median of them, 0 when
    no band holds one line."""
    heights = sorted(ys[k + 1] - ys[k] for k, d in enumerate(depths) if max(d, default=0) == 1)
    return heights[len(heights) // 2] if heights else 0.0


def full_rows_at_pitch(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float], pitch: float,
                       cols: Sequence[set[int]] | None = None) -> bool:
    """Does every line of the band fill the row, each stepping from the line above by the body
    pitch (``sectionrows.at_pitch``: a row's own pitch, within its slack)? Rows under one rule keep their padding; one row's
    cells that all wrap to two lines step at the type's leading. A line at the pitch fills the
    row with all columns but one (a note cell left empty), its first (a row's label; a header's
    second band of units leaves it empty); with ``pitch`` 0 (unmeasured: no one-line band) it
    fills every column. ``cols``: each line's ``line_cols`` when the caller has them."""
    need = columns_needed(xs, 1 if pitch > 0 else 0)
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    if len(lines) < 2 or any(len(c) < need or 0 not in c for c in cols):
        return False
    return pitch <= 0 or all(at_pitch(b.bbox.cy - a.bbox.cy, pitch) for a, b in zip(lines, lines[1:], strict=False))


def ruled_bands(ev: RegionEvidence, xs: Sequence[float], ys: Sequence[float],
                ends: Collection[float] = ()) -> list[bool]:
    """Per band between ``ys``: is it ruled across the whole width at its top and its bottom? A
    boundary of ``ends`` (column rules ending there, ``colends``) is drawn as a rule is."""
    full = [y in ends or ev.covered("h", y, xs[0], xs[-1]) >= FULL for y in ys]
    return [a and b for a, b in zip(full, full[1:], strict=False)]


def tight_pitch(lines: Sequence[Line], words: Sequence[Word], pitch: float) -> bool:
    """Is the body's row ``pitch`` (pt, measured) under ``sectionrows.LOOSE`` times the type
    size of ``lines``: one-line rows set at the type's leading, with no cell padding (Word's
    default cell margins)? A cell's wrapped lines step at that leading too, so a line one
    pitch under another is no evidence of a row of its own there."""
    sizes = [words[i].font_size for ln in lines for i in ln.word_ids]
    return pitch > 0 and bool(sizes) and pitch < LOOSE * max(sizes)


def at_leading(lines: Sequence[Line], pitch: float) -> bool:
    """Does every line of the band step from the line above by less than the body's padded
    row ``pitch`` (pt, less its ``PITCH_SLACK``): one cell's lines at the type's leading, with
    no cell padding between them? Rows of amounts under one rule step at the rows' pitch; a
    label over two lines beside a rate with a note under it ("Easy Access" / "Saver" beside
    "2.80%" / "3.05%*") steps at the leading and is one row. (``own_rows`` asks it only where a
    line leaves a column empty: lines that each fill every column at the leading are a
    lookup table's rows.)"""
    steps = [b.bbox.cy - a.bbox.cy for a, b in zip(lines, lines[1:], strict=False)]
    return bool(steps) and max(steps) < (1 - PITCH_SLACK) * pitch


def read_pitch(lines: Sequence[Line], pitch: float, height: float) -> float:
    """The row pitch (pt) ``own_rows`` reads a band's ``lines`` by: the body's ``pitch``, or,
    with none measured (0), the band's ``height`` shared among its lines (0 for the header)."""
    return pitch if pitch > 0 or height <= 0 or not lines else height / len(lines)


def own_rows(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float], pitch: float,
             height: float = 0.0, cols: Sequence[set[int]] | None = None) -> bool:
    """Does a drawn band hold rows of its own: rows of amounts, lines that each fill the row at
    the body's row ``pitch`` (one-line bands' height; the pitch is the evidence, a lower-case
    "i7" no wrap, unless it is ``tight_pitch``: rows set at the leading), or, with no pitch
    measured, lines that fill every column or hold a label and one amount column and wrap
    no text above? With no pitch measured (no one-line band) a body band's ``height`` (pt;
    0 for the header, whose lines step as they like) shared among its lines is its own pitch:
    rows under one rule fill it evenly, a row's multi-line cells step tighter (its padding
    is around the band, not around each line). ``cols``: each line's ``line_cols`` when the
    caller has them."""
    # Every test below needs two lines (``amount_rows`` ``MIN_AMOUNT_ROWS`` of them), and most
    # drawn bands hold one: a row's own band.
    if len(lines) < min(2, MIN_AMOUNT_ROWS):
        return False
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    measured = pitch > 0 and not tight_pitch(lines, words, pitch)
    led = measured and at_leading(lines, pitch) and not all(len(c) == len(xs) - 1 for c in cols)
    pitch = read_pitch(lines, pitch, height)
    at_pitch = full_rows_at_pitch(lines, words, xs, pitch, cols) and not tight_pitch(lines, words, pitch)
    if (not led and amount_rows(lines, words, xs, lambda prev, line: continues(prev, line, words))) \
            or (pitch > 0 and at_pitch):
        return True
    return (at_pitch or (not led and amount_lines(lines, words, xs))) and not wraps(lines, words, xs)
