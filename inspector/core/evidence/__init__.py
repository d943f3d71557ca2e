"""Drawn evidence: ruling lines and filled areas, from vector drawings and from a render.

Rules and fills are what a table's boundaries may lie on; the structure package decides
which of them become boundaries.
"""
