"""Build a set of Word tables in Word's built-in table styles, exported by LibreOffice.

    python -m corpus.wordproc.builtin --out DIR [--seed 21] [--per-style 5]

A development set beside ``corpus/wordproc`` (not committed; build it where you like): one
style family per slice ("Light Shading", "Light List", "Light Grid", "Medium Shading 1/2",
"Medium List 1/2", "Medium Grid 1/2/3", "Dark List", "Colorful ..."), each table a numeric
grid or a list of actions (wrapped text, owners, dates, empty cells) in a random accent.
Many of these styles shade each cell with a rectangle of its own and draw no rule between
the cells of a row (``inspector.core.structure.seams``). Truth from the tags, as the
word-processor corpus's (``build.build``).
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

from docx.document import Document

from .. import common
from ..modern.build import build_docx_set
from ..modern.content import Content
from ..modern.styles import Made, put, widths
from .build import BULLET_GLYPHS, PER_DOC, Builders, write_docx
from .styles import filled

FAMILIES = {"light_shading": "Light Shading", "light_list": "Light List", "light_grid": "Light Grid",
            "medium_shading1": "Medium Shading 1", "medium_shading2": "Medium Shading 2",
            "medium_list1": "Medium List 1", "medium_list2": "Medium List 2", "medium_grid1": "Medium Grid 1",
            "medium_grid2": "Medium Grid 2", "medium_grid3": "Medium Grid 3", "dark_list": "Dark List",
            "colorful": "Colorful"}
ACCENTS = ("", " Accent 1", " Accent 2", " Accent 4", " Accent 5", " Accent 6")
ACTIONS = ("Review the supplier contract before renewal", "Update the risk register and inform the board",
           "Prepare the quarterly figures for the audit committee", "Train new staff on the safety procedure",
           "Replace the ageing servers in the data centre", "Agree the budget with the finance team")
NAMES = ("J. Smith", "A. Novak", "M. Garcia", "L. Chen", "K. Owusu", "P. Laurent")
STATUS = ("Open", "Closed", "In progress", "On hold", "")


def actions(doc: Document, c: Content) -> None:
    """A list of actions: a narrow reference column, wrapped text, names, dates, a status (some empty)."""
    n = c.rng.randint(4, 7)
    table = doc.add_table(rows=n, cols=5)
    for k, h in enumerate(("Ref", "Action", "Owner", "Due", "Status")):
        put(table.cell(0, k), h, bold=True, size=10)
    for r in range(1, n):
        text = c.rng.choice(ACTIONS) + (f". {c.phrase()}." if c.rng.random() < 0.5 else ".")
        for k, value in enumerate((f"{r}.", text + (f"\n{c.phrase()}." if c.rng.random() < 0.3 else ""),
                                   c.rng.choice(NAMES), f"{c.rng.randint(1, 28):02d}/{c.rng.randint(1, 12):02d}/2024",
                                   c.rng.choice(STATUS))):
            put(table.cell(r, k), value, size=10)
    widths(table, [1.2, 7.5, 2.6, 2.5, 2.2])


def family(key: str, name: str) -> Builders:
    def make(doc: Document, c: Content) -> list[Made]:
        style = (c.rng.choice(("Colorful Shading", "Colorful List", "Colorful Grid")) if name == "Colorful" else name)
        style += c.rng.choice(ACCENTS)
        if c.rng.random() < 0.5:
            actions(doc, c)
        else:
            filled(doc, c, c.rng.randint(4, 9), c.rng.randint(3, 5), size=10, wrap=c.rng.random() < 0.4)
        doc.tables[-1].style = style
        return [Made(key, style)]
    return {key: make}


BUILTIN: Builders = {k: v for key, name in FAMILIES.items() for k, v in family(key, name).items()}


def build(out: Path, seed: int, per_style: int) -> int:
    return build_docx_set(out, seed, lambda rng: common.plan(rng, list(BUILTIN), per_style, PER_DOC),
                          partial(write_docx, table=BUILTIN), "builtin", BULLET_GLYPHS)


def main(argv: list[str] | None = None) -> int:
    return common.main(argv, __doc__ or "", build, 21, 5, Path("builtin-tables"))


if __name__ == "__main__":
    sys.exit(main())
