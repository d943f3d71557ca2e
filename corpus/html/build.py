"""Build the HTML corpus: tables in today's CSS styles laid out by PyMuPDF's Story, with
their truth from the layout itself.

    python -m corpus.html.build [--seed 13] [--per-style 10] [--out corpus/html]

(or ``make corpus-html``; needs only PyMuPDF). A second producer beside ``corpus/modern``
(Word through LibreOffice): the same kinds of tables drawn by another engine, to measure
whether detection generalises beyond one program's drawing habits. Steps:

1. a seeded generator writes HTML tables (``styles.STYLES``) with an id on every cell, and
   paragraphs of text between them; several tables per A4 page, a few beside a text column;
2. ``pymupdf.Story`` lays each block out (a block that does not fit starts the next page)
   and reports every cell's box (``Story.element_positions``);
3. the truth: the structure is the HTML's (spans as written), each cell's text is the
   page's words inside its box (checked against the text written: the build stops on any
   difference), row and column boundaries lie between the cells' boxes;
4. ``OUT/golden`` (a golden set) and ``OUT/styles.json`` (the style of each table).
"""

from __future__ import annotations

import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

from inspector.annotation.icdar import content_bounds, round_rect
from inspector.annotation.io import sha256_of
from inspector.annotation.model import AnnCell, AnnTable, DocumentAnnotation, PageInfo, Region
from inspector.annotation.roles import suggest_row_roles
from inspector.core.types import Rect

from .. import common
from ..modern.content import Content
from .styles import STYLES
from .tables import HtmlTable

PAGE = pymupdf.paper_rect("a4")
MARGIN = 56.0
GAP = 10.0  # points between blocks
SIDE = 0.58  # width share of a table beside a text column
PROSE = "font-family:serif;font-size:9.5pt"


@dataclass
class Block:
    """Text and at most one table, laid out as one unit (never split over pages)."""

    before: str
    table: HtmlTable | None = None
    after: str = ""


@dataclass
class Laid:
    """Where a table's cells went: page index (0-based) and id -> box (points)."""

    table: HtmlTable
    tid: str
    page: int = 0
    boxes: dict[str, pymupdf.Rect] = field(default_factory=dict)


def blocks_for(styles: list[str], c: Content) -> list[Block]:
    out = [Block(f'<h2 style="font-family:sans-serif">{c.title()} {c.rng.randint(2019, 2025)}</h2>'
                 f'<p style="{PROSE}">{_prose(c, 3)}</p>')]
    for name in styles:
        title = f'<p style="font-family:sans-serif;font-weight:bold;font-size:11pt">{c.title()} ({c.rng.randint(1, 99)})</p>'
        intro = f'<p style="{PROSE}">{_prose(c, c.rng.randint(1, 3))}</p>' if c.rng.random() < 0.7 else ""
        note = f'<p style="font-family:serif;font-size:7.5pt">Note: {c.phrase()}.</p>' if c.rng.random() < 0.4 else ""
        out.append(Block(title + intro, STYLES[name](c), note))
    return out


def _prose(c: Content, n: int) -> str:
    return " ".join(f"{c.phrase()}, {c.phrase().lower()}." for _ in range(n))


def _place(html: str, rect: pymupdf.Rect) -> tuple[pymupdf.Story, pymupdf.Rect] | None:
    story = pymupdf.Story(html=html)
    more, filled = story.place(rect)
    return None if more else (story, pymupdf.Rect(filled))


def _lay_block(block: Block, tid: str, y: float) -> tuple[list[pymupdf.Story], float, Laid | None] | None:
    """The block's stories placed from ``y`` down, and the y under it; None when it does not fit."""
    width = PAGE.width - 2 * MARGIN
    bottom = PAGE.height - MARGIN
    stories: list[pymupdf.Story] = []
    laid = None
    head = _place(block.before, pymupdf.Rect(MARGIN, y, MARGIN + width, bottom))
    if head is None:
        return None
    stories.append(head[0])
    y = head[1].y1 + 2 if block.before else y
    if block.table is not None:
        t = block.table
        laid = Laid(t, tid)
        share = SIDE if t.side_text else 1.0
        placed = _place(t.html(tid), pymupdf.Rect(MARGIN, y, MARGIN + width * share, bottom))
        if placed is None:
            return None
        stories.append(placed[0])
        y1 = placed[1].y1
        if t.side_text:
            side = _place(f'<p style="{PROSE}">{t.side_text}</p>',
                          pymupdf.Rect(MARGIN + width * share + 14, y, MARGIN + width, bottom))
            if side is None:
                return None
            stories.append(side[0])
            y1 = max(y1, side[1].y1)
        y = y1 + 2
    if block.after:
        tail = _place(block.after, pymupdf.Rect(MARGIN, y, MARGIN + width, bottom))
        if tail is None:
            return None
        stories.append(tail[0])
        y = tail[1].y1
    return stories, y + GAP, laid


