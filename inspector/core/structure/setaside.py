"""What was set aside before tables were looked for (``core.aside``), listed as regions left out:
each line of page furniture, a page's vertical writing, and each block of a figure's text lines (a chart's labels, a
picture OCR read as text). Explain and Why read these regions to say why no table is there.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..evidence.figures import AREA
from ..evidence.linenumbers import line_numbers
from ..evidence.verticaltext import VERTICAL, vertical_writing
from ..types import Rect, TableRegion, Word
from .columns import Line, lines_in

FURNITURE = ("page furniture: a running header or footer (or page number) repeated at the same place on the "
             "neighbouring pages; never part of a table")
LINE_NUMBERS = ("line numbers: numbers counting up by one down the page's margin at one pitch (pleading paper, a "
                "numbered draft); page furniture, never part of a table")
FIGURE = (f"{AREA}: a chart's or a diagram's labels (tick values, data labels, legend, ringed words) inside or "
          "beside its drawing (tick marks, curves, series, bars on gridlines, a diagram's rings and curved "
          "connectors); in no table")
PICTURE = (f"{AREA}: a picture on the scan read as text by OCR (a cluster of marks it doubts, no words or "
           "numbers); in no table")
FIGURE_BLOCK = 20.0  # pt: figure text lines this close are one figure's


def aside_regions(words: Sequence[Word], tol: float) -> list[TableRegion]:
    """What was set aside (``core.aside``) as regions left out: each page furniture line, and
    each block of a figure's text lines (``tol``: rows.y_tolerance)."""
    furniture = [i for i, w in enumerate(words) if w.furniture]
    numbers = line_numbers(words) & set(furniture) if furniture else frozenset()
    out = [TableRegion(Rect.bounding([words[i].bbox for i in numbers]), "aligned", LINE_NUMBERS,
                       "tables.line_numbers")] if numbers else []  # one region: the margin's column
    upright = vertical_writing(words) & set(furniture) if furniture else frozenset()
    if upright:  # one region: the page's vertical writing (its lines across are no lines)
        out.append(TableRegion(Rect.bounding([words[i].bbox for i in upright]), "aligned",
                               VERTICAL.format(n=len(upright)), "tables.vertical_writing"))
    out += [TableRegion(ln.bbox, "aligned", FURNITURE)
            for ln in _flagged_lines(words, [i for i in furniture if i not in numbers and i not in upright], tol)]
    # A chart is found in vector drawings; a figure's words that OCR read are a picture's marks
    # (``evidence.ocrpictures``): a scan has no drawings.
    figures = [i for i, w in enumerate(words) if w.figure]  # one pass over the page's words; few are
    for ocr, why in ((False, FIGURE), (True, PICTURE)):
        figure = [i for i in figures if words[i].from_ocr == ocr]
        out += [TableRegion(b, "aligned", why) for b in _blocks([ln.bbox for ln in _flagged_lines(words, figure, tol)])]
    return out


def _blocks(blocks: list[Rect]) -> list[Rect]:
    """``blocks`` (text lines' boxes) joined while two lie within ``FIGURE_BLOCK`` of each other."""
    merged = True
    while merged:  # join blocks within FIGURE_BLOCK of each other until none are
        merged = False
        for i, a in enumerate(blocks):
            j = next((j for j in range(i + 1, len(blocks)) if a.expanded(FIGURE_BLOCK).intersection(blocks[j])), None)
            if j is not None:
                blocks[i] = a.union(blocks.pop(j))
                merged = True
                break
    return blocks


def _flagged_lines(words: Sequence[Word], ids: Sequence[int], tol: float) -> list[Line]:
    return lines_in(words, ids, tol) if ids else []
