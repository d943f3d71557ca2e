"""Detection parameters: one frozen dataclass per stage, described by field metadata.

Every field carries ``label``, ``unit``, ``lo``, ``hi``, ``step`` and ``help`` in its
metadata. The GUI's sliders, the CLI's ``--set stage.field=value`` and saved presets are
all generated from here, so this module is the single place a parameter is defined.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field, fields
from typing import Any

from .paramspec import FieldInfo, ParamError, coerce, field_named, kind_of, param, text_param

__all__ = ["RENDER_SHARE", "STAGES", "BudgetParams", "ColumnParams", "ContinuationParams", "FieldInfo", "MergeParams", "OcrParams",
           "ParamError", "Params", "RasterParams", "RowParams", "TableParams", "VectorParams", "coerce", "describe",
           "param", "text_param"]


@dataclass(frozen=True)
class VectorParams:
    """drawings -> rules."""

    max_thickness: float = param(3.0, "Max rule thickness", "pt", 0.5, 20.0,
                                 "Filled rectangles thinner than this are rules; thicker ones are bands whose edges become rules.")
    min_length: float = param(4.0, "Min rule length", "pt", 0.0, 100.0,
                              "Vector segments shorter than this (after joining dashes) are dropped.")
    dash_gap: float = param(4.0, "Dash join gap", "pt", 0.0, 20.0,
                            "Collinear pieces closer than this are joined into one rule (dashed and dotted lines).")
    min_contrast: int = param(12, "Min contrast", "grey levels", 0, 255,
                              "Strokes or fills whose grey differs from white by less than this are invisible and ignored.")
    gutter: float = param(6.0, "Fill gutter", "pt", 0.0, 30.0,
                          "Two fills facing each other across a white gap at most this wide (coloured panels) "
                          "make one boundary in the gap's middle, not two.")
    gradient_strips: int = param(4, "Gradient strips", "strips", 2, 100,
                                 "This many or more abutting strips whose colour steps one way are a gradient "
                                 "(a chart background), not table shading; their edges are no boundaries.")
    background: float = param(0.97, "Page background", "x page side", 0.5, 1.0,
                              "A filled rectangle covering at least this share of the page's width and of its height "
                              "is the page's background, whatever its colour (a PDF writer may paint a white page "
                              "black): no table evidence.", step=0.01)
    traced_curves: bool = param(True, "Traced chart curves", "on/off", 0, 1,
                                "A stroked open path traced in steps too small to be slanted alone (a fraction "
                                "of a point each) whose 2 pt runs rise and run as a line series' strokes do is a "
                                "chart's series: its area is a figure's, its labels in no table.")


@dataclass(frozen=True)
class RasterParams:
    """page render -> rules (OpenCV)."""

    enabled: bool = param(True, "Raster rules", "on/off", 0, 1,
                          "Also look for rules in the rendered page (scans, rules vectors miss).")
    every_page: bool = param(False, "On every page", "on/off", 0, 1,
                             "Off: the render is searched only on pages with pictures (scans, embedded images), "
                             "where vector drawings cannot show the rules; on born-digital pages it finds the drawn "
                             "rules again and costs as much as the rest of detection. On: every page.")
    dpi: int = param(150, "Render resolution", "dpi", 50, 400,
                     "Resolution of the page render that raster rules are found on.", step=10)
    paper_fraction: float = param(0.88, "Paper fraction", "x paper grey", 0.5, 1.0,
                                  "A pixel is ink when darker than this fraction of the paper level (histogram mode), or than Otsu's threshold, whichever is more generous.",
                                  step=0.01)
    faint_lines: bool = param(True, "Faint hairlines", "on/off", 0, 1,
                              "A thin line lighter than the ink threshold is still a rule's ink where it is darker "
                              "than the paper and than both its sides by 16 grey levels (a scan's light grey "
                              "hairline); off: only ink under the threshold makes rules.")
    min_length: float = param(20.0, "Min run length", "pt", 2.0, 200.0,
                              "Dark runs shorter than this are not rules.")
    bridge_gap: float = param(5.0, "Bridge gap", "pt", 0.0, 10.0,
                              "Pieces of a rule, each shorter than the min run length, in line and at most this far "
                              "apart, are one rule when together they are long enough (a black-and-white scan "
                              "breaks a hairline into steps); 0: off.", step=0.5)
    hairline_gap: float = param(40.0, "Hairline gap", "pt", 0.0, 100.0,
                                "Pieces of a hairline a pixel or two thick, each shorter than the min run length, in "
                                "line and at most this far apart (and three times the shorter piece) are one rule: "
                                "thresholding a skewed hairline of a low-resolution scan leaves only dashes, where it "
                                "runs along a row (column) of pixels. Dashes whose centres stand the page's skew's "
                                "period apart (one every 1 / tan(skew) pixels), three or more, bridge this gap "
                                "whatever their lengths (each may be long enough to be a rule); 0: off.", step=1.0)
    max_thickness: float = param(3.0, "Max rule thickness", "pt", 0.5, 20.0,
                                 "Runs thicker than this are bands: their two edges become rules.")
    even_paper: float = param(30.0, "Even out paper", "grey levels", 0.0, 128.0,
                              "When the paper along a scan's edges (its lightest pixel every 6 pt) is darker than "
                              "its lightest by this much or more (a shadow at the binding, an uneven lamp), the "
                              "render is divided by the paper's brightness "
                              "before rules are looked for (else the shadow is taken for ink); 0: off.",
                              step=1.0)
    budget: float = param(20.0, "Raster time budget", "s", 0.0, 600.0,
                          "The page render for raster rules is given up after this many seconds (at most half of "
                          "budget.seconds) and the page is read from its text and vector rules alone; the page "
                          "says \"raster skipped\". MuPDF is stopped inside the render (Linux), else between strips.")
    span_guard: float = param(0.3, "Span guard", "x group extent", 0.0, 1.0,
                              "A rule must span at least this fraction of its group's extent; marks that only touch a table are dropped.",
                              step=0.05)


@dataclass(frozen=True)
class MergeParams:
    """vector + raster rules -> one set."""

    snap: float = param(2.0, "Snap tolerance", "pt", 0.0, 10.0,
                        "Rules whose positions differ by less than this are the same line.")
    join_gap: float = param(3.0, "Join gap", "pt", 0.0, 20.0,
                            "Collinear rules with a gap smaller than this are joined.")


@dataclass(frozen=True)
class RowParams:
    """words -> text rows."""

    hidden_text: bool = param(True, "Hidden text is no text", "on/off", 0, 1,
                              "Text drawn white on white paper or on a white fill (a form's hint for software, "
                              "glued to a visible asterisk), drawn invisible (render mode 3) over no picture or "
                              "outlined glyphs, or covered by an opaque box painted after it is not visible: its "
                              "words are left out, and a word it is glued to keeps only its visible characters "
                              "(the page's notes, explain and Why say how many, where and why).")

    y_tolerance: float = param(0.35, "Baseline tolerance", "x font size", 0.05, 1.5,
                               "Words whose baselines differ by less than this fraction of the font size share a row.",
                               step=0.05)


@dataclass(frozen=True)
class ColumnParams:
    """words -> column bins (borderless and horizontal-rule tables)."""

    min_gap: float = param(3.0, "Column gap", "pt", 1.0, 40.0,
                           "An x gap free of words at least this wide separates two columns.")
    boundary_margin: float = param(2.0, "Boundary margin", "pt", 0.0, 20.0,
                                   "Words closer than this to a column boundary are flagged low-confidence.")
    min_rows: int = param(2, "Min rows per column", "rows", 1, 20,
                          "A column must hold words in at least this many rows.")
    spanning_lines: float = param(0.1, "Lines across a gap", "share of lines", 0.0, 0.5,
                                  "A text gap stays a column boundary while at most this share of the table's text "
                                  "lines cross it (a title or a long label spanning columns); more, and the columns on "
                                  "its two sides read as one.", step=0.05)
    group_rules: bool = param(False, "Group-rule columns", "on/off", 0, 1,
                              "A column boundary found in the white between words moves to the end of a rule "
                              "drawn under a spanning group label in that white (sub-headers set flush left under "
                              "it). Off by default: on real documents nobody here made it added ragged rows.")
    signs_open: bool = param(True, "Currency signs open cells", "on/off", 0, 1,
                             "A currency sign written before amounts ($, £, ¥) standing alone between two "
                             "numbers starts the next column's cell, however near the number before it (a "
                             "spreadsheet's accounting format sets the sign at its cell's left edge).")
    justified: bool = param(True, "Justified cells", "on/off", 0, 1,
                            "The word spaces of a justified line (three or more words parted by equal spaces wider "
                            "than a plain one, the paragraph going on below from the same left edge) are one cell's "
                            "text, never a column gap: a wrapped label in a narrow justified cell stays whole.")
    tight_edges: bool = param(True, "Tight column edges", "on/off", 0, 1,
                              "A left edge where three or more lines start their text, most lines right of it "
                              "start there and none runs across it, is a column boundary though the white "
                              "before it is too narrow for Column gap, when that white is wider than 1.25 of "
                              "the table's word spaces on every line (cell insets of a few points, as InDesign "
                              "and Word set them). Tables without column rules only.")


@dataclass(frozen=True)
class TableParams:
    """rules + bins -> table regions, grids and cells."""

    min_rows: int = param(2, "Min rows", "rows", 1, 20, "Regions with fewer rows are not tables.")
    min_cols: int = param(2, "Min columns", "columns", 1, 20, "Regions with fewer columns are not tables.")
    ruled_row: bool = param(True, "One drawn row", "on/off", 0, 1,
                            "A single row of cells closed by drawn rules on every side, with text in two or more "
                            "of them (a form's one-row table: name, signature, date), is a table though it has "
                            "fewer rows than Min rows.")
    check_boxes: bool = param(True, "Check boxes are no rules", "on/off", 0, 1,
                              "A small empty square beside a label on a text line (a form's check box) and short "
                              "equal ticks standing on one baseline (a digit comb) are no table rules, nor the "
                              "sides of a digit-box field (adjoining boxes one character wide after a label); "
                              "marks inside a figure area stay the figure's.")
    leaders: bool = param(True, "Leaders as space", "on/off", 0, 1,
                          "A run of leader dots, middle dots, an ellipsis, underscores or spaced hyphens between "
                          "a label and its value on one line (\"Net revenue ..... 1,234\") is blank space to rows "
                          "and columns: never a bridge over a column gap, never a column; its text stays in the "
                          "label's cell.")
    character_rules: bool = param(True, "Rows of - and = are rules", "on/off", 0, 1,
                                  "A line made only of runs of four or more '-' or '=' characters (ten or more "
                                  "in all, '+' where columns cross), as a report printed from plain text "
                                  "underlines its column heads or sets off its totals, is a horizontal rule, not "
                                  "a row of text; a '|' alone at one place on three lines or more (a database "
                                  "client's result) is a column rule, not text of a cell.")
    section_cut: bool = param(True, "Form sections", "on/off", 0, 1,
                              "A form's ruled sections share their full-width rules: where no column rule crosses "
                              "such a rule, the column rules above end on it and other ones start below, and each "
                              "side has two rows or more, the ruled group is cut there into separate tables.")
    section_bands: bool = param(True, "Shaded section rows", "on/off", 0, 1,
                                "A fill that shades the band between two stacked row rules from one to the other, "
                                "as wide as they are, and holds all its text is a section row of one table (a "
                                "title, a sentence across it): the text in it does not part the rules into two "
                                "tables.")
    header_notes: bool = param(True, "Notes under a header band", "on/off", 0, 1,
                               "Stacked row rules whose first band is a shaded header band alone (its column "
                               "headings in two or more pieces) stay one table with the rules under it when up to "
                               "three lines of text stand between (a rate sheet's note under its header): a header "
                               "is never a table of its own, so the text parts no two tables.")
    repeated_headers: bool = param(True, "Repeated headers", "on/off", 0, 1,
                                   "Tables set side by side (or one over the other) whose rows align read as one "
                                   "block: where both parts carry the same header words at one shift (beside: "
                                   "behind a gutter no word crosses, the whole column pattern repeating; over: "
                                   "the first in the block's header, rows of numbers between), the block is cut "
                                   "into its tables.")
    cell_marks: bool = param(True, "Marks in cells", "on/off", 0, 1,
                             "A filled rectangle inside one drawn cell, reaching neither across nor down it and "
                             "covering less than half its width or height (a redaction's black box, a colour "
                             "swatch, a bar), is a mark in the cell, not shading: its edges make no rows or "
                             "columns.")
    blank_form: bool = param(True, "Blank forms", "on/off", 0, 1,
                             "A ruled grid whose rows' labels mostly end in leader dots toward a last column "
                             "left empty (a blank form's entry boxes) is a form, not a table.")
    blank_tables: bool = param(True, "Blank tables to fill in", "on/off", 0, 1,
                               "A ruled grid with a caption in each cell of its header row over two or more "
                               "ruled rows left empty, the header's column rules drawn on through them (a form's "
                               "dependents grid), is a table though mostly empty; its columns are the header's, "
                               "and found inside a form whose one drawing joins it to the form's other boxes.")
    form_boxes: bool = param(True, "Form boxes", "on/off", 0, 1,
                             "A ruled grid whose boxes mostly hold only a small caption at their top, the rest "
                             "of each box left empty to write in (a form's name, address or signature "
                             "block), is a form, not a table.")
    line_numbers: bool = param(True, "Margin line numbers", "on/off", 0, 1,
                               "Ten or more numbers counting up by one down a page's margin at one pitch, the "
                               "outermost text beside them, some beside blank lines (pleading paper's 1 .. 28), "
                               "are page furniture: no table's text.")
    vertical_writing: bool = param(True, "Vertical writing", "on/off", 0, 1,
                                   "A page whose characters stand mostly in columns set top to bottom (Japanese "
                                   "or Chinese vertical writing, one full-width character under the next), "
                                   "three runs of four or more: its lines across are no table's rows, and those "
                                   "characters are no table's text.")
    column_ends: bool = param(True, "Rows under column ends", "on/off", 0, 1,
                              "Where all the column rules entering a ruled band from its top end together inside "
                              "it, text above and under that height, a row ends there (its top border left out, "
                              "as Word leaves a full-width row's), and the row under it, drawing no column rule, "
                              "is one cell across the table.")
    form_mosaic: bool = param(True, "Form mosaics", "on/off", 0, 1,
                              "A ruled grid of eight or more drawn column rules whose rows each hold few of them "
                              "(bands of boxes of unequal widths, each band divided its own way, as a report "
                              "form draws them) is a form, not a table.")
    labelled_blocks: bool = param(True, "Labelled blocks", "on/off", 0, 1,
                                  "Blocks side by side, each headed by a label ending in a colon over lines at "
                                  "one pitch with no rule or gap parting records (an invoice's BILL TO: / "
                                  "SHIP TO: addresses), are a layout, not a table.")
    page_columns: bool = param(True, "Page columns", "on/off", 0, 1,
                               "A borderless grid whose columns' running text goes on above and below it, each "
                               "line within one column, is a slice of a page set in columns, not a table.")
    text_boxes: bool = param(True, "Text boxes", "on/off", 0, 1,
                             "A grid whose columns a filled box cuts (the box holds all the text of some "
                             "columns and text outside the grid) is a text box, not a table.")
    sides_ends_apart: bool = param(True, "Sides that end apart", "on/off", 0, 1,
                                   "Two borderless tables beside each other on one row grid (a sheet's two "
                                   "blocks), parted by a gutter no line crosses, are two tables where both "
                                   "sides are tables and one goes on two or more rows below the other's end.")
    page_gutters: bool = param(True, "Page column gutters", "on/off", 0, 1,
                               "A block of lines parted by the narrow gutter of a page set in justified columns (the "
                               "columns' running text ends at its left edge and starts at its right, no line crosses "
                               "it), its two "
                               "sides keeping their own rows, is two blocks side by side, each read on its own.")
    numbered_notes: bool = param(True, "Numbered notes", "on/off", 0, 1,
                                 "Two columns without drawn column rules whose every row is one note marker (1, "
                                 "a, *, a bullet) beside running text are a list of notes, not a table.")
    header_over_rules: bool = param(True, "Header over a ruled grid", "on/off", 0, 1,
                                    "A header line just above a ruled grid's first rule, each of its pieces inside "
                                    "one of the grid's columns, is the grid's header row (Word's list styles rule "
                                    "only under the header).")
    rows_under_fills: bool = param(True, "Rows under a shaded grid", "on/off", 0, 1,
                                   "Lines under a grid drawn by cell shading alone (white between the cells), "
                                   "each of their pieces inside one of its columns, are its last rows left "
                                   "unshaded (a zebra's last row, a total under a shaded band).")
    prose_beside_rules: bool = param(True, "Prose beside a narrower rule", "on/off", 0, 1,
                                     "Two stacked horizontal rules, one at most two thirds as long as the other, "
                                     "with two or more lines of running text between them past the narrower "
                                     "rule's end (a page column beside it), belong to two tables: the wider rule "
                                     "is another table's edge (a multi-column page's rules).")
    ruled_parts: bool = param(True, "Tables drawn in parts", "on/off", 0, 1,
                              "A grid whose column rules are drawn in its header or shaded rows only (pale "
                              "strokes over the fill) and the rows ruled across only under or between those "
                              "parts are one table, when each such row's text keeps the grid's columns (no "
                              "line running across them, a label beside its value).")
    title_row_header: bool = param(True, "Header under a title row", "on/off", 0, 1,
                                   "A table whose first ruled row is its title (one run of words across the "
                                   "columns) has its column headers in the ruled row under it: that row's "
                                   "wrapped lines stay one header row (Word's and FrameMaker's tables titled "
                                   "in their first row).")
    contents_lists: bool = param(True, "Contents lists", "on/off", 0, 1,
                                 "Titles each ending in a page number, the numbers rising down the list and no "
                                 "column rule drawn, are a table of contents, not a table (also without leaders).")
    head_rowspans: bool = param(True, "Labels spanning two header rows", "on/off", 0, 1,
                                "In a two-row header with a group label over sub-headers, each label beside the "
                                "group (in one of the two rows only) is one cell spanning both rows (Word's and "
                                "tenders' tall header cells), not a one-row cell over an empty one.")
    left_out_spans: bool = param(False, "Left-out rule spans", "on/off", 0, 1,
                                 "In a table drawn with row rules only, a rule left out under one column above "
                                 "an empty slot makes the cell above span it (pdfmake lightHorizontalLines, "
                                 "reportlab SPAN). Off by default: it cost real reports more than it gained.")
    wrapped_spans: bool = param(True, "Wrapped cells over left-out rules", "on/off", 0, 1,
                                "In a table drawn with row rules only, a cell whose paragraph wraps on past a "
                                "rule left out under it (the rule drawn in the other columns, its next line "
                                "at the paragraph's leading and higher than the next row's texts) spans both "
                                "rows (InDesign's and Word's cells merged down).")
    centred_stubs: bool = param(True, "Row labels centred on their rows", "on/off", 0, 1,
                                "A stub whose labels stand centred down the rows they span (one off the "
                                "rows' lines, halfway between two, or the first body row blank; groff tbl's "
                                "^, a merged cell aligned to the middle) is read as groups, each label's "
                                "cell spanning its group, where the groups fit the body rows exactly.")
    intersect_tol: float = param(3.0, "Intersection tolerance", "pt", 0.0, 15.0,
                                 "How far a rule may stop short of another and still meet it.")
    borderless: bool = param(True, "Borderless tables", "on/off", 0, 1,
                             "Look for tables made only of aligned words.")
    min_aligned_rows: int = param(3, "Min aligned rows", "rows", 2, 30,
                                  "A borderless table needs at least this many aligned rows.")
    rules_around_prose: bool = param(True, "Prose between two rules", "on/off", 0, 1,
                                     "Stacked horizontal rules with no rule between their text's rows (a panel's "
                                     "top and bottom) around running prose set in columns (text running on, in "
                                     "lower case after a full line, across most row boundaries) are no table.")
    narrow_gaps_meet: bool = param(True, "Narrowed column gaps", "on/off", 0, 1,
                                   "Aligned lines go on as one table when a line's column gap meets a narrower "
                                   "gap (over 0.8 font sizes) of the line above or below: a wide cell closes in "
                                   "on the next column's text without ending the columns.")
    row_band_lines: int = param(4, "Lines per row band", "lines", 1, 20,
                                "When three or more drawn bands (rules or fills) hold text and none holds more "
                                "lines than this, every band is one row and its lines are multi-line cells.")
    min_filled_rows: float = param(0.5, "Min rows with text", "share of rows", 0.0, 1.0,
                                   "A grid of four or more rows where no more than this share of rows hold any text "
                                   "is no table (a chart's banded plot area with its tick labels).", step=0.05)


OCR_MODES = ("auto", "always", "never")


@dataclass(frozen=True)
class OcrParams:
    """page picture -> words (Tesseract)."""

    mode: str = text_param("auto", "OCR", "auto: OCR pages that have no text layer (scans, pictures, text drawn as "
                           "paths); always: OCR every page and use its words instead of the text layer (a garbage "
                           "text layer); never: text layer only.", choices=OCR_MODES)
    lang: str = text_param("eng", "Language", "Tesseract language pack(s), joined by '+', e.g. eng, kor, "
                           "chi_sim, eng+deu. 'table-inspector ocr-langs' lists the installed ones.",
                           pattern=r"[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*")
    layout: str = text_param("columns", "Layout", "columns: cut the page at its white gutters between columns of "
                             "text first, then read each part's text lines (a table beside body text keeps its "
                             "own rows); lines: read the whole page as one column of text lines; both keep the "
                             "lone digits and dashes of table cells, which page (Tesseract's own layout "
                             "analysis) drops as noise or as a dotted rule.",
                             choices=("lines", "page", "columns"))
    dpi: int = param(200, "OCR resolution", "dpi", 100, 400,
                     "Resolution the page is rendered at for OCR; higher reads small print better and costs "
                     "time in proportion to the pixels.", step=25)
    # off by default: on the hold-out's real scans it found more tables with more ragged rows
    # (defects per 100 cells 7.03 -> 7.11) while only the synthetic fax profile gained
    upscale_letters: float = param(0.0, "Enlarge small letters to", "px", 0.0, 40.0,
                                   "A scan read at its own resolution (lower than the OCR resolution) whose letters "
                                   "(the median height of its letter-sized ink blobs) are smaller than this many "
                                   "pixels is enlarged, smoothly, until they are this high: Tesseract runs the words "
                                   "of a 150 dpi fax together; 0: off (the default; 20 helps a 150 dpi fax).", step=1.0)
    upscale_bilevel: float = param(20.0, "Enlarge small black-and-white letters to", "px", 0.0, 40.0,
                                   "As 'Enlarge small letters to', for a black-and-white scan (a fax, a copier's "
                                   "1-bit mode: almost no grey pixel): its letters' staircase edges hold no grey "
                                   "ramps for Tesseract to threshold, the smooth enlargement gives them some; "
                                   "the larger of the two applies to such a scan; 0: off.", step=1.0)
    even_paper: float = param(30.0, "Even out paper", "grey levels", 0.0, 128.0,
                              "When the paper along a scan's edges (its lightest pixel every 6 pt) is darker than "
                              "its lightest by this much or more (a shadow at the binding, an uneven lamp), the "
                              "picture Tesseract reads is divided by the paper's brightness: white paper everywhere, "
                              "so one threshold holds; 0: off.",
                              step=1.0)
    shading: float = param(24.0, "Lift shading", "grey levels", 0.0, 128.0,
                           "Shaded areas (grey cells, bands) darker than the page's paper by this much or more are "
                           "divided by their own shade on the picture Tesseract reads, so their dark letters stand on "
                           "white (dark bands, under half the paper's grey, are left alone); 0: off.", step=1.0)
    shading_edges: float = param(0.5, "Shading's sharp edges", "share", 0.0, 1.0,
                                 "A shaded area is lifted only when at least this share of its outline is a sharp "
                                 "edge (its shade rises by half of 'Lift shading' within a third of a letter's "
                                 "height), as a cell's fill starts; a shadow or uneven light fades in and is left "
                                 "alone; 0: every shaded area is lifted.", step=0.05)
    reverse_bands: bool = param(True, "Read light text on dark bands", "on/off", 0, 1,
                                "Dark bands (under half the paper's grey, of one shade, with sharp edges: a header "
                                "row's fill) holding light letters are reversed on the picture Tesseract reads, so "
                                "their white text is read as dark text on paper; off: such text is lost.")
    min_confidence: float = param(60.0, "Min confidence", "%", 0.0, 100.0,
                                  "OCR words Tesseract is less sure of than this are flagged low-confidence.",
                                  step=1.0)
    deskew: bool = param(True, "Straighten", "on/off", 0, 1,
                         "Measure the skew of a scanned page (up to 5 degrees) and straighten it before OCR and "
                         "raster rules; a searchable scan (its words an invisible OCR layer over the picture) "
                         "is straightened too.")
    erase_rules: bool = param(True, "Erase rules", "on/off", 0, 1,
                              "Paint ruling lines white on the picture Tesseract reads (rules touching words are "
                              "otherwise read as | or _ and grids hide cell text); rules are still found.")
    specks: float = param(0.5, "Speck size", "pt", 0.0, 2.0,
                          "Isolated dots of ink no bigger than a square this wide are painted paper on the picture "
                          "Tesseract reads (a fax's or a copier's dust is otherwise read as '.', '-' or ','); "
                          "0: off.", step=0.1)
    impulses: float = param(2.0, "Salt-and-pepper noise", "per 10,000 px", 0.0, 100.0,
                            "On a grey scan where more pixels than this in 10,000 stand alone, each darker or "
                            "lighter than all eight around it by 64 grey levels (a scanner's salt-and-pepper "
                            "noise: no lens draws such a pixel), each such pixel takes the median of its 3 x 3 "
                            "square before OCR (a black one touching a letter is read as a stroke); 0: off.",
                            step=0.5)
    speck_points: bool = param(True, "Keep points between letters", "on/off", 0, 1,
                               "On a black-and-white scan, a speck on a text line's baseline between two letters, "
                               "each within half a letter's height of it, is kept: thresholded at a fax's "
                               "resolution a decimal point or a thousands comma is a pixel or two, as small as the "
                               "dust painted out (a grey scan keeps its points' grey rims, and its dust between "
                               "letters is painted out as before).")
    comma_groups: int = param(2, "Commas lost to the scan", "numbers", 0, 10,
                              "A number OCR read grouped by full stops (52.071) is read with commas (52,071) when "
                              "its row or column (within 6 lines; or its whole column, when that holds no number "
                              "that can only be a decimal, 12.5 or 0.125) holds this many numbers grouped by commas "
                              "and none written with a decimal comma: a coarse scan loses a comma's tail and "
                              "Tesseract reads a full stop; 0: off.")
    decimal_points: int = param(2, "Decimal points lost to the scan", "numbers", 0, 10,
                                "A number OCR read without a decimal point (1624) is read with it (162.4) when "
                                "numbers of its column above and below it, this many or more, are written alike "
                                "with their points in one place, few of the column's numbers are written its way, "
                                "and its word is as wide as theirs (the point's room is there): a blurred or coarse "
                                "scan loses the point; 0: off.")
    round_brackets: bool = param(True, "Curly braces are round brackets", "on/off", 0, 1,
                                 "A curly brace OCR read at a word's start or end ({25.4, 13.4}) is read as the "
                                 "round bracket it stands for: tables are not set with curly braces, and a degraded "
                                 "scan's round bracket reads so.")
    lost_commas: int = param(2, "Thousands commas lost to the scan", "numbers", 0, 10,
                             "A number OCR read without its thousands commas (4179) is read with them (4,179) "
                             "when numbers of its column above and below it, this many or more, are written alike "
                             "with their commas in one place, few of the column's numbers are written its way, "
                             "and its word is as wide as theirs (the comma's room is there): a fax or a blurred "
                             "scan leaves nothing of a comma; 0: off.")
    reread_cells: bool = param(True, "Re-read doubtful cells", "on/off", 0, 1,
                               "Read again, on its own, each ruled cell holding a word under the min confidence, "
                               "and keep that reading when Tesseract is surer of it (multi-line cells).")
    layer_sample: int = param(24, "Words checked of an OCR layer", "words", 0, 200,
                              "On a searchable scan (a page picture with someone else's OCR laid over it as "
                              "invisible words) this many of the layer's words, spread over the page, are read "
                              "again, each box alone, on the picture this tool's OCR reads (rules painted out); "
                              "0: the layer is kept unchecked (faster).", step=4)
    layer_doubt: float = param(0.1, "Doubt an OCR layer at", "share", 0.0, 1.0,
                               "A searchable scan whose checked words are contradicted over this share (read "
                               "otherwise with at least the min confidence, a lone word's known misreadings, a box "
                               "cut short and, on a coarse scan, a letter or digit slip aside; written otherwise by "
                               "its own row or column, as a full stop among thousands commas; or a '|', '=' or '_' "
                               "with no ink left once the rules are painted "
                               "out, whose ink on the scan runs on as a rule's or is not that glyph's shape) is "
                               "read with this tool's OCR "
                               "instead of its layer, as ocr.mode=always does; 1: always keep the layer.",
                               step=0.05)
    cpu_seconds: float = param(30.0, "Work limit", "CPU s", 1.0, 300.0,
                               "OCR of one page stops once it has worked this long (CPU time: the same on a busy "
                               "machine as on an idle one) and keeps the words read so far; the page says so.",
                               step=1.0)
    max_seconds: float = param(120.0, "Wall-clock guard", "s", 1.0, 600.0,
                               "A last resort: OCR of one page stops after this long by the clock on the wall "
                               "(a Tesseract that hangs, a starved machine) and keeps the words read so far; the "
                               "page says so, naming this guard.", step=1.0)


@dataclass(frozen=True)
class ContinuationParams:
    """consecutive pages' tables -> continuations (one logical table over pages)."""

    enabled: bool = param(True, "Find continuations", "on/off", 0, 1,
                          "Propose that a table at the top of a page continues the table that ends a page before it.")
    edge_rows: float = param(2.0, "Edge room", "x row height", 0.0, 10.0,
                             "A piece must end (start) within this many of its rows of the text area's bottom (top): "
                             "the lowest text of the pages (the median of the pages' highest), page numbers and "
                             "running headers left out.", step=0.5)
    col_tol: float = param(4.0, "Column tolerance", "pt", 0.0, 40.0,
                           "Column boundaries of two pieces may differ by this much (after turning sideways pages "
                           "upright, and allowing the whole table to shift).")
    min_confidence: float = param(0.5, "Min confidence", "0..1", 0.0, 1.0,
                                  "Candidates below this confidence are not proposed (they stay listed with their "
                                  "evidence).", step=0.05)
    tails: bool = param(True, "Read short tails", "on/off", 0, 1,
                        "Lines opening a page in the columns of the table that ends the page before (a tail of a "
                        "row or two, too short to be detected alone) are read as that table's continuation.")
    heads: bool = param(True, "Read short heads", "on/off", 0, 1,
                        "Lines ending a page in the columns of the table that opens the next page (a header and "
                        "a row or two, or the header alone, too short to be detected) are read as the table that "
                        "the next page's piece continues.")
    renamed_header: bool = param(True, "Renamed header columns", "on/off", 0, 1,
                                 "A first row on the next page that repeats part of the first piece's header "
                                 "words but names other things in a column (\"Ref.\" over \"Code\", the same "
                                 "\"Qty\" and \"Amount\") is another table's header: no link.")
    marked_notes: bool = param(True, "Signed footnotes", "on/off", 0, 1,
                               "A note under the first piece that starts with a sign (*, **, †, ‡) one of the "
                               "piece's cells ends with is that cell's footnote, set on its page: it does not "
                               "close the table, as a note by its label (Note:, Source:) does.")
    numbering: bool = param(True, "Read row numbering", "on/off", 0, 1,
                            "Where the first piece numbers its rows by one in a column of their own (1, 2, 3 or "
                            "0001, 0002), the next piece's first number there says which table it belongs to: one "
                            "past the last adds to the confidence, the first piece's first or lower again (a new "
                            "table starting over) refuses the link.")


