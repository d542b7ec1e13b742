#!/usr/bin/env bash
# The performance table: pg2ddb against the physical limit and the
# alternatives, each figure a ratio measured side by side, median of 3 runs.
# Run as `make bench`, which builds bin/pg2ddb and starts PostgreSQL and
# dynalite (scripts/services.sh) first; the DynamoDB simulator runs inside
# the benchmark program. Arguments go to the program (bin/pg2ddb-bench -h).
#
#   make bench                               # the full table, about 6 minutes
#   scripts/services.sh scripts/bench.sh -figures 1,3 -runs 1
#
# Writes bench/out/latest.json. The generated source databases
# (pg2ddb_bench_*, about 2 GB) stay on the PostgreSQL server so later runs
# skip the generation; `make clean-testdb` drops them with the test databases.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${GO:=go}"
# Always rebuilt (cheap when nothing changed): a stale binary would measure
# another version than the checkout the table is reported for.
$GO build -o bin/pg2ddb ./cmd/pg2ddb
$GO build -o bin/pg2ddb-bench ./cmd/bench
exec bin/pg2ddb-bench "$@"
