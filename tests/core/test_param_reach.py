"""Every declared parameter reaches the stages that apply it, with the value that was set.

Two checks over every field of every stage (``params.describe()``):

- reach: detection runs with each field set off its default on stage parameter objects that
  record who reads them (the module that reads a field, and the value it got); every field
  must be read, with the value set, by each module that applies it (``APPLIED``). A field
  read only where it was declared, or a stage using a copy of its own (a hard-coded 0.35
  beside ``rows.y_tolerance``), fails here.
- re-run: on one pipeline, changing a field re-runs the stage that reads it (and not the
  stages before it), so a slider that moves a value is never answered from a stale cache.
"""

from __future__ import annotations

import shutil
import sys
from collections import defaultdict
from dataclasses import fields
from typing import Any

import pytest

from inspector.core.infra.budget import Budgeted
from inspector.core.multipage.linking import link_pages
from inspector.core.params import STAGES, FieldInfo, Params, describe
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.tessdata import tessdata_dir
from tests.core import pdfs
from tests.core.test_layer_check import _searchable as searchable
from tests.core.test_ocr import picture_of, text_table_pdf

CORE = "inspector.core."
# field (or a whole stage) -> the modules that must read it: where the value is applied.
APPLIED: dict[str, tuple[str, ...]] = {
    "vector": ("evidence.rules_vector",),
    "vector.gutter": ("evidence.fills",),
    "vector.gradient_strips": ("evidence.fills",),
    "vector.traced_curves": ("pipeline",),  # the figures stage, asked by the pipeline, looks for series with it
    "raster": ("evidence.rules_raster",),
    # Whether raster rules are searched, and the render's time budget (``pagenotes``, asked by the pipeline).
    "raster.enabled": ("pagenotes",),
    "raster.every_page": ("pagenotes",),
    "raster.dpi": ("pipeline",),
    "raster.budget": ("pagenotes",),
    "raster.even_paper": ("pipeline",),  # the render is evened out before the raster stage runs (stage "paper")
    "raster.paper_fraction": ("evidence.rules_raster",),
    "raster.min_length": ("evidence.raster_bands",),
    "raster.max_thickness": ("evidence.raster_bands",),
    "raster.span_guard": ("evidence.rules_raster",),
    # One tolerance for "the same line": the merge, and the grid's rules (RegionEvidence.snap).
    "merge.snap": ("evidence.rules_merge", "structure.region"),
    "merge": ("evidence.rules_merge",),
    # Text lines: the page's rows, the grid's region lines and band splits, grown regions, the
    # text column beside a table.
    "rows": ("reading.words", "structure.region", "structure.grid", "structure.tables"),
    "rows.y_tolerance": ("reading.words", "structure.region", "structure.bandrows", "structure.tables"),
    "rows.hidden_text": ("pipeline",),  # the words stage reads the page's words with it
    "columns": ("structure.grid",),
    "columns.min_gap": ("structure.tables", "structure.region"),
    # A justified line's stretched spaces: no aligned run's gap (tables), no column gap (grid).
    "columns.justified": ("structure.tables", "structure.grid"),
    # A leading sign between two numbers opens a piece (segments, read by its callers), its column edge (grid).
    "columns.signs_open": ("structure.region", "structure.tables", "structure.grid"),
    "tables": ("structure.grid",),
    # Why a grid is no table (``structure.rejects.verdict``, asked by the grid).
    "tables.min_rows": ("structure.rejects",),
    "tables.min_cols": ("structure.rejects",),
    "tables.ruled_row": ("structure.rejects",),
    "tables.blank_form": ("structure.rejects",),
    "tables.form_boxes": ("structure.rejects",),
    "tables.form_mosaic": ("structure.rejects",),
    "tables.column_ends": ("structure.colends",),
    "tables.line_numbers": ("pipeline",),  # the aside stage sets the margin's numbers aside before any row
    "tables.vertical_writing": ("pipeline",),  # the aside stage sets a page's vertical writing aside before any row
    "tables.labelled_blocks": ("structure.rejects",),
    "tables.page_columns": ("structure.rejects",),
    "tables.text_boxes": ("structure.rejects",),
    "tables.numbered_notes": ("structure.rejects",),
    "tables.contents_lists": ("structure.rejects",),
    "tables.min_filled_rows": ("structure.rejects",),
    "tables.row_band_lines": ("structure.bandrows",),
    "tables.title_row_header": ("structure.bandrows",),  # the header band under a title row kept whole  # how deep a drawn band may be and stay one row
    "tables.intersect_tol": ("structure.tables",),
    "tables.left_out_spans": ("structure.spans",),  # spans are joined while a grid becomes cells
    "tables.wrapped_spans": ("structure.spans",),
    "tables.centred_stubs": ("structure.spans",),
    "tables.head_rowspans": ("structure.spans",),
    "tables.section_cut": ("structure.tables",),  # the ruled groups are cut before any grid
    "tables.header_over_rules": ("structure.tables",),  # a ruled grid grown up before it is offered
    "tables.rows_under_fills": ("structure.tables",),  # a shaded grid grown down before it is offered
    "tables.repeated_headers": ("structure.tables",),
    "tables.cell_marks": ("structure.tables",),  # the marks in cells are taken off the rules before any region
    "tables.prose_beside_rules": ("structure.tables",),  # the rule groups are made before any grid  # a block is cut into its tables before any grid
    "tables.ruled_parts": ("structure.tables",),  # ruled blocks grown and joined before any grid
    "tables.check_boxes": ("pipeline",),  # the aside stage sets the marks aside before any grid
    "tables.leaders": ("pipeline",),  # the aside stage reads leaders as space before any row or grid
    "tables.character_rules": ("pipeline",),  # the aside stage reads rows of - and = as rules before any row
    "tables.borderless": ("structure.tables",),
    "tables.sides_ends_apart": ("structure.tables",),  # read where the aligned candidates are cut at a gutter
    "tables.page_gutters": ("structure.tables",),  # read where the aligned candidates are cut at a page's gutter
    "tables.min_aligned_rows": ("structure.tables",),
    "tables.section_bands": ("structure.tables",),  # the fills handed to the stacked-rule groups
    "tables.header_notes": ("structure.tables",),  # the header fills handed to the stacked-rule groups
    "tables.narrow_gaps_meet": ("structure.tables",),  # the narrower gaps handed to the aligned runs
    "tables.rules_around_prose": ("structure.rejects",),
    "tables.framed_prose": ("structure.rejects",),
    "ocr": ("scan",),
    "ocr.dpi": ("scan",),
    "ocr.min_confidence": ("scan",),
    "ocr.deskew": ("pipeline",),
    "ocr.erase_rules": ("scan_clean",),  # the picture is made clean for OCR in its own module
    "ocr.even_paper": ("scan_clean",),
    "ocr.reverse_bands": ("scan_clean",),
    "ocr.shading": ("scan_clean",),
    "ocr.shading_edges": ("scan_clean",),
    "ocr.impulses": ("scan_clean",),
    "ocr.specks": ("scan_clean",),
    "ocr.speck_points": ("scan_clean",),
    "ocr.reread_cells": ("pipeline",),
    "ocr.layer_sample": ("layercheck",),
    "ocr.layer_doubt": ("pipeline",),
    "continuation": ("multipage.continuation",),
    "continuation.col_tol": ("multipage.pieces",),  # the pieces' column evidence
    "continuation.edge_rows": ("multipage.judging",),  # one pair's evidence, split out of continuation
    "continuation.min_confidence": ("multipage.judging",),
    "continuation.tails": ("multipage.tails",),  # the short tails read before the pairs are judged
    "continuation.heads": ("multipage.heads",),  # the short heads read before the pairs are judged
    "continuation.numbering": ("multipage.judging",),  # one pair's numbering evidence
    "continuation.marked_notes": ("multipage.judging",),  # a line under the first piece, judged with the pair
    "continuation.renamed_header": ("multipage.judging",),  # passed on to headrow.header_evidence
    "budget": ("infra.budget",),
}
# The stages whose results a change of the field must recompute (pipeline stage names): the
# tables stage reads rows.y_tolerance and merge.snap too.
RERUN = {"vector": ("vector",), "raster": ("raster",), "merge": ("merge", "tables"), "rows": ("rows", "tables"),
         "columns": ("tables",), "tables": ("tables",)}
