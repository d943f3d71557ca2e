"""A column of pictures (``evidence.icons``): a status column holds one small picture per row
(a traffic light, a check mark placed as an image) and only its header as text. The pictures
stand for its cells' text, so the column stays (its cells empty) instead of vanishing and its
header joining the neighbour's column; a logo beside a table, a lone icon or a picture under a
label stays a picture."""

from __future__ import annotations

import pymupdf

from inspector.core.evidence.icons import icon_words, is_icon
from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rect, Word

HEAD = ["Goal", "Progress", "Status", "Owner"]
BODY = [["Cut waste", "82M meals", "Ops"], ["Plant trees", "3,800 trees", "Parks"],
        ["Hire veterans", "75,800 hired", "HR"], ["Save water", "Goal set", "Cloud"],
        ["Pack less", "79.5% done", "Devices"]]
XS = (60.0, 200.0, 320.0, 400.0)  # left edges of the four columns, pt
TOP, PITCH, ICON = 100.0, 24.0, 12.0  # header baseline, row pitch, picture side (pt)
EXPECTED = [HEAD, *[[goal, progress, "", owner] for goal, progress, owner in BODY]]


def _png() -> bytes:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 24, 24), False)
    pix.set_rect(pix.irect, (255, 255, 255))
    pix.set_rect(pymupdf.IRect(4, 4, 20, 20), (20, 150, 120))  # a green light
    return pix.tobytes("png")


def _page(ruled: bool = False, icons: bool = True, logo: bool = False) -> bytes:
    """The 4-column table, a picture in each body row of its Status column (``icons``), drawn
    with every cell ruled (``ruled``) or borderless; ``logo``: one picture of the same size
    beside the table's top right, outside it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    png = _png()
    for c, text in enumerate(HEAD):
        page.insert_text((XS[c], TOP), text, fontsize=10)
    for r, (goal, progress, owner) in enumerate(BODY, start=1):
        y = TOP + PITCH * r
        for x, text in ((XS[0], goal), (XS[1], progress), (XS[3], owner)):
            page.insert_text((x, y), text, fontsize=10)
        if icons:
            page.insert_image(pymupdf.Rect(XS[2] + 8, y - 10, XS[2] + 8 + ICON, y - 10 + ICON), stream=png)
    if logo:
        page.insert_image(pymupdf.Rect(520, TOP - 10, 520 + ICON, TOP - 10 + ICON), stream=png)
    if ruled:
        y0, y1, x1 = TOP - 14, TOP + PITCH * len(BODY) + 8, XS[3] + 70
        for k in range(len(BODY) + 2):
            y = y0 + (PITCH * k if k <= len(BODY) else y1 - y0)
            page.draw_line((XS[0] - 6, y), (x1, y), width=0.5)
        for x in (*[x - 6 for x in XS], x1):
            page.draw_line((x, y0), (x, y1), width=0.5)
    return doc.tobytes()


def _run(data: bytes) -> tuple[list[list[list[str]]], list[Word]]:
    res = Pipeline(open_document(data)).run(0, Params())
    return [t.rows_text() for t in res.tables], [w for w in res.words if is_icon(w)]


def test_a_borderless_column_of_pictures_is_a_column_of_empty_cells() -> None:
    tables, icons = _run(_page())
    assert tables == [EXPECTED]
    assert len(icons) == len(BODY)


def test_a_ruled_column_of_pictures_is_a_column_of_empty_cells() -> None:
    tables, icons = _run(_page(ruled=True))
    assert tables == [EXPECTED]
    assert len(icons) == len(BODY)


def test_without_the_pictures_the_status_header_joins_a_neighbour() -> None:
    """The premise: with no pictures the Status column has no text under it, so it is no column."""
    tables, icons = _run(_page(icons=False))
    assert icons == []
    assert tables and all(len(row) == 3 for row in tables[0])


def test_a_logo_beside_a_table_is_no_column() -> None:
    tables, icons = _run(_page(logo=True))
    assert tables == [EXPECTED]
    assert len(icons) == len(BODY)  # the logo is none of them
    assert all(w.bbox.x0 < 500 for w in icons)


def test_a_lone_icon_a_pair_a_run_with_text_or_under_a_lone_heading_give_no_word() -> None:
    words = [Word("Goal", Rect(40, 80, 62, 90)), Word("Status", Rect(100, 80, 130, 90)),
             Word("Some", Rect(40, 100, 70, 110)), Word("text", Rect(40, 130, 70, 140)),
             Word("more", Rect(40, 160, 70, 170)), Word("Done", Rect(101, 160, 113, 170))]
    beside = [Rect(100, 100, 112, 112)]
    assert icon_words(beside, words) == ()
    run = [Rect(100, 100, 112, 112), Rect(100, 130, 112, 142), Rect(100, 160, 112, 172)]
    assert len(icon_words(run[:2], words)) == 0  # two are a pair, not a column
    assert icon_words(run, words) == ()  # "Done" lies over the third: the run has text in its body
    assert len(icon_words(run, words[:5])) == 3
    assert icon_words(run, words[1:5]) == ()  # a heading alone on its line (picture bullets under a title)
    big = [Rect(100, y, 140, y + 40) for y in (100, 150, 200)]  # pictures of 40 pt: figures, not icons
    assert icon_words(big, words[:5]) == ()


def test_explain_names_the_column_of_pictures() -> None:
    data = _page()
    res = Pipeline(open_document(data)).run(0, Params())
    (why,) = explain_page(res, Params())
    named = [w for w in why.cols if any(e.kind == "icons" for e in w.evidence)]
    assert len(named) == 2  # the Status column's two sides
    assert all("a column of pictures (5 small pictures" in w.decision for w in named)
