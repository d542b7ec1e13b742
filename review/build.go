package review

import (
	"context"
	"fmt"
	"math"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Source is what Build reads of the source database. Every call must see
// the same data (one snapshot); *extract.Snapshot is one.
type Source interface {
	// KeyDistribution counts t's rows per partition key value, as a load
	// would write the keys.
	KeyDistribution(ctx context.Context, t plans.Table) (*catalog.Distribution, error)
	// Sample returns up to limit of t's rows (all when limit <= 0) in a
	// deterministic order spread over all its keys, so that what is
	// measured is not all from the first key.
	Sample(ctx context.Context, t plans.Table, limit int64) (order.Iterator, error)
	// KeyCounts returns t's items per partition key value in key order,
	// at most limit keys, and whether more keys exist.
	KeyCounts(ctx context.Context, t plans.Table, limit int) (keys []catalog.KeyCount, truncated bool, err error)
}

// Options tune Build.
type Options struct {
	// Path is the plan file's path, as given: the report's title.
	Path string
	// Drift are the plan-versus-database differences the caller
	// tolerated (plans.CheckLive), shown as notes.
	Drift []plans.Difference
	// WriteRate is the write rate in WCU/s of the load-time estimate
	// (0: the plan's).
	WriteRate int64
	// Samples is the number of sample items shown per table.
	Samples int
	// SizeRows is the number of rows per table encoded to measure item
	// sizes (0: every row).
	SizeRows int64
	// Pricing is the price table of the cost estimate.
	Pricing plans.Pricing
	// Heat runs the partition-heat simulation of each table, which only
	// the HTML page draws.
	Heat bool
}

// Limits of the partition-heat simulation: the keys read per table (in
// key order; a larger table is drawn from its first keys, and the page
// says so) and the simulated writes (beyond them one write stands for
// several items of a key), so a review of a large table stays a matter of
// seconds.
const (
	heatMaxKeys   = 1_000_000
	heatMaxWrites = 2_000_000
)

// HeatWindow is the items a load has in flight with its default 8
// workers × 25-item batches: the window Build simulates.
const HeatWindow = 8 * 25

// Build measures p's tables against src — key distribution, sample items
// and item sizes from real rows encoded as a load encodes them, the load
// time and cost they imply — and returns the report the writers render.
// Nothing is written anywhere.
func Build(ctx context.Context, p *plans.Plan, src Source, opts Options) (*Report, error) {
	rate := opts.WriteRate
	if rate <= 0 {
		rate = p.Options.WriteRate
	}
	r := &Report{Plan: opts.Path, Database: p.Source.Database, Workload: p.Source.Workload, WriteRate: rate,
		Drift: opts.Drift, Tables: make([]Table, len(p.Tables)), Skipped: p.Skipped}
	costs := make([]plans.TableCost, len(p.Tables))
	for i := range p.Tables {
		t, err := measure(ctx, src, p, &p.Tables[i], rate, &opts)
		if err != nil {
			return nil, fmt.Errorf("review %s: %w", p.Tables[i].Source, err)
		}
		r.Tables[i] = *t
		costs[i] = t.Cost
	}
	cost := mapping.CostTotal(costs, rate, opts.Pricing)
	r.Cost = &cost
	return r, nil
}

// measure reviews one table: its key distribution, sample items and item
// sizes from real rows, and the load-time estimate they imply.
func measure(ctx context.Context, src Source, p *plans.Plan, t *plans.Table, rate int64, opts *Options) (*Table, error) {
	r := &Table{Design: t, PlanRejects: planRejects(t, p.Options)}
	var err error
	if r.Distribution, err = src.KeyDistribution(ctx, *t); err != nil {
		return nil, err
	}
	enc, err := item.NewEncoder(*t, p.Options)
	if err != nil {
		return nil, err
	}
	rows, err := src.Sample(ctx, *t, opts.SizeRows)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var total, wcu int64
	for rows.Next() {
		it, rej := enc.Encode(rows.Row())
		r.Sizes.RowsEncoded++
		if rej != nil {
			r.Sizes.Rejected++
			if r.Sizes.Reasons == nil {
				r.Sizes.Reasons = map[string]int64{}
			}
			if len(r.Sizes.Reasons) < 5 {
				r.Sizes.Reasons[rej.Reason]++
			}
			continue
		}
		total += int64(it.Size)
		wcu += int64(it.WCU)
		r.Sizes.MaxBytes = max(r.Sizes.MaxBytes, it.Size)
		if len(r.Samples) < opts.Samples {
			r.Samples = append(r.Samples, item.MarshalItem(it.Attrs))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if ok := r.Sizes.RowsEncoded - r.Sizes.Rejected; ok > 0 {
		r.Sizes.AvgBytes = float64(total) / float64(ok)
		r.Sizes.AvgWCU = float64(wcu) / float64(ok)
	}
	// The plan's estimates came from the profile; the measured
	// distribution and sizes replace them for the load-time arithmetic.
	e := t.Estimates
	e.Items = r.Distribution.Rows
	e.DistinctPartitionKeys = r.Distribution.Keys
	e.ItemsPerKeyMax = r.Distribution.MaxPerKey
	if r.Sizes.AvgWCU > 0 {
		e.WCUPerItem = r.Sizes.AvgWCU
		e.AvgItemBytes = int64(math.Ceil(r.Sizes.AvgBytes))
	}
	e.TotalWCU = int64(e.WCUPerItem*float64(e.Items) + 0.5)
	// The placement model of the plan, over the measured keys: every key
	// when the heat picture reads them, else the hottest with the rest
	// spread evenly.
	var keys []catalog.KeyCount
	var truncated bool
	if opts.Heat && r.Distribution.Keys > 0 {
		if keys, truncated, err = src.KeyCounts(ctx, *t, heatMaxKeys); err != nil {
			return nil, err
		}
	}
	placed := keys
	if len(placed) == 0 && r.Distribution.MaxPerKey > 0 {
		placed = []catalog.KeyCount{{Value: r.Distribution.HottestKey, Items: r.Distribution.MaxPerKey}}
	}
	e.Partitions = mapping.Partitions(t)
	e.HotPartitionWCU = int64(math.Ceil(mapping.PlaceKeys(t, placed, e.Items, r.Distribution.Keys, e.WCUPerItem).Busiest))
	lt := mapping.EstimateLoad(e, rate)
	r.Load = LoadEstimate{
		WriteRate:              rate,
		TotalWCU:               e.TotalWCU,
		InterleavedSeconds:     lt.Interleaved,
		TableOrderSeconds:      lt.TableOrder,
		HotKeyFloorSeconds:     lt.HotKeyFloor,
		Partitions:             e.Partitions,
		HotPartitionWCU:        e.HotPartitionWCU,
		HotPartitionSeconds:    lt.HotPartitionFloor,
		PlanInterleavedSeconds: mapping.EstimateLoad(t.Estimates, rate).Interleaved,
	}
	r.Cost = mapping.EstimateCost(t, e, rate, opts.Pricing)
	// An empty table has nothing to load and no picture to draw.
	if len(keys) > 0 {
		r.Heat = SimulateHeat(HeatInput{Keys: keys, KeyType: t.PartitionKey.Type, Truncated: truncated,
			WCUPerItem: e.WCUPerItem, WriteRate: rate, Window: HeatWindow, MaxWrites: heatMaxWrites,
			Partitions: e.Partitions})
	}
	return r, nil
}
