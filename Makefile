# Sweep: the two commands are `make demo` and `make test`; each sets itself up.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: demo test fuzz build build-release bench-core bench-pick bench-e2e deps-bench deps-build deps-test deps-demo protocols protocols-check clean

## make demo: install what is needed, build (optimized), and run sweep-demo (see scripts/run-demo.sh)
demo: deps-demo
	$(SWIFT) build -c release --scratch-path .build-release --product sweep-demo
	scripts/run-demo.sh "$$($(SWIFT) build -c release --scratch-path .build-release --show-bin-path)/sweep-demo"

## make test: install, build and run every test (unit, protocol check, real compositors)
test: deps-test
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	SWEEP_BIN_DIR="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)" $(SWIFT) test $(BUILD_FLAGS) --skip-build

## make fuzz: random valid scripts against sweep-demo for FUZZ_SECONDS (default 300), checked for
## crashes, hangs and broken invariants; a failing seed is written out as a script (make test runs a short pass)
FUZZ_SECONDS ?= 300
fuzz: deps-test
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWEEP_BIN_DIR="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)" \
		$(SWIFT) test $(BUILD_FLAGS) --skip-build --filter FuzzRunTests

## make bench-core: run the core benchmarks (Benchmarks/) and fail when one misses its target
bench-core: deps-build
	Benchmarks/check.sh

## make bench-pick: sweep-pick end to end on 1M and 10M records, and its core against fzf --filter
bench-pick: deps-test
	scripts/bench-pick.sh

## make bench-e2e: input to pixels against GTK 4 under one headless sway: the same pointer band
## dragged over sweep-demo's grid and gtk4-demo's listview_colors, interleaved runs (RUNS=3), medians
RUNS ?= 3
bench-e2e: deps-bench
	scripts/bench-e2e.sh $(RUNS)

build: deps-build
	$(SWIFT) build $(BUILD_FLAGS)

## make build-release: the optimized build (whole-module), in its own folder
build-release: deps-build
	$(SWIFT) build -c release --scratch-path .build-release

deps-build:
	scripts/install-deps.sh build
deps-test:
	scripts/install-deps.sh test
deps-demo:
	scripts/install-deps.sh demo
deps-bench:
	scripts/install-deps.sh bench

## make protocols: regenerate protocols/*.xml and Sources/CWaylandProtocols from wayland-protocols
protocols: deps-build
	protocols/generate.sh
protocols-check: deps-build
	protocols/generate.sh --check

clean:
	rm -rf .build
