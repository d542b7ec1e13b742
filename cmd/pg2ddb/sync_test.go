package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/follow"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
)

// workloadSchema creates the tables the sync tests follow, one per kind
// of replica identity and key: accounts keyed by a unique name (identity
// USING INDEX, so an unchanged TOASTed value is read from the source),
// tags keyed by code (identity FULL, so it comes in the old row), visits
// with a sort key built from a column that updates change (FULL). Every
// table has NULLs, TOASTed values (big, stored out of line) and, in
// accounts, NaN readings that syncPlan's plan rejects.
func workloadSchema(t *testing.T, db *testenv.Database, rows int) {
	t.Helper()
	for _, q := range []string{
		`CREATE TABLE accounts (id int PRIMARY KEY, name text NOT NULL, note text, big text, v float8, at timestamptz)`,
		`ALTER TABLE accounts ALTER COLUMN big SET STORAGE EXTERNAL`,
		`CREATE UNIQUE INDEX accounts_name ON accounts (name)`,
		`ALTER TABLE accounts REPLICA IDENTITY USING INDEX accounts_name`,
		`CREATE TABLE tags (code text NOT NULL UNIQUE, owner int NOT NULL, label text, big text, n numeric)`,
		`ALTER TABLE tags ALTER COLUMN big SET STORAGE EXTERNAL`,
		`ALTER TABLE tags REPLICA IDENTITY FULL`,
		`CREATE TABLE visits (account int NOT NULL, seq int NOT NULL, what text NOT NULL, PRIMARY KEY (account, seq))`,
		`ALTER TABLE visits REPLICA IDENTITY FULL`,
		fmt.Sprintf(`INSERT INTO accounts SELECT i, 'acct ' || i, CASE WHEN i %% 4 = 0 THEN NULL ELSE 'note ' || i END,
		   CASE WHEN i %% 5 = 0 THEN repeat(md5(i::text), 100) END, CASE WHEN i %% 97 = 0 THEN 'NaN' ELSE i / 8.0 END,
		   timestamptz '2024-01-01' + i * interval '1 min' FROM generate_series(1, %d) i`, rows),
		fmt.Sprintf(`INSERT INTO tags SELECT 'tag-' || i, i %% 300, CASE WHEN i %% 6 = 0 THEN NULL ELSE 'label ' || i END,
		   CASE WHEN i %% 3 = 0 THEN repeat(md5(i::text), 100) END, i * 1.25 FROM generate_series(1, %d) i`, rows),
		fmt.Sprintf(`INSERT INTO visits SELECT 1 + i %% 200, i, 'visit ' || i FROM generate_series(1, %d) i`, rows),
		`ANALYZE`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// workload writes random changes to the workload tables until ctx ends:
// inserts, updates that set and clear NULLs, that change an item's key
// (a rename, a new code, a visit's what) while leaving a TOASTed value
// unchanged, that replace the TOASTed value, that make a row rejected
// (NaN) and valid again, deletes, and transactions that roll back. It
// returns the committed and rolled-back transactions.
type workload struct {
	committed, rolledBack atomic.Int64
	next                  atomic.Int64
	failures              atomic.Int64
}

func (w *workload) run(ctx context.Context, pool *pgxpool.Pool, seed uint64, rows int) error {
	rng := rand.New(rand.NewPCG(seed, 7))
	w.next.Store(int64(rows) * 10)
	for ctx.Err() == nil {
		tx, err := pool.Begin(ctx)
		if err != nil {
			break
		}
		ops := 1 + rng.IntN(3)
		var failed error
		for range ops {
			if failed = w.op(ctx, tx, rng, rows); failed != nil {
				break
			}
		}
		if failed != nil && w.failures.Add(1) <= 3 {
			fmt.Fprintln(os.Stderr, "workload:", failed)
		}
		if failed == nil && rng.IntN(8) != 0 {
			if err := tx.Commit(ctx); err == nil {
				w.committed.Add(1)
			}
			continue
		}
		tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
		w.rolledBack.Add(1)
	}
	return nil
}

func (w *workload) op(ctx context.Context, tx pgx.Tx, rng *rand.Rand, rows int) error {
	id := 1 + rng.IntN(rows)
	var q string
	var args []any
	switch rng.IntN(12) {
	case 0:
		q, args = `UPDATE accounts SET note = CASE WHEN note IS NULL THEN 'note ' || $1::int::text ELSE NULL END, v = $2 WHERE id = $3`, []any{rng.IntN(1000), float64(rng.IntN(1000)) / 4, id}
	case 1:
		q, args = `UPDATE accounts SET name = name || '+' WHERE id = $1`, []any{id}
	case 2:
		q, args = `UPDATE accounts SET big = repeat(md5($1::int::text), 120) WHERE id = $2`, []any{rng.IntN(1 << 30), id}
	case 3:
		q, args = `UPDATE accounts SET v = 'NaN' WHERE id = $1`, []any{id}
	case 4:
		q, args = `DELETE FROM accounts WHERE id = $1`, []any{id}
	case 5:
		n := w.next.Add(1)
		q, args = `INSERT INTO accounts VALUES ($1::int, 'new ' || $1::int::text, NULL, CASE WHEN $1::int % 2 = 0 THEN repeat(md5($1::int::text), 100) END, 1.5, now())`, []any{n}
	case 6:
		q, args = `UPDATE tags SET label = CASE WHEN label IS NULL THEN 'relabel' ELSE NULL END, n = n + 1 WHERE code = 'tag-' || $1::int::text`, []any{id}
	case 7:
		q, args = `UPDATE tags SET code = code || '*' WHERE code ~ ('^tag-' || $1::int::text || '\**$')`, []any{id}
	case 8:
		n := w.next.Add(1)
		q, args = `INSERT INTO tags VALUES ('new-' || $1::int::text, $1::int % 300, NULL, repeat(md5($1::int::text), 90), $1::int)`, []any{n}
	case 9:
		q, args = `DELETE FROM tags WHERE code ~ ('^tag-' || $1::int::text || '\**$')`, []any{id}
	case 10:
		q, args = `UPDATE visits SET what = what || '!' WHERE seq = $1`, []any{id}
	default:
		q, args = `DELETE FROM visits WHERE seq = $1`, []any{id}
	}
	_, err := tx.Exec(ctx, q, args...)
	return err
}

// syncPlan designs the plan of the workload database with `pg2ddb plan`,
// with specials: reject on accounts.v: the workload's NaN readings are the
// rejects a sync must count and apply again once the row is valid.
func syncPlan(t *testing.T, db *testenv.Database, dir string) string {
	t.Helper()
	planPath := filepath.Join(dir, "wl.yaml")
	prefix := fmt.Sprintf("sync%d_", time.Now().UnixNano()%1e9)
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", prefix, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	rejectSpecials(t, planPath, "v")
	return planPath
}

// slowSim is the simulator with a little latency per call, so the
// initial load lasts long enough for the workload to change rows under it.
func slowSim(t *testing.T) []string {
	t.Helper()
	sim, err := ddbsim.Start("", ddbsim.Options{PartitionWCU: 1e9, Faults: ddbsim.Faults{Latency: 4 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	return []string{"--endpoint-url", sim.URL(), "--region", "us-east-1"}
}

// waitLoaded waits until the sync state says the initial load is done, or
// the sync ended (its exit code on done), which fails the test.
func waitLoaded(t *testing.T, statePath string, within time.Duration, done <-chan int, stderr *bytes.Buffer) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if st, err := follow.ReadState(statePath); err == nil && st != nil && st.Loaded {
			return
		}
		select {
		case code := <-done:
			t.Fatalf("sync ended during the initial load: exit %d\n%s", code, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("the initial load did not finish within %s", within)
}

// verifyFull runs verify --full and fails unless DynamoDB equals the source.
func verifyFull(t *testing.T, planPath, source string, target []string) string {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"verify", planPath, "--full", "--source", source}, target...)...)
	if code != 0 || !strings.Contains(out, "no differences") {
		t.Fatalf("verify --full: exit %d\n%s\n%s", code, out, errOut)
	}
	return out
}

// TestSyncWorkload follows a workload that runs before, during and after
// the initial load, stops the sync with an interruption, resumes it until
// it has caught up, and checks that DynamoDB equals the source, item by
// item and attribute by attribute.
func TestSyncWorkload(t *testing.T) {
	t.Parallel()
	const rows = 3000
	db := testenv.NewLogicalDatabase(t, "")
	workloadSchema(t, db, rows)
	target := slowSim(t)
	dir := t.TempDir()
	planPath := syncPlan(t, db, dir)

	wctx, stopWriting := context.WithCancel(t.Context())
	defer stopWriting()
	w := &workload{}
	var writers sync.WaitGroup
	writers.Go(func() { w.run(wctx, db.Pool, 1, rows) }) //nolint:errcheck
	time.Sleep(200 * time.Millisecond)

	sctx, stopSync := context.WithCancel(t.Context())
	defer stopSync()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(sctx, append([]string{"sync", planPath, "--source", db.URL, "--workers", "2", "--max-rejects", "100000", "--progress", "log", "--progress-every", "500ms"}, target...), &out, &errb)
	}()
	// The bound only keeps a hang from lasting the whole run: the load
	// is 3,000 rows, but the workload beside it and a busy machine (the
	// race detector, the suite's other tests) can stretch it past a minute.
	waitLoaded(t, planPath+".sync.json", 5*time.Minute, done, &errb)
	during := w.committed.Load()
	time.Sleep(1500 * time.Millisecond)
	stopWriting()
	writers.Wait()
	stopSync()
	if code := <-done; code != 130 {
		t.Fatalf("interrupted sync: exit %d, want 130\n%s\n%s", code, out.String(), errb.String())
	}
	if w.committed.Load() <= during || w.rolledBack.Load() == 0 {
		t.Fatalf("workload: %d transactions committed (%d by the end of the load), %d rolled back: not a workload during and after the load", w.committed.Load(), during, w.rolledBack.Load())
	}
	if !strings.Contains(errb.String(), "changes applied") {
		t.Fatalf("no progress reported:\n%s", errb.String())
	}
	code, stdout, errOut := runCLI(t, append([]string{"sync", planPath, "--source", db.URL, "--resume", "--until-caught-up", "--max-rejects", "100000", "--progress", "none"}, target...)...)
	if code != 0 || !strings.Contains(stdout, "caught up") {
		t.Fatalf("sync --resume --until-caught-up: exit %d\n%s\n%s", code, stdout, errOut)
	}
	st, err := follow.ReadState(planPath + ".sync.json")
	if err != nil {
		t.Fatal(err)
	}
	var applied, rejected int64
	for _, c := range st.Tables {
		applied += c.Inserts + c.Updates + c.Deletes
		rejected += c.Rejected
	}
	if applied == 0 || rejected == 0 {
		t.Fatalf("sync state counts %d changes applied, %d rejected: the workload should give both", applied, rejected)
	}
	t.Logf("workload: %d transactions committed, %d rolled back; %d changes applied, %d rejected", w.committed.Load(), w.rolledBack.Load(), applied, rejected)
	verifyFull(t, planPath, db.URL, target)

	// verify --full finds an item missing and an item no row has.
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	tb := p.Tables[0]
	ddb := testenv.DynamoDBAt(target[1])
	scan, err := ddb.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(tb.Target), Limit: aws.Int32(1)})
	if err != nil || len(scan.Items) != 1 {
		t.Fatalf("scan %s: %v", tb.Target, err)
	}
	victim := scan.Items[0]
	key := map[string]types.AttributeValue{tb.PartitionKey.Attribute: victim[tb.PartitionKey.Attribute]}
	if tb.SortKey != nil {
		key[tb.SortKey.Attribute] = victim[tb.SortKey.Attribute]
	}
	if _, err := ddb.BatchWriteItem(t.Context(), &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		tb.Target: {{DeleteRequest: &types.DeleteRequest{Key: key}}}}}); err != nil {
		t.Fatal(err)
	}
	extra := map[string]types.AttributeValue{}
	for k, v := range key {
		extra[k] = v
	}
	extra[tb.PartitionKey.Attribute] = &types.AttributeValueMemberS{Value: "no such row"}
	if tb.PartitionKey.Type == "N" {
		extra[tb.PartitionKey.Attribute] = &types.AttributeValueMemberN{Value: "-424242"}
	}
	if _, err := ddb.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(tb.Target), Item: extra}); err != nil {
		t.Fatal(err)
	}
	code, report, _ := runCLI(t, append([]string{"verify", planPath, "--full", "--source", db.URL, "--tables", tb.Source}, target...)...)
	if code != 1 || !strings.Contains(report, ": missing") || !strings.Contains(report, "extra item") {
		t.Fatalf("verify --full after deleting an item and adding one: exit %d, want 1 naming both\n%s", code, report)
	}

	// --drop removes the slot and the publication.
	if code, out, errOut := runCLI(t, "sync", planPath, "--source", db.URL, "--drop"); code != 0 || !strings.Contains(out, "dropped replication slot") {
		t.Fatalf("sync --drop: exit %d\n%s\n%s", code, out, errOut)
	}
	var slots, pubs int
	if err := db.Pool.QueryRow(t.Context(), "SELECT (SELECT count(*) FROM pg_replication_slots WHERE database = current_database()), (SELECT count(*) FROM pg_publication)").Scan(&slots, &pubs); err != nil {
		t.Fatal(err)
	}
	if slots != 0 || pubs != 0 {
		t.Fatalf("after --drop: %d slots, %d publications left", slots, pubs)
	}
}

