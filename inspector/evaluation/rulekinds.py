"""The drawn rules the unused-rule defect counts (``page_rules``), and what each unused one is:
the count split by kind.

An unused rule (``defects.unused_rules``) is any drawn rule no output table touches, so the
count lumps together rules no table should take and rules a table lost. The split reads what
this app's detection already knows of the page (``PageResult``, the run's parameters), for
every extractor alike (the kind is the rule's and the page's, not the extractor's):

- ``furniture``: the rule of a running header or footer (``multipage.furniture``: text
  repeated at the same place on the neighbouring pages, the rule hugging it), found on the
  page whether or not a table reaches its bands (the pipeline looks only then);
- ``figure``: a chart's or a drawing's rule: set aside with its figure area
  (``evidence.figures``: tick marks, curves, series, bars on gridlines; ``evidence.diagrams``: a diagram's rings
  and curved connectors) or inside a framed drawing rejected as a
  figure (its caption names one, ``structure.tables``);
- ``underline``: a stroke under a word or a run of words (``evidence.underlines``);
- ``check_box``: a side of a form's check box, a comb's tick or a digit box
  (``evidence.checkboxes``, set aside with ``tables.check_boxes`` on);
- ``form_box``: inside a ruled grid rejected as a form's (a region rejected by
  ``tables.form_boxes``: its entry boxes, ``structure.formboxes``; by ``tables.blank_form``: a
  blank form's answer column or numbered lines; by ``tables.blank_tables``: the form drawn
  around a blank table kept on its own, ``structure.blankform``);
- ``box``: a side of a box of four such rules with nothing ruled inside (a text box, a
  callout, a legend's key, a frame; ``rule_art``);
- ``separator``: a lone horizontal line between text across a tenth of the page or more
  (under a heading, between sections, over footnotes; ``rule_art``);
- ``other``: the rest: a table's rule left unused, a drawing's, a contents page's, a form's.

The first that applies wins, in that order (the pipeline's own: furniture, then figures,
then underlines, then form marks; the art last, among the rules left). A page whose detection failed has only ``other`` rules. The kinds are
diagnosis, never a verdict: the total stays the defect, a rule of a form wrongly called a form
is still counted.
"""

from __future__ import annotations

import logging
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, fields

from ..core.aside import FORM_MARKS, UNDERLINE
from ..core.evidence.figures import AREA
from ..core.multipage.furniture import BAND, band_marks, find_furniture, neighbour_pages
from ..core.params import Params
from ..core.types import PageResult, Rect, Rule
from ..extractors import peers
from .rule_art import art_kinds

log = logging.getLogger(__name__)

KINDS = ("furniture", "figure", "underline", "check_box", "form_box", "box", "separator", "other")
LABELS = {"furniture": "header/footer", "figure": "figure", "underline": "underline", "check_box": "check box",
          "form_box": "form box", "box": "box/frame", "separator": "separator", "other": "other"}
# The parameters of a region rejected as a form's: its entry boxes, a blank form's answer column
# or numbered lines, the form drawn around a blank table kept on its own.
FORM_BOX_PARAMS = ("tables.form_boxes", "tables.form_mosaic", "tables.blank_form", "tables.blank_tables")


@dataclass(frozen=True, slots=True)
class RuleKindCounts:
    """Unused rules per kind (``KINDS``); they add up to the unused-rule count."""

    furniture: int = 0
    figure: int = 0
    underline: int = 0
    check_box: int = 0
    form_box: int = 0
    box: int = 0
    separator: int = 0
    other: int = 0

    @property
    def total(self) -> int:
        return sum(self.as_dict().values())

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __add__(self, other: RuleKindCounts) -> RuleKindCounts:
        return RuleKindCounts(**{k: v + getattr(other, k) for k, v in self.as_dict().items()})

    @classmethod
    def of(cls, kinds: Sequence[str]) -> RuleKindCounts:
        """The counts of a list of kinds (each one of ``KINDS``)."""
        return cls(**{k: kinds.count(k) for k in KINDS})


