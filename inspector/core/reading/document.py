"""Opening documents: with ``page`` (a page's text, drawings and renders), the only modules
that talk to PyMuPDF.

The format is decided by the file's first bytes, never its extension. PDFs open as they
are; PNG, JPEG and TIFF open as one-page image documents. Every failure is a
``DocumentError`` whose message is one line a user can act on.
"""

from __future__ import annotations

import logging
import os
import re
import stat
from pathlib import Path

import pymupdf

from .drawings import Drawing as Drawing  # where the readers of drawings have always found it
from .layers import hides_layers, mend_ocmds, show_layers
from .messages import quiet_mupdf
from .objnumbers import without_absurd_objects
from .page import Page as Page
from .page import Pixels as Pixels
from .pagedict import mend_page_dict, shown_rotation
from .pagefonts import PdfHandle, pdf_handle
from .tounicode import mend_page_fonts

log = logging.getLogger(__name__)

quiet_mupdf()  # MuPDF prints its errors on stdout unless told not to: every process that reads PDFs imports this

SNIFF_BYTES = 1024  # the PDF header may follow junk; the standard allows it within the first 1024 bytes
MAX_FILE_BYTES = 2 * 2**30  # the whole file is held in memory (hashing, worker copies)
IMAGE_KINDS = ("png", "jpeg", "tiff")
MAX_TREE_NODES = 1_000_000  # page tree nodes walked when /Count has to be recounted
MIN_SPARSE_XREFS = 100_000  # object-table entries any file may have, whatever its size (see _hide_structure)


class DocumentError(Exception):
    """A document cannot be read; ``str(err)`` is a one-line reason for the user."""


class PasswordRequired(DocumentError):
    """The PDF is encrypted and needs a password (none or a wrong one was given)."""


def sniff(head: bytes) -> str | None:
    """'pdf', 'png', 'jpeg', 'tiff' from the first bytes of a file, or None."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    # PDF readers accept the header anywhere in the first kilobyte.
    if b"%PDF-" in head[:SNIFF_BYTES]:
        return "pdf"
    return None


class Document:
    """An open document. ``pages`` are created lazily; ``sha256`` is of the file's bytes."""

    def __init__(self, raw: pymupdf.Document, name: str, data: bytes, kind: str) -> None:
        self.raw = raw
        self.name = name
        self.kind = kind
        self._data = data
        self._pages: dict[int, Page] = {}
        self._sha256: str | None = None
        self._pdf: PdfHandle | None = None  # MuPDF's PDF handle, for reading page objects unloaded
        self._page_count = raw.page_count  # asked for thousands of times (a thumbnail list's rows)
        self.structure_root = _hide_structure(raw, len(data)) if kind == "pdf" else None
        self.fonts_checked: set[int] = set()  # font xrefs whose ToUnicode map ``tounicode`` has read
        # Optional content the default view hides: its words are read from a copy showing every layer
        self.hides_layers = kind == "pdf" and _hides_layers(raw, name)
        self._shown: pymupdf.Document | None = None
        self._shown_fonts: set[int] = set()
        self._shown_pages: set[int] = set()

    @property
    def page_count(self) -> int:
        return int(self._page_count)

    @property
    def data(self) -> bytes:
        """The file's bytes, as opened (for hashing and re-opening in other processes)."""
        return self._data

    def page(self, index: int) -> Page:
        """Page by 0-based index; ``DocumentError`` when out of range."""
        if not 0 <= index < self.page_count:
            raise DocumentError(f"{self.name}: page {index + 1} does not exist (the document has {self.page_count})")
        if index not in self._pages:
            try:
                self._pages[index] = Page(self, index)
            except Exception as exc:  # a broken page tree only shows when the page is loaded
                log.debug("page %d cannot be loaded", index + 1, exc_info=True)
                raise DocumentError(f"{self.name}: page {index + 1} is damaged and cannot be read ({_short(exc)})") from None
        return self._pages[index]

    def shown_page(self, index: int) -> pymupdf.Page | None:
        """Page ``index`` of a copy of the document showing every layer (None when the default view
        hides none, or the copy cannot be made), mended as the pages are (``Page``)."""
        if not self.hides_layers:
            return None
        try:
            if self._shown is None:
                twin = _open_raw(without_absurd_objects(self._data)[0], "pdf", self.name)
                if twin.needs_pass:  # the password is not kept: the hidden layers stay unread
                    self.hides_layers = False
                    return None
                show_layers(twin)
                self._shown = twin
            if index not in self._shown_pages:
                self._shown_pages.add(index)
                mend_page_dict(self._shown, index)
                mend_page_fonts(self._shown, index, self._shown_fonts)
            return self._shown[index]
        except Exception:  # the hidden layers are a note: never the reason a page fails
            log.debug("%s: hidden layers not read", self.name, exc_info=True)
            self.hides_layers = False
            return None

    @property
    def repaired(self) -> bool:
        """True when MuPDF had to repair a damaged file (e.g. truncated): pages may be missing content."""
        return bool(self.raw.is_repaired)

    def page_size(self, index: int) -> tuple[float, float, int]:
        """Unrotated width and height (points) and rotation (degrees) of page ``index``,
        read without loading the page (listing a 1,000-page document stays cheap)."""
        if index in self._pages:
            p = self._pages[index]
            return p.width, p.height, p.rotation
        try:
            box = self.raw.page_cropbox(index)
            return float(box.width), float(box.height), self._rotation_unloaded(index)
        except Exception:  # a page the page tree cannot reach (a /Kids cycle): size unknown
            log.debug("page %d size unknown", index + 1, exc_info=True)
            return 0.0, 0.0, 0

    def page_sizes(self) -> tuple[tuple[float, float, int], ...]:
        """``page_size`` of every page, in order (about 40 ms for 1,000 pages)."""
        return tuple(self.page_size(i) for i in range(self.page_count))

    def _rotation_unloaded(self, index: int) -> int:
        """/Rotate of page ``index`` (inherited from the page tree when the page lacks it), as the
        page will have it once loaded (``pagedict``: MuPDF's quarter turn); read from the page
        object without loading the page."""
        mupdf = pymupdf.mupdf
        if self._pdf is None:
            self._pdf = pdf_handle(self.raw)
        ref = mupdf.pdf_lookup_page_obj(self._pdf, index)
        return shown_rotation(mupdf.pdf_dict_get_inheritable(ref, mupdf.PDF_ENUM_NAME_Rotate))

    def sha256(self) -> str:
        """SHA-256 of the file's bytes (hex), computed once: the bytes never change."""
        if self._sha256 is None:
            import hashlib  # OpenSSL loads in ~5 ms: not before the window's first page

            self._sha256 = hashlib.sha256(self._data).hexdigest()
        return self._sha256

    def close(self) -> None:
        self._pdf = None
        self.raw.close()


