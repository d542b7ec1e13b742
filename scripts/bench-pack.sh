#!/usr/bin/env bash
# Packs what the benchmark needs to run on a bare x86-64 Linux machine into
# one tarball: static builds of pg2ddb and pg2ddb-bench, and this machine's
# PostgreSQL server binaries (initdb, pg_ctl, postgres, psql, pg_isready)
# with their shared data, their modules and the shared libraries they link
# (glibc itself excepted: the target's must be as new as this machine's).
# scripts/bench-bare.sh, packed alongside, runs it there.
#
#   scripts/bench-pack.sh [OUT.tar.gz]     # default bench/out/pg2ddb-bench-pack.tar.gz
#
# On the bare machine, as root:
#   tar xzf pg2ddb-bench-pack.tar.gz && pg2ddb-bench-pack/bench-bare.sh -figures 1 -runs 3
set -euo pipefail
cd "$(dirname "$0")/.."
: "${GO:=go}"
OUT=${1:-bench/out/pg2ddb-bench-pack.tar.gz}
die() { echo "bench-pack: $*" >&2; exit 1; }

if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
  BINDIR=$(pg_config --bindir); SHAREDIR=$(pg_config --sharedir); PKGLIBDIR=$(pg_config --pkglibdir)
else
  BINDIR=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$BINDIR" ] || die "no PostgreSQL server binaries found (install postgresql)"
  v=$(basename "$(dirname "$BINDIR")"); SHAREDIR=/usr/share/postgresql/$v; PKGLIBDIR=$(dirname "$BINDIR")/lib
fi
for d in "$BINDIR" "$SHAREDIR" "$PKGLIBDIR"; do [ -d "$d" ] || die "missing $d"; done

STAGE=$(mktemp -d "${TMPDIR:-/tmp}/pg2ddb-pack.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
P=$STAGE/pg2ddb-bench-pack
mkdir -p "$P/bin" "$P/pg/lib"

# Static Go binaries: no cgo, so they run on any x86-64 Linux.
CGO_ENABLED=0 GOOS=linux GOARCH=amd64 $GO build -trimpath -o "$P/bin/pg2ddb" ./cmd/pg2ddb
CGO_ENABLED=0 GOOS=linux GOARCH=amd64 $GO build -trimpath -o "$P/bin/pg2ddb-bench" ./cmd/bench

# PostgreSQL keeps its absolute layout under pg/ (it finds its share and
# lib directories relative to its bin directory, as it was built).
copy_tree() { mkdir -p "$P/pg$(dirname "$1")"; cp -a "$1" "$P/pg$1"; }
mkdir -p "$P/pg$BINDIR"
for b in initdb pg_ctl postgres psql pg_isready; do cp -a "$BINDIR/$b" "$P/pg$BINDIR/"; done
[ -e "$BINDIR/postmaster" ] && cp -a "$BINDIR/postmaster" "$P/pg$BINDIR/"
copy_tree "$SHAREDIR"
copy_tree "$PKGLIBDIR"
rm -rf "$P/pg$PKGLIBDIR/bitcode"  # JIT bitcode: not needed, half the size

# Shared libraries of the binaries and modules, glibc excepted.
{ for f in "$P/pg$BINDIR"/* "$P/pg$PKGLIBDIR"/*.so; do ldd "$f" 2>/dev/null || true; done; } |
  awk '/=> \// {print $3}' | sort -u |
  grep -Ev '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*|libresolv)\.so' |
  while read -r lib; do cp -L "$lib" "$P/pg/lib/"; done

cat > "$P/env.sh" <<ENV
# Sourced by bench-bare.sh: where the packed PostgreSQL lives.
PGBIN="\$HERE/pg$BINDIR"
export LD_LIBRARY_PATH="\$HERE/pg/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
ENV
cp scripts/bench-bare.sh "$P/bench-bare.sh"
git rev-parse --short HEAD > "$P/COMMIT" 2>/dev/null || true

mkdir -p "$(dirname "$OUT")"
tar -C "$STAGE" -czf "$OUT" pg2ddb-bench-pack
echo "bench-pack: $OUT ($(du -h "$OUT" | cut -f1)); PostgreSQL from $BINDIR"
