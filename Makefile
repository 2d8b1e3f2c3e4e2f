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

.PHONY: test apicheck fmt-check vet staticcheck unit race purego modcheck closure layers cross \
        lint tidy bench bench-results cpeers microbench fuzz cover tools goversion wasm release dist stress docs docs-serve

test: goversion apicheck fmt-check vet staticcheck unit race purego modcheck closure layers cross wasm
	@echo "make test: all checks passed"

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

staticcheck: $(STATICCHECK)
	@for m in $(MODULES); do echo "staticcheck $$m"; (cd $$m && $(STATICCHECK) ./...); done

# Unit tests, examples and every fuzz target's seed corpus (go test runs
# seeds as ordinary tests).
unit:
	$(GO) test -count=1 work

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

bench: cpeers
	$(GO) run ./bench/cmd/seedbench -cpeers $(CPEERS_DIR) $(SEEDBENCH_FLAGS)

# Regenerates the committed bench/RESULTS.md and bench/RESULTS.json from a
# run at the seed's counts (about a quarter of an hour on 2 cores).
bench-results: cpeers
	$(GO) run ./bench/cmd/seedbench -full -cpeers $(CPEERS_DIR) -md bench/RESULTS.md -json bench/RESULTS.json $(SEEDBENCH_FLAGS)

# The C/C++ references of the seed tables; without gcc/g++ (or libssl-dev for
# sha.c) their rows are skipped with a note.
cpeers:
	@mkdir -p $(CPEERS_DIR)
	@printf 'CFLAGS=%s\nCXXFLAGS=%s\n' '$(CPEER_CFLAGS)' '$(CPEER_CXXFLAGS)' > $(CPEERS_DIR)/flags.txt
	@cp $(CPEERS_SRC)/hello.c $(CPEERS_DIR)/
	@if command -v gcc >/dev/null && command -v g++ >/dev/null; then \
		for p in launch stdio table rawread; do gcc $(CPEER_CFLAGS) -o $(CPEERS_DIR)/$$p $(CPEERS_SRC)/$$p.c; done; \
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
