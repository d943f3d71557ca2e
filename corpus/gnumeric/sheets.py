"""The Gnumeric corpus's sheets: what each holds and how a spreadsheet user formats it,
written as an .xlsx workbook (openpyxl) that ``ssconvert`` prints.

Each sheet is one habit (``STYLES``), in English, Korean or Chinese:

- ``budget``: a section row, labels indented under it, a bold subtotal over a rule per
  section, a grand total over a double rule, a filled head;
- ``statement``: a financial statement's two years, negatives in parentheses, the first and
  total rows in currency, a note-number column, a rule under the head only;
- ``pricelist``: a two-row head whose group cells are merged over their columns (and whose
  single heads are merged over both rows), every cell ruled, zebra rows, currency and
  percentages;
- ``gridlines``: a grid of thin grey lines round every cell, no fills, thousands separators
  and percentages (Gnumeric 1.12's PDF export draws no gridlines even when the sheet asks to
  print them: users who want the grid on paper set grey borders on all cells);
- ``wide``: twelve months and a total, wider than the page: Gnumeric splits it over pages
  (no fit to width), the label column repeated on each (print title columns);
- ``long``: 60 to 90 rows over pages, the head row repeated on each (print title rows).

The truth's structure is the ``HtmlTable`` written; ``mark`` prints every cell's background in
a colour of its own (a cell's box found back on the page by it, ``corpus.fop.fo.colour``).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from pathlib import Path

from ..fop.fo import colour
from ..html.tables import Cell, HtmlTable

STYLES = ("budget", "statement", "pricelist", "gridlines", "wide", "long")
LANGS = ("en", "ko", "zh")
TITLES = {"en": ("Operating budget", "Statement of profit or loss", "Price list", "Regional summary"),
          "ko": ("운영 예산", "손익계산서", "단가표", "지역별 현황"), "zh": ("经营预算", "利润表", "价格表", "地区汇总")}
SECTIONS = {"en": (("Revenue", ("Product sales", "Services", "Licences", "Rental income", "Other income")),
                   ("Expenses", ("Salaries", "Rent", "Travel", "Marketing", "IT services", "Training", "Insurance"))),
            "ko": (("수입", ("제품 매출", "용역 수입", "임대 수입", "이자 수익", "기타 수입")),
                   ("지출", ("인건비", "임차료", "여비교통비", "광고선전비", "전산비", "교육훈련비", "보험료"))),
            "zh": (("收入", ("产品销售", "服务收入", "许可收入", "租金收入", "其他收入")),
                   ("支出", ("职工薪酬", "房屋租金", "差旅费", "广告宣传费", "信息技术费", "培训费", "保险费")))}
TOTAL = {"en": ("Subtotal", "Total"), "ko": ("소계", "합계"), "zh": ("小计", "合计")}
ITEM = {"en": "Item", "ko": "항목", "zh": "项目"}
MONTHS = {"en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
          "ko": tuple(f"{m}월" for m in range(1, 13)), "zh": tuple(f"{m}月" for m in range(1, 13))}
QUARTERS = {"en": ("Q1", "Q2", "Q3", "Q4"), "ko": tuple(f"{q}분기" for q in range(1, 5)),
            "zh": ("一季度", "二季度", "三季度", "四季度")}
YEARS = {"en": ("Note", "2025", "2024"), "ko": ("주석", "당기", "전기"), "zh": ("附注", "本期", "上期")}
LONG_YEARS = {"en": ("Notes", "Year ended 31 December 2025", "Year ended 31 December 2024"),
              "ko": ("주석", "제 12기 (2025년 당기)", "제 11기 (2024년 전기)"),
              "zh": ("附注", "2025年度 (本期金额)", "2024年度 (上期金额)")}
DATE_HEAD = {"en": "Date", "ko": "일자", "zh": "日期"}
DATES = {"yyyy-mm-dd": "%Y-%m-%d", "dd/mm/yyyy": "%d/%m/%Y"}  # number format -> how Gnumeric shows it
PRICE_HEAD = {"en": ("Code", "Description", "Price", "List", "Net", "Stock", "Seoul", "Busan", "Discount"),
              "ko": ("코드", "품명", "단가", "정가", "할인가", "재고", "서울", "부산", "할인율"),
              "zh": ("编码", "品名", "单价", "标价", "净价", "库存", "上海", "深圳", "折扣")}
PRODUCTS = {"en": ("Copy paper A4", "Toner cartridge", "Stapler", "Desk lamp", "Office chair", "Whiteboard",
                   "Label printer", "USB keyboard", "Monitor arm", "Paper shredder"),
            "ko": ("복사용지 A4", "토너 카트리지", "스테이플러", "책상 조명", "사무용 의자", "화이트보드",
                   "라벨 프린터", "USB 키보드", "모니터 암", "문서 세단기"),
            "zh": ("复印纸 A4", "硒鼓", "订书机", "台灯", "办公椅", "白板", "标签打印机", "USB 键盘", "显示器支架",
                   "碎纸机")}
CURRENCY = {"en": "$", "ko": "₩", "zh": "¥"}
NOTE = {"en": "Figures in thousands; unaudited.", "ko": "단위: 천원 (미감사)", "zh": "单位：千元（未经审计）"}


@dataclass
class Sheet:
    """One sheet's table: its style, language, title, structure (the truth's), each cell's
    number format (row, column -> openpyxl format, text cells absent), the body rows printed
    bold over a rule (``totals``), indented labels (row -> indent), and page set-up."""

    style: str
    lang: str
    title: str
    table: HtmlTable
    values: dict[tuple[int, int], float] = field(default_factory=dict)
    formats: dict[tuple[int, int], str] = field(default_factory=dict)
    totals: dict[int, str] = field(default_factory=dict)  # row -> "thin" or "double" rule over it
    indent: dict[int, int] = field(default_factory=dict)
    head_fill: str = ""
    zebra: str = ""
    grid: bool = False  # thin grey borders round every cell
    ruled: bool = False
    wrap_head: bool = False  # the head's cells wrap (its row set tall enough for their lines)
    furniture: bool = False  # Gnumeric's own page header (the sheet's name) and footer ("Page N")
    dates: dict[tuple[int, int], datetime.date] = field(default_factory=dict)
    repeat_rows: bool = False
    repeat_cols: bool = False
    landscape: bool = False


def shown(v: float, fmt: str, cur: str) -> str:
    """``v`` as Gnumeric shows it in ``fmt`` (the few formats this corpus writes): a minus
    sign is U+2212, as Gnumeric draws it."""
    if fmt == "0.0%":
        return f"{v * 100:.1f}%".replace("-", "\u2212")
    if fmt == "#,##0_);(#,##0)":
        return f"({-v:,.0f})" if v < 0 else f"{v:,.0f}"
    if fmt.endswith("#,##0.00"):
        return ("\u2212" if v < 0 else "") + (cur if fmt.startswith('"') else "") + f"{abs(v):,.2f}"
    return ("\u2212" if v < 0 else "") + (cur if fmt.startswith('"') else "") + f"{abs(v):,.0f}"


def _amount(rng: random.Random, lo: int, hi: int, neg: float = 0.0) -> int:
    v = rng.randint(lo, hi)
    return -v if rng.random() < neg else v


def _put(s: Sheet, r: int, c: int, v: float, fmt: str) -> Cell:
    s.values[r, c], s.formats[r, c] = v, fmt
    return Cell(shown(v, fmt, CURRENCY[s.lang]))


def budget(rng: random.Random, lang: str) -> Sheet:
    heads = [ITEM[lang], *QUARTERS[lang][:rng.randint(3, 4)]]
    s = Sheet("budget", lang, TITLES[lang][0], HtmlTable("budget", lang, [[Cell(h) for h in heads]], pad=0.0),
              head_fill=rng.choice(("D9E1F2", "E2EFDA", "D9D9D9")))
    grand = [0] * (len(heads) - 1)
    for name, items in SECTIONS[lang]:
        s.table.rows.append([Cell(name)] + [Cell("") for _ in heads[1:]])
        sums = [0] * (len(heads) - 1)
        for label in rng.sample(items, rng.randint(3, len(items))):
            r = len(s.table.rows)
            s.indent[r] = rng.choice((1, 2))
            row = [Cell(label)]
            for j in range(1, len(heads)):
                v = _amount(rng, 200, 90_000)
                sums[j - 1] += v
                row.append(_put(s, r, j, v, "#,##0"))
            s.table.rows.append(row)
        r = len(s.table.rows)
        s.totals[r] = "thin"
        s.indent[r] = 1
        s.table.rows.append([Cell(TOTAL[lang][0])] + [_put(s, r, j + 1, v, "#,##0") for j, v in enumerate(sums)])
        grand = [g + v for g, v in zip(grand, sums, strict=True)]
    r = len(s.table.rows)
    s.totals[r] = "double"
    s.table.rows.append([Cell(TOTAL[lang][1])] + [_put(s, r, j + 1, v, "#,##0") for j, v in enumerate(grand)])
    return s


def statement(rng: random.Random, lang: str) -> Sheet:
    wrap = rng.random() < 0.6
    heads = [ITEM[lang], *(LONG_YEARS if wrap else YEARS)[lang]]
    s = Sheet("statement", lang, TITLES[lang][1], HtmlTable("statement", lang, [[Cell(h) for h in heads]], pad=0.0),
              wrap_head=wrap)
    s.totals[0] = "under"
    labels = [x for _, items in SECTIONS[lang] for x in items]
    chosen = rng.sample(labels, rng.randint(6, 10))
    for k, label in enumerate(chosen + [TOTAL[lang][1]]):
        r = len(s.table.rows)
        fmt = '"' + CURRENCY[lang] + '"#,##0' if k in (0, len(chosen)) else "#,##0_);(#,##0)"
        note = Cell(str(rng.randint(3, 28))) if rng.random() < 0.4 and k < len(chosen) else Cell("")
        row = [Cell(label), note]
        for j in (2, 3):
            row.append(_put(s, r, j, _amount(rng, 100, 950_000, 0.0 if fmt[0] == '"' else 0.35), fmt))
        s.table.rows.append(row)
    s.totals[len(s.table.rows) - 1] = "double"
    return s


def pricelist(rng: random.Random, lang: str) -> Sheet:
    h = PRICE_HEAD[lang]
    head = [[Cell(h[0], rs=2), Cell(h[1], rs=2), Cell(h[2], cs=2), Cell(h[5], cs=2), Cell(h[8], rs=2)],
            [Cell(h[3]), Cell(h[4]), Cell(h[6]), Cell(h[7])]]
    s = Sheet("pricelist", lang, TITLES[lang][2], HtmlTable("pricelist", lang, head, pad=0.0, header_rows=2),
              head_fill=rng.choice(("BDD7EE", "FFE699", "C6E0B4")), zebra=rng.choice(("F2F2F2", "EDF3FA", "")),
              ruled=True)
    money = '"' + CURRENCY[lang] + '"' + ("#,##0" if lang == "ko" else "#,##0.00")
    for k, name in enumerate(rng.sample(PRODUCTS[lang], rng.randint(6, 10))):
        r = len(s.table.rows)
        price = rng.randint(5, 900) * (1000 if lang == "ko" else 1) + (0 if lang == "ko" else rng.randint(0, 99) / 100)
        cut = rng.choice((0.05, 0.1, 0.125, 0.15, 0.2))
        row = [Cell(f"{rng.choice('ABCKMP')}-{100 + 7 * k + rng.randint(0, 6)}"), Cell(name),
               _put(s, r, 2, price, money), _put(s, r, 3, round(price * (1 - cut), 0 if lang == "ko" else 2), money),
               _put(s, r, 4, rng.randint(0, 900), "#,##0"), _put(s, r, 5, rng.randint(0, 900), "#,##0"),
               _put(s, r, 6, cut, "0.0%")]
        s.table.rows.append(row)
    return s


def gridlines(rng: random.Random, lang: str) -> Sheet:
    n = rng.randint(3, 5)
    heads = [ITEM[lang], *MONTHS[lang][:n], "%"]
    s = Sheet("gridlines", lang, TITLES[lang][3], HtmlTable("gridlines", lang, [[Cell(h) for h in heads]], pad=0.0),
              grid=True)
    for label in rng.sample([x for _, items in SECTIONS[lang] for x in items], rng.randint(5, 11)):
        r = len(s.table.rows)
        row = [Cell(label)] + [_put(s, r, j, _amount(rng, 0, 2_000_000, 0.1), "#,##0") for j in range(1, n + 1)]
        s.table.rows.append(row + [_put(s, r, n + 1, rng.randint(-300, 999) / 1000, "0.0%")])
    return s


def wide(rng: random.Random, lang: str) -> Sheet:
    heads = [ITEM[lang], *MONTHS[lang], TOTAL[lang][1]]
    s = Sheet("wide", lang, TITLES[lang][0], HtmlTable("wide", lang, [[Cell(h) for h in heads]], pad=0.0),
              grid=rng.random() < 0.5, repeat_cols=True, landscape=rng.random() < 0.5,
              head_fill=rng.choice(("D9D9D9", "")))
    for label in rng.sample([x for _, items in SECTIONS[lang] for x in items], rng.randint(5, 10)):
        r = len(s.table.rows)
        vals = [_amount(rng, 1_000, 990_000, 0.1) for _ in MONTHS[lang]]
        s.table.rows.append([Cell(label)] + [_put(s, r, j + 1, v, "#,##0_);(#,##0)") for j, v in enumerate(vals)]
                            + [_put(s, r, 13, sum(vals), "#,##0_);(#,##0)")])
    return s


def long(rng: random.Random, lang: str) -> Sheet:
    dated = rng.random() < 0.5
    heads = [ITEM[lang], PRICE_HEAD[lang][0], *MONTHS[lang][:3], "%"] + [DATE_HEAD[lang]] * dated
    s = Sheet("long", lang, TITLES[lang][3], HtmlTable("long", lang, [[Cell(h) for h in heads]], pad=0.0),
              grid=rng.random() < 0.4, repeat_rows=True, head_fill=rng.choice(("DDEBF7", "")),
              zebra=rng.choice(("F2F2F2", "")))
    labels = [x for _, items in SECTIONS[lang] for x in items]
    for k in range(rng.randint(60, 90)):
        r = len(s.table.rows)
        row = [Cell(f"{labels[k % len(labels)]} {k // len(labels) + 1}"), Cell(f"{rng.choice('ABKM')}{1000 + k}")]
        row += [_put(s, r, j, _amount(rng, 0, 80_000, 0.05), "#,##0") for j in (2, 3, 4)]
        row.append(_put(s, r, 5, rng.randint(0, 1000) / 1000, "0.0%"))
        if dated:
            fmt = rng.choice(list(DATES)) if k == 0 else s.formats[1, 6]
            s.dates[r, 6], s.formats[r, 6] = datetime.date(2025, 1, 1) + datetime.timedelta(days=rng.randint(0, 364)), fmt
            row.append(Cell(s.dates[r, 6].strftime(DATES[fmt])))
        s.table.rows.append(row)
    return s


MAKERS = {"budget": budget, "statement": statement, "pricelist": pricelist, "gridlines": gridlines,
          "wide": wide, "long": long}


def _chars(text: str) -> float:
    """The width of ``text`` in character widths (a CJK character is two)."""
    return sum(2.0 if ord(ch) > 0x2E80 else 1.0 for ch in text)


def write(s: Sheet, path: Path, rng: random.Random, mark: bool) -> int:
    """The workbook of ``s`` at ``path``; ``mark`` fills cell k (in ``placed`` order) with
    ``colour(k)`` instead of the head and zebra fills (the layout is the same). Returns the
    sheet row (1-based) of the table's first row."""
    from openpyxl import Workbook  # type: ignore[import-untyped]
    from openpyxl.styles import Alignment, Font, PatternFill, Side  # type: ignore[import-untyped]
    from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]

    wb = Workbook()
    ws = wb.active
    ws.title = {"en": "Sheet1", "ko": "시트1", "zh": "工作表1"}[s.lang]
    ws["A1"] = s.title
    ws["A1"].font = Font(bold=True, size=14)
    top = 3 if rng.random() < 0.5 else 4  # one or two blank rows under the title
    thin, double = Side(style="thin"), Side(style="double")
    placed = s.table.placed("")
    for k, p in enumerate(placed):
        c = ws.cell(top + p.r, 1 + p.c)
        c.value = s.dates.get((p.r, p.c)) or s.values.get((p.r, p.c), p.cell.text or None)
        if (p.r, p.c) in s.formats:
            c.number_format = s.formats[p.r, p.c]
        head = p.r < s.table.header_rows
        c.font = Font(bold=head or p.r in s.totals or (s.style == "budget" and p.r in _sections(s)))
        c.alignment = Alignment(horizontal="center" if head and p.c else None, vertical="center",
                                indent=s.indent.get(p.r, 0) if p.c == 0 else 0, wrap_text=head and s.wrap_head)
        fill = colour(k)[1:] if mark else s.head_fill if head else s.zebra if (p.r - s.table.header_rows) % 2 else ""
        if fill:
            c.fill = PatternFill("solid", fgColor=fill)
        c.border = _border(s, p.r, thin, double)
        if p.cell.rs > 1 or p.cell.cs > 1:
            ws.merge_cells(start_row=top + p.r, start_column=1 + p.c, end_row=top + p.r + p.cell.rs - 1,
                           end_column=1 + p.c + p.cell.cs - 1)
    ws.cell(top + len(s.table.rows) + 1, 1).value = NOTE[s.lang]
    widths = []
    for j in range(s.table.n_cols):
        texts = [p.cell.text for p in placed if p.c == j and p.cell.cs == 1 and not (s.wrap_head and p.r == 0)]
        # a wrapped head's longest word fits its column (Gnumeric hyphenates one that does not)
        words = [w for p in placed if p.c == j and p.r == 0 and s.wrap_head for w in p.cell.text.split()]
        need = max([_chars(t) * 1.1 for t in texts] + [_chars(w) * 1.3 for w in words])
        widths.append(need + 2 + (2 if j == 0 else 0) + rng.uniform(0, 2))
        ws.column_dimensions[get_column_letter(j + 1)].width = widths[-1]
    if s.wrap_head:  # Gnumeric fits no row to its wrapped text on import: the user made it tall enough
        lines = max(_lines(p.cell.text, widths[p.c]) for p in placed if p.r == 0)
        ws.row_dimensions[top].height = 14.5 * lines + 4
    _setup(ws, s, rng)
    wb.save(path)
    return top


