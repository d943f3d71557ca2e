"""The built wheel, installed into a fresh virtual environment, is a working app.

The wheel is built from a copy of the sources (so stale ``build/`` folders in the checkout
cannot leak into it) and installed with ``--no-deps``; the heavy third-party packages come
from the project's own environment through a ``.pth`` line, but ``inspector`` itself must be
the wheel's copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import inspector

ROOT = Path(__file__).resolve().parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
pytestmark = pytest.mark.slow

# Data files the code reads at run time, as wheel paths.
REQUIRED_DATA = (
    "inspector/resources/__init__.py",
    "inspector/resources/samples/sample.pdf",
    "inspector/resources/icons/table-inspector.svg",
    *(f"inspector/resources/icons/table-inspector-{s}.png" for s in (16, 32, 48, 64, 128, 256)),
    "inspector/resources/io.github.tableinspector.TableInspector.desktop",
    "inspector/resources/io.github.tableinspector.TableInspector.metainfo.xml",
    "inspector/annotation/schema.json",
)


def _run(cmd: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _copy_sources(dest: Path) -> Path:
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("inspector", "resources"):
        shutil.copytree(ROOT / name, dest / name, ignore=skip)
    for name in ("pyproject.toml", "setup.py", "LICENSE", "README.md"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, dest / name)
    return dest


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = _copy_sources(tmp_path_factory.mktemp("src"))
    out = tmp_path_factory.mktemp("wheelhouse")
    r = _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(src)], cwd=out)
    assert r.returncode == 0, f"pip wheel failed:\n{r.stderr[-2000:]}"
    wheels = list(out.glob("table_inspector-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv (no system site-packages) with the wheel installed; returns its bin/ folder."""
    root = tmp_path_factory.mktemp("venv")
    r = _run([sys.executable, "-m", "venv", "--without-pip", str(root)], cwd=root)
    assert r.returncode == 0, r.stderr
    py = root / "bin" / "python"
    r = _run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "--no-index",
              str(wheel)], cwd=root)
    assert r.returncode == 0, f"installing the wheel failed:\n{r.stderr[-2000:]}"
    site = _run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=root)
    # Third-party packages only: appended after the venv's own site-packages, so the wheel wins.
    (Path(site.stdout.strip()) / "zz_project_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return root / "bin"


def test_wheel_contains_the_data_the_code_reads(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [n for n in REQUIRED_DATA if n not in names]
    assert not missing, f"missing from {wheel.name}: {missing}"
    assert not [n for n in names if "__pycache__" in n or n.startswith(("tests/", "resources/"))]
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt")))
    assert b"table-inspector = inspector.cli:main" in entry_points


def test_package_comes_from_the_wheel(venv: Path, tmp_path: Path) -> None:
    code = ("import inspector, inspector.resources as r; "
            "print(inspector.__file__); print(r.sample_pdf()); print(r.icon_path(16))")
    r = _run([str(venv / "python"), "-c", code], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    prefix = str(venv.parent.resolve())
    assert all(Path(p).resolve().as_posix().startswith(prefix) for p in lines), lines
    assert Path(lines[1]).read_bytes().startswith(b"%PDF")
    assert Path(lines[2]).read_bytes().startswith(PNG_MAGIC)


def test_version_and_help_on_every_command(venv: Path, tmp_path: Path) -> None:
    exe = str(venv / "table-inspector")
    r = _run([exe, "--version"], cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip() == f"table-inspector {inspector.__version__}"
    listing = ("import argparse; from inspector.cli import build_parser\n"
               "def walk(p, path):\n"
               "    for a in p._actions:\n"
               "        if isinstance(a, argparse._SubParsersAction):\n"
               "            for n, sp in a.choices.items():\n"
               "                print(' '.join(path + [n])); walk(sp, path + [n])\n"
               "walk(build_parser(), [])\n")
    commands = _run([str(venv / "python"), "-c", listing], cwd=tmp_path).stdout.split("\n")
    commands = [c.split() for c in commands if c.strip()]
    assert {"detect", "params"} <= {c[0] for c in commands}
    for path in commands:
        r = _run([exe, *path, "--help"], cwd=tmp_path, timeout=60)
        assert r.returncode == 0, (path, r.stderr)
        assert r.stdout.startswith(f"usage: table-inspector {' '.join(path)}"), path
        if len(path) == 1:
            assert "example" in r.stdout.lower(), f"'{path[0]} --help' shows no examples"


def test_detect_on_the_bundled_sample(venv: Path, tmp_path: Path) -> None:
    sample = _run([str(venv / "python"), "-c", "import inspector.resources as r; print(r.sample_pdf())"],
                  cwd=tmp_path).stdout.strip()
    r = _run([str(venv / "table-inspector"), "detect", sample], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    count = int(first.split(": ", 1)[1].split(" table(s)")[0])
    assert count >= 1, first
    assert r.stdout.count("| ") > 10  # the tables' rows are printed


def test_gui_screenshot_from_the_install(venv: Path, tmp_path: Path) -> None:
    exe = str(venv / "table-inspector")
    if "gui" not in _run([exe, "--help"], cwd=tmp_path).stdout:
        pytest.skip("this build has no 'gui' command")
    out = tmp_path / "shot.png"
    r = _run([exe, "gui", "--screenshot", str(out), "--size", "1000x700"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    data = out.read_bytes()
    assert data.startswith(PNG_MAGIC)
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1000, 700)
    assert len(data) > 20_000, "the screenshot looks blank"
