package load_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// sideRows is the size of each small table: several chunks (256, then
// chunks of testChunkRows rows).
const (
	sideTables = 6
	sideRows   = 3000
)

// sideSetup is a database of sideTables small tables, each with a NaN every
// 97th row (rejected, as the plan chooses, so the tables share the rejects
// file), its plan and a simulator.
type sideSetup struct {
	db      *testenv.Database
	plan    *plans.Plan
	sim     *ddbsim.Server
	ddb     *dynamodb.Client
	cp, rej string
}

func newSideSetup(t *testing.T) *sideSetup {
	t.Helper()
	db := testenv.NewDatabase(t, "")
	for i := range sideTables {
		fixture.Exec(t, db.Pool,
			fmt.Sprintf(`CREATE TABLE public.small%d (id int PRIMARY KEY, name text, v float8)`, i),
			fmt.Sprintf(`INSERT INTO public.small%d SELECT g, md5(g::text), CASE WHEN g %% 97 = 0 THEN 'NaN'::float8 ELSE g * 0.5 END FROM generate_series(1, %d) g`, i, sideRows),
			fmt.Sprintf(`ANALYZE public.small%d`, i))
	}
	p := fixture.PlannedFor(t, db.Pool)
	if len(p.Tables) != sideTables {
		t.Fatalf("plan has %d tables", len(p.Tables))
	}
	for i := range p.Tables {
		fixture.SetSpecials(t, &p.Tables[i], "v", plans.FloatSpecialsReject)
	}
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	dir := t.TempDir()
	return &sideSetup{db: db, plan: p, sim: sim, ddb: testenv.DynamoDBAt(sim.URL()),
		cp: filepath.Join(dir, "plan.checkpoint.json"), rej: filepath.Join(dir, "plan.rejects.jsonl")}
}

func (s *sideSetup) opts(sideBySide int) load.Options {
	return load.Options{Workers: 4, SideBySide: sideBySide, CheckpointPath: s.cp, RejectsPath: s.rej, ChunkRows: testChunkRows}
}

// overlapping counts the pairs of tables whose spans of accepted writes in
// the simulator (first to last write) overlap.
func (s *sideSetup) overlapping(t *testing.T) int {
	t.Helper()
	var spans [][2]float64
	for _, tb := range s.plan.Tables {
		st, ok := s.sim.TableStats(tb.Target)
		if !ok {
			t.Fatalf("no stats for %s", tb.Target)
		}
		spans = append(spans, [2]float64{st.FirstWrite, st.LastWrite})
	}
	n := 0
	for i := range spans {
		for j := i + 1; j < len(spans); j++ {
			if spans[i][0] < spans[j][1] && spans[j][0] < spans[i][1] {
				n++
			}
		}
	}
	return n
}

// checkStored requires every table to hold want items.
func (s *sideSetup) checkStored(t *testing.T, want int64) {
	t.Helper()
	for _, tb := range s.plan.Tables {
		st, _ := s.sim.TableStats(tb.Target)
		if st.StoredItems != want {
			t.Errorf("%s holds %d items, want %d", tb.Target, st.StoredItems, want)
		}
	}
}

// noForkSource hides SnapshotSource's Fork, as a source without it.
type noForkSource struct{ load.Source }

