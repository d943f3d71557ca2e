"""Reading a document: pages, words (text layer or OCR), drawings, renders, tags.

The only package that talks to PyMuPDF (``document``) or Tesseract (``ocr``). Everything
here says what the page holds; nothing here decides where a table is.
"""
