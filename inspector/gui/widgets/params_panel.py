"""The parameters panel, generated from the core's parameter metadata.

One row per field: label, slider, spin box (a check box for on/off fields, a drop-down
list for text fields such as the OCR language), unit and a reset button; the help text is the tooltip. Values go to the session, which re-detects
(debounced); the panel follows ``Session.paramsChanged`` so presets and resets show up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.params import FieldInfo, ParamError, Params, describe
from ..session import Session

STAGE_TITLES = {"vector": "Vector rules", "raster": "Raster rules", "merge": "Merging rules",
                "rows": "Text rows", "columns": "Columns", "tables": "Tables", "ocr": "OCR (scans)",
                "continuation": "Tables continued over pages", "budget": "Page budget"}
LABEL_HINT_CHARS = 24  # a label asks for about this many characters; longer ones are cut with "…"


@dataclass
class FieldEditor:
    """The widgets of one parameter; ``slider``/``spin`` are None for on/off and text fields."""

    info: FieldInfo
    slider: QSlider | None
    spin: QSpinBox | QDoubleSpinBox | None
    check: QCheckBox | None
    reset: QToolButton
    combo: QComboBox | None = None

    def to_slider(self, value: float) -> int:
        return round((value - self.info.lo) / self.info.step)

    def from_slider(self, pos: int) -> float | int:
        v = self.info.lo + pos * self.info.step
        return int(round(v)) if self.info.kind is int else round(v, _decimals(self.info.step))


def _decimals(step: float) -> int:
    return max(0, -math.floor(math.log10(step))) if step < 1 else 0


class WheelGuard(QObject):
    """The wheel over a field that has no focus scrolls ``area`` instead of changing the value
    (scrolling the panel used to change whatever slider passed under the pointer)."""

    def __init__(self, area: QScrollArea) -> None:
        super().__init__(area)
        self.area = area

    def guard(self, widget: QWidget) -> None:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel does not give focus either
        widget.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Wheel or not isinstance(obj, QWidget) or obj.hasFocus():
            return False
        QApplication.sendEvent(self.area.viewport(), event)
        return True


class ElidedLabel(QLabel):
    """A one-line label that shows what fits of its text, ending in "…" when cut (the tooltip
    holds the whole label). Its width never sets the panel's: a long label widened the panel,
    the dock and so the window's layout (it left the page view a size where the view's old fit
    made its scroll bars show and hide each other for ever)."""

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance("Mm…"), super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        full = super().sizeHint()
        return QSize(min(full.width(), self.fontMetrics().averageCharWidth() * LABEL_HINT_CHARS), full.height())

    def paintEvent(self, event: QPaintEvent) -> None:
        box = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, box.width())
        painter = QPainter(self)
        painter.drawText(box, int(self.alignment()), shown)


class ParamsPanel(QWidget):
    """Sliders and spin boxes for every parameter, presets, reset, timings of the last run."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.editors: dict[str, FieldEditor] = {}
        self.labels: dict[str, ElidedLabel] = {}
        self.deciding: set[str] = set()
        self._syncing = False
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addLayout(self._buttons())
        scroll = self.scroll_area = QScrollArea()  # not `scroll`: that is QWidget.scroll()
        scroll.setWidgetResizable(True)
        self.wheel_guard = WheelGuard(scroll)
        body = QWidget()
        col = QVBoxLayout(body)
        for stage in STAGE_TITLES:
            col.addWidget(self._stage_box(stage, [f for f in describe() if f.stage == stage]))
        col.addStretch(1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        outer.addWidget(self.status)
        session.paramsChanged.connect(self._on_params)
        session.resultChanged.connect(self._show_timings)
        session.busyChanged.connect(lambda _b: self._show_timings())
        self._on_params("")

    def mark_deciding(self, keys: set[str]) -> None:
        """Mark (bold, with a dot) the parameters that decided a boundary on this page."""
        self.deciding = set(keys)
        for key, label in self.labels.items():
            on = key in self.deciding
            name = label.text().removeprefix("● ")
            label.setText(f"● {name}" if on else name)
            font = label.font()
            font.setBold(on)
            label.setFont(font)

    def _buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        for text, slot in (("Reset all", self.session.reset_all), ("Load preset…", self.load_preset_dialog),
                           ("Save preset…", self.save_preset_dialog)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            row.addWidget(b)
        return row

    def _stage_box(self, stage: str, infos: list[FieldInfo]) -> QGroupBox:
        box = QGroupBox(STAGE_TITLES[stage])
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        for row, info in enumerate(infos):
            label = ElidedLabel(info.label)
            label.setToolTip(f"{info.label}\n{info.key}: {info.help}")
            self.labels[info.key] = label
            ed = self._editor(info)
            # An on/off field's check box shares the label's row: the label must not run under it.
            grid.addWidget(label, 2 * row, 0, 1, 2 if ed.check is not None else 3)
            self.editors[info.key] = ed
            if ed.check is not None:
                grid.addWidget(ed.check, 2 * row, 2)
            elif ed.combo is not None:
                grid.addWidget(ed.combo, 2 * row + 1, 0, 1, 3)
            elif ed.slider is not None and ed.spin is not None:
                grid.addWidget(ed.slider, 2 * row + 1, 0, 1, 2)
                grid.addWidget(ed.spin, 2 * row + 1, 2)
            grid.addWidget(ed.reset, 2 * row + 1 if ed.check is None else 2 * row, 3)
        return box

    def _editor(self, info: FieldInfo) -> FieldEditor:
        tip = f"{info.help}\n{info.key}, {info.lo}..{info.hi} {info.unit}, default {info.default}"
        reset = QToolButton()
        reset.setText("↺")
        reset.setToolTip(f"Reset to the default ({info.default})")
        reset.clicked.connect(lambda: self.session.reset_param(info.key))
        if info.kind is bool:
            check = QCheckBox("on")
            check.setToolTip(tip)
            check.toggled.connect(lambda on: self._user_set(info.key, on))
            return FieldEditor(info, None, None, check, reset)
        if info.kind is str:
            return FieldEditor(info, None, None, None, reset, self._combo(info, tip))
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setToolTip(tip)
        spin: QSpinBox | QDoubleSpinBox = QSpinBox() if info.kind is int else QDoubleSpinBox()
        if isinstance(spin, QDoubleSpinBox):
            spin.setDecimals(_decimals(info.step))
            spin.setRange(info.lo, info.hi)
            spin.setSingleStep(info.step)
        else:
            spin.setRange(int(info.lo), int(info.hi))
            spin.setSingleStep(max(1, int(info.step)))
        spin.setSuffix(f" {info.unit}")
        spin.setKeyboardTracking(False)
        spin.setToolTip(tip)
        spin.setButtonSymbols(QAbstractSpinBox.ButtonSymbols.UpDownArrows)
        ed = FieldEditor(info, slider, spin, None, reset)
        self.wheel_guard.guard(slider)
        self.wheel_guard.guard(spin)
        slider.setRange(0, ed.to_slider(info.hi))
        slider.valueChanged.connect(lambda pos: self._user_set(info.key, ed.from_slider(pos)))
        spin.valueChanged.connect(lambda v: self._user_set(info.key, v))
        return ed

    def _combo(self, info: FieldInfo, tip: str) -> QComboBox:
        """A fixed list for choice fields; for the OCR language, the installed packs (editable:
        'eng+deu' combines them)."""
        combo = QComboBox()
        combo.setToolTip(tip)
        self.wheel_guard.guard(combo)
        if info.choices:
            combo.addItems(list(info.choices))
            combo.currentTextChanged.connect(lambda v: self._user_set(info.key, v))
            return combo
        from ...core.reading.tessdata import installed_languages  # a folder listing: no Tesseract is started

        combo.setEditable(True)
        combo.addItems(list(installed_languages()) or [str(info.default)])
        edit = combo.lineEdit()
        if edit is not None:  # always, once editable
            edit.editingFinished.connect(lambda: self._user_set(info.key, combo.currentText()))
        combo.activated.connect(lambda _i: self._user_set(info.key, combo.currentText()))
        return combo

    # -- model <-> widgets --------------------------------------------------------------
    def _user_set(self, key: str, value: object) -> None:
        if self._syncing:
            return
        try:
            self.session.set_param(key, value)
        except ParamError as exc:
            self.status.setText(str(exc))
        self._sync(key)  # slider and spin box show the same value

    def _on_params(self, key: str) -> None:
        for k in ([key] if key else list(self.editors)):
            self._sync(k)
        if key:  # a change from elsewhere (a suggestion applied, an undo) is shown where it happened
            ed = self.editors[key]
            self.scroll_area.ensureWidgetVisible(ed.spin or ed.check or ed.combo or self.labels[key])

    def _sync(self, key: str) -> None:
        ed, value = self.editors[key], self.session.param_value(key)
        self._syncing = True
        try:
            if ed.check is not None:
                ed.check.setChecked(bool(value))
            elif ed.combo is not None:
                ed.combo.setCurrentText(str(value))
            elif ed.slider is not None and ed.spin is not None:
                ed.slider.setValue(ed.to_slider(value))
                ed.spin.setValue(value)
            ed.reset.setEnabled(value != ed.info.default)
        finally:
            self._syncing = False

    def _show_timings(self) -> None:
        res, s = self.session.result, self.session
        if s.busy:
            self.status.setText("Detecting…")
            return
        if res is None:
            self.status.setText("")
            return
        # One stage a line: a wrapped line of them was cut off in a narrow dock.
        parts = [f"  {k}: {v:.1f} ms" for k, v in res.timings.items()]
        text = "Stage timings:\n" + "\n".join(parts) if parts else "No timings"
        if res.warnings:
            text += "\n" + "\n".join(f"⚠ {w}" for w in res.warnings)
        if res.notes:  # what was left out or not searched, and why (hidden text, skipped raster rules)
            text += "\n" + "\n".join(f"ℹ {n}" for n in res.notes)
        self.status.setText(text)

    # -- presets ------------------------------------------------------------------------
    def save_preset(self, path: str | Path) -> None:
        from ...atomic import write_atomic  # a full disk or a crash leaves the previous preset intact

        write_atomic(path, (self.session.params.dumps() + "\n").encode("utf-8"))

    def load_preset(self, path: str | Path) -> None:
        """Load a preset file; raises ``ParamError`` with a readable message (a file that is not
        a regular one, too large, not UTF-8, nested too deep, holding non-finite numbers)."""
        from ...core.infra.userfiles import PRESET_LIMIT, InputError, read_text
        from ...core.params import ParamError

        try:
            text = read_text(path, "preset", PRESET_LIMIT)
        except InputError as exc:
            raise ParamError(str(exc)) from None
        self.session.set_params(Params.loads(text, str(path)))

    def save_preset_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save parameters preset", "preset.json", "Presets (*.json)")
        if path:
            try:
                self.save_preset(path)
            except OSError as exc:
                QMessageBox.warning(self, "Cannot save preset", f"{path}: {exc.strerror or exc}")

    def load_preset_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load parameters preset", "", "Presets (*.json);;All files (*)")
        if not path:
            return
        try:
            self.load_preset(path)
        except OSError as exc:
            QMessageBox.warning(self, "Cannot load preset", f"{path}: {exc.strerror or exc}")
        except ParamError as exc:
            QMessageBox.warning(self, "Cannot load preset", f"{path}: {exc}")
