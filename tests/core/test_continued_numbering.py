"""A table's own row numbering read over the page break (``multipage.numbering``): a table
that ends at the foot of page 1 and another of the same columns, under the same header row,
opening page 2 with its numbering started again is no continuation; a table whose numbering
goes on links, the numbering named in its evidence. Built by PyMuPDF (rows drawn at known
coordinates), fpdf2 and reportlab, English and Korean."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from inspector.core.params import ContinuationParams
from tests.core.continued_pdfs import CJK_FONT
from tests.core.test_continued_markers import detect

HEAD = {"en": ("No.", "Description", "Qty", "Unit price", "Amount"),
        "ko": ("순번", "품명", "수량", "단가", "금액")}
THINGS = {"en": ("Steel beam", "Concrete C30", "Timber formwork", "Rebar 12 mm", "Anchor bolts", "Sealant tube"),
          "ko": ("철골 보", "레미콘", "거푸집", "철근", "앵커 볼트", "실링재")}
WIDTHS = (50.0, 170.0, 60.0, 90.0, 105.0)
X0, TOP, PITCH = 60.0, 70.0, 18.0
Page = tuple[tuple[str, ...] | None, list[tuple[str, ...]]]


def _rows(lang: str, first: int, last: int, seed: int = 0) -> list[tuple[str, ...]]:
    """Rows numbered ``first`` to ``last``; ``seed`` varies the rest (another table's items)."""
    return [(str(k), THINGS[lang][(k + seed) % 6], str(3 + (k * 7 + seed) % 40), f"{(k * 37 + seed) % 900 + 100},00",
             f"{((k * 37 + seed) % 900 + 100) * (3 + (k * 7 + seed) % 40):,}") for k in range(first, last + 1)]


def _mu(pages: Sequence[Page], lang: str) -> bytes:
    """PyMuPDF: each page a running header over a rule, the piece (horizontal rules, header
    bold-free), a footer; row ``k`` of a page at ``TOP + k * PITCH``."""
    doc = pymupdf.open()
    for n, (head, body) in enumerate(pages, 1):
        page = doc.new_page(width=595, height=842)
        font = "helv"
        if lang != "en":
            page.insert_font(fontname="cjk", fontfile=str(CJK_FONT))
            font = "cjk"
        page.insert_text((X0, 44), "Northwind Ltd. - 2025", fontsize=8, fontname=font)
        page.draw_line((X0, 50), (535, 50), width=0.5)
        rows = ([head] if head else []) + body
        for k, row in enumerate(rows):
            y = TOP + k * PITCH
            page.draw_line((X0, y), (X0 + sum(WIDTHS), y), width=0.5)
            x = X0
            for c, (w, text) in enumerate(zip(WIDTHS, row, strict=True)):
                tx = x + 3 if c < 2 else x + w - 3 - pymupdf.get_text_length(text, fontsize=9)
                page.insert_text((tx, y + 13), text, fontsize=9, fontname=font)
                x += w
        page.draw_line((X0, TOP + len(rows) * PITCH), (X0 + sum(WIDTHS), TOP + len(rows) * PITCH), width=0.5)
        page.insert_text((290, 810), str(n), fontsize=8, fontname=font)
    return bytes(doc.tobytes())


def _fpdf(pages: Sequence[Page], lang: str) -> bytes:
    """fpdf2 cells, borderless, the header bold, the page number at the foot."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="A4")
    pdf.set_auto_page_break(False)
    for n, (head, body) in enumerate(pages, 1):
        pdf.add_page()
        pdf.set_font("Helvetica", "", 8)
        pdf.set_xy(X0, 36)
        pdf.cell(0, 10, "Northwind Ltd. - 2025")
        for k, row in enumerate(([head] if head else []) + body):
            pdf.set_font("Helvetica", "B" if head and k == 0 else "", 9)
            x = X0
            for c, (w, text) in enumerate(zip(WIDTHS, row, strict=True)):
                pdf.set_xy(x, TOP + k * PITCH)
                pdf.cell(w - 4, PITCH, text, align="R" if c >= 2 else "L")
                x += w
        pdf.set_font("Helvetica", "", 8)
        pdf.set_xy(X0, 800)
        pdf.cell(475, 10, f"Page {n}", align="C")
    return bytes(pdf.output())


def _reportlab(pages: Sequence[Page], lang: str) -> bytes:
    """reportlab platypus ``Table`` pieces in a grid, one a page (``PageBreak``)."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import PageBreak, SimpleDocTemplate, Table, TableStyle

    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, topMargin=50, bottomMargin=50)
    story: list[object] = []
    for n, (head, body) in enumerate(pages):
        t = Table(([list(head)] if head else []) + [list(r) for r in body], colWidths=WIDTHS)
        t.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", 9), ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
                               ("GRID", (0, 0), (-1, -1), 0.5, colors.black)]))
        story += [t] + [PageBreak()] * (n < len(pages) - 1)
    doc.build(story)  # type: ignore[arg-type]
    return buf.getvalue()


