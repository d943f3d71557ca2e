"""Units stated beside numbers: a table's unit line ("单位：万元", "(단위: 천원)", "(in thousands
of USD)") and a header's unit ("营业收入（元）", "Revenue ($000)", "Margin (%)", "Price, EUR").

``unit_expression`` reads a text that is nothing but a unit ("万元", "USD m", "%");
``unit_line`` finds one in a longer line (a caption, a title, a footnote) after a unit word
("单位", "단위", "単位", "Unit:", "in thousands", "amounts in", or a bracket holding only a
unit); ``header_unit`` finds one at the end of a header (in brackets, or after a comma).
None means "says nothing": no unit is ever guessed. Pure functions over text.

Scales: 千 万 十万 百万 千万 亿 十亿 兆, 천 만 백만 천만 억 십억 조, thousand(s) million(s)
billion(s) trillion(s), k m mn mm bn tn, $000 / '000. Currencies: 元 人民币 RMB CNY, 원 KRW,
$ US$ USD dollars, € EUR euros, £ GBP, ¥ 円 JPY yen, HK$ HKD 港元, CHF, ₹ INR. Ratios: % percent
per cent 百分比, ‰, bp bps "basis points" 基点.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

_K, _M, _B, _T = (Decimal(10) ** n for n in (3, 6, 9, 12))
# Scale words, longest first when matched; English ones are matched lower-cased.
SCALES: dict[str, Decimal] = {
    "千": _K, "万": Decimal(10) ** 4, "萬": Decimal(10) ** 4, "十万": Decimal(10) ** 5, "百万": _M,
    "百萬": _M, "千万": Decimal(10) ** 7, "千萬": Decimal(10) ** 7, "亿": Decimal(10) ** 8, "億": Decimal(10) ** 8,
    "十亿": _B, "十億": _B, "兆": _T,
    "천": _K, "만": Decimal(10) ** 4, "십만": Decimal(10) ** 5, "백만": _M, "천만": Decimal(10) ** 7,
    "억": Decimal(10) ** 8, "십억": _B, "조": _T,
    "thousand": _K, "thousands": _K, "k": _K, "'000": _K, "000": _K, "000s": _K, "'000s": _K,
    "million": _M, "millions": _M, "m": _M, "mn": _M, "mm": _M, "mio": _M, "'000,000": _M,
    "billion": _B, "billions": _B, "bn": _B, "b": _B, "trillion": _T, "trillions": _T, "tn": _T,
}
# Currency words and their ISO 4217 codes. CJK money words also say "units of one" ("（元）").
CURRENCIES: dict[str, str] = {
    "元": "CNY", "人民币": "CNY", "人民币元": "CNY", "rmb": "CNY", "cny": "CNY", "圆": "CNY",
    "원": "KRW", "krw": "KRW", "韩元": "KRW", "₩": "KRW",
    "$": "USD", "us$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD", "美元": "USD", "달러": "USD",
    "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR", "欧元": "EUR",
    "£": "GBP", "gbp": "GBP", "pound": "GBP", "pounds": "GBP", "英镑": "GBP",
    "¥": "JPY", "円": "JPY", "jpy": "JPY", "yen": "JPY", "日元": "JPY", "엔": "JPY",
    "hk$": "HKD", "hkd": "HKD", "港元": "HKD", "港币": "HKD", "chf": "CHF", "₹": "INR", "inr": "INR",
}
_UNIT_OF_ONE = ("元", "人民币元", "원", "円", "圆", "港元", "美元", "日元", "欧元", "韩元")
RATIOS: dict[str, str] = {"%": "%", "percent": "%", "per cent": "%", "percentage": "%", "百分比": "%",
                          "퍼센트": "%", "‰": "‰", "bp": "bp", "bps": "bp", "basis points": "bp", "基点": "bp"}
_FILLER = ("of", "in", "amounts", "amount", "expressed", "figures", "except", "per share data",
           "金额", "币种", "股", "주", "share", "per share", "unless", "otherwise", "stated", "noted", "indicated")
_TOKENS = sorted({*SCALES, *CURRENCIES, *RATIOS, *_FILLER}, key=len, reverse=True)
_TOKEN_RE = re.compile("|".join(re.escape(t) for t in _TOKENS))
_SEP = " \t,，、/'’:：;()（）[]"
_WEAK_SCALES = ("m", "b", "k")  # scales only beside a currency


def _cue_words() -> tuple[str, ...]:
    """The strings one of which every stated unit holds: ``_spec`` returns a unit only with a
    ratio, a currency or a scale other than a lone m/b/k (of a word pair, "per cent", its last
    word), lower-cased; a word holding a shorter one is left out ("thousands": "thousand")."""
    keys = {k.rsplit(" ", 1)[-1] for k in (*RATIOS, *CURRENCIES, *SCALES) if k not in _WEAK_SCALES}
    return tuple(sorted(k for k in keys if not any(o != k and o in k for o in keys)))


_CUES = _cue_words()


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """What a unit statement says. ``scale``/``currency``/``unit`` as written ("万", "USD", "%";
    "" when not said), ``factor`` the scale's multiplier (1 without one), ``currency_code`` the
    ISO 4217 code ("" when none or unknown), ``unit`` "%", "‰" or "bp" for ratios.
    ``scale_stated``: the statement fixes the scale (a scale word, or a CJK money word that
    means "units of one", "（元）"), so a farther statement's scale does not apply.
    ``text``: the words it was read from ("单位：万元")."""

    scale: str = ""
    factor: Decimal = Decimal(1)
    currency: str = ""
    currency_code: str = ""
    unit: str = ""
    scale_stated: bool = False
    text: str = ""

    @property
    def is_ratio(self) -> bool:
        return self.unit in ("%", "‰", "bp")

    @property
    def is_other(self) -> bool:
        """A unit of no money and no ratio ("kg", "人"): its numbers are not scaled as amounts."""
        return bool(self.unit) and not self.is_ratio


def _norm(text: str) -> str:
    """Full-width forms plain (（万元） -> (万元)), spaces single."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def unit_expression(text: str) -> UnitSpec | None:
    """The unit ``text`` states when it holds nothing but unit words ("万元", "人民币元",
    "천원", "thousands of USD", "EUR million", "$000", "€m", "%"), else None."""
    norm = _norm(text)
    low = norm.lower()
    pos, found = 0, []
    while pos < len(low):
        if low[pos] in _SEP:
            pos += 1
            continue
        m = _TOKEN_RE.match(low, pos)
        if m is None or not (_token_ends(low, m) or _glued(low, m)):
            return None
        found.append(m.group(0))
        pos = m.end()
    return _spec(found, norm.strip(_SEP + " ")) if found else None


