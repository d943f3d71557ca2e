"""What detection sets aside before it looks for tables: page furniture, figure areas, the
underlines of words (``evidence.underlines``), a form's check boxes, combs and digit-box
fields (``evidence.checkboxes``, ``tables.check_boxes``), margin line numbers and a page's
vertical writing (``evidence.verticaltext``, ``tables.vertical_writing``).

Their words stay on the page (shown, searchable) but are flagged (``Word.furniture``,
``Word.figure``): no row, region or cell holds them. Their rules leave the page's rules and
are listed as rejected, with why; a note says what was set aside.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from .evidence.charbars import NOTE as CHAR_BARS_NOTE
from .evidence.charbars import character_bars
from .evidence.charrules import NOTE as CHAR_RULES_NOTE
from .evidence.charrules import character_rules
from .evidence.checkboxes import CHECK_BOX, COMB, DIGIT_BOXES, STACKED, form_marks
from .evidence.figures import Figure, figure_rules, figure_words
from .evidence.linenumbers import line_numbers
from .evidence.underlines import underlines
from .evidence.verticaltext import RULE as VERTICAL_RULE
from .evidence.verticaltext import vertical_writing, writing_rules
from .multipage.furniture import Furniture
from .structure.leaders import LEADER_NOTE, find_leaders
from .types import RejectedRule, Rule, Word

FORM_MARKS = (CHECK_BOX, STACKED, COMB, DIGIT_BOXES)
LINE_NUMBERS_NOTE = "line numbers down the margin (pleading paper, a numbered draft): {n} left out of every table"
UNDERLINE = "underlines words (a link or emphasis): the text's decoration, no table rule"
VERTICAL_NOTE = ("text set top to bottom (vertical writing): {n} characters left out of every table, their lines "
                 "across read as no rows (tables.vertical_writing)")


@dataclass(frozen=True)
class Aside:
    """The words (flagged), the rules left, the rules set aside with why, and notes."""

    words: tuple[Word, ...]
    rules: tuple[Rule, ...]
    rejected: tuple[RejectedRule, ...]
    notes: tuple[str, ...]
    key: tuple[frozenset[int], ...]  # the flagged words (and the leaders' count): what later stages depend on


def set_aside(words: tuple[Word, ...], rules: tuple[Rule, ...], furn: Furniture,
              figures: Sequence[Figure], check_boxes: bool = True, leaders: bool = True,
              numbers: bool = True, vertical: bool = True, char_rules: bool = True) -> Aside:
    """``words`` and ``rules`` without the furniture's and the figures' (flagged, rejected),
    the underlines and, with ``check_boxes``, the check boxes' and combs' sides (rejected);
    with ``leaders``, the leader runs between labels and values flagged and split off the
    words they are glued to (``structure.leaders``), after all else (the word indices above
    are the words'); with ``numbers``, line numbers down a margin are furniture too
    (``evidence.linenumbers``); with ``vertical``, so is a page's vertical writing (text set top
    to bottom, ``evidence.verticaltext``): its lines across are no table's rows; with
    ``char_rules``, a line of '-' or '=' runs is rules (``evidence.charrules``), drawn after the
    underlines were judged (a report's underline is its table's rule, no word's decoration). """
    found = _drawn_aside(words, rules, furn, figures, check_boxes, numbers, vertical)
    if char_rules:
        found = _char_rules(found)
    if not leaders:
        return found
    lead = find_leaders(found.words)
    if not lead.runs:
        return found
    return dataclasses.replace(found, words=lead.words, notes=(*found.notes, LEADER_NOTE.format(n=lead.runs)),
                               key=(*found.key, frozenset(i for i, w in enumerate(lead.words) if w.leader)))


def _char_rules(found: Aside) -> Aside:
    """``found`` with its rows of '-'/'=' runs and its columns of '|' flagged and read as rules
    (``evidence.charrules``, ``evidence.charbars``)."""
    words, rows, lines = character_rules(found.words)
    words, cols = character_bars(words, rows)
    if not lines and not cols:
        return found
    notes = ((CHAR_RULES_NOTE.format(n=lines, k=len(rows)),) if lines else ()) + \
        ((CHAR_BARS_NOTE.format(n=len(cols)),) if cols else ())
    return dataclasses.replace(found, words=words, rules=(*found.rules, *rows, *cols), notes=(*found.notes, *notes),
                               key=(*found.key, frozenset(i for i, w in enumerate(words) if w.char_rule)))


def _drawn_aside(words: tuple[Word, ...], rules: tuple[Rule, ...], furn: Furniture, figures: Sequence[Figure],
                 check_boxes: bool, numbers: bool, vertical: bool) -> Aside:
    """``set_aside`` before the character rules and the leaders."""
    margin = line_numbers(words) - furn.word_ids if numbers else frozenset()
    upright = vertical_writing(words) - furn.word_ids - margin if vertical else frozenset()
    found = _set_aside(words, rules, furn, figures, check_boxes, margin | upright)
    if margin:
        found = dataclasses.replace(found, notes=(*found.notes, LINE_NUMBERS_NOTE.format(n=len(margin))))
    if upright:
        parting = writing_rules(words, upright, found.rules)
        note = VERTICAL_NOTE.format(n=len(upright)) + (f"; {len(parting)} rule(s) among it, near no other text, "
                                                         "left out too" if parting else "")
        gone = set(parting)
        found = dataclasses.replace(found, rules=tuple(r for r in found.rules if r not in gone),
                                    rejected=(*found.rejected, *(RejectedRule(r, VERTICAL_RULE) for r in parting)),
                                    notes=(*found.notes, note))
    return found


def _set_aside(words: tuple[Word, ...], rules: tuple[Rule, ...], furn: Furniture,
               figures: Sequence[Figure], check_boxes: bool, margin: frozenset[int] = frozenset()) -> Aside:
    """``set_aside`` before the leaders; ``margin``: line numbers and vertical writing, flagged as furniture."""
    flagged = furn.word_ids | margin
    in_figures = figure_words(words, figures) - flagged if figures else frozenset()
    lines = [RejectedRule(r, UNDERLINE) for r in underlines(words, rules)]
    if check_boxes:
        under = {g.rule for g in lines}
        lines += [RejectedRule(r, why) for r, why in form_marks(words, rules, figures).items() if r not in under]
    marks = _marks_note(lines)
    if not flagged and not furn.rules and not in_figures and not figures:
        if lines:
            under = {g.rule for g in lines}
            return Aside(words, tuple(r for r in rules if r not in under), tuple(lines), marks,
                         (frozenset(), frozenset()))
        return Aside(words, rules, (), (), (frozenset(), frozenset()))
    marked = tuple(dataclasses.replace(w, furniture=True) if i in flagged else
                   dataclasses.replace(w, figure=True) if i in in_figures else w for i, w in enumerate(words))
    why = furn.describe().replace("running header/footer", "the rule of a running header/footer")
    gone = [RejectedRule(r, why) for r in furn.rules]
    for f in figures:
        gone += [RejectedRule(r, f.describe()) for r in figure_rules(rules, [f]) if r not in furn.rules]
    gone += [g for g in lines if g.rule not in {h.rule for h in gone}]
    dropped = {g.rule for g in gone}
    notes = []
    if furn.word_ids:
        notes.append(f"{furn.describe()}: {len(furn.boxes)} line(s) and {len(furn.rules)} rule(s) left out of "
                     "every table")
    for f in figures:
        b = f.bbox
        notes.append(f"{f.describe()} at ({b.x0:.0f}, {b.y0:.0f})-({b.x1:.0f}, {b.y1:.0f}) pt")
    return Aside(marked, tuple(r for r in rules if r not in dropped), tuple(gone), (*notes, *marks),
                 (flagged, in_figures))


def _marks_note(gone: Sequence[RejectedRule]) -> tuple[str, ...]:
    """One note per kind of form mark set aside (check boxes, combs, digit boxes), with how many rules."""
    counts: dict[str, int] = {}
    for g in gone:
        if g.reason in FORM_MARKS:
            counts[g.reason] = counts.get(g.reason, 0) + 1
    return tuple(f"{n} rule(s) left out of every table: {why} (tables.check_boxes)" for why, n in counts.items())
