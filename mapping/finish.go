package mapping

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"
)

// fallback picks a key when no candidate passed every gate and found a
// proven sort key, with a warning that review shows first. Sequence
// evidence stays final: first the best candidate that failed only on
// throughput, write-sharded; then the best candidate without sequence
// evidence, with every other key-able column as its sort key, checked —
// whole-row duplicates reported as such; and only when every column that
// can be a key is sequence-style, the table's own key, saying that nothing
// natural passed and naming the best rejected candidates.
func (d *designer) fallback(cands []*candidate, pt *plans.Table) (*candidate, *sortKey, error) {
	for _, c := range cands {
		if !c.throughputOnly || c.sequence {
			continue
		}
		sk, err := d.sortKeyFor(c)
		if err != nil {
			return nil, nil, err
		}
		if sk != nil {
			c.sharded = true
			pt.Warnings = append(pt.Warnings, "no candidate passes the throughput gate: "+strings.Join(c.columns(), plans.Separator)+
				", the best natural one, is kept, hot during the load ("+c.failures[0]+")")
			c.failures = nil
			return c, sk, nil
		}
	}
	var c *candidate
	for _, cand := range cands {
		if len(cand.cols) == 1 && len(cand.parts) == 1 && !cand.sequence && !cand.category && !cand.handful && cand.nullFree() {
			c = cand
			break
		}
	}
	if c == nil {
		return d.lastResort(cands, pt)
	}
	var rest []string
	for _, col := range d.t.Columns {
		// Only columns that can never be NULL: a key attribute cannot be
		// missing, and an empty table shows nothing about NULLs.
		cp := d.colProfile(col.Name)
		if col.Name != c.cols[0].Name && (col.NotNull || cp != nil && cp.Nulls == 0 && d.rows() > 0) {
			if kp, why := keyPartFor(&col, d.colProfile(col.Name)); why == "" && kp.part.Encoding != plans.EncNumber && !rawBytes(kp) {
				rest = append(rest, col.Name)
			}
		}
	}
	sk, _ := d.sortKeyFrom(rest, "")
	if sk == nil {
		sk = &sortKey{}
	}
	all := append(c.columns(), rest...)
	r, err := d.check(all)
	if err != nil {
		return nil, nil, err
	}
	sk.proof, sk.proven = r.Proof, r.Unique
	if len(sk.parts) > 0 {
		sk.why = append(sk.why, "every other column that can be a key: no constraint and no smaller set of columns proves the item key unique")
	} else {
		sk.why = append(sk.why, "none: no other column can be a key part (each is nullable, a number or binary), so the partition key alone is the item key ("+r.Proof+")")
	}
	wholeRow := len(all) == len(d.t.Columns)
	if !r.Unique && r.Nulls == 0 && !wholeRow {
		// The key's columns leave some out (json, floats): the
		// collisions may still be whole-row duplicates, compared over
		// every column by its text.
		if wd, ok := d.checker.(WholeRowDuplicateser); ok {
			every := make([]string, len(d.t.Columns))
			for i := range d.t.Columns {
				every[i] = d.t.Columns[i].Name
			}
			w, err := wd.WholeRowDuplicates(d.ctx, d.t.Schema, d.t.Name, every)
			if err != nil {
				return nil, nil, err
			}
			if w.Repeats == r.Repeats && w.Duplicates == r.Duplicates {
				r.Proof, r.Duplicates, r.Repeats, wholeRow = w.Proof, w.Duplicates, w.Repeats, true
			}
		}
	}
	switch {
	case r.Unique:
	case wholeRow && r.Nulls == 0:
		// Rows equal in every column differ in nothing a key could use:
		// the plan carries the choice (finish checks that the key can
		// take an occurrence number). Numbering is the default because it
		// loses nothing: the copies usually mean something (an order line
		// entered twice is two purchases), and the item count stays the
		// source's row count.
		pt.Duplicates = &plans.Duplicates{
			Action: plans.DuplicatesNumber, Groups: r.Duplicates, Repeats: r.Repeats,
			Why: []string{r.Proof + ": " + plans.Thousands(r.Repeats) + " rows repeat another in every column",
				"number keeps every copy (its key ends in " + plans.Separator + "2, " + plans.Separator + "3, …), so no row is lost and the item count stays the source's row count; " +
					"keep-one writes one copy and sends each repeat to the rejects file"},
		}
		pt.Warnings = append(pt.Warnings, fmt.Sprintf("whole-row duplicates — %s sets of rows are identical in every column (%s rows repeat another): "+
			"the plan keeps every copy with an occurrence number in the key (duplicates: number); set duplicates.action to keep-one to write one copy and send the repeats to the rejects file",
			plans.Thousands(r.Duplicates), plans.Thousands(r.Repeats)))
		sk.proof, sk.proven = r.Proof+"; each repeat of a whole row is numbered or dropped as duplicates.action says", true
	default:
		pt.Warnings = append(pt.Warnings, "NOT UNIQUE: ("+strings.Join(all, ", ")+") does not identify a row ("+r.Proof+
			"): rows sharing a key will silently overwrite each other in DynamoDB — deduplicate the source or add a column to the key before loading")
	}
	c.failures = nil
	return c, sk, nil
}