def rule_kinds(rules: Sequence[Rule], result: PageResult, furniture: Sequence[Rule], snap: float) -> dict[Rule, str]:
    """The kind of each of ``rules`` (drawn rules of the page) on the page ``result`` detected,
    ``furniture`` being the page's running header and footer rules. The detection works on its
    merged rules (a vector rule may be part of a longer one there): a rule takes the kind of a
    rule it lies on, within ``snap`` points (``merge.snap``). The art kinds (box, separator)
    read the rules beside each among ``rules``: give the unused ones (``page_rule_kinds`` does)."""
    aside = _Along([(g.rule, g.reason) for g in result.rejected
                    if g.reason == UNDERLINE or g.reason in FORM_MARKS or g.reason.startswith(AREA)])
    running = _Along([(r, "furniture") for r in furniture])
    forms = [r.bbox.expanded(snap) for r in result.regions if r.param in FORM_BOX_PARAMS]
    drawings = [r.bbox.expanded(snap) for r in result.regions if r.reason.startswith(AREA)]
    out = {}
    for rule in rules:
        why = aside.under(rule, snap)
        out[rule] = ("furniture" if running.under(rule, snap) else
                     "figure" if why.startswith(AREA) or any(_inside(rule.bbox, box) for box in drawings) else
                     "underline" if why == UNDERLINE else
                     "check_box" if why else
                     "form_box" if any(_inside(rule.bbox, box) for box in forms) else "other")
    left = [r for r in rules if out[r] == "other"]
    out.update(art_kinds(left, [t.bbox for t in result.tables], result.words, result.width, snap))
    return out


def page_rules(pdf: str, page_index: int, params: Params) -> tuple[Rule, ...] | None:
    """The page's drawn rules (vector stage, the run's parameters), for the unused-rule defect."""
    try:
        from ..core.evidence.rules_vector import find_vector_rules
        from ..core.reading.document import open_document

        doc = peers.cached_open("core", pdf, open_document)
        return find_vector_rules(doc.page(page_index).drawings(), params.vector).rules
    except Exception as exc:  # the defect is then left out, the page still scored
        # One line for a user (a hostile file's "no pages" is no bug); the stack for a debugger.
        log.warning("defect classification failed (%s); the page is scored without it", exc)
        log.debug("defect classification failed", exc_info=True)
        return None


def page_rule_kinds(pdf: str, result: PageResult, rules: Sequence[Rule], params: Params,
                    which: Sequence[Rule] | None = None) -> dict[Rule, str]:
    """``rule_kinds`` of ``which`` (default: all ``rules``, the page's drawn rules) on page
    ``result.page`` of ``pdf``, its furniture read off the neighbouring pages (the document this
    app's extractor keeps open)."""
    doc = peers.inspector_pipeline(pdf).doc
    index = result.page - 1
    furniture: tuple[Rule, ...] = ()
    if doc.page_count > 1 and not result.turn:
        def neighbours() -> list[tuple[int, tuple[tuple[str, float, float, float], ...]]]:
            pages = [doc.page(j) for j in neighbour_pages(index, doc.page_count)]
            return [(p.index + 1, band_marks(p.band_words(BAND), p.height)) for p in pages]

        furniture = find_furniture(result.words, rules, result.height, neighbours, params.rows.y_tolerance,
                                   result.page).rules
    return rule_kinds(rules if which is None else which, result, furniture, params.merge.snap)


class _Along:
    """Rules with a reason each, sorted by direction and position: which one a rule lies on,
    without a pass over all of them (a form page sets hundreds aside)."""

    def __init__(self, rules: Sequence[tuple[Rule, str]]) -> None:
        self.by: dict[str, list[tuple[Rule, str]]] = {}
        for orient in ("h", "v"):
            self.by[orient] = sorted(((r, why) for r, why in rules if r.orient == orient), key=lambda x: x[0].pos)
        self.pos = {o: [r.pos for r, _ in found] for o, found in self.by.items()}

    def under(self, rule: Rule, snap: float) -> str:
        """The reason of a rule ``rule`` lies on ("" for none)."""
        found, pos = self.by.get(rule.orient, []), self.pos.get(rule.orient, [])
        near = found[bisect_left(pos, rule.pos - snap):bisect_right(pos, rule.pos + snap)]
        return next((why for r, why in near if rule.start >= r.start - snap and rule.end <= r.end + snap), "")


def _inside(box: Rect, outer: Rect) -> bool:
    return outer.x0 <= box.x0 and box.x1 <= outer.x1 and outer.y0 <= box.y0 and box.y1 <= outer.y1

