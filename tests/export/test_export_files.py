"""Atomic writes and per-table file names."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from inspector.export.files import table_file_names, write_atomic
from tests.export.builders import table_from_rows


def test_write_replaces_content_and_keeps_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    write_atomic(target, b"new,data\r\n")
    assert target.read_bytes() == b"new,data\r\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_new_file_is_not_private(tmp_path: Path) -> None:
    target = tmp_path / "fresh.md"
    write_atomic(target, b"x")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_failure_mid_write_leaves_old_file_and_no_temp(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "keep.json"
    target.write_bytes(b"[1]")

    def boom(*_a: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("inspector.atomic.os.replace", boom)
    with pytest.raises(OSError) as info:
        write_atomic(target, b"[2]")
    assert info.value.errno == errno.ENOSPC
    assert target.read_bytes() == b"[1]"
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_file_names_number_tables_per_page() -> None:
    tables = [table_from_rows([["a"]], page=p) for p in (1, 1, 3, 1)]
    assert table_file_names("report", tables, ".csv") == [
        "report-p1-t1.csv", "report-p1-t2.csv", "report-p3-t1.csv", "report-p1-t3.csv"]
