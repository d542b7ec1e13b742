package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/internal/testing/corpus"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// endToEnd runs the main job through the CLI on db — plan, review, load,
// verify — into dynalite, with the plan exactly as `plan` wrote it, and
// fails unless every step succeeds and verify finds no difference. planArgs
// are added to the plan command. It returns the plan.
func endToEnd(t *testing.T, db *testenv.Database, name string, planArgs ...string) *plans.Plan {
	t.Helper()
	_, target := targetEnv(t)
	return endToEndOn(t, target, db, name, planArgs...)
}

// endToEndOn is endToEnd into the DynamoDB endpoint the target flags name.
// The load runs with --max-rejects 0 (its default): a row rejected fails it.
func endToEndOn(t *testing.T, target []string, db *testenv.Database, name string, planArgs ...string) *plans.Plan {
	t.Helper()
	planPath := filepath.Join(t.TempDir(), name+".yaml")
	prefix := fmt.Sprintf("e2e%d_", time.Now().UnixNano()%1e9)
	start := time.Now()
	if code, _, errOut := runCLI(t, append([]string{"plan", "--source", db.URL, "--table-prefix", prefix, "-o", planPath}, planArgs...)...); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	planned := time.Since(start)
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatalf("the plan that plan wrote does not read back: %v", err)
	}
	if code, out, errOut := runCLI(t, "review", planPath, "--source", db.URL); code != 0 {
		t.Fatalf("review: exit %d\n%s\n%s", code, out, errOut)
	}
	reviewed := time.Since(start)
	code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)...)
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	loaded := time.Since(start)
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
	t.Logf("%s: %d tables (%d skipped): plan %s, review %s, load %s, verify %s", name, len(p.Tables), len(p.Skipped),
		planned.Round(time.Millisecond), (reviewed - planned).Round(time.Millisecond),
		(loaded - reviewed).Round(time.Millisecond), (time.Since(start) - loaded).Round(time.Millisecond))
	return p
}

// TestCorpusEndToEnd takes every table of the adversarial corpus — quoted,
// spaced, 63-byte unicode and colliding names, no constraints, a jsonb-only
// table — through plan → review → load → verify in the CLI, with the plan
// mapping.Design made, unedited (issue 11 items 8 and 9). Whatever keys the
// rules choose, the plan must be accepted and every row must arrive.
func TestCorpusEndToEnd(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	if err := corpus.Build(t.Context(), db.Pool); err != nil {
		t.Fatal(err)
	}
	p := endToEnd(t, db, "corpus")
	planned := map[string]plans.Table{}
	for _, pt := range p.Tables {
		planned[pt.Source] = pt
	}
	targets := map[string]string{}
	for _, tb := range corpus.Tables() {
		pt, ok := planned[tb.QualifiedName()]
		if tb.Verdict.Skipped {
			i := slices.IndexFunc(p.Skipped, func(s plans.Skipped) bool { return s.Source == tb.QualifiedName() })
			if ok || i < 0 || !strings.Contains(p.Skipped[i].Why, "no column can be a DynamoDB key") {
				t.Errorf("%s: not skipped with the reason (skipped: %+v)", tb.QualifiedName(), p.Skipped)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: not in the plan", tb.QualifiedName())
			continue
		}
		if other, dup := targets[pt.Target]; dup {
			t.Errorf("%s and %s share the target %s", other, tb.QualifiedName(), pt.Target)
		}
		targets[pt.Target] = tb.QualifiedName()
	}
}

// TestSafeNamesEndToEnd plans the corpus tables whose names DynamoDB would
// refuse or that collide once made safe — a space and capitals, the name
// "Order Archive" becomes, 63 bytes of unicode, camelCase, the same name in
// two schemas, columns named pk and sk — and takes them through plan → review →
// load → verify (issue 11 item 8; on main, review refuses the plan).
func TestSafeNamesEndToEnd(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	if err := corpus.Build(t.Context(), db.Pool); err != nil {
		t.Fatal(err)
	}
	p := endToEnd(t, db, "names", "--tables", "Order Archive,Order_Archive,Kunden*,kv_items,ShipmentEvents,tenants")
	planned := map[string]plans.Table{}
	for _, pt := range p.Tables {
		planned[pt.Source] = pt
	}
	// The original name stays in source; the target is made safe, and
	// "Order Archive" gives way to the table really named Order_Archive, as
	// archive.tenants does to public.tenants.
	for source, want := range map[string]string{
		"public.Order_Archive":      "Order_Archive",
		"public.Order Archive":      "Order_Archive_",
		"public." + corpus.LongName: "Kundenbestellungen__bersicht_f_r_das_Gesch_ftsjahr_2024_Q1_2",
		"public.ShipmentEvents":     "ShipmentEvents",
		"public.tenants":            "tenants",
		"archive.tenants":           "tenants_",
	} {
		pt, ok := planned[source]
		if !ok {
			t.Errorf("%s: not in the plan", source)
			continue
		}
		got := strings.TrimPrefix(pt.Target, p.Options.TablePrefix)
		if strings.HasSuffix(want, "_") && (!strings.HasPrefix(got, want) || len(got) != len(want)+8) || !strings.HasSuffix(want, "_") && got != want {
			t.Errorf("%s: target %s, want %s%s", source, pt.Target, p.Options.TablePrefix, want)
		}
	}
	if kv := planned["public.kv_items"]; kv.PartitionKey.Attribute == "pk" || kv.SortKey == nil || kv.SortKey.Attribute == "sk" {
		t.Errorf("kv_items: key attributes %q/%v do not give way to the columns pk and sk", kv.PartitionKey.Attribute, kv.SortKey)
	}

	// A prefix DynamoDB would refuse is one clear line, not a plan of
	// invalid names.
	code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", "my app:", "-o", filepath.Join(t.TempDir(), "bad.yaml"))
	if lines := strings.Split(strings.TrimSpace(errOut), "\n"); code == 0 || len(lines) != 1 || !strings.Contains(errOut, "table prefix") {
		t.Errorf("bad prefix: exit %d: %q", code, errOut)
	}
}

// TestDatasetEndToEnd takes every table of the five shared datasets
// through the CLI path a user takes — plan (mapping.Design, unedited) →
// review → load into the simulator → verify — so that no dataset table has
// a plan that review or load refuses, a row rejected (the load's
// --max-rejects is 0) or a row that does not arrive. It is the one test
// that takes every row of every dataset end to end; the simulator is held
// to dynalite's answers by ddbsim's TestValidationMatchesDynalite, and the
// CLI into dynalite by TestLoadAndVerifyCommands and TestCorpusEndToEnd.
func TestDatasetEndToEnd(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	for _, ds := range testenv.Datasets {
		t.Run(ds, func(t *testing.T) {
			t.Parallel()
			_, target := simTarget(t)
			p := endToEndOn(t, target, testenv.NewDatabase(t, ds), ds)
			if len(p.Tables) == 0 {
				t.Fatalf("%s: no tables planned", ds)
			}
		})
	}
}
