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

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestKillAndResumeLargeTablesSideBySide kills with SIGKILL a load of two
// large tables that load side by side (both mid-load at the kill, which
// one table at a time never is), resumes it, and requires verify clean.
// The plan's estimates are raised over the small-table bound, so the
// tables count as large without loading 100,000 rows each.
func TestKillAndResumeLargeTablesSideBySide(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	const rows = 40000
	for _, name := range []string{"alpha", "beta"} {
		for _, q := range []string{
			fmt.Sprintf(`CREATE TABLE public.%s (device text, seq int, payload text, PRIMARY KEY (device, seq))`, name),
			fmt.Sprintf(`INSERT INTO public.%s SELECT 'd' || (i %% 300), i, md5(i::text) FROM generate_series(1, %d) i`, name, rows),
			fmt.Sprintf(`ANALYZE public.%s`, name),
		} {
			if _, err := db.Pool.Exec(t.Context(), q); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, target := simTarget(t)
	dir := t.TempDir()
	planPath := filepath.Join(dir, "two.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", fmt.Sprintf("side%d_", time.Now().UnixNano()%1e9), "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Tables) != 2 {
		t.Fatalf("plan has %d tables", len(p.Tables))
	}
	for i := range p.Tables {
		p.Tables[i].Estimates.Items = 500_000
	}
	if err := plans.WriteFile(planPath, p); err != nil {
		t.Fatal(err)
	}
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--workers", "2", "--readers", "4", "--progress", "none"}, target...)

	cpPath := planPath + ".checkpoint.json"
	cmd := exec.Command(binary(t), loadArgs...)
	cmd.Env = os.Environ()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill once both tables have acknowledged rows, or when one is done.
	bothMid := func(cp *load.Checkpoint) (mid, over bool) {
		n := 0
		for _, tc := range cp.Tables {
			if tc.Done {
				return false, true
			}
			if tc.Position > 0 {
				n++
			}
		}
		return n == 2, false
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if cp, err := load.ReadCheckpoint(cpPath); err == nil && cp != nil {
			if mid, over := bothMid(cp); mid || over {
				break
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait() //nolint:errcheck // killed
	cp, err := load.ReadCheckpoint(cpPath)
	if err != nil || cp == nil {
		t.Fatalf("checkpoint after the kill: %v", err)
	}
	if mid, _ := bothMid(cp); !mid {
		for target, tc := range cp.Tables {
			t.Logf("%s: done %v, position %d", target, tc.Done, tc.Position)
		}
		t.Fatalf("the two tables were not both mid-load at the kill\n%s", stderr.String())
	}
	code, out, errOut := runCLI(t, append(loadArgs, "--resume")...)
	if code != 0 || strings.Count(out, "resumed at") != 2 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL, "--sample", "500"}, target...)...)
	if code != 0 || strings.Count(out, "40,000 source rows") != 2 {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
