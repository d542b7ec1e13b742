package load_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// resumeRows is the size of the events table: 20 chunks of at most
// testChunkRows rows.
const resumeRows = 20000

// testChunkRows is the chunk bound (load.Options.ChunkRows) of the resume
// and side-by-side tests, so a table of a few thousand rows spans several
// claims.
const testChunkRows = 1000

// eventsSQL builds events: 200 devices of 100 readings each; every
// nanEvery-th reading (0: none) is NaN, which newResumeSetup's plan
// rejects. Pages are half full, so an UPDATE keeps a row's new
// version in its page (a HOT update) and the heap order a load reads.
func eventsSQL(nanEvery int) []string {
	nan := "i * 0.5"
	if nanEvery > 0 {
		nan = fmt.Sprintf("CASE WHEN i %% %d = 0 THEN 'NaN'::float8 ELSE i * 0.5 END", nanEvery)
	}
	return []string{
		`CREATE TABLE public.events (device text NOT NULL, seq int NOT NULL, at timestamptz, payload text, v float8, PRIMARY KEY (device, seq)) WITH (fillfactor = 50)`,
		fmt.Sprintf(`INSERT INTO public.events SELECT 'dev' || lpad((i %% 200)::text, 3, '0'), i, timestamptz '2024-01-01' + i * interval '1 s', md5(i::text), %s FROM generate_series(1, %d) i`, nan, resumeRows),
		`ANALYZE public.events`,
	}
}

// resumeSetup is a database with events, its designed plan, a simulator
// to load into and the load's files.
type resumeSetup struct {
	db      *testenv.Database
	snap    *extract.Snapshot
	plan    *plans.Plan
	sim     *ddbsim.Server
	ddb     *dynamodb.Client
	cp, rej string
}

func newResumeSetup(t *testing.T, nanEvery int) *resumeSetup {
	t.Helper()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, eventsSQL(nanEvery)...)
	snap, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p := fixture.DesignPlan(t, snap, fmt.Sprintf("r%d_", time.Now().UnixNano()%1e9))
	snap.Close(context.Background())
	if len(p.Tables) != 1 {
		t.Fatalf("plan has %d tables", len(p.Tables))
	}
	if nanEvery > 0 {
		// The NaN readings are the rejects these tests resume over: the
		// design keeps them as strings unless the plan says reject.
		fixture.SetSpecials(t, &p.Tables[0], "v", plans.FloatSpecialsReject)
	}
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	dir := t.TempDir()
	return &resumeSetup{db: db, plan: p, sim: sim, ddb: testenv.DynamoDBAt(sim.URL()),
		cp: filepath.Join(dir, "plan.checkpoint.json"), rej: filepath.Join(dir, "plan.rejects.jsonl")}
}

