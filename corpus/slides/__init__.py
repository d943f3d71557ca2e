"""Tables on slides: python-pptx decks in PowerPoint's built-in table styles, exported by
LibreOffice Impress as tagged PDFs (``python -m corpus.slides.build``)."""
