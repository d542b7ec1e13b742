package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestWholeRowDuplicatesEndToEnd: a table whose rows repeat in every
// column goes through plan → review → load → verify in the CLI unedited
// (every copy numbered), and again after the reviewer edits the plan to
// keep-one: the repeats go to the rejects file, within --max-rejects 0,
// and verify accounts for them.
func TestWholeRowDuplicatesEndToEnd(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.hist (customerid int NOT NULL, orderid int NOT NULL, prod_id int NOT NULL)`,
		`INSERT INTO public.hist SELECT i % 97 + 1, i, (i * 7) % 500 + 1 FROM generate_series(1, 600) i`,
		`INSERT INTO public.hist SELECT * FROM public.hist WHERE orderid % 50 = 0`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	p := endToEnd(t, db, "dups")
	if d := p.Tables[0].Duplicates; d == nil || d.Action != plans.DuplicatesNumber || d.Groups != 12 || d.Repeats != 12 {
		t.Fatalf("plan duplicates %+v", d)
	}

	_, target := targetEnv(t)
	planPath := filepath.Join(t.TempDir(), "dups.yaml")
	prefix := fmt.Sprintf("dup%d_", time.Now().UnixNano()%1e9)
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", prefix, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	p.Tables[0].Duplicates.Action = plans.DuplicatesKeepOne
	if err := plans.WriteFile(planPath, p); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "review", planPath, "--source", db.URL)
	if code != 0 || !strings.Contains(out, "Whole-row duplicates: 12 sets of identical rows (12 repeats), action keep-one") {
		t.Fatalf("review: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)...); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "612 source rows - 0 rejected - 12 repeats dropped = 600 items") || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
