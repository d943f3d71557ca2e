"""``table-inspector gui``: open the inspection window, or save a screenshot of it and exit.

Qt is imported only when the command runs, so the rest of the CLI never loads PySide6.
"""

from __future__ import annotations

import argparse
import re

from ..render.layers import ALIASES, LAYER_NAMES, resolve_layers
from .common import EXIT_INPUT, CliError, add_param_args, params_from_args

LAYER_HELP = ",".join(LAYER_NAMES)
EXAMPLES = """examples:
  table-inspector                       open the bundled sample
  table-inspector report.pdf --page 3   open a file at page 3
  table-inspector gui report.pdf --page 2 --layers words,grids --screenshot shot.png
  table-inspector gui report.pdf --page 3 --annotation fixed.tables.json --screenshot after.png
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("gui", help="open the inspection window (default command)",
                       description="Open the inspection window: the page with every detection stage drawn over it, "
                                   "live thresholds, stage lists and a table preview.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", nargs="?", help="PDF or PNG/JPEG/TIFF image (default: the bundled sample)")
    p.add_argument("--password", help="password of an encrypted PDF")
    p.add_argument("--page", type=int, default=1, metavar="N", help="page to show, from 1 (default 1)")
    p.add_argument("--layers", metavar="LIST",
                   help=f"overlay layers to show: comma list of {LAYER_HELP}, or 'all' / 'none'; also accepted: "
                        f"{', '.join(ALIASES)} (default: words, vector rules, regions, grids)")
    p.add_argument("--zoom", default="fit-width", metavar="Z", help="fit-width (default), fit-page or a percentage")
    p.add_argument("--screenshot", metavar="OUT.png",
                   help="render the window offscreen, save it here (atomically) and exit; never asks a question; "
                        "exit code 4 when the page could not be detected or drawn (still saved)")
    p.add_argument("--size", default="1400x900", metavar="WxH", help="window size for --screenshot (default 1400x900)")
    p.add_argument("--table", type=int, default=0, metavar="N", help="select table N (from 1) in the preview")
    p.add_argument("--annotation", metavar="FILE.tables.json",
                   help="edit this annotation file instead of the one beside the PDF (it must be of this PDF)")
    add_param_args(p)
    p.set_defaults(func=run)


def parse_layers(spec: str | None) -> tuple[str, ...] | None:
    """'words,grids' -> ('words', 'grids'); 'all'/'none'; the render command's names ("rules",
    "grid") are aliases; unknown names raise ``CliError``."""
    if spec is None:
        return None
    try:
        return resolve_layers(spec)
    except ValueError as exc:
        raise CliError(f"--layers: {exc}") from None


def _parse_zoom(z: str) -> str:
    z = z.strip().lower().rstrip("%")
    if z in ("fit-width", "fit-page"):
        return z
    try:
        value = float(z)
    except ValueError:
        raise CliError(f"--zoom {z}: use fit-width, fit-page or a percentage such as 150") from None
    if not 10 <= value <= 1600:
        raise CliError(f"--zoom {z}: the zoom must be between 10 and 1600 percent")
    return str(value)


def _parse_size(s: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", s)
    if not m or not (200 <= int(m[1]) <= 8000 and 200 <= int(m[2]) <= 8000):
        raise CliError(f"--size {s}: expected WIDTHxHEIGHT in pixels, e.g. 1400x900")
    return int(m[1]), int(m[2])


def run(args: argparse.Namespace) -> int:
    if args.page < 1:
        raise CliError(f"--page {args.page}: pages count from 1")
    params = params_from_args(args)
    try:
        from ..gui.app import LaunchError, LaunchOptions
        from ..gui.app import run as run_gui
    except ImportError as exc:
        raise CliError(f"the window needs PySide6, which cannot be loaded here ({exc})", EXIT_INPUT) from None
    opts = LaunchOptions(file=args.file, page=args.page, layers=parse_layers(args.layers),
                         screenshot=args.screenshot, password=args.password, params=params,
                         zoom=_parse_zoom(args.zoom), size=_parse_size(args.size), select_table=args.table,
                         annotation=args.annotation)
    try:
        return run_gui(opts)
    except LaunchError as exc:
        raise CliError(str(exc), exc.code) from None