// source opens a new snapshot, as each run of pg2ddb does, and closes the
// one before (the test's pool has few connections).
func (s *resumeSetup) source(t *testing.T) load.SnapshotSource {
	t.Helper()
	if s.snap != nil {
		s.snap.Close(context.Background())
	}
	snap, err := extract.Begin(t.Context(), s.db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	s.snap = snap
	t.Cleanup(func() { snap.Close(context.Background()) })
	return load.SnapshotSource{Snapshot: snap}
}

func (s *resumeSetup) opts(resume bool) load.Options {
	return load.Options{Workers: 2, Resume: resume, CheckpointPath: s.cp, RejectsPath: s.rej, ChunkRows: testChunkRows}
}

// interrupt loads until calls BatchWriteItem calls were made, then cancels
// as a Ctrl-C would, and returns the checkpoint the load left.
func (s *resumeSetup) interrupt(t *testing.T, calls int) *load.TableCheckpoint {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	_, err := load.Run(ctx, s.plan, s.source(t), cancelAfter(s.ddb, calls, cancel), s.opts(false))
	if !errors.Is(err, pipeline.ErrInterrupted) {
		t.Fatalf("first load: %v, want interrupted", err)
	}
	cp, err := load.ReadCheckpoint(s.cp)
	if err != nil || cp == nil {
		t.Fatalf("checkpoint: %v", err)
	}
	tc := cp.Tables[s.plan.Tables[0].Target]
	if tc == nil || tc.Done || tc.Position <= 0 || tc.Position >= resumeRows || tc.Horizon() < tc.Position {
		t.Fatalf("checkpoint after the interruption: %+v", tc)
	}
	return tc
}

// accepted is the number of puts the simulator accepted into the table.
func (s *resumeSetup) accepted(t *testing.T) int64 {
	return s.stats(t).AcceptedPuts
}

func (s *resumeSetup) stats(t *testing.T) ddbsim.TableStats {
	t.Helper()
	ts, ok := s.sim.TableStats(s.plan.Tables[0].Target)
	if !ok {
		t.Fatal("no table stats")
	}
	return ts
}

// TestResumeRefusesChangedSource interrupts a load, changes rows that were
// already written in two ways that keep the row count, and requires
// --resume to refuse, naming the rows, where it used to skip rows and
// leave stale items behind with verify balancing.
func TestResumeRefusesChangedSource(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(s *resumeSetup, rows [][2]string) []string
	}{
		{"delete and insert", func(s *resumeSetup, rows [][2]string) []string {
			var q []string
			for i, r := range rows {
				q = append(q,
					fmt.Sprintf(`DELETE FROM public.events WHERE device = '%s' AND seq = %s`, r[0], r[1]),
					fmt.Sprintf(`INSERT INTO public.events VALUES ('new%03d', %d, now(), 'x', 1)`, i, 900000+i))
			}
			return q
		}},
		{"update of a key column", func(s *resumeSetup, rows [][2]string) []string {
			return []string{fmt.Sprintf(`UPDATE public.events SET seq = seq + 500000 WHERE device = '%s' AND seq = %s`, rows[0][0], rows[0][1])}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newResumeSetup(t, 0)
			cp := s.interrupt(t, 40)
			items := scanItems(t, s, 100)
			fixture.Exec(t, s.db.Pool, tc.edit(s, items)...)
			before := s.accepted(t)
			_, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, s.opts(true))
			if err == nil || !strings.Contains(err.Error(), "source table public.events changed since the interrupted load: rows ") ||
				!strings.Contains(err.Error(), "of the load order differ") || !strings.Contains(err.Error(), "without --resume") {
				t.Fatalf("resume after %s: %v, want a refusal naming the rows", tc.name, err)
			}
			// Only claimed rows may have been written again before the
			// difference showed.
			if again := s.accepted(t) - before; again > cp.Horizon()-cp.Position {
				t.Fatalf("the refused resume wrote %d items; at most %d were claimed beyond the frontier", again, cp.Horizon()-cp.Position)
			}
			t.Logf("%v", err)
		})
	}
}

// scanItems returns (device, seq) of n items that the load wrote.
func scanItems(t *testing.T, s *resumeSetup, n int) [][2]string {
	t.Helper()
	var out [][2]string
	for _, it := range fixture.ScanAll(t, s.ddb, s.plan.Tables[0].Target) {
		d, ok1 := it["device"].(*types.AttributeValueMemberS)
		q, ok2 := it["seq"].(*types.AttributeValueMemberN)
		if !ok1 || !ok2 {
			t.Fatalf("item without device and seq attributes: %v", it)
		}
		out = append(out, [2]string{d.Value, q.Value})
		if len(out) == n {
			return out
		}
	}
	t.Fatalf("only %d items written, want %d", len(out), n)
	return nil
}

