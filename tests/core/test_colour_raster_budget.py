"""The raster stage's time budget: over it, the page is read from its vector rules alone."""

from __future__ import annotations

import numpy as np
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from resources.colour_samples import STYLES


def _with_picture() -> bytes:
    """The zebra table page plus a small picture (so the raster stage wants the page)."""
    data, _ = STYLES["multiline_ruled"]()
    doc = pymupdf.open(stream=data)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 8, 8), False)
    pix.clear_with(200)
    doc[0].insert_image((450, 700, 500, 750), pixmap=pix)
    return doc.tobytes()


def test_render_within_matches_render() -> None:
    page = open_document(_with_picture()).page(0)
    full, strips = page.render(100), page.render_within(100, 60)
    assert strips is not None and strips.shape == full.shape
    assert np.mean(full != strips) < 0.001  # anti-aliasing at strip seams only


def test_render_within_gives_up_past_its_deadline() -> None:
    assert open_document(_with_picture()).page(0).render_within(100, 0.0) is None


def test_over_budget_falls_back_to_vectors_with_a_note() -> None:
    pipe = Pipeline(open_document(_with_picture()))
    res = pipe.run(0, Params().with_value("raster.budget", 0))
    assert res.raster_rules == ()
    assert any("raster.budget" in n for n in res.notes)
    assert len(res.tables) == 1 and res.tables[0].n_rows == 5  # the vector rules still give the table
    ok = pipe.run(0, Params())
    assert not any("raster.budget" in n for n in ok.notes)
    assert ok.tables[0].n_rows == 5
