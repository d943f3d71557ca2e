"""Table roles in the window: row roles (header, total, subtotal, section, note), header
columns, and the table's title and footnote picked from the page.

Each change is one undoable command over the pure edits (``SetRowsRole``, ``SetHeaderCols``,
``SetText``). Roles are tinted on the page and in the annotation grid with ``ROLE_TINTS``
(one colour per role, the same in both places and in Help > Layers and colours); data rows
are not tinted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QColor

from ...annotation.model import AnnTable
from ...annotation.roles import ROLE_LABELS
from ...annotation.text import caption_above, join_words, line_at, words_dragged_over
from ...core.types import Rect, Word
from ..session import Session
from .commands import table_edit
from .document import AnnotationSession, CellSelection

# Fill colours, drawn with alpha TINT_ALPHA over the page (white paper) so text stays readable.
ROLE_TINTS: dict[str, QColor] = {
    "header": QColor(40, 110, 230),
    "total": QColor(215, 45, 45),
    "subtotal": QColor(240, 120, 150),
    "section": QColor(135, 70, 205),
    "note": QColor(110, 110, 110),
}
HEADER_COL_TINT = QColor(0, 165, 185)
TINT_ALPHA = 60
# (role, menu text, shortcut); "header" rows keep H (header rows through the selection).
ROLE_KEYS = (("total", "&Total row", "Shift+T"), ("subtotal", "S&ubtotal row", "Shift+U"),
             ("section", "S&ection row (labels the rows below)", "Shift+S"), ("note", "&Note row", "Shift+N"),
             ("header", "Repeated &header row", ""), ("data", "&Data row (clear the role)", "Shift+R"))
PICK_KEYS = (("title", "Pick the &title from the page", "Shift+C"),
             ("footnote", "Pick the &footnote from the page", "Shift+F"))
GUESS_TEXT = "Title from the lines &above the table (a guess)"
HEADER_COLS_KEY = "Shift+H"
PICK_TOOLS = ("title", "footnote")


def tint(role: str, alpha: int = TINT_ALPHA) -> QColor | None:
    """The fill of a row of ``role`` (None for data rows)."""
    base = ROLE_TINTS.get(role)
    if base is None:
        return None
    c = QColor(base)
    c.setAlpha(alpha)
    return c


def legend_rows() -> tuple[tuple[str, str, str, QColor], ...]:
    """(label, key, help, colour) rows for the layer guide in Help."""
    keys = {role: key for role, _, key in ROLE_KEYS}
    keys["header"] = "H"
    rows = [(f"{ROLE_LABELS[r]} rows (annotation)", keys.get(r, ""), _ROLE_HELP[r], on_paper(c))
            for r, c in ROLE_TINTS.items()]
    rows.append(("Header columns (annotation)", HEADER_COLS_KEY, "Columns that label each row (the stub): "
                 "their cells are the row headers of the cell records.", on_paper(HEADER_COL_TINT)))
    return tuple(rows)


def on_paper(colour: QColor, alpha: int = TINT_ALPHA) -> QColor:
    """``colour`` at ``alpha`` over white paper, as an opaque colour (for swatches)."""
    a = alpha / 255
    return QColor(*(round(255 * (1 - a) + v * a) for v in (colour.red(), colour.green(), colour.blue())))


_ROLE_HELP = {
    "header": "Rows that name the columns; a header row further down repeats the header.",
    "total": "A total row.", "subtotal": "A subtotal row.",
    "section": "A heading row that labels the rows below it (e.g. a region); cell records carry it.",
    "note": "A note printed inside the table.",
}


class RoleActions:
    """Role, header-column, title and footnote edits on the current accepted table."""

    def __init__(self, session: Session, ann: AnnotationSession) -> None:
        self.session, self.ann = session, ann

    def _table(self) -> AnnTable | None:
        sel = self.ann.selection
        return self.ann.table(sel.table_id) if sel is not None else None

    def set_role(self, role: str) -> bool:
        """Give the selected rows ``role``; when they all have it already, make them data rows."""
        sel, table = self.ann.selection, self._table()
        if sel is None or table is None or not sel.has_cells:
            self.ann.message.emit("select cells of an accepted table first: their rows get the role")
            return False
        r0, r1 = sorted((sel.r0, sel.r1))
        region = table.regions[sel.region]
        roles = region.row_roles or ("data",) * region.n_rows
        if role != "data" and all(roles[r] == role for r in range(r0, r1 + 1)):
            role = "data"
        from ...annotation.edits import SetRowsRole  # loaded on first use, not at start
        rows = f"row {r0 + 1}" if r0 == r1 else f"rows {r0 + 1}-{r1 + 1}"
        return self.ann.push([table_edit(table.id, SetRowsRole(sel.region, r0, r1, role))],
                             f"{ROLE_LABELS[role]} role: {rows}")

    def header_cols_through_selection(self) -> bool:
        """Make every column up to the selected cell's column a header column (again: none)."""
        sel, table = self.ann.selection, self._table()
        if sel is None or table is None or not sel.has_cells:
            self.ann.message.emit("select a cell of an accepted table first")
            return False
        count = max(sel.c0, sel.c1) + 1
        count = 0 if table.header_cols == count else count
        from ...annotation.edits import SetHeaderCols  # loaded on first use, not at start
        return self.ann.push([table_edit(table.id, SetHeaderCols(count))], f"Header columns: {count}")

    def target(self) -> AnnTable | None:
        """The table a picked title or footnote goes to: the current one, else the only or
        first accepted table of the page."""
        table = self._table()
        if table is not None:
            return table
        found = self.ann.tables_on(self.session.page_index + 1)
        return found[0][0] if found else None

    def set_text(self, field: str, text: str) -> bool:
        """Set the target table's ``title`` or ``footnote`` (one command; "" clears it). A title
        wrapped over several lines is one sentence: its lines are joined with spaces; a
        footnote keeps its lines (one note each)."""
        table = self.target()
        if table is None:
            self.ann.message.emit("accept or draw a table first: the title and footnote belong to a table")
            return False
        text = " ".join(text.split()) if field == "title" else "\n".join(ln.strip() for ln in text.splitlines()
                                                                        if ln.strip())
        if getattr(table, field) == text:
            return False
        from ...annotation.edits import SetText  # loaded on first use, not at start
        ok = self.ann.push([table_edit(table.id, SetText(field, text))],
                           f"{field.capitalize()} of {table.id}" if text else f"Clear {field} of {table.id}")
        if ok:
            if self.ann.selection is None or self.ann.selection.table_id != table.id:
                # A pick may start from a selected word, which leaves no accepted table
                # current: make this one current so the Annotation tab shows what was set.
                self.ann.select(CellSelection(table.id, 0))
            shown = " / ".join(text.splitlines())
            shown = shown if len(shown) <= 70 else shown[:67] + "…"
            self.ann.message.emit(f"{field} of {table.id}: “{shown}”" if text else f"{field} of {table.id} cleared")
        return ok

    def title_guess(self, table: AnnTable | None = None) -> str:
        """A guess at the title of ``table`` (default: the target): the lines just above its
        first region. Shown as a guess; only ``use_title_guess`` writes it."""
        table = table if table is not None else self.target()
        if table is None:
            return ""
        first = table.regions[0]
        others = [t.regions[i].bbox for t, i in self.ann.tables_on(first.page) if t.id != table.id]
        return caption_above(self.ann.words(first.page), first.bbox, others=others)

    def use_title_guess(self) -> bool:
        """Set the title to the guess (one command) and say that it is one."""
        guess = self.title_guess()
        if not guess:
            self.ann.message.emit("no text line close above the table: pick the title with Shift+C")
            return False
        ok = self.set_text("title", guess)
        if ok:
            self.ann.message.emit(f"title guessed from the lines above the table (check it): “{guess[:60]}”")
        return ok

    def selected_line(self) -> str:
        """The text line of the word selected on the page (detection's words), or ""."""
        sel, res = self.session.selection, self.session.result
        if sel is None or res is None or sel.kind != "word" or not 0 <= sel.index < len(res.words):
            return ""
        w = res.words[sel.index]
        return join_words(line_at(res.words, w.bbox.cx, w.bbox.cy, 0.0))

    def picked_text(self, field: str, point: tuple[float, float] | None, rect: Rect | None,
                    words: Sequence[Word], slack: float = 0.0) -> str:
        """The text a pick on the page takes: the words mostly inside ``rect`` (a drag, grown
        by ``slack`` points) or the line at ``point`` (a click), both in points of the current
        page; "" (and a message saying so) when there is none."""
        chosen = words_dragged_over(words, rect, slack) if rect is not None else \
            line_at(words, *point, 3.0) if point else []
        if not chosen:
            self.ann.message.emit(f"no words there: click a line of text or drag over the {field}")
        return join_words(chosen)


def role_entries(roles: RoleActions) -> list[tuple[str, Callable[..., object], str]]:
    """(text, slot, shortcut) of the Table > Row role submenu, in menu order."""
    return [(text, _role_slot(roles, role), key) for role, text, key in ROLE_KEYS]


def _role_slot(roles: RoleActions, role: str) -> Callable[..., object]:
    # triggered(bool) passes "checked": the slot takes and ignores it.
    def slot(_checked: bool = False) -> object:
        return roles.set_role(role)
    return slot


__all__ = ["ROLE_TINTS", "HEADER_COL_TINT", "RoleActions", "tint", "legend_rows", "role_entries",
           "PICK_TOOLS", "ROLE_KEYS", "PICK_KEYS", "GUESS_TEXT"]