// TestResumeRefusesEditedPlan edits the plan between the interrupted load
// and the resume and requires a refusal that names the edit.
func TestResumeRefusesEditedPlan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, tb *plans.Table)
		want string
	}{
		{"sort key", func(t *testing.T, tb *plans.Table) {
			if tb.SortKey == nil {
				t.Fatalf("the plan has no sort key: %+v", tb.PartitionKey)
			}
			tb.SortKey.Parts[0].Width++
		}, "the sort key changed"},
		{"attribute", func(_ *testing.T, tb *plans.Table) {
			tb.Attributes = tb.Attributes[:len(tb.Attributes)-1]
		}, `attribute "v" dropped`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newResumeSetup(t, 0)
			s.interrupt(t, 40)
			before := s.accepted(t)
			tc.edit(t, &s.plan.Tables[0])
			_, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, s.opts(true))
			want := "plan table public.events changed since the interrupted load: " + tc.want
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("resume with an edited %s: %v, want %q", tc.name, err, want)
			}
			if n := s.accepted(t) - before; n != 0 {
				t.Fatalf("the refused resume wrote %d items", n)
			}
		})
	}
}

// TestResumeUnchangedWritesEachRowOnce resumes an interrupted load of an
// unchanged source: it completes, verify is clean, nothing beyond the
// claimed horizon was written by the interrupted run, and the resume
// writes every row from the frontier on exactly once and none below it.
// The simulator counts accepted puts and overwrites, which a key count
// cannot: the interrupted run wrote each of its items once, and the only
// items written twice are those it wrote at or beyond the frontier.
func TestResumeUnchangedWritesEachRowOnce(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 0)
	cp := s.interrupt(t, 40)
	first := s.accepted(t)
	if first > cp.Horizon() {
		t.Fatalf("the interrupted load wrote %d items, beyond its claimed horizon %d", first, cp.Horizon())
	}
	if ts := s.stats(t); ts.StoredItems != first || ts.Overwrites != 0 || first < cp.Position {
		t.Fatalf("the interrupted load: %d puts accepted, %d items stored, %d overwrites, frontier %d; want each row written once, the frontier's rows included",
			first, ts.StoredItems, ts.Overwrites, cp.Position)
	}
	src := s.source(t)
	res, err := load.Run(t.Context(), s.plan, src, s.ddb, s.opts(true))
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Tables[0]
	if !tr.Complete || tr.Skipped != cp.Position || tr.Rechecked != cp.Position || tr.Skipped+tr.Read != resumeRows {
		t.Fatalf("resume result %+v, checkpoint %+v", tr, cp)
	}
	if again := s.accepted(t) - first; again != resumeRows-cp.Position {
		t.Fatalf("the resume wrote %d items, want %d (the rows from the frontier %d on, once each)", again, resumeRows-cp.Position, cp.Position)
	}
	if ts := s.stats(t); ts.StoredItems != resumeRows || ts.Overwrites != first-cp.Position || ts.AcceptedPuts != ts.StoredItems+ts.Overwrites {
		t.Fatalf("after the resume: %d puts accepted, %d items stored, %d overwrites; want %d stored and only the %d items the first run wrote beyond the frontier written again",
			ts.AcceptedPuts, ts.StoredItems, ts.Overwrites, resumeRows, first-cp.Position)
	}
	rep := fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 2000)
	if rep.Tables[0].Items != resumeRows {
		t.Fatalf("verify %+v", rep.Tables[0])
	}
	after, err := load.ReadCheckpoint(s.cp)
	if err != nil {
		t.Fatal(err)
	}
	if tc := after.Tables[s.plan.Tables[0].Target]; !tc.Done || tc.Position != resumeRows || len(tc.Chunks) != 0 {
		t.Fatalf("final checkpoint %+v", tc)
	}
}

