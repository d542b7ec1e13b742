# pg2ddb — see README.md. Every target that needs PostgreSQL or a DynamoDB
# endpoint runs under scripts/services.sh, which starts them and stops them
# again, also on Ctrl-C.
GO      ?= go
# The packages whose tests take longest come first: go test starts its
# packages' test binaries in this order (duplicates are dropped), and one
# of them started last is the whole run's tail.
ALL_PKGS := ./load ./cmd/pg2ddb ./extract ./internal/testing/blind ./...
PKGS    ?= $(ALL_PKGS)
TESTFLAGS ?=

.PHONY: all build test test-short lint docs-check demo bench deps clean-testdb

all: build

node_modules/.package-lock.json: package.json package-lock.json $(wildcard patches/*.patch)
	npm ci --no-audit --no-fund --loglevel=error

deps: node_modules/.package-lock.json
	$(GO) mod download

# REVISION is the commit pg2ddb version prints ("-modified" with uncommitted
# changes): the toolchain records none in a git worktree or under
# GOFLAGS=-buildvcs=false.
REVISION := $(shell git rev-parse HEAD 2>/dev/null)$(shell git diff --quiet HEAD 2>/dev/null || echo -modified)

build:
	$(GO) build -ldflags "-X main.revision=$(REVISION)" -o bin/pg2ddb ./cmd/pg2ddb
	$(GO) build -o bin/ddbsim ./cmd/ddbsim

## test: the whole suite against real services, in two steps run at the
## same time: every test but the long ones under the race detector, and
## the long ones (testenv.Long: whole datasets, killed processes, the
## browser) without it. The long tests push every row of the datasets
## through the same code the race-checked tests run on smaller inputs; the
## race detector would multiply their CPU several times over. Both steps
## spend most of their time waiting on PostgreSQL, the endpoints and
## processes they start, so together they fill the cores that each leaves
## idle. The long step's output follows the other's, once both are done.
## LONG_TESTS is kept equal to the tests that call testenv.Long by
## internal/testing/doccheck.
## Tests that own their database run in parallel, four at a time per
## package, and the race step runs four packages' tests at once (go
## test's default is one per core).
LONG_TESTS := TestBareColumnsReadAsTheExpressions|TestBlindEndToEnd|TestLoadVia|TestParallelEncodingIsTheSerialOne|TestDatasetEndToEnd|TestExportKillAndResume|TestHTMLReviewOpensInChromium|TestKillAndResume|TestKillAndResumeLargeTablesSideBySide|TestKillAndResumeThroughAnIndex|TestKillAndResumeWithReaders|TestKillEditResumeRefused|TestResumeReadsAsTheKilledLoad|TestS3ExportImportAndBulkPutDatasets|TestSyncKillResume|TestWireMatchesEncodeOnDatasets
## LONG_PKGS are the packages that hold long tests (also kept by
## doccheck): the long step builds and runs only them, unless PKGS names
## others.
LONG_PKGS := ./cmd/pg2ddb ./load ./item ./extract
## QUIET_TESTS (in QUIET_PKGS, also kept by doccheck) measure the loader
## against the simulator's wall-clock partitions, or bound how long giving
## up takes: on a machine busy with the two steps above the loader falls
## behind simulated time and they fail. They run last, alone, under the
## race detector as before.
QUIET_TESTS := TestAlwaysFailingEndpointGivesUp|TestBudgetConvergesWithoutMaxWCU|TestSpreadAgainstPartitions
QUIET_PKGS := ./load
SHORT_STEP = $(GO) test -race -short -count=1 -p 4 -parallel 4 -timeout 40m -skip "^($(QUIET_TESTS))$$" $(TESTFLAGS) $(PKGS)
LONG_STEP  = $(GO) test -count=1 -parallel 4 -timeout 40m -run "^($(LONG_TESTS))$$" $(TESTFLAGS) $(if $(subst $(ALL_PKGS),,$(PKGS)),$(PKGS),$(LONG_PKGS))
QUIET_STEP = $(GO) test -race -short -count=1 -timeout 40m -run "^($(QUIET_TESTS))$$" $(TESTFLAGS) $(if $(subst $(ALL_PKGS),,$(PKGS)),$(PKGS),$(QUIET_PKGS))
test: deps
	scripts/services.sh sh -c 'long=$$(mktemp); trap "rm -f $$long" EXIT; \
	  $(LONG_STEP) >"$$long" 2>&1 & pid=$$!; \
	  $(SHORT_STEP); short=$$?; \
	  wait $$pid; longrc=$$?; echo "--- the long tests:"; cat "$$long"; \
	  echo "--- the tests that need a quiet machine:"; $(QUIET_STEP); quiet=$$?; \
	  [ $$short -eq 0 ] && [ $$longrc -eq 0 ] && [ $$quiet -eq 0 ]'

## test-short: the inner loop: the suite without its long tests
## (testenv.Long: whole datasets, killed processes, the browser), no race
## detector.
test-short: deps
	scripts/services.sh $(GO) test -short -count=1 -parallel 4 $(TESTFLAGS) $(PKGS)

## lint: go vet, staticcheck (staticcheck.conf: all checks, among them the
## doc comments that name another declaration), predeclared (a builtin such
## as copy, max or print shadowed), both pinned as go.mod tools, and gofmt.
lint:
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) tool predeclared ./...
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would rewrite:"; echo "$$out"; exit 1; fi

## docs-check: README.md and docs/ name only commands, flags and files that
## exist (no services needed; make test runs it too).
docs-check:
	$(GO) test ./cmd/pg2ddb -run '^TestDocs' -count=1

## demo: plan → review → load → verify of the pagila sample into a local endpoint.
demo: deps build
	scripts/services.sh scripts/demo.sh

## bench: the performance table (ratios, median of 3) as text and JSON.
bench: deps build
	scripts/services.sh scripts/bench.sh

## clean-testdb: drop the template databases tests keep on the server.
clean-testdb:
	scripts/services.sh sh -c 'psql "$$PG2DDB_TEST_DATABASE" -XAtc "SELECT datname FROM pg_database WHERE datname LIKE '"'"'pg2ddb_%'"'"'" | while read d; do psql "$$PG2DDB_TEST_DATABASE" -Xqc "ALTER DATABASE \"$$d\" IS_TEMPLATE false" -c "DROP DATABASE \"$$d\" WITH (FORCE)"; done'
