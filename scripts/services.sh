#!/usr/bin/env bash
# Runs a command with the services pg2ddb's tests, demo and benchmarks need,
# and stops what it started when the command ends or is interrupted.
#
#   scripts/services.sh go test ./...
#
# PostgreSQL: PG2DDB_TEST_DATABASE if set; else the server on 127.0.0.1:5432
# if one answers; else a throwaway cluster from the installed server binaries
# (run as the postgres OS user when we are root, since initdb refuses root).
# DynamoDB: dynalite from node_modules (npm ci), on a free loopback port, with
# its table-state delays off.
#
# PG2DDB_OWN_POSTGRES=1 skips the server on 5432 and always starts a cluster.
# PostgreSQL with wal_level=logical (sync's tests and demo): PG2DDB_TEST_LOGICAL_DATABASE
# if set; else the server above when its wal_level is logical; else a second
# throwaway cluster started with wal_level=logical.
# Exports PG2DDB_TEST_DATABASE, PG2DDB_TEST_LOGICAL_DATABASE and
# PG2DDB_TEST_DYNAMODB_ENDPOINT to the command.
# A service that cannot be started ends the run with a message saying which
# and why: tests never skip for a missing service.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

die() { echo "services: $*" >&2; exit 1; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/pg2ddb-services.XXXXXX")
PGBIN=""; PGDATA_DIRS=(); DYN_PID=""; LOGICAL_PID=""
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [ -n "$DYN_PID" ]; then kill "$DYN_PID" 2>/dev/null || true; wait "$DYN_PID" 2>/dev/null || true; fi
  local d
  # A cluster still starting in the background is stopped once it is up.
  if [ -n "$LOGICAL_PID" ]; then wait "$LOGICAL_PID" 2>/dev/null || true; fi
  for d in "${PGDATA_DIRS[@]}"; do as_pg "$PGBIN/pg_ctl" -D "$d" -m immediate -w stop >/dev/null 2>&1 || true; done
  rm -rf "$TMP"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])' 2>/dev/null \
  || node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

pg_answers() {  # host port
  if command -v pg_isready >/dev/null; then pg_isready -q -h "$1" -p "$2" -t 2; else (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; fi
}

start_postgres() {
  if [ -n "${PG2DDB_TEST_DATABASE:-}" ]; then echo "services: PostgreSQL from PG2DDB_TEST_DATABASE" >&2; return; fi
  if [ -z "${PG2DDB_OWN_POSTGRES:-}" ] && pg_answers 127.0.0.1 5432; then
    export PG2DDB_TEST_DATABASE="postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
    echo "services: PostgreSQL on 127.0.0.1:5432" >&2; return
  fi
  local port; port=$(free_port)
  find_pgbin main
  start_cluster main "$port"
  export PG2DDB_TEST_DATABASE="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
  echo "services: PostgreSQL throwaway cluster on 127.0.0.1:$port" >&2
}

# find_pgbin NAME sets PGBIN to the server binaries' directory.
find_pgbin() {
  if [ -z "$PGBIN" ]; then
    if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then PGBIN=$(pg_config --bindir)
    else PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1); fi
  fi
  [ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ] || die "PostgreSQL ($1): no initdb found for a throwaway cluster (install postgresql, or set PG2DDB_TEST_DATABASE / PG2DDB_TEST_LOGICAL_DATABASE)"
}

# start_cluster NAME PORT [SERVER OPTION...] starts a throwaway cluster in
# $TMP/NAME on PORT; the EXIT trap stops it.
start_cluster() {
  local name=$1 port=$2; shift 2
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "PostgreSQL: running as root needs the postgres OS user to run initdb"
    chown postgres "$TMP"
  fi
  local data="$TMP/$name"
  as_pg "$PGBIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$TMP/initdb-$name.log" 2>&1 \
    || { cat "$TMP/initdb-$name.log" >&2; die "PostgreSQL ($name): initdb failed (log above)"; }
  PGDATA_DIRS+=("$data")
  as_pg "$PGBIN/pg_ctl" -D "$data" -l "$TMP/server-$name.log" -w -t 30 \
    -o "-p $port -k $TMP -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200 $*" start >/dev/null \
    || { cat "$TMP/server-$name.log" >&2; die "PostgreSQL ($name): throwaway cluster did not start (log above)"; }
}

# start_logical finds or starts a server with wal_level=logical for sync.
start_logical() {
  if [ -n "${PG2DDB_TEST_LOGICAL_DATABASE:-}" ]; then echo "services: logical PostgreSQL from PG2DDB_TEST_LOGICAL_DATABASE" >&2; return; fi
  if [ "$(psql "$PG2DDB_TEST_DATABASE" -XAtc 'SHOW wal_level' 2>/dev/null || true)" = logical ]; then
    export PG2DDB_TEST_LOGICAL_DATABASE=$PG2DDB_TEST_DATABASE
    echo "services: logical PostgreSQL: the same server (wal_level=logical)" >&2; return
  fi
  # initdb takes seconds on a small machine: the cluster starts in the
  # background while the command builds; testenv waits for it to answer.
  local port; port=$(free_port)
  find_pgbin logical
  PGDATA_DIRS+=("$TMP/logical")
  start_cluster logical "$port" -c wal_level=logical -c max_replication_slots=40 -c max_wal_senders=40 &
  LOGICAL_PID=$!
  export PG2DDB_TEST_LOGICAL_DATABASE="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
  echo "services: PostgreSQL throwaway cluster with wal_level=logical starting on 127.0.0.1:$port" >&2
}

start_dynalite() {
  if [ -n "${PG2DDB_TEST_DYNAMODB_ENDPOINT:-}" ]; then echo "services: DynamoDB endpoint from PG2DDB_TEST_DYNAMODB_ENDPOINT" >&2; return; fi
  [ -x node_modules/.bin/dynalite ] || die "DynamoDB: node_modules/.bin/dynalite missing (run npm ci; Node.js is required)"
  local port; port=$(free_port)
  node_modules/.bin/dynalite --host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 --updateTableMs 0 >"$TMP/dynalite.log" 2>&1 &
  DYN_PID=$!
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      export PG2DDB_TEST_DYNAMODB_ENDPOINT="http://127.0.0.1:$port"
      echo "services: dynalite on 127.0.0.1:$port" >&2; return
    fi
    kill -0 "$DYN_PID" 2>/dev/null || { cat "$TMP/dynalite.log" >&2; die "DynamoDB: dynalite exited at start (log above)"; }
    sleep 0.05
  done
  die "DynamoDB: dynalite did not listen on 127.0.0.1:$port within 5 s"
}

[ $# -gt 0 ] || die "usage: scripts/services.sh COMMAND [ARG...]"
start_postgres
start_logical
start_dynalite
# The command runs in the foreground: Ctrl-C reaches it and us together (one
# process group), and the EXIT trap stops the services once it has ended.
"$@"
