#!/usr/bin/env bash
# make demo: the README's first command. Loads the pagila sample into a fresh
# PostgreSQL database, then runs pg2ddb plan → review → load → verify against
# a local DynamoDB endpoint, prints where the plan is and the load summary,
# and drops the database again. Run it under scripts/services.sh (make demo
# does), which provides PostgreSQL and dynalite and stops them afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${PG2DDB_TEST_DATABASE:?run under scripts/services.sh (make demo)}"
: "${PG2DDB_TEST_DYNAMODB_ENDPOINT:?run under scripts/services.sh (make demo)}"
SHARED=${PG2DDB_SHARED:-../shared}
[ -x "$SHARED/datasets/pagila/load.sh" ] || { echo "demo: $SHARED/datasets/pagila/load.sh not found (set PG2DDB_SHARED)" >&2; exit 1; }
[ -x bin/pg2ddb ] || { echo "demo: bin/pg2ddb missing (make build)" >&2; exit 1; }

DB="pg2ddb_demo_$$"
# The same server as PG2DDB_TEST_DATABASE, with the database name replaced.
URL=$(printf '%s' "$PG2DDB_TEST_DATABASE" | sed -E "s#^(postgres(ql)?://[^/]*/)[^?]*#\1$DB#")
SIM_PID=
drop() {
  [ -z "$SIM_PID" ] || kill "$SIM_PID" 2>/dev/null || true
  psql "$PG2DDB_TEST_DATABASE" -Xq -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null 2>&1 || true
}
trap drop EXIT
psql "$PG2DDB_TEST_DATABASE" -Xq -c "CREATE DATABASE \"$DB\"" >/dev/null

step() { printf '\n== %s\n' "$*"; }
step "loading the pagila sample into PostgreSQL database $DB"
"$SHARED/datasets/pagila/load.sh" "$URL"

# dynalite accepts any credentials; real AWS would use your profile instead.
export AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-demo} AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-demo} AWS_REGION=${AWS_REGION:-us-east-1}
export DATABASE_URL=$URL
OUT=${PG2DDB_DEMO_DIR:-.tmp/demo}
mkdir -p "$OUT"
PLAN="$OUT/pagila.yaml"
rm -f "$PLAN" "$PLAN.checkpoint.json" "$PLAN.rejects.jsonl"
TARGET=(--endpoint-url "$PG2DDB_TEST_DYNAMODB_ENDPOINT")

step "pg2ddb plan -o $PLAN"
bin/pg2ddb plan -o "$PLAN"
step "pg2ddb review $PLAN"
bin/pg2ddb review "$PLAN"
step "pg2ddb load $PLAN"
bin/pg2ddb load "$PLAN" "${TARGET[@]}" --recreate --yes --progress log
step "pg2ddb verify $PLAN"
bin/pg2ddb verify "$PLAN" "${TARGET[@]}"

# Second run: the S3 path. AWS's own engine (ImportTable) loads an export,
# played here by the simulator (bin/ddbsim), which serves an in-memory S3
# on a second port and reads the import's objects from it.
[ -x bin/ddbsim ] || { echo "demo: bin/ddbsim missing (make build)" >&2; exit 1; }
SIMLOG="$OUT/ddbsim.log"
bin/ddbsim -port 0 -s3-port 0 -s3-buckets pg2ddb-demo -wcu 1000000 -stats /dev/null 2>"$SIMLOG" &
SIM_PID=$!
for _ in $(seq 100); do
  grep -q "S3 (gofakes3" "$SIMLOG" 2>/dev/null && grep -q "mode, listening" "$SIMLOG" && break
  sleep 0.1
done
S3URL=$(sed -n 's/.*S3 (gofakes3, in memory) listening on \(http[^ ]*\).*/\1/p' "$SIMLOG")
SIMURL=$(sed -n 's/.*mode, listening on \(http[^ ]*\).*/\1/p' "$SIMLOG")
[ -n "$S3URL" ] && [ -n "$SIMURL" ] || { echo "demo: ddbsim did not start:" >&2; cat "$SIMLOG" >&2; exit 1; }
SIM=(--endpoint-url "$SIMURL" --s3-endpoint-url "$S3URL")
rm -f "$PLAN.rejects.jsonl"
step "pg2ddb export $PLAN --to s3://pg2ddb-demo/pagila (local S3 at $S3URL)"
bin/pg2ddb export "$PLAN" --to s3://pg2ddb-demo/pagila "${SIM[@]}" --progress log
step "pg2ddb import $PLAN --from s3://pg2ddb-demo/pagila (ImportTable into the simulator at $SIMURL)"
bin/pg2ddb import "$PLAN" --from s3://pg2ddb-demo/pagila "${SIM[@]}" --poll 200ms --progress log
step "pg2ddb verify $PLAN (the imported tables)"
bin/pg2ddb verify "$PLAN" --endpoint-url "$SIMURL"

