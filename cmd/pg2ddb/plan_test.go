package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestPlanCommandWritesAValidPlanAndSummary(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	out := filepath.Join(t.TempDir(), "pagila.yaml")
	code, stdout, stderr := runCLI(t, "plan", "--source", db.URL, "--tables", "rental,payment,language",
		"--table-prefix", "pagila.", "--write-rate", "2000", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, stderr)
	}
	p, err := plans.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Tables) != 3 || p.Options.WriteRate != 2000 || p.Tables[0].Target != "pagila."+strings.TrimPrefix(p.Tables[0].Source, "public.") {
		t.Errorf("plan: %d tables, options %+v, first target %q", len(p.Tables), p.Options, p.Tables[0].Target)
	}
	if strings.Contains(string(mustRead(t, out)), db.URL) {
		t.Error("the plan holds the connection string")
	}
	for _, want := range []string{"wrote " + out, "PARTITION KEY", "public.rental", "inventory_id", "rental_date#customer_id", "estimated load at 2,000 WCU/s"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, stdout)
		}
	}
}

func TestPlanCommandBadInput(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	dir := t.TempDir()
	for name, args := range map[string][]string{
		"unknown table": {"plan", "--source", db.URL, "--tables", "no_such_table", "-o", filepath.Join(dir, "a.yaml")},
		"unreachable":   {"plan", "--source", "postgres://nobody:secret@127.0.0.1:1/x?connect_timeout=2", "-o", filepath.Join(dir, "b.yaml")},
		"no output":     {"plan", "--source", db.URL},
		"bad nulls":     {"plan", "--source", db.URL, "--nulls", "maybe", "-o", filepath.Join(dir, "c.yaml")},
	} {
		code, _, stderr := runCLI(t, args...)
		if code == 0 {
			t.Errorf("%s: exit 0", name)
		}
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "pg2ddb: ") {
			t.Errorf("%s: want one clear line, got %q", name, stderr)
		}
		if strings.Contains(stderr, "secret") {
			t.Errorf("%s: password printed: %s", name, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "plan", "--source", db.URL, "--tables", "no_such_table", "-o", filepath.Join(dir, "a.yaml")); code == 0 || !strings.Contains(stderr, "no_such_table") {
		t.Errorf("unknown table not named: %q", stderr)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
