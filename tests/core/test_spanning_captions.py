"""Cells laid across a two-column box's columns (an infobox: a centred two-line caption under
its title, a bold subtitle under the caption, then label | value rows). Each caption line is
one run of words crossing the column boundary, so each seems to fill both columns; the
caption's second line, set at the text's leading, goes on the first line's cell, and the
subtitle, set apart in bold, starts a row of its own though its words' centres fall in one
column. Drawn four ways: a stroked frame, a frame of four thin filled rectangles (a browser's border),
a grey frame round a light fill, and a frame with a rule under every row but inside the caption
(drawn rows: the rules say it)."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.explain.kept import SPAN_APART
from inspector.core.explain.rowlines import SPANNED
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

X0, MID, X1 = 340.0, 420.0, 570.0  # the box's sides and the label | value boundary (pt)
SIZE = 10.5
CAPTION = ("Edgar in the early fourteenth-century", "Genealogical Roll of the Kings of England")
SUBTITLE = "King of the English"
BODY = (("Reign", "1 October 959 - 8 July 975"), ("Predecessor", "Eadwig"), ("Successor", "Edward the Martyr"),
        ("Born", "943/944"), ("", "England"), ("Died", "8 July 975 (aged 31/32)"), ("Burial", "Glastonbury Abbey"),
        ("House", "Wessex"), ("Father", "Edmund I"), ("Mother", "Aelfgifu of Shaftesbury"))
TOP = 160.0  # the title's baseline
STEP = 19.5  # baseline to baseline between rows (pt)
LEADING = 12.0  # baseline to baseline inside one cell (pt)


def _centred(page: pymupdf.Page, y: float, text: str, font: str, size: float = SIZE) -> None:
    width = pymupdf.get_text_length(text, fontname=font, fontsize=size)
    page.insert_text(((X0 + X1 - width) / 2, y), text, fontsize=size, fontname=font)


def _infobox(habit: str, leading: float = LEADING) -> bytes:
    """The box drawn in ``habit``: "frame" (its outline only, stroked), "fills" (the outline as
    four thin filled rectangles, a browser's border), "shaded" (a grey outline round a light fill)
    or "rows" (outline and a rule under each row, none between the caption's lines); the
    caption's second line ``leading`` pt under its first (baseline to baseline)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    ys = [TOP, TOP + STEP + 4, TOP + STEP + 4 + leading + STEP]  # title, caption, subtitle baselines
    y = ys[-1]
    for label, _ in BODY:
        y += LEADING + 3 if not label else STEP
        ys.append(y)
    bottom = ys[-1] + 8
    box = pymupdf.Rect(X0, TOP - 16, X1, bottom)
    if habit == "shaded":
        page.draw_rect(box, color=(0.6, 0.6, 0.6), fill=(0.97, 0.97, 0.97), width=1.0)
    elif habit == "fills":  # a browser's border: four thin filled rectangles
        for side in ((X0, box.y0, X1, box.y0 + 1), (X0, bottom - 1, X1, bottom), (X0, box.y0, X0 + 1, bottom),
                     (X1 - 1, box.y0, X1, bottom)):
            page.draw_rect(pymupdf.Rect(*side), color=None, fill=(0.64, 0.66, 0.69))
    else:
        page.draw_rect(pymupdf.Rect(X0, TOP - 16, X1, bottom), color=(0, 0, 0), width=0.75)
    if habit == "rows":
        starts = [k for k, (label, _) in enumerate(BODY) if label]
        unders = [ys[0] + 6, ys[1] + leading + 6, ys[2] + 6] + [ys[3 + k] - STEP + 6 for k in starts[1:]]
        for u in unders:
            page.draw_line((X0, u), (X1, u), width=0.5)
    _centred(page, ys[0], "Edgar", "hebo", 13.0)
    _centred(page, ys[1], CAPTION[0], "helv")
    _centred(page, ys[1] + leading, CAPTION[1], "helv")
    _centred(page, ys[2], SUBTITLE, "hebo")
    for (label, value), y in zip(BODY, ys[3:], strict=True):
        if label:
            page.insert_text((X0 + 6, y), label, fontsize=SIZE, fontname="hebo")
        page.insert_text((MID + 10, y), value, fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def _found(pdf: bytes) -> tuple[Table, list[str], list[str]]:
    """The one table, what explain says of its kept row boundaries and of the dropped ones."""
    res = Pipeline(open_document(pdf)).run(0)
    assert len(res.tables) == 1
    why = explain_page(res, Params())[0]
    return res.tables[0], [w.decision for w in why.rows], [w.decision for w in why.dropped if w.axis == "row"]


@pytest.mark.parametrize("habit", ["frame", "fills", "shaded", "rows"])
def test_a_spanning_caption_is_one_row_and_the_subtitle_under_it_another(habit: str) -> None:
    table, kept, dropped = _found(_infobox(habit))
    first = [" ".join(" ".join(row).split()) for row in table.rows_text()[:4]]
    assert first == ["Edgar", " ".join(CAPTION), SUBTITLE, "Reign 1 October 959 - 8 July 975"]
    assert table.n_cols == 2
    assert table.n_rows == 3 + len([b for b in BODY if b[0]])
    if habit != "rows":  # drawn rows say it by themselves (explain: the band's multi-line cells)
        assert SPANNED in dropped  # explain names why the caption's lines stay one row


def test_explain_names_a_subtitle_set_apart_in_a_frame() -> None:
    _, kept, _ = _found(_infobox("frame"))
    assert any(s.startswith(SPAN_APART) for s in kept)


def test_spanning_lines_set_apart_in_one_type_are_rows_of_their_own() -> None:
    table, kept, _ = _found(_infobox("frame", leading=STEP))  # two one-line notes at the rows' pitch
    assert [row[0] for row in table.rows_text()[:4]] == ["Edgar", *CAPTION, SUBTITLE]
    assert sum(s.startswith(SPAN_APART) for s in kept) >= 2
