"""Seeded content of the tables office tools built on Qt print from QTextDocument: the
matplotlib corpus's results, measurements and budgets (``corpus.mpl.content``), plus a
project schedule and a parts inventory with text columns, and the prose, headings and
captions around them. Every value comes from one ``random.Random``.
"""

from __future__ import annotations

import random

from ..mpl.content import Sci, budget, measurements, results

TASKS = ("Requirements review", "Site survey", "Detailed design", "Procurement", "Installation",
         "Commissioning", "Operator training", "Acceptance test", "Documentation", "Handover",
         "Data migration", "Security audit", "Pilot run", "Final report")
OWNERS = ("A. Berg", "C. Dubois", "M. Rossi", "J. Novak", "K. Tanaka", "L. Meyer", "S. Okafor", "P. Silva")
STATUS = ("done", "on track", "late", "not started", "blocked by supplier", "waiting for sign-off")
PARTS = ("Hex bolt M8×40", "Washer DIN 125 M8", "Bearing 6204-2RS", "O-ring 32×2.5 NBR", "Cable gland M20",
         "Relay 24 V DC", "Fuse 6.3 A slow", "Terminal block 4 mm²", "Timing belt HTD 5M", "Gear motor 90 W",
         "Limit switch", "Proximity sensor M12", "Pressure gauge 0-10 bar", "Solenoid valve 1/4\"")
DETAIL = ("zinc plated", "stainless A2", "spare for line 2", "order in packs of 50", "replaces old part no.",
          "check before reuse", "supplier lead time four weeks")
HEADINGS = ("Introduction", "Scope of work", "Results", "Discussion", "Method", "Costs", "Planning", "Stock")
PROSE = ("This section summarises the figures reported by the partners for the period under review.",
         "The table below was exported from the project's planning tool and printed without changes.",
         "Amounts are rounded to the nearest unit; totals may differ slightly from the sum of the rows.",
         "Where a value is missing the partner did not report it before the deadline of this document.",
         "Dates follow the ISO format; durations are given in working days of eight hours.",
         "The figures were checked by the quality officer and approved at the last steering meeting.",
         "Remarks in the last column explain deviations from the plan agreed at the kick-off meeting.")


def schedule(rng: random.Random, n: int, wrap: bool = False) -> Sci:
    """Tasks with an owner, dates, a duration and a status (a long remark when ``wrap``)."""
    rows = []
    for task in rng.sample(TASKS, min(n, len(TASKS))):
        m, d = rng.randint(1, 12), rng.randint(1, 28)
        days = rng.randint(2, 60)
        status = rng.choice(STATUS)
        if wrap and rng.random() < 0.6:
            status = f"{status}; {' '.join(rng.choice(PROSE).lower().split()[:rng.randint(4, 9)])}"
        rows.append([task, rng.choice(OWNERS), f"2025-{m:02d}-{d:02d}", f"{days}", status])
    return Sci(rng.choice(("Work plan", "Schedule of tasks", "Milestones")),
               [["Task", "Owner", "Start", "Days", "Status"]], rows, [False, False, False, True, False])


def inventory(rng: random.Random, n: int, wrap: bool = False) -> Sci:
    """Parts with a reference, quantity, unit price and value (a long detail when ``wrap``)."""
    rows = []
    for part in rng.sample(PARTS, min(n, len(PARTS))):
        if wrap and rng.random() < 0.6:
            part = f"{part}, {rng.choice(DETAIL)}"
        qty, price = rng.randint(1, 900), rng.uniform(0.05, 480)
        rows.append([part, f"P-{rng.randint(1000, 9999)}", f"{qty:,}", f"{price:,.2f}", f"{qty * price:,.2f}"])
    return Sci(rng.choice(("Parts in stock", "Spare parts list", "Bill of materials")),
               [["Part", "Ref.", "Qty", "Unit price", "Value"]], rows, [False, False, True, True, True])


def make(rng: random.Random, n: int, wrap: bool = False) -> Sci:
    """One table of any kind with ``n`` body rows (fewer when the kind's list is shorter)."""
    kind = rng.choice(("results", "measurements", "budget", "schedule", "inventory"))
    if kind == "results":
        return results(rng, min(n, 12))
    if kind == "measurements":
        return measurements(rng, min(n, 12))
    if kind == "budget":
        return budget(rng, n)
    return schedule(rng, n, wrap) if kind == "schedule" else inventory(rng, n, wrap)


def long(rng: random.Random, n: int) -> Sci:
    """A long log (``n`` rows) of readings or stock movements, to run over a page."""
    if rng.random() < 0.5:
        sci = measurements(rng, 12)
        body = [[f"{k + 1}", *rng.choice(sci.body)[1:]] for k in range(n)]
        return Sci("Measurement log", [["Run", *sci.head[0][1:]]], body, [True] * 5)
    inv = inventory(rng, len(PARTS))
    body = [[f"2025-{1 + k // 28:02d}-{1 + k % 28:02d}", *rng.choice(inv.body)] for k in range(n)]
    return Sci("Stock movements", [["Date", *inv.head[0]]], body, [False, False, False, True, True, True])


def prose(rng: random.Random, n: int = 2) -> str:
    return " ".join(rng.sample(PROSE, n))