# They decide whether the stage runs at all; rows.hidden_text decides which words are read (the words stage).
RERUN_EXCEPT = {"raster.enabled", "raster.every_page", "raster.budget", "rows.hidden_text"}


def _off_default(f: FieldInfo) -> Any:
    """A valid value other than the default that leaves every stage running (bools and text
    fields keep theirs but for a few that are safe to flip)."""
    if f.kind is str:
        return {"ocr.layout": "lines"}.get(f.key, f.default)
    if f.kind is bool:
        return {"raster.every_page": True}.get(f.key, f.default)
    up = f.default + f.step
    value = up if up <= f.hi else f.default - f.step
    return int(value) if f.kind is int else float(value)


class Reads:
    """Who read which field with which value: {key: {(module, value), ...}}."""

    def __init__(self) -> None:
        self.seen: dict[str, set[tuple[str, Any]]] = defaultdict(set)

    def traced(self, stage: str, values: dict[str, Any]) -> Any:
        cls = STAGES[stage]
        names = {f.name for f in fields(cls)}
        seen = self.seen

        def get(obj: Any, name: str) -> Any:
            value = object.__getattribute__(obj, name)
            if name in names:
                module = sys._getframe(1).f_globals.get("__name__", "")
                if module.startswith(CORE):
                    seen[f"{stage}.{name}"].add((module[len(CORE):], value))
            return value

        kind = type(f"Traced{cls.__name__}", (cls,), {"__getattribute__": get})
        return kind(**values)


