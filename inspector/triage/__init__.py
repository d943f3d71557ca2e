"""Corpus triage: detect many documents, count the defects that need no truth, rank the tables.

Pure Python (core + evaluation.defects + sqlite3); Dask is optional."""
