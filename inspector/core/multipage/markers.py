"""What a line between two pieces of a table may be: a "continued" marker, a caption, a page
number (regular expressions over its text), and the signature two pages' lines are compared by."""

from __future__ import annotations

import re
from collections.abc import Iterable

# "Continued" in the scripts tables are set in. The CJK words are also parts of ordinary words
# (持续经营 "going concern", 계속영업 "continuing operations"), so they count bracketed (also
# between dashes: "- 계속 -"), as 续表/續表, or standing alone at the end of a line ("재무상태표
# 계속", "表1 続き"). A bracket may hold where the rest is ("(다음 페이지에 계속)", "（续上表）",
# "(次頁へ続く)"); the phrases naming the other page or table ("接上表", "转下页", "다음 쪽에
# 계속") say it anywhere.
_CJK_WORD = r"(?:续|續|계속(?:됨|됩니다)?|続き?|続く|つづき|つづく|承前)"
_CJK_BEFORE = (r"(?:(?:다음|앞|이전)\s*(?:페이지|쪽|면|장)?\s*(?:에서|으로부터|에|으로|로)?|이하|"
               r"次(?:頁|ページ)へ?|前(?:頁|ページ)より|[接承])?")
_CJK_AFTER = r"(?:表|上表|前表|前頁|前页|上页|上頁|下页|下頁)?"
_PAGE_PHRASE = (r"[续續接承]上[表页頁]|[转轉续續]下[页頁]|下[转轉]|次(?:頁|ページ)へ続く|前(?:頁|ページ)より続く|"
                r"(?:다음|앞|이전)\s*(?:페이지|쪽|면|장)\s*(?:에서|으로부터|에|으로|로)?\s*계속")
MARKER = re.compile(r"\(?\b(?:continued|cont(?:'d|’d|d)?\.|contd\b|cont\b|fortsetzung|fortgesetzt|suite|à suivre|"
                    r"continuación|continua(?:ção)?)\b\.?\)?|续表|續表|" + _PAGE_PHRASE + "|"
                    r"[(（〔\[<〈《【＜]\s*" + _CJK_BEFORE + r"\s*" + _CJK_WORD + r"\s*" + _CJK_AFTER
                    + r"\s*[)）〕\]>〉》】＞]|"
                    r"(?:^|\s)[-–—]\s*" + _CJK_WORD + r"\s*[-–—](?:\s|$)|"
                    r"(?:^|\s)(?:续|續|계속(?:됨)?|続き|つづき)\s*$", re.IGNORECASE)
CAPTION = re.compile(r"^\s*(?:table|tab\.|figure|fig\.|exhibit|chart|schedule|appendix|tabelle|abbildung|"
                     r"tableau|figura|tabla|表|图|圖)\s*[0-9IVXLA-Z]", re.IGNORECASE)
# Captions a continuation also meets: Korean's 표/그림 ("표 2. 인건비 내역") and bracketed labels
# ("<표 3>", "[Table 4]"). Apart from CAPTION, which page detection shares (``structure.between``).
CAPTION_MORE = re.compile(r"^\s*[<〈《\[(（]?\s*(?:표|그림)\s*[0-9]|"
                          r"^\s*[<〈《\[(（]\s*(?:table|figure|表|图|圖)\s*[0-9]", re.IGNORECASE)


def captioned(text: str) -> bool:
    """Does ``text`` start as a caption does (``CAPTION`` or ``CAPTION_MORE``)?"""
    return bool(CAPTION.match(text) or CAPTION_MORE.match(text))

# A note set under a table ("Note: ...", "주: ...", "注：...", "※ ...", "* ..."): at the foot of
# a page it may stand under a piece whose table goes on overleaf.
NOTE = re.compile(r"^\s*(?:[※*†‡]|(?:notes?|source|sources|주|비고|注|注释|备注|说明|注記|出典)\s*\d*\s*[:：])",
                  re.IGNORECASE)
