package extract_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/google/go-cmp/cmp"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// update rewrites the golden files from what the code produces now:
// go test ./extract -update
var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// snapshot opens a snapshot on db for the test.
func snapshot(t testing.TB, db *testenv.Database) *extract.Snapshot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	s, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	return s
}

func inspect(t testing.TB, db *testenv.Database, opts extract.InspectOptions) *catalog.Schema {
	t.Helper()
	s := snapshot(t, db)
	sc, err := extract.Inspect(context.Background(), s, opts)
	if err != nil {
		t.Fatalf("Inspect: %v", err)
	}
	return sc
}

// golden compares got, as indented JSON, with testdata/golden/name, or
// rewrites the file under -update.
func golden(t *testing.T, name string, got any) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	file := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./extract -update to create it)", err)
	}
	if d := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(b), "\n")); d != "" {
		t.Errorf("%s differs (-want +got); rerun with -update if the change is intended:\n%s", file, d)
	}
}

// stable blanks what varies from run to run and machine to machine: the
// per-test database name and the server version.
func stable(sc *catalog.Schema, dataset string) *catalog.Schema {
	c := *sc
	c.Database = dataset
	c.Version = ""
	return &c
}

func TestInspectGolden(t *testing.T) {
	for _, ds := range testenv.Datasets {
		t.Run(ds, func(t *testing.T) {
			t.Parallel()
			db := testenv.NewDatabase(t, ds)
			golden(t, ds+".json", stable(inspect(t, db, extract.InspectOptions{}), ds))
		})
	}
}

// TestInspectIndexMethod: an index that is not a btree reports its access
// method (a gin or gist index searches inside values, a brin index narrows
// a scan, a hash index looks values up); a btree reports none.
func TestInspectIndexMethod(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	_, err := db.Pool.Exec(context.Background(), `
CREATE TABLE docs (
    id int PRIMARY KEY,
    title text NOT NULL,
    body tsvector,
    during tstzrange,
    made timestamptz,
    code text
);
CREATE INDEX docs_title ON docs (title);
CREATE INDEX docs_body ON docs USING gin (body);
CREATE INDEX docs_during ON docs USING gist (during);
CREATE INDEX docs_made ON docs USING brin (made);
CREATE INDEX docs_code ON docs USING hash (code);`)
	if err != nil {
		t.Fatal(err)
	}
	sc := inspect(t, db, extract.InspectOptions{Tables: []string{"docs"}})
	got := map[string]string{}
	tb := sc.Tables[0]
	got[tb.PrimaryKey.Name] = tb.PrimaryKey.Method
	for _, ix := range tb.Indexes {
		got[ix.Name] = ix.Method
	}
	want := map[string]string{"docs_pkey": "", "docs_title": "", "docs_body": "gin", "docs_during": "gist", "docs_made": "brin", "docs_code": "hash"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("index methods (-want +got):\n%s", d)
	}
}
