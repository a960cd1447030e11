# The commands a newcomer runs: `make play`, `make check` (the quick one, a few minutes)
# and `make test` (everything). They create .venv on first use: `make play` installs only
# the library and its command (the cli extra, the pure Python core), `make check` and
# `make test` everything (the dev and docs extras; `make test` the compiled core too).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
ARGS   ?=

.PHONY: play site serve check test lint typecheck docs pytest pytest-pure core system-deps images pictures notebooks-clean clean

# The compiled core (setup.py: mypyc, beside the sources) is rebuilt when these change, so
# the tests never run a stale compiled module.
CORE_SOURCES := setup.py lazytree/tree.py lazytree/counters.py lazytree/sources.py \
  lazytree/rating.py lazytree/search/budget.py \
  lazytree/search/core.py \
  games/tictactoe.py games/dice_of_doom/chunks.py games/dice_of_doom/incremental.py \
  games/dice_of_doom/kernel.py \
  games/dice_of_doom/position.py games/dice_of_doom/rules.py
CORE_STAMP := $(VENV)/.core-built

# the front end's npm packages (package.json, pinned by package-lock.json), installed
# with the machine's Node.js
NODE_STAMP := node_modules/.installed

# the example game plugins (examples/*) are installed too: the tests drive them as
# installed games, found through their lazytree.games entry points
EXAMPLES := $(wildcard examples/*/pyproject.toml)

$(STAMP): pyproject.toml $(EXAMPLES)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,docs]'
	for example in $(dir $(EXAMPLES)); do \
	  $(BIN)/python -m pip install --quiet --no-deps -e $$example || exit 1; \
	done
	touch $(STAMP) $(PLAY_STAMP) $(SITE_STAMP)

# what `make play` needs, and no more: the library and its command (typer, rich), with
# the pure Python core (no C compiler run: `make core` builds the compiled one later)
PLAY_STAMP := $(VENV)/.installed-play

$(PLAY_STAMP): pyproject.toml setup.py
	@echo "make play: installing lazytree and its command into $(VENV) (the first time only)"
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@LAZYTREE_PURE=1 $(BIN)/python -m pip install --quiet -e '.[cli]'
	@touch $(PLAY_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

## play: start a game of Dice of Doom against the AI (pass options with ARGS="--size 5")
play: $(PLAY_STAMP)
	@echo "make play: lazytree play dice-of-doom $(ARGS)"
	@$(BIN)/lazytree play dice-of-doom $(ARGS)

# what `make site` needs beside the command: JupyterLite (the site extra) for the notebooks
SITE_STAMP := $(VENV)/.installed-site

$(SITE_STAMP): $(PLAY_STAMP) pyproject.toml
	@LAZYTREE_PURE=1 $(BIN)/python -m pip install --quiet -e '.[cli,site]'
	@touch $(SITE_STAMP)

## site: the static site in build/site: the play page against the AI with Python running
## in the browser (Pyodide, from node_modules), and the notebooks in JupyterLite (lab/),
## for any static host or a local static server
site: $(SITE_STAMP) $(NODE_STAMP)
	$(BIN)/python frontend/site.py build/site

## serve: play in the browser: a local web server on http://127.0.0.1:8000/ (opens the page;
## pass options with ARGS="--port 8001 --no-open")
serve: $(STAMP)
	$(BIN)/lazytree serve $(ARGS)

## core: (re)build the compiled core in place (pure Python where there is no C compiler)
core: $(CORE_STAMP)

$(CORE_STAMP): $(STAMP) $(CORE_SOURCES)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(CORE_STAMP)

## check: the quick loop before a commit (at most 5 minutes): lint, type-check, the front
## end's unit tests and every Python test not marked slow (pyproject.toml's markers: tests
## over about 5 s, the browser tests, the notebooks, the wheel), on the pure Python core,
## so no compile step runs first. `make test` runs everything, on both cores.
check: $(STAMP) lint typecheck test-js
	LAZYTREE_PURE=1 $(BIN)/pytest $(XDIST) -m "not slow"

## test: lint, type-check, build the documentation site (strict) and run the whole test
## suite (notebooks and browser tests included) on the compiled core, then again on the
## pure Python core (LAZYTREE_PURE=1), which is what runs where there is no C compiler
## (but for the tests marked any_core: the browser's, Pyodide's and the wheel's)
test: $(STAMP) system-deps lint typecheck test-js docs pytest pytest-pure

lint: $(STAMP) lint-js
	$(BIN)/ruff check lazytree games benchmarks tests examples docs/hooks.py
	$(BIN)/ruff format --check lazytree games benchmarks tests examples docs/hooks.py
	$(BIN)/lint-imports --no-logo

typecheck: $(STAMP)
	$(BIN)/mypy

# the front end: TypeScript sources in frontend/src, bundled by esbuild into the files the
# package serves (lazytree/static/boards.js, lazytree/explorer/static/explorer.js,
# lazytree/server/static/app.js and worker.js; committed: a test checks they are built from the current sources)
NODE_BIN := node_modules/.bin
.PHONY: lint-js test-js bundle

## lint-js: the front end's lint and format check (Biome) and type check (tsc, strict)
lint-js: $(NODE_STAMP)
	$(NODE_BIN)/biome check
	$(NODE_BIN)/tsc -p tsconfig.json

## test-js: the front end's unit tests (Vitest, frontend/test)
test-js: $(NODE_STAMP)
	$(NODE_BIN)/vitest run --root frontend

## bundle: rebuild the front end's bundles from frontend/src after changing it
bundle: $(NODE_STAMP)
	node frontend/build.mjs

## docs: the documentation site (docs/, mkdocs.yml) built into site/; --strict makes any
## warning (a broken link, a missing page, a docstring griffe cannot read) an error.
## Open site/index.html (it works as a file, search included), or serve it with
## `.venv/bin/mkdocs serve`.
docs: $(STAMP) $(NODE_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# the tests run spread over the machine's cores (pytest-xdist; at most 4 workers: a
# browser test starts a Chromium of its own). The pure run leaves out the tests marked
# any_core (tests/conftest.py ANY_CORE: what they check does not change with the core).
XDIST := -n auto --maxprocesses 4 --dist worksteal

pytest: $(CORE_STAMP) $(NODE_STAMP)
	$(BIN)/pytest $(XDIST)

pytest-pure: $(CORE_STAMP) $(NODE_STAMP)
	LAZYTREE_PURE=1 $(BIN)/pytest $(XDIST) -m "not any_core"

## notebooks-clean: strip outputs and execution counts from notebooks/*.ipynb (they are
## kept in git without outputs; the test suite checks it and runs every notebook)
notebooks-clean: $(STAMP)
	$(BIN)/python notebooks/strip_outputs.py notebooks/*.ipynb

## system-deps: Debian packages the tests need: graphviz (`dot`), racket (the book's
## own Dice of Doom program, used as an oracle), sbcl (runs Land of Lisp's program), and
## chromium with chromium-driver (the browser tests drive them with Selenium; no browser
## is downloaded at run time). Installed with apt-get when run as root.
system-deps:
	@missing=""; \
	command -v dot >/dev/null 2>&1 || missing="$$missing graphviz"; \
	command -v racket >/dev/null 2>&1 || missing="$$missing racket"; \
	command -v sbcl >/dev/null 2>&1 || missing="$$missing sbcl"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "The tests need these Debian packages:$$missing"; \
	    echo "Install them with: sudo apt-get install$$missing"; \
	    exit 1; \
	  fi; \
	fi

## images: every picture of the documentation drawn again: the example trees (docs/*.svg),
## drawn by `lazytree explore`, and the screenshots and plots the tests take (`make pictures`)
images: $(STAMP) pictures
	mkdir -p docs
	$(BIN)/lazytree explore tree --depth 3 --rater alphabeta --out docs/lecture-tree-alphabeta.svg
	$(BIN)/lazytree explore dice-of-doom --size 3 --seed 8 --depth 4 --rater alphabeta \
	  --out docs/dice-of-doom-3x3.svg

## pictures: draw the documentation's screenshots and plots again into docs/images (the
## tests draw them into build/pictures, so a test run leaves the checkout as it was)
pictures: $(CORE_STAMP) $(NODE_STAMP) system-deps
	LAZYTREE_PICTURES=docs/images $(BIN)/pytest -q tests/compare/test_pictures.py \
	  $$(grep -l "picture" tests/browser/test_*.py)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build site node_modules
	find lazytree games -name '*.so' -delete
