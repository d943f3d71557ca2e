"""Seeded table content in three languages for the styles corpus: an English financial
table, a Korean tender's price schedule and a Chinese annual report's statement.

Each ``Tabular`` is the table as data (header rows, body rows of cell texts, which columns
hold numbers, which body rows are totals) plus the heading, unit line and note printed
around it. Every value comes from one ``random.Random``, so a seed gives the same corpus.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..modern.content import Content

KO_ITEMS = (("노트북 컴퓨터", "i7 / 16GB / 512GB SSD"), ("모니터", "27형 QHD"), ("레이저 프린터", "A4 흑백 40ppm"),
            ("사무용 책상", "1,600×800×720"), ("회의용 의자", "메쉬 등받이"), ("네트워크 스위치", "48포트 기가비트"),
            ("서버 랙", "42U 표준"), ("무정전전원장치", "3kVA 온라인"), ("소프트웨어 라이선스", "오피스 표준"),
            ("외장 저장장치", "NAS 4베이 16TB"), ("프로젝터", "5,000안시 WUXGA"), ("화상회의 장비", "카메라·마이크 일체형"),
            ("보안 소프트웨어", "백신 1년"), ("설치 및 배선", "현장 시공"), ("무선 액세스포인트", "Wi-Fi 6"))
KO_NOTES = ("부가세 포함", "설치 포함", "1년 유지보수", "관급 자재", "", "", "")
KO_TITLES = ("물품 구매 내역", "입찰 물품 명세", "산출 내역서", "구매 물품 규격서", "장비 도입 내역")
ZH_ITEMS = ("营业收入", "营业成本", "税金及附加", "销售费用", "管理费用", "研发费用", "财务费用",
            "其中：利息费用", "利息收入", "加：其他收益", "投资收益", "公允价值变动收益", "信用减值损失",
            "资产减值损失", "资产处置收益", "营业利润", "营业外收入", "营业外支出", "利润总额", "所得税费用")
ZH_TITLES = ("合并利润表", "母公司利润表", "合并现金流量表", "营业收入和营业成本", "期间费用明细")
ZH_WRAP = ("按经营持续性分类的持续经营净利润", "归属于母公司股东的净利润（净亏损以“－”号填列）",
           "其他权益工具投资公允价值变动", "外币财务报表折算差额")


@dataclass
class Tabular:
    """One table's content: ``head`` rows and ``body`` rows of texts, ``numeric[c]`` True
    for number columns, ``totals`` the body row indexes that are total rows."""

    lang: str
    title: str
    unit: str
    head: list[list[str]]
    body: list[list[str]]
    numeric: list[bool]
    totals: set[int] = field(default_factory=set)
    note: str = ""

    @property
    def n_cols(self) -> int:
        return len(self.numeric)


def _won(v: int) -> str:
    return f"{v:,}"


def _yuan(v: float) -> str:
    return f"({abs(v):,.2f})" if v < 0 else f"{v:,.2f}"


def korean(rng: random.Random, n: int, wrap: bool = False) -> Tabular:
    """A tender's price schedule: 항목, 규격, 수량, 단가, 금액, 비고; amounts in won."""
    items = rng.sample(KO_ITEMS, min(n, len(KO_ITEMS)))
    body, total = [], 0
    for name, spec in items:
        qty = rng.randint(1, 40)
        price = rng.randint(12, 4800) * 1000
        total += qty * price
        if wrap and rng.random() < 0.5:
            spec = f"{spec}, 납품 후 현장 설치 및 시운전 포함"
        body.append([name, spec, str(qty), _won(price), _won(qty * price), rng.choice(KO_NOTES)])
    body.append(["합계", "", "", "", _won(total), ""])
    return Tabular("ko", rng.choice(KO_TITLES), "단위: 원", [["항목", "규격", "수량", "단가", "금액", "비고"]],
                   body, [False, False, True, True, True, False], {len(body) - 1},
                   "※ 금액은 부가가치세를 포함한 금액임.")


def chinese(rng: random.Random, n: int, wrap: bool = False) -> Tabular:
    """An annual report's statement: 项目, 附注, 本期金额, 上期金额; amounts in yuan."""
    start = rng.randint(0, len(ZH_ITEMS) - n) if n < len(ZH_ITEMS) else 0
    body = []
    for name in ZH_ITEMS[start:start + n]:
        if wrap and rng.random() < 0.35:
            name = rng.choice(ZH_WRAP)
        note = f"七、{rng.randint(1, 60)}" if rng.random() < 0.6 else ""
        body.append([name, note] + [_yuan(rng.uniform(-0.15, 1.0) * 10 ** rng.randint(4, 9)) for _ in range(2)])
    body.append(["合计", "", _yuan(rng.uniform(1, 9) * 1e8), _yuan(rng.uniform(1, 9) * 1e8)])
    return Tabular("zh", rng.choice(ZH_TITLES), "单位：元", [["项目", "附注", "本期金额", "上期金额"]],
                   body, [False, False, True, True], {len(body) - 1}, "注：上期金额已按新准则重述。")


def english(rng: random.Random, n: int, wrap: bool = False) -> Tabular:
    """Labels and numbers of a company report (``corpus.modern``'s content), a total row last."""
    c = Content(rng)
    cols = rng.randint(3, 5)
    heads = rng.choice((c.years, c.quarters))(cols)
    kinds = c.kinds(cols)
    body = [[label] + [c.number(k) for k in kinds] for label in c.labels(n, wrap)]
    body.append(["Total"] + [c.number(k) for k in kinds])
    return Tabular("en", c.title(), rng.choice(("in thousands of euros", "in USD thousands", "amounts in EUR")),
                   [[rng.choice(("Item", "Indicator", "Region", "Metric"))] + heads], body,
                   [False] + [True] * cols, {len(body) - 1}, f"Note: {c.phrase()}.")


LANGS = {"en": english, "ko": korean, "zh": chinese}


def make(rng: random.Random, wrap: bool = False) -> Tabular:
    """A table in a language drawn from ``rng``, 4 to 10 body rows."""
    lang = rng.choice(tuple(LANGS))
    return LANGS[lang](rng, rng.randint(4, 10), wrap)


def prose(rng: random.Random, lang: str, n: int = 2) -> str:
    """A few sentences of body text in the table's language."""
    pool = {"en": ("The figures below are unaudited and rounded to the nearest unit.",
                   "Comparative figures have been restated where the definitions changed.",
                   "Segment results are reported before group eliminations.",
                   "The board reviews these indicators every quarter."),
            "ko": ("본 입찰은 조달청 전자조달시스템을 통하여 진행합니다.", "납품 기한은 계약일로부터 30일 이내로 합니다.",
                   "규격이 상이한 경우 동등 이상의 제품으로 납품하여야 합니다.", "하자보수 기간은 검수일로부터 1년입니다."),
            "zh": ("本公司按照企业会计准则编制财务报表。", "以下金额除特别注明外均以人民币元列示。",
                   "本期合并范围与上期相比未发生变化。", "报告期内公司主营业务未发生重大变化。")}[lang]
    return " ".join(rng.choice(pool) for _ in range(n))
