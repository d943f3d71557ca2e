"""Logical tables in the annotation: linking with a repeated header, rejected continuations."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from inspector.annotation import doc_edits as D
from inspector.annotation.edits import EditError
from inspector.annotation.model import (
    AnnTable,
    DocumentAnnotation,
    NotContinued,
    PieceRef,
    new_region,
    stacked_core_table,
)
from inspector.annotation.schema import AnnotationError, from_json, to_json
from inspector.core.types import Rect


def _doc() -> DocumentAnnotation:
    first = new_region(1, Rect(72, 600, 300, 760), 3, 2)
    first = replace(first, row_roles=("header", "data", "data"),
                    cells=tuple(replace(c, text=f"a{c.r}{c.c}") for c in first.cells))
    cont = new_region(2, Rect(72, 72, 300, 132), 3, 2)
    cont = replace(cont, row_roles=("header", "data", "data"),
                   cells=tuple(replace(c, text=f"b{c.r}{c.c}") for c in cont.cells))
    return DocumentAnnotation("0" * 64, "x.pdf", (), (AnnTable("t1", (first,), header_rows=1),
                                                     AnnTable("t2", (cont,), header_rows=1, footnote="Source: us")))


@pytest.mark.parametrize(("repeated", "rows"), [(None, ["a00", "a10", "a20", "b10", "b20"]),
                                                (1, ["a00", "a10", "a20", "b10", "b20"]),
                                                (0, ["a00", "a10", "a20", "b00", "b10", "b20"])])
def test_link_with_repeated_header(repeated, rows) -> None:
    doc = _doc()
    out = D.LinkTables("t1", "t2", repeated).apply(doc)
    table = out.tables[0]
    assert [t.id for t in out.tables] == ["t1"] and table.footnote == "Source: us"
    assert [r[0] for r in stacked_core_table(table).rows_text()] == rows
    assert D.LinkTables("t1", "t2", repeated).inverse(doc).apply(out) == doc


def test_reject_continuation_round_trips_and_undoes() -> None:
    doc = _doc()
    pair = NotContinued(PieceRef(1, Rect(72, 600, 300, 760)), PieceRef(2, Rect(72, 72, 300, 132)))
    out = D.RejectContinuation(pair).apply(doc)
    assert out.rejected(PieceRef(1, Rect(72, 601, 300, 760)), PieceRef(2, Rect(72, 72, 301, 132)))
    assert not out.rejected(PieceRef(1, Rect(72, 600, 300, 760)), PieceRef(3, Rect(72, 72, 300, 132)))
    with pytest.raises(EditError, match="rejected already"):
        D.RejectContinuation(pair).apply(out)
    assert D.RejectContinuation(pair).inverse(doc).apply(out) == doc
    data = to_json(out)
    assert data["not_continued"] == [{"first": {"page": 1, "bbox": [72, 600, 300, 760]},
                                      "second": {"page": 2, "bbox": [72, 72, 300, 132]}}]
    assert from_json(json.loads(json.dumps(data))) == out
    assert "not_continued" not in to_json(doc)  # files without rejections keep the old shape
    data["not_continued"][0]["second"]["pg"] = 2
    with pytest.raises(AnnotationError, match=r"not_continued\[0\]\.second: unknown key 'pg'"):
        from_json(data)
