package review

import (
	"crypto/md5"
	"encoding/hex"
	"math"
	"sort"
	"strconv"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/mapping"

	"github.com/pg2ddb/pg2ddb/internal/placement"
)

// HeatInput is what the partition-heat simulation needs of one table: its
// partition key values with their items (extract.KeyCounts, in key order)
// and the numbers of the load.
type HeatInput struct {
	Keys []catalog.KeyCount
	// KeyType is the partition key's DynamoDB type, S, N or B.
	KeyType string
	// Truncated says Keys holds only the first keys of the table.
	Truncated  bool
	WCUPerItem float64
	WriteRate  int64
	// Partitions is the table's partition count (placement.PartitionsFor).
	Partitions int
	// Window is the number of items a load has in flight: a write to a
	// partition out of budget waits, and the load writes on to other
	// partitions only within this window (8 workers × 25 items by
	// default).
	Window int
	// MaxWrites bounds the simulated writes; beyond it one simulated write
	// stands for several items of one key.
	MaxWrites int64
}

// Heat is the simulated load of one table on its partitions over time, in
// both orders, drawn on one time axis so the longer order looks longer.
type Heat struct {
	Partitions int     `json:"partitions"`
	Window     int     `json:"window"`
	Keys       int     `json:"keys"`
	Truncated  bool    `json:"truncated,omitempty"`
	WriteRate  int64   `json:"write_rate"`
	ItemsPer   int64   `json:"items_per_write"`
	Tick       float64 `json:"tick_seconds"`
	Column     float64 `json:"column_seconds"`
	Columns    int     `json:"columns"`
	// Interleaved and TableOrder are the two orders a load writes in.
	Interleaved HeatRun `json:"interleaved"`
	TableOrder  HeatRun `json:"table_order"`
}

// HeatRun is one order's simulated load.
type HeatRun struct {
	// Seconds is the simulated time until the last write was accepted.
	Seconds float64 `json:"seconds"`
	// Use[p][c] is partition p's accepted WCU during column c as a share of
	// its budget (1 = at the 1,000 WCU/s ceiling, where DynamoDB
	// throttles).
	Use [][]float64 `json:"use"`
	// Saturated counts the cells at the ceiling.
	Saturated int `json:"saturated"`
}

// maxColumns is the picture's width in time columns.
const maxColumns = 120

// SimulateHeat places every key on a partition with the simulator's own
// placement (placement.PartitionOf) and replays the load in interleaved and
// in table order with the simulator's budgets: each partition a token
// bucket of placement.PartitionWCU WCU/s holding
// placement.BurstSeconds of budget, admitting a write while it has
// tokens; the whole load at most WriteRate WCU/s. A write that finds its
// partition out of budget waits, and the load writes on past it only
// within its window of items in flight — which is why table order, whose
// window holds a few keys, crawls when keys are large, and interleaved
// order, whose window holds many keys, does not.
func SimulateHeat(in HeatInput) *Heat {
	h := &Heat{Partitions: max(in.Partitions, 1), Window: max(in.Window, 1), Keys: len(in.Keys), Truncated: in.Truncated, WriteRate: in.WriteRate, ItemsPer: 1}
	var total, most int64
	for _, k := range in.Keys {
		total += k.Items
		most = max(most, k.Items)
	}
	if in.MaxWrites > 0 && total > in.MaxWrites {
		h.ItemsPer = (total + in.MaxWrites - 1) / in.MaxWrites
	}
	wcuPer := max(in.WCUPerItem, 1) * float64(h.ItemsPer)
	rate := float64(max(in.WriteRate, 1))
	pw := float64(placement.PartitionWCU)
	// The tick: about 200 ticks for the slower of the two bounds a load
	// cannot beat, the write rate and the hottest key at one partition.
	expect := math.Max(float64(total)*max(in.WCUPerItem, 1)/rate, float64(most)*max(in.WCUPerItem, 1)/pw)
	h.Tick = math.Min(math.Max(expect/200, 0.01), 60)

	part := make([]int, len(in.Keys))
	units := make([]int64, len(in.Keys))
	for i, k := range in.Keys {
		part[i] = placement.PartitionOf(in.KeyType, mapping.PlacementValue(in.KeyType, k.Value), h.Partitions)
		units[i] = (k.Items + h.ItemsPer - 1) / h.ItemsPer
	}
	iTicks := replay(h, interleaved(in.Keys, units, part), wcuPer, rate, pw)
	tTicks := replay(h, tableOrder(units, part), wcuPer, rate, pw)
	ticks := max(len(iTicks), len(tTicks), 1)
	per := (ticks + maxColumns - 1) / maxColumns
	h.Columns = (ticks + per - 1) / per
	h.Column = float64(per) * h.Tick
	h.Interleaved = columns(iTicks, h, per, pw)
	h.TableOrder = columns(tTicks, h, per, pw)
	return h
}

