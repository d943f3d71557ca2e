"""The four report designs (``reports`` holds their words, looks and shared bands)."""

from __future__ import annotations

import random

from . import jrxml as jx
from .jrxml import Look, field, java_str, text
from .reports import MONEY, WORDS, Report, Rows, Table, amount, columns, header, key, look_for, page_footer

ROW_H = 16.0


def _title(lang: str, look: Look, width: float, kind: int, rng: random.Random) -> tuple[str, float]:
    """The title band's texts (not a table): the issuer, the title, three lines of particulars."""
    w = WORDS[lang]
    lines = [text(0, 0, width * 0.6, 24, rng.choice(w["bank"]), look, bold=True, size=14),
             text(width * 0.5, 0, width * 0.5, 24, w["title"][kind], look, bold=True, size=12, align="Right")]
    y = 28.0
    for label, value in ((w["stmt"][2], f"{rng.randint(100, 999)}-{rng.randint(10000, 99999)}"),
                         (w["stmt"][0], f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"),
                         (w["corner"], rng.choice(w["regions"]))):
        lines.append(text(0, y, width * 0.5, 16, f"{label}: {value}", look))  # a line of 9 pt text and padding
        y += 16
    if rng.random() < 0.5:
        lines.append(jx.line(0, y + 4, width, 0.75, "#404040"))
    return "".join(lines), y + 12


def _detail(tid: str, xs: list[float], ws: list[float], look: Look, exprs: list[str], right: set[int],
            money: set[int], wrap: int) -> str:
    return "".join(field(x, 0, w, ROW_H, e, look, cell=key(tid, "$F{r}", c), style="Row", stretch=c == wrap,
                         align="Right" if c in right else "Left", pattern=MONEY if c in money else "")
                   for c, (x, w, e) in enumerate(zip(xs, ws, exprs, strict=True)))


def statement(lang: str, rng: random.Random) -> Report:
    """A bank statement: many rows over pages, the column header repeated, alternate rows filled,
    a running balance, a totals row in the summary, a page footer."""
    look, margin = look_for(lang, rng), rng.choice((25.0, 30.0, 40.0))
    width = 595 - 2 * margin
    w, ref = WORDS[lang], rng.random() < 0.6
    names = list(w["stmt"]) if ref else [n for k, n in enumerate(w["stmt"]) if k != 2]
    shares = [1.0, 2.6, 1.1, 1.1, 1.1, 1.2] if ref else [1.0, 2.8, 1.1, 1.1, 1.2]
    xs, ws = columns(shares, width)
    n, bal, rows = rng.randint(35, 75), amount(rng, 500, 9000), []
    for r in range(1, n + 1):
        debit = rng.random() < 0.7
        v = amount(rng, 3, 900) if debit else amount(rng, 50, 3000)
        bal = round(bal - v if debit else bal + v, 2)
        rows.append({"r": r, "date": f"2026-{1 + r * 3 // n:02d}-{1 + r % 28:02d}", "desc": rng.choice(w["desc"]),
                     "ref": f"{rng.randint(100000, 999999)}", "d": v if debit else None, "c": None if debit else v,
                     "bal": bal})
    exprs = ["$F{date}", "$F{desc}", "$F{ref}", "$F{d}", "$F{c}", "$F{bal}"] if ref else \
        ["$F{date}", "$F{desc}", "$F{d}", "$F{c}", "$F{bal}"]
    k = len(names)
    right = set(range(k - 3, k))
    title, th = _title(lang, look, width, 0, rng)
    tot = (field(0, 0, xs[k - 3], ROW_H, w["total"], look, cell=key("t1", n + 1, 0, k - 3), static=True, bold=True)
           + "".join(field(xs[c], 0, ws[c], ROW_H, e, look, cell=key("t1", n + 1, c), bold=True, align="Right",
                           pattern=MONEY) for c, e in zip(range(k - 3, k), ("$V{sum_d}", "$V{sum_c}", "$F{bal}"),
                                                          strict=True)))
    parts = {"styles": jx.zebra_style(look), "fields": jx.fields(["r", "date", "desc", "ref", "d", "c", "bal"],
                                                                 ("d", "c", "bal")),
             "variables": jx.sums("", ["d", "c"]), "title": jx.band(th, title),
             "columnHeader": jx.band(ROW_H + 2, header("t1", tuple(names), xs, ws, ROW_H + 2, look, right)),
             "detail": jx.band(ROW_H, _detail("t1", xs, ws, look, exprs, right, right, 1), "Prevent"),
             "pageFooter": page_footer(lang, look, width, rng.choice(w["bank"])), "summary": jx.band(ROW_H, tot)}
    return Report(jx.report("statement", margin, 30, parts), rows, (Table("t1", "statement", 1),))


def ledger(lang: str, rng: random.Random) -> Report:
    """A general ledger grouped by account: a filled group header over each account's entries,
    a subtotal row under them, a grand total in the summary."""
    look, margin = look_for(lang, rng), rng.choice((25.0, 30.0, 40.0))
    width = 595 - 2 * margin
    w = WORDS[lang]
    xs, ws = columns([1.0, 0.9, 2.8, 1.1, 1.1], width)
    rows: Rows = []
    r = 1
    for acct in rng.sample(w["accounts"], rng.randint(3, 5)):
        code = rng.randint(1000, 8999)
        gh, entries = r, rng.randint(3, 9)
        for e in range(entries):
            debit = rng.random() < 0.5
            v = amount(rng, 10, 5000)
            rows.append({"r": gh + 1 + e, "gh": gh, "gf": gh + 1 + entries, "acct": f"{code} {acct}",
                         "date": f"2026-03-{1 + e * 3:02d}", "vou": f"JV-{rng.randint(100, 999)}",
                         "desc": rng.choice(w["desc"]), "d": v if debit else None, "c": None if debit else v})
        r = gh + entries + 2
    title, th = _title(lang, look, width, 1, rng)
    right, money = {3, 4}, {3, 4}
    exprs = ["$F{date}", "$F{vou}", "$F{desc}", "$F{d}", "$F{c}"]
    head = field(0, 0, width, ROW_H, "$F{acct}", look, cell=key("t1", "$F{gh}", 0, 5), bold=True, fill=look.group_fill)
    sub = f'{java_str(w["sub"] + " ")} + $F{{acct}}'
    foot = (field(0, 0, xs[3], ROW_H, sub, look, cell=key("t1", "$F{gf}", 0, 3), bold=True)
            + "".join(field(xs[c], 0, ws[c], ROW_H, f"$V{{sum_{n}}}", look, cell=key("t1", "$F{gf}", c), bold=True,
                            align="Right", pattern=MONEY) for c, n in ((3, "d"), (4, "c"))))
    group = (f'<group name="acct"><groupExpression>{jx.cdata("$F{acct}")}</groupExpression>'
             f'<groupHeader>{jx.band(ROW_H, head, "Prevent")}</groupHeader>'
             f'<groupFooter>{jx.band(ROW_H + rng.choice((0, 4, 6, 10)), foot, "Prevent")}</groupFooter></group>\n')
    grand = (field(0, 0, xs[3], ROW_H, w["grand"], look, cell=key("t1", r, 0, 3), static=True, bold=True,
                   fill=look.head_fill, color=look.head_text)
             + "".join(field(xs[c], 0, ws[c], ROW_H, f"$V{{all_{n}}}", look, cell=key("t1", r, c), bold=True,
                             align="Right", pattern=MONEY, fill=look.head_fill, color=look.head_text)
                       for c, n in ((3, "d"), (4, "c"))))
    variables = jx.sums("acct", ["d", "c"]) + jx.sums("", ["d", "c"]).replace("sum_", "all_")
    parts = {"styles": jx.zebra_style(look),
             "fields": jx.fields(["r", "gh", "gf", "acct", "date", "vou", "desc", "d", "c"], ("d", "c")),
             "variables": variables, "groups": group, "title": jx.band(th, title),
             "columnHeader": jx.band(ROW_H + 2, header("t1", w["ledger"], xs, ws, ROW_H + 2, look, right)),
             "detail": jx.band(ROW_H, _detail("t1", xs, ws, look, exprs, right, money, 2), "Prevent"),
             "pageFooter": page_footer(lang, look, width, w["title"][1]), "summary": jx.band(ROW_H + 4, grand)}
    return Report(jx.report("ledger", margin, 30, parts), rows, (Table("t1", "ledger", 1),))


def invoice(lang: str, rng: random.Random) -> Report:
    """An invoice: boxed item lines, then a totals box (Subtotal, VAT, Total) at the right in
    the summary band and a payment note under it."""
    look, margin = look_for(lang, rng), rng.choice((30.0, 40.0, 50.0))
    width = 595 - 2 * margin
    w = WORDS[lang]
    xs, ws = columns([0.5, 3.0, 0.7, 1.2, 1.3], width)
    rows: Rows = []
    net = 0.0
    for r in range(1, rng.randint(4, 14) + 1):
        qty, price = rng.randint(1, 20), amount(rng, 5, 800)
        net += round(qty * price, 2)
        rows.append({"r": r, "no": str(r), "item": rng.choice(w["items"]), "qty": str(qty), "price": price,
                     "amt": round(qty * price, 2)})
    title, th = _title(lang, look, width, 2, rng)
    right = {0, 2, 3, 4}
    exprs = ["$F{no}", "$F{item}", "$F{qty}", "$F{price}", "$F{amt}"]
    rate = 0.2 if lang == "en" else 0.1
    bw = float(int(width * rng.uniform(0.35, 0.45)))
    bx, lw = width - bw, float(int(bw * 0.55))
    vals = ("$V{net}", f"$V{{net}} * {rate}", f"$V{{net}} * {1 + rate}")
    box = "".join(field(bx, 10 + k * ROW_H, lw, ROW_H, label, look, cell=key("t2", k, 0), static=True, bold=k == 2,
                        fill=look.head_fill if k == 2 else "", color=look.head_text if k == 2 else "#000000")
                  + field(bx + lw, 10 + k * ROW_H, bw - lw, ROW_H, v, look, cell=key("t2", k, 1), bold=k == 2,
                          align="Right", pattern=MONEY, fill=look.head_fill if k == 2 else "",
                          color=look.head_text if k == 2 else "#000000")
                  for k, (label, v) in enumerate(zip(w["totals"], vals, strict=True)))
    note = text(0, 10 + 3 * ROW_H + 12, width, 14, rng.choice(w["desc"]) + " / " + rng.choice(w["bank"]), look)
    parts = {"styles": jx.zebra_style(look),
             "fields": jx.fields(["r", "no", "item", "qty", "price", "amt"], ("price", "amt")),
             "variables": jx.sums("", ["amt"]).replace("sum_amt", "net"), "title": jx.band(th, title),
             "columnHeader": jx.band(ROW_H + 2, header("t1", w["inv"], xs, ws, ROW_H + 2, look, right)),
             "detail": jx.band(ROW_H, _detail("t1", xs, ws, look, exprs, right, {3, 4}, 1), "Prevent"),
             "pageFooter": page_footer(lang, look, width, w["title"][2]),
             "summary": jx.band(10 + 3 * ROW_H + 30, box + note)}
    return Report(jx.report("invoice", margin, 30, parts), rows,
                  (Table("t1", "invoice", 1), Table("t2", "totals_box", 0)))


def _cell(expr: str, look: Look, cw: float, ch: float, cell: str, **kw: object) -> str:
    return f"<cellContents>{field(0, 0, cw, ch, expr, look, cell=cell, **kw)}</cellContents>"  # type: ignore[arg-type]


def crosstab(lang: str, rng: random.Random) -> Report:
    """Sales by region (rows) and quarter (columns) as a JasperReports crosstab in the summary
    band, with a total column and a total row; a note above it."""
    look, margin = look_for(lang, rng), rng.choice((30.0, 40.0))
    width = 595 - 2 * margin
    w = WORDS[lang]
    regions = sorted(rng.sample(w["regions"], rng.randint(3, 5)))
    quarters = sorted(w["quarters"][:rng.randint(3, 4)])
    rows = [{"region": g, "q": q, "amt": amount(rng, 100, 9000)} for g in regions for q in quarters
            for _ in range(rng.randint(1, 3))]
    nr, nq = len(regions), len(quarters)
    rw, ch = float(rng.choice((80, 100))), ROW_H + 2
    # Wider than the page the engine breaks the crosstab into column blocks printed one under
    # the other: two pieces, not the one table its truth would say; the cells stay on the page.
    cw = float(min(rng.choice((70, 80, 90)), int((width - rw) / (nq + 1))))
    ridx = f'(1 + java.util.Arrays.asList({", ".join(java_str(g) for g in regions)}).indexOf($V{{region}}))'
    qidx = f'(1 + java.util.Arrays.asList({", ".join(java_str(q) for q in quarters)}).indexOf($V{{q}}))'
    hd = {"bold": True, "fill": look.head_fill, "color": look.head_text}
    num = {"align": "Right", "pattern": MONEY}
    corner = f"<crosstabHeaderCell>{_cell(java_str(w['corner']), look, rw, ch, key('t1', 0, 0), **hd)}</crosstabHeaderCell>"
    rgroup = (f'<rowGroup name="region" width="{rw:g}" totalPosition="End"><bucket class="java.lang.String">'
              f'<bucketExpression>{jx.cdata("$F{region}")}</bucketExpression></bucket>'
              f'<crosstabRowHeader>{_cell("$V{region}", look, rw, ch, key("t1", ridx, 0))}</crosstabRowHeader>'
              f'<crosstabTotalRowHeader>{_cell(java_str(w["total"]), look, rw, ch, key("t1", nr + 1, 0), **hd)}'
              f'</crosstabTotalRowHeader></rowGroup>')
    cgroup = (f'<columnGroup name="q" height="{ch:g}" totalPosition="End"><bucket class="java.lang.String">'
              f'<bucketExpression>{jx.cdata("$F{q}")}</bucketExpression></bucket>'
              f'<crosstabColumnHeader>{_cell("$V{q}", look, cw, ch, key("t1", 0, qidx), align="Center", **hd)}'
              f'</crosstabColumnHeader><crosstabTotalColumnHeader>'
              f'{_cell(java_str(w["total"]), look, cw, ch, key("t1", 0, nq + 1), align="Center", **hd)}'
              f'</crosstabTotalColumnHeader></columnGroup>')
    measure = (f'<measure name="m" class="java.lang.Double" calculation="Sum"><measureExpression>'
               f'{jx.cdata("$F{amt}")}</measureExpression></measure>')
    cells = "".join(
        f'<crosstabCell width="{cw:g}" height="{ch:g}"{rt}{ct}>'
        f'{_cell("$V{m}", look, cw, ch, key("t1", r, c), bold=bool(rt or ct), **num)}</crosstabCell>'
        for rt, ct, r, c in (("", "", ridx, qidx), (' rowTotalGroup="region"', "", nr + 1, qidx),
                             ("", ' columnTotalGroup="q"', ridx, nq + 1),
                             (' rowTotalGroup="region"', ' columnTotalGroup="q"', nr + 1, nq + 1)))
    height = (nr + 2) * ch
    xt = (f'<crosstab><reportElement x="0" y="24" width="{width:g}" height="{height:g}"/>{corner}{rgroup}'
          f'{cgroup}{measure}{cells}</crosstab>\n')
    title, th = _title(lang, look, width, 3, rng)
    note = text(0, 0, width, 16, w["title"][3] + " (" + rng.choice(w["bank"]) + ")", look, bold=True)
    parts = {"fields": jx.fields(["region", "q", "amt"], ("amt",)), "title": jx.band(th, title),
             "pageFooter": page_footer(lang, look, width, w["title"][3]), "summary": jx.band(24 + height, note + xt)}
    return Report(jx.report("crosstab", margin, 30, parts), rows, (Table("t1", "crosstab", 1),))


KINDS = {"statement": statement, "ledger": ledger, "invoice": invoice, "crosstab": crosstab}
