"""What the generated corpora's tests share (corpus/modern, corpus/html, corpus/styles): the
detector's adjacency F1 per style on a golden set whose tables carry a style, and the
corpus's own counts."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from inspector.annotation.goldenset import load_golden_set
from inspector.evaluation import evaluate, styles, summary


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