# Third run: a cut-over without downtime. sync loads pagila from a
# replication slot's snapshot while a writer keeps changing rows, follows
# the changes, catches up once the writer stops, and verifies every item.
# It writes into the simulator, which is faster than dynalite here.
STARGET=(--endpoint-url "$SIMURL")
: "${PG2DDB_TEST_LOGICAL_DATABASE:?run under scripts/services.sh (make demo), which starts PostgreSQL with wal_level=logical}"
SDB="pg2ddb_demo_sync_$$"
SURL=$(printf '%s' "$PG2DDB_TEST_LOGICAL_DATABASE" | sed -E "s#^(postgres(ql)?://[^/]*/)[^?]*#\1$SDB#")
SYNC_PID=; WRITER_PID=
drop_sync() {
  local p
  for p in $WRITER_PID $SYNC_PID; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  [ ! -f "${SPLAN:-}" ] || bin/pg2ddb sync "$SPLAN" --source "$SURL" --drop >/dev/null 2>&1 || true
  psql "$PG2DDB_TEST_LOGICAL_DATABASE" -Xq -c "DROP DATABASE IF EXISTS \"$SDB\" WITH (FORCE)" >/dev/null 2>&1 || true
  drop
}
trap drop_sync EXIT
psql "$PG2DDB_TEST_LOGICAL_DATABASE" -Xq -c "CREATE DATABASE \"$SDB\"" >/dev/null
step "sync: loading pagila into $SDB on the server with wal_level=logical"
"$SHARED/datasets/pagila/load.sh" "$SURL"
SPLAN="$OUT/pagila-sync.yaml"
rm -f "$SPLAN" "$SPLAN".*
bin/pg2ddb plan --source "$SURL" --table-prefix sync_ -o "$SPLAN" >/dev/null
step "pg2ddb sync $SPLAN: first, what the tables must allow"
bin/pg2ddb sync "$SPLAN" --source "$SURL" "${STARGET[@]}" 2>&1 | tee "$OUT/sync-refusals.txt" || true
sed -n 's/.*; fix: //p' "$OUT/sync-refusals.txt" | sed 's/ (the whole old row.*//; s/$/;/' >"$OUT/sync-fixes.sql"
step "applying the fixes sync printed (a DBA step on a real source)"
cat "$OUT/sync-fixes.sql"
psql "$SURL" -Xq -v ON_ERROR_STOP=1 -f "$OUT/sync-fixes.sql"

# The writer: updates (NULLs set and cleared, key changes), inserts,
# deletes and transactions that roll back, one every 50 ms for 8 s, on one
# session.
writer() {
  for i in $(seq 1 160); do
    case $((i % 6)) in
      0) echo "UPDATE address SET address2 = CASE WHEN address2 IS NULL THEN 'Suite $i' ELSE NULL END WHERE address_id = $i;" ;;
      1) echo "UPDATE film SET title = title || ' II' WHERE film_id = $i;" ;;
      2) echo "INSERT INTO actor (first_name, last_name) VALUES ('NEW', 'ACTOR $i');" ;;
      3) echo "DELETE FROM payment WHERE payment_id = (SELECT min(payment_id) + $i FROM payment);" ;;
      4) echo "UPDATE customer SET last_name = upper(last_name) || '$i' WHERE customer_id = $i;" ;;
      *) echo "BEGIN; UPDATE film SET rental_rate = 0; INSERT INTO actor (first_name, last_name) VALUES ('ROLLED', 'BACK'); ROLLBACK;" ;;
    esac
    echo "SELECT pg_sleep(0.05);"
  done | psql "$SURL" -Xq >/dev/null
}
step "pg2ddb sync $SPLAN, while a writer changes pagila rows"
writer &
WRITER_PID=$!
bin/pg2ddb sync "$SPLAN" --source "$SURL" "${STARGET[@]}" --recreate --yes --progress log &
SYNC_PID=$!
wait "$WRITER_PID"; WRITER_PID=
echo "demo: the writer stopped; stopping sync (Ctrl-C) to resume it until it has caught up"
kill -INT "$SYNC_PID" 2>/dev/null || true
wait "$SYNC_PID" || true; SYNC_PID=
step "pg2ddb sync $SPLAN --resume --until-caught-up"
bin/pg2ddb sync "$SPLAN" --source "$SURL" "${STARGET[@]}" --resume --until-caught-up --progress log
step "pg2ddb verify $SPLAN --full (every item, attribute by attribute)"
bin/pg2ddb verify "$SPLAN" --source "$SURL" "${STARGET[@]}" --full
step "pg2ddb sync $SPLAN --drop (the slot and the publication)"
bin/pg2ddb sync "$SPLAN" --source "$SURL" --drop

step "done"
echo "plan file:    $PLAN (read it, edit it, commit it)"
echo "rejects file: $PLAN.rejects.jsonl"
echo "cut-over:     docs/cutover.md"
