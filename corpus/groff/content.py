"""What the groff corpus's tables hold: statements of amounts (negatives in parentheses, a
total row), measurements (decimals of any length aligned on their point), work plans of long
texts that wrap inside their cells, and ledgers long enough to run over pages.

Words only from pools without hyphens, quotes or the tab characters ``tbl`` is given: groff
turns ``-`` into a hyphen glyph and quotes into curly ones, and the truth compares texts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

ITEMS = ("Revenue", "Cost of sales", "Gross margin", "Marketing", "Research", "Administration",
         "Depreciation", "Operating result", "Finance income", "Finance costs", "Income tax",
         "Net result", "Capital expenditure", "Working capital", "Free cash flow", "Net debt")
REGIONS = ("North", "South", "East", "West", "Central", "Nordics", "Iberia", "Benelux", "Alps")
SAMPLES = ("Control", "Treated A", "Treated B", "Placebo", "Baseline", "Week 4", "Week 8", "Week 12",
           "Cohort 1", "Cohort 2", "Cohort 3", "Pooled")
TASKS = ("Survey the site and record the state of the existing drains before any work starts",
         "Replace the roof membrane over the east wing and renew the flashing at every parapet",
         "Agree the traffic plan with the council and publish the diversion two weeks ahead",
         "Test every fire door and log the closing time of each one in the register",
         "Move the archive to the new store and check each box against the inventory list",
         "Train the night staff on the new alarm panel and leave a printed guide at the desk",
         "Repaint the stair cores in the agreed colours after the plaster has fully dried",
         "Commission the heat pumps and hand the settings over to the facilities team",
         "Clear the gutters on all blocks and fit guards where leaves collect every autumn",
         "Audit the lighting and list every fitting that still takes an old lamp")
OWNERS = ("Facilities", "Estates", "Contractor", "Site manager", "Health and safety", "IT services")
STATUS = ("Open", "In progress", "Done", "On hold", "Planned")
ACCOUNTS = ("Office supplies", "Travel", "Software licences", "Consulting fees", "Rent", "Utilities",
            "Insurance", "Training", "Postage", "Repairs and upkeep", "Bank charges", "Catering")


@dataclass(frozen=True)
class Content:
    """A table's texts: ``head`` (its column heads), ``body`` rows, ``numeric[c]`` for the
    columns of numbers, ``total`` when the last body row is a total, ``wrap`` the column whose
    texts are long enough to wrap (or -1)."""

    title: str
    head: list[str]
    body: list[list[str]]
    numeric: list[bool]
    total: bool = False
    wrap: int = -1


def amount(rng: random.Random, decimals: int) -> str:
    """An amount, a negative one in parentheses: ``(1,234.5)``."""
    v = rng.uniform(-0.3, 1.0) * 10 ** rng.randint(1, 5)
    text = f"{abs(v):,.{decimals}f}"
    return f"({text})" if v < 0 else text


def statement(rng: random.Random, n: int) -> Content:
    """Items by year, amounts with a decimal or none, negatives in parentheses, a total."""
    cols = rng.randint(2, 4)
    start = rng.randint(2014, 2023 - cols)
    dec = rng.choice((0, 1, 2))
    body = [[item] + [amount(rng, dec) for _ in range(cols)] for item in rng.sample(ITEMS, n)]
    body.append(["Total"] + [amount(rng, dec) for _ in range(cols)])
    return Content(rng.choice(("Income statement", "Segment results", "Five year summary", "Cash flow")),
                   [rng.choice(("Item", "Line", "Account"))] + [str(start + i) for i in range(cols)],
                   body, [False] + [True] * cols, total=True)


def measurements(rng: random.Random, n: int) -> Content:
    """Samples with a count, a mean and a spread of different lengths after the point."""
    body = []
    for s in rng.sample(SAMPLES, n):
        mean = rng.uniform(0.01, 400)
        body.append([s, str(rng.randint(8, 250)), f"{mean:.{rng.choice((1, 2, 3))}f}",
                     f"{mean * rng.uniform(0.02, 0.3):.{rng.choice((2, 3))}f}", f"{rng.uniform(0, 99):.1f}%"])
    return Content(rng.choice(("Measured values", "Trial results", "Assay summary")),
                   ["Sample", "n", "Mean", "SD", "Share"], body, [False, True, True, True, True])


def work_plan(rng: random.Random, n: int) -> Content:
    """Numbered tasks of a sentence or two, an owner, a week and a status: the task wraps."""
    body = [[str(k + 1), task, rng.choice(OWNERS), f"Week {rng.randint(1, 52)}", rng.choice(STATUS)]
            for k, task in enumerate(rng.sample(TASKS, n))]
    return Content(rng.choice(("Work plan", "Maintenance schedule", "Action list")),
                   ["No", "Task", "Owner", "Due", "Status"], body, [True, False, False, False, False], wrap=1)


def ledger(rng: random.Random, n: int) -> Content:
    """A long list of postings: date, reference, account, amount (credits in parentheses)."""
    month, body = rng.randint(1, 9), []
    for k in range(n):
        day = 1 + k * 27 // n
        body.append([f"{day:02d}.{month:02d}.2025", f"INV{rng.randint(1000, 9999)}", rng.choice(ACCOUNTS),
                     amount(rng, 2)])
    return Content("Ledger postings", ["Date", "Reference", "Account", "Amount"], body, [False, False, False, True])


def make(rng: random.Random, wrap: bool = False) -> Content:
    """A statement or a set of measurements (a work plan when ``wrap``), 4 to 9 body rows."""
    if wrap:
        return work_plan(rng, rng.randint(3, 6))
    return rng.choice((statement, measurements))(rng, rng.randint(4, 9))
