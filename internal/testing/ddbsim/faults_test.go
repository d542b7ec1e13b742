package ddbsim

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/google/go-cmp/cmp"
)

// faultRun sends 150 BatchWriteItem calls one after the other to a fresh
// simulator and returns its fault log and what the client observed per call.
func faultRun(t *testing.T, seed uint64) ([]FaultEvent, []string) {
	t.Helper()
	sim := startSim(t, Options{
		Mode:         ModeCount,
		Seed:         seed,
		PartitionWCU: 1e9, // only injected faults, no budget throttling
		Faults: Faults{
			InternalErrorRate: 0.1,
			ThrottleRate:      0.1,
			DropRate:          0.05,
			UnprocessedRate:   0.3,
			Latency:           100 * time.Microsecond,
			LatencyJitter:     time.Millisecond,
		},
	})
	c := simClient(sim.URL())
	createTable(t, c, "faults", false)
	ctx := ctxFor(t)
	var seen []string
	for call := range 150 {
		reqs := make([]types.WriteRequest, 25)
		for i := range reqs {
			reqs[i] = put(map[string]types.AttributeValue{"pk": sv(fmt.Sprint(call, "-", i))})
		}
		out, err := c.BatchWriteItem(ctx, batch("faults", reqs...))
		var api smithy.APIError
		switch {
		case err == nil:
			seen = append(seen, fmt.Sprintf("ok unprocessed=%d", len(out.UnprocessedItems["faults"])))
		case errors.As(err, &api):
			seen = append(seen, api.ErrorCode())
		default:
			seen = append(seen, "connection error")
		}
	}
	return sim.FaultLog(), seen
}

// TestFaultsReproducible runs the same sequential workload twice with one
// seed and once with another: the same seed must give the same faults, and
// the client must observe exactly what the log says.
func TestFaultsReproducible(t *testing.T) {
	log1, seen1 := faultRun(t, 42)
	log2, seen2 := faultRun(t, 42)
	log3, _ := faultRun(t, 43)

	if diff := cmp.Diff(log1, log2); diff != "" {
		t.Errorf("same seed, different fault logs (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(seen1, seen2); diff != "" {
		t.Errorf("same seed, client saw different outcomes (-first +second):\n%s", diff)
	}
	if cmp.Equal(log1, log3) {
		t.Errorf("seeds 42 and 43 gave the same fault log")
	}
	if len(log1) != 150 {
		t.Fatalf("fault log has %d entries, want one per call (150)", len(log1))
	}
	kinds := map[string]int{}
	for i, ev := range log1 {
		kinds[ev.Fault]++
		if ev.Seq != int64(i+1) || ev.Op != "BatchWriteItem" {
			t.Errorf("log entry %d = %+v, want Seq %d op BatchWriteItem", i, ev, i+1)
		}
		if ev.Latency < 100*time.Microsecond || ev.Latency > 1100*time.Microsecond {
			t.Errorf("log entry %d latency %v outside 100µs + [0, 1ms)", i, ev.Latency)
		}
		want := map[string]string{
			"internal": "InternalServerError",
			"throttle": "ThrottlingException",
			"drop":     "connection error",
			"":         fmt.Sprintf("ok unprocessed=%d", ev.Unprocessed),
		}[ev.Fault]
		if seen1[i] != want {
			t.Errorf("call %d: log says %+v, client saw %q, want %q", i, ev, seen1[i], want)
		}
	}
	for _, k := range []string{"", "internal", "throttle", "drop"} {
		if kinds[k] == 0 {
			t.Errorf("no call with fault %q in 150 calls: %v", k, kinds)
		}
	}
}
