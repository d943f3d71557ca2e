"""Line-printer reports as plain text: each table a grid of fixed-width fields set in characters,
the page's lines, and where each cell sits (line and character columns), for the truth.

Four report styles, each a habit of mainframe, ERP and command-line output:

- ``ledger``: a general ledger over several pages; per page a report header (company, report
  name, run date, page number), the column heads underlined field by field with rows of ``-``,
  a ``=`` row above the totals line;
- ``statement``: a bank statement; heads underlined by one full-width row of ``-``; debit or
  credit blank on each line; amounts right-aligned;
- ``listing``: an ``ls -l`` listing (long-iso times): no heads, no rules, a ``total`` line above;
- ``boxed``: a database client's result drawn in characters (MySQL's): ``+----+`` rows over and
  under the heads and under the last row, ``|`` between and around the fields;
- ``psql``: PostgreSQL's: ``|`` between the fields, one ``----+----`` row under the heads, a
  ``(n rows)`` line under the table;
- ``fixed``: a fixed-width record dump whose fields are set with no gap, so a full field touches
  the next (a 20-character name runs into a full amount); two head lines underlined with ``=``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

STYLES = ("ledger", "statement", "listing", "fixed", "boxed", "psql")
LINES_PER_PAGE = 54
WORDS = ("Office supplies", "Freight inward", "Consulting fees", "Rent Q4", "Utilities", "Bank charges",
         "Travel and subsistence", "Software licences", "Insurance premium", "Payroll accrual",
         "Sales returns", "Interest received", "Depreciation", "Repairs", "Postage", "Catering")
NAMES = ("alice", "bob", "carol", "dmitri", "erin", "fatima", "gwen", "hiroshi")
FILES = ("report.txt", "ledger_2026.csv", "a.out", "Makefile", "notes.md", "backup.tar.gz", "run.sh",
         "index.html", "data", "core.12345", "README", "photo_0031.jpg")
COMPANIES = ("ACME HOLDINGS LTD", "NORTHWIND TRADING", "GLOBEX PLC", "INITECH GMBH", "UMBRELLA SA")


@dataclass(frozen=True)
class Field:
    """One column: its head (one string per head line), width in characters, right-aligned or not."""

    heads: tuple[str, ...]
    width: int
    right: bool = False


@dataclass(frozen=True)
class Cell:
    """A cell on a page: line index there, its field's character columns [f0, f1), its text."""

    line: int
    f0: int
    f1: int
    text: str


Spots = list[tuple[int, int, str]]  # per field: its columns [f0, f1) and its text
Item = tuple[str, Spots | None]  # a line and, when it is a row of the table, its fields


@dataclass
class Report:
    """A report: per page its lines and its table's rows (cells per field)."""

    style: str
    header_rows: int
    n_cols: int
    pages: list[list[str]] = field(default_factory=list)
    rows: list[list[list[Cell]]] = field(default_factory=list)


def money(rng: random.Random, hi: int = 99_999) -> str:
    return f"{rng.randint(1, hi * 100) / 100:,.2f}"


def set_line(fields: list[Field], values: list[str], gap: int, margin: int) -> tuple[str, Spots]:
    """The line of ``values`` in ``fields`` with ``gap`` spaces between (after ``margin``
    spaces), and each field's columns and text (cut to its width)."""
    line, spots, x = " " * margin, [], margin
    for f, v in zip(fields, values, strict=True):
        v = v[:f.width]
        line += (v.rjust(f.width) if f.right else v.ljust(f.width)) + " " * gap
        spots.append((x, x + f.width, v))
        x += f.width + gap
    return line.rstrip(), spots


def bar_line(fields: list[Field], values: list[str], outer: bool, margin: int) -> tuple[str, Spots]:
    """``values`` in ``fields``, a space either side of each, '|' between (and round them when
    ``outer``), and each field's columns and text."""
    line, spots, x = " " * margin + ("|" if outer else ""), [], margin + (1 if outer else 0)
    for k, (f, v) in enumerate(zip(fields, values, strict=True)):
        v = v[:f.width]
        line += " " + (v.rjust(f.width) if f.right else v.ljust(f.width)) + " " + ("|" if outer or k < len(fields) - 1 else "")
        spots.append((x + 1, x + 1 + f.width, v))
        x += f.width + 3
    return line.rstrip(), spots


def bar_rule(fields: list[Field], outer: bool, margin: int) -> str:
    """The row of '-' a database client draws, '+' where the '|' columns cross it."""
    inner = "+".join("-" * (f.width + 2) for f in fields)
    return " " * margin + (f"+{inner}+" if outer else inner)


