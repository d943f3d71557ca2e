"""Evaluation: metrics, TEDS, defect counts, peers and scoring over annotations or the corpus.
Pure Python; reads annotations, never edits them; no Qt."""
