package ddbsim

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"golang.org/x/sync/errgroup"
)

// load writes items to table with workers goroutines, 25 per call, retrying
// unprocessed items and throttling errors with a short capped backoff, as a
// loader must.
func load(ctx context.Context, c *dynamodb.Client, table string, items []map[string]types.AttributeValue, workers int) error {
	batches := make(chan []types.WriteRequest)
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(batches)
		for i := 0; i < len(items); i += 25 {
			reqs := make([]types.WriteRequest, 0, 25)
			for _, it := range items[i:min(i+25, len(items))] {
				reqs = append(reqs, put(it))
			}
			select {
			case batches <- reqs:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	for range workers {
		g.Go(func() error {
			for reqs := range batches {
				for attempt := 0; len(reqs) > 0; attempt++ {
					if attempt > 10_000 {
						return errors.New("batch not written after 10,000 attempts")
					}
					out, err := c.BatchWriteItem(ctx, batch(table, reqs...))
					var api smithy.APIError
					switch {
					case err == nil:
						reqs = out.UnprocessedItems[table]
					case errors.As(err, &api) && (api.ErrorCode() == "ProvisionedThroughputExceededException" || api.ErrorCode() == "ThrottlingException"):
					default:
						return fmt.Errorf("BatchWriteItem: %w", err)
					}
					if len(reqs) > 0 {
						time.Sleep(time.Duration(min(attempt+1, 2)) * time.Millisecond)
					}
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// loadOnClock writes items to table from one client, 25 per call, retrying
// unprocessed items and throttling errors, and advances clk by step after
// every call: a client sending one call per step, on simulated time only.
func loadOnClock(ctx context.Context, c *dynamodb.Client, clk *ManualClock, step time.Duration, table string, items []map[string]types.AttributeValue) error {
	for i := 0; i < len(items); i += 25 {
		reqs := make([]types.WriteRequest, 0, 25)
		for _, it := range items[i:min(i+25, len(items))] {
			reqs = append(reqs, put(it))
		}
		for attempt := 0; len(reqs) > 0; attempt++ {
			if attempt > 10_000 {
				return errors.New("batch not written after 10,000 attempts")
			}
			out, err := c.BatchWriteItem(ctx, batch(table, reqs...))
			var api smithy.APIError
			switch {
			case err == nil:
				reqs = out.UnprocessedItems[table]
			case errors.As(err, &api) && api.ErrorCode() == "ProvisionedThroughputExceededException":
			default:
				return fmt.Errorf("BatchWriteItem: %w", err)
			}
			clk.Advance(step)
		}
	}
	return nil
}

// TestHotPartitionThrottled is the acceptance test of the partition model:
// 10k items under one partition key value are held to one partition's
// budget, while 40k items over 10k keys use all four partitions. Both run
// on a ManualClock, so the figures are the same on every run: the client
// sends one call of 25 items per simulated step, faster than the budget.
func TestHotPartitionThrottled(t *testing.T) {
	t.Parallel()
	// A quarter second of burst; it also bounds how far one second may
	// exceed the budget.
	const budget, burst = 1000.0, 0.25
	maxPerSecond := int64(budget*(1+burst)) + 25
	ctx := ctxFor(t)

	hot := make([]map[string]types.AttributeValue, 10_000)
	for i := range hot {
		hot[i] = map[string]types.AttributeValue{"pk": sv("hot"), "sk": nv(fmt.Sprint(i)), "v": sv("payload")}
	}
	spread := make([]map[string]types.AttributeValue, 40_000)
	for i := range spread {
		// Round-robin over 10k keys, as AWS advises for bulk loads.
		spread[i] = map[string]types.AttributeValue{"pk": sv(fmt.Sprintf("key-%05d", i%10_000)), "sk": nv(fmt.Sprint(i)), "v": sv("payload")}
	}

	// The hot client offers 2,500 items/s to a 1,000 WCU/s partition; the
	// spread one 5,000 items/s to four of them.
	var g errgroup.Group
	stats := map[string]*TableStats{"hot": {}, "spread": {}}
	for _, l := range []struct {
		table string
		items []map[string]types.AttributeValue
		step  time.Duration
	}{{"hot", hot, 10 * time.Millisecond}, {"spread", spread, 5 * time.Millisecond}} {
		clk := NewManualClock(time.Unix(1e9, 0))
		sim := startSim(t, Options{Mode: ModeCount, Partitions: 4, PartitionWCU: budget, BurstSeconds: burst, Clock: clk})
		c := simClient(sim.URL())
		createTable(t, c, l.table, true)
		g.Go(func() error {
			if err := loadOnClock(ctx, c, clk, l.step, l.table, l.items); err != nil {
				return fmt.Errorf("load %s: %w", l.table, err)
			}
			ts, _ := sim.TableStats(l.table)
			*stats[l.table] = ts
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}

	hs, ss := *stats["hot"], *stats["spread"]
	for _, ts := range []TableStats{hs, ss} {
		t.Logf("%s: accepted %d items at %.0f WCU/s (simulated), %d throttled, hottest partition %d",
			ts.Name, ts.AcceptedItems, ts.WCUPerSecond, ts.ThrottledItems, ts.HottestPartition)
		for _, p := range ts.Partitions {
			t.Logf("  partition %d: accepted %d, throttled %d, peak %d WCU/s over %d s", p.Index, p.AcceptedItems, p.ThrottledItems, p.PeakWCUPerSecond, len(p.Seconds))
		}
		want := int64(len(spread))
		if ts.Name == "hot" {
			want = int64(len(hot))
		}
		if ts.AcceptedItems != want {
			t.Errorf("%s: accepted %d items, want %d", ts.Name, ts.AcceptedItems, want)
		}
		// No partition may exceed its budget plus the burst in any second.
		for _, p := range ts.Partitions {
			if p.PeakWCUPerSecond > maxPerSecond {
				t.Errorf("%s: partition %d accepted %d WCU in one second, budget %v", ts.Name, p.Index, p.PeakWCUPerSecond, budget)
			}
		}
	}

	// Hot: one partition took everything, was throttled, and the table ran at
	// about one partition's budget.
	busy := 0
	for _, p := range hs.Partitions {
		if p.AcceptedItems > 0 {
			busy++
			if p.AcceptedItems != int64(len(hot)) || p.ThrottledItems == 0 {
				t.Errorf("hot: partition %d accepted %d and throttled %d, want all %d and some throttles", p.Index, p.AcceptedItems, p.ThrottledItems, len(hot))
			}
		}
	}
	if busy != 1 {
		t.Errorf("hot: %d partitions received writes, want 1", busy)
	}
	if hs.WCUPerSecond < 0.9*budget || hs.WCUPerSecond > 1.1*budget {
		t.Errorf("hot: %.0f WCU/s, want about one partition's %v", hs.WCUPerSecond, budget)
	}
	if len(hs.HotKeys) != 1 || hs.HotKeys[0].Key != "S:hot" || hs.HotKeys[0].PeakWCUPerSecond > maxPerSecond || hs.HotKeys[0].Items != int64(len(hot)) {
		t.Errorf("hot: per-key figures %+v, want one key S:hot with all %d items at most the budget per second", hs.HotKeys, len(hot))
	}

	// Spread: every partition took about a quarter, the client outran all
	// four and was throttled, and the table ran at about four partitions'
	// budget, far above what one partition can take.
	for _, p := range ss.Partitions {
		if p.AcceptedItems < 6_000 || p.AcceptedItems > 14_000 {
			t.Errorf("spread: partition %d accepted %d items, want about 10000", p.Index, p.AcceptedItems)
		}
	}
	if ss.ThrottledItems == 0 {
		t.Errorf("spread: no item throttled at 5,000 items/s offered to 4,000 WCU/s")
	}
	if ss.WCUPerSecond < 3*budget || ss.WCUPerSecond > 4.4*budget {
		t.Errorf("spread: %.0f WCU/s, want about four partitions' %v", ss.WCUPerSecond, 4*budget)
	}
	if ss.TrackedKeys != 10_000 {
		t.Errorf("spread: %d keys tracked, want 10000", ss.TrackedKeys)
	}
}
