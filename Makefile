# Sweep: the two commands are `make demo` and `make test`; each sets itself up.
SWIFT ?= swift
BUILD_FLAGS ?=

.PHONY: demo test test-repeat test-asan test-tsan fuzz fuzz-targets soak build build-release bench-core bench-table bench-text-input bench-pick bench-e2e test-real-input deps-bench deps-build deps-test deps-demo deps-real-input deps-soak protocols protocols-check clean

## make demo: install what is needed, build (optimized), and run sweep-demo (see scripts/run-demo.sh)
demo: deps-demo
	$(SWIFT) build -c release --scratch-path .build-release --product sweep-demo
	scripts/run-demo.sh "$$($(SWIFT) build -c release --scratch-path .build-release --show-bin-path)/sweep-demo"

## make test: install, build and run every test (unit, protocol check, real compositors)
test: deps-test
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	SWEEP_BIN_DIR="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)" $(SWIFT) test $(BUILD_FLAGS) --skip-build

## make test-repeat N=5 LOAD=1: the whole suite N times (LOAD=1: under stress-ng on every core)
## and every test that failed even once; FILTER=REGEX repeats only those tests (scripts/test-repeat.sh)
N ?= 5
LOAD ?= 0
test-repeat: deps-test
	FILTER='$(FILTER)' scripts/test-repeat.sh $(N) $(LOAD)

## make test-asan / make test-tsan: the unit tests and the demo's and picker's end-to-end tests
## (SANITIZED_TESTS) built with the address (and leak) or the thread sanitizer, in their own build
## folders; a finding fails the test whose process reported it (scripts/test-sanitized.sh)
test-asan: deps-test
	scripts/test-sanitized.sh address
test-tsan: deps-test
	scripts/test-sanitized.sh thread

## make fuzz: the libFuzzer targets (Fuzz/, see make fuzz-targets), each for FUZZ_SECONDS (default
## 300) in turn, then random valid scripts against sweep-demo for FUZZ_SECONDS, checked for crashes,
## hangs and broken invariants. A crashing input goes to FUZZ_OUT/TARGET/ (default /tmp/sweep-fuzz)
## and fails the run naming the target and the input; a failing script seed is written out as a
## script (make test runs a short pass of the scripts). FUZZ_TARGETS="script images" picks targets;
## FUZZ_CPU_SECONDS=3600 runs each libFuzzer target for that much CPU time instead (a busy machine).
FUZZ_SECONDS ?= 300
FUZZ_CPU_SECONDS ?=
FUZZ_TARGETS ?=
fuzz: deps-test
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_CPU_SECONDS=$(FUZZ_CPU_SECONDS) scripts/fuzz.sh run $(FUZZ_TARGETS)
	$(SWIFT) build $(BUILD_FLAGS) --build-tests
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWEEP_BIN_DIR="$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)" \
		$(SWIFT) test $(BUILD_FLAGS) --skip-build --filter FuzzRunTests

## make fuzz-targets: builds the libFuzzer targets (Fuzz/fuzz-*: one for each reader of outside bytes,
## and input sequences through a CollectionView) with the fuzzer and address sanitizers in .build-fuzz;
## they exist only with SWEEP_FUZZ=1 (Package.swift), so plain builds never see them (scripts/fuzz.sh)
fuzz-targets: deps-test
	scripts/fuzz.sh build $(FUZZ_TARGETS)

## make soak: sweep-demo and sweep-pick (5,000 records), each one process under its own scripted
## compositor, fed random input side by side for SOAK_SECONDS (default 3600) through a FIFO script;
## samples RSS, fds, CPU and the wl_buffers the compositor sees, and fails when RSS at rest ends more
## than 5 % above its median after the warm-up, when fds, buffers or protocol objects grew, or when a
## client runs at all (scheduler time, wake-ups) in the 5 s after the input stops. Report and samples
## in SOAK_OUT (default /tmp/sweep-soak); SOAK_APPS=demo runs one (scripts/soak/soak.py's header)
SOAK_SECONDS ?= 3600
soak: deps-soak
	$(SWIFT) build -c release --scratch-path .build-release --product scripted-compositor
	$(SWIFT) build -c release --scratch-path .build-release --product sweep-demo
	$(SWIFT) build -c release --scratch-path .build-release --product sweep-pick
	SOAK_SECONDS=$(SOAK_SECONDS) SOAK_BIN_DIR="$$($(SWIFT) build -c release --scratch-path .build-release --show-bin-path)" \
		scripts/soak/soak.py

