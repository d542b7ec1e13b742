package load_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/target"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

func startSim(t *testing.T, o ddbsim.Options) *ddbsim.Server {
	t.Helper()
	s, err := ddbsim.Start("", o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// fastRetry keeps fault tests short: short waits, and a budget of 12 calls
// in a row without progress, so that an endpoint that fails every call is
// given up on in seconds (the rate budget slows down with each throttle).
var fastRetry = target.Retry{Base: 2 * time.Millisecond, Cap: 50 * time.Millisecond, Attempts: 12}

// patientRetry is fastRetry with a budget of 30 calls in a row without
// progress, for loads that must end: under TestFaultsEveryItemWrittenOnce's
// mix a call for one remaining item fails about 46% of the time (10%
// throttled, 10% 500, 5% dropped, then 30% unprocessed), so 12 in a row
// happened about once per 10,000 such chains and a fresh-clone CI run
// gave up on one; 30 in a row is about 1 in 10^10.
var patientRetry = target.Retry{Base: fastRetry.Base, Cap: fastRetry.Cap, Attempts: 30}

// faultRows is the part of the orders table TestFaultsEveryItemWrittenOnce
// loads: its first 25 customers. The load runs at the pace the write
// budget settles to under the injected refusals (about 160 items/s under
// the race detector, 30 to 110 s for the whole table on a busy machine,
// nearly all of it waiting); a quarter of the table still draws every
// kind of fault tens of times.
const faultRows = 1300

// TestFaultsEveryItemWrittenOnce loads through injected faults — 30% of
// items returned unprocessed, throttling errors, 500s and dropped
// connections — with each write client (lean and sdk), and checks that
// every row ends in the table with its content, none missing and none
// extra.
func TestFaultsEveryItemWrittenOnce(t *testing.T) {
	t.Parallel()
	for _, wc := range []load.WriteClient{load.WriteLean, load.WriteSDK} {
		t.Run(string(wc), func(t *testing.T) {
			t.Parallel()
			db := testenv.NewDatabase(t, "")
			fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
			fixture.Exec(t, db.Pool, `DELETE FROM public.orders WHERE customer >= 'c25'`, `ANALYZE public.orders`)
			p := fixture.PlannedFor(t, db.Pool)
			src := snapshotSource(t, db.Pool)
			sim := startSim(t, ddbsim.Options{
				Seed: 7, PartitionWCU: 1e9,
				Faults: ddbsim.Faults{
					UnprocessedRate: 0.3, ThrottleRate: 0.1, InternalErrorRate: 0.1, DropRate: 0.05,
					Ops: []string{"BatchWriteItem"}, // verification reads cleanly
				},
			})
			ddb := testenv.DynamoDBAt(sim.URL())
			lost := watchLost(ddb)
			res, err := load.Run(t.Context(), p, src, lost.client, load.Options{Workers: 8, Retry: patientRetry, WriteClient: wc})
			if err != nil {
				t.Fatal(err)
			}
			tr := res.Tables[0]
			if tr.Written != faultRows || tr.Rejected != 0 || tr.Retries == 0 || tr.Throttles == 0 {
				t.Fatalf("result %+v", tr)
			}
			f := sim.Stats().Faults
			if f.UnprocessedItems == 0 || f.Throttles == 0 || f.InternalErrors == 0 || f.Dropped == 0 {
				t.Fatalf("not every fault was exercised: %+v", f)
			}
			t.Logf("faults %+v; loader: %d calls, %d retries, %d throttles", f, tr.Calls, tr.Retries, tr.Throttles)
			rep := fixture.MustVerify(t, p, src, ddb, "", faultRows)
			if rep.Tables[0].Items != faultRows || rep.Tables[0].Sampled != faultRows {
				t.Fatalf("verify %+v", rep.Tables[0])
			}
			if n := len(fixture.ScanAll(t, ddb, p.Tables[0].Target)); n != faultRows {
				t.Fatalf("%d items, want %d", n, faultRows)
			}
			// The faults are injected before a request is applied, so no retry
			// had a reason to write an item twice, except after a response lost
			// on its way back (under the race detector, the smithy-go/net/http
			// race described at ddbsim's hideWriterTo loses a 200 now and then):
			// the loader cannot know such a call was applied and sends its items
			// again, as it must. Those calls are the ones that failed without an
			// answer beyond the connections the simulator dropped on purpose.
			ts, _ := sim.TableStats(p.Tables[0].Target)
			unanswered := lost.calls.Load() - f.Dropped
			if unanswered < 0 || ts.Overwrites > 25*unanswered {
				t.Fatalf("%d overwrites with %d calls unanswered beyond the %d dropped on purpose (at most 25 items each)", ts.Overwrites, unanswered, f.Dropped)
			}
			if unanswered > 0 {
				t.Logf("%d responses lost beyond the injected drops; %d items written twice", unanswered, ts.Overwrites)
			}
			wantWrites(t, sim, p.Tables[0].Target, faultRows+ts.Overwrites, faultRows, ts.Overwrites)
		})
	}
}

// wantWrites requires that the simulator accepted exactly puts puts into
// table, stores items items and counted overwrites overwrites: a key count
// alone cannot tell a row written once from a row written twice.
func wantWrites(t *testing.T, sim *ddbsim.Server, table string, puts, items, overwrites int64) {
	t.Helper()
	ts, ok := sim.TableStats(table)
	if !ok {
		t.Fatalf("no table %s in the simulator", table)
	}
	if ts.AcceptedPuts != puts || ts.StoredItems != items || ts.Overwrites != overwrites {
		t.Fatalf("table %s: %d puts accepted, %d items stored, %d overwrites; want %d, %d, %d",
			table, ts.AcceptedPuts, ts.StoredItems, ts.Overwrites, puts, items, overwrites)
	}
}

// TestAlwaysFailingEndpointGivesUp checks that an endpoint that fails every
// write ends the load with an error that says what was written, not a hang.
func TestAlwaysFailingEndpointGivesUp(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
	p := fixture.PlannedFor(t, db.Pool)
	for _, f := range []ddbsim.Faults{{InternalErrorRate: 1}, {DropRate: 1}, {UnprocessedRate: 1}} {
		t.Run(fmt.Sprintf("%+v", f), func(t *testing.T) {
			src := snapshotSource(t, db.Pool)
			f.Ops = []string{"BatchWriteItem"}
			sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9, Faults: f})
			ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
			defer cancel()
			start := time.Now()
			_, err := load.Run(ctx, p, src, testenv.DynamoDBAt(sim.URL()), load.Options{Workers: 4, Retry: fastRetry})
			var gu *load.GiveUpError
			if !errors.As(err, &gu) {
				t.Fatalf("err = %v, want a GiveUpError", err)
			}
			if gu.Written != 0 || gu.Pending != 25 || !strings.Contains(err.Error(), "0 items written") {
				t.Fatalf("give-up does not say what was written: %v", err)
			}
			if time.Since(start) > 30*time.Second {
				t.Fatalf("giving up took %s", time.Since(start))
			}
		})
	}
}

