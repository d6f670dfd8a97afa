# The two commands: `make run` (site with demo data) and `make test` (the whole suite).
# Both create .venv and install the pinned requirements on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# more pip options for the installs (.ci/run: --no-compile)
PIP_EXTRA ?=

.PHONY: run test lint bench check-record clean analysis-fast analysis-pure

$(VENV)/.installed-runtime: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check $(PIP_EXTRA) -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check $(PIP_EXTRA) -r requirements-dev.txt
	touch $@ $(VENV)/.installed-runtime

run: $(VENV)/.installed-runtime
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py recompute_standings
	$(PY) manage.py analyse_hands
	DEBUG=true $(PY) manage.py runserver 127.0.0.1:$(PORT)

# the suite on TEST_WORKERS processes (pytest-xdist; `make test TEST_WORKERS=0` for one)
TEST_WORKERS ?= 2
# (bytecode written, whatever PYTHONDONTWRITEBYTECODE says: each of the suite's Python
# processes compiled the project and rewrote the test modules otherwise; .ci/run says why)
test: $(VENV)/.installed-dev
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench: $(VENV)/.installed-dev
	$(PY) bench/engine.py

# optional: the hand-analysis search compiled with Cython, in place (same values, faster;
# needs a C compiler). `make analysis-pure` removes it: Python alone again.
analysis-fast: $(VENV)/.installed-runtime requirements-fast.txt
	$(PY) -m pip install --quiet --disable-pip-version-check $(PIP_EXTRA) -r requirements-fast.txt
	$(PY) -m games.engine.analysis.build_fast

analysis-pure:
	$(PY) -m games.engine.analysis.build_fast --clean

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .ruff_cache .hypothesis
	rm -f games/engine/analysis/*.so games/engine/analysis/compiled-sources.json
