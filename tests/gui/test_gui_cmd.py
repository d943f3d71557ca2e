"""``table-inspector gui``: argument checks, the --screenshot mode, exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from inspector.cli.common import CliError
from inspector.cli.gui_cmd import LAYER_HELP, parse_layers
from inspector.gui.app import LaunchError, LaunchOptions, run
from inspector.gui.scene.layers import LAYER_KEYS

ROOT = Path(__file__).resolve().parents[2]


def test_layer_names_match_the_window() -> None:
    assert tuple(LAYER_HELP.split(",")) == LAYER_KEYS
    assert parse_layers("words, grids") == ("words", "grids")
    assert parse_layers("all") == LAYER_KEYS and parse_layers("none") == ()
    with pytest.raises(CliError, match="unknown layer"):
        parse_layers("words,tabels")


def test_screenshot_in_process(qapp, table_pdf, tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    code = run(LaunchOptions(file=str(table_pdf.path), page=2, layers=("grids",), screenshot=str(out),
                             size=(900, 700), select_table=1))
    assert code == 0
    img = QImage(str(out))
    assert (img.width(), img.height()) == (900, 700)


def test_screenshot_bad_page_and_bad_file(qapp, table_pdf, tmp_path: Path) -> None:
    with pytest.raises(LaunchError, match="has 2 page"):
        run(LaunchOptions(file=str(table_pdf.path), page=5, screenshot=str(tmp_path / "x.png")))
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"nope")
    with pytest.raises(LaunchError) as err:
        run(LaunchOptions(file=str(junk), screenshot=str(tmp_path / "x.png")))
    assert err.value.code == 3 and "junk.pdf" in str(err.value)


def test_cli_screenshot_subprocess(table_pdf, tmp_path: Path) -> None:
    out = tmp_path / "cli.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    cmd = [sys.executable, "-m", "inspector.cli", "gui", str(table_pdf.path), "--layers", "words,grids",
           "--zoom", "120", "--size", "800x600", "--set", "columns.min_gap=8", "--screenshot", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).width() == 800
    bad = subprocess.run([sys.executable, "-m", "inspector.cli", "gui", str(tmp_path / "none.pdf"),
                          "--screenshot", str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 3 and "no such file" in bad.stderr and "Traceback" not in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "inspector.cli", "gui", "--zoom", "huge"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
    assert usage.returncode == 2 and "--zoom" in usage.stderr


def test_no_display_is_a_message_not_an_abort(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import inspector.gui.app as app
    for var in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(app.sys, "platform", "linux")
    assert not app.has_display()
    with pytest.raises(LaunchError, match="no display"):
        run(LaunchOptions(file=str(tmp_path / "x.pdf")))
    monkeypatch.setenv("DISPLAY", ":0")
    assert app.has_display()


def test_no_file_opens_the_bundled_sample(qapp, tmp_path: Path, monkeypatch) -> None:
    import inspector.gui.app as app
    from inspector.gui.main_window import MainWindow
    sample = app.sample_path()
    if not sample.is_file():
        pytest.skip("the bundled sample has not been generated")
    opened: list[str] = []
    real_open = MainWindow.open_file

    def spy(self, path, password=None, interactive=True):
        opened.append(str(path))
        return real_open(self, path, password, interactive)
    monkeypatch.setattr(MainWindow, "open_file", spy)
    assert run(LaunchOptions(screenshot=str(tmp_path / "s.png"))) == 0
    assert opened == [str(sample)] and sample.name == "sample.pdf"


def test_screenshot_onto_a_full_disk_keeps_the_previous_png(qapp, table_pdf, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    out = tmp_path / "shot.png"
    assert run(LaunchOptions(file=str(table_pdf.path), screenshot=str(out), size=(400, 300))) == 0
    before = out.read_bytes()

    def full(fh, data: bytes) -> None:
        fh.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr("inspector.atomic._write_all", full)
    with pytest.raises(LaunchError, match="the disk is full.*previous file is intact") as err:
        run(LaunchOptions(file=str(table_pdf.path), screenshot=str(out), size=(500, 300)))
    assert err.value.code == 3
    assert out.read_bytes() == before and [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_preset_save_is_atomic(window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    path = tmp_path / "preset.json"
    window.params.save_preset(path)
    before = path.read_bytes()
    window.session.set_param("columns.min_gap", 9)

    def full(fh, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr("inspector.atomic._write_all", full)
    with pytest.raises(OSError):
        window.params.save_preset(path)
    assert path.read_bytes() == before


def test_screenshot_waits_for_the_visible_thumbnails(qapp, tmp_path: Path) -> None:
    """The bundled sample's three pages fit the strip: each is drawn, none left as the grey
    placeholder (235, 235, 235) that a screenshot taken too early shows."""
    out = tmp_path / "shot.png"
    assert run(LaunchOptions(screenshot=str(out), size=(1400, 900))) == 0
    img = QImage(str(out))
    grey = sum(1 for x in range(0, 140) for y in range(0, 900) if img.pixelColor(x, y).getRgb()[:3] == (235, 235, 235))
    assert grey < 96 * 124 // 4  # a placeholder fills 96 x 124 pixels
