package load_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
)

// TestDatasetsLoadAndVerify loads every shared dataset with the plan
// mapping designs for it and verifies it with zero differences.
func TestDatasetsLoadAndVerify(t *testing.T) {
	ddb := testenv.DynamoDB(t)
	for _, ds := range testenv.Datasets {
		t.Run(ds, func(t *testing.T) {
			db := testenv.NewDatabase(t, ds)
			src := snapshotSource(t, db.Pool)
			p := fixture.DesignPlan(t, src.Snapshot, fmt.Sprintf("t%d_%s_", time.Now().UnixNano()%1e9, ds))
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
			recs, err := item.ReadRejects(rejects)
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
			fixture.MustVerify(t, p, src, ddb, rejects, 1000)
		})
	}
}
