# fastio — one Makefile for the whole workspace. `make test` is what CI runs.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

GO          ?= go
# The installed Go runs everything; no go.mod may make it download another.
export GOTOOLCHAIN := local
GOBIN       := $(shell $(GO) env GOPATH)/bin
STATICCHECK := $(GOBIN)/staticcheck
BENCHSTAT   := $(GOBIN)/benchstat
STATICCHECK_VERSION := v0.8.2
BENCHSTAT_VERSION   := v0.0.0-20260908200009-22c9c6c9d4da
WAZERO      := $(GOBIN)/wazero
WAZERO_VERSION      := v1.12.0
GORELEASER  := $(GOBIN)/goreleaser
GORELEASER_VERSION  := v2.15.1

# Every module of the workspace, read from go.work so that a new module only
# has to add itself there.
MODULES := $(shell sed -n 's|^[[:space:]]*\./\([a-z0-9]*\)$$|\1|p' go.work)

# Packages whose tests exercise concurrency; they run again under -race.
RACE_PKGS ?= $(shell $(GO) list work | grep -E '/(core|device|compress|unicode)(/|$$)' || true)

# Packages with a `purego` build tag (an assembly or unsafe fast path with a
# pure-Go fallback); their tests run again with the tag.
PUREGO_PKGS ?= $(shell grep -rlE --include='*.go' '^//go:build.*purego' $(MODULES) | xargs -r -n1 dirname | sort -u | sed 's|^|./|')

FUZZTIME  ?= 10s
BENCHTIME ?= 1s
COUNT     ?= 6
CROSS     := darwin/amd64 freebsd/amd64 windows/amd64 wasip1/wasm
STRESSTIME ?= 1m

# Modules whose tests also run as wasip1/wasm binaries under wazero.
WASM_MODULES := core format codec unicode crypto compress

.PHONY: test fmt-check vet staticcheck unit race purego modcheck closure layers cross \
        lint tidy bench bench-results readme-figures cpeers microbench fuzz cover tools goversion wasm release dist stress docs docs-serve \
        deps deps-peers proxy vet-flush conform apicheck

# The checks of make test, run in this order after make deps; a new check
# joins this list. Each stage's time is printed when it ends, and all of
# them at the end (or at the first failure).
TEST_STAGES := goversion apicheck fmt-check vet vet-flush staticcheck unit race purego modcheck closure layers cross wasm conform

test:
	@total=$$SECONDS; times=(); \
	for s in deps $(TEST_STAGES); do \
		start=$$SECONDS; echo "make test: $$s"; \
		if ! $(MAKE) --no-print-directory $$s; then \
			times+=("$$(printf '  %-12s %5d s  FAILED' $$s $$((SECONDS - start)))"); \
			printf '%s\n' "make test: stage times" "$${times[@]}"; exit 1; \
		fi; \
		times+=("$$(printf '  %-12s %5d s' $$s $$((SECONDS - start)))"); \
		echo "make test: $$s took $$((SECONDS - start)) s"; \
	done; \
	printf '%s\n' "make test: stage times" "$${times[@]}" "$$(printf '  %-12s %5d s' total $$((SECONDS - total)))"; \
	echo "make test: all checks passed"

# Set-up, idempotent and quiet when everything is there: the Debian
# packages of the peers the tests compare with (gzip, pigz, libdeflate-gzip,
# igzip, openssl, iconv from libc-bin, sha256sum from coreutils, python3's
# zlib and codecs), the compilers and headers of the C/C++ references (gcc,
# g++, libfast-float-dev, libssl-dev), the docs site's browser (chromium and
# its driver), and the Go tools. .ci/deps installs the packages as root (or
# with sudo that needs no password) and otherwise prints the apt-get line;
# a package left missing is an error only under FASTIO_REQUIRE_PEERS=1.
# make bench needs the peers and compilers alone (deps-peers).
DEB_PEERS := gzip pigz libdeflate-tools isal tabix openssl libc-bin coreutils dash python3 gcc g++ libfast-float-dev libssl-dev curl xz-utils
DEB_TEST  := $(DEB_PEERS) chromium chromium-driver fonts-noto-color-emoji

deps: tools
	@./.ci/deps $(DEB_TEST)

deps-peers:
	@./.ci/deps $(DEB_PEERS)

# The exported API against the last release's (release/api/v0.1.0.txt, one
# line per identifier): a name removed or changed since must be named in
# CHANGELOG.md's first section. After a release, write the new baseline
# with: cd release && go run ./cmd/apicount -root .. -w api/vX.Y.Z.txt
API_BASELINE ?= api/v0.1.0.txt
apicheck:
	cd release && $(GO) run ./cmd/apicount -root .. -check $(API_BASELINE) -changelog ../CHANGELOG.md

tools: $(STATICCHECK) $(BENCHSTAT) $(WAZERO)

