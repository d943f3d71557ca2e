"""Seeded content of the tables scientific and engineering reports draw with matplotlib:
results per method, measurements with their uncertainty, budgets with negatives in
parentheses, and the prose, headings and captions around them.

Every value comes from one ``random.Random``; numbers use matplotlib's own minus sign
(U+2212), as its tick labels and most of its users' f-strings through ``axes.unicode_minus``
do not, so both appear.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

METHODS = ("Baseline", "Linear", "Ridge", "Lasso", "k-NN", "SVM (RBF)", "Random forest", "Gradient boosting",
           "MLP", "CNN", "Transformer", "Ensemble", "Kalman filter", "Particle filter", "PID", "MPC")
SAMPLES = ("S-01", "S-02", "S-03", "S-04", "S-05", "S-06", "S-07", "S-08", "S-09", "S-10", "S-11", "S-12")
SITES = ("Aarhus", "Bergen", "Cork", "Delft", "Espoo", "Freiburg", "Graz", "Hamburg", "Innsbruck", "Jena",
         "Kiel", "Lund", "Malmö", "Nancy", "Oulu", "Padua")
LONG = ("trained on the augmented set", "with early stopping", "after outlier removal", "second campaign",
        "calibrated in situ", "night-time readings only", "reference instrument")
BUDGET = ("Personnel", "Equipment", "Travel", "Consumables", "Subcontracting", "Overheads", "Licences",
          "Dissemination", "Contingency", "Computing time")
PROSE = ("The results were obtained on the held-out split after five repetitions with different seeds.",
         "Uncertainties are one standard deviation over the repetitions unless stated otherwise.",
         "Values in bold mark the best result of each column; negative differences are losses.",
         "All measurements were taken at 20 °C and corrected for drift of the reference.",
         "The budget follows the consortium agreement; amounts are in thousands of euros.",
         "Figure and table numbering follows the order of the sections of this report.")


@dataclass
class Sci:
    """A table's content: ``head`` (one or two rows; a group row is ``(label, span)`` pairs),
    ``body`` rows of texts, ``numeric[c]`` per column, ``totals`` body rows that are totals."""

    title: str
    head: list[list[str]]
    body: list[list[str]]
    numeric: list[bool]
    groups: list[tuple[str, int]] = field(default_factory=list)
    totals: set[int] = field(default_factory=set)

    @property
    def n_cols(self) -> int:
        return len(self.numeric)


def minus(v: float, fmt: str, uni: bool) -> str:
    s = format(v, fmt)
    return s.replace("-", "\u2212") if uni else s


def results(rng: random.Random, n: int, wrap: bool = False, groups: bool = False) -> Sci:
    """Methods against metrics: mean ± sd, a time, a difference to the baseline."""
    uni = rng.random() < 0.6
    metrics = rng.sample(("Accuracy", "F1", "AUC", "RMSE", "MAE", "R²"), rng.randint(2, 3))
    rows = []
    for name in rng.sample(METHODS, n):
        if wrap and rng.random() < 0.5:
            name = f"{name}\n{rng.choice(LONG)}"
        row = [name] + [f"{rng.uniform(0.5, 0.99):.3f} ± {rng.uniform(0.001, 0.05):.3f}" for _ in metrics]
        row += [f"{rng.uniform(0.1, 900):.1f}", minus(rng.uniform(-8, 6), "+.2f", uni)]
        rows.append(row)
    head = ["Method", *metrics, "Time (s)", "Δ vs. base"]
    grp = [("", 1), ("Test set", len(metrics)), ("Cost", 2)] if groups else []
    return Sci(rng.choice(("Comparison of methods", "Results on the test set", "Ablation study")),
               [head], rows, [False] + [True] * (len(head) - 1), grp)


def measurements(rng: random.Random, n: int, wrap: bool = False, groups: bool = False) -> Sci:
    """Samples or sites against readings: scientific notation, negatives, units in the header."""
    uni = rng.random() < 0.6
    rows = []
    labels = rng.sample(SITES if rng.random() < 0.5 else SAMPLES, n)
    for name in labels:
        if wrap and rng.random() < 0.5:
            name = f"{name}\n({rng.choice(LONG)})"
        rows.append([name, minus(rng.uniform(-12, 35), ".1f", uni), f"{rng.uniform(0.5, 99):.2f}",
                     minus(rng.uniform(-9, 9) * 10 ** rng.randint(-5, -2), ".2e", uni),
                     f"{rng.randint(10, 4000):,}"])
    head = ["Sample", "T (°C)", "p (kPa)", "k (s⁻¹)", "n"]
    grp = [("", 1), ("Conditions", 2), ("Kinetics", 2)] if groups else []
    return Sci(rng.choice(("Measured values per sample", "Field campaign readings", "Kinetic parameters")),
               [head], rows, [False, True, True, True, True], grp)


def budget(rng: random.Random, n: int, wrap: bool = False, groups: bool = False) -> Sci:
    """A project budget: planned, spent, variance in parentheses when negative, a total row."""
    rows, plan_t, spent_t = [], 0, 0
    for name in rng.sample(BUDGET, min(n, len(BUDGET))):
        if wrap and rng.random() < 0.5:
            name = f"{name}\n(incl. {rng.choice(('partners', 'VAT', 'audit', 'year 2'))})"
        plan = rng.randint(5, 900)
        spent = max(0, plan + rng.randint(-plan // 2, plan // 3))
        plan_t, spent_t = plan_t + plan, spent_t + spent
        rows.append([name, f"{plan:,}", f"{spent:,}", _var(plan - spent), f"{100 * spent / plan:.0f}%"])
    rows.append(["Total", f"{plan_t:,}", f"{spent_t:,}", _var(plan_t - spent_t), f"{100 * spent_t / plan_t:.0f}%"])
    grp = [("", 1), ("k€", 2), ("Variance", 2)] if groups else []
    return Sci(rng.choice(("Budget and expenditure", "Cost statement", "Use of resources")),
               [["Category", "Planned", "Spent", "Remaining", "Used"]], rows,
               [False, True, True, True, True], grp, {len(rows) - 1})


def _var(v: int) -> str:
    return f"({abs(v):,})" if v < 0 else f"{v:,}"


KINDS = (results, measurements, budget)


def make(rng: random.Random, n: int, wrap: bool = False, groups: bool = False) -> Sci:
    return rng.choice(KINDS)(rng, n, wrap, groups)


def prose(rng: random.Random, n: int = 2) -> str:
    return " ".join(rng.sample(PROSE, n))