// TestResumeKeepsRejects: the rejects below the frontier of an interrupted
// load stay in the file through a resume, and every rejected row is in it
// exactly once at the end.
func TestResumeKeepsRejects(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 97)
	cp := s.interrupt(t, 300)
	first, err := item.ReadRejects(s.rej)
	if err != nil {
		t.Fatal(err)
	}
	below := map[int64]bool{}
	for _, r := range first {
		if r.Position < cp.Position {
			below[r.Position] = true
		}
	}
	if int64(len(below)) != cp.Rejected || cp.Rejected == 0 {
		t.Fatalf("the checkpoint counts %d rejects below %d, the file holds %d", cp.Rejected, cp.Position, len(below))
	}
	src := s.source(t)
	if _, err := load.Run(t.Context(), s.plan, src, s.ddb, s.opts(true)); err != nil {
		t.Fatal(err)
	}
	recs, err := item.ReadRejects(s.rej)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int64]int{}
	for _, r := range recs {
		seen[r.Position]++
		if !strings.Contains(r.Reason, "NaN") {
			t.Errorf("reject %+v", r)
		}
	}
	for pos := range below {
		if seen[pos] != 1 {
			t.Errorf("reject at %d of the first run is in the file %d times after the resume", pos, seen[pos])
		}
	}
	if want := resumeRows / 97; len(recs) != want || len(seen) != want {
		t.Fatalf("%d reject lines for %d positions, want %d", len(recs), len(seen), want)
	}
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 1000)
}

// TestFreshLoadKeepsEarlierRejects: a fresh load moves the rejects file of
// the load before it aside instead of truncating it, and says so.
func TestFreshLoadKeepsEarlierRejects(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 97)
	var moved []string
	for run := 0; run < 3; run++ {
		o := s.opts(false)
		o.Existing = target.Recreate
		o.Logf = func(f string, a ...any) {
			if m := fmt.Sprintf(f, a...); strings.Contains(m, "moved the rejects") {
				moved = append(moved, m)
			}
		}
		if _, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, o); err != nil {
			t.Fatal(err)
		}
	}
	base := strings.TrimSuffix(s.rej, ".jsonl")
	for _, p := range []string{s.rej, base + ".1.jsonl", base + ".2.jsonl"} {
		recs, err := item.ReadRejects(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != resumeRows/97 {
			t.Errorf("%s holds %d rejects, want %d", p, len(recs), resumeRows/97)
		}
	}
	if _, err := os.Stat(base + ".3.jsonl"); !os.IsNotExist(err) {
		t.Errorf("a fourth rejects file: %v", err)
	}
	if len(moved) != 2 || !strings.Contains(moved[1], base+".2.jsonl") {
		t.Fatalf("the moves were not reported: %q", moved)
	}
}

// TestMaxRejectsCountsEarlierRuns: a resumed load counts the rejects its
// interrupted run made below the frontier and stops as soon as the total
// passes MaxRejects, saying what was written.
func TestMaxRejectsCountsEarlierRuns(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 97)
	cp := s.interrupt(t, 300)
	if cp.Rejected == 0 {
		t.Fatalf("no rejects below the frontier: %+v", cp)
	}
	o := s.opts(true)
	o.LimitRejects, o.MaxRejects = true, cp.Rejected+2
	res, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, o)
	var tooMany *pipeline.TooManyRejectsError
	if !errors.As(err, &tooMany) {
		t.Fatalf("resume: %v, want TooManyRejectsError", err)
	}
	if tooMany.Rejected < cp.Rejected+3 || tooMany.Max != cp.Rejected+2 || tooMany.Table != s.plan.Tables[0].Target ||
		tooMany.Acknowledged >= resumeRows || !strings.Contains(err.Error(), "acknowledged") {
		t.Fatalf("error %+v", tooMany)
	}
	if tr := res.Tables[0]; tr.Complete || tr.Skipped+tr.Read >= resumeRows {
		t.Fatalf("the load did not stop early: %+v", tr)
	}
	// A resume whose limit the earlier runs alone pass writes nothing.
	after, err := load.ReadCheckpoint(s.cp)
	if err != nil {
		t.Fatal(err)
	}
	below := after.Tables[s.plan.Tables[0].Target].Rejected
	before := s.accepted(t)
	o.MaxRejects = below - 1
	if _, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, o); !errors.As(err, &tooMany) || tooMany.Rejected != below {
		t.Fatalf("resume over the limit already: %v, want %d rejects named", err, below)
	}
	if n := s.accepted(t) - before; n != 0 {
		t.Fatalf("a resume over the limit wrote %d items", n)
	}
	// The stopped load resumes with a higher limit and completes.
	o.MaxRejects = resumeRows
	if _, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, o); err != nil {
		t.Fatal(err)
	}
	fixture.MustVerify(t, s.plan, s.source(t), s.ddb, s.rej, 1000)
}

