"""Text left out as not visible, in the window (issue 25): the Why tab names it above every answer
(how many words, where, why, which parameter reads them), a question on the spot says why there
is no text there, Apply reads it again, and the parameters panel lists the page's notes. Real
keys and clicks on a page built here: a visible table, three words covered by a white box
painted after them at y 189..203 pt, three drawn invisible at y 229..243 pt."""

from __future__ import annotations

import pymupdf
from conftest import wait_result
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest


def _pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    for r in range(4):
        for c, text in enumerate((f"Item{r}", f"{r * 11}", f"{r * 7}.5")):
            page.insert_text((50 + 100 * c, 70 + 15 * r), text, fontsize=10)
    page.insert_text((50, 200), "Secret account 123456", fontsize=10)
    page.draw_rect(pymupdf.Rect(45, 188, 200, 205), color=None, fill=(1, 1, 1))
    page.insert_text((50, 240), "Ghost words here", fontsize=10, render_mode=3)
    return doc.tobytes()


def test_why_names_the_hidden_text_and_apply_reads_it(qtbot, window, tmp_path) -> None:
    pdf = tmp_path / "hidden.pdf"
    pdf.write_bytes(_pdf())
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    assert "ℹ hidden text: 3 word(s) covered by an opaque box painted after them" in window.params.status.text()
    window.view.set_zoom(2.0)
    window.view.centerOn(100, 200)
    window.activateWindow()
    QTest.keyClick(window.view, Qt.Key.Key_Y)  # Table > Why…
    assert window.why.active
    QTest.qWait(300)  # a person finds the spot
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(100, 196)))
    panel = window.why.panel
    assert panel is not None and not window.why.active
    qtbot.waitUntil(lambda: panel.page_notes.isVisible(), timeout=20000)
    notes = panel.page_notes.text().splitlines()
    assert [n.split(" at ")[0] for n in notes] == [
        "ℹ hidden text: 3 word(s) covered by an opaque box painted after them",
        "ℹ hidden text: 3 word(s) drawn invisible (render mode 3 or no opacity) over no picture"]
    answer = panel.text.text()
    assert answer.startswith("Text here is not shown and was left out: 3 word(s) covered by an opaque box")
    assert answer.endswith("Setting rows.hidden_text to 0 reads it as text.")
    assert window.why.flip == ("rows.hidden_text", 0) and panel.apply_button.isEnabled()
    assert "Secret" not in [w.text for w in window.session.result.words]
    QTest.qWait(200)
    QTest.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session.params.rows.hidden_text is False, timeout=5000)
    qtbot.waitUntil(lambda: window.session.result is not None and not window.session.busy
                    and "Secret" in [w.text for w in window.session.result.words], timeout=30000)
    wait_result(qtbot, window)
    qtbot.waitUntil(lambda: not panel.page_notes.isVisible(), timeout=20000)  # nothing left out now
    assert "hidden text" not in window.params.status.text()
