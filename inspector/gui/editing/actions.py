"""Table-level edits the menus and the annotation panel trigger: accept, draft from tags,
re-detect, delete, merge, split, headers, verified, link, override. Each one is a single undoable command
built from the pure edits; none of them touches detection results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...annotation.model import AnnTable, DocumentAnnotation, annotation_table_from_detected, to_core_table
from ...core.structure.unitlines import with_unit_line
from ...core.types import Rect, Table
from ..session import Session
from .commands import table_edit
from .document import AnnotationSession, CellSelection

if TYPE_CHECKING:
    from ...annotation.doc_edits import DocEdit

# The edit classes (golden.edits, golden.doc_edits) are imported in the methods that use them:
# they load on the first edit instead of delaying the window's first page.

MIN_OVERLAP = 0.3  # IoU for "this detected table is that accepted one"


class TableActions:
    """Edits on the accepted tables of ``ann`` using detections of ``session``."""

    def __init__(self, session: Session, ann: AnnotationSession) -> None:
        self.session, self.ann = session, ann
        # Yes/no questions (a boundary deletion that runs cells together); the window's own.
        self.confirm: Callable[[str, str], bool] = lambda _title, _text: False

    # -- accepting detections -----------------------------------------------------------
    def _accepted(self, table: Table, table_id: str) -> AnnTable:
        res = self.session.result
        assert res is not None
        return annotation_table_from_detected(table, table_id, res.words, self.session.params, (res.width, res.height))

    def accept(self, only_selected: bool = True) -> int:
        """Copy the detected table under the last click (a word of it counts: clicking a word
        is how people pick a table), or with ``only_selected`` False every table of the
        page, into the annotation as one command; returns how many. With nothing clicked
        the page's only table is taken; several are never taken at once by Accept. Tables
        already accepted over the same place are skipped."""
        res, doc = self.session.result, self.ann.doc
        if res is None or doc is None or not res.tables:
            self.ann.message.emit("no detected table on this page to accept")
            return 0
        i = self.session.clicked_table()
        if only_selected and i < 0 and len(res.tables) > 1:
            self.ann.message.emit(f"click a table first: {len(res.tables)} detected tables on this page "
                                  "(Ctrl+Shift+Return accepts them all)")
            return 0
        chosen = [res.tables[i]] if only_selected and 0 <= i < len(res.tables) else list(res.tables)
        taken = [r.bbox for t, k in self.ann.tables_on(res.page) for r in (t.regions[k],)]
        fresh = [t for t in chosen if all(t.bbox.iou(b) < MIN_OVERLAP for b in taken)]
        if not fresh:
            self.ann.message.emit("already accepted: the annotation has a table there")
            return 0
        from ...annotation.doc_edits import AddTable
        edits: list[DocEdit] = []
        ids: list[str] = []
        for t in fresh:
            tid = _next_id(doc, ids)
            ids.append(tid)
            edits.append(AddTable(self._accepted(t, tid)))
        name = "Accept detected table" if len(edits) == 1 else f"Accept {len(edits)} detected tables"
        if self.ann.push(edits, name):
            self.ann.select(CellSelection(ids[0], 0))
            return len(edits)
        return 0

    def draft_from_tags(self, tables: Sequence[AnnTable], fixes: Sequence[str] = ()) -> int:
        """Add the tables a tagged PDF holds (``annotation.tagged``: source "tags", not
        verified) as one command, with fresh ids; those over an accepted table are skipped."""
        note = f"; {len(fixes)} tag fault(s) mended (see the tables' notes)" if fixes else ""
        return self._draft(tables, "tags", "the PDF's tags hold no table", "every tagged table is already in the annotation",
                           f"drafted from the PDF's tags, not verified{note}")

    def draft_from_original(self, tables: Sequence[AnnTable], name: str, report: Sequence[str] = ()) -> int:
        """Add the tables of the PDF's original ``name`` placed on its pages
        (``compare.original_import``: source "original", not verified) as one command."""
        note = f"; {len(report)} table(s) not wholly placed (see the log)" if report else ""
        return self._draft(tables, "original", f"no table of {name} could be placed on this PDF",
                           f"every table of {name} is already in the annotation",
                           f"drafted from {name}, not verified{note}")

    def _draft(self, tables: Sequence[AnnTable], what: str, none: str, all_there: str, done: str) -> int:
        doc = self.ann.doc
        if doc is None or not tables:
            self.ann.message.emit(none)
            return 0
        fresh = [t for t in tables if not any(o.page == t.page and o.regions[0].bbox.iou(t.regions[0].bbox) >= MIN_OVERLAP
                                             for o in doc.tables)]
        if not fresh:
            self.ann.message.emit(all_there)
            return 0
        from dataclasses import replace

        from ...annotation.doc_edits import AddTable
        ids: list[str] = []
        for _ in fresh:
            ids.append(_next_id(doc, ids))
        edits: list[DocEdit] = [AddTable(replace(t, id=tid)) for t, tid in zip(fresh, ids, strict=True)]
        if not self.ann.push(edits, f"Draft {len(edits)} table(s) from {what}"):
            return 0
        self.ann.message.emit(f"{len(edits)} table(s) {done}")
        return len(edits)

    def redetect_current(self) -> bool:
        """Replace the current accepted table by the detection that overlaps it most on this
        page (keeping its id and place) as one command."""
        table, res = self.current(), self.session.result
        if table is None or res is None or self.ann.doc is None:
            self.ann.message.emit("select an accepted table first")
            return False
        region = table.regions[0]
        best = max(res.tables, key=lambda t: t.bbox.iou(region.bbox), default=None) if region.page == res.page else None
        if best is None or best.bbox.iou(region.bbox) < MIN_OVERLAP:
            self.ann.message.emit(f"no detected table overlaps table {table.id} on this page: Table > Detect "
                                  "inside this region runs the detector on its words and lines alone")
            return False
        index = next(k for k, t in enumerate(self.ann.doc.tables) if t.id == table.id)
        from ...annotation.doc_edits import AddTable, RemoveTable
        return self.ann.push([RemoveTable(table.id), AddTable(self._accepted(best, table.id), index)],
                             f"Re-detect table {table.id}")

    def detect_inside(self) -> bool:
        """Table > Detect inside this region: the detector, with the current parameters, on the
        current table's region alone (its words, rules and fills); the largest table found
        replaces the table (same id) as one undoable command."""
        table, res = self.current(), self.session.result
        if table is None or res is None or self.ann.doc is None:
            self.ann.message.emit("select an accepted or drawn table first (D draws a region)")
            return False
        sel = self.ann.selection
        region = table.regions[sel.region if sel is not None and sel.region < len(table.regions) else 0]
        if region.page != res.page:
            self.ann.message.emit(f"table {table.id} is on page {region.page}: go there first")
            return False
        from ...core.tablestage import tables_inside  # loaded on first use
        found = tables_inside(res, self.session.params, region.bbox).tables
        if not found:
            self.ann.message.emit(f"no table found inside the region of {table.id} with the current parameters "
                                  "(too few rows or columns? the Why tool says which value decides)")
            return False
        best = max(found, key=lambda t: t.bbox.width * t.bbox.height)
        index = next(k for k, t in enumerate(self.ann.doc.tables) if t.id == table.id)
        from ...annotation.doc_edits import AddTable, RemoveTable
        edits: list[DocEdit] = [RemoveTable(table.id), AddTable(self._accepted(best, table.id), index)]
        if self.ann.push(edits, f"Detect inside the region of {table.id}"):
            self.ann.select(CellSelection(table.id, 0))
            self.ann.message.emit(f"{table.id}: {best.n_rows} x {best.n_cols} found inside its region")
            return True
        return False

    def corrected_for(self, page: int, bbox: Rect | None) -> tuple[str, Table] | None:
        """The accepted table on ``page`` over ``bbox`` (a detected table's box; None: the
        page's first accepted table) as (id, core table), continued regions stacked."""
        found = self.ann.tables_on(page)
        if bbox is not None:
            found = [(t, i) for t, i in found if t.regions[i].bbox.iou(bbox) >= MIN_OVERLAP]
            found.sort(key=lambda ti: -ti[0].regions[ti[1]].bbox.iou(bbox))
        if not found:
            return None
        table = found[0][0]
        core = to_core_table(table, None if len(table.regions) > 1 else 0)
        first = table.regions[0]
        if not first.turn:  # the unit line beside it ("单位：万元"), which the annotation does not keep
            core = with_unit_line(core, self.ann.words(first.page), first.bbox, first.page)
        return table.id, core

    # -- the current table ----------------------------------------------------------------
    def current(self) -> AnnTable | None:
        sel = self.ann.selection
        return self.ann.table(sel.table_id) if sel is not None else None

    def delete_current(self) -> bool:
        table = self.current()
        if table is None:
            return False
        from ...annotation.doc_edits import RemoveTable
        if self.ann.push([RemoveTable(table.id)], f"Delete table {table.id}"):
            self.ann.select(None)
            return True
        return False

    def merge_selected(self) -> bool:
        sel = self.ann.selection
        if sel is None or not sel.has_cells:
            self.ann.message.emit("select cells to merge (shift-click extends the selection)")
            return False
        r0, r1 = sorted((sel.r0, sel.r1))
        c0, c1 = sorted((sel.c0, sel.c1))
        from ...annotation.edits import MergeCells
        ok = self.ann.push([table_edit(sel.table_id, MergeCells(sel.region, r0, c0, r1, c1))], "Merge cells")
        if ok:
            self.ann.select(CellSelection(sel.table_id, sel.region, r0, c0, r0, c0))
        return ok

    def delete_slots(self, axis: str) -> bool:
        """Delete the selected rows (``axis`` "row") or columns ("col") of the current region:
        a run at the table's edge (a caption, a note, a stray column)."""
        sel = self.ann.selection
        name = "rows" if axis == "row" else "columns"
        if sel is None or not sel.has_cells:
            self.ann.message.emit(f"select cells in the {name} to delete first")
            return False
        first, last = sorted((sel.r0, sel.r1) if axis == "row" else (sel.c0, sel.c1))
        from ...annotation.edits import DeleteSlots
        what = f"{name[:-1]} {first + 1}" if first == last else f"{name} {first + 1}-{last + 1}"
        if self.ann.push([table_edit(sel.table_id, DeleteSlots(sel.region, axis, first, last))], f"Delete {what}"):
            self.ann.select(CellSelection(sel.table_id, sel.region))
            return True
        return False

    def crop_to_selection(self) -> bool:
        """Keep only the selected slots of the current region (one undoable command)."""
        sel = self.ann.selection
        if sel is None or not sel.has_cells:
            self.ann.message.emit("select the cells to keep first (shift-click or Shift+arrows extend)")
            return False
        r0, r1 = sorted((sel.r0, sel.r1))
        c0, c1 = sorted((sel.c0, sel.c1))
        from ...annotation.edits import CropRegion
        if self.ann.push([table_edit(sel.table_id, CropRegion(sel.region, r0, c0, r1, c1))], "Crop to selection"):
            self.ann.select(CellSelection(sel.table_id, sel.region, 0, 0, 0, 0))
            return True
        return False

    def delete_boundary(self) -> bool:
        """Remove the selected row/column boundary (its two rows/columns become one). When a
        spanning cell would run the texts of cells side by side together, ask first."""
        b = self.ann.boundary
        table = self.ann.table(b.table_id) if b else None
        if b is None or table is None:
            self.ann.message.emit("select a row or column boundary of an accepted table first (click it, or Tab)")
            return False
        from ...annotation.edits import EditError, RemoveBoundary, RunsTogether  # loaded on first use
        edit = RemoveBoundary(b.region, b.axis, b.index)
        try:
            edit.apply(table)  # a dry run without reading text: is it a plain join?
        except RunsTogether as exc:
            if not self.confirm("Run cells together?", f"Deleting this {axis_name(b.axis)} boundary: {exc}.\n\n"
                                "Merge them into one cell anyway?"):
                self.ann.message.emit(f"boundary kept: {exc}")
                return False
            edit = RemoveBoundary(b.region, b.axis, b.index, run_together=True)
        except EditError:
            pass  # any other refusal: push below says why
        return self.ann.push([table_edit(b.table_id, edit)], f"Delete {axis_name(b.axis)} boundary")

    def split_selected(self) -> bool:
        sel = self.ann.selection
        if sel is None or not sel.has_cells:
            self.ann.message.emit("select a spanning cell to split")
            return False
        from ...annotation.edits import SplitCell
        return self.ann.push([table_edit(sel.table_id, SplitCell(sel.region, sel.r0, sel.c0))], "Split cell")

    def set_header_rows(self, count: int) -> bool:
        table = self.current()
        if table is None or table.header_rows == count:
            return False
        from ...annotation.edits import SetHeaderRows
        return self.ann.push([table_edit(table.id, SetHeaderRows(count))], f"Header rows: {count}")

    def set_header_cols(self, count: int) -> bool:
        table = self.current()
        if table is None or table.header_cols == count:
            return False
        from ...annotation.edits import SetHeaderCols
        return self.ann.push([table_edit(table.id, SetHeaderCols(count))], f"Header columns: {count}")

    def headers_through_selection(self) -> bool:
        """Mark every row down to the selected cell's row as the header."""
        sel = self.ann.selection
        if sel is None or not sel.has_cells or sel.region != 0:
            return False
        return self.set_header_rows(max(sel.r0, sel.r1) + 1)

    def set_verified(self, verified: bool) -> bool:
        table = self.current()
        if table is None:
            self.ann.message.emit("select an accepted table first (click it on the page or in the Annotation tab): "
                                  "Ctrl+Shift+V marks it verified")
            return False
        if table.verified == verified:
            return False
        from ...annotation.edits import SetVerified
        return self.ann.push([table_edit(table.id, SetVerified(verified))],
                             "Mark verified" if verified else "Mark not verified")

    def override(self, region: int, r: int, c: int, text: str | None) -> bool:
        """Hand-type a cell's text; ``None`` (or the page's own text) clears the override."""
        table = self.current()
        if table is None:
            return False
        cell = table.regions[region].cell_at(r, c)
        if cell is None:
            return False
        if text is not None and text == cell.text:
            text = None
        if text == cell.override:
            return False
        name = "Clear cell text" if text is None else "Edit cell text"
        from ...annotation.edits import OverrideText
        return self.ann.push([table_edit(table.id, OverrideText(region, r, c, text))], name)

    def link_next(self) -> bool:
        """Make the first accepted table of the next page the continuation of the current one."""
        table = self.current()
        if table is None or self.ann.doc is None:
            return False
        last = table.regions[-1].page
        cont = next((t for t in self.ann.doc.tables if t.id != table.id and t.page == last + 1), None)
        if cont is None:
            self.ann.message.emit(f"accept the continuation on page {last + 1} first")
            return False
        from ...annotation.doc_edits import LinkTables
        return self.ann.push([LinkTables(table.id, cont.id)], f"Link {cont.id} to {table.id}")


def axis_name(axis: str) -> str:
    """"row" or "column", for messages and undo names."""
    return "row" if axis == "row" else "column"


def _next_id(doc: DocumentAnnotation, extra: list[str]) -> str:
    used = {t.id for t in doc.tables} | set(extra)
    n = len(used) + 1
    while f"t{n}" in used:
        n += 1
    return f"t{n}"


__all__ = ["TableActions", "axis_name"]
