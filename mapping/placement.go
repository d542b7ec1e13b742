package mapping

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/internal/placement"
	"github.com/pg2ddb/pg2ddb/plans"
)

// tailShare is how many times the time of the table's writes spread
// evenly a hot key's partition must take (and minHoldBackSeconds longer)
// before the plan warns of the load's tail.
const tailShare = 1.2

// Partitions is the partition count a load of t is placed on: the
// placement model's rule for a new table of t's capacity (4 on demand).
func Partitions(t *plans.Table) int {
	c := t.Capacity
	return placement.PartitionsFor(c.Mode == plans.Provisioned, c.ReadUnits, c.WriteUnits)
}

// PlaceKeys is the placement model's spread of a load of t of items items
// in distinct partition key values, of which keys are known (each with its
// items, the value as the load writes it, shard suffix included): every
// known key's WCUPerItem × items on the partition it hashes to, the other
// items over the other keys, spread as a hash spreads them.
func PlaceKeys(t *plans.Table, keys []catalog.KeyCount, items, distinct int64, wcuPerItem float64) placement.Spread {
	known := make([]placement.Key, len(keys))
	var counted int64
	for i, k := range keys {
		known[i] = placement.Key{Type: t.PartitionKey.Type, Value: PlacementValue(t.PartitionKey.Type, k.Value), WCU: float64(k.Items) * wcuPerItem}
		counted += k.Items
	}
	rest := max(items-counted, 0)
	restKeys := min(max(distinct-int64(len(keys)), 0), rest)
	return placement.Place(known, float64(rest)*wcuPerItem, restKeys, Partitions(t))
}

// PlacementValue turns a partition key value as PostgreSQL's text gives it
// into what placement.PartitionOf takes: a B key comes as hex text
// (\x…) and is placed by its bytes.
func PlacementValue(typ, v string) string {
	if typ == "B" && strings.HasPrefix(v, `\x`) {
		if raw, err := hex.DecodeString(v[2:]); err == nil {
			return string(raw)
		}
	}
	return v
}

// keyValue is the partition key value a load writes for a row whose key
// columns hold values (in the key's part order, as the profile renders
// them: PostgreSQL's text output in UTC with ISO dates), without a shard
// suffix. A value the encoding does not recognise is used as it is: the
// model then places a key of the same spread, not the very one.
func keyValue(k plans.Key, values []string) string {
	if len(values) != len(k.Parts) {
		return strings.Join(values, plans.Separator)
	}
	parts := make([]string, len(values))
	for i, p := range k.Parts {
		parts[i] = codec.KeyPartText(p, values[i], len(k.Parts) > 1)
	}
	return strings.Join(parts, plans.Separator)
}

// knownKeys are the partition key values whose items the profile counts,
// as a load of pt with shards write shards writes them: the chosen
// column's most frequent values, or the candidate's hottest value when the
// key has several columns, each value's items split evenly over its
// shards (the shard is a hash of the sort key). items is how many rows a
// load writes.
func (d *designer) knownKeys(pt *plans.Table, c *candidate, shards int) (keys []catalog.KeyCount, items int64) {
	items = d.rows()
	var values []catalog.ValueCount
	if len(c.cols) == 1 {
		if cp := d.colProfile(c.cols[0].Name); cp != nil {
			values = cp.TopValues
			items = max(items-cp.Nulls, 0)
		}
	}
	if len(values) == 0 && c.hot > 0 && c.hotValue != "" {
		values = []catalog.ValueCount{{Value: c.hotValue, Count: c.hot}}
	}
	for _, v := range values {
		if v.Count <= 0 {
			continue
		}
		cols := []string{v.Value}
		if len(c.cols) > 1 {
			cols = strings.Split(v.Value, plans.Separator)
		}
		kv := keyValue(pt.PartitionKey, cols)
		if shards <= 1 {
			keys = append(keys, catalog.KeyCount{Value: kv, Items: v.Count})
			continue
		}
		for s := range shards {
			// Shards 0..Count%shards-1 take the remainder, so the items add up.
			n := v.Count / int64(shards)
			if int64(s) < v.Count%int64(shards) {
				n++
			}
			if n > 0 {
				keys = append(keys, catalog.KeyCount{Value: kv + plans.Separator + strconv.Itoa(s), Items: n})
			}
		}
	}
	return keys, items
}

// shardsPlaced is how the shards of a key value land on partitions: the
// most on one partition and how many partitions they cover.
func shardsPlaced(value string, shards, partitions int) (most, covered int) {
	on := make([]int, partitions)
	for s := range shards {
		p := placement.PartitionOf("S", value+plans.Separator+strconv.Itoa(s), partitions)
		on[p]++
		most = max(most, on[p])
		if on[p] == 1 {
			covered++
		}
	}
	return most, covered
}

