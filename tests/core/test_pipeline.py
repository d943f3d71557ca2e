"""The cached pipeline: a parameter change re-runs only the stages after it."""

from __future__ import annotations

import pytest

from inspector.core.params import ParamError, Params, describe
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core import pdfs


@pytest.fixture()
def pipe() -> Pipeline:
    pdf, _ = pdfs.two_tables()
    return Pipeline(open_document(pdf))


EVERY_PAGE = Params().with_value("raster.every_page", 1)


def test_first_run_computes_every_stage(pipe: Pipeline) -> None:
    res = pipe.run(0, EVERY_PAGE)
    assert set(pipe.computed) == {"words", "drawings", "vector", "images", "render", "paper", "raster", "merge", "figures", "aside", "upright",
                                  "index",
                                  "rows", "tables"}
    assert res.timings["total"] >= 0 and len(res.tables) == 2 and res.raster_rules


def test_born_digital_page_without_pictures_is_not_rendered(pipe: Pipeline) -> None:
    res = pipe.run(0)
    assert "render" not in pipe.computed and res.raster_rules == () and len(res.tables) == 2
    assert any("raster.every_page" in n for n in res.notes)


def test_page_with_a_picture_gets_raster_rules() -> None:
    import pymupdf
    doc = pymupdf.open(stream=pdfs.ruled_grid()[0], filetype="pdf")
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 40), False)
    pix.clear_with(200)
    doc[0].insert_image(pymupdf.Rect(400, 700, 440, 740), pixmap=pix)
    pipe = Pipeline(open_document(doc.tobytes()))
    res = pipe.run(0)
    assert "render" in pipe.computed and res.raster_rules and res.notes == ()


def test_column_change_does_not_render_or_redo_rules(pipe: Pipeline) -> None:
    before = pipe.run(0, EVERY_PAGE)
    after = pipe.run(0, EVERY_PAGE.with_value("columns.min_gap", 8))
    assert pipe.computed == ["tables"]
    assert after.words is before.words and after.rules is before.rules
    assert after.timings["render"] == 0.0 and after.timings["raster"] == 0.0


def test_raster_change_reruns_raster_and_downstream_only(pipe: Pipeline) -> None:
    pipe.run(0, EVERY_PAGE)
    pipe.run(0, EVERY_PAGE.with_value("raster.paper_fraction", 0.8))
    assert pipe.computed == ["raster", "merge", "aside", "tables"]


def test_same_params_twice_computes_nothing(pipe: Pipeline) -> None:
    first = pipe.run(0)
    second = pipe.run(0)
    assert pipe.computed == [] and second.tables == first.tables


def test_params_metadata_is_complete_and_ranges_hold() -> None:
    for f in describe():
        assert f.label and f.help
        if f.kind is str:  # text fields (OCR mode, language): their default passes their own check
            assert Params().with_value(f.key, f.default) == Params()
            continue
        assert f.unit
        assert f.lo <= (1 if f.kind is bool else f.default) <= f.hi
    with pytest.raises(ParamError, match="outside"):
        Params().with_value("columns.min_gap", 1000)
    with pytest.raises(ParamError, match="unknown"):
        Params().with_value("nope.x", 1)
    p = Params().with_value("raster.enabled", "off")
    assert p.raster.enabled is False
    assert Params.loads(p.dumps()) == p


def test_poster_sized_page_is_rendered_at_a_lower_dpi() -> None:
    import pymupdf
    doc = pymupdf.open()
    page = doc.new_page(width=14000, height=14000)  # close to PDF's largest page
    page.draw_line((100, 100), (13000, 100), width=4)
    pdoc = open_document(doc.tobytes())
    assert pdoc.page(0).safe_dpi(150) < 40
    res = Pipeline(pdoc).run(0, Params().with_value("raster.every_page", 1))
    assert any(r.orient == "h" for r in res.rules)  # detection still ran, within memory


def test_file_over_the_size_limit_is_refused(tmp_path, monkeypatch) -> None:
    from inspector.core.reading import document
    from inspector.core.reading.document import DocumentError
    path = tmp_path / "big.pdf"
    path.write_bytes(b"%PDF-1.7\n" + b"0" * 2048)
    monkeypatch.setattr(document, "MAX_FILE_BYTES", 1024)
    with pytest.raises(DocumentError, match="not opened"):
        open_document(path)