def lay_out(blocks: list[Block], pdf: Path) -> list[Laid]:
    """Write ``pdf``: blocks top to bottom, a block that does not fit opens a page."""
    writer = pymupdf.DocumentWriter(str(pdf))
    out: list[Laid] = []
    i, page = 0, 0
    while i < len(blocks):
        dev = writer.begin_page(PAGE)
        y, first = MARGIN, True
        while i < len(blocks):
            tid = f"t{len(out) + 1}"
            res = _lay_block(blocks[i], tid, y)
            if res is None:
                if first:
                    sys.exit(f"build: a block of {pdf.name} does not fit on an empty page")
                break
            stories, y, laid = res
            for story in stories:
                if laid is not None:
                    story.element_positions(_recorder(laid, page))
                story.draw(dev)
            if laid is not None:
                out.append(laid)
            i, first = i + 1, False
        writer.end_page()
        page += 1
    writer.close()
    return out


def _recorder(laid: Laid, page: int):
    def record(pos) -> None:
        if pos.id and pos.id.startswith(laid.tid + "-") and pos.open_close & 1:
            laid.boxes[pos.id] = pymupdf.Rect(pos.rect)
            laid.page = page
    return record


def _key(text: str) -> str:
    """Text compared without whitespace and with ligatures expanded (the page keeps its "ﬁ")."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def truth(laid: Laid, words: list[tuple], label: str, how: str = "HTML laid out by PyMuPDF Story") -> AnnTable:
    """The table's annotation: the HTML's structure, the page's words per cell box; ``how``
    the table was made (its notes)."""
    t, placed = laid.table, laid.table.placed(laid.tid)
    cells, spans_x, spans_y = [], [], []
    for p in placed:
        box = laid.boxes.get(p.id)
        if box is None:
            sys.exit(f"build: {label}: Story gave no box for cell {p.id}")
        mine = [w for w in words if box.contains(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2))]
        text = " ".join(w[4] for w in mine)
        if _key(text) != _key(p.cell.text):
            sys.exit(f"build: {label}: cell {p.id} shows '{text}' but '{p.cell.text}' was written")
        glyphs = Rect(min(w[0] for w in mine), min(w[1] for w in mine), max(w[2] for w in mine),
                      max(w[3] for w in mine)) if mine else None
        cells.append(AnnCell(p.r, p.c, p.cell.rs, p.cell.cs, text, bbox=round_rect(glyphs) if glyphs else None))
        spans_x.append((p.c, p.c + p.cell.cs, box.x0, box.x1))
        spans_y.append((p.r, p.r + p.cell.rs, box.y0, box.y1))
    union = pymupdf.Rect()
    for b in laid.boxes.values():
        union |= b
    # Word boxes (the font's ascent and descent) can stand out of a tightly padded cell.
    outer = Rect.bounding([Rect(union.x0 - t.pad, union.y0 - t.pad, union.x1 + t.pad, union.y1 + t.pad),
                           *(c.bbox for c in cells if c.bbox is not None)])
    xs = tuple(round(v, 3) for v in content_bounds(spans_x, t.n_cols, outer.x0, outer.x1))
    ys = tuple(round(v, 3) for v in content_bounds(spans_y, t.n_rows, outer.y0, outer.y1))
    texts = [[c.text for c in cells if c.r == r] for r in range(t.n_rows)]
    region = Region(laid.page + 1, round_rect(outer), xs, ys, tuple(cells), suggest_row_roles(texts, t.header_rows))
    return AnnTable(laid.tid, (region,), header_rows=t.header_rows, verified=True, source="manual",
                    notes=f"{how}; style {t.style}: {t.detail}")


def compress(pdf: Path) -> None:
    """Fonts subset, streams deflated: Story embeds whole fonts."""
    doc = pymupdf.open(pdf)
    doc.subset_fonts()
    data = doc.tobytes(garbage=3, deflate=True, use_objstms=1)
    doc.close()
    pdf.write_bytes(data)


def build_one(pdf: Path, styles: list[str], c: Content) -> DocumentAnnotation:
    laid = lay_out(blocks_for(styles, c), pdf)
    compress(pdf)
    doc = pymupdf.open(pdf)
    pages = tuple(PageInfo(i + 1, p.rect.width, p.rect.height) for i, p in enumerate(doc))
    words = [p.get_text("words") for p in doc]
    doc.close()
    tables = tuple(truth(lt, words[lt.page], f"{pdf.name} {lt.tid}") for lt in laid)
    return common.checked(DocumentAnnotation(sha256_of(pdf), pdf.name, pages, tables,
                                             notes="tables as written in HTML, laid out by PyMuPDF Story (corpus.html.build)"))


def build(out: Path, seed: int, per_style: int) -> int:
    """``per_style`` tables of each style into ``out``."""
    return common.build(out, seed, per_style, [common.Producer("html", list(STYLES))],
                        lambda pdf, names, rng: build_one(pdf, names, Content(rng)))


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 13, 10, Path(__file__).resolve().parent)


if __name__ == "__main__":
    sys.exit(main())
