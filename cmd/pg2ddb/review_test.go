package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// planFor writes a plan of db with the plan command and returns its path.
func planFor(t *testing.T, db *testenv.Database, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "plan.yaml")
	code, _, stderr := runCLI(t, append([]string{"plan", "--source", db.URL, "-o", out}, args...)...)
	if code != 0 {
		t.Fatalf("plan: exit %d: %s", code, stderr)
	}
	return out
}

func TestReviewShowsSamplesAndDistributionForEveryTable(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	path := planFor(t, db)
	p, err := plans.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	code, stdout, stderr := runCLI(t, "review", path, "--source", db.URL)
	if code != 0 {
		t.Fatalf("review: exit %d: %s", code, stderr)
	}
	sections := strings.Split(stdout, "\nSample items")
	if got, want := len(sections)-1, len(p.Tables); got != want {
		t.Fatalf("%d sample sections for %d tables", got, want)
	}
	for _, tb := range p.Tables {
		if !strings.Contains(stdout, tb.Source+" → "+tb.Target) {
			t.Errorf("no section for %s", tb.Source)
		}
	}
	if n := strings.Count(stdout, "Distribution of partition keys"); n != len(p.Tables) {
		t.Errorf("%d distributions for %d tables", n, len(p.Tables))
	}
	if !strings.Contains(stdout, "items/key |") {
		t.Error("no histogram")
	}

	// The JSON form carries the same facts, checked against the data.
	code, stdout, stderr = runCLI(t, "review", path, "--source", db.URL, "--format", "json", "--tables", "rental")
	if code != 0 {
		t.Fatalf("review json: exit %d: %s", code, stderr)
	}
	var doc struct {
		Tables []struct {
			Design       plans.Table       `json:"design"`
			Samples      []json.RawMessage `json:"samples"`
			Distribution struct {
				Rows int64 `json:"rows"`
				Keys int64 `json:"keys"`
			} `json:"distribution"`
			Sizes struct {
				RowsEncoded int64 `json:"rows_encoded"`
				Rejected    int64 `json:"rejected"`
			} `json:"item_sizes"`
		} `json:"tables"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("review json: %v\n%s", err, stdout)
	}
	if len(doc.Tables) != 1 || doc.Tables[0].Design.Source != "public.rental" {
		t.Fatalf("--tables rental gave %d tables", len(doc.Tables))
	}
	r := doc.Tables[0]
	if len(r.Samples) != 3 || r.Distribution.Rows != 16044 || r.Distribution.Keys < 1000 || r.Sizes.RowsEncoded != 16044 || r.Sizes.Rejected != 0 {
		t.Errorf("rental review: %d samples, %d rows, %d encoded, %d rejected", len(r.Samples), r.Distribution.Rows, r.Sizes.RowsEncoded, r.Sizes.Rejected)
	}
	var item map[string]map[string]any
	if err := json.Unmarshal(r.Samples[0], &item); err != nil {
		t.Fatalf("sample is not DynamoDB JSON: %v", err)
	}
	if _, ok := item[r.Design.PartitionKey.Attribute][r.Design.PartitionKey.Type]; !ok {
		t.Errorf("sample lacks its partition key %s: %s", r.Design.PartitionKey.Attribute, r.Samples[0])
	}
}

func TestReviewMarkdownRenders(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	path := planFor(t, db, "--tables", "rental,film_category")
	code, stdout, stderr := runCLI(t, "review", path, "--source", db.URL, "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"# Review of ", "### Sample items", "```json\n{", "### Distribution of partition keys", "### Load estimate"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	if strings.Count(stdout, "```")%2 != 0 {
		t.Error("unbalanced code fences")
	}
}

func TestReviewRefusesADriftedDatabase(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	path := planFor(t, db)
	// The test database is this test's own copy: change it as a DBA would.
	for _, sql := range []string{
		"ALTER TABLE shippers DROP COLUMN phone",
		"ALTER TABLE region ALTER COLUMN region_description TYPE text",
	} {
		if _, err := db.Pool.Exec(context.Background(), sql); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := runCLI(t, "review", path, "--source", db.URL)
	if code == 0 {
		t.Fatal("review accepted a plan whose columns were dropped and retyped")
	}
	for _, want := range []string{"public.shippers.phone: no such column in the database", "public.region.region_description: planned as character", "the database has text"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("error lacks %q: %s", want, stderr)
		}
	}
}

func TestReviewBadInput(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	good := planFor(t, db)
	dir := t.TempDir()
	malformed := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(malformed, []byte("version: 1\ntables: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{
		"missing plan":  {"review", filepath.Join(dir, "none.yaml"), "--source", db.URL},
		"malformed":     {"review", malformed, "--source", db.URL},
		"unknown table": {"review", good, "--source", db.URL, "--tables", "no_such_table"},
		"unreachable":   {"review", good, "--source", "postgres://me:secret@127.0.0.1:1/x?connect_timeout=2"},
		"bad format":    {"review", good, "--source", db.URL, "--format", "pdf"},
		"bad output":    {"review", good, "--source", db.URL, "--tables", "region", "-o", filepath.Join(dir, "no", "such", "dir", "r.txt")},
	} {
		code, stdout, stderr := runCLI(t, args...)
		if code == 0 {
			t.Errorf("%s: exit 0", name)
		}
		if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) != 1 || !strings.HasPrefix(lines[0], "pg2ddb: review") {
			t.Errorf("%s: want one line naming review, got %q", name, stderr)
		}
		if stdout != "" || strings.Contains(stderr, "secret") {
			t.Errorf("%s: stdout %q, stderr %q", name, stdout, stderr)
		}
	}
}

// TestReviewOutputFileForEveryFormat pins -o: every format goes to the
// file, nothing to standard output, and the file holds what standard
// output would have.
func TestReviewOutputFileForEveryFormat(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	path := planFor(t, db, "--tables", "rental,language")
	dir := t.TempDir()
	for format, want := range map[string]string{"text": "Review of ", "markdown": "# Review of ", "json": `"tables": [`, "html": "<!DOCTYPE html>"} {
		out := filepath.Join(dir, "review."+format)
		code, stdout, stderr := runCLI(t, "review", path, "--source", db.URL, "--format", format, "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		if stdout != "" {
			t.Errorf("%s: -o also wrote %d bytes to standard output", format, len(stdout))
		}
		got := string(mustRead(t, out))
		if !strings.Contains(got, want) {
			t.Errorf("%s: file lacks %q: %.200s", format, want, got)
		}
		if format == "text" {
			_, direct, _ := runCLI(t, "review", path, "--source", db.URL)
			if direct != got {
				t.Errorf("text: the file differs from standard output")
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Errorf("%d files in the output directory, want the 4 reviews and no temporary ones", len(entries))
	}
}
