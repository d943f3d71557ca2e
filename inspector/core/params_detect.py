"""Parameters of the detection stages on one page: drawings -> rules (vector, raster), rules ->
merged rules, words -> rows and columns, all of it -> tables. One frozen dataclass per stage;
``params`` gathers them with the other stages' (``params_document``) into ``Params``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .paramspec import param


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
    framed_prose: bool = param(True, "Prose in a frame", "on/off", 0, 1,
                               "A drawn frame (a poster's panels, a page border) with no rule drawn between its "
                               "text's rows, around running text in one or two columns (8 words a line or more "
                               "in each, 5 lines or more), is no table.")
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
