"""eval scores logical tables: continuations found, missed and falsely joined."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from inspector.annotation.doc_edits import LinkTables
from inspector.annotation.goldenset import add_to_golden_set
from inspector.annotation.io import sha256_of
from inspector.annotation.model import DocumentAnnotation, PageInfo, annotation_table_from_detected
from inspector.cli import main
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.evaluation import evaluate
from inspector.evaluation.links import score_links
from tests.core.column_flow_pdfs import column_flow_pdf
from tests.core.split_pdfs import item_rows, typeset


def _golden(tmp_path: Path, linked: bool) -> Path:
    """A 3-page table as its own golden truth: linked over the pages, or (a wrong truth)
    three separate tables."""
    pdf = tmp_path / "long.pdf"
    pdf.write_bytes(typeset(item_rows(90)).pdf)
    doc = open_document(pdf)
    pipe = Pipeline(doc)
    tables = [annotation_table_from_detected(pipe.run(i).tables[0], f"t{i + 1}") for i in range(3)]
    ann = DocumentAnnotation(sha256_of(pdf), "long.pdf", tuple(PageInfo(i + 1, 595, 842) for i in range(3)),
                             tuple(tables))
    if linked:
        ann = LinkTables("t1", "t3", 1).apply(LinkTables("t1", "t2", 1).apply(ann))
    root = tmp_path / ("linked" if linked else "separate")
    add_to_golden_set(root, ann, pdf)
    return root


def test_links_found_missed_and_false(tmp_path: Path) -> None:
    linked = evaluate.load_source(_golden(tmp_path, True))
    assert [(k.table, k.first_page, k.second_page) for k in linked.links] == [("t1", 1, 2), ("t1", 2, 3)]
    found = score_links(linked, "inspector")
    assert [(d.golden, d.found, d.missed, d.false) for d in found] == [(2, 2, (), ())]
    missed = score_links(linked, "pymupdf")
    assert [(d.golden, d.found, len(d.missed)) for d in missed] == [(2, 0, 2)]
    assert missed[0].missed[0] == "t1: p1 [72 72 240 762] -> p2 [72 72 240 762]"
    false = score_links(evaluate.load_source(_golden(tmp_path, False)), "inspector")
    assert [(d.golden, d.found, len(d.false)) for d in false] == [(0, 0, 2)]


def test_links_are_read_from_the_detection_eval_already_made(tmp_path: Path) -> None:
    """eval detects each page once: its guarded run keeps each page's whole detection (the same
    as a fresh pipeline's) and the continuations are scored from it, not from a second run."""
    root = _golden(tmp_path, True)
    source = evaluate.load_source(root)
    assert all(o.result is None for o in evaluate.run(source, "inspector"))  # only kept when asked
    outcomes = evaluate.run(source, "inspector", keep_results=True)
    detected = {(o.doc, o.page): o.result for o in outcomes if o.result is not None}
    fresh = Pipeline(open_document(source.pages[0].pdf))
    assert [(p, r.tables) for (_, p), r in detected.items()] == [(p, fresh.run(p - 1).tables) for p in (1, 2, 3)]
    assert score_links(source, "inspector", detected=detected) == score_links(source, "inspector")
    # Page 2's detection given without its tables: both links through it are missed, so the
    # links came from the detection given, not from a run of their own.
    blank = {k: dataclasses.replace(r, tables=()) if k[1] == 2 else r for k, r in detected.items()}
    assert [(d.golden, d.found, len(d.missed)) for d in score_links(source, "inspector", detected=blank)] == [(2, 0, 2)]


