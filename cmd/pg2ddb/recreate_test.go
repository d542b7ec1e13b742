package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// smallTable creates public.notes with rows rows and plans it into dir.
func smallTable(t *testing.T, db *testenv.Database, dir string, rows int) string {
	t.Helper()
	for _, q := range []string{
		`CREATE TABLE public.notes (author text, n int, body text, PRIMARY KEY (author, n))`,
		fmt.Sprintf(`INSERT INTO public.notes SELECT 'a' || (i %% 20), i, md5(i::text) FROM generate_series(1, %d) i`, rows),
		`ANALYZE public.notes`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	planPath := filepath.Join(dir, "notes.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", fmt.Sprintf("rc%d_", time.Now().UnixNano()%1e9), "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	return planPath
}

// answering makes the confirmation read answer from a terminal, or see no
// terminal when answer is "".
func answering(t *testing.T, answer string) {
	in, term := confirmInput, inputIsTerminal
	t.Cleanup(func() { confirmInput, inputIsTerminal = in, term })
	confirmInput = strings.NewReader(answer)
	inputIsTerminal = func() bool { return answer != "" }
}

// TestRecreateAsksOrNeedsYes: --recreate names the tables it would delete
// and deletes nothing unless a person says yes on a terminal or --yes says
// so; without a terminal it refuses in one line with exit status 2.
func TestRecreateAsksOrNeedsYes(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	sim, target := simTarget(t)
	planPath := smallTable(t, db, t.TempDir(), 200)
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)
	if code, _, errOut := runCLI(t, loadArgs...); code != 0 {
		t.Fatalf("load: exit %d: %s", code, errOut)
	}
	stored := func() int64 {
		t.Helper()
		var n int64
		for _, s := range sim.Stats().Tables {
			n += s.StoredItems
		}
		return n
	}
	recreate := append(loadArgs, "--recreate")

	answering(t, "")
	code, out, errOut := runCLI(t, recreate...)
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if code != 2 || len(lines) != 1 || !strings.Contains(errOut, "--recreate would delete 1 existing table and their items: rc") ||
		!strings.Contains(errOut, "pass --yes") || out != "" {
		t.Fatalf("--recreate without a terminal: exit %d\n%s\n%s", code, out, errOut)
	}
	if n := stored(); n != 200 {
		t.Fatalf("%d items after a refused --recreate, want the 200 loaded", n)
	}

	answering(t, "n\n")
	code, _, errOut = runCLI(t, recreate...)
	if code != 1 || !strings.Contains(errOut, "Delete them? [y/N]") || !strings.Contains(errOut, "--recreate not confirmed; nothing was deleted") {
		t.Fatalf("--recreate answered no: exit %d\n%s", code, errOut)
	}
	if n := stored(); n != 200 {
		t.Fatalf("%d items after --recreate answered no, want the 200 loaded", n)
	}

	answering(t, "y\n")
	code, _, errOut = runCLI(t, recreate...)
	if code != 0 || !strings.Contains(errOut, "--recreate deletes 1 existing table and their items: rc") {
		t.Fatalf("--recreate answered yes: exit %d\n%s", code, errOut)
	}

	answering(t, "")
	if code, _, errOut = runCLI(t, append(recreate, "--yes")...); code != 0 {
		t.Fatalf("--recreate --yes: exit %d\n%s", code, errOut)
	}
	if n := stored(); n != 200 {
		t.Fatalf("%d items after two recreated loads, want 200", n)
	}
}
