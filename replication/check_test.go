package replication_test

import (
	"os"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// TestCheckRefusals: each table sync cannot follow is refused with its
// reason and the statement that fixes it; the tables it can follow pass.
func TestCheckRefusals(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		// Key name: no unique index on it.
		`CREATE TABLE public.a (id int PRIMARY KEY, name text NOT NULL)`,
		// Key name: unique, but the identity is the primary key.
		`CREATE TABLE public.b (id int PRIMARY KEY, name text NOT NULL UNIQUE)`,
		// Key code: unique but nullable, and no primary key: only FULL.
		`CREATE TABLE public.c (code text UNIQUE, v text)`,
		// Key name: unique, and the replica identity.
		`CREATE TABLE public.d (id int PRIMARY KEY, name text NOT NULL)`,
		`CREATE UNIQUE INDEX d_name ON public.d (name)`,
		`ALTER TABLE public.d REPLICA IDENTITY USING INDEX d_name`,
		// Key (id, v) under FULL.
		`CREATE TABLE public.e (id int PRIMARY KEY, v text)`,
		`ALTER TABLE public.e REPLICA IDENTITY FULL`,
		// Whole-row duplicates numbered by the plan.
		`CREATE TABLE public.f (id int PRIMARY KEY, v text)`,
		// Key (id, v, at): the partitioned table's identity is FULL, its
		// partition's is its primary key (id, at).
		`CREATE TABLE public.g (id int, v text, at date, PRIMARY KEY (id, at)) PARTITION BY RANGE (at)`,
		`CREATE TABLE public.g1 PARTITION OF public.g FOR VALUES FROM ('2000-01-01') TO ('2100-01-01')`,
		`ALTER TABLE public.g REPLICA IDENTITY FULL`,
		`INSERT INTO public.g SELECT i, 'x' || i, date '2024-01-01' + i FROM generate_series(1, 20) i`,
	)
	for _, tb := range []string{"a", "b", "c", "d", "e", "f"} {
		fixture.Exec(t, db.Pool, `INSERT INTO public.`+tb+` SELECT i, 'x' || i FROM generate_series(1, 20) i`)
	}
	fixture.Exec(t, db.Pool, `ANALYZE`)
	p := fixture.PlannedFor(t, db.Pool)
	keys := map[string]string{"public.a": "name", "public.b": "name", "public.c": "code", "public.d": "name", "public.e": "id", "public.f": "id", "public.g": "id"}
	for i := range p.Tables {
		tb := &p.Tables[i]
		parts := []plans.KeyPart{{Column: keys[tb.Source], Encoding: plans.EncString}}
		if tb.Source == "public.e" || tb.Source == "public.g" {
			parts = append(parts, plans.KeyPart{Column: "v", Encoding: plans.EncString})
		}
		if tb.Source == "public.g" {
			parts = append(parts, plans.KeyPart{Column: "at", Encoding: plans.EncString})
		}
		fixture.SetKeys(tb, parts)
		if tb.Source == "public.f" {
			tb.Duplicates = &plans.Duplicates{Action: plans.DuplicatesNumber, Groups: 1}
		}
	}
	refusals, err := replication.Check(t.Context(), db.Pool, p.Tables)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]replication.Refusal{}
	for _, r := range refusals {
		got[r.Source] = r
	}
	want := map[string][2]string{
		"public.a": {"no unique index proves the plan's key columns (name) unique", `CREATE UNIQUE INDEX "a_pg2ddb_key" ON "public"."a" ("name"); ALTER TABLE "public"."a" REPLICA IDENTITY USING INDEX "a_pg2ddb_key"`},
		"public.b": {"replica identity is DEFAULT (the primary key) (id), which does not include the plan's key column(s) name", `ALTER TABLE "public"."b" REPLICA IDENTITY USING INDEX "b_name_key"`},
		"public.c": {"DEFAULT, and the table has no primary key", `ALTER TABLE "public"."c" REPLICA IDENTITY FULL`},
		"public.f": {"numbers whole-row duplicates", "remove the identical rows"},
		"public.g": {"its partition g1 has a replica identity without the plan's key columns (id, v, at)", "ALTER TABLE g1 REPLICA IDENTITY FULL"},
	}
	for src, w := range want {
		r, ok := got[src]
		if !ok {
			t.Errorf("%s: not refused, want %q", src, w[0])
			continue
		}
		if !strings.Contains(r.Reason, w[0]) || !strings.HasPrefix(r.Fix, w[1]) {
			t.Errorf("%s: refused with %q, fix %q; want %q, fix %q", src, r.Reason, r.Fix, w[0], w[1])
		}
	}
	for _, ok := range []string{"public.d", "public.e"} {
		if r, refused := got[ok]; refused {
			t.Errorf("%s refused: %s", ok, r)
		}
	}
}