def _token_ends(low: str, m: re.Match[str]) -> bool:
    """A Latin token is a whole word ("m" in "mm" or "margin" is not the scale m)."""
    tok, end = m.group(0), m.end()
    return not (tok[-1].isascii() and tok[-1].isalnum() and end < len(low) and low[end].isascii()
                and low[end].isalnum())


def _glued(low: str, m: re.Match[str]) -> bool:
    """A scale letter glued to a currency code or the other way round ("kEUR", "EURm", "USDbn")."""
    nxt = _TOKEN_RE.match(low, m.end())
    pair = {m.group(0), nxt.group(0)} if nxt else set()
    return nxt is not None and _token_ends(low, nxt) and len(pair & SCALES.keys()) == 1 and \
        len(pair & CURRENCIES.keys()) == 1


def _spec(tokens: list[str], text: str) -> UnitSpec | None:
    """Tokens (lower-cased) into a ``UnitSpec``; None when they state nothing or clash."""
    scales = [t for t in tokens if t in SCALES]
    currencies = [t for t in tokens if t in CURRENCIES]
    ratios = [RATIOS[t] for t in tokens if t in RATIOS]
    if ratios:
        return None if scales or currencies else UnitSpec(unit=ratios[0], text=text)
    if len({SCALES[s] for s in scales}) > 1 or len({CURRENCIES[c] for c in currencies}) > 1:
        return None  # "万 / 千元": two statements, not one
    if not scales and not currencies:
        return None
    # A lone "m" or "b" is a scale only beside a currency ("EUR m"); alone it may be metres.
    if scales and not currencies and scales[0] in _WEAK_SCALES:
        return None
    scale, currency = (scales[0] if scales else ""), (currencies[0] if currencies else "")
    shown_cur = _as_written(text, currency)
    return UnitSpec(_as_written(text, scale), SCALES.get(scale, Decimal(1)), shown_cur, CURRENCIES.get(currency, ""),
                    "", bool(scale) or currency in _UNIT_OF_ONE, text)