// TestSpreadAgainstPartitions loads a table clustered by partition key into
// a simulator with 8 partitions of limited write capacity, in interleaved
// and in table order, and compares the simulator's per-partition figures.
func TestSpreadAgainstPartitions(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE public.readings (sensor text, n int, v numeric, PRIMARY KEY (sensor, n))`,
		`INSERT INTO public.readings SELECT 's' || s, n, n * 0.5 FROM generate_series(1, 40) s, generate_series(1, 125) n ORDER BY 1, 2`,
	)
	p := fixture.PlannedFor(t, db.Pool)
	// The user's edit: key by sensor, 40 keys of 125 readings, so the
	// write order decides how partitions are hit.
	fixture.SetKeys(&p.Tables[0], []plans.KeyPart{{Column: "sensor", Encoding: plans.EncString}, {Column: "n", Encoding: plans.EncInteger, Width: 10}})
	type figures struct {
		simSeconds, throttledShare, spread float64
		// floor is the hottest partition's WCU at its budget: the time no
		// order can beat once keys are hashed to partitions.
		floor float64
		wall  time.Duration
	}
	got := map[extract.Order]figures{}
	for _, order := range []extract.Order{extract.OrderInterleave, extract.OrderTable} {
		src := snapshotSource(t, db.Pool)
		// 8 partitions of 200 WCU/s at 4× time: 800 WCU/s per partition
		// and 6,400 for the table per wall second, below what the loader
		// does even under the race detector, so the partitions set the pace.
		sim := startSim(t, ddbsim.Options{Mode: ddbsim.ModeCount, Partitions: 8, PartitionWCU: 200, TimeScale: 4, BurstSeconds: 0.5})
		start := time.Now()
		res, err := load.Run(t.Context(), p, src, testenv.DynamoDBAt(sim.URL()), load.Options{Workers: 8, Order: order, Retry: target.Retry{Base: 5 * time.Millisecond, Cap: 200 * time.Millisecond, Attempts: 50}})
		if err != nil {
			t.Fatal(err)
		}
		ts, ok := sim.TableStats(p.Tables[0].Target)
		if !ok {
			t.Fatal("no table stats")
		}
		f := figures{
			simSeconds:     ts.LastWrite - ts.FirstWrite,
			throttledShare: float64(ts.ThrottledItems) / float64(ts.AcceptedItems+ts.ThrottledItems),
			spread:         res.Tables[0].Spread,
			wall:           time.Since(start),
		}
		var parts []string
		for _, ps := range ts.Partitions {
			f.floor = max(f.floor, float64(ps.AcceptedWCU)/200)
			parts = append(parts, fmt.Sprintf("p%d %d WCU (peak %d/s, %d throttled)", ps.Index, ps.AcceptedWCU, ps.PeakWCUPerSecond, ps.ThrottledItems))
		}
		got[order] = f
		t.Logf("%s order: %.1f simulated s (hottest partition's floor %.1f, ideal %.1f), %.0f%% of writes throttled, spread %.1f%%, wall %s\n  %s",
			order, f.simSeconds, f.floor, float64(ts.AcceptedWCU)/(8*200), 100*f.throttledShare, 100*f.spread, f.wall.Round(time.Millisecond), strings.Join(parts, "\n  "))
		if ts.AcceptedItems != 5000 {
			t.Fatalf("%s: %d items accepted", order, ts.AcceptedItems)
		}
	}
	il, tb := got[extract.OrderInterleave], got[extract.OrderTable]
	// Interleaved, the load runs at the pace of the hottest partition;
	// in table order, one partition at a time works.
	if il.simSeconds > 1.5*il.floor || il.simSeconds > 0.75*tb.simSeconds || il.spread*4 > tb.spread {
		t.Fatalf("interleave %+v is not clearly better than table order %+v", il, tb)
	}
}
