"""Why a column boundary is covered in a header row: a group label centred over its sub-columns.
And why a table's top takes a group label's line of its own (``structure.grow.heads_group``):
the top boundary says so, with evidence ``group_label_line`` (its value: the label's width, pt).
And why a two-line header band parts into two header rows (``centred_heads.sub_header_cut``):
that boundary says so, with evidence ``sub_headers`` (its value: the gap between the lines, pt).
Under title lines over every column (``centred_heads.sub_header_cuts``) each title's boundary
says so too, with evidence ``title_line`` (its value: the title's width, pt).

``structure.centred_heads`` joins a header label to the columns beside it when its middle can
be that of a cell over them and not that of a cell over its own column; here each column
boundary inside such a cell says so, with evidence ``group_label`` (its value: the 1-based row).
A column boundary cut just left of a head set left over amounts set right, where a line's text
reaches into the gap (``gapcuts._white_beside``), says so, with evidence ``left_head`` (its
value: the white between that text and the head, pt).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ..structure.between import header_words
from ..structure.centred_heads import label_span, sub_header_cut, sub_header_cuts
from ..structure.columns import Line
from ..structure.grow import group_label_line
from ..structure.spanhead import head_line
from ..structure.stacks import phrase_end
from ..types import Grid
from .candidates import Region
from .page import Evidence, PageContext, Why

GROUP_LABEL = ("in row {row} a header label (\"{text}\") centred over columns {a}-{b}, the other columns empty beside "
               "it and the row under it filled in each (sub-headers), is one cell across this boundary: its middle "
               "can be that of a cell over them (edges in the white beside their texts) and not of one over its own "
               "column")


GROUP_LINE = ("; its first line (\"{text}\") is one piece centred over two or more header pieces under it, with "
              "header text beside them, standing half a row over the next line: a group label in a header row of its "
              "own (labels spanning both header rows set centred between them), the header's first line, no heading")


def group_line_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` (one per row boundary of ``g``) with the table's top saying so when its first
    line is a group label taken over the header (``grow.group_label_line``)."""
    if g.source != "horizontal_rules":
        return rows
    return _first_line_note(ctx, g, rows, group_label_line, "group_label_line", GROUP_LINE)


def _first_line_note(ctx: PageContext, g: Grid, rows: list[Why], find: Callable[..., Line | None],
                     kind: str, say: str) -> list[Why]:
    """``rows`` with the table's top naming the first line ``find`` takes over ``g`` (evidence
    ``kind``, its value the line's width, pt; ``say`` formatted with its text and columns)."""
    if len(rows) != len(g.ys) or not rows:
        return rows
    words = ctx.centres.words
    ln = find(g.region, words, ctx.centres, ctx.params.columns.min_gap, ctx.params.rows.y_tolerance)
    if ln is None:
        return rows
    text = " ".join(words[i].text for i in ln.word_ids)
    rows[0] = replace(rows[0], evidence=(*rows[0].evidence, Evidence(kind, round(ln.bbox.width, 1))),
                      decision=rows[0].decision + say.format(text=text[:60], n=g.n_cols))
    return rows


SUB_HEADERS = ("the header band's last line holds only pieces standing together under one piece of its first "
               "line (\"{text}\"), centred under it: sub-headers under a group label, a header row of their own "
               "(the labels beside the group set at the top of cells spanning both rows), no wrapped header cell")


