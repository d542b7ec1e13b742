package mapping

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/internal/placement"
	"github.com/pg2ddb/pg2ddb/plans"
)

// modelSpread is the placement model of a load written by hand: each top
// value of an integer key — a number (N) when whole, a string of 10 digits
// when split evenly over shards (value#s) — placed by
// placement.PartitionOf, the other items spread evenly.
func modelSpread(top []catalog.ValueCount, rows, restKeys int64, shards int) placement.Spread {
	var keys []placement.Key
	var counted int64
	for _, v := range top {
		n, _ := strconv.Atoi(v.Value)
		kv := fmt.Sprintf("%010d", n)
		counted += v.Count
		if shards <= 1 {
			keys = append(keys, placement.Key{Type: "N", Value: v.Value, WCU: float64(v.Count)})
			continue
		}
		for s := range shards {
			items := v.Count / int64(shards)
			if int64(s) < v.Count%int64(shards) {
				items++
			}
			keys = append(keys, placement.Key{Type: "S", Value: kv + "#" + strconv.Itoa(s), WCU: float64(items)})
		}
	}
	return placement.Place(keys, float64(rows-counted), restKeys, placement.PartitionsFor(false, 0, 0))
}

// shardsOn counts the shards of an integer key value (width 10) on each of
// 4 partitions.
func shardsOn(value string, shards int) []int {
	n, _ := strconv.Atoi(value)
	on := make([]int, 4)
	for s := range shards {
		on[placement.PartitionOf("S", fmt.Sprintf("%010d#%d", n, s), 4)]++
	}
	return on
}

// TestEstimateIsThePlacementModel: the plan's load-time estimate and its
// shard count are the placement model's — its partition count for an
// on-demand table, its hash for where each shard of each known value
// lands, its 1,000 WCU/s per partition.
func TestEstimateIsThePlacementModel(t *testing.T) {
	t.Parallel()
	s, p := orders(100_000, 200, 90_000)
	top := []catalog.ValueCount{{Value: "42", Count: 90_000}, {Value: "7", Count: 60}, {Value: "8", Count: 55}}
	p.Tables[0].Columns[1].TopValues = top
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}, Options{ShardHotKeys: true})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	if pt.Sharding == nil || pt.PartitionKey.Parts[0].Encoding != plans.EncInteger || pt.PartitionKey.Parts[0].Width != 10 {
		t.Fatalf("want customer_id sharded as a 10-digit integer: key %+v, sharding %+v", pt.PartitionKey, pt.Sharding)
	}
	n := pt.Sharding.Shards
	// The hot key's rate, 4,000 × 0.9 = 3,600 WCU/s, is more than 4
	// partitions at 1,000 ÷ 1.5 can take: the count is the fewest from the
	// formula's 6 whose busiest partition holds no more of the hot key
	// than a tenth over 6 shards spread evenly (2 of 6).
	for k := 6; k <= n; k++ {
		most := 0
		for _, c := range shardsOn("42", k) {
			most = max(most, c)
		}
		if even := float64(most)/float64(k) <= 2.0/6*1.1; even != (k == n) {
			t.Errorf("%d shards put at most %d on one partition; the plan chose %d", k, most, n)
		}
	}
	e := pt.Estimates
	sp := modelSpread(top, 100_000, 197*int64(n), n) // 200 customers, each in n shards
	if e.Partitions != 4 || e.HotPartitionWCU != int64(math.Ceil(sp.Busiest)) {
		t.Errorf("plan: %d partitions, busiest %d WCU; the model: 4, %.0f WCU", e.Partitions, e.HotPartitionWCU, sp.Busiest)
	}
	if want := sp.Seconds(float64(e.TotalWCU), 4000); math.Abs(e.LoadSeconds-want) > 0.002 || EstimateLoad(e, 4000).Interleaved != float64(e.HotPartitionWCU)/1000 {
		t.Errorf("load estimate %v s (EstimateLoad %+v), the model's %v s", e.LoadSeconds, EstimateLoad(e, 4000), want)
	}
	if !strings.Contains(strings.Join(pt.Sharding.Why, "\n"), fmt.Sprintf("placement: the %d shards of the hot value hash to", n)) {
		t.Errorf("sharding why does not state the placement: %q", pt.Sharding.Why)
	}
}