def test_eval_command_reports_continuations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _golden(tmp_path, False)
    out = tmp_path / "run.json"
    assert main(["eval", str(root), "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "continuations: 0 of 0 found, 0 missed, 2 false joins" in text
    assert "long.pdf: falsely joined p1 [72 72 240 762] -> p2 [72 72 240 762]" in text
    block = json.loads(out.read_text())["continuations"]
    assert (block["golden"], block["found"], block["missed"], block["false_joins"]) == (0, 0, 0, 2)


def test_corpus_records_of_one_table_over_pages_are_links(tmp_path: Path) -> None:
    """A corpus record per page of one tagged table (ids "...:t0:p1", "...:t0:p2", ...): the
    consecutive pages are golden links, scored like a golden set's; ICDAR-style ids
    ("...:p1:t1") and a table on pages 1 and 3 only give none."""
    built = typeset(item_rows(90))
    (tmp_path / "pdfs").mkdir()
    (tmp_path / "pdfs" / "long.pdf").write_bytes(built.pdf)
    cells = [{"r": 0, "c": 0, "text": "x", "bbox": [72, 80, 100, 90]}]
    recs = [{"id": f"real:long:t0:p{t.page}", "pdf": "pdfs/long.pdf", "page": t.page, "kind": "ground_truth",
             "bbox": list(t.bbox), "cells": cells} for t in built.pieces]
    recs += [{"id": "icdar2013:long:p1:t1", "pdf": "pdfs/long.pdf", "page": 1, "kind": "ground_truth",
              "bbox": [72, 72, 240, 100], "cells": cells},
             {"id": "real:long:t9:p1", "pdf": "pdfs/long.pdf", "page": 1, "kind": "ground_truth",
              "bbox": [72, 72, 240, 100], "cells": cells},
             {"id": "real:long:t9:p3", "pdf": "pdfs/long.pdf", "page": 3, "kind": "ground_truth",
              "bbox": [72, 72, 240, 100], "cells": cells}]
    (tmp_path / "tables.jsonl").write_text("".join(json.dumps(r) + "\n" for r in recs))
    source = evaluate.load_source(tmp_path)
    assert [(k.table, k.first_page, k.second_page) for k in source.links] == [("t0", 1, 2), ("t0", 2, 3)]
    assert [(d.golden, d.found, d.missed) for d in score_links(source, "inspector")] == [(2, 2, ())]


@pytest.mark.parametrize("linked", [True, False])
def test_a_link_within_a_lone_annotated_page_is_scored(linked: bool, tmp_path: Path) -> None:
    """Only page 1 of the two-column flow annotated (no annotated neighbour): its table
    flowing on into the next column is a link both of whose pieces are on that page, found
    when the truth joins the columns' pieces, a false join when it keeps them apart."""
    pdf = tmp_path / "columns.pdf"
    pdf.write_bytes(column_flow_pdf())
    detected = Pipeline(open_document(pdf)).run(0).tables
    tables = tuple(annotation_table_from_detected(t, f"t{i + 1}") for i, t in enumerate(detected))
    ann = DocumentAnnotation(sha256_of(pdf), "columns.pdf", (PageInfo(1, 842, 595),), tables)
    if linked:
        ann = LinkTables("t1", "t2", 1).apply(ann)
    root = tmp_path / "golden"
    add_to_golden_set(root, ann, pdf)
    source = evaluate.load_source(root)
    assert [(k.first_page, k.second_page) for k in source.links] == ([(1, 1)] if linked else [])
    scored = [(d.golden, d.found, len(d.missed), len(d.false)) for d in score_links(source, "inspector")]
    assert scored == ([(1, 1, 0, 0)] if linked else [(0, 0, 0, 1)])


def test_a_page_whose_guarded_run_failed_is_not_detected_again(tmp_path: Path) -> None:
    """A page that timed out or failed in eval's guarded workers is not re-run by the link
    scoring (in-process, without a limit): its golden link counts as missed, unseen."""
    pdf = tmp_path / "columns.pdf"
    pdf.write_bytes(column_flow_pdf())
    detected = Pipeline(open_document(pdf)).run(0).tables
    tables = tuple(annotation_table_from_detected(t, f"t{i + 1}") for i, t in enumerate(detected))
    ann = LinkTables("t1", "t2", 1).apply(
        DocumentAnnotation(sha256_of(pdf), "columns.pdf", (PageInfo(1, 842, 595),), tables))
    root = tmp_path / "golden"
    add_to_golden_set(root, ann, pdf)
    source = evaluate.load_source(root)
    doc = source.pages[0].doc
    scored = [(d.golden, d.found, len(d.missed)) for d in score_links(source, "inspector", unsafe={(doc, 1)})]
    assert scored == [(1, 0, 1)]
