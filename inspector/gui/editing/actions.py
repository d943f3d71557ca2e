"""Table-level edits the menus and the annotation panel trigger: accept, re-detect, delete,
merge, split, headers, verified, link, override. Each one is a single undoable command
built from the pure edits; none of them touches detection results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation.model import AnnTable, annotation_table_from_detected, to_core_table
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

    # -- accepting detections -----------------------------------------------------------
    def _accepted(self, table: Table, table_id: str) -> AnnTable:
        res = self.session.result
        assert res is not None
        return annotation_table_from_detected(table, table_id, res.words, self.session.params, (res.width, res.height))

    def accept(self, only_selected: bool = True) -> int:
        """Copy the selected detected table (or, with none selected or ``only_selected`` False,
        every table of the page) into the annotation as one command; returns how many.
        Tables already accepted over the same place are skipped."""
        res, doc = self.session.result, self.ann.doc
        if res is None or doc is None or not res.tables:
            self.ann.message.emit("no detected table on this page to accept")
            return 0
        i = self.session.selected_table()
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
            self.ann.message.emit(f"no detected table overlaps table {table.id} on this page")
            return False
        index = next(k for k, t in enumerate(self.ann.doc.tables) if t.id == table.id)
        from ...annotation.doc_edits import AddTable, RemoveTable
        return self.ann.push([RemoveTable(table.id), AddTable(self._accepted(best, table.id), index)],
                             f"Re-detect table {table.id}")

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
        return table.id, to_core_table(table, None if len(table.regions) > 1 else 0)

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
        if table is None or table.verified == verified:
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


def _next_id(doc: object, extra: list[str]) -> str:
    used = {t.id for t in doc.tables} | set(extra)  # type: ignore[attr-defined]
    n = len(used) + 1
    while f"t{n}" in used:
        n += 1
    return f"t{n}"


__all__ = ["TableActions"]
