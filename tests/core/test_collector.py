"""The cyclic collector held off while a page is detected (``infra.collector``), and a detect
that leaves no garbage cycle behind (everything it made is freed when its pipeline goes)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pymupdf
import pytest

from inspector.core.infra.collector import collector_held
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core import pdfs


@pytest.fixture()
def collecting() -> Iterator[None]:
    """Automatic collection on for the test, and left as it was found."""
    was = gc.isenabled()
    gc.enable()
    yield
    # Restored both ways: a test that turned collection off (to count cycles) left it off for
    # the rest of the run, and a later test that needs it on (test_startup) failed.
    if was:
        gc.enable()
    else:
        gc.disable()


def test_held_inside_and_back_on_after(collecting: None) -> None:
    with collector_held():
        assert not gc.isenabled()
        with collector_held():  # nested: the inner one leaving does not turn it back on
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_back_on_after_an_exception(collecting: None) -> None:
    with pytest.raises(ValueError), collector_held():
        raise ValueError("a page that fails")
    assert gc.isenabled()


def test_a_host_that_turned_it_off_keeps_it_off(collecting: None) -> None:
    gc.disable()
    with collector_held():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_another_thread_leaves_the_collector_alone(collecting: None) -> None:
    """A detection in a helper thread (a window's lane) must not turn collection off for the
    whole process: the GUI thread would collect nothing while it runs."""
    seen: list[bool] = []

    def other() -> None:
        with collector_held():
            seen.append(gc.isenabled())

    t = threading.Thread(target=other)
    t.start()
    t.join(5)
    assert seen == [True] and gc.isenabled()
    with collector_held():  # the main thread still holds it
        t2 = threading.Thread(target=other)
        t2.start()
        t2.join(5)
        assert not gc.isenabled()
    assert seen == [True, False] and gc.isenabled()


def _dense_page() -> bytes:
    """A ruled table of 60 rows of 8 words: a few thousand objects made while it is read."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r in range(61):
        y = 60 + r * 12
        page.draw_line((40, y), (560, y), width=0.5)
        if r < 60:
            for c in range(8):
                page.insert_text((44 + c * 65, y + 9), f"w{r}x{c}", fontsize=8, fontname="helv")
    return doc.tobytes()


def test_no_collection_runs_during_a_detect(collecting: None) -> None:
    """At most one collection, as the hold ends (what the detect keeps, walked once: young,
    or middle when the earlier tests' collections brought that generation to its threshold);
    with the collector on throughout, this page sets off several."""
    seen: list[int] = []

    def started(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    pdf = _dense_page()
    gc.callbacks.append(started)
    try:
        res = Pipeline(open_document(pdf)).run(0, Params().with_value("raster.every_page", 1))
        assert len(res.tables) == 1 and res.tables[0].n_rows == 60 and res.raster_rules
        assert len(seen) <= 1 and gc.isenabled()  # CI saw [1] after the whole suite before it
        seen.clear()
        Pipeline(open_document(pdf))._run(0, Params().with_value("raster.every_page", 1))  # the same, not held
    finally:
        gc.callbacks.remove(started)
    assert len(seen) >= 3


def _with_picture() -> bytes:
    doc = pymupdf.open(stream=pdfs.ruled_grid()[0], filetype="pdf")
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 40), False)
    pix.clear_with(200)
    doc[0].insert_image(pymupdf.Rect(400, 600, 440, 640), pixmap=pix)
    return doc.tobytes()


@pytest.mark.parametrize("pdf", [pdfs.two_page_table()[0], _with_picture()], ids=["two pages", "picture"])
def test_a_detect_leaves_no_garbage_cycle(collecting: None, pdf: bytes) -> None:
    """A page's reading (its drawings, its text page, MuPDF's document) is freed by reference
    counting when the pipeline is dropped: nothing is left for the collector to find. (A page
    that pointed back at its document kept all of it alive until the next full collection.)
    A first detect of the same file runs before the count: a first import of a lazily loaded
    module leaves one-off garbage (about 300 objects) that is no detect's, and run alone this
    test would otherwise count it."""
    Pipeline(open_document(pdf)).run(0)
    gc.collect()
    gc.disable()  # no collection in between: whatever a cycle keeps stays until the count below
    doc = open_document(pdf)
    pipe = Pipeline(doc)
    results = [pipe.run(i) for i in range(doc.page_count)]
    assert any(r.tables for r in results)
    del pipe, doc, results
    assert gc.collect() == 0
