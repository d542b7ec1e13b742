package extract_test

import (
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestBeginLockedHoldsTheTablesAndSkipsMissingOnes: the plan's tables are
// locked for the whole transaction (ACCESS SHARE, seen in pg_locks after a
// read), a table dropped since the plan is skipped, and the snapshot is
// still exported at the transaction's top level.
func TestBeginLockedHoldsTheTablesAndSkipsMissingOnes(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool, `CREATE TABLE public.kept (id int)`, `CREATE TABLE public."odd ""name""" (id int)`)
	s, err := extract.BeginLocked(t.Context(), db.Pool, []string{"public.kept", "public.gone", `public."odd ""name"""`})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	if s.ID == "" {
		t.Fatal("no exported snapshot")
	}
	var n int
	if err := s.Tx().QueryRow(t.Context(), `SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
		WHERE l.pid = pg_backend_pid() AND l.mode = 'AccessShareLock' AND c.relname IN ('kept', 'odd "name"')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Fatalf("%d of the 2 tables locked", n)
	}
	j, err := extract.Join(t.Context(), db.Pool, s.ID)
	if err != nil {
		t.Fatalf("join the exported snapshot: %v", err)
	}
	j.Close(t.Context())
}