def _as_written(text: str, token: str) -> str:
    """``token`` with the case it has in ``text`` ("USD", not "usd")."""
    i = text.lower().find(token)
    return text[i:i + len(token)] if i >= 0 else token


# A unit word then the unit: "单位：万元", "(단위: 천원)", "Unit: %", "金额单位：人民币元".
_LABELLED = re.compile(r"(?:单位|單位|単位|단위|\bunits?\b|\bcurrency\b|币种|幣種)\s*[:：]?\s*([^;；。()（）\[\]]+)",
                       re.IGNORECASE)
# "in thousands of USD", "Amounts in EUR million", "(in millions, except per share data)".
_IN = re.compile(r"\b(?:in|amounts in|expressed in|figures in)\s+([^;()\[\]]+)", re.IGNORECASE)
_BRACKET = re.compile(r"[(（\[]([^()（）\[\]]{1,40})[)）\]]")
# Runs of text between separators (``unit_expression`` skips them, reading unit words between),
# and a run that is unit words only (split any way; of a word pair, "per cent", either word).
_RUN = re.compile("[^" + re.escape(_SEP) + r"\s]*")
_LABELS = ("单位", "單位", "単位", "단위", "unit", "currency", "币种", "幣種")
_UNIT_RUN = re.compile("(?:" + "|".join(re.escape(t) for t in sorted({w for t in _TOKENS for w in t.split()},
                                                                      key=len, reverse=True)) + ")+")


def may_state_unit(text: str) -> bool:
    """False only when no line made of ``text``'s words (joined by white space, in any order,
    any of them left out) states a unit: ``unit_line`` is None on all of them. A cheap exact
    pre-test. A stated unit holds a cue word (``_cue_words``); after a unit word ("单位",
    "Unit:") it may be glued to it; else (after "in", in brackets) the run of text between
    separators that holds the cue is unit words only ("(%)", "thousands", not "percentage-
    points" or "center")."""
    norm = unicodedata.normalize("NFKC", text)
    low = norm.lower()  # as ``unit_expression`` reads it: white space changes no run or cue
    cues = [cue for cue in _CUES if cue in low]
    if not cues:
        return False
    # The labels as ``_LABELLED`` finds them (its IGNORECASE is ``lower`` on ASCII text only).
    if any(label in low for label in _LABELS) or (not norm.isascii() and _LABELLED.search(norm)):
        return True
    back = low[::-1]
    for cue in cues:
        at = low.find(cue)
        while at >= 0:
            if _UNIT_RUN.fullmatch(_run_at(low, back, at)):
                return True
            at = low.find(cue, at + 1)
    return False


def _run_at(low: str, back: str, at: int) -> str:
    """The run of text between separators that holds position ``at`` of ``low`` (``back``:
    ``low`` reversed, to find the run's start with the same pattern)."""
    before, after = _RUN.match(back, len(low) - at), _RUN.match(low, at)
    assert before is not None and after is not None  # ``_RUN`` matches an empty run too
    return low[len(low) - before.end():after.end()]


def unit_line(text: str) -> UnitSpec | None:
    """The unit a caption, title or footnote line states ("单位：万元 币种：人民币", "(in
    thousands of USD)", "表3 主要数据（单位：百万元）", "(€ million)"), or None."""
    norm = _norm(text)
    for m in _LABELLED.finditer(norm):
        spec = _leading_unit(m.group(1))
        if spec is not None:
            return _with_currency_line(spec, norm, m.group(0))
    for m in _IN.finditer(norm):
        spec = _leading_unit(m.group(1))
        if spec is not None and (spec.scale or spec.is_ratio or spec.currency):
            return _with_currency_line(spec, norm, m.group(0))
    for m in _BRACKET.finditer(norm):
        spec = unit_expression(m.group(1))
        if spec is not None:
            return spec
    return None


def whole_unit_line(text: str) -> UnitSpec | None:
    """The unit ``text`` states when the line says nothing else ("单位：元 币种：人民币", "(in
    thousands of euros)", "Unit: USD"): a caption's unit line, never a table's header ("Revenue
    ($000)", "金额 占比（%）" and a row of column units "(%) (%)" say more than one statement)."""
    spec = unit_line(text)
    if spec is None:
        return None
    rest = _norm(text).replace(spec.text, "", 1)
    return spec if not rest.strip(_SEP) else None


