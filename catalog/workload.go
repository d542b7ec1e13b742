package catalog

import "slices"

// Workload is what pg_stat_statements says the application runs: per table
// and column set, the calls and rows of statements that filter or join on
// those columns. It is evidence of the lookups an application relies on,
// which ranks key and index candidates; without it the design relies on the
// schema alone, and Summary says why.
type Workload struct {
	// Available is true when pg_stat_statements was read.
	Available bool
	// Summary says what was read, or why nothing was.
	Summary string
	// Statements is the number of statements read; Parsed those whose
	// filters were understood.
	Statements, Parsed int
	Lookups            []WorkloadLookup
	// Writes are the tables' live write counts from the statistics
	// collector (pg_stat_user_tables), read whether or not
	// pg_stat_statements is.
	Writes []TableWrites
}

// TableWrites is a table's rows inserted, updated and deleted since the
// database's statistics were reset (or the server started).
type TableWrites struct {
	Schema, Table string
	Writes        int64
	// Seconds is how long the counters have been counting.
	Seconds float64
}

// WriteRate is schema.table's live writes per second since its counters
// started; ok is false when w holds none for it.
func (w *Workload) WriteRate(schema, table string) (perSecond float64, ok bool) {
	if w == nil {
		return 0, false
	}
	for _, t := range w.Writes {
		if t.Schema == schema && t.Table == table && t.Seconds > 0 {
			return float64(t.Writes) / t.Seconds, true
		}
	}
	return 0, false
}

// WorkloadLookup is the evidence for one table and column set.
type WorkloadLookup struct {
	Schema, Table string
	// Columns are sorted: a filter on (a, b) is the same lookup as (b, a).
	Columns []string
	Calls   int64
	Rows    int64
	// Join is true when some of the statements joined on the columns
	// rather than filtering them by a value.
	Join bool
}

// Lookup returns the calls and rows of statements filtering schema.table on
// exactly the column set cols (in any order); zero when there are none or
// w is nil.
func (w *Workload) Lookup(schema, table string, cols []string) (calls, rows int64) {
	if w == nil {
		return 0, 0
	}
	key := slices.Clone(cols)
	slices.Sort(key)
	for _, l := range w.Lookups {
		if l.Schema == schema && l.Table == table && slices.Equal(l.Columns, key) {
			return l.Calls, l.Rows
		}
	}
	return 0, 0
}

// TableLookups are the lookups recorded for schema.table.
func (w *Workload) TableLookups(schema, table string) []WorkloadLookup {
	if w == nil {
		return nil
	}
	var out []WorkloadLookup
	for _, l := range w.Lookups {
		if l.Schema == schema && l.Table == table {
			out = append(out, l)
		}
	}
	return out
}