// lockedBuffer is a process's output, read while it is written.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// appliedRE matches a sync's progress line of changes applied.
var appliedRE = regexp.MustCompile(`sync: ([0-9,]+) changes applied`)

// appliedSome reports whether a sync's progress lines show changes applied.
func appliedSome(out string) bool {
	for _, m := range appliedRE.FindAllStringSubmatch(out, -1) {
		if m[1] != "0" {
			return true
		}
	}
	return false
}

// TestSyncKillResume kills the sync process with SIGKILL at random points
// (during the initial load and while following) while the workload runs,
// resumes it each time, and checks that DynamoDB equals the source once
// the last run has caught up.
func TestSyncKillResume(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	const rows = 2000
	db := testenv.NewLogicalDatabase(t, "")
	workloadSchema(t, db, rows)
	target := slowSim(t)
	dir := t.TempDir()
	planPath := syncPlan(t, db, dir)
	statePath := planPath + ".sync.json"
	bin := binary(t)

	wctx, stopWriting := context.WithCancel(t.Context())
	defer stopWriting()
	w := &workload{}
	var writers sync.WaitGroup
	writers.Go(func() { w.run(wctx, db.Pool, 2, rows) }) //nolint:errcheck

	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
	const kills = 5
	for i := range kills {
		args := append([]string{"sync", planPath, "--source", db.URL, "--workers", "2", "--max-rejects", "100000", "--progress", "log", "--progress-every", "100ms"}, target...)
		if st, _ := follow.ReadState(statePath); st != nil {
			args = append(args, "--resume")
		}
		cmd := exec.Command(bin, args...)
		cmd.Env = os.Environ()
		stderr := &lockedBuffer{}
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The first kills land during the initial load, the others while
		// following: once the run has applied changes.
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		if i >= 2 {
			deadline := time.Now().Add(time.Minute)
			for !appliedSome(stderr.String()) {
				if time.Now().After(deadline) {
					t.Fatalf("run %d applied no change within a minute\n%s", i, stderr.String())
				}
				select {
				case err := <-exited:
					t.Fatalf("run %d exited before it was killed: %v\n%s", i, err, stderr.String())
				case <-time.After(20 * time.Millisecond):
				}
			}
		}
		wait := time.Duration(rng.IntN(1000)) * time.Millisecond
		if i < 2 {
			wait += 300 * time.Millisecond
		}
		select {
		case err := <-exited:
			t.Fatalf("run %d exited before it was killed: %v\n%s", i, err, stderr.String())
		case <-time.After(wait):
		}
		cmd.Process.Signal(syscall.SIGKILL) //nolint:errcheck
		err := <-exited
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("run %d: %v, want killed\n%s", i, err, stderr.String())
		}
		st, _ := follow.ReadState(statePath)
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		t.Logf("run %d: last said %q", i, lines[len(lines)-1])
		t.Logf("run %d killed %s after %s (loaded: %v)", i, wait, map[bool]string{true: "it applied changes", false: "it started"}[i >= 2], st != nil && st.Loaded)
	}
	stopWriting()
	writers.Wait()
	if _, err := follow.ReadState(statePath); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"sync", planPath, "--source", db.URL, "--until-caught-up", "--max-rejects", "100000", "--progress", "none"}, target...)
	if st, _ := follow.ReadState(statePath); st != nil {
		args = append(args, "--resume")
	}
	code, stdout, errOut := runCLI(t, args...)
	if code != 0 || !strings.Contains(stdout, "caught up") {
		t.Fatalf("final sync: exit %d\n%s\n%s", code, stdout, errOut)
	}
	t.Logf("workload: %d transactions committed, %d rolled back", w.committed.Load(), w.rolledBack.Load())
	verifyFull(t, planPath, db.URL, target)
}

