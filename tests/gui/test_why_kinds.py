"""The evidence kinds merged lately reach the Why tab as the others do: a click on the boundary
(the question mode) shows its evidence in words, the decision and its parameters; the Parameters
panel marks the deciding ones; a lever that acts is applied by "Apply and re-detect".

Kinds: ``band_seam``, ``rule_joints``, ``heading_under``, ``drawn_parts`` (``tables.ruled_parts``)
and a scan's rule found from faint ink (``raster.faint_lines``, a switch: Apply sets it off)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import wait_result
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from tests.core import test_band_seams, test_drawn_parts, test_heading_ends, test_rule_joints
from tests.core.test_explain_faint import FAINT_ROW, faint_scan
from tests.core.test_ocr import needs_tesseract


def _open(qtbot, window, tmp_path: Path, data: bytes):
    pdf = tmp_path / "page.pdf"
    pdf.write_bytes(data)
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    qtbot.waitUntil(lambda: window.why.page is not None, timeout=30000)  # the explanation's lane
    return window.session.result


def _ask(window, x: float, y: float) -> str:
    QTest.keyClick(window.view, Qt.Key.Key_Y)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(x, y)))
    assert window.why.answer is not None
    return window.why.panel.text.text()


def _row(res, k: int) -> tuple[float, float]:
    """A point on table 0's row boundary ``k`` (negative: from the bottom), between columns."""
    g = res.tables[0].grid
    return (g.xs[0] + g.xs[1]) / 2, g.ys[k]


def _col(res, k: int) -> tuple[float, float]:
    g = res.tables[0].grid
    return g.xs[k], (g.ys[1] + g.ys[2]) / 2


CASES: dict[str, tuple[Callable[[], bytes], Callable, str, str]] = {
    "band_seam": (test_band_seams.pymupdf_pdf, lambda r: _row(r, 1), "[band seam", ""),
    "rule_joints": (test_rule_joints.pymupdf_pdf, lambda r: _col(r, 1), "rule joints", "columns.min_gap"),
    "heading_under": (lambda: test_heading_ends._mupdf(test_heading_ends._small_table_then((11.0, True), "head")),
                      lambda r: _row(r, -1), "heading under]", ""),
    "drawn_parts": (test_drawn_parts.zebra, lambda r: _row(r, 2), "drawn parts]", "tables.ruled_parts"),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_each_kind_reaches_the_why_tab(qtbot, window, tmp_path, kind: str) -> None:
    build, where, words, param = CASES[kind]
    res = _open(qtbot, window, tmp_path, build())
    text = _ask(window, *where(res))
    assert any(e.kind == kind for e in window.why.answer.evidence)
    assert words in text and "Parameters involved:" in text
    if param:
        assert param in text.split("Parameters involved:")[1]
        qtbot.waitUntil(lambda: param in window.params.deciding, timeout=10000)
        assert window.params.labels[param].text().startswith("● ")


@needs_tesseract
def test_a_rule_found_from_faint_ink_is_explained_and_switching_it_off_applied(qtbot, window, tmp_path) -> None:
    data, t = faint_scan()
    res = _open(qtbot, window, tmp_path, data)
    y = t.ys[FAINT_ROW]
    rows = len(res.tables[0].grid.ys)
    text = _ask(window, (t.xs[0] + t.xs[1]) / 2, y)
    assert "found from faint ink" in text and "Setting raster.faint_lines to 0 would remove it" in text
    qtbot.waitUntil(lambda: "raster.faint_lines" in window.params.deciding, timeout=10000)
    panel = window.why.panel
    assert panel.apply_button.isEnabled()
    QTest.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert window.session.param_value("raster.faint_lines") is False
    qtbot.waitUntil(lambda: not window.session.busy and window.session.result is not res, timeout=60000)
    wait_result(qtbot, window)
    ys = window.session.result.tables[0].grid.ys
    assert len(ys) == rows - 1 and all(abs(v - y) > 3 for v in ys)