// placeShards widens a shard count from n until the placement model puts
// no more than one partition's 1,000 WCU/s ÷ headroom of the hot key's
// rate (hotRate WCU/s) on any partition: shards that hash to one partition
// share its budget, so what counts is the most shards on one partition,
// not the count. When no count up to limit does (the hot key needs more
// than the table's partitions give), it is the fewest shards whose busiest
// partition holds no more of the hot key than a tenth over n shards spread
// evenly (⌈n ÷ partitions⌉ of n), else the best spread up to limit. It
// returns the count and the reason.
func placeShards(value string, n, limit, partitions int, hotRate float64) (int, string) {
	limit = max(limit, n)
	budget := float64(placement.PartitionWCU) / shardHeadroom
	share := func(k int) float64 {
		most, _ := shardsPlaced(value, k, partitions)
		return float64(most) / float64(k)
	}
	best, reach := n, false
	for k := n; k <= limit && !reach; k++ {
		best, reach = k, hotRate*share(k) <= budget
	}
	if !reach {
		even := float64((n+partitions-1)/partitions) / float64(n) * 1.1
		best = n
		bestShare := math.Inf(1)
		for k := n; k <= limit; k++ {
			s := share(k)
			if s <= even {
				best = k
				break
			}
			if s < bestShare {
				best, bestShare = k, s
			}
		}
	}
	most, covered := shardsPlaced(value, best, partitions)
	why := fmt.Sprintf("placement: the %d shards of the hot value hash to %d of the table's %d partitions, at most %d on one: %.0f WCU/s of the hot key on the busiest partition",
		best, covered, partitions, most, hotRate*float64(most)/float64(best))
	if reach {
		why += fmt.Sprintf(", within one partition's 1,000 WCU/s ÷ %.1f headroom", shardHeadroom)
	} else {
		why += fmt.Sprintf(", over one partition's 1,000 WCU/s ÷ %.1f headroom at every count up to %d: the hot key needs more than the table's partitions; the fewest shards spread as evenly as they allow", shardHeadroom, limit)
	}
	if best != n {
		m, _ := shardsPlaced(value, n, partitions)
		why += fmt.Sprintf(" (%d shards would put %d on one partition)", n, m)
	}
	return best, why
}

// place fills the placement model's estimates of pt, written with shards
// write shards, and warns when a hot key's partition makes the load's
// tail longer than the table's writes at the write rate over its
// partitions.
func (d *designer) place(pt *plans.Table, c *candidate, shards int) {
	e := &pt.Estimates
	if e.TotalWCU == 0 {
		return
	}
	e.Partitions = Partitions(pt)
	keys, items := d.knownKeys(pt, c, shards)
	sp := PlaceKeys(pt, keys, items, e.DistinctPartitionKeys, e.WCUPerItem)
	e.HotPartitionWCU = int64(math.Ceil(sp.Busiest))
	e.LoadSeconds = round3(EstimateLoad(*e, d.opts.WriteRate).Interleaved)
	rate := float64(d.opts.WriteRate)
	total := float64(e.TotalWCU)
	even := math.Max(total/rate, total/float64(e.Partitions)/placement.PartitionWCU)
	tail := float64(e.HotPartitionWCU) / placement.PartitionWCU
	// The warning is of hot keys: the known keys' partition, with only an
	// even share of the rest, must make the tail.
	if known := sp.WCU[sp.Hottest] / placement.PartitionWCU; known <= even*tailShare || known-even < minHoldBackSeconds || len(keys) == 0 {
		return
	}
	// The hot key is the known key of most items on the busiest partition.
	var hot catalog.KeyCount
	var hotItems, onPart int64
	for _, k := range keys {
		if placementPartition(pt, k.Value) != sp.Hottest {
			continue
		}
		onPart += k.Items
		if k.Items > hot.Items {
			hot = k
		}
	}
	if onPart == 0 {
		return
	}
	source := hot.Value
	if shards > 1 {
		source = source[:strings.LastIndex(source, plans.Separator)]
		for _, k := range keys {
			if strings.HasPrefix(k.Value, source+plans.Separator) {
				hotItems += k.Items
			}
		}
	} else {
		hotItems = hot.Items
	}
	what := fmt.Sprintf("the hot key %s holds %s of %s items (%.1f%%)", source, plans.Thousands(hotItems), plans.Thousands(e.Items), 100*float64(hotItems)/float64(max(e.Items, 1)))
	if shards > 1 {
		most, covered := shardsPlaced(source, shards, e.Partitions)
		what += fmt.Sprintf("; its %d shards hash to %d of the %d partitions, %d on partition %d", shards, covered, e.Partitions, most, sp.Hottest)
	} else {
		what += fmt.Sprintf(" on partition %d of %d", sp.Hottest, e.Partitions)
	}
	pt.Warnings = append(pt.Warnings, fmt.Sprintf("load tail: %s; with the other keys the placement model puts there, partition %d takes %s WCU = %s at 1,000 WCU/s, against %s for the table's %s WCU spread evenly (%s WCU/s over %d partitions): about %s longer",
		what, sp.Hottest, plans.Thousands(e.HotPartitionWCU), plans.Seconds(tail), plans.Seconds(even), plans.Thousands(e.TotalWCU),
		plans.Thousands(d.opts.WriteRate), e.Partitions, plans.Seconds(tail-even)))
}

// placementPartition is the partition, of t's Partitions, that the
// partition key value v (as the load writes it) hashes to.
func placementPartition(t *plans.Table, v string) int {
	return placement.PartitionOf(t.PartitionKey.Type, PlacementValue(t.PartitionKey.Type, v), Partitions(t))
}

// hotColumns are the values of c's hottest key, one per column.
func hotColumns(c *candidate) []string {
	if len(c.cols) == 1 {
		return []string{c.hotValue}
	}
	return strings.Split(c.hotValue, plans.Separator)
}
