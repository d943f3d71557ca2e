"""Bring your own extraction: their tables (a peer, or a pipeline's file) read, placed on the
page and compared with ours cell by cell. Pure Python; no Qt."""
