"""Parameters beyond one page's geometry: how a page is read when it has no usable text
(``OcrParams``), how consecutive pages' tables join (``ContinuationParams``) and what one page
may cost (``BudgetParams``). ``params`` gathers them with the detection stages' into ``Params``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .paramspec import param, text_param

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
    point_gaps: float = param(1.3, "Points lost between digits", "x advance", 0.0, 2.0,
                              "In an OCR number of three digits or more, one step between its digits' centres "
                              "this many times the others' (and under twice them) is a decimal point (one or two "
                              "digits after it) or a thousands comma (three) the scan lost: tables set digits "
                              "one advance apart, and the mark's room stays when its ink is gone (193 5 read "
                              "1935 is read 193.5); black-and-white scans only (a grey scan keeps the mark's ink); 0: off.")
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