// WholeRowDuplicateser counts rows equal to another in every column, each
// compared by its text. extract.Snapshot satisfies it.
type WholeRowDuplicateser interface {
	WholeRowDuplicates(ctx context.Context, schema, table string, columns []string) (catalog.UniqueResult, error)
}

// nullFree reports whether none of c's failures is about missing values.
func (c *candidate) nullFree() bool {
	for _, f := range c.failures {
		if strings.Contains(f, "cannot be missing") {
			return false
		}
	}
	return true
}

// lastResort is the table's primary key or a unique constraint when every
// column that could be a partition key is sequence-style or missing values:
// the one case where a surrogate becomes the partition key, with a warning
// that says so and names the best rejected candidates.
func (d *designer) lastResort(cands []*candidate, pt *plans.Table) (*candidate, *sortKey, error) {
	best := bestRejected(nil, cands)
	for _, u := range d.uniqueIndexes() {
		c := d.fromColumns(u.idx.Columns[:1], "first column of "+u.label)
		if c == nil {
			continue
		}
		sk, _ := d.sortKeyFrom(u.idx.Columns[1:], "unique by "+u.label)
		if sk == nil {
			continue
		}
		msg := "no natural key passes: every column that could be a partition key is sequence-style or has NULLs, so " + c.cols[0].Name + " from " + u.label + " is the key"
		if len(best) > 0 {
			msg += "; the best rejected: " + strings.Join(best, "; ")
		}
		msg += " — choose a natural key by hand if the application has one"
		pt.Warnings = append(pt.Warnings, msg)
		return c, sk, nil
	}
	var c *candidate
	// Rule payload-not-key: a payload is the first column that can be a
	// key only when no other column can be one.
	for _, payloads := range []bool{false, true} {
		for i := range d.t.Columns {
			if !payloads && d.payload(&d.t.Columns[i]) {
				continue
			}
			if c = d.fromColumns([]string{d.t.Columns[i].Name}, "first column that can be a key"); c != nil {
				break
			}
		}
		if c != nil {
			break
		}
	}
	if c == nil {
		return nil, nil, fmt.Errorf("no column can be a DynamoDB key (every type is unsupported)")
	}
	r, err := d.check(c.columns())
	if err != nil {
		return nil, nil, err
	}
	sk := &sortKey{proof: r.Proof, proven: r.Unique}
	pt.Warnings = append(pt.Warnings, "no natural key passes and no constraint exists: "+c.cols[0].Name+" is the first column that can be a key; the best rejected: "+strings.Join(best, "; "))
	if !r.Unique {
		pt.Warnings = append(pt.Warnings, "NOT UNIQUE: ("+c.cols[0].Name+") does not identify a row ("+r.Proof+"): rows sharing a key will silently overwrite each other in DynamoDB")
	}
	return c, sk, nil
}

// fromColumns makes a candidate of columns outside the scoring, with its
// statistics, or nil when a column cannot be a key part.
func (d *designer) fromColumns(cols []string, why string) *candidate {
	c := &candidate{why: []string{why}}
	for _, name := range cols {
		col := d.t.Column(name)
		if col == nil {
			return nil
		}
		kp, bad := keyPartFor(col, d.colProfile(name))
		if bad != "" {
			return nil
		}
		c.cols, c.parts = append(c.cols, col), append(c.parts, kp)
	}
	if d.profiled() {
		c.distinct, c.hot, c.hotValue, c.exact = d.stats(c.cols)
	}
	return c
}

