"""The reports: a bank statement over several pages, a ledger grouped by account with
subtotals, an invoice with a totals box, a crosstab of sales by region and quarter; each in
English, Korean or Chinese. Each gives its JRXML design, its data rows and its tables.

A table cell's field carries ``ti.cell`` = ``"TID|ROW|COL|COLSPAN"`` (``jrxml``); detail rows
take their row index from the data (field ``r``), group headers and footers from ``gh``/``gf``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from . import jrxml as jx
from .jrxml import Look, field, java_str, text

CJK_FONT = "WenQuanYi Micro Hei"
MONEY = "#,##0.00"
Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class Table:
    """A table of a report: its id, style and header rows."""

    tid: str
    style: str
    header_rows: int


@dataclass(frozen=True)
class Report:
    design: str
    rows: Rows
    tables: tuple[Table, ...]


WORDS: dict[str, dict[str, Any]] = {  # per language: labels (str) and word lists (tuples)
    "en": {"stmt": ("Date", "Description", "Reference", "Debit", "Credit", "Balance"),
           "ledger": ("Date", "Voucher", "Description", "Debit", "Credit"),
           "inv": ("No.", "Item", "Qty", "Unit price", "Amount"),
           "totals": ("Subtotal", "VAT (20%)", "Total due"), "total": "Total", "corner": "Region",
           "regions": ("Central", "East", "North", "South", "West"), "quarters": ("Q1", "Q2", "Q3", "Q4"),
           "desc": ("Card payment GROCER", "Salary ACME LTD", "Transfer to savings", "Direct debit ELECTRA",
                    "ATM withdrawal", "Interest credited", "Standing order RENT", "Online purchase",
                    "Refund RETAILER", "Cheque deposit", "Mobile phone bill", "Insurance premium"),
           "items": ("Consulting services", "Laptop stand", "Annual licence", "USB-C cable 2 m", "Office chair",
                     "Support hours", "Monitor 27 inch", "Training day", "Printer toner"),
           "accounts": ("Cash at bank", "Accounts receivable", "Sales revenue", "Office expenses", "Rent",
                        "Wages and salaries"),
           "bank": ("Northbridge Bank", "First Harbour Savings", "Union Credit Bank"),
           "title": ("Statement of account", "General ledger", "Invoice", "Sales by region and quarter"),
           "page": "Page", "of": "of", "grand": "Grand total", "sub": "Total"},
    "ko": {"stmt": ("거래일자", "적요", "참조번호", "출금", "입금", "잔액"),
           "ledger": ("일자", "전표번호", "적요", "차변", "대변"),
           "inv": ("번호", "품목", "수량", "단가", "금액"),
           "totals": ("공급가액", "부가세", "합계"), "total": "합계", "corner": "지역",
           "regions": ("광주", "대구", "부산", "서울", "인천"), "quarters": ("1분기", "2분기", "3분기", "4분기"),
           "desc": ("카드결제 마트", "급여 입금", "적금 이체", "자동이체 전기요금", "ATM 출금", "이자 입금",
                    "월세 이체", "온라인 결제", "환불 입금", "통신요금", "보험료 납부"),
           "items": ("컨설팅 용역", "노트북 거치대", "연간 라이선스", "사무용 의자", "모니터 27인치", "교육 1일",
                     "프린터 토너"),
           "accounts": ("보통예금", "외상매출금", "상품매출", "사무용품비", "임차료", "급여"),
           "bank": ("한빛은행", "새마을금고", "우리신용은행"),
           "title": ("거래내역서", "총계정원장", "거래명세서", "지역별 분기 매출"),
           "page": "페이지", "of": "/", "grand": "총계", "sub": "소계"},
    "zh": {"stmt": ("日期", "摘要", "凭证号", "借方", "贷方", "余额"),
           "ledger": ("日期", "凭证号", "摘要", "借方", "贷方"),
           "inv": ("序号", "品名", "数量", "单价", "金额"),
           "totals": ("小计", "税额", "合计"), "total": "合计", "corner": "地区",
           "regions": ("东北", "华东", "华北", "华南", "西部"), "quarters": ("第一季度", "第二季度", "第三季度", "第四季度"),
           "desc": ("刷卡消费 超市", "工资收入", "转账至储蓄", "代扣电费", "ATM取现", "利息收入", "房租转账",
                    "网上购物", "退款入账", "话费缴纳", "保险费"),
           "items": ("咨询服务", "笔记本支架", "年度许可", "办公椅", "显示器27英寸", "培训一天", "打印机墨粉"),
           "accounts": ("银行存款", "应收账款", "主营业务收入", "管理费用", "租金", "应付职工薪酬"),
           "bank": ("华信银行", "东方商业银行", "长江储蓄银行"),
           "title": ("对账单", "总分类账", "销售发票", "分地区季度销售额"),
           "page": "第", "of": "页 共", "grand": "总计", "sub": "小计"},
}


def look_for(lang: str, rng: random.Random) -> Look:
    """The report's font, borders and fills."""
    font = CJK_FONT if lang != "en" else rng.choice(("DejaVu Sans", "DejaVu Serif"))
    dark = rng.random() < 0.5
    return Look(font, rng.choice((7.5, 8.0, 9.0)), rng.choice((0.25, 0.5, 0.75)),
                rng.choice(("#000000", "#808080", "#B0B0B0")),
                rng.choice(("#1F3864", "#2E5C3A", "#404040")) if dark else rng.choice(("#D9D9D9", "#DCE6F1")),
                "#FFFFFF" if dark else "#000000", rng.choice(("", "#F2F2F2", "#EAF1DD", "#EEF3FA")),
                rng.choice(("#E7E6E6", "#FFF2CC", "#DDEBF7")), rng.choice(("box", "box", "bottom", "none")))


def key(tid: str, r: int | str, c: int | str, cs: int = 1) -> str:
    """The ``ti.cell`` expression of a cell; ``r`` and ``c`` numbers or Java expressions."""
    return f'"{tid}|" + {r} + "|" + {c} + "|{cs}"'


def header(tid: str, names: tuple[str, ...], xs: list[float], ws: list[float], h: float, look: Look,
           right: set[int]) -> str:
    """A column header band's static texts: one boxed field per column, filled."""
    return "".join(field(x, 0, w, h, n, look, cell=key(tid, 0, c), static=True, bold=True, fill=look.head_fill,
                         color=look.head_text, align="Right" if c in right else "Center")
                   for c, (n, x, w) in enumerate(zip(names, xs, ws, strict=True)))


def page_footer(lang: str, look: Look, width: float, note: str) -> str:
    w = WORDS[lang]
    left = text(0, 4, width * 0.7, 14, note, look, size=look.size - 1)
    if lang == "en":
        expr = f'"{w["page"]} " + $V{{PAGE_NUMBER}}'
    else:
        expr = f'{java_str(w["page"])} + " " + $V{{PAGE_NUMBER}}'
    return jx.band(20, jx.line(0, 1, width, 0.5, "#808080") + left +
                   field(width * 0.7, 4, width * 0.3, 14, expr, look, border=False, align="Right",
                         size=look.size - 1))


def columns(shares: list[float], width: float) -> tuple[list[float], list[float]]:
    """Columns' x and width (whole points) filling ``width`` in proportion to ``shares``."""
    ws = [float(int(width * s / sum(shares))) for s in shares]
    ws[1] += width - sum(ws)
    xs = [sum(ws[:k]) for k in range(len(ws))]
    return xs, ws


def amount(rng: random.Random, lo: float, hi: float) -> float:
    return round(rng.uniform(lo, hi), 2)
