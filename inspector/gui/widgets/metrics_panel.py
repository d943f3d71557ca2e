"""The metrics panel: the current page's detection scored against the document's annotation.

The annotation is the one the editing part of the window holds (the file beside the PDF,
with unsaved edits) when it has tables, else the file itself (``golden.io.find_annotation``).
A file made on other PDF bytes or that cannot be read is said in the panel, never raised.
Scores are computed on the panel's ``metrics`` lane (``tasks.Lane``) after every result (the
worst corpus page took about 60 ms); a newer result cancels the score of the older.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from ..session import Session
from ..tasks import Lane

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ...annotation.model import DocumentAnnotation
    from ...evaluation.adjacency import AdjacencyCounts
    from ...evaluation.scoring import PageScores

COLUMNS = ("Table", "Adjacency P", "R", "F1", "Cells kept", "Rows intact", "Label-number", "Differences")


class MetricsPanel(QWidget):
    """Shows ``score`` (a ``PageScores``) or why there is none (``message``).

    ``annotation_source`` returns the live annotation (or None); ``scoreChanged`` fires
    after each new score or message, on the GUI thread.
    """

    scoreChanged = Signal()

    def __init__(self, session: Session, annotation_source: Callable[[], DocumentAnnotation | None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.annotation_source = annotation_source
        self.file_note = ""  # why the file beside the PDF was not used ("" when fine or absent)
        self.file_ann: DocumentAnnotation | None = None
        self.score: PageScores | None = None
        self.message = ""
        self._closed = False
        self.lane = Lane("metrics", self)  # one score at a time; a newer result cancels the older
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        col = QVBoxLayout(self)
        col.setContentsMargins(4, 4, 4, 4)
        col.addWidget(self.summary)
        col.addWidget(self.table, 1)
        # The file beside the PDF is looked for once its first page is on screen (reading and
        # hashing can take tens of ms); until then the old document's is forgotten.
        session.documentChanged.connect(self._forget_file)
        session.documentShown.connect(self._load_file)
        session.resultChanged.connect(self.rescore)
        self._load_file()

    # -- the annotation ---------------------------------------------------------------
    def _forget_file(self) -> None:
        self.file_ann, self.file_note = None, ""

    def _load_file(self) -> None:
        """Look for the annotation beside the open PDF; remember why it cannot be used."""
        self.file_ann, self.file_note = None, ""
        path = self.session.path
        if path:
            from ...annotation.io import AnnotationError, HashMismatch, find_annotation
            try:
                self.file_ann = find_annotation(path)
            except HashMismatch:
                self.file_note = ("The annotation beside this file was made on a different PDF "
                                  "(its SHA-256 does not match): not scored. Re-attach it to compare.")
            except AnnotationError as exc:
                self.file_note = f"The annotation beside this file cannot be read: {exc}"
        self.rescore()

    def annotation(self) -> DocumentAnnotation | None:
        """The annotation to score against: the live one when it has tables, else the file's."""
        live = self.annotation_source() if self.annotation_source is not None else None
        if live is not None and live.tables:
            return live
        return self.file_ann

    @property
    def pending(self) -> bool:
        """A score is being computed."""
        return self.lane.busy

    # -- scoring ----------------------------------------------------------------------
    def rescore(self) -> None:
        """Score the current result (on the worker thread) or say why not."""
        self.lane.cancel()
        ann, res = self.annotation(), self.session.result
        if self.session.doc is None:
            return self._show_message("No document open.")
        if ann is None:
            return self._show_message(self.file_note or "No annotation for this document: accept tables "
                                      "(Table menu) and save, or run 'table-inspector golden init'.")
        from ...evaluation.scoring import (  # loaded once there is something to score
            annotated_pages,
            golden_page,
            score_page,
        )
        page = self.session.page_index + 1
        gold = golden_page(ann, page)
        if not gold.tables:
            pages = ", ".join(map(str, annotated_pages(ann))) or "none"
            return self._show_message(f"Page {page} has no annotated table (annotated pages: {pages}).")
        if res is None or res.page != page:
            self.score = None  # the old page's differences go at once
            self.summary.setText(f"Page {page}: waiting for the detection…")
            self.scoreChanged.emit()
            return None
        if self._closed:
            return None
        tables = res.tables
        self.lane.submit(lambda _cancelled: score_page(gold, tables, with_teds=False, with_defects=False, with_diffs=True),
                         self._show_score, lambda error: self._show_message(f"Scoring failed: {error}"))
        return None

    def _show_message(self, text: str) -> None:
        self.score, self.message = None, text
        self.summary.setText(text)
        self.table.setRowCount(0)
        self.scoreChanged.emit()

    def _show_score(self, score: PageScores) -> None:
        from ...evaluation.scoring import diffs_in, fmt_ratio
        self.score, self.message = score, ""
        a, det = score.adjacency, score.detection
        found = f"{det.tp} of {det.n_golden} annotated table(s) found at IoU 0.5, {det.n_output} detected"
        p, r, f1 = _adjacency(a)
        adjacency = (f"adjacency P {p}, R {r}, <b>F1 {f1}</b>" if a.truth or a.found else
                     "adjacency not scored (no two neighbouring cells with text)")
        self.summary.setText(
            f"<b>Page {score.page}</b> against the annotation: {adjacency}; cells kept {fmt_ratio(score.retention)}, rows intact "
            f"{fmt_ratio(score.row_integrity)}, label-number pairs {fmt_ratio(score.pairing)}; {found}; "
            f"{len(score.diffs)} difference(s).")
        self.table.setRowCount(len(score.tables))
        for i, t in enumerate(score.tables):
            n_diff = diffs_in(score.diffs, t.bbox)
            values = (t.id if t.matched is not None else f"{t.id} (missed)", *_adjacency(t.adjacency),
                      fmt_ratio(t.retention), fmt_ratio(t.row_integrity), fmt_ratio(t.pairing), str(n_diff))
            for j, v in enumerate(values):
                item = QTableWidgetItem(v)
                if v == NOT_SCORED:
                    item.setToolTip("No two neighbouring cells with text: adjacency has nothing to score here "
                                    "(a 1 x 1 table, a drawn region not gridded yet). 'Cells kept' still counts.")
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.scoreChanged.emit()

    def close_pool(self) -> None:
        """Stop the scoring thread (when the window closes)."""
        self._closed = True
        self.lane.close()


NOT_SCORED = "n/a"


def _adjacency(a: AdjacencyCounts) -> tuple[str, str, str]:
    """P, R and F1 as shown: "n/a" when there are no neighbour pairs on either side (the
    ratios would read 1.000 for a table that was missed)."""
    if not a.truth and not a.found:
        return NOT_SCORED, NOT_SCORED, NOT_SCORED
    return f"{a.precision:.3f}", f"{a.recall:.3f}", f"{a.f1:.3f}"



__all__ = ["MetricsPanel", "COLUMNS"]
