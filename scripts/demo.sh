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
drop() { psql "$PG2DDB_TEST_DATABASE" -Xq -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" >/dev/null 2>&1 || true; }
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
bin/pg2ddb load "$PLAN" "${TARGET[@]}" --recreate --progress log
step "pg2ddb verify $PLAN"
bin/pg2ddb verify "$PLAN" "${TARGET[@]}"

step "done"
echo "plan file:    $PLAN (read it, edit it, commit it)"
echo "rejects file: $PLAN.rejects.jsonl"
