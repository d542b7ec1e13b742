package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// lineOf returns the 1-based line of the first line of path containing s.
func lineOf(t *testing.T, path, s string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", path, s)
	return 0
}

// editPlan replaces the first occurrence of old in the plan file.
func editPlan(t *testing.T, path, old, replacement string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("plan lacks %q", old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, replacement, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPlanMistakesNameTheLineAndDatabases: a column mistyped in a
// hand-edited plan is named with its line in the file and the advice to
// fix it there (not only "make a new plan", which throws the edits
// away); a hand edit the validation refuses names its line; a plan made
// on another database names both databases.
func TestPlanMistakesNameTheLineAndDatabases(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	path := planFor(t, db, "--tables", "shippers")

	editPlan(t, path, "- column: phone\n", "- column: phnoe\n")
	line := lineOf(t, path, "column: phnoe")
	code, _, stderr := runCLI(t, "review", path, "--source", db.URL)
	if code != 1 || !strings.Contains(stderr, fmt.Sprintf("public.shippers.phnoe: no such column in the database (plan line %d)", line)) ||
		!strings.Contains(stderr, "mistyped in the plan: fix it at that line") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Fatalf("mistyped column: exit %d, want the line %d named:\n%s", code, line, stderr)
	}
	editPlan(t, path, "- column: phnoe\n", "- column: phone\n")

	editPlan(t, path, "encoding: string\n", "encoding: strnig\n")
	line = lineOf(t, path, "encoding: strnig")
	code, _, stderr = runCLI(t, "review", path, "--source", db.URL)
	if code != 1 || !regexp.MustCompile(fmt.Sprintf(`invalid plan \(1 problem\): line %d: tables\[0\]\.\S+encoding: `, line)).MatchString(stderr) {
		t.Fatalf("invalid encoding: exit %d, want line %d named:\n%s", code, line, stderr)
	}
	editPlan(t, path, "encoding: strnig\n", "encoding: string\n")

	other := testenv.NewDatabase(t, "")
	code, _, stderr = runCLI(t, "review", path, "--source", other.URL)
	want := fmt.Sprintf("was made on database %s, and the source is database %s, which does not have what it names: public.shippers: no such table in the database", db.Name, other.Name)
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "point --source at "+db.Name) {
		t.Fatalf("plan of another database: exit %d, want %q:\n%s", code, want, stderr)
	}
}
