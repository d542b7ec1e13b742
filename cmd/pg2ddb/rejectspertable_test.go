package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/item"
)

// TestPartialReloadKeepsOtherTablesRejects: load --tables A --append
// after a load of A and B moves aside A's earlier rejects only; B's stay
// in the rejects file, and verify of B (and of both) still balances.
func TestPartialReloadKeepsOtherTablesRejects(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	// A row over DynamoDB's 400 KB item limit is rejected whatever the
	// plan's choices.
	for _, q := range []string{
		`CREATE TABLE public.alpha (k text, n int, body text, PRIMARY KEY (k, n))`,
		`CREATE TABLE public.beta (k text, n int, body text, PRIMARY KEY (k, n))`,
		`INSERT INTO public.alpha SELECT 'a' || (i % 10), i, CASE WHEN i % 50 = 0 THEN repeat('x', 450000) ELSE md5(i::text) END FROM generate_series(1, 500) i`,
		`INSERT INTO public.beta SELECT 'b' || (i % 10), i, CASE WHEN i % 100 = 0 THEN repeat('y', 450000) ELSE md5(i::text) END FROM generate_series(1, 500) i`,
		`ANALYZE public.alpha`, `ANALYZE public.beta`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	_, target := simTarget(t)
	planPath := planFor(t, db, "--table-prefix", "rpt_")
	rejectsPath := planPath + ".rejects.jsonl"
	load := append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "100"}, target...)
	verify := append([]string{"verify", planPath, "--source", db.URL}, target...)
	if code, out, errOut := runCLI(t, load...); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	count := func(path string) map[string]int {
		t.Helper()
		recs, err := item.ReadRejects(path)
		if err != nil {
			t.Fatal(err)
		}
		n := map[string]int{}
		for _, r := range recs {
			n[r.Table]++
		}
		return n
	}
	if n := count(rejectsPath); n["rpt_alpha"] != 10 || n["rpt_beta"] != 5 {
		t.Fatalf("rejects after the first load: %v, want 10 of alpha and 5 of beta", n)
	}

	code, out, errOut := runCLI(t, append(load, "--tables", "alpha", "--append")...)
	if code != 0 || !strings.Contains(errOut, "moved the rejects of an earlier load of these tables") {
		t.Fatalf("load --tables alpha --append: exit %d\n%s\n%s", code, out, errOut)
	}
	if n := count(rejectsPath); n["rpt_alpha"] != 10 || n["rpt_beta"] != 5 {
		t.Fatalf("rejects after reloading alpha: %v, want alpha's 10 again and beta's 5 kept", n)
	}
	if n := count(filepath.Join(filepath.Dir(planPath), "plan.yaml.rejects.1.jsonl")); n["rpt_alpha"] != 10 || n["rpt_beta"] != 0 {
		t.Fatalf("rejects moved aside: %v, want alpha's earlier 10 only", n)
	}
	code, out, errOut = runCLI(t, verify...)
	if code != 0 || !strings.Contains(out, "ok   rpt_beta: 500 source rows - 5 rejected = 495 items") ||
		!strings.Contains(out, "ok   rpt_alpha: 500 source rows - 10 rejected = 490 items") {
		t.Fatalf("verify after a partial reload: exit %d\n%s\n%s", code, out, errOut)
	}
}