def _hide_structure(raw: pymupdf.Document, size: int) -> str | None:
    """Take the structure tree out of the open file's catalog (in memory only) and return its
    reference ("214 0 R"), or None when the file is not tagged.

    MuPDF looks the tree up again for every marked-content operator while it draws a page,
    which is quadratic in the tree's size: a tagged PowerPoint page of 200 words took over
    100 s to render (0.03 s without the tree). Rendering, text and drawings do not need it;
    the tags are read from ``structure_root`` (``tags.read_tree``) or from a fresh copy.

    A file of ``size`` bytes whose object numbers run past its size (a damaged number that
    MuPDF's repair believed: 7.6 million entries for 78 KB) keeps its tree: editing the catalog
    would copy the whole object table (about 300 MB there); its pages draw as they are.
    """
    try:
        cat = raw.pdf_catalog()
        kind, value = raw.xref_get_key(cat, "StructTreeRoot")
        if kind != "xref":
            return None
        if raw.xref_length() <= max(size, MIN_SPARSE_XREFS):
            raw.xref_set_key(cat, "StructTreeRoot", "null")
    except Exception:  # a damaged catalog: nothing to hide, MuPDF copes or fails later
        log.debug("catalog entry unreadable", exc_info=True)
        return None
    return str(value)


def open_document(source: str | os.PathLike[str] | bytes, password: str | None = None,
                  name: str | None = None) -> Document:
    """Open a PDF or an image (PNG/JPEG/TIFF) from a path or bytes.

    Raises ``PasswordRequired`` for an encrypted PDF without the right password and
    ``DocumentError`` for anything unreadable.
    """
    data, name = _read(source, name)
    kind = sniff(data[:SNIFF_BYTES])
    if kind is None:
        raise DocumentError(f"{name}: not a PDF or a PNG/JPEG/TIFF image (the first bytes say otherwise)")
    raw = _open_raw(without_absurd_objects(data)[0] if kind == "pdf" else data, kind, name)
    if raw.needs_pass:
        if not password:
            raise PasswordRequired(f"{name}: the PDF is encrypted; a password is needed (--password)")
        if not raw.authenticate(password):
            raise PasswordRequired(f"{name}: the password is wrong for this encrypted PDF")
    if _page_count(raw, name) == 0:
        raise DocumentError(f"{name}: the document has no pages")
    if kind == "pdf":
        _mend_layers(raw, name)
    try:
        return Document(raw, name, data, kind)
    except Exception as exc:  # MuPDF refuses the page tree: a one-line reason, never a traceback
        log.debug("page tree refused", exc_info=True)
        raise DocumentError(f"{name}: the page tree is damaged ({_short(exc)})") from None


