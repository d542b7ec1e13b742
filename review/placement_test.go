package review

import (
	"math"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

// reviewTable designs the database's plan through mapping.Design and
// reviews one table of it with the heat picture.
func reviewTable(t *testing.T, db *testenv.Database, table string) (*plans.Table, *Table) {
	t.Helper()
	s := fixture.Snapshot(t, db.Pool)
	p := fixture.DesignPlan(t, s, "")
	var err error
	if p.Tables, err = p.Select([]string{table}); err != nil {
		t.Fatal(err)
	}
	r, err := Build(t.Context(), p, s, Options{Heat: true, SizeRows: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return &p.Tables[0], &r.Tables[0]
}

// near reports whether a is within share of b.
func near(a, b, share float64) bool { return math.Abs(a-b) <= share*b }

// TestPlanAndHeatTellOneTime: the plan's estimate, the review's placement
// model over the measured keys and the heat picture's simulated load tell
// the same time — for a table whose hot customer holds half the orders
// (the plan warns of the load's tail: about 25 s against 10 s for the
// table spread evenly), for the same table with evenly used customers (no
// warning), and for a dataset table.
func TestPlanAndHeatTellOneTime(t *testing.T) {
	t.Parallel()
	for _, hot := range []bool{true, false} {
		db := testenv.NewDatabase(t, "")
		which := "i % 400 + 1"
		if hot {
			which = "CASE WHEN i % 2 = 0 THEN 1 ELSE i % 400 + 1 END"
		}
		for _, q := range []string{
			`CREATE TABLE customer (customer_id integer PRIMARY KEY, name text NOT NULL)`,
			`INSERT INTO customer SELECT i, 'c' || i FROM generate_series(1, 400) i`,
			`CREATE TABLE orders (order_id bigint PRIMARY KEY, customer_id integer NOT NULL REFERENCES customer, ordered_at timestamptz NOT NULL, note text)`,
			`INSERT INTO orders SELECT i, ` + which + `, timestamptz '2026-01-01' + i * interval '1 minute', 'n' FROM generate_series(1, 40000) i`,
		} {
			if _, err := db.Pool.Exec(t.Context(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		pt, rt := reviewTable(t, db, "orders")
		if got := pt.PartitionKey.Parts[0].Column; got != "customer_id" || pt.Sharding != nil {
			t.Fatalf("hot %v: partition key %s, sharding %+v; want customer_id whole", hot, got, pt.Sharding)
		}
		e := pt.Estimates
		warned := strings.Contains(strings.Join(pt.Warnings, "\n"), "load tail: the hot key 1 holds 20,000 of 40,000 items (50.0%)")
		if warned != hot {
			t.Errorf("hot %v: warnings %q", hot, pt.Warnings)
		}
		// 40,000 WCU at 4,000 WCU/s is 10 s; a hash of 400 keys puts
		// about 10,900 WCU on the busiest of 4 partitions.
		want := 10.9
		if hot {
			want = 25 // 20,000 + ¼ of 20,000 on one partition at 1,000 WCU/s
		}
		if !near(e.LoadSeconds, want, 0.03) {
			t.Errorf("hot %v: plan estimates %v s, want about %v", hot, e.LoadSeconds, want)
		}
		if rt.Heat == nil || !near(rt.Heat.Interleaved.Seconds, e.LoadSeconds, 0.1) || !near(rt.Load.InterleavedSeconds, e.LoadSeconds, 0.1) ||
			rt.Load.PlanInterleavedSeconds != mapping.EstimateLoad(e, 4000).Interleaved {
			t.Errorf("hot %v: plan %v s; review: placement %+v, heat %+v", hot, e.LoadSeconds, rt.Load, rt.Heat)
		}
	}

	// A dataset table without indexes: the same three times, within what
	// a hash of its 599 keys puts on one partition beyond the expected.
	pt, rt := reviewTable(t, testenv.NewDatabase(t, "pagila"), "payment")
	e := pt.Estimates
	if e.IndexWCU != 0 {
		t.Fatalf("payment writes %d WCU to enabled indexes", e.IndexWCU)
	}
	if rt.Heat == nil || !near(rt.Heat.Interleaved.Seconds, e.LoadSeconds, 0.1) || !near(rt.Load.InterleavedSeconds, e.LoadSeconds, 0.1) {
		t.Errorf("payment: plan %v s; review: placement %+v, heat %v s", e.LoadSeconds, rt.Load, rt.Heat.Interleaved.Seconds)
	}
}