RENDER_SHARE = 0.5  # of a page's budget (``BudgetParams.seconds``), the most one render may take: the rest is for
# the other stages (the render for raster rules, the window's picture of a page too heavy to draw)


@dataclass(frozen=True)
class BudgetParams:
    """What one page may cost before it is stopped and reported as failed (not a detection stage:
    no result depends on it, but that a render for raster rules gets at most half of ``seconds``,
    ``pagenotes.render_budget``). Enforced where the page runs in a child process that can be killed."""

    seconds: float = param(20.0, "Time per page", "s", 0.5, 3600.0,
                           "A page still being read after this long is stopped and reported as failed "
                           "(a hostile or absurdly complex page); the rest of the document goes on.", step=1.0)
    memory_mb: int = param(2048, "Memory per page", "MB", 256, 65536,
                           "The process reading a page may use at most this much memory; a page needing more "
                           "is stopped and reported as failed.", step=256)


STAGES: dict[str, type] = {
    "vector": VectorParams,
    "raster": RasterParams,
    "merge": MergeParams,
    "rows": RowParams,
    "columns": ColumnParams,
    "tables": TableParams,
    "ocr": OcrParams,
    "continuation": ContinuationParams,
    "budget": BudgetParams,
}


@dataclass(frozen=True)
class Params:
    """All stage parameters; the field name is the stage name used in ``stage.field``."""

    vector: VectorParams = field(default_factory=VectorParams)
    raster: RasterParams = field(default_factory=RasterParams)
    merge: MergeParams = field(default_factory=MergeParams)
    rows: RowParams = field(default_factory=RowParams)
    columns: ColumnParams = field(default_factory=ColumnParams)
    tables: TableParams = field(default_factory=TableParams)
    ocr: OcrParams = field(default_factory=OcrParams)
    continuation: ContinuationParams = field(default_factory=ContinuationParams)
    budget: BudgetParams = field(default_factory=BudgetParams)

    def with_value(self, key: str, value: Any) -> Params:
        """A copy with ``stage.field`` set; ``value`` may be a string (parsed, range-checked)."""
        stage, name = _split_key(key)
        sub = getattr(self, stage)
        f = field_named(type(sub), name)
        new = dataclasses.replace(sub, **{name: coerce(f, value, key)})
        return dataclasses.replace(self, **{stage: new})

    def to_dict(self) -> dict[str, dict[str, Any]]:
        return {s: dataclasses.asdict(getattr(self, s)) for s in STAGES}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Params:
        """Build from a preset dict; unknown keys raise ``ParamError``."""
        p = Params()
        for stage, values in data.items():
            if not isinstance(values, dict):
                raise ParamError(f"preset: '{stage}' must map field names to values")
            for name, value in values.items():
                p = p.with_value(f"{stage}.{name}", value)
        return p

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True)

    @staticmethod
    def loads(text: str, name: str = "") -> Params:
        """Parameters from a preset's JSON text (``name`` its file, for messages): nested at
        most a few levels, finite numbers only."""
        from .infra.userfiles import InputError, loads_json

        try:
            data = loads_json(text, "preset", name or "preset")
        except InputError as exc:
            raise ParamError(str(exc)) from None
        if not isinstance(data, dict):
            raise ParamError("preset must be a JSON object of stages")
        return Params.from_dict(data)


def describe() -> list[FieldInfo]:
    """Every parameter of every stage, in stage order."""
    out = []
    for stage, cls in STAGES.items():
        for f in fields(cls):
            m = f.metadata
            out.append(FieldInfo(f"{stage}.{f.name}", stage, f.name, kind_of(f), f.default,
                                 m["label"], m["unit"], m["lo"], m["hi"], m["step"], m["help"],
                                 tuple(m.get("choices", ()))))
    return out


def _split_key(key: str) -> tuple[str, str]:
    stage, _, name = key.partition(".")
    if stage not in STAGES or not name:
        raise ParamError(f"unknown parameter '{key}': use stage.field, stages are {', '.join(STAGES)}")
    return stage, name
