"""Numbers in cell text, normalised: ``"(1,234.5)"`` -> -1234.5, ``"3.5万"`` -> 35000.

Understood: thousands separators (``1,234.5``, European ``1.234,5``, spaces including
no-break and thin spaces ``100 000``, Swiss ``1'234``, Indian ``1,23,456``), a decimal
comma (``35,8``), signs (``-``, ``+``, Unicode minus, Japanese ``△``/``▲``), accounting
negatives in parentheses, exponents (``8.24e-04``), percent and per mille, currency symbols or codes before or
after the number, multipliers (k, M, bn, thousand, million, 千, 万, 亿, ...), a trailing
unit word (``12 kg``; a single letter only apart from the number: ``12a`` is a label) and a trailing footnote marker (``10,000 (1)``, ``5*``, ``7¹``).
Values are ``Decimal`` so ``0.07亿`` is exactly 7000000. Anything else is not a number:
``None``, never a guess such as reading ``2012_2`` or ``(405) 680-3701`` as one.

The one "is this a number" of the project (metrics, defects, row roles and exporters all
ask here). Decided answers for the texts the old copies disagreed on: "3.5万" 35000,
"12 kg" 12 (unit kg), "€ 12" 12 (currency €), "100 000" 100000, "5*" 5 (marker *) are
numbers; "12." is not (a trailing separator is a list label or a number cut in two, which
``evaluation.defects`` reports as a split number).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

_SCALES: dict[str, Decimal] = {
    "k": Decimal(10) ** 3, "K": Decimal(10) ** 3, "thousand": Decimal(10) ** 3, "千": Decimal(10) ** 3,
    "万": Decimal(10) ** 4, "萬": Decimal(10) ** 4, "lakh": Decimal(10) ** 5,
    "M": Decimal(10) ** 6, "mn": Decimal(10) ** 6, "million": Decimal(10) ** 6, "百万": Decimal(10) ** 6,
    "千万": Decimal(10) ** 7, "crore": Decimal(10) ** 7,
    "亿": Decimal(10) ** 8, "億": Decimal(10) ** 8,
    "B": Decimal(10) ** 9, "bn": Decimal(10) ** 9, "billion": Decimal(10) ** 9,
    "tn": Decimal(10) ** 12, "trillion": Decimal(10) ** 12,
}
# Only after a currency: "£5m" is five million pounds, "5 m" is five metres.
_MONEY_SCALES: dict[str, Decimal] = {"m": Decimal(10) ** 6, "b": Decimal(10) ** 9}
_CURRENCY = ("US$", "HK$", "A$", "C$", "NZ$", "R$", "$", "€", "£", "¥", "₹", "₩", "₽", "元", "円", "원",
             "USD", "EUR", "GBP", "JPY", "CNY", "RMB", "CHF", "HKD", "INR", "KRW")
_CURRENCY_RE = "|".join(re.escape(c) for c in _CURRENCY)
_PREFIX_CURRENCY = re.compile(rf"^({_CURRENCY_RE})\s*")
_SCALE_RE = "|".join(re.escape(s) for s in sorted([*_SCALES, *_MONEY_SCALES], key=len, reverse=True))
_CORE = re.compile(r"^(\d[\d.,' ]*\d|\d|\.\d+)")
_SUFFIX = re.compile(rf"^\s*(?:(?P<scale>{_SCALE_RE})(?![A-Za-z]))?\s*(?P<cur>{_CURRENCY_RE})?\s*"
                     r"(?P<unit>%|‰|[^\W\d_][\w/°²³µ.]{0,11})?$")
_MARKER = re.compile(r"(\s+\((?:\d{1,2}|[a-zA-Z])\)|\s*[*†‡]+|(?<=\d)[¹²³⁰-⁹]+)$")
_MINUS = {"-", "−", "–", "△", "▲"}
# A power of ten written as a computer prints it ("8.24e-04", "6.1E+05", "3.2e−3"): a signed
# exponent right after the digits; an unsigned one ("1.5e3") reads the same.
_EXPONENT = re.compile(r"^[eE](?P<sign>[+\-−]?)(?P<exp>\d{1,3})(?!\d)")


@dataclass(frozen=True, slots=True)
class ParsedNumber:
    """A number read from cell text.

    ``value``: sign, percent kept as written (``18%`` -> 18), multiplier applied
    (``2k`` -> 2000). ``unit``: "%", "‰", a unit word ("kg") or "" (currency aside).
    ``currency``: the symbol or code as written ("$", "EUR", "元") or "". ``scale``: the
    multiplier as written ("万", "bn") or "". ``marker``: a footnote marker stripped from
    the end ("(1)", "*") or "". ``raw``: the text as given.
    """

    value: Decimal
    raw: str
    unit: str = ""
    currency: str = ""
    scale: str = ""
    marker: str = ""

    def as_json_number(self) -> int | float:
        """``value`` as an int when integral, else a float (for JSON)."""
        if self.value == self.value.to_integral_value():
            return int(self.value)
        return float(self.value)


def _prepare(text: str) -> tuple[str, str]:
    """Text trimmed, full-width forms and odd spaces made plain; a footnote marker split off."""
    text = text.strip()
    marker = ""
    m = _MARKER.search(text)
    if m and m.start() > 0:
        marker, text = m.group(0).strip(), text[:m.start()].rstrip()
    # Full-width forms only: NFKC on the whole text would also turn "m²" into "m2".
    text = "".join(unicodedata.normalize("NFKC", ch) if "\uff00" <= ch <= "\uffef" else ch for ch in text)
    return " ".join(text.split()), marker


def _peel(text: str) -> tuple[str, bool, str] | None:
    """Outer sign, parentheses and leading currency removed: (rest, negative, currency)."""
    negative, currency = False, ""
    for _ in range(3):  # e.g. "-$(5)": sign, currency and parentheses in any order, once each
        if text[:1] in _MINUS or text[:1] == "+":
            negative ^= text[0] != "+"
            text = text[1:].lstrip()
        if text.startswith("(") and text.endswith(")"):
            negative, text = not negative, text[1:-1].strip()
        m = _PREFIX_CURRENCY.match(text)
        if m and not currency:
            currency, text = m.group(1), text[m.end():]
    if text[:1] in _MINUS and text[1:2].isdigit():
        negative, text = not negative, text[1:]
    return (text, negative, currency) if text else None


def parse_number(text: str, decimal_comma: bool | None = None) -> ParsedNumber | None:
    """The number ``text`` holds, or None when it is not just a number (see module doc).

    ``decimal_comma``: True reads ``1,234`` as 1.234 and ``1.234`` as 1234, False the
    other way round, None guesses per value (a lone comma followed by three digits is a
    thousands separator, otherwise a decimal one).
    """
    body, marker = _prepare(text)
    peeled = _peel(body)
    if peeled is None:
        return None
    rest, negative, currency = peeled
    m = _CORE.match(rest)
    if m is None:
        return None
    digits = to_decimal(m.group(1), decimal_comma)
    after = rest[m.end():]
    e = _EXPONENT.match(after)
    if e and digits is not None:
        digits = digits.scaleb(-int(e["exp"]) if e["sign"] in ("-", "−") else int(e["exp"]))
        after = after[e.end():]
    suffix = _SUFFIX.match(after)
    if digits is None or suffix is None:
        return None
    scale, cur, unit = suffix.group("scale") or "", suffix.group("cur") or "", suffix.group("unit") or ""
    if cur and currency:
        return None
    currency = currency or cur
    if scale in _MONEY_SCALES and not currency:
        scale, unit = "", scale + unit  # "5 m" is metres
        if not re.fullmatch(r"[^\W\d_][\w/°²³µ.]{0,11}", unit):
            return None
    if len(unit) == 1 and unit.isalpha() and not rest[m.end():m.end() + 1].isspace():
        return None  # "12a", "3b": an item label; a one-letter unit is written apart ("5 m")
    factor = _SCALES.get(scale) or _MONEY_SCALES.get(scale) or Decimal(1)
    value = -(digits * factor) if negative else digits * factor
    return ParsedNumber(value + 0, text, unit, currency, scale, marker)


@lru_cache(maxsize=8192)
def is_number(text: str) -> bool:
    """True when the whole of ``text`` is one number as ``parse_number`` reads it. Cached:
    detection asks it of every word of a table region, again for each region and stage."""
    return parse_number(text) is not None


_BROKEN_END = re.compile(r"\d[.,]?$")  # a word ending in a digit or a separator after one: a number may go on


def broken_number(word: str) -> bool:
    """Does ``word`` end in a digit or a separator after one, yet read as no number ("1,692,0",
    "12.")? A number broken off there may go on in the next line (``completes_number``)."""
    return _BROKEN_END.search(word) is not None and not is_number(word)


def completes_number(head: str, tail: str) -> bool:
    """Is ``tail`` (a cell's next line) the broken-off end of the number ``head`` ends with: the
    last word of ``head`` is no number alone (a short last digit group, "1,692,0", "67,680,00";
    a trailing separator, "1,692,", "12.") and, with ``tail`` run on without a space, it is one
    ("1,692,000")? ``tail`` starts with a digit: the number goes on, no new value or label.
    A producer breaks a number so inside a narrow column; a whole value over a whole value
    ("1,0" over "00") is no such break."""
    words, t = head.split(), tail.strip()
    if not words or not t[:1].isdigit() or not broken_number(words[-1]):
        return False
    return is_number(words[-1] + t.replace(" ", ""))


_SIGNS = {c for c in _CURRENCY if not c.isalpha()}  # "$", "€", "US$"...: the codes and words are labels too


def currency_sign(text: str) -> bool:
    """Is ``text`` a currency sign alone ("$", "€", "US$", "\uffe5")? The signs of
    ``_CURRENCY`` and any character of Unicode's currency category; never a code or a word
    ("USD", "元"): a column of those can be a table's own column."""
    t = text.strip().replace("\uff04", "$")
    return t in _SIGNS or (len(t) == 1 and unicodedata.category(t) == "Sc")


_LEADING_SIGNS = {"$", "US$", "HK$", "A$", "C$", "NZ$", "R$", "£", "¥", "₹", "₩", "\uffe5", "\uffe1"}


def leading_sign(text: str) -> bool:
    """Is ``text`` a currency sign alone that stands before its amount wherever it is written
    ("$", "£", "¥", "US$")? Not "€" or "₽": many languages write those after the amount."""
    return text.strip().replace("\uff04", "$") in _LEADING_SIGNS


def decimal_evidence(text: str) -> bool | None:
    """True when ``text`` can only be a decimal-comma number ("35,8", "1.234,5"), False
    when it can only be a decimal-point one ("3.30", "1,234.5"), None when it cannot tell."""
    peeled = _peel(_prepare(text)[0])
    m = _CORE.match(peeled[0]) if peeled else None
    if m is None:
        return None
    core = m.group(1)
    commas, dots = core.count(","), core.count(".")
    if commas and dots:
        return core.rfind(",") > core.rfind(".")
    if commas == 1 and len(core.rsplit(",", 1)[1]) != 3:
        return True
    if dots == 1 and len(core.rsplit(".", 1)[1]) != 3:
        return False
    return None


def guess_decimal_comma(texts: Iterable[str]) -> bool | None:
    """The convention most unambiguous values among ``texts`` follow (None: no evidence or a tie),
    so "1.234" reads as 1234 in a column that also holds "1.234,50"."""
    votes = [v for v in map(decimal_evidence, texts) if v is not None]
    comma, point = votes.count(True), votes.count(False)
    return None if comma == point else comma > point


def to_decimal(core: str, decimal_comma: bool | None = None) -> Decimal | None:
    """Digits with separators (no sign, no unit) as a Decimal, or None when malformed."""
    dec, thou = _separators(core, decimal_comma)
    int_part, frac = (core.rsplit(dec, 1) + [""])[:2] if dec else (core, "")
    if dec and not frac.isdigit():
        return None
    if thou and re.search(r"[ ']", int_part):
        return None  # "1,314,000 940,750" is two numbers, not one
    groups = int_part.split(thou) if thou else re.split(r"[ ']", int_part)
    if not _grouping_ok(groups):
        return None
    try:
        return Decimal("".join(groups) + ("." + frac if frac else ""))
    except InvalidOperation:
        return None


def _separators(core: str, decimal_comma: bool | None) -> tuple[str, str]:
    """(decimal separator, thousands separator), each "" when absent."""
    commas, dots = core.count(","), core.count(".")
    if commas and dots:
        return (",", ".") if core.rfind(",") > core.rfind(".") else (".", ",")
    if commas:
        if commas > 1:
            return "", ","
        head, tail = core.rsplit(",", 1)
        if decimal_comma is None:
            grouped = " " in core or "'" in core
            decimal_comma = len(tail) != 3 or head.strip(" '") in ("0", "") or grouped
        return (",", "") if decimal_comma else ("", ",")
    if dots:
        if dots > 1:
            return "", "."
        head, tail = core.rsplit(".", 1)
        if decimal_comma and len(tail) == 3 and head not in ("0", ""):
            return "", "."
        return ".", ""
    return "", ""


def _grouping_ok(groups: list[str]) -> bool:
    """Thousands groups: 1-3 digits then threes, or Indian (1-2, twos, then a three)."""
    if not all(g.isdigit() for g in groups):
        return groups == [""]  # ".5" has an empty integer part
    if len(groups) == 1:
        return True
    head, rest = groups[0], groups[1:]
    if 1 <= len(head) <= 3 and all(len(g) == 3 for g in rest):
        return True
    return 1 <= len(head) <= 2 and all(len(g) == 2 for g in rest[:-1]) and len(rest[-1]) == 3