$(STATICCHECK):
	$(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

$(BENCHSTAT):
	$(GO) install golang.org/x/perf/cmd/benchstat@$(BENCHSTAT_VERSION)

$(WAZERO):
	$(GO) install github.com/tetratelabs/wazero/cmd/wazero@$(WAZERO_VERSION)

$(GORELEASER):
	$(GO) install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)

# The supported floor: every go.mod says go 1.26.0 and names no toolchain,
# and the local Go is at least that.
goversion:
	@$(GO) version
	@bad=$$(for m in $(MODULES); do grep -Hv '^go 1.26.0$$' $$m/go.mod | grep -E ':(go|toolchain) ' || true; done); \
	if [ -n "$$bad" ]; then echo "go.mod lines other than 'go 1.26.0':"; echo "$$bad"; exit 1; fi; \
	v=$$($(GO) env GOVERSION); if [ "$$(printf '%s\n' go1.26.0 "$$v" | sort -V | head -1)" != go1.26.0 ]; then \
		echo "$$v is older than go1.26.0, the supported floor"; exit 1; fi; \
	echo "goversion: every go.mod says go 1.26.0; GOTOOLCHAIN=$$GOTOOLCHAIN"

fmt-check:
	@out=$$(gofmt -l $(MODULES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet work

# fastio's own analyzer over every module (the cookbook and the commands
# included; test files left out), over the examples (lost output only), and
# over the Go code blocks of the READMEs, extracted and compiled.
vet-flush:
	$(GO) run ./cmd/fastio vet --tests=false work
	$(GO) test -count=1 -run '^(TestDocBlocks|TestExamples)$$' ./cmd/flushcheck

staticcheck: $(STATICCHECK)
	@for m in $(MODULES); do echo "staticcheck $$m"; (cd $$m && $(STATICCHECK) ./...); done

# Unit tests, examples and every fuzz target's seed corpus (go test runs
# seeds as ordinary tests).
unit:
	$(GO) test -count=1 work

# GNU gzip 1.12's own test suite against the fastio command installed as
# gzip, gunzip and zcat (.ci/conform: the source is fetched once into
# .cache/conform; skipped without network unless FASTIO_REQUIRE_PEERS=1).
conform:
	GO=$(GO) ./.ci/conform

race:
	$(if $(strip $(RACE_PKGS)),$(GO) test -count=1 -race -short $(RACE_PKGS))

# Code with an assembly path also runs its pure-Go fallback.
purego:
	$(if $(strip $(PUREGO_PKGS)),$(GO) test -count=1 -short -tags purego $(PUREGO_PKGS))

# Each module builds, tests and tidies alone, outside the workspace.
modcheck:
	@for m in $(MODULES); do echo "module $$m"; (cd $$m && GOWORK=off $(GO) mod tidy -diff && GOWORK=off $(GO) build ./...); done

# core's dependency closure is the standard library alone, tests included.
closure:
	@extra=$$(cd core && GOWORK=off $(GO) list -deps -test -f '{{if not .Standard}}{{.ImportPath}}{{end}}' ./... \
		| grep -v '^github.com/fastio-go/fastio/core' || true); \
	if [ -n "$$extra" ]; then echo "core depends on non-standard packages:"; echo "$$extra"; exit 1; fi; \
	echo "core: standard library only"

# Each module requires only what its row of .ci/layers' table allows.
layers:
	./.ci/layers $(MODULES)

cross:
	@for t in $(CROSS); do echo "vet GOOS/GOARCH=$$t"; GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) vet work; done

# The wasip1 tests: Go runs each test binary through its go_wasip1_wasm_exec
# script, which starts wazero (GOWASIRUNTIME). Short mode; tests that need a
# subprocess, python or mmap skip there with the reason.
wasm: $(WAZERO)
	PATH="$$($(GO) env GOROOT)/lib/wasm:$(GOBIN):$$PATH" GOWASIRUNTIME=wazero GOOS=wasip1 GOARCH=wasm \
		$(GO) test -count=1 -short $(foreach m,$(WASM_MODULES),./$(m)/...)

# make release VERSION=v0.x.y [-n]: bump the fastio requirements, compare each
# module's API with its previous tag, write CHANGELOG.md, print the tag
# commands. Under make -n (or DRYRUN=1) it only prints the plan; the recipe
# runs even then (+) so that the plan is computed.
DRYRUN ?= $(if $(findstring n,$(firstword -$(MAKEFLAGS))),1)
release:
	+@if [ -z "$(VERSION)" ]; then echo "usage: make release VERSION=v0.x.y [-n]"; exit 2; fi
	+cd release && $(GO) run ./cmd/release $(if $(DRYRUN),-n) -root .. $(VERSION)

# make proxy DIR=…: the working tree as a Go module proxy on disk, every
# module at the version they require each other at and the third-party
# modules their go.sum files list; GOPROXY=file://DIR installs from it (the
# root README's "Without a module proxy").
proxy:
	+@if [ -z "$(DIR)" ]; then echo "usage: make proxy DIR=/path/to/folder"; exit 2; fi
	cd release && $(GO) run ./cmd/proxy -root .. $(abspath $(DIR))

# Binaries of the fastio command for every platform of .goreleaser.yaml, with
# checksums, built offline (GOPROXY=off: modules come from the local cache,
# filled first by go mod download) by goreleaser in snapshot mode into dist/.
dist: $(GORELEASER)
	cd cmd && $(GO) mod download
	GOPROXY=off $(GORELEASER) release --snapshot --clean --config .goreleaser.yaml
	@cat dist/checksums.txt

# Every fuzz target for STRESSTIME and the full-size tests of .ci/stress.list,
# then a table of executions and failures.
stress:
	cd release && $(GO) run ./cmd/stress -root .. -time $(STRESSTIME) -list ../.ci/stress.list

lint: fmt-check vet staticcheck

tidy:
	@for m in $(MODULES); do (cd $$m && GOWORK=off $(GO) mod tidy); done
	$(GO) work sync

# The seed's benchmark tables, fastio against its peers, each cell a process
# (bench/seed): a few minutes at the default size. SEEDBENCH_FLAGS adds flags
# (-rows ints,sha256 -rounds 9 ...; see go run ./bench/cmd/seedbench -h).
CPEERS_DIR     := bench/results/cpeers
CPEERS_SRC     := bench/seed/cpeers
CPEER_CFLAGS   := -O2
CPEER_CXXFLAGS := -O2 -std=c++17
SEEDBENCH_FLAGS ?=

bench: deps-peers cpeers
	$(GO) run ./bench/cmd/seedbench -cpeers $(CPEERS_DIR) $(SEEDBENCH_FLAGS)

# Regenerates the committed bench/RESULTS.md and bench/RESULTS.json from a
# run at the seed's counts (about a quarter of an hour on 2 cores).
bench-results: deps-peers cpeers
	$(GO) run ./bench/cmd/seedbench -full -cpeers $(CPEERS_DIR) -md bench/RESULTS.md -json bench/RESULTS.json $(SEEDBENCH_FLAGS)
	$(MAKE) readme-figures

# Rewrites each README's generated figures table from bench/RESULTS.json
# (bench/cmd/readmefigures; its test fails when a committed table is stale).
readme-figures:
	$(GO) run ./bench/cmd/readmefigures -root .

# The C/C++ references of the seed tables; without gcc/g++ (or libssl-dev for
# sha.c) their rows are skipped with a note.
cpeers:
	@mkdir -p $(CPEERS_DIR)
	@printf 'CFLAGS=%s\nCXXFLAGS=%s\n' '$(CPEER_CFLAGS)' '$(CPEER_CXXFLAGS)' > $(CPEERS_DIR)/flags.txt
	@cp $(CPEERS_SRC)/hello.c $(CPEERS_DIR)/
	@if command -v gcc >/dev/null && command -v g++ >/dev/null; then \
		for p in launch stdio table jeaiii rawread; do gcc $(CPEER_CFLAGS) -o $(CPEERS_DIR)/$$p $(CPEERS_SRC)/$$p.c; done; \
		gcc $(CPEER_CFLAGS) -o $(CPEERS_DIR)/sha $(CPEERS_SRC)/sha.c -lcrypto || echo "cpeers: sha.c not built (apt-get install libssl-dev)"; \
		g++ $(CPEER_CXXFLAGS) -o $(CPEERS_DIR)/charconv $(CPEERS_SRC)/charconv.cc || echo "cpeers: charconv.cc not built (apt-get install libfast-float-dev)"; \
		if [ -e /usr/include/simdutf.h ]; then g++ $(CPEER_CXXFLAGS) -o $(CPEERS_DIR)/simdutf $(CPEERS_SRC)/simdutf.cc -lsimdutf; fi; \
	else echo "cpeers: gcc/g++ not installed (apt-get install gcc g++): the C/C++ rows are skipped"; fi

# Every Go benchmark of the workspace beside its peer; compare with benchstat.
microbench:
	$(GO) test -run '^$$' -bench . -benchmem -count=$(COUNT) -benchtime=$(BENCHTIME) work | tee bench.out

# Runs every fuzz target for FUZZTIME each.
fuzz:
	@for pkg in $$($(GO) list work); do \
		dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
		for f in $$(cd $$dir && $(GO) test -list '^Fuzz' . | grep '^Fuzz' || true); do \
			echo "fuzz $$pkg $$f"; \
			(cd $$dir && $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) .); \
		done; \
	done

cover:
	@mkdir -p coverage
	$(GO) test -count=1 -coverprofile=coverage/cover.out work
	$(GO) tool cover -func=coverage/cover.out | tail -1

# The documentation site, generated from the code, into docs/public.
DOCS_ADDR ?= 127.0.0.1:6060
docs:
	cd docs && $(GO) run . -root .. -out public

# Builds the site, then serves it on DOCS_ADDR and prints the address.
docs-serve:
	cd docs && $(GO) run . -root .. -out public -serve $(DOCS_ADDR)
