"""Other extractors and their outputs: the peer registry (pdfplumber, Camelot, ...), files of
their tables (JSON, HTML, Markdown, CSV) and placing tables without coordinates on a page.

Below both ``compare`` (one page against another source) and ``evaluation`` (scoring a
source against ground truth), which read their tables from here.
"""