def _hides_layers(raw: pymupdf.Document, name: str) -> bool:
    try:
        return hides_layers(raw)
    except Exception:  # a damaged layer dictionary: MuPDF reads it its own way, nothing to say
        log.debug("%s: optional content unreadable", name, exc_info=True)
        return False


def _mend_layers(raw: pymupdf.Document, name: str) -> None:
    """OCMDs MuPDF would show though the default configuration hides them (``layers``); a damaged
    layer dictionary is left as it is (MuPDF reads it its own way)."""
    try:
        mend_ocmds(raw)
    except Exception:  # the layers are a refinement: never the reason a file fails
        log.debug("%s: optional content not mended", name, exc_info=True)


def _page_count(raw: pymupdf.Document, name: str) -> int:
    """The page count; a page tree whose /Count lies (-1, 2147483647, or 0 over pages) is recounted
    from its /Kids."""
    try:
        count = int(raw.page_count)
        if count > 0:
            return count
        log.debug("page tree says 0 pages, recounting")  # a /Count 0 over real pages opened as "no pages"
    except Exception:  # "Invalid number of pages": repaired below
        log.debug("page count unreadable, repairing", exc_info=True)
    try:
        cat = raw.pdf_catalog()
        kind, ref = raw.xref_get_key(cat, "Pages")
        root = int(ref.split()[0]) if kind == "xref" else 0
        raw.xref_set_key(root, "Count", str(_count_leaves(raw, root)))
        return int(raw.page_count)
    except Exception as exc:  # damaged beyond that: the user gets one line
        log.debug("page tree beyond repair", exc_info=True)
        raise DocumentError(f"{name}: the page tree is damaged and cannot be read ({_short(exc)})") from None


def _count_leaves(raw: pymupdf.Document, root: int) -> int:
    """Pages reachable from page tree node ``root`` (cycles and repeats counted once)."""
    seen: set[int] = set()
    stack, leaves = [root], 0
    while stack and len(seen) < MAX_TREE_NODES:
        xref = stack.pop()
        if xref in seen or xref <= 0:
            continue
        seen.add(xref)
        kind, kids = raw.xref_get_key(xref, "Kids")
        if kind == "array":
            stack.extend(int(m) for m in re.findall(r"(\d+)\s+\d+\s+R", kids))
        elif raw.xref_get_key(xref, "Type")[1] == "/Page":
            leaves += 1
    return leaves


def _read(source: str | os.PathLike[str] | bytes, name: str | None) -> tuple[bytes, str]:
    if isinstance(source, (bytes, bytearray)):
        return bytes(source), name or "<bytes>"
    path = Path(source)
    label = name or str(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):  # /dev/zero never ends, a FIFO blocks until written
            raise DocumentError(f"{label}: not a regular file (a device, pipe or socket); only files are opened")
        if info.st_size > MAX_FILE_BYTES:
            raise DocumentError(f"{label}: the file is {info.st_size / 2**30:.1f} GiB; files over "
                                f"{MAX_FILE_BYTES / 2**30:.0f} GiB are not opened (split it first)")
        data = _read_capped(path, info.st_size)
    except FileNotFoundError:
        raise DocumentError(f"{label}: no such file") from None
    except IsADirectoryError:
        raise DocumentError(f"{label}: is a folder, not a file") from None
    except OSError as exc:
        raise DocumentError(f"{label}: cannot be read ({exc.strerror or exc})") from None
    if not data:
        raise DocumentError(f"{label}: the file is empty")
    return data, label


def _read_capped(path: Path, size: int) -> bytes:
    """The file's bytes, at most MAX_FILE_BYTES + 1 (it may grow while read). ``read(n)`` reserves
    n bytes at once, so ask for what stat promised, then the rest in 16 MiB pieces."""
    with open(path, "rb") as fh:
        parts = [fh.read(size + 1)]
        total = len(parts[0])
        while total <= MAX_FILE_BYTES and len(parts[-1]) > 0 and total > size:
            parts.append(fh.read(16 * 2**20))
            total += len(parts[-1])
    return b"".join(parts)


def _open_raw(data: bytes, kind: str, name: str) -> pymupdf.Document:
    try:
        if kind == "pdf":
            return pymupdf.open(stream=data, filetype="pdf")
        img = pymupdf.open(stream=data, filetype=kind)
        pdf_bytes = img.convert_to_pdf()
        img.close()
        return pymupdf.open(stream=pdf_bytes, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for damaged files
        log.debug("%s cannot be opened", name, exc_info=True)
        raise DocumentError(f"{name}: the {kind.upper()} is damaged and cannot be opened ({_short(exc)})") from None


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def trim_store() -> None:
    """Empty MuPDF's shared resource store (fonts and images of pages already read).

    The store grows towards 256 MB as pages are visited; a viewer paging through a long
    document calls this now and then to keep memory bounded.
    """
    pymupdf.TOOLS.store_shrink(100)