// finish builds the keys, decides write sharding and fills the estimates.
func (d *designer) finish(pt *plans.Table, c *candidate, sk *sortKey) {
	rows := d.rows()
	avg, maxBytes := d.itemBytes(pt, c, sk)
	e := &pt.Estimates
	e.Items = rows
	e.AvgItemBytes, e.MaxItemBytes = int64(math.Ceil(avg)), int64(maxBytes)
	e.WCUPerItem = math.Max(1, math.Ceil(avg/1024))
	e.TotalWCU = int64(math.Ceil(float64(rows) * e.WCUPerItem))
	if maxBytes > 400*1024 {
		e.RowsOver400KB = 1
		pt.Warnings = append(pt.Warnings, fmt.Sprintf("the largest row is about %s KB, over DynamoDB's 400 KB item limit: at least one row will be rejected (exclude or shorten a wide column)", plans.Thousands(int64(maxBytes/1024))))
	}

	distinct, hot := c.distinct, c.hot
	if len(sk.parts) == 0 && sk.proven {
		distinct, hot = rows, min(rows, 1)
	}
	e.DistinctPartitionKeys = distinct
	e.ItemsPerKeyMax = hot
	e.ItemsPerKeyMedian = d.medianItems(c, distinct, len(sk.parts) == 0)
	if len(sk.parts) > 0 {
		e.HottestKey = c.hotValue
	}
	e.IdealLoadSeconds = round3(float64(e.TotalWCU) / float64(d.opts.WriteRate))
	e.HotKeyFloorSeconds = round3(float64(hot) * e.WCUPerItem / partitionWCU)

	shards := d.shards(pt, c, sk)
	// An occurrence number is text after the last key part, which a
	// string key of an integer, date or timestamp part can take.
	number := pt.Duplicates != nil && pt.Duplicates.Action == plans.DuplicatesNumber
	pt.PartitionKey = buildKey("pk", c.parts, shards > 1 || number && len(sk.parts) == 0 && stringable(c.parts))
	pt.PartitionKey.Score = round3(c.score)
	pt.PartitionKey.Why = slices.Clone(c.why)
	if c.distinct > 0 {
		share := ""
		if rows > 0 && hot > 0 {
			share = fmt.Sprintf(", the hottest (%s) holds %s items (%.1f%%)", c.hotValue, plans.Thousands(hot), 100*float64(hot)/float64(rows))
		}
		pt.PartitionKey.Why = append(pt.PartitionKey.Why, fmt.Sprintf("%s distinct values in %s rows%s", plans.Thousands(c.distinct), plans.Thousands(rows), share))
	}
	if len(sk.parts) > 0 {
		k := buildKey("sk", sk.parts, number && stringable(sk.parts))
		k.Why = sk.why
		pt.SortKey = &k
	} else if len(sk.why) > 0 {
		pt.PartitionKey.Why = append(pt.PartitionKey.Why, sk.why...)
	}
	pt.Unique = sk.proof
	if !sk.proven && pt.Unique != "" {
		pt.Unique = "NOT UNIQUE: " + pt.Unique
	}
	d.duplicatesKey(pt)
	if sk.proven && strings.HasPrefix(sk.proof, "checked:") && pt.Duplicates == nil {
		// Issue 21 item 7: a key only today's data proves is a warning a
		// reviewer sees, not only a why line.
		key := append(c.columns(), sortKeyColumns(sk)...)
		pt.Warnings = append(pt.Warnings, fmt.Sprintf("DATA-PROVEN KEY: (%s) is unique only by a check of today's data (%s); no constraint of the source says so, so a later row with the same values would overwrite an item in DynamoDB — declare a unique constraint on these columns, or edit the key to contain one",
			strings.Join(key, ", "), strings.TrimPrefix(sk.proof, "checked: ")))
	}
	if shards > 1 {
		e.DistinctPartitionKeys = min(rows, distinct*int64(shards))
		e.ItemsPerKeyMax = (hot + int64(shards) - 1) / int64(shards)
		e.HotKeyFloorSeconds = round3(float64(e.ItemsPerKeyMax) * e.WCUPerItem / partitionWCU)
	}
	d.place(pt, c, shards)
}

// stringable reports whether a key of parts can be of type S: every part
// but an exact number or raw bytes has a string encoding.
func stringable(parts []keyPart) bool {
	return len(parts) > 1 || parts[0].part.Encoding != plans.EncNumber && !rawBytes(parts[0])
}

