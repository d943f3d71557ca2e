"""The ``table-inspector`` command: headless subcommands over the core, plus ``gui``.

Each subcommand group lives in its own module with a ``register(subparsers)`` function.
Exit codes: 0 success, 2 bad usage, 3 unreadable input, 4 finished but some pages failed
(over the per-page budget or damaged; each such page has an "error" in the JSON).

Logging: every package logs to ``logging.getLogger(__name__)``; what a damaged file or a
failed page swallowed is logged at DEBUG with its traceback, a bug caught to keep the window
alive at WARNING. ``INSPECTOR_LOG=DEBUG table-inspector ...`` shows it all on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..startup import pause_gc_for_startup, resume_gc
from .common import EXIT_INPUT, EXIT_USAGE, CliError

# Modules that add subcommands (each has register(subparsers)), with the commands they add:
# only the module of the command being run is imported, so the window starts without
# loading the evaluation and golden-set machinery.
COMMAND_MODULES = {
    "detect": ("words", "rules", "detect", "render", "params", "ocr-langs"),
    "golden_cmds": ("golden",),
    "export_cmds": ("export",),
    "eval_cmds": ("eval",),
    "compare_cmds": ("compare",),
    "scan_cmds": ("scan", "scan-report"),
    "explain_cmds": ("explain",),
    "gui_cmd": ("gui",),
}
COMMANDS = {cmd: module for module, cmds in COMMAND_MODULES.items() for cmd in cmds}
# Two-word commands: `scan report RESULTS` is the command `scan-report`.
TWO_WORD = {("scan", "report"): "scan-report"}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser for every command, or only for command ``only`` (a faster start)."""
    parser = argparse.ArgumentParser(
        prog="table-inspector",
        description="See why a PDF table came out wrong, fix it by hand, export it.",
        epilog="Run 'table-inspector COMMAND --help' for a command's options and examples. "
               "With no command, the window opens (on the bundled sample when no file is given).",
    )
    parser.add_argument("--version", action="version", version=f"table-inspector {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = [COMMANDS[only]] if only in COMMANDS else list(COMMAND_MODULES)
    for name in names:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def _configure_logging() -> None:
    """Log records to stderr at ``$INSPECTOR_LOG`` (a level name; WARNING when unset or unknown)."""
    name = os.environ.get("INSPECTOR_LOG", "WARNING").upper()
    level = logging.getLevelNamesMapping().get(name, logging.WARNING)
    logging.basicConfig(level=level, format="table-inspector: %(levelname)s %(name)s: %(message)s")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    try:
        return _main(argv)
    finally:
        # ``gui`` pauses collection until its first page shows; a command line that never gets
        # there (a usage error, no display) must not leave it paused in the calling process.
        resume_gc()


def _main(argv: Sequence[str] | None) -> int:
    _configure_logging()
    for stream in (sys.stdout, sys.stderr):  # text from a broken font must never stop the output halfway
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in COMMANDS and not args_list[0].startswith("-")):
        args_list = ["gui", *args_list]  # `table-inspector [FILE]` opens the window
    if tuple(args_list[:2]) in TWO_WORD:
        args_list = [TWO_WORD[(args_list[0], args_list[1])], *args_list[2:]]
    if args_list[0] == "gui":
        pause_gc_for_startup()
    parser = build_parser(args_list[0])
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code or 0)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        if not exc.said:
            print(f"table-inspector: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("table-inspector: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


__all__ = ["main", "build_parser", "CliError", "EXIT_INPUT", "EXIT_USAGE"]
