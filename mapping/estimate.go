package mapping

import (
	"math"

	"github.com/pg2ddb/pg2ddb/plans"
)

// LoadTime is how long loading one table takes at a write rate, in seconds,
// in the two orders a loader can write it.
type LoadTime struct {
	// Interleaved writes one item of each partition key, then the next of
	// each (AWS's bulk-upload advice): the table's WCU at the write rate,
	// unless the hottest key alone takes longer at 1,000 WCU/s.
	Interleaved float64
	// TableOrder writes rows grouped by partition key, as a plain scan in
	// key order would: while a key's items are being written, at most
	// max(1, rate ÷ WCU per key) keys are busy, each capped at 1,000 WCU/s
	// — the "rolling hot partition".
	TableOrder float64
	// HotKeyFloor is the hottest key's items alone at 1,000 WCU/s.
	HotKeyFloor float64
	// HotPartitionFloor is the busiest partition's writes at 1,000 WCU/s
	// (plans.Estimates.HotPartitionWCU, the placement model's): the hottest
	// key with the keys that share its partition, the time no order can
	// beat.
	HotPartitionFloor float64
}

// EstimateLoad returns the load times of a table with estimates e at
// writeRate WCU/s: the slower of the write rate and the placement model's
// busiest partition (e.HotPartitionWCU). It is the arithmetic plan, review
// and the load summary show; it
// ignores the on-demand ramp-up, which affects both orders alike. The
// writes of enabled indexes (e.IndexWCU) are billed but do not lengthen
// the load: each global secondary index writes on its own throughput (an
// on-demand index scales as its table does; target gives a provisioned
// one the table's write units), and an index holds at most the table's
// items, each at most as large, so the table's own writes are the longest.
// The loader's write budget and the simulator count the table's writes
// alone, as DynamoDB's capacity does.
func EstimateLoad(e plans.Estimates, writeRate int64) LoadTime {
	if writeRate <= 0 || e.TotalWCU == 0 {
		return LoadTime{}
	}
	rate := float64(writeRate)
	total := float64(e.TotalWCU)
	hotFloor := float64(e.ItemsPerKeyMax) * e.WCUPerItem / partitionWCU
	partFloor := float64(e.HotPartitionWCU) / partitionWCU
	floor := math.Max(hotFloor, partFloor)
	lt := LoadTime{Interleaved: math.Max(total/rate, floor), HotKeyFloor: hotFloor, HotPartitionFloor: partFloor}
	keys := max(e.DistinctPartitionKeys, 1)
	perKey := total / float64(keys) // WCU of an average key
	effective := rate
	if perKey > partitionWCU {
		// Each key saturates its partition; the writer covers rate÷perKey
		// keys per second, at least one.
		effective = math.Min(rate, partitionWCU*math.Max(1, rate/perKey))
	}
	lt.TableOrder = math.Max(total/effective, floor)
	return lt
}

// TotalLoad sums the load times of every table of a plan at its write
// rate, as a load that writes tables one after another would take.
func TotalLoad(p *plans.Plan) LoadTime {
	var sum LoadTime
	for _, t := range p.Tables {
		lt := EstimateLoad(t.Estimates, p.Options.WriteRate)
		sum.Interleaved += lt.Interleaved
		sum.TableOrder += lt.TableOrder
	}
	return sum
}
