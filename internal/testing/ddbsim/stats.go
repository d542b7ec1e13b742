package ddbsim

import (
	"slices"
	"strings"
)

// Stats is a snapshot of what the server saw. All times and rates are in
// simulated units (see the package doc on time scale).
type Stats struct {
	Mode       string       `json:"mode"`
	TimeScale  float64      `json:"time_scale"`
	SimSeconds float64      `json:"sim_seconds"` // simulated seconds since start
	Tables     []TableStats `json:"tables"`
	Faults     FaultStats   `json:"faults"`
}

// FaultStats counts injected faults.
type FaultStats struct {
	Requests         int64 `json:"eligible_requests"`
	Dropped          int64 `json:"dropped"`
	InternalErrors   int64 `json:"internal_errors"`
	Throttles        int64 `json:"throttles"`
	Delayed          int64 `json:"delayed"`
	UnprocessedItems int64 `json:"unprocessed_items"`
}

// TableStats describes one table's writes. Throttled counts are write
// requests refused for lack of budget (returned unprocessed or failed with
// ProvisionedThroughputExceededException); a client that retries counts again.
type TableStats struct {
	Name           string  `json:"name"`
	PartitionCount int     `json:"partition_count"`
	PartitionWCU   float64 `json:"partition_wcu"`
	TableWCU       float64 `json:"table_wcu"`
	Counters
	// AcceptedPuts counts every put that was applied, a second put of
	// the same item included; StoredItems is the number of items held
	// (ModeStore; 0 in ModeCount) and Overwrites the accepted puts that
	// replaced an item with the same key. A key count cannot see an item
	// written twice; AcceptedPuts and Overwrites can, which is how tests
	// show that a load wrote each row exactly once.
	AcceptedPuts     int64 `json:"accepted_puts"`
	StoredItems      int64 `json:"stored_items"`
	Overwrites       int64 `json:"overwrites"`
	ThrottledCalls   int64 `json:"throttled_calls"`   // calls failed with ProvisionedThroughputExceededException
	FaultUnprocessed int64 `json:"fault_unprocessed"` // items returned unprocessed by fault injection
	// FirstWrite and LastWrite are the simulated times of the first and last
	// accepted write; WCUPerSecond is AcceptedWCU over that span.
	FirstWrite   float64 `json:"first_write"`
	LastWrite    float64 `json:"last_write"`
	WCUPerSecond float64 `json:"wcu_per_second"`
	// HottestPartition has the most accepted WCU (-1 before any write).
	HottestPartition int              `json:"hottest_partition"`
	Partitions       []PartitionStats `json:"partitions"`
	// HotKeys are the tracked partition key values with the highest peak
	// accepted WCU in one simulated second, at most 20.
	HotKeys         []KeyStats `json:"hot_keys"`
	TrackedKeys     int        `json:"tracked_keys"`
	UntrackedWrites int64      `json:"untracked_writes"` // writes to keys beyond MaxTrackedKeys
}

// PartitionStats is one partition's writes, in total and per simulated second.
type PartitionStats struct {
	Index int `json:"index"`
	Counters
	PeakWCUPerSecond int64         `json:"peak_wcu_per_second"`
	Seconds          []SecondStats `json:"seconds"`
}

// SecondStats is one partition's writes during one simulated second
// (Second is the whole simulated seconds since the server started).
type SecondStats struct {
	Second         int64 `json:"second"`
	AcceptedItems  int64 `json:"accepted_items"`
	AcceptedWCU    int64 `json:"accepted_wcu"`
	ThrottledItems int64 `json:"throttled_items"`
	ThrottledWCU   int64 `json:"throttled_wcu"`
}

// KeyStats is one partition key value's write rate. Key is the type and the
// canonical value, e.g. "S:customer#42" or "N:17".
type KeyStats struct {
	Key                string `json:"key"`
	Partition          int    `json:"partition"`
	Items              int64  `json:"items"`
	PeakWCUPerSecond   int64  `json:"peak_wcu_per_second"`
	PeakItemsPerSecond int64  `json:"peak_items_per_second"`
}

const maxHotKeys = 20

// Stats returns a snapshot of the server's statistics, tables by name.
func (s *Server) Stats() Stats {
	st := Stats{Mode: s.opts.Mode.String(), TimeScale: s.opts.TimeScale, SimSeconds: s.simNow()}
	s.fmu.Lock()
	st.Faults = s.fcount
	s.fmu.Unlock()

	s.tmu.RLock()
	tables := make([]*table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	s.tmu.RUnlock()
	slices.SortFunc(tables, func(a, b *table) int { return strings.Compare(a.name, b.name) })
	for _, t := range tables {
		st.Tables = append(st.Tables, t.snapshot())
	}
	return st
}

// TableStats returns the statistics of one table; false if it does not exist.
func (s *Server) TableStats(name string) (TableStats, bool) {
	s.tmu.RLock()
	t := s.tables[name]
	s.tmu.RUnlock()
	if t == nil {
		return TableStats{}, false
	}
	return t.snapshot(), true
}

func (t *table) snapshot() TableStats {
	t.mu.Lock()
	defer t.mu.Unlock()
	ts := TableStats{
		Name:             t.name,
		PartitionCount:   t.partitions,
		PartitionWCU:     t.partWCU,
		TableWCU:         t.tableWCU,
		Counters:         t.stats.Counters,
		AcceptedPuts:     t.puts,
		StoredItems:      int64(len(t.items)),
		Overwrites:       t.overwrites,
		ThrottledCalls:   t.stats.throttledCalls,
		FaultUnprocessed: t.stats.faultUnproc,
		FirstWrite:       t.stats.firstWrite,
		LastWrite:        t.stats.lastWrite,
		HottestPartition: -1,
		TrackedKeys:      len(t.keys),
		UntrackedWrites:  t.stats.untracked,
	}
	if span := ts.LastWrite - ts.FirstWrite; span > 0 {
		ts.WCUPerSecond = float64(ts.AcceptedWCU) / span
	}
	var best int64
	for i := range t.parts {
		p := &t.parts[i]
		ts.Partitions = append(ts.Partitions, PartitionStats{
			Index:            i,
			Counters:         p.Counters,
			PeakWCUPerSecond: p.peakWCU,
			Seconds:          slices.Clone(p.series),
		})
		if p.AcceptedWCU > best {
			best, ts.HottestPartition = p.AcceptedWCU, i
		}
	}
	for k, kr := range t.keys {
		ts.HotKeys = append(ts.HotKeys, KeyStats{
			Key:                k[:1] + ":" + k[1:],
			Partition:          rangeOf(hashKey(k[0], k[1:]), t.partitions),
			Items:              kr.total,
			PeakWCUPerSecond:   kr.peakWCU,
			PeakItemsPerSecond: kr.peakItems,
		})
	}
	slices.SortFunc(ts.HotKeys, func(a, b KeyStats) int {
		if a.PeakWCUPerSecond != b.PeakWCUPerSecond {
			return int(b.PeakWCUPerSecond - a.PeakWCUPerSecond)
		}
		return strings.Compare(a.Key, b.Key)
	})
	if len(ts.HotKeys) > maxHotKeys {
		ts.HotKeys = ts.HotKeys[:maxHotKeys]
	}
	return ts
}