def underline(fields: list[Field], gap: int, margin: int, char: str, whole: bool) -> str:
    """A row of ``char`` under the heads: one run per field, or one across them all."""
    if whole:
        return " " * margin + char * (sum(f.width for f in fields) + gap * (len(fields) - 1))
    return " " * margin + (" " * gap).join(char * f.width for f in fields)


def paginate(style: str, banner: list[str], heads: list[Item], body: list[Item], n_cols: int) -> Report:
    """The report's pages: each opens with ``banner`` ({PAGE} its number) and the heads."""
    rep = Report(style, sum(s is not None for _, s in heads), n_cols)
    todo = list(body)
    while todo:
        n = len(rep.pages) + 1
        lines = [b.replace("{PAGE}", f"{n:4d}") for b in banner]
        rows: list[list[Cell]] = []
        for text, spots in heads + todo[:LINES_PER_PAGE - len(lines) - len(heads)]:
            if spots is not None:
                rows.append([Cell(len(lines), a, b, t.strip()) for a, b, t in spots])
            lines.append(text)
        todo = todo[LINES_PER_PAGE - len(banner) - len(heads):]
        if not todo and style != "listing":
            lines += ["", " " * 2 + "*** END OF REPORT ***"]
        rep.pages.append(lines)
        rep.rows.append(rows)
    return rep


def banner(rng: random.Random, name: str, width: int) -> list[str]:
    """The report header on each page: company, report name, run date and time, page number."""
    co = rng.choice(COMPANIES)
    run = f"RUN DATE 2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
    left, right = f"{co}  {run}", "PAGE{PAGE}"
    mid = name.center(max(width - len(left) - len(right) - 8, len(name) + 2))
    prog = f"PROGRAM {rng.choice(('GL', 'AR', 'AP', 'FA'))}{rng.randint(100, 999)}R"
    return [f"{left}  {mid}  {right}", prog, ""]


def ledger(rng: random.Random) -> Report:
    fs = [Field(("ACCOUNT",), 9), Field(("DATE",), 10), Field(("DESCRIPTION",), 24),
          Field(("DEBIT",), 12, True), Field(("CREDIT",), 12, True), Field(("BALANCE",), 13, True)]
    m, gap = rng.choice((0, 2)), rng.choice((1, 2))
    heads: list[Item] = [set_line(fs, [f.heads[0] for f in fs], gap, m), (underline(fs, gap, m, "-", False), None)]
    body: list[Item] = []
    bal = rng.randint(1000, 90000) * 1.0
    dr = cr = 0.0
    for k in range(rng.randint(30, 90)):
        amt = rng.randint(100, 900000) / 100
        debit = rng.random() < 0.5
        bal += amt if debit else -amt
        dr, cr = dr + (amt if debit else 0), cr + (0 if debit else amt)
        vals = [f"{rng.randint(1000, 8999)}-{rng.randint(0, 99):02d}", f"2026-11-{k % 28 + 1:02d}", rng.choice(WORDS),
                f"{amt:,.2f}" if debit else "", "" if debit else f"{amt:,.2f}", f"{bal:,.2f}"]
        body.append(set_line(fs, vals, gap, m))
    body.append((underline(fs, gap, m, "=", True), None))
    body.append(set_line(fs, ["", "", "TOTALS", f"{dr:,.2f}", f"{cr:,.2f}", f"{bal:,.2f}"], gap, m))
    return paginate("ledger", banner(rng, "GENERAL LEDGER DETAIL", 96), heads, body, len(fs))


def statement(rng: random.Random) -> Report:
    fs = [Field(("DATE",), 6), Field(("DESCRIPTION",), 30), Field(("WITHDRAWALS",), 12, True),
          Field(("DEPOSITS",), 12, True), Field(("BALANCE",), 12, True)]
    m, gap = 2, 2
    heads: list[Item] = [set_line(fs, [f.heads[0] for f in fs], gap, m), (underline(fs, gap, m, "-", True), None)]
    bal = rng.randint(100, 9000) * 1.0
    body: list[Item] = [set_line(fs, ["", "BALANCE BROUGHT FORWARD", "", "", f"{bal:,.2f}"], gap, m)]
    for k in range(rng.randint(12, 40)):
        amt = rng.randint(100, 250000) / 100
        out = rng.random() < 0.7
        bal += -amt if out else amt
        what = rng.choice(("CARD PAYMENT ", "DIRECT DEBIT ", "TRANSFER FROM ", "ATM ")) + rng.choice(NAMES).upper()
        body.append(set_line(fs, [f"{k // 2 + 1:02d}NOV", what, f"{amt:,.2f}" if out else "",
                                  "" if out else f"{amt:,.2f}", f"{bal:,.2f}"], gap, m))
    body.append(set_line(fs, ["", "BALANCE CARRIED FORWARD", "", "", f"{bal:,.2f}"], gap, m))
    return paginate("statement", banner(rng, "STATEMENT OF ACCOUNT", 84), heads, body, len(fs))


