"""Desktop entry, AppStream metadata and packaging/install_desktop.sh."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import inspector
from resources import ICON_SIZES

ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.tableinspector.TableInspector"
DESKTOP = ROOT / "resources" / f"{APP_ID}.desktop"
METAINFO = ROOT / "resources" / f"{APP_ID}.metainfo.xml"
INSTALL = ROOT / "packaging" / "install_desktop.sh"


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive in desktop files
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_opens_pdfs_with_the_app() -> None:
    e = _entry(DESKTOP)
    assert e["Type"] == "Application"
    assert e["Exec"] == "table-inspector %f"
    assert "application/pdf" in e["MimeType"].split(";")
    assert e["Icon"] == "table-inspector"
    assert e["Terminal"] == "false"


def test_metainfo_describes_the_same_app() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("project_license") == "AGPL-3.0-or-later"
    assert root.findtext("name") == _entry(DESKTOP)["Name"]
    assert root.find("provides/mediatype").text == "application/pdf"
    assert root.find("provides/binary").text == "table-inspector"
    assert root.find("releases/release").get("version") == inspector.__version__
    assert root.find("screenshots/screenshot/image").text.startswith("https://")
    assert len(root.findtext("summary")) < 80


def _validator(name: str) -> str:
    tool = shutil.which(name)
    if not tool:
        pytest.skip(f"{name} is not installed (Debian: WITH_BUNDLE=1 bash packaging/system-deps.sh)")
    return tool


def test_desktop_file_validates() -> None:
    r = subprocess.run([_validator("desktop-file-validate"), str(DESKTOP)], capture_output=True, text=True)
    assert r.returncode == 0 and "error" not in r.stdout, r.stdout + r.stderr


def test_metainfo_validates() -> None:
    r = subprocess.run([_validator("appstreamcli"), "validate", "--no-net", str(METAINFO)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _install(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(INSTALL), "--data-dir", str(data), *args],
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def fake_exe(tmp_path: Path) -> Path:
    exe = tmp_path / "my apps" / "table-inspector"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    return exe


def test_install_and_uninstall(tmp_path: Path, fake_exe: Path) -> None:
    data = tmp_path / "share"
    r = _install(data, "--exec", str(fake_exe))
    assert r.returncode == 0, r.stderr
    installed = data / "applications" / DESKTOP.name
    e = _entry(installed)
    assert e["Exec"] == f'"{fake_exe}" %f'  # quoted: the folder has a space
    assert e["TryExec"] == str(fake_exe)
    assert e["MimeType"] == _entry(DESKTOP)["MimeType"]
    assert (data / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    for size in ICON_SIZES:
        icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "table-inspector.png"
        assert icon.read_bytes() == (ROOT / "resources" / "icons" / f"table-inspector-{size}.png").read_bytes()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "table-inspector.svg").is_file()
    if shutil.which("desktop-file-validate"):
        v = subprocess.run(["desktop-file-validate", str(installed)], capture_output=True, text=True)
        assert v.returncode == 0, v.stdout
    r = _install(data, "--uninstall")
    assert r.returncode == 0, r.stderr
    assert not [p for p in data.rglob("*") if p.is_file() and "table" in p.name.lower()]


def test_install_without_exec_keeps_the_plain_command(tmp_path: Path) -> None:
    data = tmp_path / "share"
    env = {**os.environ, "PATH": "/usr/bin:/bin"}  # table-inspector not on PATH: a note, not a failure
    r = subprocess.run(["bash", str(INSTALL), "--data-dir", str(data)], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert "not on PATH" in r.stderr
    assert _entry(data / "applications" / DESKTOP.name)["Exec"] == "table-inspector %f"


@pytest.mark.parametrize("args, message", [
    (["--exec", "/nonexistent/table-inspector"], "not an executable file"),
    (["--frobnicate"], "unknown option --frobnicate"),
    (["--exec"], "--exec needs a path"),
])
def test_bad_arguments_give_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    r = _install(tmp_path / "share", *args)
    assert r.returncode == 2
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "share" / "applications").exists()
