package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// clusteredEvents creates public.events as eventsTable does, with its
// rows in the heap in partition-key order (each device's rows in
// descending seq, so a plain read's client sort has work) or shuffled.
func clusteredEvents(t *testing.T, db *testenv.Database, rows int, clustered bool) {
	t.Helper()
	order := "md5(i::text)"
	if clustered {
		order = "1, 2 DESC"
	}
	for _, q := range []string{
		`CREATE TABLE public.events (device text, seq int, at timestamptz, payload text, v float8, PRIMARY KEY (device, seq))`,
		fmt.Sprintf(`INSERT INTO public.events SELECT 'd' || lpad((i %% 300)::text, 3, '0'), i, timestamptz '2024-01-01' + i * interval '1 s', md5(i::text),
		   CASE WHEN i %% 997 = 0 THEN 'NaN'::float8 ELSE i / 4.0 END FROM generate_series(1, %d) i ORDER BY %s`, rows, order),
		`ANALYZE public.events`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKillAndResumeThroughAnIndex kills a load that reads a clustered
// table through its primary key's index (chosen from the source's
// statistics and plan), resumes it, and requires verify to find every
// row; the load says which read it used.
func TestKillAndResumeThroughAnIndex(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	clusteredEvents(t, db, 40000, true)
	_, target := simTarget(t)
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "index")
	rejectSpecials(t, planPath, "v")
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--workers", "2", "--progress", "none", "--max-rejects", "1000"}, target...)
	killMidLoad(t, loadArgs, planPath+".checkpoint.json", 5000, 40000)
	code, out, errOut := runCLI(t, append(loadArgs, "--resume")...)
	if code != 0 || !strings.Contains(out, "resumed at") || !strings.Contains(out, "through index events_pkey") ||
		!strings.Contains(errOut, "read in sort-key order through index events_pkey") || !strings.Contains(errOut, "correlation") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL, "--sample", "2000"}, target...)...)
	if code != 0 || !strings.Contains(out, "40,000 source rows - 40 rejected = 39,960 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestResumeReadsAsTheKilledLoad kills a load forced through the index
// (--read index) of a shuffled table, on which --read auto would scan, and
// resumes it with --read auto: the resume reads through the index again,
// as the checkpoint's stream says, and verify finds every row. A forced
// plain read is refused instead of read the other way.
func TestResumeReadsAsTheKilledLoad(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	clusteredEvents(t, db, 40000, false)
	_, target := simTarget(t)
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "pin")
	rejectSpecials(t, planPath, "v")
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--workers", "2", "--progress", "none", "--max-rejects", "1000"}, target...)
	killMidLoad(t, append(loadArgs, "--read", "index"), planPath+".checkpoint.json", 5000, 40000)
	code, _, errOut := runCLI(t, append(loadArgs, "--resume", "--read", "scan")...)
	if code == 0 || !strings.Contains(errOut, "the interrupted load read public.events through index events_pkey; resume with --read auto or index") {
		t.Fatalf("resume with --read scan: exit %d\n%s", code, errOut)
	}
	code, out, errOut := runCLI(t, append(loadArgs, "--resume")...)
	if code != 0 || !strings.Contains(out, "resumed at") || !strings.Contains(errOut, "as the interrupted load read it") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL, "--sample", "2000"}, target...)...)
	if code != 0 || !strings.Contains(out, "40,000 source rows - 40 rejected = 39,960 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