PRODUCERS = {"pymupdf": (_mu, 39), "fpdf2": (_fpdf, 39), "reportlab": (_reportlab, 40)}  # rows filling page 1
CASES = [("pymupdf", "en"), ("pymupdf", "ko"), ("fpdf2", "en"), ("reportlab", "en")]


def _links(producer: str, lang: str, pages: Sequence[Page], tmp_path: Path,
           params: ContinuationParams | None = None) -> tuple[Continuation, ...]:
    if lang != "en" and CJK_FONT is None:
        pytest.skip("needs the WenQuanYi CJK font")
    build, _ = PRODUCERS[producer]
    return find_continuations(detect(build(pages, lang), tmp_path), params)


def _new_table(lang: str, full: int) -> list[Page]:
    """Page 1 full to its foot with rows 1..``full``-1; page 2 another table, the same header,
    its rows numbered from 1 again (other items)."""
    return [(HEAD[lang], _rows(lang, 1, full - 1)), (HEAD[lang], _rows(lang, 1, 20, seed=3))]


@pytest.mark.parametrize(("producer", "lang"), CASES, ids=[f"{p}-{lang}" for p, lang in CASES])
def test_numbering_started_again_is_a_new_table(producer: str, lang: str, tmp_path: Path) -> None:
    pages = _new_table(lang, PRODUCERS[producer][1])
    conts = _links(producer, lang, pages, tmp_path)
    assert proposed(conts) == ()
    assert conts[0].reason.startswith("the rows' numbering starts again")
    ev = next(e for e in conts[0].evidence if e.kind == "numbering")
    assert ev.veto and ev.param == "continuation.numbering" and ev.value == 1
    # The switch decides: off, the same pair links (every other evidence says it goes on).
    off = _links(producer, lang, pages, tmp_path, ContinuationParams(numbering=False))
    assert [(c.prev_page, c.next_page) for c in proposed(off)] == [(1, 2)]


@pytest.mark.parametrize(("producer", "lang"), CASES, ids=[f"{p}-{lang}" for p, lang in CASES])
@pytest.mark.parametrize("repeat", [True, False], ids=["repeat", "norepeat"])
def test_numbering_going_on_links(producer: str, lang: str, repeat: bool, tmp_path: Path) -> None:
    full = PRODUCERS[producer][1]
    pages = [(HEAD[lang], _rows(lang, 1, full - 1)), (HEAD[lang] if repeat else None, _rows(lang, full, full + 20))]
    conts = proposed(_links(producer, lang, pages, tmp_path))
    assert [(c.prev_page, c.next_page) for c in conts] == [(1, 2)]
    ev = next(e for e in conts[0].evidence if e.kind == "numbering")
    assert not ev.veto and ev.weight == pytest.approx(0.15) and (ev.value, ev.threshold) == (full, full - 1)


def test_numbering_by_section_says_nothing(tmp_path: Path) -> None:
    """Control: rows numbered again in each section of page 1 (1..12, 1..26) are no one
    numbering: the continuation's rows from 1 under the repeated header still link."""
    body = _rows("en", 1, 12) + _rows("en", 1, 26, seed=1)
    pages = [(HEAD["en"], body), (HEAD["en"], _rows("en", 1, 20, seed=2))]
    conts = proposed(_links("pymupdf", "en", pages, tmp_path))
    assert [(c.prev_page, c.next_page) for c in conts] == [(1, 2)]
    assert all(e.kind != "numbering" for e in conts[0].evidence)

