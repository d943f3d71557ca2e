"""Continued tables in the shapes reports print them, set by reportlab's platypus, scored as
eval scores continuations (``evaluation.links``): found, missed, false joins.

    python benchmarks/continued_shapes.py [--seed 7] [--docs 24] [--out /tmp/shapes] [-v]

Each document (A4, a running header over a rule, a folio under a rule) holds two or three
tables in English, Korean, Chinese or Japanese, each broken over pages by hand so the shapes
are exact: the header repeated or not, a "continued" marker (续表, （续）, (계속), (続き),
"continued", "cont'd") over the next piece or under the first, a totals row only on the last
piece, a source note under the last piece, a lone header row at a page's foot whose body is
overleaf, a last piece of one row. Between two tables of the same columns a section heading
stands at a new page's top: they must not join. The truth is where platypus drew each piece
(``Recorded.drawOn``), never our detector. Needs reportlab (the ``dev`` extra).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import BaseDocTemplate, Frame, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector.core.params import Params
from inspector.core.types import Rect
from inspector.evaluation.links import DocLinks, predicted, score_document
from inspector.evaluation.sources import GoldenLink

A4 = (595.2756, 841.8898)
MARGIN = 50.0
TEXT_W = A4[0] - 2 * MARGIN - 12  # the frame's width inside its padding, points
FONTS = {"en": ("Helvetica", "Helvetica-Bold"), "ko": ("HYSMyeongJo-Medium",) * 2,
         "zh": ("STSong-Light",) * 2, "ja": ("HeiseiMin-W3",) * 2}
HEADS = {"en": ["Item", "Unit", "FY2025", "FY2024", "Change %"],
         "ko": ["구분", "단위", "금액", "전년도", "증감률"],
         "zh": ["项目", "单位", "本期金额", "上期金额", "变动比例"],
         "ja": ["科目", "単位", "当期", "前期", "増減率"]}
LABELS = {"en": ["Revenue", "Cost of sales", "Wages", "Rent", "Travel", "Utilities", "Insurance", "Interest",
                 "Depreciation", "Licences", "Training", "Consulting", "Freight", "Repairs", "Marketing"],
          "ko": ["인건비", "재료비", "운영비", "여비", "임차료", "수수료", "보험료", "감가상각비", "교육훈련비",
                 "광고선전비", "연구개발비", "통신비", "수선비", "지급이자", "잡비"],
          "zh": ["营业收入", "营业成本", "税金及附加", "销售费用", "管理费用", "研发费用", "财务费用", "利息收入",
                 "投资收益", "资产减值损失", "营业外收入", "营业外支出", "所得税费用", "少数股东损益", "其他收益"],
          "ja": ["売上高", "売上原価", "販売費", "一般管理費", "研究開発費", "営業外収益", "受取利息", "支払利息",
                 "特別利益", "特別損失", "法人税等", "減価償却費", "人件費", "広告宣伝費", "租税公課"]}
UNITS = {"en": ["USD k", "EUR k", "units"], "ko": ["천원", "백만원", "개"], "zh": ["万元", "元", "千元"],
         "ja": ["百万円", "千円", "件"]}
MARK_OVER = {"en": ["(continued)", "Table {n} (continued)", "cont'd"], "ko": ["(계속)", "<표 {n}> 계속"],
             "zh": ["续表", "（续）", "表{n}（续）"], "ja": ["(続き)", "表{n} 続き"]}
MARK_UNDER = {"en": ["continued on next page", "(continued)"], "ko": ["(다음 쪽에 계속)", "- 계속 -"],
              "zh": ["（转下页）", "（续下表）"], "ja": ["(次頁へ続く)", "(続く)"]}
GROUP = {"en": ("Amount", "FY2025", "FY2024"), "ko": ("금액", "당해연도", "전년도"), "zh": ("金额", "本期", "上期"),
         "ja": ("金額", "当期", "前期")}
UNIT_LINE = {"en": ["(in thousands of USD)", "USD thousand"], "ko": ["(단위: 천원)", "(단위 : 백만원)"],
             "zh": ["单位：万元", "单位：元 币种：人民币"], "ja": ["(単位：百万円)", "（単位：千円）"]}
TOTAL = {"en": "Total", "ko": "합계", "zh": "合计", "ja": "合計"}
SOURCE = {"en": "Source: company filings, unaudited.", "ko": "자료: 기획재정부, 단위 천원",
          "zh": "数据来源：公司年报（未经审计）", "ja": "出典：有価証券報告書"}
SECTION = {"en": ["{n}. Operating expenses by site", "{n}. Capital expenditure by site", "{n}. Staff costs by site"],
           "ko": ["{n}. 사업비 세부 내역", "{n}. 자산 취득 내역", "{n}. 인건비 집행 내역"],
           "zh": ["{n}、分部经营情况", "{n}、主要子公司情况", "{n}、研发投入情况"],
           "ja": ["{n}．セグメント別の状況", "{n}．設備投資の状況", "{n}．従業員の状況"]}
TITLE = {"en": "Table {n}. Statement of income", "ko": "<표 {n}> 세부 예산 내역", "zh": "表{n} 合并利润表",
         "ja": "表{n} 連結損益計算書"}
PROSE = {"en": "The figures below are stated in thousands unless noted otherwise and were prepared on the "
               "same basis as the prior year. ",
         "ko": "아래 표는 사업 계획에 따른 세부 예산 내역으로 전년도 대비 증감을 함께 표시한다. ",
         "zh": "本公司按照企业会计准则编制财务报表，下表列示本期及上期的主要项目及其变动情况。",
         "ja": "当連結会計年度における主要な項目は次のとおりであり、前期との比較を併せて示す。"}
MORE = {"en": ["Segment results are shown before eliminations. ", "Prior-year figures were restated. ",
               "Amounts may not add up due to rounding. ", "The change is stated against the prior year. "],
        "ko": ["전년도 금액은 결산 기준이다. ", "단수 차이로 합계가 일치하지 않을 수 있다. ",
               "세부 항목은 사업별로 구분하였다. ", "증감률은 전년도 대비 비율이다. "],
        "zh": ["上期数据已按新准则重述。", "合计数与各分项之和的尾差系四舍五入所致。", "分部数据为抵销前金额。",
               "变动比例按上期金额计算。"],
        "ja": ["前期の数値は組替えて表示している。", "端数処理により合計が一致しない場合がある。",
               "セグメント間取引消去前の金額である。", "増減率は前期比である。"]}


def _prose(lang: str, rng: random.Random, n: int) -> str:
    return PROSE[lang] + "".join(rng.choice(MORE[lang]) for _ in range(n))


class Recorded(Table):
    """A platypus ``Table`` that keeps the page (1-based) and box (points, top-left origin) it
    was drawn at."""

    def __init__(self, *args: Any, drawn: list[tuple[int, Rect]], **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.drawn = drawn

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        x0 = self._hAlignAdjust(x, _sW)
        self.drawn.append((canvas.getPageNumber(), Rect(x0, A4[1] - y - self._height, x0 + self._width, A4[1] - y)))
        super().drawOn(canvas, x, y, _sW)


@dataclass
class Shape:
    """How one table is broken: the flags drawn for it."""

    lang: str
    repeat: bool  # the header set again over each next piece
    over: str  # a marker over each next piece ("" none)
    under: str  # a marker under each piece but the last ("" none)
    total: bool  # a totals row on the last piece only
    source: bool  # a source note under the last piece
    lone_head: bool  # the first piece is the header row alone at a page's foot
    one_row: bool  # the last piece is one row
    rule: str  # grid, three (三线表), lines (horizontal rules), shade (no rules, a shaded header)
    two_rows: bool = False  # a two-row header: "Amount" spanning the two years' columns
    unit: str = ""  # a unit line over the first piece ("" none)
    unit_again: bool = False  # and over each next piece
    pieces: list[tuple[int, Rect]] = field(default_factory=list)


def _shape(rng: random.Random, lang: str) -> Shape:
    lone = rng.random() < 0.2
    return Shape(lang, rng.random() < 0.6 and not lone, rng.choice(MARK_OVER[lang]) if rng.random() < 0.5 else "",
                 rng.choice(MARK_UNDER[lang]) if rng.random() < 0.3 else "", rng.random() < 0.5,
                 rng.random() < 0.4, lone, rng.random() < 0.25, rng.choice(["grid", "three", "lines", "shade"]),
                 rng.random() < 0.3, rng.choice(UNIT_LINE[lang]) if rng.random() < 0.4 else "", rng.random() < 0.5)


def _heads(s: Shape) -> list[list[str]]:
    """The header rows: one, or two with the amount columns grouped under one label."""
    if not s.two_rows:
        return [HEADS[s.lang]]
    h, (group, a, b) = HEADS[s.lang], GROUP[s.lang]
    return [[h[0], h[1], group, "", h[4]], ["", "", a, b, ""]]


def _style(s: Shape, n: int, head: bool) -> TableStyle:
    font, bold = FONTS[s.lang]
    h = len(_heads(s)) if head else 0
    cmds: list[Any] = [("FONT", (0, 0), (-1, -1), font, 8), ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
                       ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    if head:
        cmds.append(("FONT", (0, 0), (-1, h - 1), bold, 8))
    if h == 2:
        cmds += [("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (1, 1)), ("SPAN", (2, 0), (3, 0)), ("SPAN", (4, 0), (4, 1)),
                 ("ALIGN", (2, 0), (3, 0), "CENTER"), ("VALIGN", (0, 0), (-1, 1), "MIDDLE")]
    if s.rule == "grid":
        cmds += [("GRID", (0, 0), (-1, -1), 0.4, colors.black), ("BOX", (0, 0), (-1, -1), 1.0, colors.black)]
    elif s.rule == "three":
        cmds += [("LINEABOVE", (0, 0), (-1, 0), 1.2, colors.black), ("LINEBELOW", (0, -1), (-1, -1), 1.2, colors.black)]
        if head:
            cmds.append(("LINEBELOW", (0, h - 1), (-1, h - 1), 0.5, colors.black))
    elif s.rule == "lines":
        cmds.append(("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.grey))
    elif head:
        cmds.append(("BACKGROUND", (0, 0), (-1, h - 1), colors.HexColor("#d9e2f3")))
    return TableStyle(cmds)


def _rows(s: Shape, rng: random.Random, n: int) -> list[list[str]]:
    labels = rng.sample(LABELS[s.lang], min(n, len(LABELS[s.lang])))
    labels += [f"{labels[k % len(labels)]} {k // len(labels) + 1}" for k in range(n - len(labels))]
    unit = rng.choice(UNITS[s.lang])
    out = []
    for lab in labels:
        a, b = rng.randint(1000, 990000), rng.randint(1000, 990000)
        out.append([lab, unit, f"{a:,}", f"{b:,}", f"{(a - b) / b * 100:.1f}"])
    return out


def _table(s: Shape, rows: list[list[str]], head: bool, width: float) -> Recorded:
    data = (_heads(s) if head else []) + rows
    widths = [0.34, 0.12, 0.18, 0.18, 0.18]
    t = Recorded(data, colWidths=[width * w for w in widths], drawn=s.pieces, hAlign="LEFT")
    t.setStyle(_style(s, len(data), head))
    return t


def _fit(s: Shape, rows: list[list[str]], head: bool, width: float, room: float) -> int:
    """How many of ``rows`` fit ``room`` points under the header (if ``head``)."""
    k = 0
    while k < len(rows) and _table(s, rows[:k + 1], head, width).wrap(width, 1e4)[1] <= room:
        k += 1
    return k


def _height(flows: list[Any], width: float) -> float:
    """Points the ``flows`` take in the frame (a paragraph as wide as the frame, whatever the tables' ``width``)."""
    return sum(f.wrap(TEXT_W, 1e4)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flows
               if not isinstance(f, PageBreak))


def _paras(lang: str) -> dict[str, ParagraphStyle]:
    font, bold = FONTS[lang]
    body = ParagraphStyle("b", fontName=font, fontSize=9, leading=13, wordWrap="CJK" if lang != "en" else None,
                          spaceAfter=6)
    return {"body": body, "head": ParagraphStyle("h", parent=body, fontName=bold, fontSize=11, leading=15,
                                                 spaceBefore=4),
            "small": ParagraphStyle("s", parent=body, fontSize=7.5, leading=10, spaceBefore=3),
            "unit": ParagraphStyle("u", parent=body, fontSize=7.5, leading=10, alignment=TA_RIGHT, spaceAfter=2)}


def _one(s: Shape, n: int, rng: random.Random, room: float, width: float, first: bool) -> list[Any]:
    """The flowables of table ``n``: prose and title filling the page so its first piece ends at
    the foot, then its next pieces each on a new page."""
    st = _paras(s.lang)
    rows = _rows(s, rng, rng.randint(30, 60))
    if s.total:
        rows.append([TOTAL[s.lang], "", f"{rng.randint(10**6, 9 * 10**6):,}", f"{rng.randint(10**6, 9 * 10**6):,}",
                     "3.2"])
    under = [Paragraph(s.under, st["small"])] if s.under else []
    top = [] if first else [PageBreak()]
    title = Paragraph(TITLE[s.lang].format(n=n), st["head"])
    unit = [Paragraph(s.unit, st["unit"])] if s.unit else []
    top += [Paragraph(_prose(s.lang, rng, rng.randint(3, 12)), st["body"])]
    if s.lone_head:  # the header alone at the foot, its first row having no room under it
        head_h, row_h = (_table(s, rows[:k], k == 0, width).wrap(width, 1e4)[1] for k in (0, 1))
        need = _height([title, *unit], width) + head_h + 0.6 * row_h
        fill = Paragraph(_prose(s.lang, rng, 2), st["body"])
        while room - _height(top + [fill], width) > need:
            top.append(fill)
        top += [Spacer(1, room - _height(top, width) - need - 2), title, *unit, _table(s, [], True, width), PageBreak()]
        head, left = False, room
    else:
        top += [title, *unit]
        head, left = True, room - _height(top, width)
    out: list[Any] = list(top)
    start = 0
    while start < len(rows):
        over = [Paragraph(s.over.format(n=n), st["small"])] if s.over and start else []
        over += unit if start and s.unit_again else []
        rest = len(rows) - start
        k = _fit(s, rows[start:], head, width, left - _height(over + under, width) - 4)
        if s.one_row and k < rest and rest - k < 3:  # leave one row for the last piece
            k = rest - 1
        k = max(1, k)
        out += over + [_table(s, rows[start:start + k], head, width)]
        start += k
        if start < len(rows):
            out += under + [PageBreak()]
            head, left = s.repeat, room
    if s.source:
        out.append(Paragraph(SOURCE[s.lang], st["small"]))
    return out


def _annex(lang: str, rng: random.Random, room: float, width: float, story: list[Any], n: int) -> list[Shape]:
    """Two or three tables of the same columns, each filling a page under its own title (a
    numbered caption or a section heading, the same words each time but the number): every
    piece one table, none continues another. Appended to ``story``."""
    st = _paras(lang)
    out = []
    rule = rng.choice(["grid", "three", "lines", "shade"])
    # numbered captions alike but for their number (a statistical annex), or section headings
    headings = [TITLE[lang]] * 3 if rng.random() < 0.5 else rng.sample(SECTION[lang], 3)
    for k in range(rng.randint(2, 3)):
        s = Shape(lang, True, "", "", False, False, False, False, rule)
        title = Paragraph(headings[k].format(n=n + k), st["head"])
        rows = _rows(s, rng, 60)
        fit = _fit(s, rows, True, width, room - _height([title], width) - 4)
        story += [PageBreak(), title, _table(s, rows[:fit], True, width)]
        out.append(s)
    return out


def build(pdf: Path, rng: random.Random) -> list[Shape]:
    """``pdf`` and its tables' shapes (a table of one piece has no link: any found is false)."""
    for f in ("HYSMyeongJo-Medium", "STSong-Light", "HeiseiMin-W3"):
        pdfmetrics.registerFont(UnicodeCIDFont(f))
    lang = rng.choice(list(HEADS))
    shapes = [_shape(rng, lang) for _ in range(rng.randint(2, 3))]
    frame = Frame(MARGIN, MARGIN, A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN - 4)
    width = frame._width * rng.choice((0.9, 1.0)) - 12
    room = frame._height - 12 - 8
    font = FONTS[lang][0]
    running = {"en": "Annual Report 2025", "ko": "2025년도 사업계획서", "zh": "2025年年度报告",
               "ja": "2025年度 有価証券報告書"}[lang]

    def on_page(canvas: Any, doc: Any) -> None:
        canvas.setFont(font, 8)
        canvas.drawString(MARGIN, A4[1] - 32, running)
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, A4[1] - 36, A4[0] - MARGIN, A4[1] - 36)
        canvas.line(MARGIN, 40, A4[0] - MARGIN, 40)
        canvas.drawCentredString(A4[0] / 2, 28, f"- {doc.page} -")

    doc = BaseDocTemplate(str(pdf), pagesize=A4, invariant=1, pageTemplates=[PageTemplate("p", [frame], onPage=on_page)])
    story: list[Any] = []
    for k, s in enumerate(list(shapes)):
        story += _one(s, k + 1, rng, room, width, not story)
    if rng.random() < 0.6:  # an annex: full pages of the same columns, each titled (must not join)
        shapes += _annex(lang, rng, room, width, story, len(shapes) + 1)
    doc.build(story)
    return shapes


