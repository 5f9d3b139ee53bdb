# Donne — the two commands are `make run` and `make test` (see README.md).
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Where `make run` serves (`make run ADDRESS=0.0.0.0:8000` to reach it from the room's phones).
# The settings derive from it the hosts answered, the address printed and shown (SITE_URL)
# and, beyond the loopback, DEBUG off (config/served_address.py).
ADDRESS ?= 127.0.0.1:8000
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres
TEST_REDIS_URL ?= redis://127.0.0.1:6379/15
# The browser tests' own Redis database: they run beside the others (`make pytest`).
TEST_BROWSER_REDIS_URL ?= redis://127.0.0.1:6379/1

.PHONY: install messages run test lint check pytest e2e-browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP) messages

messages: $(STAMP)
	$(BIN)/python scripts/compilemessages.py

run: export RUN_ADDRESS = $(ADDRESS)
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py demo_data
	@if [ -n "$$REDIS_URL" ]; then \
	  echo "Celery worker and beat started (logs: celery-worker.log)"; \
	  $(BIN)/celery -A config worker --beat --schedule celerybeat-schedule --loglevel INFO \
	    --concurrency 2 > celery-worker.log 2>&1 & \
	  trap "kill $$! 2>/dev/null" EXIT INT TERM; \
	  $(BIN)/python manage.py runserver $(ADDRESS); \
	else \
	  $(BIN)/python manage.py runserver $(ADDRESS); \
	fi

test: install
	@scripts/ensure-system-packages.sh
	$(MAKE) --no-print-directory lint check pytest

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python scripts/check_habits.py  # the project's own rules (status strings, vocabularies, writers)

check:
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python manage.py check --fail-level WARNING
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/lint-imports  # the layer contract (pyproject.toml, [tool.importlinter])

# The browser tests spend most of their time waiting on chromium and on the pages' polls:
# they run in a process of their own beside the others (its own test database, test_*
# without a worker's suffix, and its own Redis database), so that the cores stay busy
# while they wait. Their report follows the others'; either failing fails the run.
pytest:
	@browser_log=$$(mktemp); \
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_BROWSER_REDIS_URL) \
	  $(BIN)/pytest -q -m browser > $$browser_log 2>&1 & browser=$$!; \
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/pytest -q -n auto -m 'not browser'; \
	others=$$?; wait $$browser; browsers=$$?; \
	echo "--- the browser tests"; cat $$browser_log; rm -f $$browser_log; \
	[ $$others -eq 0 ] && [ $$browsers -eq 0 ]

bench: install
	for script in bench/*.py; do \
	  DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(BIN)/python $$script || exit 1; \
	done

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
