"""run(page, params) -> PageResult, re-running only the stages whose inputs changed.

Each stage's result is cached under a key made of the page, the stage's own parameters
and the keys of the stages it reads. Changing a column-bin parameter therefore re-uses
the words, the render and both rule stages. The cache is bounded (renders separately,
since one 150-dpi A4 render is about 2 MiB).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

from .aside import Aside, set_aside
from .evidence.figures import Figure, search_figures
from .evidence.icons import icon_words
from .evidence.ocrpictures import picture_areas
from .evidence.pictures import picture_figures
from .evidence.rules_merge import merge_rules
from .evidence.rules_vector import find_vector_rules
from .geometry import Frame
from .infra.collector import collector_held
from .infra.heap import keep_freed_pages
from .infra.lru import LRU
from .layercheck import check_layer, verdict_note
from .multipage.furniture import BAND, NONE, Furniture, Mark, band_marks, find_furniture, neighbour_pages, reaches_bands
from .pagenotes import (
    FIGURES_NOTE,
    TILES_NOTE,
    huge_note,
    page_notes,
    page_warnings,
    raster_wanted,
    render_budget,
    skipped_note,
)
from .params import Params
from .reading.document import Document, Page
from .reading.garbled import garbled_notes
from .reading.ocr import OcrResult
from .reading.ocr_clock import STOPPED
from .reading.ocrlayer import LAYER_LEVER, LAYER_PREFIX, ocr_layer
from .reading.tiles import MAX_TILE_CELLS
from .reading.unseen import unseen_notes, unseen_regions
from .reading.words import read_text
from .scan import (
    OcrPicture,
    ScanWords,
    flag_unsure_words,
    ocr_page,
    ocr_picture,
    ocr_wanted,
    reread_unsure_cells,
    rules_back,
    scan_words,
    unsure,
)
from .scan_clean import paper_note, straightened
from .structure.columns import WordCentres
from .structure.tables import TablesResult
from .tablestage import box_sides, row_bands, table_stage, upright_of
from .types import (
    FIGURES_SKIPPED,
    OCR_STOPPED,
    RASTER_SKIPPED,
    Fill,
    PageResult,
    RasterResult,
    Rect,
    RowBand,
    Rule,
    Word,
)

if TYPE_CHECKING:
    import numpy as np

keep_freed_pages()  # a page's picture temporaries reuse the last page's memory: see infra.heap

NO_RASTER = RasterResult((), (), (), 0, 0)
HUGE_PAGE_DPI_SHARE = 4  # a page whose render would fall below a quarter of raster.dpi gets no raster rules
STAGES = ("words", "drawings", "vector", "images", "layer", "icons", "render", "skew", "picture", "ocr", "raster", "merge", "figures",
          "bands", "furniture", "aside", "upright", "index", "rows", "tables", "reread")


T = TypeVar("T")


class Pipeline:
    """Detection over one open document with a per-stage cache.

    Not thread-safe (PyMuPDF documents are not): give each thread its own Pipeline over
    its own Document.
    """

    def __init__(self, doc: Document, cache_size: int = 256, render_cache: int = 4) -> None:
        self.doc = doc
        # Told (from the detecting thread) before a slow stage starts, e.g. the window's status bar.
        self.progress: Callable[[str], None] | None = None
        self._cache = LRU(cache_size)
        self._renders = LRU(render_cache)
        self.computed: list[str] = []  # stages actually computed by the last run()
        self._spent = 0.0  # ms spent in computed stages, ever: what a stage's nested stages took

    def _stage(self, timings: dict[str, float], name: str, key: Hashable,
               fn: Callable[[], T], cache: LRU | None = None) -> T:
        """``fn()``, cached under (``name``, ``key``): a stage's result, typed as ``fn`` returns it."""
        store = cache or self._cache
        full = (name, key)
        hit: T | None = store.get(full)
        if hit is not None:
            timings.setdefault(name, 0.0)  # a stage met twice in a run keeps the time it took
            return hit
        t0, before = time.perf_counter(), self._spent
        value = fn()
        # A stage computed inside this one (the OCR picture) has its own entry: not counted twice.
        own = (time.perf_counter() - t0) * 1000.0 - (self._spent - before)
        timings[name] = timings.get(name, 0.0) + own  # rows and tables run again after a re-read
        self._spent += own
        self.computed.append(name)
        store.put(full, value)
        return value

    def run(self, index: int, params: Params | None = None) -> PageResult:
        """Detect tables on page ``index`` (0-based); timings are ms spent in this call. The
        cyclic garbage collector is held off meanwhile (``infra.collector`` says why)."""
        with collector_held():
            return self._run(index, params or Params())

    def _run(self, index: int, params: Params) -> PageResult:
        page = self.doc.page(index)
        late: tuple[str, ...] = ()
        self.computed = []
        t: dict[str, float] = {}
        hidden = params.rows.hidden_text
        text_words, turn, unseen, garbled = self._stage(t, "words", (index, hidden), lambda: read_text(page, hidden))
        drawings, clipped = self._stage(t, "drawings", index, lambda: (page.drawings(), tuple(page.clipped_art())))
        vkey = (index, params.vector)
        vec = self._stage(t, "vector", vkey, lambda: find_vector_rules(drawings, params.vector, Rect(0, 0, page.width, page.height)))
        pictures = self._stage(t, "images", index, page.has_images)
        scan = ScanWords(text_words, turn, key="text" if hidden else "text with hidden")  # the later stages' key
        if ocr_wanted(params.ocr, text_words, pictures, len(drawings)):
            scan = self._scan(t, page, params, pictures, text_words, turn)
        elif pictures and text_words and not turn and params.ocr.deskew:
            scan = self._layered(t, page, params, scan, turn)
        words, turn, skew = scan.words, scan.turn, scan.skew
        if pictures and scan.source != "ocr" and not turn:  # a column of pictures: its cells' words
            words = (*words, *self._stage(t, "icons", (index, scan.key), lambda: icon_words(page.picture_boxes(), words)))
        rkey = (index, params.raster, skew)
        dpi = page.safe_dpi(params.raster.dpi)
        huge = dpi * HUGE_PAGE_DPI_SHARE < params.raster.dpi  # rules at a few dpi are noise, and slow
        skipped: tuple[str, ...] = ()
        wanted = raster_wanted(params, pictures, words) and not huge
        if wanted and (cells := page.tile_cells()) > MAX_TILE_CELLS:  # a render no deadline stops
            wanted, skipped, late = False, (RASTER_SKIPPED,), (TILES_NOTE.format(n=cells),)
        if wanted:
            from .evidence.rules_raster import find_raster_rules  # OpenCV loads only when a page needs it
            from .reading.paper import even_paper

            budget, spread = render_budget(params), params.raster.even_paper
            img = self._render(t, page, dpi, budget)
            if img.size:
                paper = self._stage(t, "paper", (index, dpi, spread), lambda: even_paper(img, dpi, spread), self._renders)
                ras = self._stage(t, "raster", rkey, lambda: rules_back(
                    find_raster_rules(straightened(paper.grey, skew), dpi, params.raster, skew, page.picture_dpi() or 0.0),
                    Frame(0, page.width, page.height, skew)))
                late = paper_note(paper, "raster rules", "raster.even_paper")
            else:  # over budget: the text and the vectors already found are all there is
                ras, skipped = NO_RASTER, (RASTER_SKIPPED,)
                late = (skipped_note(params),)
        else:
            ras = self._stage(t, "raster", rkey, lambda: NO_RASTER)
        mkey = (vkey, rkey, params.merge)
        rules, dup = self._stage(t, "merge", mkey, lambda: merge_rules(vec.rules, ras.rules, params.merge))
        fine = params.vector.traced_curves
        figures, too_many = self._stage(t, "figures", (index, scan.key, fine), lambda: _figures(
            search_figures(page.painted(), page.width, page.height, fine), words, scan.source,
            picture_figures(page.picture_boxes(), words, page.width, page.height)
            if pictures and scan.source != "ocr" else ()))  # an OCR page's pictures are read from its marks
        if too_many:
            skipped, late = (*skipped, FIGURES_SKIPPED), (*late, FIGURES_NOTE.format(n=len(drawings)))
        frame = Frame(turn, page.width, page.height, skew)
        keys = (index, scan.key, mkey)
        aside, rows, found, tkey = self._detect(t, keys, (words, rules, vec.fills), NONE, figures, frame, params)
        # Page furniture is read off the neighbouring pages, which costs their text: only when a
        # table reaches into the page's top or bottom band, where running headers and footers are.
        if not turn and self.doc.page_count > 1 and reaches_bands([tb.bbox for tb in found.tables], page.height):
            furn = self._stage(t, "furniture", (keys, params.rows), lambda: find_furniture(
                words, rules, page.height, lambda: self._bands(t, index), params.rows.y_tolerance, index + 1))
            if furn.word_ids:
                aside, rows, found, tkey = self._detect(t, keys, (words, rules, vec.fills), furn, figures, frame,
                                                        params)
        words, rules = aside.words, aside.rules
        reread_warnings: tuple[str, ...] = ()
        if scan.source == "ocr" and params.ocr.reread_cells:
            words, rows, found, reread_warnings = self._reread(t, page, params, frame, (rules, vec.fills),
                                                               (words, rows, found), (tkey, mkey))
        # Text-layer words carry no confidence: only OCR's can be unsure (no walk over a text page's words).
        unsure_ids = unsure(words, params.ocr.min_confidence) if scan.source == "ocr" else frozenset()
        if any(w.startswith(STOPPED) for w in (*scan.warnings, *reread_warnings)):
            skipped = (*skipped, OCR_STOPPED)  # every boundary names it: words may be missing
        found = flag_unsure_words(found, unsure_ids)
        t["total"] = sum(t.values())
        return PageResult(
            page=index + 1, width=page.width, height=page.height, rotation=page.rotation,
            words=words, vector_rules=vec.rules, raster_rules=ras.rules, rules=rules,
            rejected=(*vec.rejected, *ras.rejected, *dup, *aside.rejected), bands=(*vec.bands, *ras.bands),
            fills=vec.fills, rejected_fills=vec.rejected_fills, rows=rows,
            bins=found.bins, low_confidence=found.low_confidence, regions=(*found.regions, *unseen_regions(unseen)),
            grids=found.grids, tables=found.tables, timings=t,
            warnings=(*scan.warnings, *reread_warnings, *page_warnings(words, rules, page.rotation, turn, scan),
                      *page.dict_warnings),
            notes=(*page_notes(params, pictures, words), *scan.notes, *late, *aside.notes, *unseen_notes(unseen),
                   *(garbled_notes(garbled) if scan.source == "text" else ()),
                   *((huge_note(page.width, page.height),) if huge else ())), words_source=scan.source, skew=skew,
            ocr_unsure=unsure_ids, turn=turn, clipped_art=clipped, skipped=skipped, unseen=unseen)

    def _detect(self, t: dict[str, float], keys: tuple[int, Hashable, Hashable],
                found: tuple[tuple[Word, ...], tuple[Rule, ...], tuple[Fill, ...]], furn: Furniture,
                figures: tuple[Figure, ...], frame: Frame, params: Params
                ) -> tuple[Aside, tuple[RowBand, ...], TablesResult, Hashable]:
        """Rows and tables once the furniture and the figures are set aside (stages "aside",
        "upright", "index", "rows", "tables"); with the aside and the tables' stage key."""
        index, skey, mkey = keys
        words, rules, fills = found
        tp = params.tables
        boxes, leaders, numbers, vertical = tp.check_boxes, tp.leaders, tp.line_numbers, tp.vertical_writing
        chars = tp.character_rules
        aside = self._stage(t, "aside", (index, skey, mkey, furn, boxes, leaders, numbers, vertical, chars),
                            lambda: set_aside(words, rules, furn, figures, boxes, leaders, numbers, vertical, chars))
        words, rules = aside.words, aside.rules
        wkey = (index, skey, aside.key)
        upright, centres = self._upright(t, wkey, words, frame)
        rows = self._stage(t, "rows", (wkey, params.rows), lambda: row_bands(words, upright, frame, params, centres))
        tkey = (mkey, wkey, params.rows, params.columns, params.tables)
        marks = box_sides(aside.rejected)
        tables = self._stage(t, "tables", tkey,
                             lambda: table_stage(upright, centres, rows, rules, fills, frame, params, index + 1, marks))
        return aside, rows, tables, tkey

    def _bands(self, t: dict[str, float], index: int) -> list[tuple[int, tuple[Mark, ...]]]:
        """The neighbour pages' band words (stage "bands", one entry per page), as
        (1-based page, marks)."""
        def read(other: Page) -> Callable[[], tuple[Mark, ...]]:
            # read already (a whole document's run, hidden text left out or not): free
            seen = self._cache.get(("words", (other.index, True))) or self._cache.get(("words", (other.index, False)))
            if seen is not None:
                return lambda: band_marks([(*w.bbox.as_tuple(), w.text) for w in seen[0]], other.height)
            return lambda: band_marks(other.band_words(BAND), other.height)

        return [(j + 1, self._stage(t, "bands", j, read(self.doc.page(j))))
                for j in neighbour_pages(index, self.doc.page_count)]

    def _reread(self, t: dict[str, float], page: Page, params: Params, frame: Frame,
                evidence: tuple[tuple[Rule, ...], tuple[Fill, ...]],
                got: tuple[tuple[Word, ...], tuple[RowBand, ...], TablesResult],
                keys: tuple[Hashable, Hashable]
                ) -> tuple[tuple[Word, ...], tuple[RowBand, ...], TablesResult, tuple[str, ...]]:
        """Words, rows and tables again once the doubtful OCR cells of ``got`` were read alone
        (``got`` itself when none was doubtful or none read better), and the warning of a limit
        that stopped the re-reading."""
        words, rows, found = got
        rules, fills = evidence
        tkey, mkey = keys
        ckey = (tkey, params.ocr)
        new, warnings = self._stage(t, "reread", ckey, lambda: reread_unsure_cells(
            page, params.ocr, lambda: self._picture(t, page, params, frame.skew), words, found.tables))
        if new is words:
            return words, rows, found, warnings
        upright, centres = self._upright(t, ckey, new, frame)
        rows = self._stage(t, "rows", (ckey, params.rows), lambda: row_bands(new, upright, frame, params, centres))
        return new, rows, self._stage(t, "tables", (mkey, ckey), lambda: table_stage(
            upright, centres, rows, rules, fills, frame, params, page.number)), warnings

    def _upright(self, t: dict[str, float], wkey: Hashable, words: tuple[Word, ...],
                 frame: Frame) -> tuple[tuple[Word, ...], WordCentres]:
        """The words in their upright frame and their arrays (stages "upright" and "index"):
        kept with the page's other stage results, not in module-level caches, so a re-detect
        after a column change reuses them and they go when the page's results go."""
        upright = self._stage(t, "upright", (wkey, frame), lambda: upright_of(words, frame))
        centres = self._stage(t, "index", (wkey, frame), lambda: WordCentres(upright))
        return upright, centres

    def _render(self, t: dict[str, float], page: Page, dpi: int, budget: float | None = None) -> np.ndarray:
        """The page render at ``dpi`` (cached). With a ``budget`` (s) it is an empty array when
        drawing it took longer; a full render made already (for deskewing) is used as it is."""
        made = self._renders.get(("render", (page.index, dpi)))
        if budget is None or made is not None:
            return self._stage(t, "render", (page.index, dpi), lambda: page.render(dpi), self._renders)
        return self._stage(t, "render", (page.index, dpi, budget),
                           lambda: _or_empty(page.render_within(dpi, budget)), self._renders)

    def _picture(self, t: dict[str, float], page: Page, params: Params, skew: float) -> OcrPicture:
        """The picture OCR reads (stage "picture"), kept with the renders: the page's reading
        and the doubtful cells' re-reading share it."""
        o, raster = params.ocr, params.raster
        key = (page.index, o.dpi, o.upscale_letters, o.upscale_bilevel, o.even_paper, o.shading, o.shading_edges,
               o.reverse_bands, o.erase_rules, o.specks, o.speck_points, o.impulses, skew, raster)
        return self._stage(t, "picture", key, lambda: ocr_picture(page, o, skew, raster), self._renders)

    def _scan(self, t: dict[str, float], page: Page, params: Params, pictures: bool,
              text_words: tuple[Word, ...], turn: int) -> ScanWords:
        """Words read by OCR (straightened first when the page is a picture), or the text layer
        with a warning when OCR cannot run."""
        o = params.ocr
        skew = self._skew(t, page, params) if o.deskew and pictures else 0.0
        key = (page.index, o.lang, o.layout, o.dpi, o.upscale_letters, o.upscale_bilevel, o.even_paper, o.shading,
               o.shading_edges, o.reverse_bands, o.erase_rules, o.specks, o.speck_points, o.impulses, o.cpu_seconds, o.max_seconds,
               o.comma_groups, o.decimal_points, o.lost_commas, o.round_brackets, o.point_gaps, skew, params.raster)

        def read() -> OcrResult | str:
            if self.progress is not None:
                self.progress(f"Reading page {page.number} with OCR ({o.lang}, {o.dpi} dpi)…")
            return ocr_page(page, o, lambda: self._picture(t, page, params, skew))

        got = self._stage(t, "ocr", key, read)
        return scan_words(got, text_words, turn, skew, key, o.mode, page.shown_turn)

    def _skew(self, t: dict[str, float], page: Page, params: Params) -> float:
        """The page picture's tilt (degrees, ``reading.skew``), measured on the page as shown."""
        from .reading.skew import estimate_skew  # OpenCV loads only when a page needs it

        dpi = page.safe_dpi(params.raster.dpi)
        shown: Callable[[], np.ndarray] = ((lambda: page.render_shown(dpi)) if page.rotation
                                           else (lambda: self._render(t, page, dpi)))
        return self._stage(t, "skew", (page.index, dpi), lambda: estimate_skew(shown(), dpi))

    def _layered(self, t: dict[str, float], page: Page, params: Params, scan: ScanWords, turn: int) -> ScanWords:
        """``scan`` (the text layer's words) straightened like an OCR page's when they are an
        invisible OCR layer over the page's picture (``reading.ocrlayer``): a searchable scan is
        tilted as any scan is, and its rules are only in the picture. A layer a sample of whose
        words the picture contradicts (``layercheck``, stage "layercheck") is replaced by this
        tool's reading of the picture."""
        if not self._stage(t, "layer", page.index, lambda: ocr_layer(page)):
            return scan
        skew = self._skew(t, page, params)
        o = params.ocr
        got = self._stage(t, "layercheck", (page.index, o, params.raster, skew), lambda: check_layer(
            page, o, lambda: self._picture(t, page, params, skew), scan.words, skew))
        said = f"{LAYER_PREFIX} over the page's picture (a searchable scan): {verdict_note(got, o.layer_doubt)}"
        if got.sampled and got.share() > o.layer_doubt:
            read = self._scan(t, page, params, True, scan.words, turn)
            return dataclasses.replace(read, notes=(said, *read.notes))
        note = (said + "; " + (f"page straightened by {skew:+.2f} degrees for its rules and rows (ocr.deskew)"
                                if skew else "the picture is level") + f"; {LAYER_LEVER}")
        return dataclasses.replace(scan, skew=skew, key=(scan.key, "layer", skew), notes=(*scan.notes, note))


def _figures(charts: tuple[tuple[Figure, ...], bool], words: tuple[Word, ...], source: str,
             pictured: tuple[Figure, ...] = ()) -> tuple[tuple[Figure, ...], bool]:
    """The charts found in the drawings (and whether their search was skipped), with a scan's
    pictures OCR read as text (``evidence.ocrpictures``) on an OCR page, else the pictures with
    labels over them (``evidence.pictures``, ``pictured``)."""
    found, too_many = charts
    return found + (picture_areas(words) if source == "ocr" else pictured), too_many


def _or_empty(img: Any) -> Any:
    """The render, or an empty array standing for "over budget" (cached like a render)."""
    if img is not None:
        return img
    import numpy as np

    return np.zeros((0, 0), dtype=np.uint8)
