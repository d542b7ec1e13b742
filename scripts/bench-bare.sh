#!/usr/bin/env bash
# Runs the benchmark on a bare x86-64 Linux machine from the tarball
# scripts/bench-pack.sh made: as root, it starts a throwaway PostgreSQL
# from the packed binaries (as an unprivileged user, since initdb refuses
# root), runs pg2ddb-bench with the arguments given, and stops and removes
# the cluster. Figure 4 needs dynalite (Node.js), which is not packed: the
# default figures here are 1,2,3,5,6.
#
#   ./bench-bare.sh                        # figures 1,2,3,5,6, median of 3
#   ./bench-bare.sh -figures 1 -runs 5     # chosen figures
#
# Writes out/latest.json next to this script; render it with
#   go run ./cmd/bench -markdown out/latest.json   (in a checkout).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
die() { echo "bench-bare: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (it creates a user for PostgreSQL and a cluster under /tmp)"
[ "$(uname -m)" = x86_64 ] || die "the pack is for x86-64"
. "$HERE/env.sh"
[ -x "$PGBIN/initdb" ] || die "no initdb in $PGBIN"

PGUSER_OS=${PG2DDB_BENCH_USER:-pg2ddbbench}
if ! id "$PGUSER_OS" >/dev/null 2>&1; then
  if command -v useradd >/dev/null; then useradd -r -M -s /bin/false "$PGUSER_OS"
  else adduser -S -H -s /bin/false "$PGUSER_OS"; fi
fi
as_pg() { if command -v runuser >/dev/null; then runuser -u "$PGUSER_OS" -- env LD_LIBRARY_PATH="$LD_LIBRARY_PATH" "$@"
  else su -s /bin/sh "$PGUSER_OS" -c "LD_LIBRARY_PATH='$LD_LIBRARY_PATH' $(printf '%q ' "$@")"; fi; }

DATA=$(mktemp -d /tmp/pg2ddb-bare.XXXXXX)
chown "$PGUSER_OS" "$DATA"
PORT=${PG2DDB_BENCH_PORT:-54329}
cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$DATA/db" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
as_pg "$PGBIN/initdb" -D "$DATA/db" -U postgres -A trust --no-sync >"$DATA/initdb.log" 2>&1 || { cat "$DATA/initdb.log" >&2; die "initdb failed"; }
# A server sized for the machine: the bench reads 1–10M-row tables.
MEM_MB=$(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo)
as_pg "$PGBIN/pg_ctl" -D "$DATA/db" -w -l "$DATA/server.log" -o "-p $PORT -k $DATA -c listen_addresses=127.0.0.1 \
  -c shared_buffers=$((MEM_MB / 8))MB -c max_connections=100 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null \
  || { cat "$DATA/server.log" >&2; die "PostgreSQL did not start"; }
echo "bench-bare: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2

export PG2DDB_TEST_DATABASE="postgres://postgres@127.0.0.1:$PORT/postgres?sslmode=disable"
ARGS=("$@")
[ ${#ARGS[@]} -gt 0 ] || ARGS=(-figures 1,2,3,5,6)
mkdir -p "$HERE/out"
cd "$HERE"
"$HERE/bin/pg2ddb-bench" -pg2ddb "$HERE/bin/pg2ddb" -o "$HERE/out/latest.json" "${ARGS[@]}"