// TestSmallTablesLoadSideBySide loads six small tables with three at once:
// their writes overlap in the simulator, the --workers writers are shared
// (never more calls in flight than workers), every row arrives, results
// come in plan order and verify is clean. The same plan loaded one table
// at a time, or from a source that cannot open another reader of its
// snapshot, has no overlap, which shows what the overlap measures.
func TestSmallTablesLoadSideBySide(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		side    int
		noFork  bool
		overlap bool
	}{
		{"three at once", 3, false, true},
		{"one at a time", 0, false, false},
		{"no second reader", 3, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newSideSetup(t)
			snap := snapshotSource(t, s.db.Pool)
			var src load.Source = snap
			if tc.noFork {
				src = noForkSource{src}
			}
			client := watchInFlight(s.ddb)
			res, err := load.Run(t.Context(), s.plan, src, client.client, s.opts(tc.side))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Tables) != sideTables {
				t.Fatalf("%d results, want %d", len(res.Tables), sideTables)
			}
			for i, tr := range res.Tables {
				if tr.Target != s.plan.Tables[i].Target || !tr.Complete || tr.SourceRows != sideRows {
					t.Errorf("result %d: %+v, want %s complete", i, tr, s.plan.Tables[i].Target)
				}
			}
			if n := client.most(); n > 4 {
				t.Errorf("%d BatchWriteItem calls in flight at once, more than the 4 workers", n)
			}
			if n := s.overlapping(t); (n > 0) != tc.overlap {
				t.Errorf("%d pairs of tables written at the same time, want overlap %v", n, tc.overlap)
			}
			s.checkStored(t, sideRows-sideRows/97)
			fixture.MustVerify(t, s.plan, snap, s.ddb, s.rej, 50)
		})
	}
}

// TestSideBySideResume interrupts a load with several tables in flight and
// requires --resume, again side by side, to end with every row written and
// verify clean (the rejects file, written by several tables at once, kept
// its lines below each table's frontier).
func TestSideBySideResume(t *testing.T) {
	t.Parallel()
	s := newSideSetup(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	_, err := load.Run(ctx, s.plan, snapshotSource(t, s.db.Pool), cancelAfter(watchInFlight(s.ddb).client, 60, cancel), s.opts(3))
	if !errors.Is(err, pipeline.ErrInterrupted) {
		t.Fatalf("first load: %v, want interrupted", err)
	}
	cp, err := load.ReadCheckpoint(s.cp)
	if err != nil || cp == nil {
		t.Fatalf("checkpoint: %v", err)
	}
	partly := 0
	for _, tc := range cp.Tables {
		if !tc.Done && tc.Horizon() > 0 {
			partly++
		}
	}
	if partly < 2 {
		t.Fatalf("%d tables partly loaded after the interruption, want several: %+v", partly, cp.Tables)
	}
	o := s.opts(3)
	o.Resume = true
	src := snapshotSource(t, s.db.Pool)
	res, err := load.Run(t.Context(), s.plan, src, s.ddb, o)
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	for _, tr := range res.Tables {
		if !tr.Complete {
			t.Errorf("%s not complete after the resume: %+v", tr.Target, tr)
		}
	}
	s.checkStored(t, sideRows-sideRows/97)
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 50)
}