// TestTruncatedRejectsTail: the unfinished last line a kill leaves in the
// rejects file does not stop a resume from reading it.
func TestTruncatedRejectsTail(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(p, []byte(`{"table":"t","position":1,"reason":"x","item":{}}`+"\n"+`{"table":"t","posi`), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := item.ReadRejects(p)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v %+v", err, recs)
	}
}

// TestResumeAfterEditBeyondHorizon: rows that the interrupted load never
// claimed were never sent, so changing them is safe: the resume proceeds
// and writes them as they are now. The load reads the heap in physical
// order, so this holds for edits that leave rows in place (here HOT
// updates, eventsSQL); an edit that moves a row ahead of claimed ones
// changes the claimed rounds, and the resume refuses instead.
func TestResumeAfterEditBeyondHorizon(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 0)
	cp := s.interrupt(t, 40)
	// The last round of the interleave holds each device's latest
	// reading: positions 19,800 and on.
	if cp.Horizon() >= resumeRows-200 {
		t.Fatalf("claimed up to %d; the test needs the last round unclaimed", cp.Horizon())
	}
	fixture.Exec(t, s.db.Pool, `UPDATE public.events SET payload = 'edited' WHERE seq > 19800`)
	src := s.source(t)
	if _, err := load.Run(t.Context(), s.plan, src, s.ddb, s.opts(true)); err != nil {
		t.Fatal(err)
	}
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, resumeRows)
}

// TestResumeAfterDeleteBeyondHorizon: rows deleted after the interruption
// that lay beyond the claimed horizon change the row count but nothing
// that was sent: the resume proceeds (it once refused on the count),
// without counting the table first, and verify is clean. (Rows inserted
// go wherever the heap has room, often among the claimed rounds, where
// the resume refuses: TestResumeRefusesChangedSource.)
func TestResumeAfterDeleteBeyondHorizon(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 0)
	cp := s.interrupt(t, 40)
	// The last round of the interleave holds each device's latest
	// reading: positions 19,800 and on.
	if cp.Horizon() >= resumeRows-200 {
		t.Fatalf("claimed up to %d; the test needs the last round unclaimed", cp.Horizon())
	}
	fixture.Exec(t, s.db.Pool, fmt.Sprintf(`DELETE FROM public.events WHERE seq > %d`, resumeRows-3))
	src := s.source(t)
	res, err := load.Run(t.Context(), s.plan, noCount{t, src}, s.ddb, s.opts(true))
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; tr.SourceRows != resumeRows-3 || !tr.Counted || !tr.Complete {
		t.Fatalf("resume %+v, want %d source rows counted", tr, resumeRows-3)
	}
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 1000)
}

// failingRows is a source that fails when the load opens a table's rows:
// the first thing a load does after preparing the tables.
type failingRows struct{ load.Source }

func (failingRows) Rows(context.Context, plans.Table, extract.StreamOptions) (order.Iterator, error) {
	return nil, errors.New("crash")
}

// TestFreshLoadReplacesCheckpointFirst: a fresh --recreate load that dies
// after recreating the tables must not leave the earlier load's
// checkpoint behind, which claims the table done: a --resume would trust
// it and skip every row of the now empty table.
func TestFreshLoadReplacesCheckpointFirst(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 0)
	if _, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, s.opts(false)); err != nil {
		t.Fatal(err)
	}
	o := s.opts(false)
	o.Existing = target.Recreate
	if _, err := load.Run(t.Context(), s.plan, failingRows{s.source(t)}, s.ddb, o); err == nil {
		t.Fatal("the load did not fail")
	}
	src := s.source(t)
	res, err := load.Run(t.Context(), s.plan, src, s.ddb, s.opts(true))
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; tr.AlreadyDone || tr.Written != resumeRows {
		t.Fatalf("resume %+v", tr)
	}
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 1000)
}