## make bench-core: run the core benchmarks (Benchmarks/) and fail when one misses its target
bench-core: deps-build
	Benchmarks/check.sh

## make bench-table: a table's sort of 1,000,000 names (alone, and through TableView keeping a selection)
## against GTK 4's GtkSortListModel on the same names, in one run: medians and ratios (scripts/bench-table.sh)
bench-table: deps-bench
	scripts/bench-table.sh

## make bench-text-input: an input method's preedit and commit to sweep-pick's next frame (release build)
bench-text-input: build-release
	scripts/bench-text-input.sh

## make bench-pick: sweep-pick end to end on 1M and 10M records, and its core against fzf --filter
bench-pick: deps-test
	scripts/bench-pick.sh

## make bench-e2e: input to pixels against GTK 4 under headless sway: the same pointer band
## dragged over sweep-demo and a GTK 4 peer (Benchmarks/gtk-peer), grid and list at 1M and 16M items,
## interleaved runs (RUNS=9), medians and targets; foot's first frame; 10M lines from a file
## (scripts/bench-items.sh); the grid and list again on a 2560x1600 output at scale 2 and 1.5, with
## the HiDPI targets (BENCH_E2E_SCALES="1 2 1.5" picks the scales); then input → presentation and
## late latching on the grid under Debian 13's sway 1.10 (unpacked once, as root, by
## scripts/bench-sway-presenting.sh); a table of 20 columns over 1,000,000 rows (Examples/records
## against a GtkColumnView) with the band and a touchpad fling at each scale. Writes docs/performance.md's
## tables and docs/images/bench-e2e-latency.png. BENCH_E2E_DEMO=PATH uses a prebuilt sweep-demo
## instead of building one; scripts/bench-e2e.sh's header lists the other settings.
RUNS ?= 9
bench-e2e: deps-bench
	scripts/bench-e2e.sh $(RUNS)

## make test-real-input: sweep-demo and sweep-pick driven through kernel uinput devices, libinput and
## sway 1.10 in a Debian 13 qemu VM (image built once, cached outside the repo); a PASS/FAIL table from
## the apps' event logs (scripts/real-input/run.sh; SWEEP_REAL_INPUT_BIN picks other binaries)
test-real-input: build-release deps-real-input
	scripts/real-input/run.sh

build: deps-build
	$(SWIFT) build $(BUILD_FLAGS)

## make build-release: the optimized build (whole-module), in its own folder
build-release: deps-build
	$(SWIFT) build -c release --scratch-path .build-release

## make install: the release build as a desktop program under $(DESTDIR)$(PREFIX): the programs,
## .desktop files, icons, man pages (from the argument parsers) and bash/zsh/fish completions.
## BIN_DIR=DIR installs the programs in DIR instead and builds nothing (GENERATE_MANUAL=PATH
## names swift-argument-parser's generate-manual when it is not in DIR or the release folder).
## make uninstall removes exactly those files (same PREFIX and DESTDIR).
PREFIX ?= /usr/local
DESTDIR ?=
bindir = $(PREFIX)/bin
datadir = $(PREFIX)/share
man1dir = $(datadir)/man/man1
applicationsdir = $(datadir)/applications
iconsdir = $(datadir)/icons/hicolor/scalable/apps
bashcompletionsdir = $(datadir)/bash-completion/completions
zshcompletionsdir = $(datadir)/zsh/site-functions
fishcompletionsdir = $(datadir)/fish/vendor_completions.d
INSTALL_PROGRAMS = sweep-demo sweep-pick sweep-copy scripted-compositor
INSTALL_APP_IDS = org.sweep.Demo org.sweep.Pick
RELEASE_BIN_DIR = .build-release/release
ifeq ($(origin BIN_DIR),undefined)
BIN_DIR = $(RELEASE_BIN_DIR)
install: build-install
endif
GENERATE_MANUAL ?= $(firstword $(wildcard $(BIN_DIR)/generate-manual) $(RELEASE_BIN_DIR)/generate-manual)
# The page date: SOURCE_DATE_EPOCH's day when set (reproducible builds), else today.
MAN_DATE ?= $(if $(SOURCE_DATE_EPOCH),$(shell date -u -d @$(SOURCE_DATE_EPOCH) +%Y-%m-%d))
# generate-manual's pages, tidied: the implicit `help` subcommand out of the synopsis and the
# options, blank lines as paragraph breaks, indented lines of a description kept as they are.
MAN_TIDY = sed -e '/^\.Ar subcommand$$/d' -e '/^\.It Em help$$/,/^\.El$$/d' -e 's/^$$/.Pp/' | \
	awk '/^ / && !lit { print ".Bd -literal"; lit = 1 } !/^ / && lit { print ".Ed"; lit = 0 } \
	     { print } END { if (lit) print ".Ed" }'
