"""What the generated corpora's tests share (corpus/modern, corpus/html, corpus/styles,
corpus/producers): the golden set (skipped, or failed in CI, when absent), its soundness and
styles, the detector's adjacency F1 per style against floors, and where a built table's
glyphs lie."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pymupdf

from inspector.annotation.goldenset import check_golden_set, load_golden_set
from inspector.annotation.model import AnnTable, DocumentAnnotation, Region
from inspector.evaluation import evaluate, styles, summary
from tests.gates import corpus_absent


def golden_of(corpus: Path) -> Path:
    """``corpus``'s golden folder; the test skips (fails in CI) when it was not built."""
    golden = corpus / "golden"
    if not (golden / "golden.json").is_file():
        corpus_absent(f"corpus/{corpus.name} is absent")
    return golden


def style_scores(golden: Path, styles_json: Path) -> tuple[dict[str, float], float, list[str]]:
    """(adjacency F1 per style, F1 over every table, PDFs refused) of the detector on ``golden``."""
    source, refused = evaluate.verify_pdfs(evaluate.load_source(golden))
    outcomes = evaluate.run(source, "inspector")
    per_style = styles.by_style(outcomes, styles.load_styles(styles_json))
    f1 = {s: float(v["adjacency"]["f1"]) for s, v in per_style.items()}
    return f1, summary.totals(outcomes).adjacency.f1, [str(r) for r in refused]


def below(f1: Mapping[str, float], floors: Mapping[str, float]) -> dict[str, float]:
    """The styles whose F1 is under their floor, rounded for the message."""
    return {s: round(f1[s], 3) for s, floor in floors.items() if f1[s] < floor}


def counts(golden: Path, styles_json: Path) -> tuple[int, dict[str, str]]:
    """(tables in the golden set, the style of each table by id) of a corpus."""
    n_tables = sum(len(e.annotation.tables) for e in load_golden_set(golden).entries)
    return n_tables, styles.load_styles(styles_json)


def sound_styles(golden: Path, styles_json: Path, minimum: int) -> set[str]:
    """The styles of a corpus whose golden set passes ``golden check`` and has at least
    ``minimum`` tables, each with a style (asserted)."""
    problems = check_golden_set(golden)
    assert problems == [], problems[:3]
    n_tables, table_styles = counts(golden, styles_json)
    assert n_tables == len(table_styles) >= minimum, (n_tables, len(table_styles), minimum)
    return set(table_styles.values())


def assert_floors(golden: Path, styles_json: Path, floors: Mapping[str, float], overall_floor: float) -> None:
    """The detector's F1 on every style at or over its floor, and over all tables at ``overall_floor``."""
    f1, overall, refused = style_scores(golden, styles_json)
    assert not refused, refused
    low = below(f1, floors)
    assert not low, f"below the floor: {low}"
    assert overall >= overall_floor, f"overall {overall:.3f} < {overall_floor}"


def assert_glyphs_in_slots(region: Region, inside: bool = False) -> None:
    """Each cell's glyphs centred in the cell's own slots; with ``inside``, also wholly
    inside the table (a tightly padded cell's glyphs may stand out of it)."""
    for c in region.cells:
        if c.bbox is not None:
            b = c.bbox
            assert region.cell_box(c).contains_point(b.cx, b.cy), (c.r, c.c, b, region.cell_box(c))
            if inside:
                assert region.bbox.contains_point(b.x0, b.y0) and region.bbox.contains_point(b.x1, b.y1), \
                    (c.r, c.c, b, region.bbox)


def assert_continued(table: AnnTable) -> None:
    """A table continued over pages: one region per page, two or more, each under the header
    repeated (its first row a header row, starting with the same text)."""
    assert len(table.regions) >= 2
    for region in table.regions:
        assert region.row_roles[0] == "header"
        assert region.cell_at(0, 0).value == table.regions[0].cell_at(0, 0).value


def assert_cells_on_pages(pdf: Path, ann: DocumentAnnotation) -> None:
    """Every annotated cell's text is in the PDF's text (spaces aside) and its glyphs lie in
    the cell's own slots (``assert_glyphs_in_slots``)."""
    with pymupdf.open(pdf) as doc:
        text = "".join(p.get_text() for p in doc).replace(" ", "").replace("\n", "")
    for t in ann.tables:
        for region in t.regions:
            assert all(c.text.replace(" ", "") in text for c in region.cells)
            assert_glyphs_in_slots(region)
