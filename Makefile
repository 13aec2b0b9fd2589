# The two commands a newcomer needs (see README): `make demo` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
# pytest's worker processes (pytest-xdist): one a core on the 2-core CI machine; `make test JOBS=1` runs in one.
JOBS ?= 2

.PHONY: demo test test-fast lint bench info clean

demo:
	scripts/setup.sh
	$(VENV)/bin/vulkit demo

test:
	scripts/setup.sh --test
	$(VENV)/bin/ruff check src tests benchmarks examples scripts
	VULKIT_VALIDATION=1 $(PY) -m pytest -q -n $(JOBS)
	VENV=$(VENV) ARRAY_API_JOBS=$(JOBS) scripts/array_api_tests.sh
	$(PY) examples/logistic_regression.py

# A developer's loop: the same checks without the exhaustive sweeps (tests marked slow).
test-fast:
	scripts/setup.sh --test
	VULKIT_VALIDATION=1 $(PY) -m pytest -q -n $(JOBS) -m "not slow"

lint:
	$(VENV)/bin/ruff check src tests benchmarks examples scripts

bench:
	$(VENV)/bin/vulkit bench

info:
	$(VENV)/bin/vulkit info

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache
