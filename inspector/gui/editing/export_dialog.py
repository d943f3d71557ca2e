"""Export from the window: the corrected table (or all of them) in any export format, to a
file (written atomically) or to the clipboard."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMessageBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ...annotation.model import AnnTable, DocumentAnnotation, to_core_table
from ...core.structure.unitlines import with_unit_line
from ...core.types import Table, Word
from ...export import FORMATS
from ...export.files import write_atomic

WordsOf = Callable[[int], Sequence[Word]]  # 1-based page -> its words


def core_tables(doc: DocumentAnnotation, table_id: str | None = None, words: WordsOf | None = None) -> list[Table]:
    """Core tables to export: one per accepted table (continued tables stacked into one),
    only ``table_id`` when given; with ``words``, each with the unit line beside it
    ("单位：万元", ``core.structure.unitlines``)."""
    chosen: list[AnnTable] = [t for t in doc.tables if table_id is None or t.id == table_id]
    tables = [to_core_table(t, None if len(t.regions) > 1 else 0) for t in chosen]
    if words is None:
        return tables
    return [with_unit_line(table, words(t.regions[0].page), t.regions[0].bbox, t.regions[0].page)
            if not t.regions[0].turn else table for table, t in zip(tables, chosen, strict=True)]


def export_text(doc: DocumentAnnotation, fmt: str, table_id: str | None = None, words: WordsOf | None = None) -> str:
    """The export of ``doc``'s tables (or of ``table_id``) in format ``fmt`` (see ``FORMATS``).
    One table in Markdown gets its title above it (several get it in their headings)."""
    tables = core_tables(doc, table_id, words)
    f = FORMATS[fmt]
    if len(tables) != 1:
        return f.dumps_tables(tables)
    if fmt == "md":
        from ...export.markdown import MarkdownOptions, dumps
        return dumps(tables[0], MarkdownOptions(include_title=True))
    return f.dumps(tables[0])


class ExportDialog(QDialog):
    """Choose format, scope (this table / all) and destination (file / clipboard)."""

    def __init__(self, doc: DocumentAnnotation, current: str | None, default_stem: str,
                 parent: QWidget | None = None, folder: str = "", words: WordsOf | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export corrected tables")
        self.doc, self.current, self.stem = doc, current, default_stem
        self.words = words  # the page's words, for each table's unit line
        self.folder = folder  # where the save dialog starts: the PDF's folder
        self.done_message = ""  # what was exported where, once it was
        self.format = QComboBox()
        for f in FORMATS.values():
            self.format.addItem(f.label, f.name)
        self.this_table = QRadioButton(f"This table ({current})" if current else "This table")
        self.all_tables = QRadioButton(f"All {len(doc.tables)} accepted tables")
        self.this_table.setEnabled(current is not None)
        (self.this_table if current else self.all_tables).setChecked(True)
        self.to_file, self.to_clipboard = QRadioButton("To a file…"), QRadioButton("To the clipboard")
        self.to_file.setChecked(True)
        form = QFormLayout()
        form.addRow("Format", self.format)
        form.addRow("Tables", self.this_table)
        form.addRow("", self.all_tables)
        form.addRow("Destination", self.to_file)
        form.addRow("", self.to_clipboard)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.run)
        buttons.rejected.connect(self.reject)
        col = QVBoxLayout(self)
        col.addLayout(form)
        col.addWidget(buttons)

    def choice(self) -> tuple[str, str | None]:
        table = self.current if self.this_table.isChecked() else None
        return str(self.format.currentData()), table

    def run(self) -> None:
        fmt, table = self.choice()
        text = export_text(self.doc, fmt, table, self.words)
        what = f"table {table}" if table else f"{len(self.doc.tables)} table(s)"
        if self.to_clipboard.isChecked():
            QGuiApplication.clipboard().setText(text)
            self.done_message = f"copied {what} to the clipboard as {FORMATS[fmt].label}"
            self.accept()
            return
        suffix = FORMATS[fmt].suffix
        name = f"{self.stem}-{table}{suffix}" if table else f"{self.stem}-tables{suffix}"
        start = str(Path(self.folder) / name) if self.folder else name
        path, _ = QFileDialog.getSaveFileName(self, "Export to", start, f"{FORMATS[fmt].label} (*{suffix})")
        if not path:
            return
        try:
            write_atomic(Path(path), text.encode("utf-8"))
        except OSError as exc:
            QMessageBox.warning(self, "Export failed", f"cannot write {path}: {exc.strerror or exc}")
            return
        self.done_message = f"exported {what} to {path}"
        self.accept()


__all__ = ["ExportDialog", "core_tables", "export_text"]
