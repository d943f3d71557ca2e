"""Seeded content for the CJK corpus: a Korean tender's bill of quantities (조달청 style:
a dense ruled grid, a header of three levels of merged cells, a work-type label spanning its
rows, amounts in 원 or 천원) and a Chinese annual report's statement (三线表: top, header and
bottom rules only, a two-level 本期/上期 header, a 附注 column, 其中： rows indented,
negatives in brackets, a 单位：元 line).

A ``Doc`` is its tables, each split into page ``Piece``s only between row groups (a label
spanning rows is never cut); every piece after the first repeats the header and is marked as
continued (``(계속)``, ``续表``, ``（续）``) under the page's running header.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..html.tables import Cell, HtmlTable

KO_WORKS = ("토목공사", "건축공사", "기계설비공사", "전기공사", "통신공사", "조경공사", "소방공사")
KO_ITEMS = (("터파기", "토사, 기계 0.7㎥", "㎥"), ("되메우기", "다짐 포함", "㎥"), ("레미콘 타설", "25-24-150", "㎥"),
            ("철근 가공조립", "HD13, 보통", "ton"), ("거푸집", "합판 3회", "㎡"), ("방수", "우레탄 3mm", "㎡"),
            ("배관", "STS 50A", "m"), ("밸브 설치", "게이트 50A", "개"), ("케이블 포설", "F-CV 6㎟/2C", "m"),
            ("조명기구", "LED 50W", "등"), ("분전반", "옥내 자립형", "면"), ("수목 식재", "소나무 H3.0", "주"),
            ("잔디 식재", "평떼", "㎡"), ("감지기", "연기식 2종", "개"), ("배수관", "PE 200mm", "m"),
            ("보도블록", "인터로킹 60mm", "㎡"))
KO_TITLES = ("공종별 내역서", "설계 내역서", "산출 내역서", "물량 내역서")
ZH_ROWS = (("一、营业总收入", ""), ("其中：营业收入", "五、41"), ("二、营业总成本", ""), ("其中：营业成本", "五、41"),
           ("税金及附加", "五、42"), ("销售费用", "五、43"), ("管理费用", "五、44"), ("研发费用", "五、45"),
           ("财务费用", "五、46"), ("其中：利息费用", ""), ("利息收入", ""), ("加：其他收益", "五、47"),
           ("投资收益（损失以“－”填列）", "五、48"), ("公允价值变动收益", "五、49"), ("信用减值损失", "五、50"),
           ("资产减值损失", "五、51"), ("资产处置收益", "五、52"), ("三、营业利润", ""), ("加：营业外收入", "五、53"),
           ("减：营业外支出", "五、54"), ("四、利润总额", ""), ("减：所得税费用", "五、55"), ("五、净利润", ""),
           ("（一）按经营持续性分类", ""), ("1.持续经营净利润", ""), ("2.终止经营净利润", ""))
ZH_TITLES = ("合并利润表", "母公司利润表", "营业收入和营业成本", "期间费用明细")
ZH_COMPANY = ("华东精密制造股份有限公司", "中原能源集团股份有限公司", "南方数字科技股份有限公司")
KO_AGENCY = ("조달청", "한국도로공사", "○○시 도시개발공사")
PROSE_ZH = ("报告期内，公司坚持稳中求进的工作总基调，持续优化产品结构，主营业务收入保持增长。",
            "公司按照企业会计准则的规定编制财务报表，本报告期财务报表的编制基础为持续经营。",
            "上述金额均以人民币列示，除特别注明外，金额单位为人民币元。",
            "公司研发投入较上年同期有所增加，主要系新产品开发项目增加所致。")
PROSE_KO = ("본 내역서는 설계도서 및 시방서에 따라 작성하였으며, 수량은 설계수량을 기준으로 한다.",
            "입찰자는 단가를 산출하여 금액을 기재하여야 하며, 부가가치세는 별도로 한다.",
            "공사 기간 중 물가 변동이 있을 경우 계약 일반조건에 따라 조정한다.")


@dataclass(frozen=True)
class Piece:
    """One page's part of a table: its header rows and ``rows`` (indexes into the body),
    ``first`` for the piece that starts the table."""

    rows: tuple[int, ...]
    first: bool


@dataclass
class Sheet:
    """A table's content and its structure: ``head`` header rows (cells with spans), ``body``
    rows, ``groups`` the body rows that stay together; ``widths`` column shares; ``numeric``
    columns set right; ``indent`` body rows whose label is indented (in points)."""

    lang: str
    kind: str
    title: str
    unit: str
    running: str
    head: list[list[Cell]]
    body: list[list[Cell]]
    groups: list[list[int]]
    widths: list[float]
    numeric: list[bool]
    indent: dict[int, float]

    def piece(self, p: Piece, style: str) -> HtmlTable:
        """The piece as a table (the truth's structure): header, then its rows."""
        return HtmlTable(style, f"{self.kind}; {self.lang}", self.head + [self.body[r] for r in p.rows], pad=0.0,
                         header_rows=len(self.head))

    def marker(self, p: Piece) -> str:
        """The line over a continued piece."""
        if self.lang == "ko":
            return f"{self.title} (계속)"
        return "续表" if len(self.title) % 2 else f"{self.title}（续）"


def _won(rng: random.Random, scale: int) -> str:
    return f"{rng.randint(10, 9_000_000) // scale:,}"


def korean(rng: random.Random, agency: str) -> Sheet:
    """A bill of quantities: 11 columns under a three-level header (예정가격 > 재료비/노무비 >
    단가/금액), a 공종 label spanning each work's rows."""
    scale = rng.choice((1, 1000))
    head = [[Cell("순번", True, rs=3), Cell("공종", True, rs=3), Cell("품명", True, rs=3), Cell("규격", True, rs=3),
             Cell("단위", True, rs=3), Cell("수량", True, rs=3), Cell("예정가격", True, cs=4), Cell("비고", True, rs=3)],
            [Cell("재료비", True, cs=2), Cell("노무비", True, cs=2)],
            [Cell("단가", True), Cell("금액", True), Cell("단가", True), Cell("금액", True)]]
    body: list[list[Cell]] = []
    groups: list[list[int]] = []
    n = 0
    for work in rng.sample(KO_WORKS, rng.randint(5, 7)):
        items = rng.sample(KO_ITEMS, rng.randint(3, 6))
        rows = []
        for k, (name, spec, unit) in enumerate(items):
            n += 1
            row = [Cell(str(n))] + ([Cell(work, rs=len(items))] if k == 0 else [])
            row += [Cell(name), Cell(spec), Cell(unit), Cell(f"{rng.randint(1, 4000):,}")]
            row += [Cell(_won(rng, scale)) for _ in range(4)] + [Cell(rng.choice(("", "", "관급", "사급", "별도")))]
            rows.append(len(body))
            body.append(row)
        groups.append(rows)
    title = rng.choice(KO_TITLES)
    unit = "(단위: 천원)" if scale == 1000 else "(단위: 원)"
    return Sheet("ko", "tender", title, unit, f"{agency} 공고 제2026-{rng.randint(100, 999)}호", head, body, groups,
                 [0.55, 1.1, 1.3, 1.4, 0.6, 0.8, 1.0, 1.1, 1.0, 1.1, 0.7],
                 [False] * 5 + [True] * 5 + [False], {})


def _yuan(v: float) -> str:
    return "-" if v == 0 else f"({abs(v):,.2f})" if v < 0 else f"{v:,.2f}"


def chinese(rng: random.Random, company: str) -> Sheet:
    """An income statement: 项目, 附注, 本期发生额 and 上期发生额 each over 金额 and 占比 (%)."""
    head = [[Cell("项目", True, rs=2), Cell("附注", True, rs=2), Cell("本期发生额", True, cs=2),
             Cell("上期发生额", True, cs=2)],
            [Cell("金额", True), Cell("占比（%）", True), Cell("金额", True), Cell("占比（%）", True)]]
    body, groups, indent = [], [], {}
    for label, note in ZH_ROWS[:rng.randint(18, len(ZH_ROWS))]:
        def val() -> str:
            return _yuan(rng.choice((1, 1, 1, -1, 0)) * rng.uniform(1e4, 9e9))
        sub = label[0] not in "一二三四五（"
        if sub:
            indent[len(body)] = 12.0 if label.startswith("其中") else 24.0
        body.append([Cell(label), Cell(note), Cell(val()), Cell(f"{rng.uniform(0, 60):.2f}"), Cell(val()),
                     Cell(f"{rng.uniform(0, 60):.2f}")])
        groups.append([len(body) - 1])
    return Sheet("zh", "annual", rng.choice(ZH_TITLES), "单位：元  币种：人民币", f"{company} 2025 年年度报告",
                 head, body, groups, [2.9, 0.7, 1.5, 0.8, 1.5, 0.8], [False, False, True, True, True, True], indent)


def prose(rng: random.Random, lang: str, n: int) -> str:
    pool = PROSE_KO if lang == "ko" else PROSE_ZH
    return ("" if lang == "zh" else " ").join(rng.choice(pool) for _ in range(n))

