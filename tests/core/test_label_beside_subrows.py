"""A row label over two lines beside three rows of amounts, as OCR places them on a scan
(ICDAR us-031a p2 in 300 dpi black and white: each label line a few points under a row's
line): the band is set row by row, not cell by cell.

The label's second line goes on with its first (``bandlines.run_step``), so it is no one-line
cell centred between two rows, and the rows are cut as before; but a label running on beside
rows of amounts says nothing of how the band is set, so ``bandrows.staggered`` still holds
such a triple's lines out of its count, and the band is not read as one row of multi-line
cells (which it was, between h-wild13 and this test: 0.612 -> 0.409 on that table)."""

from __future__ import annotations

from inspector.core.structure.bandlines import run_step
from inspector.core.structure.bandrows import staggered
from inspector.core.structure.columns import Line
from inspector.core.types import Rect, Word

XS = (89.8, 229.7, 270.7, 354.1, 437.5, 521.8)  # pt: the band's column boundaries
LINES = (  # (text, x0, y0, x1, y1) of each word, line by line, top to bottom (pt, OCR's boxes)
    (("Med-low", 231.8, 529.6, 267.1, 539.3), ("20%", 388.1, 529.5, 404.3, 539.4), ("30%", 471.6, 529.5, 487.4, 539.4)),
    (("Frequency", 109.0, 534.0, 150.2, 545.5), ("of", 151.9, 534.0, 160.6, 545.5),
     ("opportunity", 161.9, 534.0, 209.2, 545.5), ("30%", 304.5, 530.6, 320.8, 545.5)),
    (("Med-high", 230.8, 542.4, 268.2, 551.9), ("15%", 304.9, 542.4, 320.4, 551.9), ("15%", 388.5, 542.5, 403.9, 551.8),
     ("15%", 472.0, 542.5, 487.4, 551.8)),
    (("occurrence", 94.3, 547.6, 136.8, 557.8), ("in", 139.7, 547.6, 146.5, 557.8), ("general", 148.7, 547.6, 178.2, 557.8),
     ("population", 180.7, 547.6, 223.6, 557.8)),
    (("Very", 230.8, 556.1, 249.4, 564.4), ("high", 251.3, 555.8, 268.1, 564.2), ("8%", 306.4, 555.6, 318.2, 564.7),
     ("10%", 388.4, 554.8, 403.9, 564.5), ("5%", 473.4, 555.1, 484.9, 564.9)),
)


def _band() -> tuple[list[Line], list[Word]]:
    words: list[Word] = []
    lines = []
    for line in LINES:
        ids = tuple(range(len(words), len(words) + len(line)))
        words += [Word(text, Rect(x0, y0, x1, y1), 9.0) for text, x0, y0, x1, y1 in line]
        box = Rect(min(w[1] for w in line), min(w[2] for w in line), max(w[3] for w in line), max(w[4] for w in line))
        lines.append(Line(box, box.y1 - 2, ids))
    return lines, words


def test_a_label_running_on_beside_rows_of_amounts_is_no_staggering() -> None:
    lines, words = _band()
    assert not staggered(lines, words, XS)


def test_the_label_still_goes_on_with_its_first_line() -> None:
    from inspector.core.structure.columns import line_cols

    lines, words = _band()
    cols = [line_cols(ln, words, XS) for ln in lines]
    assert run_step(lines, cols, 3, (words, XS)) is not None  # "occurrence" goes on with "Frequency"
