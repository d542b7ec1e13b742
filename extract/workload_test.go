package extract_test

import (
	"context"
	"fmt"
	"os"
	osexec "os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

// statStatementsServer starts a throwaway PostgreSQL cluster with
// pg_stat_statements preloaded, as scripts/services.sh starts one (the
// installed server binaries, run as the postgres OS user when the test runs
// as root), and stops it when the test ends. The shared test server cannot
// be used: preloading a library needs a restart. Missing binaries fail the
// test.
func statStatementsServer(t *testing.T) string {
	t.Helper()
	bin := ""
	if out, err := osexec.Command("pg_config", "--bindir").Output(); err == nil {
		bin = strings.TrimSpace(string(out))
	}
	if _, err := os.Stat(filepath.Join(bin, "initdb")); bin == "" || err != nil {
		dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
		sort.Strings(dirs)
		if len(dirs) == 0 {
			t.Fatal("pg_stat_statements test: no initdb found (install the postgresql server package)")
		}
		bin = dirs[len(dirs)-1]
	}
	dir, err := os.MkdirTemp("", "pg2ddb-pgss-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	asPG := func(name string, args ...string) *osexec.Cmd {
		if os.Geteuid() == 0 {
			return osexec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(bin, name)}, args...)...)
		}
		return osexec.Command(filepath.Join(bin, name), args...)
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("pg_stat_statements test: running as root needs the postgres OS user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := asPG("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	port, err := testenv.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all", port, dir)
	if out, err := asPG("pg_ctl", "-D", data, "-l", filepath.Join(dir, "server.log"), "-w", "-t", "60", "-o", opts, "start").CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "server.log"))
		t.Fatalf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	t.Cleanup(func() {
		if out, err := asPG("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop").CombinedOutput(); err != nil {
			t.Errorf("pg_ctl stop: %v\n%s", err, out)
		}
	})
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
}