@pytest.fixture(scope="module")
def reads() -> Reads:
    """Detection of pages that take every path (ruled, horizontal rules grown over a header,
    borderless beside body text, zebra fills, merged cells, a table over two pages, a scan,
    a searchable scan with a poor OCR layer),
    the continuations, and a budgeted job, all with every field off its default."""
    r = Reads()
    values: dict[str, dict[str, Any]] = defaultdict(dict)
    for f in describe():
        values[f.stage][f.name] = _off_default(f)
    params = Params(**{stage: r.traced(stage, values[stage]) for stage in STAGES})
    docs = [b()[0] for b in (pdfs.ruled_grid, pdfs.horizontal_rules, pdfs.borderless, pdfs.zebra,
                             pdfs.merged_cells, pdfs.two_page_table, pdfs.bar_chart)]
    if shutil.which("tesseract") and tessdata_dir() is not None:
        docs += [picture_of(text_table_pdf())[0], searchable(poor=True)]  # the layer check reads a layer
    for data in docs:
        doc = open_document(data)
        pipe = Pipeline(doc)
        results = [pipe.run(i, params) for i in range(doc.page_count)]
        link_pages(results, params.continuation)
    with Budgeted(params.budget) as worker:
        assert worker.call(len, "abc").value == 3
    return r


@pytest.mark.parametrize("key", [f.key for f in describe()])
def test_every_field_reaches_where_it_is_applied_with_its_value(reads: Reads, key: str) -> None:
    if key.startswith("ocr.") and not (shutil.which("tesseract") and tessdata_dir() is not None):
        pytest.skip("Tesseract is not installed: the OCR stage does not run")
    stage = key.split(".")[0]
    want = APPLIED.get(key, APPLIED[stage])
    info = next(f for f in describe() if f.key == key)
    got = reads.seen[key]
    assert got, f"{key} is declared but no stage reads it"
    readers = {m for m, _ in got}
    assert set(want) <= readers, f"{key} never reaches {sorted(set(want) - readers)} (read by {sorted(readers)})"
    assert {v for _, v in got} == {_off_default(info)}, f"{key}: a stage read another value than the one set"


def _changed(f: FieldInfo) -> Any:
    if f.kind is bool:
        return not f.default
    return _off_default(f)


@pytest.mark.parametrize("key", [f.key for f in describe() if f.stage in RERUN and f.key not in RERUN_EXCEPT])
def test_changing_a_field_reruns_the_stage_that_reads_it(key: str) -> None:
    info = next(f for f in describe() if f.key == key)
    base = Params().with_value("raster.every_page", True)
    pipe = Pipeline(open_document(pdfs.horizontal_rules()[0]))
    pipe.run(0, base)
    pipe.run(0, base)
    assert "tables" not in pipe.computed  # all cached
    pipe.run(0, base.with_value(key, _changed(info)))
    for stage in RERUN[info.stage]:
        assert stage in pipe.computed, f"{key} changed but the {stage} stage was answered from the cache"
    assert "words" not in pipe.computed and "drawings" not in pipe.computed
