"""What a line between two pieces of a table may be: a "continued" marker, a caption, a page
number (regular expressions over its text), and the signature two pages' lines are compared by."""

from __future__ import annotations

import re

# "Continued" in the scripts tables are set in. The CJK words are also parts of ordinary words
# (持续经营 "going concern", 계속영업 "continuing operations"), so they count bracketed, as
# 续表/續表, or standing alone at the end of a line ("재무상태표 계속", "表1 続き").
MARKER = re.compile(r"\(?\b(?:continued|cont(?:'d|’d|d)?\.|cont\b|fortsetzung|fortgesetzt|suite|à suivre|"
                    r"continuación|continua(?:ção)?)\b\.?\)?|续表|續表|"
                    r"[(（〔\[]\s*(?:续|續|계속|続き?|つづき|承前)\s*(?:表|前表|前頁|前页)?\s*[)）〕\]]|"
                    r"(?:^|\s)(?:续|續|계속|続き|つづき)\s*$", re.IGNORECASE)
CAPTION = re.compile(r"^\s*(?:table|tab\.|figure|fig\.|exhibit|chart|schedule|appendix|tabelle|abbildung|"
                     r"tableau|figura|tabla|表|图|圖)\s*[0-9IVXLA-Z]", re.IGNORECASE)
# Captions a continuation also meets: Korean's 표/그림 ("표 2. 인건비 내역") and bracketed labels
# ("<표 3>", "[Table 4]"). Apart from CAPTION, which page detection shares (``structure.between``).
CAPTION_MORE = re.compile(r"^\s*[<〈《\[(（]?\s*(?:표|그림)\s*[0-9]|"
                          r"^\s*[<〈《\[(（]\s*(?:table|figure|表|图|圖)\s*[0-9]", re.IGNORECASE)
PAGE_NUMBER = re.compile(r"^\s*(?:page|seite|p\.|s\.)?\s*[-–—]?\s*\d{1,4}\s*[-–—]?\s*"
                         r"(?:(?:of|/|von|sur|de)\s*\d{1,4})?\s*$", re.IGNORECASE)


def signature(text: str) -> str:
    """A line's text compared across pages: case and spacing ignored, every number one "#"."""
    return re.sub(r"\d+", "#", " ".join(text.lower().split()))


def bare(text: str) -> str:
    """A line's signature without its continuation marker."""
    return signature(MARKER.sub(" ", text)).strip()


__all__ = ["MARKER", "CAPTION", "CAPTION_MORE", "PAGE_NUMBER", "signature", "bare"]