// duplicatesKey falls back to keep-one when the key cannot carry an
// occurrence number: it is appended as text, so the last key attribute
// must be a string.
func (d *designer) duplicatesKey(pt *plans.Table) {
	dup := pt.Duplicates
	if dup == nil || dup.Action != plans.DuplicatesNumber {
		return
	}
	last := &pt.PartitionKey
	if pt.SortKey != nil {
		last = pt.SortKey
	}
	if last.Type != "S" {
		dup.Action = plans.DuplicatesKeepOne
		dup.Why = append(dup.Why, "keep-one, because the key ends in an attribute of type "+last.Type+", which cannot take an occurrence number")
		for i, w := range pt.Warnings {
			if strings.HasPrefix(w, "whole-row duplicates") {
				pt.Warnings[i] = fmt.Sprintf("whole-row duplicates — %s sets of rows are identical in every column (%s rows repeat another): "+
					"the plan writes one copy and sends the repeats to the rejects file (duplicates: keep-one), since the key cannot take an occurrence number",
					plans.Thousands(dup.Groups), plans.Thousands(dup.Repeats))
			}
		}
	}
}

// shards decides write sharding: when the hottest key's items at one key's
// 1,000 WCU/s take longer than the whole table at the planned write rate
// (and over a second), the key is split into N calculated suffixes. N follows
// the seed's formula — the hot key's share of the write rate × WCU per item
// ÷ 1,000 — with headroom, capped.
func (d *designer) shards(pt *plans.Table, c *candidate, sk *sortKey) int {
	e := &pt.Estimates
	if len(sk.parts) == 0 || e.TotalWCU == 0 {
		return 1
	}
	hotWCU := float64(e.ItemsPerKeyMax) * e.WCUPerItem
	floor := hotWCU / partitionWCU
	ideal := float64(e.TotalWCU) / float64(d.opts.WriteRate)
	if floor <= ideal || floor < minHoldBackSeconds {
		return 1
	}
	pk := strings.Join(c.columns(), plans.Separator)
	tail := fmt.Sprintf("the hottest %s (%s) holds %s items = %s at one key's 1,000 WCU/s, longer than the whole table's ideal %s at %s WCU/s: the load's tail",
		pk, c.hotValue, plans.Thousands(e.ItemsPerKeyMax), plans.Seconds(floor), plans.Seconds(ideal), plans.Thousands(d.opts.WriteRate))
	live, liveKnown := d.opts.Workload.WriteRate(d.t.Schema, d.t.Name)
	liveHot := live * float64(e.ItemsPerKeyMax) / float64(max(1, e.Items)) * e.WCUPerItem
	if !d.opts.ShardHotKeys && liveHot <= partitionWCU {
		evidence := "no live write statistics for the table"
		if liveKnown {
			evidence = fmt.Sprintf("the source's live write rate (%.1f rows/s since its statistics reset) puts about %.1f WCU/s on the hottest value, within one partition's 1,000", live, liveHot)
		}
		c.why = append(c.why, "not write-sharded: "+tail+"; "+evidence+", so the key stays whole — sharding is permanent and costs every reader "+
			"a query per shard, the tail costs this one load (plan with --shard-hot-keys to shard for the load)")
		return 1
	}
	hotRate := float64(d.opts.WriteRate) * hotWCU / float64(e.TotalWCU)
	if !d.opts.ShardHotKeys {
		hotRate = liveHot
	}
	needed := hotRate / partitionWCU
	n := int(math.Ceil(needed * shardHeadroom))
	n = max(n, 2)
	capped := n > d.opts.MaxShards
	limit := min(d.opts.MaxShards, int(e.ItemsPerKeyMax))
	n, placed := placeShards(keyValue(buildKey("pk", c.parts, true), hotColumns(c)), min(n, limit), limit, Partitions(pt), hotRate)
	s := &plans.Sharding{Shards: n}
	if d.opts.ShardHotKeys {
		s.Why = append(s.Why, "asked for (--shard-hot-keys): sharded for the load's speed")
	} else {
		s.Why = append(s.Why, fmt.Sprintf("the source's live write rate (%.1f rows/s since its statistics reset) puts about %.0f WCU/s on the hottest value, over one partition's 1,000", live, liveHot))
	}
	s.Why = append(s.Why, []string{
		fmt.Sprintf("the hottest %s (%s) holds %s items = %s WCU: %s at one key's 1,000 WCU/s, longer than the whole table's ideal %s at %s WCU/s",
			pk, c.hotValue, plans.Thousands(e.ItemsPerKeyMax), plans.Thousands(int64(hotWCU)), plans.Seconds(floor), plans.Seconds(ideal), plans.Thousands(d.opts.WriteRate)),
		fmt.Sprintf("suffix range: the hot key's write rate %.0f WCU/s ÷ 1,000 WCU/s per key = %.2f, × %.1f headroom → %d shards", hotRate, needed, shardHeadroom, n),
		placed,
		"the suffix is calculated from the sort key (plans.Shard), so an item can be found again from its keys",
	}...)
	if capped {
		s.Why = append(s.Why, fmt.Sprintf("capped at %d shards: the hottest key still takes about %s", d.opts.MaxShards, plans.Seconds(floor/float64(n))))
		pt.Warnings = append(pt.Warnings, fmt.Sprintf("write sharding capped at %d shards: the hottest %s still holds the load back", n, pk))
	}
	s.ReadCost = fmt.Sprintf("reading all items of one %s takes %d queries (%s#0 … %s#%d), merged by the reader; a reader who knows the sort key computes the one shard to read", pk, n, pk, pk, n-1)
	pt.Sharding = s
	return n
}

