package blind

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestExpectedFiles parses every expected.yaml and checks the split: every
// schema is tune or holdout, both splits are used and hold comparable numbers
// of tables.
func TestExpectedFiles(t *testing.T) {
	count := map[string]int{}
	for _, s := range Schemas() {
		e, err := Expected(s)
		if err != nil {
			t.Fatal(err)
		}
		count[e.Split] += len(e.Tables)
		t.Logf("%-15s %-7s %3d tables", s, e.Split, len(e.Tables))
	}
	if count[SplitTune] == 0 || count[SplitHoldout] == 0 {
		t.Fatalf("both splits must be used: %v", count)
	}
	t.Logf("tables per split: %v", count)
	if _, err := Expected("no-such-schema"); err == nil {
		t.Error("Expected of an unknown schema did not fail")
	}
}

// TestBuild builds every schema into a fresh database and checks that the
// built tables and the verdicts match, that every table has rows, that
// every column a verdict names exists, that all constraints are validated,
// and that the build holds the same data as the schema's template database
// (NewDatabase), which is another build of the same files: made once per
// server and content, by this run or an earlier one.
func TestBuild(t *testing.T) {
	var totalRows int64
	var totalTables int
	var totalTime time.Duration
	for _, schema := range Schemas() {
		t.Run(schema, func(t *testing.T) {
			e, err := Expected(schema)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()

			db := testenv.NewDatabase(t, "")
			start := time.Now()
			if err := Build(ctx, db.Pool, schema); err != nil {
				t.Fatal(err)
			}
			took := time.Since(start)

			tables := builtTables(ctx, t, db.Pool)
			verdicts := map[string]*TableVerdict{}
			for i := range e.Tables {
				verdicts[e.Tables[i].Table] = &e.Tables[i]
			}
			for _, name := range sortedKeys(tables) {
				if verdicts[name] == nil {
					t.Errorf("%s: built but has no entry in expected.yaml", name)
				}
			}
			var rows int64
			for _, v := range e.Tables {
				cols, ok := tables[v.Table]
				if !ok {
					t.Errorf("%s: in expected.yaml but not built", v.Table)
					continue
				}
				for _, c := range v.Columns() {
					if !cols[c] {
						t.Errorf("%s: verdict names column %q, which the table does not have", v.Table, c)
					}
				}
				n := rowCount(ctx, t, db.Pool, v.Table)
				if n == 0 {
					t.Errorf("%s: no rows", v.Table)
				}
				rows += n
			}

			var invalid []string
			if err := db.Pool.QueryRow(ctx, `SELECT coalesce(array_agg(conrelid::regclass || ' ' || conname), '{}') FROM pg_constraint
				WHERE NOT convalidated AND connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)`).Scan(&invalid); err != nil {
				t.Fatal(err)
			}
			if len(invalid) > 0 {
				t.Errorf("constraints not validated: %v", invalid)
			}
			var leftovers int
			if err := db.Pool.QueryRow(ctx, `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE n.nspname LIKE 'pg_temp%'`).Scan(&leftovers); err != nil {
				t.Fatal(err)
			}
			if leftovers > 0 {
				t.Errorf("the build left %d relations in pg_temp", leftovers)
			}

			// Another build must hold exactly the same rows.
			db2 := NewDatabase(t, schema)
			for _, name := range sortedKeys(tables) {
				a, b := fingerprint(ctx, t, db.Pool, name), fingerprint(ctx, t, db2.Pool, name)
				if a != b {
					t.Errorf("%s: two builds differ: %s vs %s", name, a, b)
				}
			}

			t.Logf("%s (%s): %d tables, %d rows, built in %v", schema, e.Split, len(tables), rows, took.Round(time.Millisecond))
			totalRows += rows
			totalTables += len(tables)
			totalTime += took
		})
	}
	t.Logf("corpus: %d tables, %d rows, built in %v (one build of each schema)", totalTables, totalRows, totalTime.Round(time.Millisecond))
}

// builtTables returns the tables of the database's own schemas with their
// columns.
func builtTables(ctx context.Context, t *testing.T, pool *pgxpool.Pool) map[string]map[string]bool {
	t.Helper()
	rows, err := pool.Query(ctx, `SELECT n.nspname || '.' || c.relname, a.attname
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
		  AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast%'`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		if out[table] == nil {
			out[table] = map[string]bool{}
		}
		out[table][col] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func quoted(table string) string {
	schema, name, _ := strings.Cut(table, ".")
	return pgx.Identifier{schema, name}.Sanitize()
}

func rowCount(ctx context.Context, t *testing.T, pool *pgxpool.Pool, table string) int64 {
	t.Helper()
	var n int64
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM "+quoted(table)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// fingerprint is a table's row count and the md5 of all its rows as text, in
// byte order.
func fingerprint(ctx context.Context, t *testing.T, pool *pgxpool.Pool, table string) string {
	t.Helper()
	var n int64
	var sum string
	if err := pool.QueryRow(ctx, `SELECT count(*), md5(coalesce(string_agg(r, E'\n' ORDER BY r COLLATE "C"), ''))
		FROM (SELECT t::text AS r FROM `+quoted(table)+` t) x`).Scan(&n, &sum); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d rows, md5 %s", n, sum)
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
