"""Seeded table content for the modern-document corpus: labels, numbers, currencies.

Every value comes from one ``random.Random``, so a seed gives the same documents.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

LABELS = ("Revenue", "Cost of sales", "Gross margin", "Marketing", "Research", "Administration",
          "Operating result", "Interest", "Tax", "Net result", "Headcount", "Customers", "Orders",
          "Returns", "Exports", "Subscriptions", "Licences", "Services", "Hardware", "Support",
          "Energy use", "Water use", "Waste recycled", "Travel", "Training hours", "Incidents")
PLACES = ("North", "South", "East", "West", "Central", "Nordics", "Iberia", "Benelux", "Alps", "Baltics",
          "Asia Pacific", "Latin America", "Middle East", "Africa", "Online", "Retail")
PHRASES = ("Includes one-off costs of the site closure in the third quarter",
           "Restated after the change of accounting policy",
           "Measured at constant exchange rates", "Excludes discontinued operations",
           "Estimate; final figures due in the annual report", "Pilot programme in two regions only",
           "Target agreed with the works council", "Based on a survey of 1,200 customers",
           "Lower volumes offset by higher prices", "Not comparable with the previous year")
CURRENCIES = ("€", "$", "£", "CHF ")
SECTIONS = ("Continuing operations", "Discontinued operations", "Segment data", "Environment",
            "People", "Balance sheet", "Cash flow", "Outlook")


@dataclass
class Content:
    rng: random.Random

    def number(self, kind: str) -> str:
        r = self.rng
        v = r.uniform(-0.25, 1.0) * 10 ** r.randint(1, 5)
        if kind == "pct":
            return f"{r.uniform(-15, 40):.1f}%"
        if kind == "cur":
            cur = r.choice(CURRENCIES)
            return f"({cur}{abs(v):,.0f})" if v < 0 else f"{cur}{v:,.0f}"
        if kind == "dec":
            return f"({abs(v) / 100:,.2f})" if v < 0 else f"{v / 100:,.2f}"
        return f"({abs(v):,.0f})" if v < 0 else f"{v:,.0f}"

    def kinds(self, n: int) -> list[str]:
        return [self.rng.choice(("int", "int", "cur", "dec", "pct")) for _ in range(n)]

    def labels(self, n: int, wrap: bool = False) -> list[str]:
        pool = list(LABELS + PLACES)
        self.rng.shuffle(pool)
        # Long tables reuse the pool with the region appended ("Revenue, North").
        out = [pool[i] if i < len(pool) else f"{pool[i % len(pool)]}, {self.rng.choice(PLACES)}" for i in range(n)]
        if wrap:
            out = [f"{x}: {self.rng.choice(PHRASES).lower()}" if self.rng.random() < 0.6 else x for x in out]
        return out

    def years(self, n: int) -> list[str]:
        start = self.rng.randint(2015, 2024 - n)
        return [str(start + i) for i in range(n)]

    def quarters(self, n: int) -> list[str]:
        return [f"Q{i % 4 + 1}" for i in range(n)]

    def phrase(self) -> str:
        return self.rng.choice(PHRASES)

    def section(self) -> str:
        return self.rng.choice(SECTIONS)

    def title(self) -> str:
        return self.rng.choice(("Key figures", "Results by region", "Segment overview", "Five-year summary",
                                "Sustainability indicators", "Quarterly performance", "Cost breakdown"))
