"""``golden add`` (issue 26, item 7): corrected annotations join a golden set with their
hashes; unverified, unreadable or mismatched ones are refused with the reason; the set is
frozen by revision (a changed document only replaces the old one with --replace)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_golden_cli import _ruled_pdf

from inspector.annotation.goldenset import check_golden_set, load_golden_set, manifest_revision
from inspector.annotation.io import annotation_path_for, load_annotation, save_annotation
from inspector.cli import main


def _verified(pdf: Path, title: str = "") -> None:
    """Mark every table of ``pdf``'s annotation verified (what Ctrl+Shift+V does in the window)."""
    path = annotation_path_for(pdf)
    ann = load_annotation(path)
    save_annotation(replace(ann, tables=tuple(replace(t, verified=True, title=title) for t in ann.tables)), path)


def test_add_refuses_with_reasons_and_keeps_the_set_frozen(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    a, b, c = (_ruled_pdf(tmp_path / f"{n}.pdf") for n in "abc")
    gold = tmp_path / "gold"
    for pdf in (a, b, c):
        assert main(["golden", "init", str(pdf)]) == 0
    _verified(a)
    annotation_path_for(c).write_text("{not json", encoding="utf-8")
    capsys.readouterr()
    code = main(["golden", "add", str(a), str(b), str(c), str(tmp_path / "gone.pdf"), "-o", str(gold)])
    out, err = capsys.readouterr()
    assert code == 4  # some refused
    assert f"added    {a}" in out
    assert f"refused  {b}: table(s) t1 not marked verified" in err
    assert f"refused  {c}: " in err and "JSON" in err
    assert "gone.pdf: no such PDF file" in err
    assert "revision 0 -> 1; 1 of 4 in the set, 3 refused" in out
    gs = load_golden_set(gold)
    assert [e.file_name for e in gs.entries] == ["a.pdf"] and check_golden_set(gold) == []
    assert gs.entries[0].annotation == load_annotation(annotation_path_for(a))
    # Again, unchanged: nothing moves. Changed: refused unless --replace, which is a new revision.
    assert main(["golden", "add", str(a), "-o", str(gold)]) == 0
    assert manifest_revision(gold) == 1
    _verified(a, title="Harvest")
    capsys.readouterr()
    assert main(["golden", "add", str(a), "-o", str(gold)]) == 3
    assert "the set is frozen" in capsys.readouterr().err
    assert load_golden_set(gold).entries[0].annotation.tables[0].title == ""
    assert main(["golden", "add", str(a), "-o", str(gold), "--replace"]) == 0
    assert manifest_revision(gold) == 2 and load_golden_set(gold).entries[0].annotation.tables[0].title == "Harvest"
    assert json.loads((gold / "golden.json").read_text())["version"] == 1  # the format is unchanged


def test_add_refuses_an_annotation_of_other_bytes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    pdf = _ruled_pdf(tmp_path / "a.pdf")
    assert main(["golden", "init", str(pdf)]) == 0
    _verified(pdf)
    pdf.write_bytes(pdf.read_bytes() + b"\n% changed\n")
    capsys.readouterr()
    assert main(["golden", "add", str(pdf), "-o", str(tmp_path / "gold")]) == 3
    assert "is not the file 'a.pdf' this annotation was made on" in capsys.readouterr().err
    assert not (tmp_path / "gold" / "golden.json").exists()


def test_add_finds_annotations_kept_apart(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    pdf = _ruled_pdf(tmp_path / "a.pdf")
    assert main(["golden", "init", str(pdf)]) == 0
    _verified(pdf)
    apart = tmp_path / "notes"
    apart.mkdir()
    annotation_path_for(pdf).rename(apart / annotation_path_for(pdf).name)
    assert main(["golden", "add", str(pdf), "-o", str(tmp_path / "gold"), "--annotations", str(apart)]) == 0
    assert check_golden_set(tmp_path / "gold") == []
