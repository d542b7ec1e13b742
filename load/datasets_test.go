package load_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

// designPlan inspects, profiles and designs a plan for the database, as
// `pg2ddb plan` does, with target names unique to the test.
func designPlan(t testing.TB, s *extract.Snapshot, prefix string) *plans.Plan {
	t.Helper()
	ctx := t.Context()
	schema, err := extract.Inspect(ctx, s, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	prof, err := extract.ProfileTables(ctx, s, schema, extract.ProfileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := mapping.Design(ctx, schema, prof, s, mapping.Options{TablePrefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDatasetsLoadAndVerify loads every shared dataset with the plan
// mapping designs for it and verifies it with zero differences.
func TestDatasetsLoadAndVerify(t *testing.T) {
	ddb := testenv.DynamoDB(t)
	for _, ds := range testenv.Datasets {
		t.Run(ds, func(t *testing.T) {
			db := testenv.NewDatabase(t, ds)
			src := snapshotSource(t, db.Pool)
			p := designPlan(t, src.Snapshot, fmt.Sprintf("t%d_%s_", time.Now().UnixNano()%1e9, ds))
			rejects := filepath.Join(t.TempDir(), "rejects.jsonl")
			start := time.Now()
			res, err := load.Run(t.Context(), p, src, ddb, load.Options{Workers: 8, RejectsPath: rejects})
			if err != nil {
				t.Fatal(err)
			}
			var items int64
			for _, tr := range res.Tables {
				items += tr.Written
			}
			// dellstore2's cust_hist has no key and holds 18 rows twice:
			// its plan numbers the second copies (duplicates: number), so
			// every row is written and no dataset has a reject.
			recs, err := load.ReadRejects(rejects)
			if err != nil {
				t.Fatal(err)
			}
			wantRejects := map[string]int{}
			got := map[string]int{}
			for _, r := range recs {
				got[r.Source]++
				if !strings.HasPrefix(r.Reason, "key collision: 2 source rows") {
					t.Errorf("unexpected reject: %s: %s %s", r.Source, r.Reason, r.Item)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(wantRejects) {
				t.Errorf("rejects per table %v, want %v", got, wantRejects)
			}
			t.Logf("%s: %d tables, %d items in %s (%.0f items/s)", ds, len(res.Tables), items, time.Since(start).Round(time.Millisecond), float64(items)/time.Since(start).Seconds())
			mustVerify(t, p, src, ddb, rejects, 1000)
		})
	}
}

// TestWireMatchesEncodeOnDatasets encodes every row of every shared
// dataset (and the orders table of every column type) both ways, the
// loader's direct wire encoder and the attribute-value one that verify and
// review use, and requires the same items, sizes and rejects.
func TestWireMatchesEncodeOnDatasets(t *testing.T) {
	check := func(t *testing.T, src load.SnapshotSource, p *plans.Plan) {
		rows := 0
		for _, tb := range p.Tables {
			enc, err := load.NewEncoder(tb, p.Options)
			if err != nil {
				t.Fatal(err)
			}
			it, err := extract.Stream(t.Context(), src.Snapshot, tb, extract.StreamOptions{Order: extract.OrderInterleave})
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for it.Next() {
				rows++
				if err := load.CheckWire(enc, it.Row()); err != nil && bad < 3 {
					bad++
					t.Errorf("%s row %d: %v", tb.Source, it.Row().Pos, err)
				}
			}
			if err := it.Err(); err != nil {
				t.Fatal(err)
			}
			it.Close()
		}
		if rows == 0 {
			t.Fatal("no rows checked")
		}
		t.Logf("%d rows of %d tables encoded alike", rows, len(p.Tables))
	}
	for _, ds := range testenv.Datasets {
		t.Run(ds, func(t *testing.T) {
			db := testenv.NewDatabase(t, ds)
			src := snapshotSource(t, db.Pool)
			check(t, src, designPlan(t, src.Snapshot, "w_"))
		})
	}
	t.Run("orders", func(t *testing.T) {
		db := testenv.NewDatabase(t, "")
		exec(t, db.Pool, ordersSQL...)
		p := plannedFor(t, db.Pool)
		for _, nulls := range []string{plans.NullsOmit, plans.NullsWrite} {
			p.Options.Nulls = nulls
			check(t, snapshotSource(t, db.Pool), p)
		}
	})
}
