"""A continued table whose rows come in groups under a label spanning them (a tender's bill
of quantities: the work type once per group): the first page's piece ends short of the foot
because the next group, bound by its label, did not fit there; drawn with PyMuPDF."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations
from inspector.core.params import ContinuationParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (60.0, 100.0, 200.0, 330.0, 420.0, 535.0)
ROW = 14.0
FOOT = 782.0  # the lowest body text of the document (page 2's closing prose)
END = 730.0  # where page 1's piece ends: 52 pt of room, more than two rows, less than four


def _grid(page: pymupdf.Page, top: float, rows: list[tuple[str, ...]], spans: dict[int, int]) -> float:
    """A ruled grid from ``top``: one header row, then ``rows``; ``spans``: body row -> rows its
    label (column 1) spans (the label's slots below are empty, no rule through them)."""
    covered = {r + k for r, n in spans.items() for k in range(1, n)}
    head = ("No.", "Work", "Item", "Qty", "Amount")
    y = top
    for r, cells in enumerate([head, *rows]):
        body = r - 1
        for c, text in enumerate(cells):
            if c == 1 and body in covered:
                continue
            page.draw_line((XS[c], y), (XS[c + 1], y), width=0.5)
            h = ROW * spans.get(body, 1) if c == 1 else ROW
            x = XS[c] + 3 if c < 3 else XS[c + 1] - 3 - pymupdf.get_text_length(text, "helv", 8)
            page.insert_text((x, y + h / 2 + 3), text, fontname="helv", fontsize=8)
        y += ROW
    page.draw_line((XS[0], y), (XS[-1], y), width=0.5)
    for x in XS:
        page.draw_line((x, top), (x, y), width=0.5)
    return y


def _furniture(page: pymupdf.Page, n: int) -> None:
    page.insert_text((400, 40), "Bill of quantities, tender 2026-117", fontname="helv", fontsize=8)
    page.draw_line((60, 46), (535, 46), width=0.6)
    page.insert_text((290, 815), f"- {n} -", fontname="helv", fontsize=8)


def _rows(first: int, groups: list[tuple[str, int]]) -> tuple[list[tuple[str, ...]], dict[int, int]]:
    rows, spans, n = [], {}, first
    for work, size in groups:
        if size > 1:
            spans[len(rows)] = size
        for k in range(size):
            rows.append((str(n), work if k == 0 else "", f"Item {n} of {work.lower()}", f"{n * 7:,}",
                         f"{n * 1234567:,}"))
            n += 1
    return rows, spans


def _pdf(path: Path, next_group: int) -> Path:
    """Page 1: prose, then a piece ending at ``END``; page 2: the header repeated, a group of
    ``next_group`` rows (one label spanning them when > 1), more rows, prose down to ``FOOT``."""
    doc = pymupdf.open()
    p1 = doc.new_page(width=595, height=842)
    _furniture(p1, 1)
    rows, spans = _rows(1, [("Earthworks", 3), ("Concrete", 4), ("Drainage", 3), ("Paving", 4), ("Lighting", 3),
                            ("Fencing", 4), ("Planting", 3), ("Signage", 4)] + [("Walls", 4)] * 5)
    top = END - ROW * (len(rows) + 1)
    for k, y in enumerate(range(70, int(top) - 14, 12)):
        p1.insert_text((60, y), f"Line {k + 1} of the conditions of the tender, set as prose over the bill.",
                       fontname="helv", fontsize=9)
    assert abs(_grid(p1, top, rows, spans) - END) < 0.01
    p2 = doc.new_page(width=595, height=842)
    _furniture(p2, 2)
    rows2, spans2 = _rows(len(rows) + 1, [("Roofing", next_group), ("Glazing", 3), ("Painting", 3)])
    y = _grid(p2, 70, rows2, spans2) + 20
    while y <= FOOT:
        p2.insert_text((60, y), "Prices include delivery, installation and removal of waste from site.",
                       fontname="helv", fontsize=9)
        y += 12
    out = path / f"groups{next_group}.pdf"
    doc.save(out)
    return out


def _continuations(pdf: Path) -> list:
    doc = open_document(str(pdf))
    pipe = Pipeline(doc)
    results = [pipe.run(i) for i in range(doc.page_count)]
    doc.close()
    assert [len(r.tables) for r in results] == [1, 1]
    return [c for c in find_continuations(results, ContinuationParams()) if (c.prev_page, c.next_page) == (1, 2)]


def test_group_bound_by_a_spanning_label_moves_to_the_next_page(tmp_path: Path) -> None:
    """52 pt left under page 1's piece, more than two rows (28 pt), less than the next group's
    four rows (56 pt) that its label binds: the break is the group's, the table continues."""
    [c] = _continuations(_pdf(tmp_path, 4))
    assert c.proposed, c.reason
    edge = next(e for e in c.evidence if e.kind == "edge" and "bottom" in e.detail)
    assert not edge.veto and "first 4 rows, bound by a cell spanning them" in edge.detail
    assert edge.threshold == pytest.approx(4 * ROW, abs=0.5)


@pytest.mark.parametrize("size", [1, 3])
def test_room_for_the_next_group_is_not_a_page_break(tmp_path: Path, size: int) -> None:
    """The next page opens with one plain row, or a group of three (42 pt) that would have fit
    in the 52 pt left: the first piece ended early, it is not continued."""
    [c] = _continuations(_pdf(tmp_path, size))
    assert not c.proposed
    assert "does not end at the bottom of the text area" in c.reason
