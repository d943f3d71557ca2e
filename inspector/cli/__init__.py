"""The ``table-inspector`` command: headless subcommands over the core, plus ``gui``.

Each subcommand group lives in its own module with a ``register(subparsers)`` function.
Exit codes: 0 success, 2 bad usage, 3 unreadable input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .. import __version__
from .common import EXIT_INPUT, EXIT_USAGE, CliError

# Modules that add subcommands; each has register(subparsers).
COMMAND_MODULES = ("detect", "golden_cmds", "export_cmds", "eval_cmds", "gui_cmd")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="table-inspector",
        description="See why a PDF table came out wrong, fix it by hand, export it.",
        epilog="Run 'table-inspector COMMAND --help' for a command's options and examples. "
               "With no command, the window opens (on the bundled sample when no file is given).",
    )
    parser.add_argument("--version", action="version", version=f"table-inspector {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue  # that command group is not part of this build
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list or (args_list[0] not in _commands(parser) and not args_list[0].startswith("-")):
        if "gui" in _commands(parser):
            args_list = ["gui", *args_list]
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
        print(f"table-inspector: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("table-inspector: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _commands(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


__all__ = ["main", "build_parser", "CliError", "EXIT_INPUT", "EXIT_USAGE"]