def sub_header_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the boundary between a header band's lines over the sub-headers and the
    sub-headers (``centred_heads.sub_header_cut``: the table's first two or three lines) saying so."""
    if g.source != "horizontal_rules" or len(rows) != len(g.ys) or len(rows) < 3 or \
            rows[1].evidence[0].kind != "line_gap":
        return rows  # a drawn boundary, or no header band to part
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    over = [ln for ln in lines if ln.bbox.cy < rows[1].pos]
    under = [ln for ln in lines if ln.bbox.cy > rows[1].pos][:1]
    if not under or sub_header_cut([*over, *under], words, ctx.params.columns.min_gap, g.xs) is None:
        return rows
    label = " ".join(words[i].text for i in over[0].word_ids if under[0].bbox.x0 <= words[i].bbox.cx <= under[0].bbox.x1)
    gap = round(under[0].bbox.y0 - over[-1].bbox.y1, 1)
    rows[1] = replace(rows[1], evidence=(Evidence("sub_headers", gap),), decision=SUB_HEADERS.format(text=label[:60]))
    return rows


TITLE_LINE = ("the header band's line above (\"{text}\") is one piece of text across the columns or centred on the "
              "table, over group labels with their sub-headers under them: a title over every column, a header row "
              "of its own")
GROUPS = ("the header band's last line holds only pieces standing in runs under pieces of the line above (\"{text}\"), "
          "each run centred under its label: sub-headers under group labels, a header row of their own")


def titled_head_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the boundaries ``centred_heads.sub_header_cuts`` puts in the table's first
    band (its lines over the first boundary a rule draws) saying so, where they still read as a
    plain line gap: under each title line, and over the sub-headers under the group labels."""
    if len(rows) != len(g.ys) or len(rows) < 3:
        return rows
    bottom = next((w.pos for w in rows[1:] if w.evidence and w.evidence[0].kind == "rule"), None)
    if bottom is None:
        return rows
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    band = [ln for ln in lines if rows[0].pos < ln.bbox.cy < bottom]
    cuts = sub_header_cuts(band, words, ctx.params.columns.min_gap, g.xs)
    for n, y in enumerate(cuts):
        k = next((k for k, w in enumerate(rows) if abs(w.pos - y) < 0.5), -1)
        if k < 0 or not rows[k].evidence or rows[k].evidence[0].kind != "line_gap":
            continue
        over = [ln for ln in band if ln.bbox.cy < y][-1]
        text = " ".join(words[i].text for i in sorted(over.word_ids, key=lambda i: words[i].bbox.x0))[:60]
        if n < len(cuts) - 1:
            rows[k] = replace(rows[k], evidence=(Evidence("title_line", round(over.bbox.width, 1)),),
                              decision=TITLE_LINE.format(text=text))
        else:
            gap = round(min(ln.bbox.y0 for ln in band if ln.bbox.cy > y) - over.bbox.y1, 1)
            rows[k] = replace(rows[k], evidence=(Evidence("sub_headers", gap),), decision=GROUPS.format(text=text))
    return rows


def group_label_cols(ctx: PageContext, g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` (one per column boundary of ``g``) with each boundary inside a group label's
    cell (``centred_heads.label_span``) saying so."""
    if g.source != "horizontal_rules" or len(cols) != len(g.xs):
        return cols
    words = ctx.centres.words
    ids = ctx.centres.inside(g.region)
    boxes = [words[i].bbox for i in ids]
    for r, c, rs, cs in g.spans:
        if rs != 1 or cs < 2:
            continue
        for k in (c, c + cs - 1):
            if label_span(g, boxes, r, k) != (c, c + cs - 1):
                continue
            text = " ".join(words[i].text for i in ids if g.ys[r] <= words[i].bbox.cy < g.ys[r + 1]
                            and g.xs[k] <= words[i].bbox.cx < g.xs[k + 1])
            said = GROUP_LABEL.format(row=r + 1, text=text, a=c + 1, b=c + cs)
            for j in range(c + 1, c + cs):
                cols[j] = replace(cols[j], evidence=(*cols[j].evidence, Evidence("group_label", r + 1)),
                                  decision=f"{cols[j].decision}; {said}")
            break
    return cols


PHRASE_LABEL = ("in row {row} a header label (\"{text}\") over columns {a}-{b} is one phrase, its words a word space "
                "apart, across this boundary: one cell over the columns, "
                "centred on the rule drawn under them alone (a cmidrule)")


def phrase_label_cols(ctx: PageContext, g: Grid, cols: list[Why]) -> list[Why]:
    """``cols`` with each boundary inside a header cell spanning columns whose words are one
    phrase across it (``spans._one_piece``: "Test set" cut at its word space) saying so, with
    evidence ``group_phrase`` (its value: the 1-based row)."""
    if g.source != "horizontal_rules" or len(cols) != len(g.xs):
        return cols
    words = ctx.centres.words
    ids = ctx.centres.inside(g.region)
    for r, c, rs, cs in g.spans:
        if rs != 1 or cs < 2:
            continue
        row = sorted((words[i] for i in ids if g.ys[r] <= words[i].bbox.cy < g.ys[r + 1]
                      and g.xs[c] <= words[i].bbox.cx < g.xs[c + cs]), key=lambda w: w.bbox.x0)
        if len(row) < 2 or phrase_end(row, 0) < row[-1].bbox.x1:
            continue
        text = " ".join(w.text for w in row)
        for j in range(c + 1, c + cs):
            kinds = {e.kind for e in cols[j].evidence}
            if "group_label" in kinds or not row[0].bbox.cx < g.xs[j] < row[-1].bbox.cx:
                continue
            said = PHRASE_LABEL.format(row=r + 1, text=text[:40], a=c + 1, b=c + cs)
            cols[j] = replace(cols[j], evidence=(*cols[j].evidence, Evidence("group_phrase", r + 1)),
                              decision=f"{cols[j].decision}; {said}")
    return cols


LEFT_HEAD = ("a head set left over amounts set right: the header's \"{text}\" stands in the white left of the text "
             "under it, with header text only left of it, so it heads the column it stands over and the cut goes in "
             "the {white:.1f} pt between it and the text before (one line's text or mark reaches into the gap, "
             "narrowing it below columns.min_gap there; the other lines leave it wider)")


def left_head_cols(ctx: PageContext, g: Grid, region: Region | None, cols: list[Why]) -> list[Why]:
    """``cols`` with each boundary cut just left of a head set left over its column's amounts
    (``gapcuts._white_beside``) saying so: the head's white to the text before it is narrower than
    ``columns.min_gap``, so the head, not the gap's width, put the boundary there."""
    if region is None or len(cols) != len(g.xs) or not len(region.pieces.x0):
        return cols
    p = region.pieces
    top = p.line == p.line[int(np.argmin([region.lines[k].bbox.cy for k in p.line]))]
    for k in range(1, len(g.xs) - 1):
        x, lo, hi = g.xs[k], g.xs[k - 1], g.xs[k + 1]
        centre = (p.x0 + p.x1) / 2
        head = top & (centre >= x) & (centre < hi)
        body = ~top & (centre >= x) & (centre < hi)
        before = ~top & (centre >= lo) & (centre < x)
        if not head.any() or not body.any() or not before.any() or not (top & (p.x1 <= x)).any():
            continue
        start, end = float(p.x0[head].min()), float(p.x1[head].max())
        white = start - float(p.x1[before].max())
        if end <= float(p.x0[body].min()) and 0 < white < ctx.params.columns.min_gap:
            text = " ".join(region.words[i].text for ln in {int(v) for v in p.line[head]}
                            for i in region.lines[ln].word_ids if x <= region.words[i].bbox.cx < hi)
            cols[k] = replace(cols[k], evidence=(*cols[k].evidence, Evidence("left_head", round(white, 1))),
                              decision=LEFT_HEAD.format(text=text[:40], white=white))
    return cols


HEAD_ROWSPAN = ("; beside the group label \"{group}\" (over sub-headers in row {sub}), the labels {labels} each stand in "
                "one of the two header rows with the other empty: cells as tall as both rows, spanning this boundary "
                "(tables.head_rowspans)")


def head_rowspan_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with the boundary between a two-row header's rows saying which labels span it
    (``structure.headspans``: cells of rowspan 2 beside a group label over sub-headers)."""
    tall = [s for s in g.spans if s[2] == 2 and s[3] == 1 and s[0] <= 1]
    if g.source == "ruled" or not tall or len(rows) != len(g.ys):
        return rows
    top = tall[0][0]
    group = next((s for s in g.spans if s[0] == top and s[2] == 1 and s[3] > 1), None)
    if group is None:
        return rows
    words = ctx.centres.words
    ids = ctx.centres.inside(g.region)

    def text(c: int, cs: int) -> str:
        return " ".join(words[i].text for i in ids if g.ys[top] <= words[i].bbox.cy < g.ys[top + 2]
                        and g.xs[c] <= words[i].bbox.cx < g.xs[c + cs] and not
                        (cs > 1 and words[i].bbox.cy >= g.ys[top + 1]))

    labels = ", ".join(f"\"{text(c, 1)[:30]}\"" for _, c, _, _ in tall)
    b = rows[top + 1]
    rows[top + 1] = replace(b, evidence=(*b.evidence, Evidence("head_rowspan", len(tall))),
                            decision=b.decision + HEAD_ROWSPAN.format(group=text(group[1], group[3])[:40],
                                                                      sub=top + 2, labels=labels))
    return rows


SPANNING_HEAD = ("; its first line (\"{text}\") is one piece centred over all {n} columns at the rows' step, clear of "
                 "both sides, in the rows' type: a head spanning the columns (a title or caption stands apart, "
                 "flush left or larger), the table's first row")


def spanning_head_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` (one per row boundary of ``g``) with the table's top saying so when its first
    line is a head spanning the columns taken over a borderless table (``spanhead``)."""
    if g.source != "aligned":
        return rows
    return _first_line_note(ctx, g, rows, head_line, "spanning_head", SPANNING_HEAD)


DATA_BAND = ("; the first drawn band holds amounts like the body's rows (over a third of its words amounts, years "
             "aside, its first line's too), no header kept whole: its lines are rows as a body band's are")


def data_band_rows(ctx: PageContext, g: Grid, rows: list[Why]) -> list[Why]:
    """``rows`` with each boundary inside the table's first drawn band saying so when that band
    holds amounts (``bandrows.split_rows``: a first band of data is no header), with evidence
    ``data_band`` (its value: the band's lines)."""
    if len(rows) != len(g.ys) or len(rows) < 3:
        return rows
    drawn = [k for k, w in enumerate(rows) if any(e.kind in ("rule", "fill_edge") for e in w.evidence)]
    end = next((k for k in drawn if k > 0), None)
    if not drawn or drawn[0] != 0 or end is None or end < 2:
        return rows
    words = ctx.centres.words
    ids = [i for i in ctx.centres.inside(g.region) if g.ys[0] <= words[i].bbox.cy < g.ys[end]]
    lines = ctx.centres.lines(ids, ctx.params.rows.y_tolerance)
    if len(lines) < 2 or header_words([words[i].text for i in ids]) or \
            header_words([words[i].text for i in lines[0].word_ids]):
        return rows
    for k in range(1, end):
        w = rows[k]
        rows[k] = replace(w, evidence=(*w.evidence, Evidence("data_band", len(lines))), decision=w.decision + DATA_BAND)
    return rows
