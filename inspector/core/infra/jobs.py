"""Page jobs run in a budgeted worker process (see ``budget``), with the documents they need.

A job names its document by a ``DocSource`` (a path, or bytes for the window); the worker
keeps the last few documents open with their pipelines, so a run over many pages of one
document opens it once. Every job is a module-level function of picklable arguments.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from ..params import Params
from ..reading.document import Document, DocumentError, Pixels, open_document
from ..reading.messages import take_messages
from ..types import PageResult, Rect, Rule, Word
from .lru import LRU

if TYPE_CHECKING:  # the caller's process never needs the detection stages: only the worker imports them
    from ..explain import PageWhy
    from ..pipeline import Pipeline

OPEN_DOCUMENTS = 2  # documents a worker keeps open at once
NOT_OPEN = "the document is not open in this worker"  # a caller that sent no bytes sends them again


@dataclass(frozen=True)
class DocSource:
    """How a worker opens a document: ``path`` or ``data`` (bytes), with ``name`` for messages.
    ``key`` tells documents apart (the path, or the window's document serial)."""

    key: str
    path: str | None = None
    data: bytes | None = None
    password: str | None = None
    name: str | None = None

    @staticmethod
    def of_path(path: str, password: str | None = None) -> DocSource:
        return DocSource(f"path:{path}", path=path, password=password, name=path)


_OPEN = LRU(OPEN_DOCUMENTS, evicted=lambda pipe: pipe.doc.close())  # key -> Pipeline



def pipeline(src: DocSource) -> Pipeline:
    """The worker's pipeline over ``src``, opened on first use (``DocumentError`` when unreadable)."""
    from ..pipeline import Pipeline

    pipe: Pipeline | None = _OPEN.get(src.key)
    if pipe is not None:
        return pipe
    if src.data is None and src.path is None:
        raise DocumentError(NOT_OPEN)
    doc = open_document(src.data if src.data is not None else src.path or "", password=src.password, name=src.name)
    pipe = Pipeline(doc)
    _OPEN.put(src.key, pipe)
    return pipe


def document(src: DocSource) -> Document:
    return pipeline(src).doc


def with_messages(result: PageResult, messages: tuple[str, ...]) -> PageResult:
    """``result`` with MuPDF's messages about its page added to its warnings."""
    if not messages:
        return result
    return dataclasses.replace(result, warnings=(*result.warnings, *(f"MuPDF: {m}" for m in messages)))


def detect_page(src: DocSource, index: int, params: Params) -> PageResult:
    """Detection on page ``index`` (0-based), MuPDF's messages in its warnings."""
    from .budget import report_progress

    take_messages()
    pipe = pipeline(src)
    pipe.progress = report_progress  # OCR's "reading page N" reaches the caller while it runs
    result = pipe.run(index, params)
    return with_messages(result, take_messages())


def page_pixels(src: DocSource, index: int, dpi: int, grey: bool = False, clip: Rect | None = None,
                seconds: float | None = None) -> Pixels:
    """A render of page ``index`` at ``dpi`` (lowered to the page's pixel budget), as displayed;
    with ``seconds``, what MuPDF drew by then (``Pixels.complete`` says whether that is all)."""
    page = document(src).page(index)
    return page.pixels(page.safe_dpi(dpi), clip, grey, seconds)


def vector_rules(src: DocSource, index: int, params: Params) -> tuple[Rule, ...]:
    """The page's drawn rules (vector stage only)."""
    from ..evidence.rules_vector import find_vector_rules
    from ..types import Rect

    page = document(src).page(index)
    return find_vector_rules(page.drawings(), params.vector, Rect(0, 0, page.width, page.height)).rules


def call(fn: Any, *args: Any) -> Any:
    """Run any picklable function in the worker (evaluation's page jobs)."""
    return fn(*args)


def explain_page(src: DocSource, index: int, params: Params) -> tuple[PageResult, PageWhy]:
    """Detection on page ``index`` and its explanation (which detects the tables again for
    each suggested value): ``explain`` and the window's Why run it in the budgeted worker."""
    from ..explain import explain

    res = detect_page(src, index, params)
    # A partial, not a lambda: the answer (its context holds the hook) is pickled back to the caller.
    return res, explain(res, params, partial(detect_page, src, index))


def explain_result(res: PageResult, params: Params, src: DocSource | None = None) -> PageWhy:
    """The explanation of a result already detected (the window's Why on its current page);
    with ``src``, the page is detected whole again where a value needs it (``explain``)."""
    from ..explain import explain

    return explain(res, params, None if src is None else partial(detect_page, src, res.page - 1))


def page_words(src: DocSource, index: int) -> tuple[Word, ...]:
    """Page ``index``'s words from its text layer (placing a compared table without coordinates)."""
    from ..reading.words import extract_text

    return tuple(extract_text(document(src).page(index))[0])
