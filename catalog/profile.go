package catalog

// UniqueResult answers whether a column set identifies every row: what
// mapping needs before it proposes a (partition key, sort key).
type UniqueResult struct {
	// Unique is true when no two rows share the columns' values and no row
	// has a NULL in any of them (a DynamoDB key attribute cannot be NULL).
	Unique bool `json:"unique"`
	// Proof says why, in words: the constraint or index that guarantees
	// it, or the check that was run and what it found.
	Proof string `json:"proof"`
	// Duplicates is the number of distinct values of the column set held
	// by more than one row (0 when proven by a constraint).
	Duplicates int64 `json:"duplicates"`
	// Repeats is the number of rows beyond the first of each such value:
	// the rows a load that keeps one copy per value would drop.
	Repeats int64 `json:"repeats,omitempty"`
	// Nulls is the number of rows with a NULL in any of the columns.
	Nulls int64 `json:"nulls"`
	// Rows is the number of rows checked (0 when proven by a constraint).
	Rows int64 `json:"rows,omitempty"`
}

// KeyStats is how a column set spreads the rows: what a multi-column
// partition key's plan reasons state as facts, so they are counted, not
// estimated.
type KeyStats struct {
	// Distinct is the number of distinct non-NULL combinations.
	Distinct int64 `json:"distinct"`
	// MaxPerKey is the number of rows of the most frequent combination,
	// HottestKey that combination's values joined with plans.Separator.
	MaxPerKey  int64  `json:"max_per_key"`
	HottestKey string `json:"hottest_key"`
}

// KeyCount is one partition key value (after write sharding) and its
// items. Value is the key's text: the string of an S key, the number text
// of an N key, PostgreSQL's hex form (\x…) of a B key.
type KeyCount struct {
	Value string
	Items int64
}

// Distribution is how a plan table's items spread over partition key values
// (after write sharding), counted exactly on the snapshot.
type Distribution struct {
	Rows int64 `json:"rows"`
	// Keys is the number of distinct partition key values; rows whose key
	// is NULL are left out (a load rejects them).
	Keys         int64  `json:"keys"`
	MaxPerKey    int64  `json:"max_per_key"`
	MedianPerKey int64  `json:"median_per_key"`
	HottestKey   string `json:"hottest_key"`
	// HottestShare is the hottest key's share of all rows.
	HottestShare float64 `json:"hottest_share"`
	// Buckets count keys by items per key in powers of two: bucket i holds
	// the keys with 2^i .. 2^(i+1)-1 items.
	Buckets []Bucket `json:"buckets"`
}

// Bucket is one bar of the items-per-key histogram.
type Bucket struct {
	MinItems int64 `json:"min_items"`
	MaxItems int64 `json:"max_items"`
	Keys     int64 `json:"keys"`
}
