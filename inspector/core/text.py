"""Text normalisation used when texts are compared or written on one line."""

from __future__ import annotations


def norm_text(text: str) -> str:
    """``text`` with every whitespace character removed: how ICDAR 2013 compares cell text
    (so a line break inside a cell never counts as a difference)."""
    return "".join(text.split())


def flat(text: str) -> str:
    """Whitespace (line breaks included) collapsed to single spaces, ends trimmed."""
    return " ".join(text.split())