INSTALLED_FILES = \
	$(foreach p,$(INSTALL_PROGRAMS),$(bindir)/$(p) $(man1dir)/$(p).1 $(bashcompletionsdir)/$(p) \
		$(zshcompletionsdir)/_$(p) $(fishcompletionsdir)/$(p).fish) \
	$(foreach id,$(INSTALL_APP_IDS),$(applicationsdir)/$(id).desktop $(iconsdir)/$(id).svg)

.PHONY: install uninstall check-install build-install

## make build-install: what make install installs from: the release build and generate-manual
build-install: build-release
	$(SWIFT) build -c release --scratch-path .build-release --product generate-manual

install:
	@test -x "$(GENERATE_MANUAL)" || { echo "install: no generate-manual at '$(GENERATE_MANUAL)';" \
		"run make build-install, or pass GENERATE_MANUAL=PATH" >&2; exit 1; }
	install -d "$(DESTDIR)$(bindir)" "$(DESTDIR)$(man1dir)" "$(DESTDIR)$(applicationsdir)" \
		"$(DESTDIR)$(iconsdir)" "$(DESTDIR)$(bashcompletionsdir)" "$(DESTDIR)$(zshcompletionsdir)" \
		"$(DESTDIR)$(fishcompletionsdir)"
	install -m 755 $(addprefix $(BIN_DIR)/,$(INSTALL_PROGRAMS)) "$(DESTDIR)$(bindir)"
	install -m 644 $(INSTALL_APP_IDS:%=data/%.desktop) "$(DESTDIR)$(applicationsdir)"
	install -m 644 $(INSTALL_APP_IDS:%=data/%.svg) "$(DESTDIR)$(iconsdir)"
	set -e; work=$$(mktemp -d); trap 'rm -rf "$$work"' EXIT; \
	for p in $(INSTALL_PROGRAMS); do \
		"$(GENERATE_MANUAL)" "$(BIN_DIR)/$$p" $(if $(MAN_DATE),--date $(MAN_DATE)) --output-directory "$$work"; \
		{ $(MAN_TIDY); } < "$$work/$$p.1" > "$$work/$$p.tidy"; \
		install -m 644 "$$work/$$p.tidy" "$(DESTDIR)$(man1dir)/$$p.1"; \
		"$(BIN_DIR)/$$p" --generate-completion-script bash > "$$work/$$p.bash"; \
		"$(BIN_DIR)/$$p" --generate-completion-script zsh > "$$work/$$p.zsh"; \
		"$(BIN_DIR)/$$p" --generate-completion-script fish > "$$work/$$p.fish"; \
		install -m 644 "$$work/$$p.bash" "$(DESTDIR)$(bashcompletionsdir)/$$p"; \
		install -m 644 "$$work/$$p.zsh" "$(DESTDIR)$(zshcompletionsdir)/_$$p"; \
		install -m 644 "$$work/$$p.fish" "$(DESTDIR)$(fishcompletionsdir)/$$p.fish"; \
	done

uninstall:
	rm -f $(addprefix "$(DESTDIR),$(addsuffix ",$(INSTALLED_FILES)))

## make check-install: install into a temporary DESTDIR with PREFIX=/usr, check every file
## (desktop-file-validate, the SVG, man pages, completions), uninstall, check none is left
check-install: deps-test
	scripts/check-install.sh

deps-build:
	scripts/install-deps.sh build
deps-test:
	scripts/install-deps.sh test
deps-demo:
	scripts/install-deps.sh demo
deps-bench:
	scripts/install-deps.sh bench
deps-real-input:
	scripts/install-deps.sh real-input
deps-soak:
	scripts/install-deps.sh soak

## make protocols: regenerate protocols/*.xml and Sources/CWaylandProtocols from wayland-protocols
protocols: deps-build
	protocols/generate.sh
protocols-check: deps-build
	protocols/generate.sh --check

clean:
	rm -rf .build
