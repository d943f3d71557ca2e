"""Is an export well formed? One check per text format, each returning "" or what is wrong.

The fuzz run (``benchmarks/fuzz.py``) and the tests hold every export of a hostile input to
these: a Markdown table whose rows have as many cells as its header (an unescaped ``|`` or a
line break in a cell would add cells or end the table), CSV that a strict reader parses with one
field count per table, and HTML whose table elements are balanced. Control characters other
than tab and line feed are invalid in all three (a reader may stop at a NUL).
"""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_SPLIT = re.compile(r"(?<!\\)\|")  # a cell separator: a pipe not escaped by a backslash


def _control(text: str) -> str:
    found = _CONTROL.search(text)
    return f"control character {found.group()!r} at offset {found.start()}" if found else ""


def markdown_problem(text: str) -> str:
    """A Markdown export's tables: each row framed by pipes, with its header's cell count."""
    if bad := _control(text.replace("\r\n", "\n")):
        return bad
    cells = -1
    for n, line in enumerate(text.split("\n"), 1):
        if not line.startswith("|"):
            cells = -1  # a heading or a blank line: the next table starts afresh
            continue
        body = line.replace("\\\\", "")  # an escaped backslash does not escape the pipe after it
        if not body.endswith("|") or body.endswith("\\|"):
            return f"line {n}: a table row not ending in '|'"
        count = len(_SPLIT.findall(body)) - 1
        if cells < 0:
            cells = count
        elif count != cells:
            return f"line {n}: {count} cells under a header of {cells}"
    return ""


def csv_problem(text: str) -> str:
    """A CSV export: strictly parsable, one field count within each table (tables end at a blank record)."""
    if bad := _control(text.replace("\r\n", "\n")):
        return bad
    fields = -1
    try:
        for n, record in enumerate(csv.reader(io.StringIO(text, newline=""), strict=True), 1):
            if not record:
                fields = -1
                continue
            if fields < 0:
                fields = len(record)
            elif len(record) != fields:
                return f"record {n}: {len(record)} fields in a table of {fields}"
    except csv.Error as e:
        return f"not CSV: {e}"
    return ""


_TABLE_TAGS = {"table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption"}


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problem = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _TABLE_TAGS:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _TABLE_TAGS and not self.problem:
            if not self.stack or self.stack[-1] != tag:
                self.problem = f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}"
            else:
                self.stack.pop()


def html_problem(text: str) -> str:
    """An HTML export: table elements balanced, no control characters."""
    if bad := _control(text.replace("\r\n", "\n")):
        return bad
    parser = _Balance()
    parser.feed(text)
    parser.close()
    if parser.problem:
        return parser.problem
    return f"<{parser.stack[-1]}> never closed" if parser.stack else ""


PROBLEM = {"md": markdown_problem, "csv": csv_problem, "html": html_problem}
