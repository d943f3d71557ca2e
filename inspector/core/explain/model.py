"""What ``explain`` says: evidence, boundaries and candidates (``Why``), tables, rejected regions.

Every position a reader sees is in unrotated page space (points, top-left origin): ``Why.pos``
is an x when ``orient`` is "v" (a vertical line) and a y when it is "h"; ``line`` is the
boundary drawn across its table. ``axis`` says what the boundary is to the table ("col" or
"row"): in a sideways table a column boundary runs across the page (``orient`` "h").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..types import Rect


@dataclass(frozen=True, slots=True)
class Evidence:
    """One piece of evidence: ``kind`` rule | fill_edge | region_edge | text_gap | line_gap;
    ``value`` a count (rules) or a width (gaps, pt); ``ids`` fill ids."""

    kind: str
    value: float = 0.0
    ids: tuple[int, ...] = ()

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.kind == "rule":
            out["count"] = int(self.value)
        elif self.kind in ("text_gap", "line_gap"):
            out["width"] = round(self.value, 2)
        if self.ids:
            out["fills"] = list(self.ids)
        return out


@dataclass(frozen=True, slots=True)
class Why:
    """One boundary or dropped candidate of a table (see the module doc for the coordinates).
    ``flip``: set this parameter to this value and the outcome changes (checked by running the
    stage again: a dropped candidate appears and every kept boundary stays, or a kept one goes)."""

    axis: str
    pos: float
    kept: bool
    evidence: tuple[Evidence, ...]
    decision: str
    params: tuple[str, ...] = ()
    flip: tuple[str, float] | None = None
    orient: str = ""  # "v" or "h" in page space; "" while still in the table's upright frame
    line: Rect | None = None

    def as_json(self) -> dict[str, object]:
        return {"axis": self.axis, "pos": round(self.pos, 2), "orient": self.orient,
                "line": [round(v, 2) for v in self.line.as_tuple()] if self.line else None,
                "kept": self.kept, "evidence": [e.as_json() for e in self.evidence],
                "decision": self.decision, "params": list(self.params),
                "flip": {"param": self.flip[0], "value": self.flip[1]} if self.flip else None}


@dataclass(frozen=True, slots=True)
class TableWhy:
    index: int
    bbox: Rect
    cols: tuple[Why, ...]
    rows: tuple[Why, ...]
    dropped: tuple[Why, ...]


@dataclass(frozen=True, slots=True)
class Rejected:
    """A region that was looked at and is no table: ``bbox`` (page space), what proposed it
    (``source``), why it was rejected, the parameter whose threshold did it, and the value of
    that parameter that makes it a table (checked by detecting the page's tables again)."""

    bbox: Rect
    source: str
    reason: str
    params: tuple[str, ...] = ()
    flip: tuple[str, float] | None = None

    def as_json(self) -> dict[str, object]:
        return {"bbox": [round(v, 2) for v in self.bbox.as_tuple()], "source": self.source, "reason": self.reason,
                "params": list(self.params),
                "flip": {"param": self.flip[0], "value": self.flip[1]} if self.flip else None}


def describe(w: Why) -> str:
    """One line for a person: what, where, kept or dropped, why, on what evidence."""
    what = "column" if w.axis == "col" else "row"
    axis = "x" if (w.orient or ("v" if w.axis == "col" else "h")) == "v" else "y"
    state = "boundary" if w.kept else "candidate, DROPPED"
    ev = ", ".join(e.kind.replace("_", " ") + (f" {e.value:.1f} pt" if e.kind.endswith("gap") and e.value else "")
                   for e in w.evidence)
    return f"{what} {state} at {axis}={w.pos:.1f} pt: {w.decision} [{ev}]"
