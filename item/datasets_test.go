package item_test

import (
	"os"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// TestWireMatchesEncodeOnDatasets encodes every row of every shared
// dataset (and the orders table of every column type) both ways, the
// loader's direct wire encoder and the attribute-value one that verify and
// review use, and requires the same items, sizes and rejects.
func TestWireMatchesEncodeOnDatasets(t *testing.T) {
	check := func(t *testing.T, snap *extract.Snapshot, p *plans.Plan) {
		rows := 0
		for _, tb := range p.Tables {
			enc, err := item.NewEncoder(tb, p.Options)
			if err != nil {
				t.Fatal(err)
			}
			it, err := extract.Stream(t.Context(), snap, tb, extract.StreamOptions{Order: extract.OrderInterleave})
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for it.Next() {
				rows++
				if err := item.CheckWire(enc, it.Row()); err != nil && bad < 3 {
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
			snap := fixture.Snapshot(t, db.Pool)
			check(t, snap, fixture.DesignPlan(t, snap, "w_"))
		})
	}
	t.Run("orders", func(t *testing.T) {
		db := testenv.NewDatabase(t, "")
		fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
		p := fixture.PlannedFor(t, db.Pool)
		for _, nulls := range []string{plans.NullsOmit, plans.NullsWrite} {
			p.Options.Nulls = nulls
			check(t, fixture.Snapshot(t, db.Pool), p)
		}
	})
}