def golden(doc: str, shapes: list[Shape]) -> list[GoldenLink]:
    out = []
    for k, s in enumerate(shapes):
        for (p1, b1), (p2, b2) in zip(s.pieces, s.pieces[1:], strict=False):
            out.append(GoldenLink(doc, f"t{k}", p1, b1, p2, b2))
    return out


def describe(s: Shape) -> str:
    return (f"{s.lang} {s.rule} repeat={int(s.repeat)} over={s.over!r} under={s.under!r} total={int(s.total)} "
            f"source={int(s.source)} lone_head={int(s.lone_head)} one_row={int(s.one_row)} two_rows={int(s.two_rows)} "
            f"unit={s.unit!r}{'+again' * s.unit_again} pieces={len(s.pieces)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--docs", type=int, default=24)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    out = a.out or Path(tempfile.mkdtemp(prefix="shapes"))
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(a.seed)
    scores: list[DocLinks] = []
    for d in range(a.docs):
        pdf = out / f"shapes-{a.seed}-{d:02d}.pdf"
        shapes = build(pdf, rng)
        gold = golden(pdf.name, shapes)
        pages = list(range(1, max(p for s in shapes for p, _ in s.pieces) + 2))
        sc = score_document(pdf.name, gold, predicted(str(pdf), pages, Params()))
        scores.append(sc)
        if a.verbose or sc.missed or sc.false:
            print(f"{pdf.name}: {sc.found}/{sc.golden}", *(describe(s) for s in shapes), sep="\n  ")
            for miss in sc.missed:
                print("    missed", miss)
            for join in sc.false:
                print("    false join", join)
    g, f = sum(s.golden for s in scores), sum(s.found for s in scores)
    print(f"continuations: {f} of {g} found, {g - f} missed, {sum(len(s.false) for s in scores)} false joins "
          f"({a.docs} documents, seed {a.seed}, {out})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
