"""A diagram in one column of a two-column page (boxes holding a word or two, ellipses ". . .",
arrows between them) is read as aligned text; the justified prose of the other column, which
shares its page lines, is no column of it: a table found there stays in its column. Built
with exact coordinates (the real example: a two-column paper set by TeX, a figure of entity
boxes beside the text column, its paragraph broken by a section heading)."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.beside import _pitch

SIZE = 10.0
PITCH = 13.5  # the prose's own line pitch (pt)
LEFT, RIGHT = 72.0, 300.0  # the left text column's sides; the diagram stands right of a 43 pt gutter
WIDTH = RIGHT - LEFT
SECOND = 327.0  # the right text column's left side (a 27 pt gutter), under the diagram
WORDS = ("we implemented a preliminary system for this technique and obtained reasonably good results "
         "the columns of the table show article dates names of hurricanes and the places they affected "
         "respectively and the headers of the table and its keywords were also extracted automatically "
         "in unrestricted relation discovery the discovery process can be formulated as a clustering task "
         "the key idea is to cluster a set of articles that contain entities bearing a similar relation").split()
# The diagram: (baseline, [(x, text, boxed)]): two panels of an entity pair each, at the
# figure's own spacing, off the prose's baselines.
DIAGRAM = (
    (194.5, [(373, "1.", False), (435, "2.", False)]),
    (202.4, [(355, ". . .", False), (382, "Katrina", True), (417, ". . .", False), (437, "New Orleans", True),
             (479, ". . .", False)]),
    (218.0, [(398, "headed", True), (460, "was-hit", True)]),
    (228.7, [(398, "threatened", False), (460, "has-been-evacuated", False)]),
    (241.8, [(398, "is-category-5", False), (460, "-residents", False)]),
    (249.7, [(343, "article A", False)]),
    (264.8, [(408, "Common Pattern", False), (472, "Common Pattern", False)]),
    (270.9, [(418, '"stroke"', False), (481, '"was-hit"', False)]),
    (288.3, [(373, "1.", False), (435, "2.", False)]),
    (296.9, [(355, ". . .", False), (377, "Longwang", True), (443, "Taiwan", True), (479, ". . .", False)]),
    (313.2, [(398, "hit", False), (460, "'s-coast", False)]),
    (322.8, [(398, "headed", True), (460, "was-pounded", False)]),
    (333.8, [(398, "swirling", False), (460, "was-hit", True)]),
    (340.6, [(398, "...", False), (460, "...", False)]),
)


def _justified(page: pymupdf.Page, y: float, words: list[str], last: bool, left: float = LEFT) -> None:
    """One prose line ``WIDTH`` wide from ``left``, its word spaces stretched (a paragraph's last line not)."""
    widths = [pymupdf.get_text_length(w, fontsize=SIZE, fontname="tiro") for w in words]
    space = pymupdf.get_text_length(" ", fontsize=SIZE, fontname="tiro")
    if not last and len(words) > 1:
        space = (WIDTH - sum(widths)) / (len(words) - 1)
    x = left
    for w, width in zip(words, widths, strict=True):
        page.insert_text((x, y), w, fontsize=SIZE, fontname="tiro")
        x += width + space


def _paragraph(page: pymupdf.Page, top: float, start: int, n_lines: int, left: float = LEFT) -> int:
    """``n_lines`` of justified prose from baseline ``top`` and ``left``; the index of the next word."""
    k = start
    for n in range(n_lines):
        line: list[str] = []
        while pymupdf.get_text_length(" ".join([*line, WORDS[k % len(WORDS)]]), fontsize=SIZE, fontname="tiro") < WIDTH:
            line.append(WORDS[k % len(WORDS)])
            k += 1
        _justified(page, top + n * PITCH, line, n == n_lines - 1, left)
    return k


def _diagram(page: pymupdf.Page, ringed: bool) -> None:
    """The figure's words; an entity in an oval (``ringed``) or a rounded box, a pattern in a
    box, a curved arrow from the entity down to each pattern box (a box alone meets no other
    rule: no grid)."""
    entity = (0.0, 0.0)
    for y, items in DIAGRAM:
        for x, text, boxed in items:
            fs = SIZE if text in (". . .", "...") else 7.5
            page.insert_text((x, y), text, fontsize=fs, fontname="helv")
            w = pymupdf.get_text_length(text, fontsize=fs, fontname="helv")
            if boxed and text[0].isupper():
                if ringed:
                    page.draw_oval(pymupdf.Rect(x - 4, y - 9, x + w + 4, y + 3), width=0.6)
                else:
                    page.draw_rect(pymupdf.Rect(x - 4, y - 9, x + w + 4, y + 3), width=0.6, radius=0.3)
                entity = (x + w / 2, y + 3)
            elif boxed:
                page.draw_rect(pymupdf.Rect(x - 2, y - 8, x + w + 2, y + 2), width=0.6)
                page.draw_bezier(entity, (entity[0], y - 3), (x - 8, y - 3), (x - 2, y - 3), width=0.5)


def _page(ringed: bool = False) -> pymupdf.Document:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    k = _paragraph(page, 202.4, 0, 6)
    # A section heading set apart (white above and below it): the prose's pitch breaks there.
    page.insert_text((LEFT, 292.9), "2   Basic Idea", fontsize=12, fontname="tibo")
    k = _paragraph(page, 313.2, k, 6)
    _diagram(page, ringed)
    page.insert_text((380, 372.0), "Figure 2: Two articles.", fontsize=SIZE, fontname="tiro")
    _paragraph(page, 400.0, k, 6, SECOND)
    return doc


def test_a_diagram_beside_prose_does_not_take_the_prose_in() -> None:
    """Entities in rounded boxes (no ring: no diagram marks), the diagram is aligned text, cut off the prose."""
    res = Pipeline(open_document(_page().tobytes())).run(0)
    across = [t for t in res.tables if t.bbox.x0 < RIGHT and t.bbox.x1 > RIGHT + 20]
    assert across == [], [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    # Explain names the text column cut off, its own pitch and the heading's break.
    cut = [r for r in res.regions if r.reason.startswith("prose beside the table")]
    assert any("every 13.5 pt" in r.reason and "1 wider break" in r.reason for r in cut), [r.reason for r in res.regions]
    assert cut and all(r.bbox.x1 <= RIGHT + 1 for r in cut)


def test_a_diagram_of_ringed_entities_is_a_figure_beside_the_prose() -> None:
    """Entities ringed in ovals (as the TeX figure does): the lower panel, two ringed entities
    each with a curved arrow out, is a diagram (``evidence.diagrams``) set aside as a figure
    area; still no table crosses the gutter."""
    res = Pipeline(open_document(_page(ringed=True).tobytes())).run(0)
    assert [t for t in res.tables if t.bbox.x0 < RIGHT and t.bbox.x1 > RIGHT + 20] == []
    assert {"Longwang", "Taiwan", "swirling"} <= {w.text for w in res.words if w.figure}
    assert any(n.startswith("figure area (2 ring(s) around words, 2 curved connector(s))") for n in res.notes)


def test_a_text_columns_pitch_is_read_past_a_heading_but_not_past_alternating_steps() -> None:
    # Prose: one pitch, one heading break, read past; wrapped cells: line and row steps alternate.
    prose = _pitch([13.5, 13.6, 13.5, 13.6, 23.6, 20.8, 13.5, 13.6])
    assert prose is not None and prose.breaks == 1 and abs(prose.step - 13.55) < 0.01
    assert _pitch([10.0, 15.3, 10.0, 15.3, 10.0, 15.3, 10.0]) is None
    assert _pitch([13.5, 13.5, 6.0, 13.5, 13.5, 13.5]) is None  # a line set closer: no prose pitch