func mustExec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(t.Context(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// design inspects, profiles and designs pool's database with the workload
// evidence read in the same snapshot (or none when read is false).
func design(t *testing.T, pool *pgxpool.Pool, read bool) (*plans.Plan, *catalog.Workload) {
	t.Helper()
	ctx := t.Context()
	s, err := extract.Begin(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	schema, err := extract.Inspect(ctx, s, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	prof, err := extract.ProfileTables(ctx, s, schema, extract.ProfileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var w *catalog.Workload
	if read {
		if w, err = extract.ReadWorkload(ctx, s, schema); err != nil {
			t.Fatal(err)
		}
	}
	p, err := mapping.Design(ctx, schema, prof, s, mapping.Options{Workload: w})
	if err != nil {
		t.Fatal(err)
	}
	return p, w
}

func planTable(t *testing.T, p *plans.Plan, source string) *plans.Table {
	t.Helper()
	for i := range p.Tables {
		if p.Tables[i].Source == source {
			return &p.Tables[i]
		}
	}
	t.Fatalf("plan has no table %s", source)
	return nil
}

// TestWorkloadChangesTheRanking runs a scripted workload on a server with
// pg_stat_statements and checks that its evidence is read, attributed to
// the right tables and column sets (filters, IN lists, joins, aliases,
// qualified names), and that it changes the design: without it, events is
// keyed by alpha (more values); with 150 calls filtering on beta, beta wins
// and says why, and a lookup the schema does not know appears as an access
// path with its calls.
func TestWorkloadChangesTheRanking(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pool, err := pgxpool.New(ctx, statStatementsServer(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	mustExec(t, pool, `CREATE EXTENSION pg_stat_statements`)
	mustExec(t, pool, `CREATE TABLE events (id bigserial PRIMARY KEY, alpha integer NOT NULL, beta integer NOT NULL, note text)`)
	mustExec(t, pool, `INSERT INTO events (alpha, beta, note) SELECT (i * 7919) % 500, (i * 104729) % 300, 'n' || i FROM generate_series(1, 3000) i`)
	mustExec(t, pool, `CREATE TABLE customer (customer_ref text PRIMARY KEY, name text NOT NULL)`)
	mustExec(t, pool, `CREATE TABLE visit (visit_id serial PRIMARY KEY, customer_ref text NOT NULL, note text)`)
	mustExec(t, pool, `INSERT INTO customer SELECT 'c' || i, 'name ' || i FROM generate_series(1, 50) i`)
	mustExec(t, pool, `INSERT INTO visit (customer_ref, note) SELECT 'c' || (i % 50 + 1), 'v' FROM generate_series(1, 400) i`)
	mustExec(t, pool, `ANALYZE`)

	before, _ := design(t, pool, false)
	if got := planTable(t, before, "public.events").PartitionKey.Parts[0].Column; got != "alpha" {
		t.Fatalf("without workload evidence events is keyed by %s; the test expects alpha (more values), check the fixture", got)
	}

	mustExec(t, pool, `SELECT pg_stat_statements_reset()`)
	for i := range 150 {
		mustExec(t, pool, `SELECT note FROM events WHERE beta = $1`, i%300)
	}
	for i := range 20 {
		mustExec(t, pool, `SELECT v.note FROM visit AS v JOIN customer c ON c.customer_ref = v.customer_ref WHERE c.name = $1`, fmt.Sprint("name ", i))
	}
	for range 5 {
		mustExec(t, pool, `SELECT * FROM public.events e WHERE e.alpha IN ($1, $2) AND $3 = e.beta`, 1, 2, 3)
	}
	for i := range 120 {
		mustExec(t, pool, `SELECT customer_ref FROM customer WHERE name = $1`, fmt.Sprint("name ", i%50))
	}

	after, w := design(t, pool, true)
	if !w.Available || !strings.Contains(after.Source.Workload, "pg_stat_statements:") {
		t.Fatalf("workload not read: %+v, plan says %q", w, after.Source.Workload)
	}
	want := map[string]int64{
		"public.events[beta]":           150,
		"public.events[alpha beta]":     5,
		"public.customer[name]":         140,
		"public.customer[customer_ref]": 20,
		"public.visit[customer_ref]":    20,
	}
	got := map[string]int64{}
	for _, l := range w.Lookups {
		got[fmt.Sprintf("%s.%s%v", l.Schema, l.Table, l.Columns)] += l.Calls
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("workload %s: %d calls, want %d (all: %v)", k, got[k], n, got)
		}
	}
	ev := planTable(t, after, "public.events")
	if col := ev.PartitionKey.Parts[0].Column; col != "beta" {
		t.Fatalf("with 150 calls filtering on beta, events is keyed by %s; want beta", col)
	}
	if !slices.ContainsFunc(ev.PartitionKey.Why, func(s string) bool { return strings.Contains(s, "workload: 150 calls") }) {
		t.Errorf("partition key why does not cite the workload: %v", ev.PartitionKey.Why)
	}
	var pair *plans.AccessPath
	for i, a := range ev.AccessPaths {
		if a.Kind == plans.AccessWorkload && slices.Equal(a.Columns, []string{"alpha", "beta"}) {
			pair = &ev.AccessPaths[i]
		}
	}
	if pair == nil || pair.Calls != 5 || pair.ServedBy == plans.ServedByNone {
		t.Errorf("events by alpha, beta: %+v; want a workload access path with 5 calls, served", pair)
	}
	// 140 calls filter customer by name, which no constraint or index
	// covers: the workload alone proposes an index, on by its rule.
	cu := planTable(t, after, "public.customer")
	if i := slices.IndexFunc(cu.Indexes, func(ix plans.Index) bool { return ix.Name == "gsi_name" }); i < 0 || !cu.Indexes[i].Enabled || cu.Indexes[i].Rule != "workload calls ≥ 100" {
		t.Errorf("customer by name (140 calls): indexes %+v", cu.Indexes)
	}
	// The join's inner side, visit by customer_ref, is a workload lookup
	// with its calls, below the threshold that enables an index alone.
	vi := planTable(t, after, "public.visit")
	for _, a := range vi.AccessPaths {
		if slices.Equal(a.Columns, []string{"customer_ref"}) && a.Calls != 20 {
			t.Errorf("visit by customer_ref: %d calls, want 20", a.Calls)
		}
	}
}

// TestWorkloadWithoutTheExtension: on a server without pg_stat_statements
// preloaded, the plan says why there is no workload evidence, whether the
// extension is absent or installed but not loaded.
func TestWorkloadWithoutTheExtension(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	mustExec(t, db.Pool, `CREATE TABLE t (a text PRIMARY KEY)`)
	_, w := design(t, db.Pool, true)
	if w.Available || !strings.Contains(w.Summary, "not installed") {
		t.Errorf("without the extension: %+v", w)
	}
	var preloaded string
	if err := db.Pool.QueryRow(t.Context(), `SHOW shared_preload_libraries`).Scan(&preloaded); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(preloaded, "pg_stat_statements") {
		return // the shared server preloads it: the unreadable case cannot be made here
	}
	mustExec(t, db.Pool, `CREATE EXTENSION pg_stat_statements`)
	p, w := design(t, db.Pool, true)
	if w.Available || !strings.Contains(w.Summary, "not readable") || !strings.Contains(p.Source.Workload, "relies on the schema alone") {
		t.Errorf("extension not loaded: %+v; plan says %q", w, p.Source.Workload)
	}
}

// TestWorkloadReadsLiveWrites: the statistics collector's write counts
// come with the workload, whether or not pg_stat_statements is installed.
func TestWorkloadReadsLiveWrites(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	ctx := t.Context()
	for _, q := range []string{`CREATE TABLE w (id int PRIMARY KEY)`, `INSERT INTO w SELECT generate_series(1, 500)`} {
		if _, err := db.Pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// The counters reach the statistics views when the backend flushes
	// them; a new connection's snapshot sees what the old one flushed.
	var n int64
	for i := 0; i < 50; i++ {
		if err := db.Pool.QueryRow(ctx, `SELECT coalesce(sum(n_tup_ins), 0) FROM pg_stat_user_tables WHERE relname = 'w'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n >= 500 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	snap, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close(context.Background())
	schema, err := extract.Inspect(ctx, snap, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := extract.ReadWorkload(ctx, snap, schema)
	if err != nil {
		t.Fatal(err)
	}
	rate, ok := w.WriteRate("public", "w")
	if !ok || rate <= 0 || len(w.Writes) != 1 || w.Writes[0].Writes != n || n < 500 {
		t.Errorf("live writes of public.w: rate %v ok %v, writes %+v (pg_stat_user_tables says %d)", rate, ok, w.Writes, n)
	}
}