def _lines(text: str, width: float) -> int:
    """Lines ``text`` wraps to in a column ``width`` characters wide (bold: wider), at most."""
    lines, used = 1, 0.0
    for word in text.split():
        need = 1.25 * _chars(word) + (1.25 if used else 0)
        if used and used + need > width - 2:
            lines, used = lines + 1, 1.25 * _chars(word)
        else:
            used += need
    return lines + 1  # room for one more than the estimate: a clipped head would stop the build


def _sections(s: Sheet) -> set[int]:
    return {r for r, row in enumerate(s.table.rows) if r and all(not c.text for c in row[1:])}


def _border(s: Sheet, r: int, thin: object, double: object) -> object:
    from openpyxl.styles import Border, Side

    if s.ruled:
        return Border(left=thin, right=thin, top=thin, bottom=thin)
    rule = s.totals.get(r)
    if s.grid and not rule:
        grey = Side(style="thin", color="FFA6A6A6")
        return Border(left=grey, right=grey, top=grey, bottom=grey)
    if rule == "under":
        return Border(bottom=thin)
    if rule:
        return Border(top=thin, bottom=double if rule == "double" else None)
    return Border(bottom=thin) if r == s.table.header_rows - 1 and s.style == "budget" else Border()


def _setup(ws: object, s: Sheet, rng: random.Random) -> None:
    ws.page_setup.paperSize = ws.PAPERSIZE_A4 if rng.random() < 0.5 else ws.PAPERSIZE_LETTER  # type: ignore[attr-defined]
    if s.landscape:
        ws.page_setup.orientation = "landscape"  # type: ignore[attr-defined]