def listing(rng: random.Random) -> Report:
    fs = [Field(("",), 10), Field(("",), 2, True), Field(("",), 7), Field(("",), 7), Field(("",), 9, True),
          Field(("",), 10), Field(("",), 5), Field(("",), 20)]
    rows = []
    for _ in range(rng.randint(8, 30)):
        kind = rng.choice(("-rw-r--r--", "-rwxr-xr-x", "drwxr-xr-x", "-rw-------"))
        rows.append([kind, str(rng.randint(1, 12)), rng.choice(NAMES), rng.choice(("staff", "users", "wheel")),
                     str(rng.choice((rng.randint(0, 999), rng.randint(1000, 99_999_999)))),
                     f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
                     f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}", rng.choice(FILES)])
    body: list[Item] = [set_line(fs, r, 1, 0) for r in rows]
    ban = [f"$ ls -l --time-style=long-iso /srv/{rng.choice(NAMES)}", f"total {rng.randint(8, 4000)}"]
    return paginate("listing", ban, [], body, len(fs))


def fixed(rng: random.Random) -> Report:
    # The fields have no gap: a full field touches the next, as COBOL PIC clauses set them (a
    # customer number of 8 characters, a 20-character name beside a 12-character amount).
    fs = [Field(("CUST", "NO"), 8), Field(("CUSTOMER", "NAME"), 20), Field(("INVOICE", "AMOUNT"), 12, True),
          Field(("DUE", "DATE"), 9, True), Field(("ST",), 3, True)]
    heads: list[Item] = [set_line(fs, [f.heads[0] for f in fs], 0, 1),
                         set_line(fs, [f.heads[1] if len(f.heads) > 1 else "" for f in fs], 0, 1),
                         (underline(fs, 0, 1, "=", True), None)]
    body: list[Item] = []
    for _ in range(rng.randint(10, 40)):
        name = rng.choice(COMPANIES + ("SMITH & SONS WHOLESALE", "O'NEILL BROS", "KAPPA"))
        cust = f"C{rng.randint(0, 10 ** rng.choice((5, 6, 7)) - 1):0{rng.choice((5, 6, 7))}d}"[:8]
        body.append(set_line(fs, [cust, name, money(rng, rng.choice((9_999, 999_999, 9_999_999))),
                                  f"{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/26", rng.choice(("OK", "HLD", "PD"))], 0, 1))
    return paginate("fixed", banner(rng, "OPEN ITEMS", 60), heads, body, len(fs))


def query_rows(rng: random.Random) -> tuple[list[Field], list[list[str]]]:
    """A query's result: id, customer, city, orders, amount."""
    fs = [Field(("id",), 4, True), Field(("customer",), 22), Field(("city",), 10), Field(("orders",), 6, True),
          Field(("amount",), 11, True)]
    cities = ("Leeds", "Lyon", "Porto", "Gdansk", "Tampere", "Bilbao", "Graz")
    rows = [[str(k), rng.choice(COMPANIES + ("Smith & Sons Wholesale", "Kappa")).title(), rng.choice(cities),
             str(rng.randint(0, 400)), money(rng, rng.choice((999, 99_999, 999_999)))] for k in range(1, rng.randint(6, 30))]
    return fs, rows


def boxed(rng: random.Random) -> Report:
    fs, rows = query_rows(rng)
    m = rng.choice((0, 2))
    rule = bar_rule(fs, True, m)
    heads: list[Item] = [(rule, None), bar_line(fs, [f.heads[0] for f in fs], True, m), (rule, None)]
    body: list[Item] = [bar_line(fs, r, True, m) for r in rows] + [(rule, None)]
    ban = [f"mysql> SELECT id, customer, city, orders, amount FROM customers LIMIT {len(rows)};"]
    rep = paginate("boxed", ban, heads, body, len(fs))
    rep.pages[-1][-1:] = [f"{len(rows)} rows in set (0.01 sec)"]
    return rep


def psql(rng: random.Random) -> Report:
    fs, rows = query_rows(rng)
    heads: list[Item] = [bar_line(fs, [f.heads[0] for f in fs], False, 0), (bar_rule(fs, False, 0), None)]
    body: list[Item] = [bar_line(fs, r, False, 0) for r in rows]
    rep = paginate("psql", ["shop=> SELECT id, customer, city, orders, amount FROM customers;"], heads, body, len(fs))
    rep.pages[-1][-1:] = [f"({len(rows)} rows)"]
    return rep


def report(style: str, rng: random.Random) -> Report:
    return {"ledger": ledger, "statement": statement, "listing": listing, "fixed": fixed, "boxed": boxed,
            "psql": psql}[style](rng)
