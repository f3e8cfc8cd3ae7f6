# Every target installs what it needs first, so a fresh clone needs nothing by hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export DAGSTER_HOME := $(CURDIR)/.dagster_home
export DAGSTER_DISABLE_TELEMETRY := 1
PATIENTS ?= 3000
SEED ?= 0
DB ?= duckdb:///$(CURDIR)/data/ehr.duckdb
VERSION ?= v1
# test processes (pytest-xdist); each test file runs whole on one of them, so module fixtures are built once, but
# for the files tests/conftest.py names in SPREAD_FILES
TEST_WORKERS ?= 2
DAGSTER_LAUNCHERS := 0.29.27

.PHONY: setup test build-split baselines dev bench lint ehr clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# the Docker and Kubernetes run launchers, whose config schemas tests/test_deploy.py validates deploy/ against:
	# their release matching dagster 1.13.28 is not on PyPI and 0.29.27 pins dagster 1.13.27, so without its pin
	$(BIN)/python -m pip install --quiet --no-deps dagster-docker==$(DAGSTER_LAUNCHERS) dagster-k8s==$(DAGSTER_LAUNCHERS)
	mkdir -p $(DAGSTER_HOME)
	touch $(STAMP)

test: setup
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadgroup --durations=15

# ruff, then the family SQL: sqlfluff over each file as the engine runs it, and lines ≤ 120 (tools/lint_sql.py)
lint: setup
	$(BIN)/ruff check pipeline tests bench tools
	$(BIN)/python tools/lint_sql.py

ehr: setup
	$(BIN)/robustgym ehr generate --patients $(PATIENTS) --seed $(SEED) --db $(DB) --if-absent

build-split: setup
	$(BIN)/robustgym build --db $(DB) --patients $(PATIENTS) --seed $(SEED) --version $(VERSION)

# the four model-free baselines on the split build-split wrote, with their exact designed figures
# (oracle 100% Clean / 100% Noise, null 0% / 100%, premise-blind 100% / 0%, flagger 100% / 100% and 0% strict),
# and the leak walk: no string an agent receives in any test episode names its task, pair or variant
baselines: setup
	ROBUSTGYM_TEST_DEFAULT_SPLIT=1 ROBUSTGYM_SPLIT_DIR=$(CURDIR)/outputs/$(VERSION) ROBUSTGYM_SPLIT_DB=$(DB) \
		$(BIN)/python -m pytest -q -rP tests/test_gym_split.py -k default_split

dev: setup
	$(BIN)/dagster dev

bench: setup
	$(BIN)/python -m bench.run $(BENCH_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
