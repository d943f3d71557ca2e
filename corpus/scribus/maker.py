"""Runs inside Scribus (``scribus -g -ns -py maker.py IN.json OUT.pdf CELLS.json`` under
Xvfb): sets the pages ``corpus.scribus.build`` describes and exports them to PDF, the way a
DTP user builds a brochure: text frames, rectangles and line objects placed on the page,
and Scribus's own tables (``createTable``).

Imports nothing of the project (Scribus's Python has only its own ``scribus`` module). For
each native table it writes where Scribus put it: the frame's position and each row's
height and column's width as Scribus reports them after the cells are filled, so the truth
is the producer's own geometry (points, top-left origin).
"""

import json
import sys

import scribus  # type: ignore[import-not-found]


def colours(spec):
    for name, (r, g, b) in spec.items():
        scribus.defineColorRGB(name, r, g, b)


def text(o, name):
    """A text frame: font, size, leading (points), colour, alignment, columns."""
    scribus.createText(o["x"], o["y"], o["w"], o["h"], name)
    scribus.setText(o["text"], name)
    scribus.setFont(o["font"], name)
    scribus.setFontSize(o["size"], name)
    scribus.setLineSpacing(o["lead"], name)
    scribus.setTextColor(o.get("color", "Black"), name)
    scribus.setTextAlignment({"l": scribus.ALIGN_LEFT, "r": scribus.ALIGN_RIGHT, "c": scribus.ALIGN_CENTERED,
                              "j": scribus.ALIGN_BLOCK}[o.get("align", "l")], name)
    if o.get("cols", 1) > 1:
        scribus.setColumns(o["cols"], name)
        scribus.setColumnGap(o.get("gap", 12), name)
    if scribus.textOverflows(name):
        sys.exit("maker: text overflows its frame: " + o["text"][:60])


def rect(o, name):
    scribus.createRect(o["x"], o["y"], o["w"], o["h"], name)
    scribus.setFillColor(o["fill"], name)
    scribus.setLineColor(o.get("line", "None"), name)
    if "lw" in o:
        scribus.setLineWidth(o["lw"], name)


def line(o, name):
    scribus.createLine(o["x0"], o["y0"], o["x1"], o["y1"], name)
    scribus.setLineWidth(o["lw"], name)
    scribus.setLineColor(o.get("color", "Black"), name)


def table(o, name):
    """A native table: its size, each column's width and row's height, spans, texts, fills;
    returns where Scribus put it."""
    rows, cols = len(o["heights"]), len(o["widths"])
    scribus.createTable(o["x"], o["y"], sum(o["widths"]), sum(o["heights"]), rows, cols, name)
    for c, w in enumerate(o["widths"]):
        scribus.resizeTableColumn(c, w, name)
    for r, h in enumerate(o["heights"]):
        scribus.resizeTableRow(r, h, name)
    for r, c, rs, cs, words in o["cells"]:
        if rs > 1 or cs > 1:
            scribus.mergeTableCells(r, c, rs, cs, name)
        scribus.setCellText(r, c, words, name)
    for r, c, fill in o.get("fills", []):
        scribus.setCellFillColor(r, c, fill, name)
    x, y = scribus.getPosition(name)
    return {"tid": o["tid"], "x": x, "y": y,
            "widths": [scribus.getTableColumnWidth(c, name) for c in range(cols)],
            "heights": [scribus.getTableRowHeight(r, name) for r in range(rows)]}


def main(src, out, cells_out):
    with open(src, encoding="utf-8") as f:
        spec = json.load(f)
    w, h = spec["page"]
    scribus.newDocument((w, h), (36, 36, 36, 36), scribus.PORTRAIT, 1, scribus.UNIT_POINTS, scribus.PAGE_1, 0,
                        len(spec["pages"]))
    colours(spec["colours"])
    found, k = [], 0
    for p, objects in enumerate(spec["pages"], 1):
        scribus.gotoPage(p)
        for o in objects:
            k += 1
            name = f"o{k}"
            if o["k"] == "table":
                t = table(o, name)
                found.append(dict(t, page=p))
            else:
                {"text": text, "rect": rect, "line": line}[o["k"]](o, name)
    pdf = scribus.PDFfile()
    pdf.file = out
    pdf.fontEmbedding = 0
    pdf.subsetList = list(pdf.fonts)
    pdf.save()
    with open(cells_out, "w", encoding="utf-8") as f:
        json.dump(found, f)


main(*sys.argv[1:4])
