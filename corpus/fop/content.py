"""What the FOP corpus's tables hold beyond the groff corpus's statements, measurements, work
plans and ledgers (``corpus.groff.content``): invoices (quantity, unit price, amount, then
Subtotal / VAT / Total rows) in English, Chinese or Japanese, and account statements (date,
description, debit, credit, balance).

Words only from pools without hyphens or quotes: the truth compares texts, and FOP hyphenates
nothing unless asked (``hyphenate`` is false by default).
"""

from __future__ import annotations

import random

from ..groff.content import ACCOUNTS, Content, amount, ledger, measurements, statement, work_plan

__all__ = ["Content", "amount", "invoice", "ledger", "measurements", "statement", "statement_of_account", "work_plan"]

GOODS = ("Consulting hours", "Site visit", "Licence renewal", "Printer toner", "Paper A4 box", "Desk lamp",
         "Cable set", "Support contract", "Training day", "Travel costs", "Courier service", "Monitor stand",
         "Keyboard", "Storage rack", "Cleaning service", "Annual audit")
GOODS_ZH = ("咨询服务", "现场检查", "软件许可", "打印耗材", "办公用纸", "台灯", "线缆套装", "技术支持", "培训课程",
            "差旅费用", "快递服务", "显示器支架")
GOODS_JA = ("コンサルティング", "現地調査", "ライセンス更新", "トナー", "コピー用紙", "デスクライト", "ケーブル",
            "保守契約", "研修", "交通費", "宅配便", "モニター台")
HEADS = {"en": ["Description", "Qty", "Unit price", "Amount"], "zh": ["项目", "数量", "单价", "金额"],
         "ja": ["品名", "数量", "単価", "金額"]}
TOTALS = {"en": ["Subtotal", "VAT 20%", "Total"], "zh": ["小计", "增值税", "合计"], "ja": ["小計", "消費税", "合計"]}


def invoice(rng: random.Random, n: int, lang: str = "en") -> Content:
    """``n`` lines of goods (quantity, unit price, amount) then Subtotal, VAT and Total rows
    whose label is written in the first column (the build spans it over the others)."""
    pool = {"en": GOODS, "zh": GOODS_ZH, "ja": GOODS_JA}[lang]
    body, net = [], 0.0
    for item in rng.sample(pool, n):
        qty, price = rng.randint(1, 40), rng.uniform(2, 900)
        net += qty * round(price, 2)
        body.append([item, str(qty), f"{price:,.2f}", f"{qty * round(price, 2):,.2f}"])
    vat = net * 0.2
    for label, value in zip(TOTALS[lang], (net, vat, net + vat), strict=True):
        body.append([label, "", "", f"{value:,.2f}"])
    title = {"en": rng.choice(("Invoice", "Pro forma invoice", "Credit note")), "zh": "发票明细", "ja": "請求明細"}[lang]
    return Content(title, HEADS[lang], body, [False, True, True, True], total=True)


def statement_of_account(rng: random.Random, n: int) -> Content:
    """Dated postings with a debit or a credit each and the running balance."""
    balance, month, body = rng.uniform(100, 5000), rng.randint(1, 12), []
    for k in range(n):
        value = rng.uniform(5, 1500)
        debit = rng.random() < 0.6
        balance += -value if debit else value
        body.append([f"{1 + k * 27 // n:02d}/{month:02d}/2025", rng.choice(ACCOUNTS),
                     f"{value:,.2f}" if debit else "", "" if debit else f"{value:,.2f}", f"{balance:,.2f}"])
    return Content(rng.choice(("Statement of account", "Account activity")),
                   ["Date", "Description", "Debit", "Credit", "Balance"], body, [False, False, True, True, True])
