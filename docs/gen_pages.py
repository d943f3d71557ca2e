"""Documentation pages generated from the code at every ``mkdocs build`` (a MkDocs hook).

- ``reference/cli.md``: every command, sub-command and option, walked from the argparse
  parser the ``table-inspector`` command itself builds (``inspector.cli.build_parser``);
- ``reference/parameters.md``: every detection parameter from the stage dataclasses' field
  metadata (``inspector.core.params.describe``: label, unit, range, default, help);
- ``benchmarks/saved-results.md``: one table per saved benchmark run in
  ``benchmarks/results/*.json`` (the files ``compare_extractors.py --save`` writes);
- in hand-written pages, ``<!-- generated: compare_extractors table -->`` becomes the
  extractor comparison of ``benchmarks/results/compare_extractors.json`` (the README's table).

The pages exist only in the built site (never in ``docs/``), so they cannot drift from the
code; ``tests/test_docs.py`` checks that they name every command, option and parameter.
Run ``python docs/gen_pages.py OUT_DIR`` to write them out for reading without a build.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the hook runs from mkdocs, which may not have the checkout on its path
    sys.path.insert(0, str(ROOT))

GENERATED = ("reference/cli.md", "reference/parameters.md", "benchmarks/saved-results.md")
RESULTS = ROOT / "benchmarks" / "results"


def _cell(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


# --- CLI reference --------------------------------------------------------------------------

def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _option_row(action: argparse.Action) -> str | None:
    if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)) or action.help == argparse.SUPPRESS:
        return None
    name = ", ".join(f"`{s}`" for s in action.option_strings) or f"`{action.metavar or action.dest}`"
    if action.option_strings and action.nargs != 0:
        metavar = action.metavar or action.dest.upper()
        name += f" `{metavar if isinstance(metavar, str) else ' '.join(metavar)}`"
    default = action.default
    shown = "" if default in (None, False, argparse.SUPPRESS) or action.nargs == 0 else f"`{default}`"
    if isinstance(action, argparse._AppendAction) and default in ([], None):
        shown = ""
    return f"| {name} | {_cell(action.help or '')} | {shown} |"


def _command_section(path: str, parser: argparse.ArgumentParser, depth: int) -> list[str]:
    out = [f"{'#' * depth} `{path}`", ""]
    if parser.description:
        out += [parser.description, ""]
    out += ["```text", parser.format_usage().strip(), "```", ""]
    rows = [r for r in (_option_row(a) for a in parser._actions) if r]
    if rows:
        out += ["| argument | what | default |", "| --- | --- | --- |", *rows, ""]
    if parser.epilog:
        out += ["```text", parser.epilog.strip(), "```", ""]
    for name, child in _subparsers(parser).items():
        out += _command_section(f"{path} {name}", child, min(depth + 1, 4))
    return out


def cli_reference() -> str:
    """The CLI reference page, walked from the real parser."""
    from inspector.cli import TWO_WORD, build_parser

    parser = build_parser()
    two_word = {v: " ".join(k) for k, v in TWO_WORD.items()}
    out = ["# Command-line reference", "",
           "Generated from the `table-inspector` command's own argument parser at every build of this site "
           "(`docs/gen_pages.py`); `table-inspector COMMAND --help` prints the same. Exit codes, JSON shapes and "
           "layer names are explained in [Commands and outputs](commands.md).", "",
           "```text", parser.format_help().strip(), "```", ""]
    for name, child in _subparsers(parser).items():
        out += _command_section(f"table-inspector {two_word.get(name, name)}", child, 2)
    return "\n".join(out).rstrip() + "\n"


# --- Parameter reference --------------------------------------------------------------------

def _range(info: Any) -> str:
    if info.choices:
        return " / ".join(f"`{c}`" for c in info.choices)
    if info.kind is bool:
        return "on / off"
    if info.kind is str:
        return "text"
    return f"{info.lo:g} .. {info.hi:g}"


def parameter_reference() -> str:
    """The parameter reference page, from the stage dataclasses' field metadata."""
    from inspector.core.params import STAGES, describe

    fields = describe()
    out = ["# Parameter reference", "",
           "Every detection parameter, generated from the field metadata of the stage dataclasses in "
           "`inspector/core/params_detect.py` and `params_document.py` (gathered by `params.py`) at every build of this site (`docs/gen_pages.py`). The window's sliders, "
           "`--set STAGE.FIELD=VALUE`, presets and `table-inspector params` are generated from the same metadata.",
           "", f"{len(fields)} parameters in {len(STAGES)} stages.", ""]
    for stage, cls in STAGES.items():
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        out += [f"## `{stage}`", "", f"`{cls.__name__}`: {doc}", "",
                "| parameter | label | default | range | unit | what it does |",
                "| --- | --- | ---: | --- | --- | --- |"]
        for info in (f for f in fields if f.stage == stage):
            out.append(f"| `{info.key}` | {_cell(info.label)} | `{info.default}` | {_range(info)} | "
                       f"{_cell(info.unit)} | {_cell(info.help)} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# --- Saved benchmark results ----------------------------------------------------------------

def _pct(v: float | None) -> str:
    return "n/a" if v is None else f"{100 * v:.1f}"


def _result_table(saved: dict[str, Any]) -> list[str]:
    out = ["| extractor | adjacency P | R | **F1** | cells kept | rows intact | label-number pairs | TEDS | "
           "TEDS-Struct | tables found P / R | defects / 100 cells | failed pages | ms/page (median) |",
           "| --- |" + " ---: |" * 12]
    ranked = sorted(saved["extractors"].values(), key=lambda e: -(e["overall"]["adjacency"]["f1"] or 0.0))
    for entry in ranked:
        o = entry["overall"]
        a, d = o["adjacency"], o["detection"]
        ms = o["ms_per_page"]["median"]
        out.append(" | ".join([
            f"| {entry['label']}", _pct(a["precision"]), _pct(a["recall"]), f"**{_pct(a['f1'])}**",
            _pct(o["cell_retention"]["value"]), _pct(o["row_integrity"]["value"]),
            _pct(o["label_number_pairing"]["value"]), _pct(o["teds"]["mean"]), _pct(o["teds"]["struct_mean"]),
            f"{_pct(d['precision'])} / {_pct(d['recall'])}",
            "n/a" if o["defects"]["per_100_cells"] is None else f"{o['defects']['per_100_cells']:.2f}",
            str(o["pages_failed"] + o["pages_timed_out"]), "n/a" if ms is None else f"{ms:.0f} |"]))
    return out


def saved_results() -> str:
    """One section per saved run in benchmarks/results/ (newest file name order)."""
    out = ["# Saved benchmark runs", "",
           "Generated at every build of this site from the files in `benchmarks/results/` (written by "
           "`python benchmarks/compare_extractors.py GOLDEN --save benchmarks/results/NAME.json`), so these "
           "tables are always those of a measured run. Every extractor of a run was measured in the same run, "
           "pages interleaved, so machine load falls on all alike; milliseconds are medians on a shared "
           "2-core machine (read them as ±2x). Figures in %.", ""]
    files = sorted(RESULTS.glob("*.json"))
    for path in files:
        saved = json.loads(path.read_text(encoding="utf-8"))
        if "extractors" not in saved:
            continue
        out += [f"## `{path.name}`", "",
                f"Measured {saved['date']} on {saved['pages']} pages of `{saved['golden']}` "
                f"(golden hash `{saved['golden_hash'][:12]}`).", "", *_result_table(saved), ""]
    if not files:
        out.append("No saved run yet.")
    return "\n".join(out).rstrip() + "\n"


def readme_table() -> str:
    """The README's headline comparison table, rendered by the benchmark itself."""
    spec = importlib.util.spec_from_file_location("compare_extractors", ROOT / "benchmarks" / "compare_extractors.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.readme_table(json.loads(module.RESULTS.read_text(encoding="utf-8"))))


def pages() -> dict[str, str]:
    """Every generated page: its path under docs/ and its Markdown."""
    return {"reference/cli.md": cli_reference(), "reference/parameters.md": parameter_reference(),
            "benchmarks/saved-results.md": saved_results()}


# --- MkDocs hook ----------------------------------------------------------------------------

PLACEHOLDERS = {"<!-- generated: compare_extractors table -->": readme_table}

def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site (MkDocs >= 1.6 ``File.generated``)."""
    from mkdocs.structure.files import File

    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill the placeholders of hand-written pages with tables made from saved results."""
    for marker, make in PLACEHOLDERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, make())
    return markdown


if __name__ == "__main__":
    out_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "site-src")
    for rel, text in pages().items():
        (out_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (out_dir / rel).write_text(text, encoding="utf-8")
        print(out_dir / rel)
