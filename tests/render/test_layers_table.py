"""One layer table (render.layers) for ``render --layers``, ``gui --layers``, CLI pictures and the window (issues 14, 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector.cli.gui_cmd import parse_layers
from inspector.render.layers import ALIASES, LAYER_NAMES, resolve_layers
from tests.core import pdfs


@pytest.fixture()
def ruled_pdf(tmp_path: Path) -> Path:
    path = tmp_path / "ruled.pdf"
    path.write_bytes(pdfs.two_tables()[0])
    return path


def test_the_window_and_the_picture_use_the_same_names() -> None:
    pytest.importorskip("PySide6")
    from inspector.gui.scene.layers import LAYER_KEYS
    assert LAYER_KEYS == LAYER_NAMES


def test_aliases_expand_and_order_is_fixed() -> None:
    assert resolve_layers("grid, rules") == ("vector_rules", "raster_rules", "grids")
    assert resolve_layers(["words", "grids", "words"]) == ("words", "grids")
    assert resolve_layers("all") == LAYER_NAMES and resolve_layers("none") == () == resolve_layers("")
    assert parse_layers("rules,grid") == resolve_layers("vector_rules,raster_rules,grids")
    assert all(set(v) <= set(LAYER_NAMES) for v in ALIASES.values())
    with pytest.raises(ValueError, match="unknown layer.*tabels.*also accepted"):
        resolve_layers("words,tabels")


def test_render_takes_both_vocabularies(capsys, ruled_pdf: Path, tmp_path: Path) -> None:
    from inspector.cli import main
    pictures = {}
    for spec in ("words,rules,bins,grid", "words,vector_rules,raster_rules,bins,grids"):
        out = tmp_path / f"{len(spec)}.png"
        assert main(["render", str(ruled_pdf), "--layers", spec, "-o", str(out)]) == 0
        pictures[spec] = out.read_bytes()
        assert "layers words, vector_rules, raster_rules, bins, grids" in capsys.readouterr().out
    assert len(set(pictures.values())) == 1  # the same picture
    only_vector = tmp_path / "v.png"
    assert main(["render", str(ruled_pdf), "--layers", "vector_rules", "-o", str(only_vector)]) == 0
    assert main(["render", str(ruled_pdf), "--layers", "nope", "-o", str(only_vector)]) == 2
    assert "also accepted" in capsys.readouterr().err


def test_one_table_holds_every_colour_and_every_kind_of_difference() -> None:
    from inspector.compare.diff import KINDS as COMPARE_KINDS
    from inspector.evaluation.scoring import DIFF_KINDS
    from inspector.render.layers import COLOURS, DIFF_STYLES, LAYERS

    keys = [c.key for layer in LAYERS for c in layer.colours]
    assert len(keys) == len(set(keys)) and set(keys) < set(COLOURS)
    shortcuts = [layer.shortcut for layer in LAYERS]
    assert len(shortcuts) == len(set(shortcuts))
    assert set(COMPARE_KINDS) | set(DIFF_KINDS) == set(DIFF_STYLES)
    pytest.importorskip("PySide6")
    from inspector.gui.comparison import KINDS as SHOWN_COMPARE
    from inspector.gui.scene.diff_layer import KINDS as SHOWN_DIFFS
    assert set(SHOWN_COMPARE) == set(COMPARE_KINDS) and set(SHOWN_DIFFS) == set(DIFF_KINDS)