// TestSyncReleasesItsSlotAndDropWaitsForOneJustReleased: the server
// releases a replication slot when the connection's walsender exits, a
// moment after the client closed it, and for that moment
// pg_replication_slots shows the slot active. sync --drop run right after
// a sync refused the slot as "in use by a running sync" (seen as a flake
// of TestSyncRefusesPredictedRejectsBeforeCreatingAnything on a busy
// machine). Now a sync returns only once its slot is released, and
// --drop waits for a slot whose holder is going away: here the test
// holds the slot itself and lets go a second after --drop starts.
func TestSyncReleasesItsSlotAndDropWaitsForOneJustReleased(t *testing.T) {
	t.Parallel()
	db := testenv.NewLogicalDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.meter (id int PRIMARY KEY, reading double precision)`,
		`INSERT INTO public.meter SELECT i, i / 3.0 FROM generate_series(1, 200) i`,
		`ANALYZE public.meter`)
	_, target := simTarget(t)
	planPath := planFor(t, db, "--table-prefix", "syncrel_")
	code, out, errOut := runCLI(t, append([]string{"sync", planPath, "--source", db.URL, "--progress", "none", "--until-caught-up"}, target...)...)
	if code != 0 {
		t.Fatalf("sync: exit %d\n%s\n%s", code, out, errOut)
	}
	slot := defaultSlot(planPath)
	active := func() bool {
		t.Helper()
		var a bool
		if err := db.Pool.QueryRow(t.Context(), "SELECT coalesce(bool_or(active), false) FROM pg_replication_slots WHERE slot_name = $1", slot).Scan(&a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	if active() {
		t.Fatalf("sync returned with its slot %s still in use", slot)
	}

	rc, err := replication.Connect(t.Context(), db.URL)
	if err != nil {
		t.Fatal(err)
	}
	stream, err := rc.StartStream(t.Context(), slot, slot, 0)
	if err != nil {
		rc.Close(t.Context())
		t.Fatal(err)
	}
	if !active() {
		stream.Close(t.Context())
		t.Fatal("the test's stream does not hold the slot")
	}
	released := make(chan struct{})
	go func() {
		defer close(released)
		time.Sleep(time.Second)
		stream.Close(context.Background())
	}()
	code, out, errOut = runCLI(t, "sync", planPath, "--source", db.URL, "--drop")
	<-released
	if code != 0 || !strings.Contains(out, "dropped replication slot "+slot) {
		t.Fatalf("sync --drop while the slot's holder goes away: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestSyncStartsOverFromAnOrphanSlot: a sync killed after creating its
// slot and before writing its first state leaves a slot nothing can resume
// from. The next sync drops it, says so and starts over; a slot that a
// state records is still refused without --resume.
func TestSyncStartsOverFromAnOrphanSlot(t *testing.T) {
	t.Parallel()
	db := testenv.NewLogicalDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.gauge (id int PRIMARY KEY, reading double precision)`,
		`INSERT INTO public.gauge SELECT i, i / 7.0 FROM generate_series(1, 200) i`,
		`ANALYZE public.gauge`)
	_, target := simTarget(t)
	planPath := planFor(t, db, "--table-prefix", "syncorphan_")
	slot := defaultSlot(planPath)
	rc, err := replication.Connect(t.Context(), db.URL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rc.CreateSlot(t.Context(), slot, time.Minute, db.Pool); err != nil {
		rc.Close(t.Context())
		t.Fatal(err)
	}
	rc.Close(t.Context())

	args := append([]string{"sync", planPath, "--source", db.URL, "--progress", "none", "--until-caught-up"}, target...)
	code, out, errOut := runCLI(t, args...)
	if code != 0 || !strings.Contains(errOut, "dropped the replication slot "+slot) || !strings.Contains(out, "caught up") {
		t.Fatalf("sync over an orphan slot: exit %d\n%s\n%s", code, out, errOut)
	}
	verifyFull(t, planPath, db.URL, target)

	// Now a state records the slot: a sync without --resume is refused.
	code, _, errOut = runCLI(t, args...)
	if code == 0 || !strings.Contains(errOut, "exists already") {
		t.Fatalf("sync without --resume over a recorded slot: exit %d\n%s", code, errOut)
	}
	if code, out, errOut := runCLI(t, "sync", planPath, "--source", db.URL, "--drop"); code != 0 {
		t.Fatalf("sync --drop: exit %d\n%s\n%s", code, out, errOut)
	}
}
