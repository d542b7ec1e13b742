package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// eventsTable creates public.events with rows rows; every 997th has a NaN
// reading in v, which a plan keeps as a string unless the test asks for
// rejects (rejectSpecials).
func eventsTable(t *testing.T, db *testenv.Database, rows int) {
	t.Helper()
	for _, q := range []string{
		`CREATE TABLE public.events (device text, seq int, at timestamptz, payload text, v float8, PRIMARY KEY (device, seq))`,
		fmt.Sprintf(`INSERT INTO public.events SELECT 'd' || (i %% 300), i, timestamptz '2024-01-01' + i * interval '1 s', md5(i::text),
		   CASE WHEN i %% 997 = 0 THEN 'NaN'::float8 ELSE i / 4.0 END FROM generate_series(1, %d) i`, rows),
		`ANALYZE public.events`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
}

// planEvents writes the plan of db to dir and returns its path.
func planEvents(t *testing.T, db *testenv.Database, dir, prefix string) string {
	t.Helper()
	planPath := filepath.Join(dir, "events.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", fmt.Sprintf("%s%d_", prefix, time.Now().UnixNano()%1e9), "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	return planPath
}

// killMidLoad runs the built binary with args and kills it with SIGKILL
// once the checkpoint's frontier has passed minPos; it returns the
// checkpoint the killed process left.
func killMidLoad(t *testing.T, args []string, cpPath string, minPos, total int64) *load.TableCheckpoint {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = os.Environ()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	var pos int64
	for time.Now().Before(deadline) {
		if cp, err := load.ReadCheckpoint(cpPath); err == nil && cp != nil {
			for _, tc := range cp.Tables {
				pos = tc.Position
			}
		}
		if pos >= minPos {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait() //nolint:errcheck // killed
	cp, err := load.ReadCheckpoint(cpPath)
	if err != nil || cp == nil {
		t.Fatalf("checkpoint after the kill: %v", err)
	}
	for _, tc := range cp.Tables {
		if tc.Done || tc.Position < minPos || tc.Position >= total {
			t.Fatalf("checkpoint %+v when killed; want mid-load\n%s", tc, stderr.String())
		}
		return tc
	}
	t.Fatal("empty checkpoint")
	return nil
}

// TestKillEditResumeRefused kills a load with SIGKILL, deletes 100 rows
// that were written and inserts 100 others (the row count stays), and
// requires --resume to refuse, naming the rows, where it used to skip 100
// rows and leave 100 stale items with verify balancing. A fresh
// --recreate load then keeps the first run's rejects aside and verifies.
func TestKillEditResumeRefused(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 40000)
	// The simulator: what is checked is the checkpoint and the rejects,
	// not the endpoint; TestLoadAndVerifyCommands holds the CLI to dynalite.
	sim, target := simTarget(t)
	endpoint := sim.URL()
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "edit")
	rejectSpecials(t, planPath, "v") // the killed run's rejects, which a fresh load keeps aside
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--workers", "2", "--progress", "none", "--max-rejects", "1000"}, target...)
	killMidLoad(t, loadArgs, planPath+".checkpoint.json", 5000, 40000)

	ddb := testenv.DynamoDBAt(endpoint)
	// The plan names the target.
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	table := p.Tables[0].Target
	scan, err := ddb.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(table), Limit: aws.Int32(100)})
	if err != nil || len(scan.Items) != 100 {
		t.Fatalf("scan %s: %v", table, err)
	}
	for i, it := range scan.Items {
		dev, seq := it["device"].(*types.AttributeValueMemberS), it["seq"].(*types.AttributeValueMemberN)
		for _, q := range []string{
			fmt.Sprintf(`DELETE FROM public.events WHERE device = '%s' AND seq = %s`, dev.Value, seq.Value),
			fmt.Sprintf(`INSERT INTO public.events VALUES ('new%d', %d, now(), 'x', 1)`, i, 900000+i),
		} {
			if _, err := db.Pool.Exec(t.Context(), q); err != nil {
				t.Fatal(err)
			}
		}
	}
	code, out, errOut := runCLI(t, append(loadArgs, "--resume")...)
	if code == 0 || !strings.Contains(errOut, "source table public.events changed since the interrupted load: rows ") {
		t.Fatalf("resume after DELETE+INSERT: exit %d\n%s\n%s", code, out, errOut)
	}
	first, err := item.ReadRejects(planPath + ".rejects.jsonl")
	if err != nil || len(first) == 0 {
		t.Fatalf("rejects of the killed run: %d, %v", len(first), err)
	}
	code, out, errOut = runCLI(t, append(loadArgs, "--recreate", "--yes")...)
	if code != 0 || !strings.Contains(errOut, "moved the rejects of an earlier load") {
		t.Fatalf("fresh load: exit %d\n%s\n%s", code, out, errOut)
	}
	if kept, err := item.ReadRejects(planPath + ".rejects.1.jsonl"); err != nil || len(kept) != len(first) {
		t.Fatalf("the killed run's rejects were not kept aside: %d of %d, %v", len(kept), len(first), err)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL, "--sample", "2000"}, target...)...)
	if code != 0 || !strings.Contains(out, "40,000 source rows - 40 rejected = 39,960 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestMaxRejectsStopsEarly: more rejects than --max-rejects stop the load
// at once with exit status 3 and a message that says what was written;
// the old loader wrote every row and only then exited 3.
func TestMaxRejectsStopsEarly(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 40000)
	// The simulator: what is checked is where the load stops and what it
	// says; TestLoadAndVerifyCommands holds the CLI to dynalite.
	sim, target := simTarget(t)
	endpoint := sim.URL()
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "maxrej")
	rejectSpecials(t, planPath, "v")     // the rejects that stop the load
	withoutPredictedRejects(t, planPath) // else the load refuses before it starts
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)
	code, out, errOut := runCLI(t, append(loadArgs, "--max-rejects", "3")...)
	if code != 3 || !strings.Contains(errOut, "load stopped: ") || !strings.Contains(errOut, "more than --max-rejects 3") ||
		!strings.Contains(errOut, "rows acknowledged") {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	cp, err := load.ReadCheckpoint(planPath + ".checkpoint.json")
	if err != nil || cp == nil {
		t.Fatal(err)
	}
	var table string
	for name, tc := range cp.Tables {
		table = name
		if tc.Done || tc.Position >= 40000-40 {
			t.Fatalf("the load did not stop early: %+v", tc)
		}
	}
	items, err := testenv.DynamoDBAt(endpoint).Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(table), Select: types.SelectCount})
	if err != nil {
		t.Fatal(err)
	}
	if items.LastEvaluatedKey == nil && items.Count >= 40000-40 {
		t.Fatalf("%d items written after the limit was passed", items.Count)
	}
	code, out, errOut = runCLI(t, append(loadArgs, "--resume", "--max-rejects", "40")...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "40,000 source rows - 40 rejected = 39,960 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestKillAndResumeWithReaders kills a load that reads its table with 4
// connections in ctid ranges of one snapshot, resumes it with 2 (the row
// order does not depend on the number of readers), and requires verify to
// find every row: 40,000 rows of about 350 bytes, over the 8 MiB from
// which a table is split.
func TestKillAndResumeWithReaders(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 40000)
	for _, q := range []string{
		`UPDATE public.events SET payload = payload || repeat('x', 300)`,
		`VACUUM FULL public.events`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	var blocks int64
	if err := db.Pool.QueryRow(t.Context(), `SELECT pg_relation_size('public.events') / 8192`).Scan(&blocks); err != nil || blocks < 1024 {
		t.Fatalf("events has %d blocks (%v); the test needs at least 1024 for a split read", blocks, err)
	}
	_, target := simTarget(t)
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "readers")
	rejectSpecials(t, planPath, "v") // rejects below the frontier of a split read count once
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--workers", "2", "--progress", "none", "--max-rejects", "1000"}, target...)
	killMidLoad(t, append(loadArgs, "--readers", "4"), planPath+".checkpoint.json", 5000, 40000)
	code, out, errOut := runCLI(t, append(loadArgs, "--resume", "--readers", "2")...)
	if code != 0 || !strings.Contains(out, "resumed at") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL, "--sample", "2000"}, target...)...)
	if code != 0 || !strings.Contains(out, "40,000 source rows - 40 rejected = 39,960 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
	code, _, errOut = runCLI(t, append(loadArgs, "--recreate", "--yes", "--readers", "5", "--source-max-connections", "4")...)
	if code == 0 || !strings.Contains(errOut, "--readers must be between 1 and --source-max-connections (4), got 5") {
		t.Errorf("--readers over --source-max-connections: exit %d: %s", code, errOut)
	}
}