def print_setup(xml: str, s: Sheet, top: int) -> str:
    """Gnumeric's own workbook (``xml``, as ``ssconvert`` wrote it from the .xlsx) with the
    sheet's title rows or columns repeated on every page (Gnumeric does not read them from an
    .xlsx's print titles, so they are set in its own format) and its page header and footer."""
    last = top + len(s.table.rows) - 1
    extra = [f'<gnm:repeat_top value="A{top}:{_letter(s.table.n_cols)}{top + s.table.header_rows - 1}"/>'
             ] if s.repeat_rows else []
    extra += [f'<gnm:repeat_left value="A1:A{last}"/>'] if s.repeat_cols else []
    if s.furniture:  # Gnumeric's defaults for a new sheet: the sheet's name over, "Page N" under
        xml = xml.replace('<gnm:Header Left="" Middle="" Right=""/>', '<gnm:Header Left="" Middle="&amp;[TAB]" Right=""/>', 1)
        xml = xml.replace('<gnm:Footer Left="" Middle="" Right=""/>',
                          '<gnm:Footer Left="" Middle="Page &amp;[PAGE]" Right=""/>', 1)
    return xml.replace('<gnm:titles value="0"/>', '<gnm:titles value="0"/>' + "".join(extra), 1)


def _letter(n: int) -> str:
    from openpyxl.utils import get_column_letter

    return str(get_column_letter(n))