// tableOrder yields the partition of every write of a load in key order:
// all of a key's items, then the next key's.
func tableOrder(units []int64, part []int) func() (int, bool) {
	i, left := 0, int64(0)
	if len(units) > 0 {
		left = units[0]
	}
	return func() (int, bool) {
		for i < len(units) && left == 0 {
			i++
			if i < len(units) {
				left = units[i]
			}
		}
		if i >= len(units) {
			return 0, false
		}
		left--
		return part[i], true
	}
}

// interleaved yields the partition of every write in extract's interleave:
// round r holds the r-th item of every key with at least r. The load takes
// a round's keys in the order the source scan meets them, which key counts
// do not carry; md5(r || '#' || key) stands in for it, an order that, like
// arrival, has nothing to do with where the keys are placed.
func interleaved(keys []catalog.KeyCount, units []int64, part []int) func() (int, bool) {
	// Keys by units, most first: round r is a prefix of this order.
	byUnits := make([]int, len(keys))
	for i := range byUnits {
		byUnits[i] = i
	}
	sort.SliceStable(byUnits, func(a, b int) bool { return units[byUnits[a]] > units[byUnits[b]] })
	var round []int
	r, pos := int64(0), 0
	return func() (int, bool) {
		if pos >= len(round) {
			r++
			n := sort.Search(len(byUnits), func(i int) bool { return units[byUnits[i]] < r })
			if n == 0 {
				return 0, false
			}
			round = append(round[:0], byUnits[:n]...)
			prefix := strconv.FormatInt(r, 10) + "#"
			sums := make(map[int]string, n)
			for _, k := range round {
				s := md5.Sum([]byte(prefix + keys[k].Value))
				sums[k] = hex.EncodeToString(s[:])
			}
			sort.Slice(round, func(a, b int) bool { return sums[round[a]] < sums[round[b]] })
			pos = 0
		}
		pos++
		return part[round[pos-1]], true
	}
}

// replay runs one order through the budgets tick by tick and returns each
// tick's accepted WCU per partition.
func replay(h *Heat, next func() (int, bool), wcu, rate, pw float64) [][]float64 {
	burst := pw * math.Max(placement.BurstSeconds, h.Tick)
	tokens := make([]float64, h.Partitions)
	for p := range tokens {
		tokens[p] = burst
	}
	var out [][]float64
	var window []int
	more := true
	fill := func() {
		for more && len(window) < h.Window {
			p, ok := next()
			if !ok {
				more = false
				return
			}
			window = append(window, p)
		}
	}
	fill()
	// A load that cannot finish within a day of simulated time is drawn
	// up to there.
	limit := int(math.Ceil(86400 / h.Tick))
	for t := 0; (len(window) > 0 || more) && t < limit; t++ {
		if t > 0 {
			for p := range tokens {
				tokens[p] = math.Min(burst, tokens[p]+pw*h.Tick)
			}
		}
		table := rate * h.Tick
		acc := make([]float64, h.Partitions)
		var kept []int
		for i := 0; i < len(window); i++ {
			p := window[i]
			if table > 0 && tokens[p] > 0 {
				table -= wcu
				tokens[p] -= wcu
				acc[p] += wcu
				// A write left the window: the load reads the next row.
				if more && len(kept)+len(window)-i-1 < h.Window {
					if np, ok := next(); ok {
						window = append(window, np)
					} else {
						more = false
					}
				}
				continue
			}
			kept = append(kept, p)
		}
		window = kept
		out = append(out, acc)
	}
	return out
}

// columns sums ticks into the picture's columns as shares of the
// partition budget.
func columns(ticks [][]float64, h *Heat, per int, pw float64) HeatRun {
	run := HeatRun{Seconds: float64(len(ticks)) * h.Tick, Use: make([][]float64, h.Partitions)}
	budget := pw * h.Column
	for p := range run.Use {
		run.Use[p] = make([]float64, h.Columns)
	}
	for t, acc := range ticks {
		for p, w := range acc {
			run.Use[p][t/per] += w / budget
		}
	}
	for p := range run.Use {
		for c := range run.Use[p] {
			if run.Use[p][c] >= 0.95 {
				run.Saturated++
			}
		}
	}
	return run
}