// TestSideBySideReadsOneSnapshot inserts rows into every table after the
// run's snapshot was taken: tables read on connections that joined it must
// not see them, like the table read on the snapshot's own connection.
func TestSideBySideReadsOneSnapshot(t *testing.T) {
	t.Parallel()
	s := newSideSetup(t)
	src := snapshotSource(t, s.db.Pool)
	for i := range sideTables {
		fixture.Exec(t, s.db.Pool, fmt.Sprintf(`INSERT INTO public.small%d SELECT g, 'late', 1 FROM generate_series(%d, %d) g`, i, sideRows+1, sideRows+500))
	}
	res, err := load.Run(t.Context(), s.plan, src, watchInFlight(s.ddb).client, s.opts(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range res.Tables {
		if tr.SourceRows != sideRows {
			t.Errorf("%s: %d source rows, want %d (the snapshot's)", tr.Target, tr.SourceRows, sideRows)
		}
	}
	if s.overlapping(t) == 0 {
		t.Error("no tables were written at the same time")
	}
	s.checkStored(t, sideRows-sideRows/97)
}

// rowsHook opens the rows of one table with open instead of the source,
// on whichever connection (forked or not) reads it.
type rowsHook struct {
	load.Source
	table string
	open  func(ctx context.Context, t plans.Table) (order.Iterator, error)
}

func (s rowsHook) Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (order.Iterator, error) {
	if t.Target == s.table {
		return s.open(ctx, t)
	}
	return s.Source.Rows(ctx, t, opts)
}

func (s rowsHook) Fork(ctx context.Context) (load.Source, func(), error) {
	f, release, err := s.Source.(load.Forker).Fork(ctx)
	if err != nil {
		return nil, nil, err
	}
	s.Source = f
	return s, release, nil
}

// failRows fails the read of one table.
func failRows(src load.Source, table string) rowsHook {
	return rowsHook{Source: src, table: table, open: func(context.Context, plans.Table) (order.Iterator, error) {
		return nil, errors.New("read refused")
	}}
}

// waitRows holds the read of one table until its context ends (when the
// load stopped and the table's drain time ran out), as a query cancelled
// in flight.
func waitRows(src load.Source, table string) rowsHook {
	return rowsHook{Source: src, table: table, open: func(ctx context.Context, t plans.Table) (order.Iterator, error) {
		<-ctx.Done()
		return nil, fmt.Errorf("read %s: %w", t.Source, ctx.Err())
	}}
}

// TestSideBySideFailureStopsAll fails one table while others load beside
// it: the load stops, names the failed table, and a resume (once the
// failure is gone) completes every table. The reject limit stops a side
// by side load too, naming a table and the tables not loaded.
func TestSideBySideFailureStopsAll(t *testing.T) {
	t.Parallel()
	s := newSideSetup(t)
	failed := s.plan.Tables[2].Target
	_, err := load.Run(t.Context(), s.plan, failRows(snapshotSource(t, s.db.Pool), failed), watchInFlight(s.ddb).client, s.opts(3))
	if err == nil || !strings.Contains(err.Error(), failed) || !strings.Contains(err.Error(), "read refused") {
		t.Fatalf("load with a failing table: %v, want the failure naming %s", err, failed)
	}
	t.Log(err)
	cp, err := load.ReadCheckpoint(s.cp)
	if err != nil || cp == nil {
		t.Fatalf("checkpoint: %v", err)
	}
	if tc := cp.Tables[s.plan.Tables[sideTables-1].Target]; tc != nil && tc.Done {
		t.Errorf("the last table was loaded after another failed")
	}
	o := s.opts(3)
	o.Resume = true
	src := snapshotSource(t, s.db.Pool)
	if _, err := load.Run(t.Context(), s.plan, src, s.ddb, o); err != nil {
		t.Fatalf("resume: %v", err)
	}
	s.checkStored(t, sideRows-sideRows/97)
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 20)

	s2 := newSideSetup(t)
	o = s2.opts(3)
	o.LimitRejects, o.MaxRejects = true, 5
	_, err = load.Run(t.Context(), s2.plan, snapshotSource(t, s2.db.Pool), watchInFlight(s2.ddb).client, o)
	var tooMany *pipeline.TooManyRejectsError
	if !errors.As(err, &tooMany) || tooMany.Table == "" || len(tooMany.NotLoaded) == 0 {
		t.Fatalf("load past the reject limit: %v, want a TooManyRejectsError naming the tables", err)
	}
	t.Log(err)
}

// TestSideBySideRejectLimitWinsOverCancelledQuery: when the reject limit
// stops a load, a table beside the one that hit it fails at once with its
// cancelled query, before that table drained; the load still reports the
// reject limit, not the cancelled query.
func TestSideBySideRejectLimitWinsOverCancelledQuery(t *testing.T) {
	t.Parallel()
	s := newSideSetup(t)
	o := s.opts(3)
	o.LimitRejects, o.MaxRejects = true, 5
	// The held query ends when its table's drain time runs out (its
	// writers drain on the read's context); the limit's table drains its
	// few in-flight batches into the simulator in milliseconds, well
	// within it.
	o.DrainTimeout = 3 * time.Second
	src := waitRows(snapshotSource(t, s.db.Pool), s.plan.Tables[1].Target)
	_, err := load.Run(t.Context(), s.plan, src, watchInFlight(s.ddb).client, o)
	var tooMany *pipeline.TooManyRejectsError
	if !errors.As(err, &tooMany) {
		t.Fatalf("load past the reject limit: %v, want a TooManyRejectsError", err)
	}
}

// TestSideBySideShareTheBudget loads two tiny tables and a bigger one
// side by side under --max-wcu: while all three load, their budgets add
// up to no more than --max-wcu, and once the tiny ones are done the
// bigger one gets all of it (it used to keep its third to the end).
func TestSideBySideShareTheBudget(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	// The tiny tables take about a second each at their share of the
	// budget: long enough to be seen loading beside the others however
	// long the connections that join the snapshot take to open.
	for name, rows := range map[string]int{"tiny0": 1000, "tiny1": 1000, "wide": 9000} {
		fixture.Exec(t, db.Pool,
			fmt.Sprintf(`CREATE TABLE public.%s (id int PRIMARY KEY, name text)`, name),
			fmt.Sprintf(`INSERT INTO public.%s SELECT g, md5(g::text) FROM generate_series(1, %d) g`, name, rows),
			fmt.Sprintf(`ANALYZE public.%s`, name))
	}
	p := fixture.PlannedFor(t, db.Pool)
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	const maxWCU = 3000
	var mu sync.Mutex
	rates := map[string]float64{} // each running table's last budget
	done := map[string]bool{}
	var since map[string]bool   // the tables that reported after all three had started
	var together, alone float64 // all three's budgets once all three had started; the wide table's budget alone
	dir := t.TempDir()
	o := load.Options{Workers: 4, SideBySide: 3, MaxWCU: maxWCU, ProgressEvery: 20 * time.Millisecond,
		CheckpointPath: filepath.Join(dir, "cp.json"), RejectsPath: filepath.Join(dir, "rejects.jsonl"),
		Progress: func(pr pipeline.Progress) {
			mu.Lock()
			defer mu.Unlock()
			if pr.Done {
				done[pr.Source] = true
				delete(rates, pr.Source)
				return
			}
			rates[pr.Source] = pr.Rate
			// Each line carries only its own table's budget, taken when
			// it was sent: the shares change as tables start and end.
			// The sum is taken once every table has reported again
			// after the last of them started (so none shows the larger
			// share it had before), and before any has ended (so none
			// shows a share it has already released).
			if len(rates) == 3 && since == nil {
				since = map[string]bool{}
			} else if since != nil {
				since[pr.Source] = true
			}
			if len(since) == 3 && together == 0 && len(done) == 0 {
				for _, r := range rates {
					together += r
				}
			}
			if pr.Source == "public.wide" && done["public.tiny0"] && done["public.tiny1"] {
				alone = max(alone, pr.Rate)
			}
		}}
	if _, err := load.Run(t.Context(), p, snapshotSource(t, db.Pool), testenv.DynamoDBAt(sim.URL()), o); err != nil {
		t.Fatal(err)
	}
	if together == 0 || together > maxWCU {
		t.Errorf("three tables at once had budgets adding up to %.0f WCU/s, want at most --max-wcu %d", together, maxWCU)
	}
	if alone != maxWCU {
		t.Errorf("the table left alone had a budget of %.0f WCU/s, want all of --max-wcu %d", alone, maxWCU)
	}
}

// readersSeen records the readers each table's read asked for.
type readersSeen struct {
	load.Source
	mu   *sync.Mutex
	seen map[string]int
}

func (s readersSeen) Rows(ctx context.Context, t plans.Table, opts extract.StreamOptions) (order.Iterator, error) {
	s.mu.Lock()
	s.seen[t.Target] = opts.Readers
	s.mu.Unlock()
	return s.Source.Rows(ctx, t, opts)
}

func (s readersSeen) Fork(ctx context.Context) (load.Source, func(), error) {
	f, release, err := s.Source.(load.Forker).Fork(ctx)
	if err != nil {
		return nil, nil, err
	}
	s.Source = f
	return s, release, nil
}

// sourceSessions samples, until stop is closed, the most sessions of the
// database at once that are in a transaction (a snapshot and the
// connections that joined it), not counting its own.
func sourceSessions(t *testing.T, url string, stop <-chan struct{}) func() int {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer conn.Close(context.WithoutCancel(t.Context()))
		for {
			var n int
			if err := conn.QueryRow(t.Context(), `SELECT count(*) FROM pg_stat_activity
				WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle'`).Scan(&n); err == nil {
				most = max(most, n)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	return func() int { <-done; return most }
}

// TestLargeTablesLoadSideBySide loads two large tables (above a lowered
// small-table bound, each split over readers) with --readers 4: they load
// at the same time, each read on half of the 4 connections, their writes
// overlap in the simulator, the source never sees more than 4 sessions in
// a transaction, the 3 workers are shared (never more calls in flight),
// and verify is clean. They used to load one after the other, each alone
// with its readers.
func TestLargeTablesLoadSideBySide(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	const rows = 20000
	for i := range 2 {
		fixture.Exec(t, db.Pool,
			fmt.Sprintf(`CREATE TABLE public.big%d (id int PRIMARY KEY, name text, pad text)`, i),
			fmt.Sprintf(`INSERT INTO public.big%d SELECT g, md5(g::text), repeat('x', 100) FROM generate_series(1, %d) g`, i, rows),
			fmt.Sprintf(`ANALYZE public.big%d`, i))
	}
	p := fixture.PlannedFor(t, db.Pool)
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	ddb := testenv.DynamoDBAt(sim.URL())
	dir := t.TempDir()
	o := load.Options{Workers: 3, Readers: 4, SideBySide: 4, SmallItems: 1000, MinSplitBlocks: 16, ChunkRows: testChunkRows,
		CheckpointPath: filepath.Join(dir, "cp.json"), RejectsPath: filepath.Join(dir, "rejects.jsonl")}
	snap := snapshotSource(t, db.Pool)
	seen := readersSeen{Source: snap, mu: &sync.Mutex{}, seen: map[string]int{}}
	client := watchInFlight(ddb)
	stop := make(chan struct{})
	most := sourceSessions(t, db.URL, stop)
	res, err := load.Run(t.Context(), p, seen, client.client, o)
	close(stop)
	if err != nil {
		t.Fatal(err)
	}
	n := most()
	t.Logf("at most %d source sessions at once", n)
	if n > 4 {
		t.Errorf("%d source sessions at once, more than --readers 4", n)
	}
	for _, tr := range res.Tables {
		if !tr.Complete || tr.SourceRows != rows {
			t.Errorf("%s: %+v, want %d rows complete", tr.Target, tr, rows)
		}
		if r := seen.seen[tr.Target]; r != 2 {
			t.Errorf("%s read with %d readers, want 2 (half of --readers)", tr.Target, r)
		}
	}
	if n := client.most(); n > 3 {
		t.Errorf("%d BatchWriteItem calls in flight at once, more than the 3 workers", n)
	}
	var spans [][2]float64
	for _, tb := range p.Tables {
		st, _ := sim.TableStats(tb.Target)
		if st.StoredItems != rows {
			t.Errorf("%s holds %d items, want %d", tb.Target, st.StoredItems, rows)
		}
		spans = append(spans, [2]float64{st.FirstWrite, st.LastWrite})
	}
	if !(spans[0][0] < spans[1][1] && spans[1][0] < spans[0][1]) {
		t.Errorf("the two tables' writes did not overlap: %v", spans)
	}
	fixture.MustVerify(t, p, snap, ddb, o.RejectsPath, 50)
}