# A footnote by its mark: "1)", "(1)", "a)", "¹", "*)", "注1" without a colon (``NOTE`` has those with one).
FOOTNOTE = re.compile(r"^\s*(?:\(?\d{1,2}\)|\(?[a-z]\)\s|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*+\)?|(?:注|주)\s*\d{1,2}\s*[)）.]?)")
# A note's leading sign ("* restated", "† unaudited", "** in thousands"): a footnote's mark
# where a cell of the table carries the same sign ("1,234*", "Revenue†").
SIGN = re.compile(r"^\s*([*†‡]+)")
_CELL_SIGN = re.compile(r"(?<![*†‡])([*†‡]+)\)?\s*$")
# A total carried to the next page at the foot of a piece ("Carried forward", "c/f", "à reporter",
# "Übertrag", "转下页", "次頁へ繰越", "다음 쪽으로 이월") and brought in at the top of the next
# ("Brought forward", "b/f", "report de la page précédente", "承前页", "前頁より繰越"): a page's
# running total, the opposite of a closing total. "Übertrag" says both.
CARRIED = re.compile(r"\bcarried\s+(?:forward|over|fwd)\b|\bc\s*/\s*f(?:wd)?\b|\b(?:carried\s+)?to\s+(?:the\s+)?next\s+page\b|"
                     r"à\s+reporter|\bübertrag\b|da\s+riportare|suma\s+y\s+sigue|\ba\s+transportar\b|"
                     r"[转轉过過]下?[次下][页頁]|次(?:頁|ページ)へ繰越|다음\s*(?:쪽|페이지|면)\S*\s*이월", re.IGNORECASE)
BROUGHT = re.compile(r"\bbrought\s+(?:forward|over|fwd)\b|\bb\s*/\s*f(?:wd)?\b|\b(?:brought\s+)?from\s+(?:the\s+)?previous\s+page\b|"
                     r"report\s+de\s+la\s+page|\bübertrag\b|\briporto\b|suma\s+anterior|"
                     r"承前[页頁]|上[页頁][转轉]来|前(?:頁|ページ)より繰越|(?:앞|이전)\s*(?:쪽|페이지|면)\S*\s*이월", re.IGNORECASE)
PAGE_NUMBER = re.compile(r"^\s*(?:page|seite|p\.|s\.)?\s*[-–—]?\s*\d{1,4}\s*[-–—]?\s*"
                         r"(?:(?:of|/|von|sur|de)\s*\d{1,4})?\s*$", re.IGNORECASE)


def cell_signs(texts: Iterable[str]) -> frozenset[str]:
    """The signs (``*``, ``**``, ``†``, ``‡``) that end any of ``texts``: the marks a
    footnote under the table may note those cells by."""
    return frozenset(m.group(1) for t in texts if (m := _CELL_SIGN.search(t)) and t.strip() != m.group(0).strip())


def signed(text: str, signs: frozenset[str]) -> bool:
    """Does the line ``text`` start with one of the cells' ``signs`` (a footnote by its mark)?"""
    m = SIGN.match(text)
    return m is not None and m.group(1) in signs


def signature(text: str) -> str:
    """A line's text compared across pages: case and spacing ignored, every number one "#"."""
    return re.sub(r"\d+", "#", " ".join(text.lower().split()))


def bare(text: str) -> str:
    """A line's signature without its continuation marker. A caption keeps its numbers: "Table 5
    ..." over the next page's table names another table than "Table 4 ..." over the first piece
    (a statistical annex titles each page's table alike but for the number), where a title
    set again over a continuation names the same one."""
    if captioned(text):
        return " ".join(MARKER.sub(" ", text).lower().split())
    return signature(MARKER.sub(" ", text)).strip()


__all__ = ["MARKER", "CARRIED", "BROUGHT", "NOTE", "FOOTNOTE", "SIGN", "cell_signs", "signed", "CAPTION", "CAPTION_MORE", "captioned", "PAGE_NUMBER", "signature", "bare"]
