# Quick start: `make run` opens the app on the bundled sample, `make test` runs every test.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PYTHON ?= python3
export QT_QPA_PLATFORM ?= offscreen

.PHONY: run test setup sysdeps bench lint samples clean

setup: sysdeps $(STAMP)

sysdeps:
	@bash packaging/system-deps.sh

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	@touch $(STAMP)

run: setup
	$(VENV)/bin/table-inspector $(ARGS)

test: setup
	$(PY) -m pytest $(PYTEST_ARGS)

lint: setup
	$(VENV)/bin/ruff check inspector tests

bench: setup
	$(PY) benchmarks/bench_detect.py

samples: setup
	$(PY) resources/make_samples.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
