"""OCR text corrected by its neighbours: a thousands comma the scan turned into a full stop.

A comma is a full stop with a tail below the baseline. A coarse or blurred scan loses the tail
(at 150 dpi black and white it is a pixel or none), and Tesseract then reads "52,071" as
"52.071": a number a thousand times too small. The ink alone does not tell them apart there
(on the ICDAR pages faxed at 150 dpi, a third of the commas read as full stops are as short as
a true full stop), but a table does: the numbers of one row or one column write their digit
groups one way. So a number written in thousands groups with full stops ("52.071",
"1.234.567"), standing in a row or column with ``min_groups`` or more numbers grouped by commas
("38,251") and with no number there written the other way round (a decimal comma, "3,5", or
"1.234,5"), is read with commas. A fax reads most of a column's commas as full stops and a few
right, the few perhaps far from the word: its whole column (``column_run``) decides too, when
it holds ``min_groups`` commas, no decimal comma and no number that can only be a decimal
("12.5", "0.125", "3.1416": a column of decimals to three places holds some). The reverse is never done: a full stop cannot grow a tail, and
Tesseract was not seen to read a full stop as a comma.

Measured on the text layers of every development page (1,792 pages, the ICDAR set, the real
and generated sets, the wild set), the rule changes no number: the only pages mixing the two
groupings (a Spanish table under a US one, "ORS 31.725" beside amounts, "enter 1.000") keep
them in separate rows and columns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..types import Rect, Word

SIGNS = r"[(\[$€£¥+\-\u2013\u2212*]{0,2}"
ENDS = r"[)\]%*,;:]{0,2}"
GROUPED_STOPS = re.compile(rf"^{SIGNS}[1-9]\d{{0,2}}(?:\.\d{{3}})+{ENDS}$")  # "52.071", "(1.234.567)"
GROUPED_COMMAS = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])")  # "38,251", "1,234.5"
DECIMAL_COMMA = re.compile(r"\d,\d{1,2}(?![\d,])|\d\.\d{3},\d")  # "3,5", "12,75", "1.234,5"
DECIMAL_POINT = re.compile(r"(?<![\w.,])(?:\d+\.\d{1,2}|0\.\d+|\d+\.\d{4,})(?![\w.,])")  # "12.5", "0.125", "3.1416"
COLUMN_LINES = 6.0  # x the word's height: how far above or below a number of the same column may stand


def restore_commas(words: Sequence[Word], boxes: Sequence[Rect], min_groups: int) -> tuple[tuple[Word, ...], int]:
    """``words`` with the full stops of each number grouped by full stops turned into commas
    where its row or column (``boxes``: the words' boxes on the straightened page, in the same
    order) holds ``min_groups`` or more numbers grouped by commas and none with a decimal comma;
    and how many words changed. ``min_groups`` 0 changes nothing."""
    if min_groups <= 0:
        return tuple(words), 0
    wanted = [i for i, w in enumerate(words) if GROUPED_STOPS.match(w.text)]
    if not wanted:
        return tuple(words), 0
    kinds = [_kind(w.text) for w in words]
    out = list(words)
    changed = 0
    for i in wanted:
        near = [kinds[j] for j in _neighbours(i, boxes)]
        run = [kinds[j] for j in column_run(i, boxes)]
        if _says_commas(near, min_groups) or (_says_commas(run, min_groups) and "points" not in run):
            out[i] = replace(words[i], text=words[i].text.replace(".", ","))
            changed += 1
    return tuple(out), changed


def _says_commas(kinds: list[str], min_groups: int) -> bool:
    """Do numbers of these ``kinds`` group by commas, ``min_groups`` or more, none with a decimal comma?"""
    return kinds.count("commas") >= min_groups and "decimal" not in kinds


def column_run(i: int, boxes: Sequence[Rect]) -> list[int]:
    """Indices of the words of word ``i``'s whole column: those overlapping it across, reached
    from it up and down in steps of under COLUMN_LINES of its height (a fax reads most of a
    column's commas as full stops and a few right: the few may stand far from the word)."""
    b = boxes[i]
    across = sorted((j for j, o in enumerate(boxes) if j != i and min(b.x1, o.x1) > max(b.x0, o.x0)),
                    key=lambda j: boxes[j].cy)
    step = COLUMN_LINES * b.height
    run: list[int] = []
    for side in ([j for j in reversed(across) if boxes[j].cy < b.cy], [j for j in across if boxes[j].cy >= b.cy]):
        last = b.cy
        for j in side:
            if abs(boxes[j].cy - last) >= step:
                break
            run.append(j)
            last = boxes[j].cy
    return run


def _kind(text: str) -> str:
    """"decimal" for a number written with a decimal comma, "commas" for one grouped by commas,
    "points" for one with a decimal point no thousands group can be ("12.5", "0.125", "3.1416"), else ""."""
    if DECIMAL_COMMA.search(text):
        return "decimal"
    if GROUPED_COMMAS.search(text):
        return "commas"
    return "points" if DECIMAL_POINT.search(text) else ""


def _neighbours(i: int, boxes: Sequence[Rect]) -> list[int]:
    """Indices of the words in word ``i``'s row (their boxes overlap it over half the lower of
    the two heights) or column (overlapping it across, within COLUMN_LINES of its height)."""
    b = boxes[i]
    out = []
    for j, o in enumerate(boxes):
        if j == i:
            continue
        level = min(b.y1, o.y1) - max(b.y0, o.y0) > 0.5 * min(b.height, o.height)
        if level or same_column(b, o):
            out.append(j)
    return out


def same_column(b: Rect, o: Rect) -> bool:
    """Does box ``o`` stand in box ``b``'s column: overlapping it across, within COLUMN_LINES of
    ``b``'s height above or below (a number's neighbours down a scanned table)?"""
    return min(b.x1, o.x1) > max(b.x0, o.x0) and abs(o.cy - b.cy) < COLUMN_LINES * b.height


def commas_note(changed: int) -> tuple[str, ...]:
    """What explain says when ``changed`` numbers were read with commas."""
    if not changed:
        return ()
    return (f"{changed} number(s) OCR read grouped by full stops (\"52.071\") among numbers of their row or column "
            "(its whole column, when that holds no decimal point) grouped by commas were read with commas: the scan had "
            "lost the commas' tails (ocr.comma_groups)",)