// TestMaxRejectsStopsBeforeNextTable: a reject DynamoDB makes in the last
// batch of a table passes the limit after every batch of it was handed
// out; the table completes, and the load stops before the next table with
// the reject error, naming the table it did not load.
func TestMaxRejectsStopsBeforeNextTable(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE public.a (k text PRIMARY KEY, n int, j jsonb)`,
		`INSERT INTO public.a SELECT 'k' || i, i, '{"x": 1}' FROM generate_series(1, 99) i`,
		// 20 levels: valid for DynamoDB, refused by refuser (as DynamoDB
		// would refuse an item for a reason only it can see).
		`INSERT INTO public.a VALUES ('deep', 0, (repeat('[', 20) || repeat(']', 20))::jsonb)`,
		`CREATE TABLE public.b (k text PRIMARY KEY, n int)`,
		`INSERT INTO public.b SELECT 'k' || i, i FROM generate_series(1, 200) i`,
	)
	snap, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p := fixture.DesignPlan(t, snap, fmt.Sprintf("s%d_", time.Now().UnixNano()%1e9))
	snap.Close(context.Background())
	if len(p.Tables) != 2 || p.Tables[0].Source != "public.a" {
		t.Fatalf("plan tables %+v", p.Tables)
	}
	dir := t.TempDir()
	o := load.Options{Workers: 8, CheckpointPath: filepath.Join(dir, "cp.json"), RejectsPath: filepath.Join(dir, "r.jsonl"), LimitRejects: true}
	res, err := load.Run(t.Context(), p, snapshotSource(t, db.Pool), through(t, refuser{marker: strings.Repeat(`{"L":[`, 20)}), o)
	var tooMany *pipeline.TooManyRejectsError
	if !errors.As(err, &tooMany) || tooMany.Rejected != 1 || len(tooMany.NotLoaded) != 1 || tooMany.NotLoaded[0] != p.Tables[1].Target {
		t.Fatalf("err %v (%+v), want the reject limit naming %s as not loaded", err, tooMany, p.Tables[1].Target)
	}
	if len(res.Tables) != 1 || !res.Tables[0].Complete || res.Tables[0].Written != 99 {
		t.Fatalf("result %+v", res.Tables)
	}
}

// TestRejectLimitSaysWhenTheCountIsAnEstimate: a load stopped before its
// read reached the end of the table knows only the plan's estimate of its
// rows, and says so.
func TestRejectLimitSaysWhenTheCountIsAnEstimate(t *testing.T) {
	t.Parallel()
	e := &pipeline.TooManyRejectsError{Rejected: 6, Max: 5, Table: "events", Acknowledged: 900, SourceRows: 20000}
	if msg := e.Error(); !strings.Contains(msg, "events: 900 of about 20,000 rows acknowledged") {
		t.Errorf("estimated count: %s", msg)
	}
	e.Counted = true
	if msg := e.Error(); !strings.Contains(msg, "events: 900 of 20,000 rows acknowledged") {
		t.Errorf("exact count: %s", msg)
	}
}

// TestResumeOutOfSortKeyOrder interrupts and resumes a load of a table
// whose rows arrive in no order within their keys, so every key's rows are
// sorted on the client (spill files, sort runs) and the rows are hashed and
// encoded on four goroutines: the resume rechecks the same order from a new
// snapshot, writes each row from the frontier on once, and verify is clean.
func TestResumeOutOfSortKeyOrder(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 0)
	fixture.Exec(t, s.db.Pool,
		`CREATE TABLE public.shuffled AS SELECT * FROM public.events ORDER BY md5(seq::text)`,
		`TRUNCATE public.events`,
		`INSERT INTO public.events SELECT * FROM public.shuffled`,
		`DROP TABLE public.shuffled`)
	cp := s.interrupt(t, 40)
	first := s.accepted(t)
	src := s.source(t)
	opts := s.opts(true)
	opts.Encoders = 4
	res, err := load.Run(t.Context(), s.plan, src, s.ddb, opts)
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Tables[0]
	if !tr.Complete || tr.Skipped != cp.Position || tr.Rechecked != cp.Position || tr.Skipped+tr.Read != resumeRows {
		t.Fatalf("resume result %+v, checkpoint %+v", tr, cp)
	}
	if again := s.accepted(t) - first; again != resumeRows-cp.Position {
		t.Fatalf("the resume wrote %d items, want %d (the rows from the frontier %d on, once each)", again, resumeRows-cp.Position, cp.Position)
	}
	if ts := s.stats(t); ts.StoredItems != resumeRows {
		t.Fatalf("after the resume: %d items stored, want %d", ts.StoredItems, resumeRows)
	}
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 2000)
}

// TestResumeOfAVersion3Checkpoint resumes a checkpoint written in version
// 3, whose row digests are SHA-256 (version 4's are XXH3): the resume
// compares the claims with digests of the checkpoint's own version,
// completes, and keeps the version. The same checkpoint relabelled as
// version 4 is refused, which shows that the version chooses the digest.
func TestResumeOfAVersion3Checkpoint(t *testing.T) {
	t.Parallel()
	s := newResumeSetup(t, 0)
	ctx, cancel := context.WithCancel(t.Context())
	_, err := load.Run(ctx, s.plan, s.source(t), cancelAfter(s.ddb, 40, cancel), load.WithCheckpointVersion(s.opts(false), 3))
	cancel()
	if !errors.Is(err, pipeline.ErrInterrupted) {
		t.Fatalf("first load: %v, want interrupted", err)
	}
	cp, err := load.ReadCheckpoint(s.cp)
	if err != nil || cp == nil || cp.Version != 3 {
		t.Fatalf("checkpoint %+v (%v), want version 3", cp, err)
	}
	tc := cp.Tables[s.plan.Tables[0].Target]
	if tc == nil || tc.Position <= 0 || tc.Done {
		t.Fatalf("checkpoint after the interruption: %+v", tc)
	}

	raw, err := os.ReadFile(s.cp)
	if err != nil {
		t.Fatal(err)
	}
	relabelled := strings.Replace(string(raw), `"version": 3,`, `"version": 4,`, 1)
	if relabelled == string(raw) {
		t.Fatalf("no version 3 in the checkpoint:\n%s", raw)
	}
	cp4 := filepath.Join(t.TempDir(), "relabelled.checkpoint.json")
	if err := os.WriteFile(cp4, []byte(relabelled), 0o644); err != nil {
		t.Fatal(err)
	}
	o := s.opts(true)
	o.CheckpointPath = cp4
	if _, err := load.Run(t.Context(), s.plan, s.source(t), s.ddb, o); err == nil || !strings.Contains(err.Error(), "of the load order differ") {
		t.Fatalf("resume of version 3 claims read as version 4: %v, want a refusal", err)
	}

	src := s.source(t)
	res, err := load.Run(t.Context(), s.plan, src, s.ddb, s.opts(true))
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; !tr.Complete || tr.Skipped != tc.Position || tr.Rechecked != tc.Position || tr.Skipped+tr.Read != resumeRows {
		t.Fatalf("resume result %+v, checkpoint %+v", tr, tc)
	}
	fixture.MustVerify(t, s.plan, src, s.ddb, s.rej, 2000)
	after, err := load.ReadCheckpoint(s.cp)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != 3 || !after.Tables[s.plan.Tables[0].Target].Done {
		t.Fatalf("final checkpoint version %d, table %+v; want version 3, done", after.Version, after.Tables[s.plan.Tables[0].Target])
	}
}