def _leading_unit(tail: str) -> UnitSpec | None:
    """The longest run of words at the start of ``tail`` that is a unit expression
    ("万元 币种：人民币" -> 万元; "thousands, except per share data" -> thousands)."""
    words = re.split(r"(\s+|,|，|、)", tail.strip())
    for n in range(len(words), 0, -1):
        if n < len(words) and (words[n].isspace() or words[n - 1].isspace()):
            continue  # the unit must end the phrase or a comma end it: not "thousands of households"
        spec = unit_expression("".join(words[:n]))
        if spec is not None:
            return spec
    return None


def _with_currency_line(spec: UnitSpec, line: str, said: str) -> UnitSpec:
    """"单位：万元 币种：人民币": a separate currency statement on the same line completes it."""
    m = re.search(r"(?:币种|幣種|currency)\s*[:：]\s*(\S+)", line, re.IGNORECASE)
    extra = unit_expression(m.group(1)) if m else None
    text = said.strip(_SEP + " ")
    if extra is not None and extra.currency_code and not spec.is_ratio:
        if spec.currency_code and spec.currency_code != extra.currency_code:
            return _replace_text(spec, text)
        return UnitSpec(spec.scale, spec.factor, spec.currency or extra.currency, extra.currency_code, "",
                        spec.scale_stated or spec.currency == "元", line.strip())
    return _replace_text(spec, text)


def _replace_text(spec: UnitSpec, text: str) -> UnitSpec:
    return UnitSpec(spec.scale, spec.factor, spec.currency, spec.currency_code, spec.unit, spec.scale_stated, text)


# Units of things, not money, a header may give in brackets ("Body weight (g)", "员工（人）"):
# their cells are counts or measures, never scaled by the table's money line.
OTHER_UNITS = frozenset({
    "kg", "g", "mg", "t", "tonnes", "tons", "km", "ml", "l", "ppm", "°c", "kwh", "mwh", "gwh", "mw",
    "days", "hours", "years", "times", "persons", "people", "employees",
    "人", "个", "個", "名", "家", "户", "吨", "公斤", "千克", "倍", "天", "次", "件", "台", "辆",
    "명", "개", "배", "일", "건", "톤", "人次", "万人", "万吨",
})

# "营业收入（元）", "Revenue ($000)", "금액(백만원)", "Margin (%)", "Price, EUR", "Sales EUR m"
_TRAILING_BRACKET = re.compile(r"[(（\[]([^()（）\[\]]{1,40})[)）\]]\s*$")
_AFTER_COMMA = re.compile(r"[,，]\s*([^,，]{1,24})$")


def header_unit(text: str) -> UnitSpec | None:
    """The unit a column or row header states: the whole header ("%", "万元"), a bracket at its
    end, or words after its last comma. None when it states none (no guess from the label)."""
    norm = _norm(text)
    if not norm:
        return None
    whole = unit_expression(norm)
    if whole is not None:
        return whole
    for pattern in (_TRAILING_BRACKET, _AFTER_COMMA):
        m = pattern.search(norm)
        if m:
            spec = unit_expression(m.group(1)) or _labelled(m.group(1))
            if spec is not None:
                return spec
            if m.group(1).strip().lower() in OTHER_UNITS:
                return UnitSpec(unit=m.group(1).strip(), text=m.group(1).strip())
    return _labelled(norm)


def _labelled(text: str) -> UnitSpec | None:
    m = _LABELLED.search(text)
    return _leading_unit(m.group(1)) if m else None


def labelled_unit(text: str) -> UnitSpec | None:
    """The unit after a unit word only ("单位：万元", "(단위: 천원)", "Unit: %"): what a header
    cell says for the whole table; its brackets ("占比(%)") speak for its own column."""
    norm = _norm(text)
    m = _LABELLED.search(norm)
    spec = _leading_unit(m.group(1)) if m else None
    return _with_currency_line(spec, norm, m.group(0)) if spec is not None and m else None


__all__ = ["CURRENCIES", "OTHER_UNITS", "RATIOS", "SCALES", "UnitSpec", "header_unit", "labelled_unit", "may_state_unit",
           "unit_expression", "unit_line", "whole_unit_line"]
