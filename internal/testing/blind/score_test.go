package blind

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

var update = flag.Bool("update", false, "rewrite the recorded scores under testdata/scores")

// TestScores plans every corpus schema as `pg2ddb plan` does (inspect,
// profile, read the workload, mapping.Design) and grades every table
// against its verdict: right, acceptable or wrong, and the verdict's
// lookups that neither the base key nor an enabled index serves. It fails
// when a table scores worse than testdata/scores/<schema>.txt records, or
// a recorded served lookup is now unserved; an improvement asks for the
// file to be rewritten with -update. The summary tallies every split (tune,
// holdout, holdout2, holdout3, holdout4, holdout5, holdout6) apart.
func TestScores(t *testing.T) {
	tallies := map[string]*Tally{}
	for _, split := range Splits {
		tallies[split] = &Tally{}
	}
	var summary []string
	for _, schema := range Schemas() {
		// A subtest per schema: -run TestScores/<schema> plans (and with
		// -update records) only that schema.
		t.Run(schema, func(t *testing.T) {
			e, err := Expected(schema)
			if err != nil {
				t.Fatal(err)
			}
			p := planSchema(t, schema)
			s := Score(e, p)
			if show := os.Getenv("PG2DDB_BLIND_SHOW"); show != "" {
				// Debugging aid: the planned tables named, as YAML.
				for i := range p.Tables {
					if strings.Contains(","+show+",", ","+p.Tables[i].Source+",") {
						b, _ := yaml.Marshal(p.Tables[i])
						t.Logf("%s", b)
					}
				}
			}
			var buf bytes.Buffer
			if err := WriteScores(&buf, s); err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%s", buf.String())
			tally := s.Tally()
			summary = append(summary, fmt.Sprintf("%-15s %-8s %s", schema, e.Split, tally))
			tallies[e.Split].Add(tally)

			file := filepath.Join("testdata", "scores", schema+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			f, err := os.Open(file)
			if err != nil {
				t.Fatalf("%s: %v (run with -update to record the scores)", schema, err)
			}
			recorded, err := ReadScores(f)
			f.Close()
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			regressions, improvements := Compare(recorded, s)
			for _, r := range regressions {
				t.Errorf("%s: regression: %s", schema, r)
			}
			if len(improvements) > 0 {
				t.Logf("%s: %d improvements; record them with `go test ./internal/testing/blind -run TestScores -update`:\n  %s",
					schema, len(improvements), strings.Join(improvements, "\n  "))
			}
		})
	}
	var whole Tally
	for _, split := range Splits {
		whole.Add(*tallies[split])
		summary = append(summary, fmt.Sprintf("%-15s %-8s %s", split, "", *tallies[split]))
	}
	summary = append(summary, fmt.Sprintf("%-15s %-8s %s", "whole", "", whole))
	t.Logf("scores:\n%s", strings.Join(summary, "\n"))
}

// planSchema builds the schema into a fresh database (copied from a
// template built once per content) and plans it as the CLI does.
func planSchema(t *testing.T, schema string) *plans.Plan {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	db := NewDatabase(t, schema)
	snap, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close(ctx)
	cat, err := extract.Inspect(ctx, snap, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	profile, err := extract.ProfileTables(ctx, snap, cat, extract.ProfileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	workload, err := extract.ReadWorkload(ctx, snap, cat)
	if err != nil {
		t.Fatal(err)
	}
	p, err := mapping.Design(ctx, cat, profile, snap, mapping.Options{Database: schema, Workload: workload})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range plans.Validate(p) {
		t.Errorf("%s: the plan does not validate: %v", schema, pr)
	}
	return p
}