// medianItems estimates the median items per partition key: exact when
// the profile's top values cover every value, otherwise the average items
// per key, bounded by the least frequent top value.
func (d *designer) medianItems(c *candidate, distinct int64, unique bool) int64 {
	rows := d.rows()
	if unique {
		return min(rows, 1)
	}
	if distinct <= 0 || rows == 0 {
		return 0
	}
	avg := int64(math.Round(float64(rows) / float64(distinct)))
	if len(c.cols) != 1 {
		return max(avg, 1)
	}
	cp := d.colProfile(c.cols[0].Name)
	if cp == nil || len(cp.TopValues) == 0 {
		return max(avg, 1)
	}
	if int64(len(cp.TopValues)) >= distinct {
		counts := make([]int64, len(cp.TopValues))
		for i, v := range cp.TopValues {
			counts[i] = v.Count
		}
		slices.Sort(counts)
		return counts[len(counts)/2]
	}
	return max(1, min(avg, cp.TopValues[len(cp.TopValues)-1].Count))
}

// itemBytes estimates the average and largest item by DynamoDB's size
// rules: attribute name bytes plus value bytes, numbers at one byte per two
// significant digits plus one, NULLs omitted (or one byte when written),
// plus the key attributes built from the columns.
func (d *designer) itemBytes(pt *plans.Table, c *candidate, sk *sortKey) (avg, largest float64) {
	if !d.profiled() {
		return 0, 0
	}
	for _, a := range pt.Attributes {
		cp := d.colProfile(a.Column)
		if cp == nil {
			continue
		}
		name := float64(len(a.Name))
		present := 1 - cp.NullFraction
		av, mx := valueBytes(a, cp.AvgWidth), valueBytes(a, float64(cp.MaxWidth))
		if d.opts.Nulls == plans.NullsWrite {
			avg += name + present*av + cp.NullFraction*1
		} else {
			avg += present * (name + av)
		}
		largest += name + mx
	}
	keyAvg := func(parts []keyPart) float64 {
		n := 0.0
		for i, p := range parts {
			if i > 0 {
				n++
			}
			if p.part.Encoding == plans.EncString {
				if cp := d.colProfile(p.part.Column); cp != nil {
					n += cp.AvgWidth
					continue
				}
			}
			n += float64(p.bytes)
		}
		if len(parts) == 1 && rawBytes(parts[0]) {
			n = float64(keyBytes(parts))
		}
		return n
	}
	avg += 2 + keyAvg(c.parts)
	largest += 2 + float64(keyBytes(c.parts))
	if len(sk.parts) > 0 {
		avg += 2 + keyAvg(sk.parts)
		largest += 2 + float64(keyBytes(sk.parts))
	}
	return avg, largest
}

// valueBytes is the DynamoDB size of one value whose PostgreSQL text form
// is width bytes.
func valueBytes(a plans.Attribute, width float64) float64 {
	switch a.Type {
	case "N":
		return math.Ceil(math.Max(width-1, 1)/2) + 1
	case "BOOL", "NULL":
		return 1
	case "B":
		return math.Max(width-2, 0) / 2 // bytea's text form is \x and two hex digits a byte
	}
	switch a.Encoding {
	case plans.AttrDate:
		return 10
	case plans.AttrTimestamp:
		return 26
	case plans.AttrTimestampTZ:
		return 27
	}
	return width
}

// sortKeyColumns lists the columns of a sort key's parts.
func sortKeyColumns(sk *sortKey) []string {
	var out []string
	for _, p := range sk.parts {
		out = append(out, p.part.Column)
	}
	return out
}
