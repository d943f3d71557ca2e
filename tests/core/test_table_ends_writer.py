"""Where one table ends in a word processor's PDF: python-docx writes the pairs of
``tableends_pdfs`` (a Heading 2, a caption, a note, a unit line flush right, a sentence between
two tables sharing their columns; one table with section rows), in English, Korean and Chinese,
ruled ("Table Grid") and borderless; LibreOffice exports them as a tagged PDF, whose tags give
the truth (the tables it wrote, cell by cell). Every page's tables must come out as tagged."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from small_pdfs import has_cjk_font
from tableends_pdfs import WRITER_EXPORT, writer_docx, writer_pages

from inspector.annotation.tagged import read_tagged
from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

pytest.importorskip("docx")
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
pytestmark = [pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed"),
              pytest.mark.skipif(not has_cjk_font(), reason="WenQuanYi Micro Hei is not installed")]

Grid = list[list[str]]
Exported = tuple[dict[int, list[Grid]], dict[int, list[Grid]], list[tuple[int, int]]]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Exported:
    """Per page (1-based): the tagged tables and the detected ones, as squeezed cell texts; the
    continuations proposed over the document (first page, next page)."""
    out = tmp_path_factory.mktemp("writer")
    docx = out / "pairs.docx"
    writer_docx(str(docx))
    profile = out / "profile"
    subprocess.run([str(SOFFICE), f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to",
                    WRITER_EXPORT, "--outdir", str(out), str(docx)], check=True, capture_output=True, timeout=600)
    pdf = (out / "pairs.pdf").read_bytes()
    tagged: dict[int, list[Grid]] = {}
    for table in read_tagged(pdf, "pairs.pdf").annotation.tables:
        for region in table.regions:
            grid = [[""] * (len(region.xs) - 1) for _ in range(len(region.ys) - 1)]
            for cell in region.cells:
                grid[cell.r][cell.c] = cell.text
            tagged.setdefault(region.page, []).append(_squeezed(grid))
    pipe = Pipeline(open_document(pdf))
    results = [pipe.run(n) for n in range(pipe.doc.page_count)]
    found = {r.page: [_squeezed([list(row) for row in t.rows_text()]) for t in r.tables] for r in results}
    return tagged, found, [(c.prev_page, c.next_page) for c in proposed(find_continuations(results))]


def _squeezed(rows: Grid) -> Grid:
    return [["".join(c.split()) for c in r] for r in rows]


@pytest.mark.parametrize(("page", "case"), [(n + 1, "-".join(p or "borderless" for p in c))
                                            for n, c in enumerate(writer_pages())])
def test_writer_pages_come_out_as_tagged(exported: Exported, page: int, case: str) -> None:
    tagged, found, _ = exported
    assert len(tagged[page]) == (1 if case.split("-")[1] == "sections" else 2)
    assert found[page] == tagged[page], case


def test_no_page_continues_the_last(exported: Exported) -> None:
    """Every page opens with the same Heading 1 over a table whose columns are those of the
    table ending the page before: a new table, though the heading repeats at the same height
    on every page (a running header by repetition alone)."""
    assert exported[2] == []
