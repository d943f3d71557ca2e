"""TEDS: Tree-Edit-Distance-based Similarity (Zhong et al. 2020, PubTabNet) with spans.

Each table becomes the tree of its HTML ``<table><tr><td colspan rowspan>text</td></tr></table>``
(no thead/tbody). The tree edit distance is computed by the ``apted`` library; renaming a
node costs 1 when the tags or the spans differ, otherwise, for two ``td``, the normalised
Levenshtein distance of their texts (characters, whitespace runs collapsed). TEDS =
1 - distance / max(node count of the two trees), in 0..1, 1 for identical tables.
TEDS-Struct is the same with texts ignored (structure and spans only).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from apted import APTED, Config
from rapidfuzz.distance import Levenshtein

from ..core.slots import slots_of
from ..core.text import flat
from ..core.types import Table


@dataclass(eq=False)
class Node:
    """One HTML element: ``tag`` with spans and, for ``td``, its text."""

    tag: str
    colspan: int = 1
    rowspan: int = 1
    text: str = ""
    children: list[Node] = field(default_factory=list)


class _TedsConfig(Config):
    def __init__(self, structure_only: bool) -> None:
        self.structure_only = structure_only

    def rename(self, node1: Node, node2: Node) -> float:
        if node1.tag != node2.tag or node1.colspan != node2.colspan or node1.rowspan != node2.rowspan:
            return 1.0
        if node1.tag == "td" and not self.structure_only:
            return float(Levenshtein.normalized_distance(node1.text, node2.text))
        return 0.0

    def children(self, node: Node) -> list[Node]:
        return node.children


def html_tree(table: Table) -> Node:
    """The table's HTML tree: one ``tr`` per row with the cells that start in it, by column.

    Slots no cell covers (incomplete tables) become empty 1x1 ``td`` so every row keeps its width.
    """
    covered: set[tuple[int, int]] = set()
    starts: dict[tuple[int, int], Node] = {}
    for cell in table.cells:
        if (cell.r, cell.c) in covered:
            continue
        starts[(cell.r, cell.c)] = Node("td", cell.cs, cell.rs, flat(cell.text))
        covered.update(slots_of(cell))
    root = Node("table")
    for r in range(table.n_rows):
        row = Node("tr")
        for c in range(table.n_cols):
            if (r, c) in starts:
                row.children.append(starts[(r, c)])
            elif (r, c) not in covered:
                row.children.append(Node("td"))
        root.children.append(row)
    return root


def _signature(node: Node, structure_only: bool) -> tuple:
    own = (node.tag, node.colspan, node.rowspan, "" if structure_only else node.text)
    return (own, tuple(_signature(c, structure_only) for c in node.children))


def _count(node: Node) -> int:
    return 1 + sum(_count(c) for c in node.children)


def teds(golden: Table, output: Table | None, structure_only: bool = False) -> float:
    """TEDS (or TEDS-Struct with ``structure_only``) of ``output`` against ``golden``; 0 when
    there is no output table."""
    if output is None:
        return 0.0
    a, b = html_tree(golden), html_tree(output)
    if _signature(a, structure_only) == _signature(b, structure_only):
        return 1.0  # identical trees: skip the (pure Python, quadratic) edit distance
    n = max(_count(a), _count(b))
    distance = APTED(a, b, _TedsConfig(structure_only)).compute_edit_distance()
    return max(0.0, 1.0 - float(distance) / n)
