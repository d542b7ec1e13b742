package main

import (
	"os"
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/blind"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestBlindEndToEnd takes every schema of the blind corpus — sixteen public
// schemas nobody tuned the planner for, 351 tables with generated data —
// through the CLI path a user takes: plan (mapping.Design, unedited) →
// review → load → verify (issue 21, "Accepted when"), into the in-process
// simulator, or into dynalite with PG2DDB_BLIND_DYNALITE set. Every
// step must exit 0, the load rejects no row (--max-rejects 0), verify finds
// no difference, and every table the verdicts name is in the plan, none
// set aside among the skipped relations. The schemas are copies of the
// template databases the scoring test builds; each loads into an endpoint
// of its own. Every schema is a subtest: -run TestBlindEndToEnd/<schema> takes
// one alone.
func TestBlindEndToEnd(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	// The schemas that take longest start first, so that they do not
	// wait for a free slot (-parallel) behind the short ones and end the
	// run alone.
	schemas := blind.Schemas()
	first := map[string]int{"tpcds": 2, "mastodon": 1}
	slices.SortStableFunc(schemas, func(a, b string) int { return first[b] - first[a] })
	for _, schema := range schemas {
		t.Run(schema, func(t *testing.T) {
			t.Parallel()
			e, err := blind.Expected(schema)
			if err != nil {
				t.Fatal(err)
			}
			db := blind.NewDatabase(t, schema)
			var target []string
			if os.Getenv("PG2DDB_BLIND_DYNALITE") != "" {
				// dynalite answers on one core: a dynalite per schema
				// lets the schemas load on every core.
				target = []string{"--endpoint-url", testenv.NewDynalite(t), "--region", "us-east-1"}
			} else {
				_, target = simTarget(t)
			}
			p := endToEndOn(t, target, db, "blind_"+schema)
			planned := map[string]bool{}
			for _, pt := range p.Tables {
				planned[pt.Source] = true
			}
			for _, s := range p.Skipped {
				t.Logf("%s: skipped %s: %s", schema, s.Source, s.Why)
			}
			for _, v := range e.Tables {
				if !v.Skip && !planned[v.Table] {
					t.Errorf("%s: %s is not in the plan (%d tables planned, %d skipped)", schema, v.Table, len(p.Tables), len(p.Skipped))
				}
			}
		})
	}
}
