"""MuPDF's own messages: kept off stdout, collected per page for the JSON and stderr.

By default MuPDF prints "MuPDF error: ..." lines on stdout, where they break JSON output.
``quiet_mupdf`` (run when ``inspector.core.reading.document`` is imported) stops that and sends
PyMuPDF's own notes to logging; ``take_messages`` returns what MuPDF said since the last call.
"""

from __future__ import annotations

import pymupdf

MAX_MESSAGES = 20  # per page: a damaged file can repeat one complaint thousands of times


def quiet_mupdf() -> None:
    """MuPDF's warnings and errors are stored, never printed; PyMuPDF's notes go to logging."""
    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.TOOLS.mupdf_display_warnings(False)
    pymupdf.set_messages(pylogging=True)


def take_messages() -> tuple[str, ...]:
    """MuPDF's messages since the last call, one per line, repeats dropped, at most MAX_MESSAGES."""
    text = pymupdf.TOOLS.mupdf_warnings(reset=True) or ""
    out: list[str] = []
    for line in clean(text).splitlines():
        line = line.strip()
        if line and not line.startswith("... repeated") and line not in out:
            out.append(line)
    if len(out) > MAX_MESSAGES:
        out = [*out[:MAX_MESSAGES], f"... and {len(out) - MAX_MESSAGES} more"]
    return tuple(out)


def clean(text: str) -> str:
    """``text`` safe to print and to put in JSON: undecodable bytes (lone surrogates) become U+FFFD,
    NUL and other control characters (but newlines) become spaces."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(c if c >= " " or c == "\n" else " " for c in text)


# MuPDF's terse reasons for giving a page up, in a user's words (MuPDF's own kept after them).
_PLAIN = {
    # nesting past MuPDF's exception stack (about 60 form XObjects within each other): not a bug of ours
    "exception stack overflow": "its drawing nests deeper than MuPDF can follow: forms or patterns drawn "
                                "within each other",
}


def plain(error: str) -> str:
    """``error`` (a job's one-line failure) said plainly when it is one of MuPDF's terse reasons."""
    low = error.lower()
    for words, said in _PLAIN.items():
        if words in low:
            return f"{said}; MuPDF: {error}"
    return error
