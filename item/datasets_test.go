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

// wireSample is how many rows of each table are encoded both ways before
// the check thins out to every wireStride-th row.
const (
	wireSample = 2000
	wireStride = 100
)

// TestWireMatchesEncodeOnDatasets encodes rows of every table of every
// shared dataset, and of the orders table of every column type, both ways
// — the loader's direct wire encoder and the attribute-value one that
// verify and review use — and requires the same items, sizes and rejects.
// A table is checked on its first wireSample rows in the export's read
// order (duplicate numbering included) and every wireStride-th row after:
// every column shape of every table, without encoding the millions of rows
// of employees twice under the race detector. TestWireMatchesSDK covers
// the edge values branch by branch.
func TestWireMatchesEncodeOnDatasets(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	check := func(t *testing.T, snap *extract.Snapshot, p *plans.Plan) {
		rows := 0
		for _, tb := range p.Tables {
			enc, err := item.NewEncoder(tb, p.Options)
			if err != nil {
				t.Fatal(err)
			}
			it, err := extract.Stream(t.Context(), snap, tb, extract.StreamOptions{Order: extract.OrderArrival})
			if err != nil {
				t.Fatal(err)
			}
			bad := 0
			for read := 0; it.Next(); read++ {
				if read >= wireSample && read%wireStride != 0 {
					continue
				}
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
			t.Parallel()
			db := testenv.NewDatabase(t, ds)
			snap := fixture.Snapshot(t, db.Pool)
			check(t, snap, fixture.DesignPlan(t, snap, "w_"))
		})
	}
	t.Run("orders", func(t *testing.T) {
		t.Parallel()
		db := testenv.NewDatabase(t, "")
		fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
		p := fixture.PlannedFor(t, db.Pool)
		for _, nulls := range []string{plans.NullsOmit, plans.NullsWrite} {
			p.Options.Nulls = nulls
			check(t, fixture.Snapshot(t, db.Pool), p)
		}
	})
}
