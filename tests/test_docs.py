"""The documentation site: generated references that name everything the code has, a nav that
holds every page, and a README that stays a short front door whose links land.

``mkdocs build --strict`` itself runs in ``make test`` and ``make docs`` (broken links, bad
docstrings); these tests check what a build cannot: that the generated pages are complete.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
from pathlib import Path

import pytest

from inspector.cli import TWO_WORD, build_parser
from inspector.core.params import describe

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _gen():
    spec = importlib.util.spec_from_file_location("gen_pages", DOCS / "gen_pages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _commands(parser: argparse.ArgumentParser, path: str) -> list[tuple[str, argparse.ArgumentParser]]:
    out = [(path, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                out += _commands(child, f"{path} {name}")
    return out


def test_cli_reference_names_every_command_and_option() -> None:
    page = _gen().cli_reference()
    two_word = {v: " ".join(k) for k, v in TWO_WORD.items()}
    commands = _commands(build_parser(), "table-inspector")
    assert len(commands) > 15
    for path, parser in commands[1:]:
        words = path.split()
        shown = " ".join([words[0], two_word.get(words[1], words[1]), *words[2:]])
        section = page.split(f"`{shown}`\n", 1)
        assert len(section) == 2, f"no section for {shown}"
        body = section[1].split("\n#", 1)[0]
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction) or not action.option_strings:
                continue
            for opt in action.option_strings:
                assert f"`{opt}`" in body, f"{shown}: {opt} missing"


def test_parameter_reference_holds_every_field_with_its_metadata() -> None:
    page = _gen().parameter_reference()
    infos = describe()
    assert len(infos) >= 40
    rows = {line.split("|")[1].strip().strip("`"): line for line in page.splitlines() if line.startswith("| `")}
    for info in infos:
        row = rows.get(info.key)
        assert row is not None, f"{info.key} missing"
        assert info.label in row and f"`{info.default}`" in row
        assert info.help.replace("|", "\\|") in row
        assert info.unit in row


def test_saved_results_page_shows_each_saved_run() -> None:
    page = _gen().saved_results()
    for path in sorted((ROOT / "benchmarks" / "results").glob("*.json")):
        assert f"`{path.name}`" in page
    assert "Table Inspector" in page and "**92.4**" in page


def _nav_pages(text: str) -> set[str]:
    return set(re.findall(r"^\s*-\s[^#\n]*?:\s*([\w./-]+\.md)\s*$", text, re.M))


def test_nav_holds_every_page_and_only_existing_ones() -> None:
    nav = _nav_pages((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    generated = set(_gen().GENERATED)
    written = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if "worked-example/" not in p.as_posix()}
    assert nav - generated <= written, f"nav points at missing pages: {sorted(nav - generated - written)}"
    assert written <= nav, f"pages left out of the nav: {sorted(written - nav)}"
    assert generated <= nav


def test_readme_is_a_front_door() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 300
    assert "make run" in text and "make test" in text
    for target in re.findall(r"\]\(((?:docs/)[^)#\s]+)", text):
        assert (ROOT / target).exists(), f"README links to missing {target}"


@pytest.mark.parametrize("name", ["CHANGELOG.md", "CONTRIBUTING.md"])
def test_root_documents_are_in_the_site(name: str) -> None:
    assert (ROOT / name).stat().st_size > 500
    assert f'--8<-- "{name}"' in (DOCS / name.lower()).read_text(encoding="utf-8")


def test_benchmark_page_takes_its_comparison_from_the_saved_run() -> None:
    gen = _gen()
    page = (DOCS / "benchmarks" / "index.md").read_text(encoding="utf-8")
    marker = "<!-- generated: compare_extractors table -->"
    assert marker in page and "compare_extractors table: begin" not in page  # no hand copy to drift
    filled = gen.on_page_markdown(page, None, None, None)
    assert gen.readme_table() in filled and marker not in filled