// TestShardsThatShareAPartitionAreWidened: the source's live write rate
// puts 1,200 WCU/s on the hottest value, which the formula splits into 2
// shards — but when both hash to one partition that partition still takes
// 1,200 WCU/s. The shard count grows until no partition holds more of the
// hot key than 1,000 WCU/s ÷ 1.5 headroom.
func TestShardsThatShareAPartitionAreWidened(t *testing.T) {
	t.Parallel()
	// A value whose shards 0 and 1 share a partition.
	hot := ""
	for v := 1; hot == ""; v++ {
		if on := shardsOn(strconv.Itoa(v), 2); on[0] == 2 || on[1] == 2 || on[2] == 2 || on[3] == 2 {
			hot = strconv.Itoa(v)
		}
	}
	s, p := orders(100_000, 200, 60_000)
	p.Tables[0].Columns[1].TopValues = []catalog.ValueCount{{Value: hot, Count: 60_000}, {Value: "w", Count: 60}}
	live := &catalog.Workload{Writes: []catalog.TableWrites{{Schema: "public", Table: "orders", Writes: 2_000 * 3600, Seconds: 3600}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}, Options{Workload: live})
	if err != nil {
		t.Fatal(err)
	}
	sh := plan.Tables[0].Sharding
	if sh == nil {
		t.Fatalf("no sharding at 1,200 WCU/s on one value: %+v", plan.Tables[0].PartitionKey.Why)
	}
	most := 0
	for _, c := range shardsOn(hot, sh.Shards) {
		most = max(most, c)
	}
	// 2,000 rows/s × 60% = 1,200 WCU/s of the hot value.
	if rate := 1200 * float64(most) / float64(sh.Shards); rate > 1000/1.5 {
		t.Errorf("%d shards of %s put %d on one partition: %.0f WCU/s there, over 667 (why %q)", sh.Shards, hot, most, rate, sh.Why)
	}
}

// TestHotKeyTailWarning: an unsharded hot key makes its partition the
// load's tail, which the plan states in a warning with the seconds and the
// key's share; a table of evenly used keys has none.
func TestHotKeyTailWarning(t *testing.T) {
	t.Parallel()
	s, p := orders(40_000, 400, 20_000)
	p.Tables[0].Columns[1].TopValues = []catalog.ValueCount{{Value: "42", Count: 20_000}, {Value: "7", Count: 60}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := plan.Tables[0]
	if pt.Sharding != nil || partColumns(&pt.PartitionKey)[0] != "customer_id" {
		t.Fatalf("want customer_id unsharded: key %+v, sharding %+v", pt.PartitionKey, pt.Sharding)
	}
	sp := modelSpread(p.Tables[0].Columns[1].TopValues, 40_000, 398, 1)
	// 20,000 items of 42 with a quarter of the other 19,940 on its
	// partition: about 25 s, against 10 s for 40,000 WCU at 4,000 WCU/s.
	if e := pt.Estimates; e.HotPartitionWCU != int64(math.Ceil(sp.Busiest)) || e.LoadSeconds < 24.9 || e.LoadSeconds > 25.1 {
		t.Errorf("estimates %+v, the model's busiest partition %.0f WCU", e, sp.Busiest)
	}
	warn := strings.Join(pt.Warnings, "\n")
	if !strings.Contains(warn, "load tail: the hot key 42 holds 20,000 of 40,000 items (50.0%)") || !strings.Contains(warn, "= 25.0 s at 1,000 WCU/s, against 10.0 s") {
		t.Errorf("warnings %q", pt.Warnings)
	}
	s, p = orders(40_000, 400, 100)
	p.Tables[0].Columns[1].TopValues = []catalog.ValueCount{{Value: "42", Count: 100}, {Value: "7", Count: 100}}
	plan, err = Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"customer_id", "ordered_at"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 400 keys of 100 items: the busiest of 4 partitions gets about 9%
	// over its 10,000 WCU, as a hash spreads 400 keys.
	if pt := plan.Tables[0]; strings.Contains(strings.Join(pt.Warnings, "\n"), "load tail") || pt.Estimates.LoadSeconds < 10.5 || pt.Estimates.LoadSeconds > 11.2 {
		t.Errorf("even keys: load %v s, warnings %q", pt.Estimates.LoadSeconds, pt.Warnings)
	}
}
