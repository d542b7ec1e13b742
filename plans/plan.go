package plans

// FormatVersion is the version of the plan file format this package reads
// and writes. Read refuses other versions.
const FormatVersion = 1

// Plan is one plan file.
type Plan struct {
	Version int     `yaml:"version"`
	Source  Source  `yaml:"source"`
	Options Options `yaml:"options"`
	Tables  []Table `yaml:"tables"`
	// Skipped lists source relations the plan does not migrate (views,
	// materialized views, tables filtered out by hand) with the reason.
	Skipped []Skipped `yaml:"skipped,omitempty"`
}

// Source describes where the plan was made, without any secret: no
// connection string, no password, only names.
type Source struct {
	Database      string   `yaml:"database"`
	ServerVersion string   `yaml:"server_version,omitempty"`
	Schemas       []string `yaml:"schemas,omitempty"`
	Tables        []string `yaml:"tables,omitempty"` // the --tables globs, if any
	// Workload says what workload evidence the design had: the
	// pg_stat_statements figures it read, or why there were none (the
	// design then relies on the schema alone).
	Workload string `yaml:"workload,omitempty"`
}

// Options are the plan-wide settings the design was made with.
type Options struct {
	// TablePrefix is prepended to every default target name.
	TablePrefix string `yaml:"table_prefix,omitempty"`
	// WriteRate is the planned write rate of a load in WCU/s, which sizes
	// write sharding and load-time estimates.
	WriteRate int64 `yaml:"write_rate"`
	// Nulls says what a NULL becomes: "omit" (no attribute, DynamoDB's
	// idiom) or "null" ({"NULL": true}). A NULL in a key attribute of an
	// enabled index is omitted either way: DynamoDB refuses NULL as an
	// index key, and without the attribute the item is simply not in the
	// index (a sparse index).
	Nulls string `yaml:"nulls"`
	// FloatSpecials says what NaN and ±Infinity in real/double columns
	// become, since DynamoDB numbers cannot hold them: "reject" (the row
	// goes to the rejects file) or "string" (stored as S "NaN").
	FloatSpecials string `yaml:"float_specials"`
	// MinDistinct is read from plans written before the throughput gate
	// replaced the fixed distinct-count gate; nothing uses it any more, and
	// new plans leave it out.
	MinDistinct int64 `yaml:"min_distinct,omitempty"`
	// MaxShards capped the write-sharding suffix range.
	MaxShards int `yaml:"max_shards,omitempty"`
}

// The values of Options.Nulls and Options.FloatSpecials.
const (
	NullsOmit           = "omit"
	NullsWrite          = "null"
	FloatSpecialsReject = "reject"
	FloatSpecialsString = "string"
)

// Table is the design of one DynamoDB table fed by one source table.
type Table struct {
	// Source is the source table as schema.name, the PostgreSQL names
	// verbatim (spaces, capitals, unicode and all).
	Source string `yaml:"source"`
	// Target is the DynamoDB table name: the prefix and the source name
	// with what DynamoDB does not allow replaced by "_", plus a hash of the
	// source when two names would collide.
	Target string `yaml:"target"`
	// Warnings come first in review: a fallback key, an unproven key, a
	// type that loses information.
	Warnings     []string  `yaml:"warnings,omitempty"`
	PartitionKey Key       `yaml:"partition_key"`
	SortKey      *Key      `yaml:"sort_key,omitempty"`
	Sharding     *Sharding `yaml:"sharding,omitempty"`
	// Duplicates says what a load does with rows identical in every
	// written column, which no key can tell apart; nil when the design
	// found none (a load then rejects every copy of a key collision). It
	// is left out of JSON when nil, so a load's fingerprint of a plan
	// without it, kept in checkpoints, is what it was before the field.
	Duplicates *Duplicates `yaml:"duplicates,omitempty" json:",omitempty"`
	// RefusedValues are the columns whose values DynamoDB refuses in some
	// roles, counted when the plan was made: a load compares the rows they
	// make it reject (PredictedRejects) with --max-rejects before it
	// creates a table. Left out of JSON when empty, so a checkpoint's
	// fingerprint of a plan without them is what it was before the field.
	RefusedValues []RefusedValues `yaml:"refused_values,omitempty" json:",omitempty"`
	// Oversize counts the rows whose item the profile found certainly over
	// DynamoDB's 400 KB; nil when it found none. Left out of JSON when
	// nil, like RefusedValues.
	Oversize *Oversize `yaml:"oversize,omitempty" json:",omitempty"`
	// Unique is the proof that (partition key, sort key) identifies one
	// row: a constraint name or the exact check that was run.
	Unique     string      `yaml:"unique"`
	Attributes []Attribute `yaml:"attributes"`
	Excluded   []Excluded  `yaml:"excluded,omitempty"`
	// Rejected are the partition key candidates that were considered and
	// not chosen, each with its reasons.
	Rejected  []Candidate `yaml:"rejected,omitempty"`
	Capacity  Capacity    `yaml:"capacity"`
	Estimates Estimates   `yaml:"estimates"`
	// AccessPaths are the source's lookups and what serves each; Indexes
	// the proposed global secondary indexes. Both are left out of JSON
	// when empty, so a checkpoint's fingerprint of a plan without them is
	// what it was before the fields.
	AccessPaths []AccessPath `yaml:"access_paths,omitempty" json:",omitempty"`
	Indexes     []Index      `yaml:"indexes,omitempty" json:",omitempty"`
}

// Key is a partition key or sort key: one DynamoDB attribute whose value is
// built from one or more source columns.
type Key struct {
	// Attribute is the DynamoDB attribute name ("pk", "sk").
	Attribute string `yaml:"attribute"`
	// Type is the DynamoDB scalar type: S, N or B. N and B only for a key
	// of one column.
	Type string `yaml:"type"`
	// Parts are the source columns, in order. Several parts are joined
	// with Separator, each encoded so that it sorts as a string in its
	// column's order (text by its bytes). The joined string sorts like the
	// tuple of its parts only while no string part holds Separator, `\` or
	// a character below Separator (space, !, ", control characters): then
	// a part that is a prefix of another can sort after it ("a","z" → a#z
	// after "a!","" → a!#). Integer, date and timestamp parts never do.
	Parts []KeyPart `yaml:"parts"`
	// Score is the candidate's score (0..1) when it was chosen by scoring.
	Score float64 `yaml:"score,omitempty"`
	// Why gives the evidence for the choice, in words.
	Why []string `yaml:"why,omitempty"`
}

// Separator joins the parts of a composite key and the shard suffix. Inside
// string parts it is escaped as `\#` (and `\` as `\\`).
const Separator = "#"

// KeyPart is one source column of a key and how its value is encoded.
type KeyPart struct {
	Column string `yaml:"column"`
	// Encoding is one of the Enc* constants.
	Encoding string `yaml:"encoding"`
	// Width is the digit count of EncInteger (5 smallint, 10 integer, 19
	// bigint), so integers sort as strings.
	Width int `yaml:"width,omitempty"`
}

// Key part encodings. Every one of them sorts as a string in the column's
// natural order, except EncNumber and EncBinary, which are only allowed for
// a key of one part whose Type is N or B (a bytea inside a composite key
// is EncHex).
const (
	// EncString is the text value; inside a composite key `\` and `#` are
	// escaped with a backslash (which keeps keys distinct, not their
	// order: see Key.Parts). It sorts by its UTF-8 bytes, as DynamoDB
	// compares strings, whatever the column's collation.
	EncString = "string"
	// EncInteger is a sign-aware fixed-width decimal: non-negative values
	// are zero-padded to Width digits ("0000010001"); negative values are
	// "-" followed by the Width-digit complement 10^Width-|v|, so they sort
	// before all non-negative values and among themselves by value.
	EncInteger = "integer"
	// EncNumber is the exact decimal text, for a key of Type N.
	EncNumber = "number"
	// EncDate is YYYY-MM-DD.
	EncDate = "date"
	// EncTimestamp is YYYY-MM-DDTHH:MM:SS.ffffff of a timestamp without
	// time zone (six fraction digits, always).
	EncTimestamp = "timestamp"
	// EncTimestampTZ is YYYY-MM-DDTHH:MM:SS.ffffffZ, converted to UTC.
	EncTimestampTZ = "timestamptz"
	// EncBinary is the raw bytes, for a key of Type B.
	EncBinary = "binary"
	// EncHex is a bytea's bytes as lowercase hexadecimal, two digits a
	// byte ("0a1b…", 32 digits for a 16-byte uuid), for a bytea that is
	// one part of a composite string key. Hex digits sort as the bytes
	// they spell and never contain the separator, so the part sorts in
	// DynamoDB's binary (byte) order, a shorter value before its
	// extensions, and needs no escaping.
	EncHex = "hex"
)

// Sharding spreads a hot partition key over Shards partition key values by
// appending Separator and a calculated suffix: the shard is
// Shard(sort key value, Shards), so a reader who knows an item's sort key
// finds it again, and a reader of one logical key queries all Shards.
type Sharding struct {
	Shards int `yaml:"shards"`
	// Why states the reason and the numbers: the hottest key's items, its
	// load-time floor at 1,000 WCU/s, the table's ideal load time.
	Why []string `yaml:"why,omitempty"`
	// ReadCost states what sharding costs readers.
	ReadCost string `yaml:"read_cost,omitempty"`
}

// Duplicates is the reviewed choice for whole-row duplicates: rows equal
// in every written column. DynamoDB holds one item per key, and such rows
// differ in nothing a key could use, so a person decides: keep one copy, or
// keep them all with an occurrence number in the key.
type Duplicates struct {
	// Action is DuplicatesNumber or DuplicatesKeepOne.
	Action string `yaml:"action"`
	// Groups is the number of sets of identical rows found when the plan
	// was made, and Repeats the copies beyond the first (what keep-one
	// drops); both informative: a load finds them again in its snapshot.
	Groups  int64 `yaml:"groups"`
	Repeats int64 `yaml:"repeats,omitempty"`
	// Why states the evidence and the reason for the action.
	Why []string `yaml:"why,omitempty"`
}

// The values of Duplicates.Action.
const (
	// DuplicatesNumber keeps every copy: the n-th copy (n ≥ 2) of a row
	// gets Separator and a number appended to its sort key (to the
	// partition key when there is no sort key), so the first copy keeps
	// the plain key. The number is n unless a real row has that key: the
	// copies take the numbers 2, 3, … that no first copy's key ends in
	// (rows red, red and red#2 are written as red, red#3 and red#2).
	// Copies are numbered in stream order among rows equal in every
	// written value, so which copy is the first changes nothing, and a
	// reload or a resume writes the same keys.
	DuplicatesNumber = "number"
	// DuplicatesKeepOne writes the first copy and sends every other one
	// to the rejects file with DuplicateReason, so nothing is dropped
	// silently and verify can account for each.
	DuplicatesKeepOne = "keep-one"
)

// DuplicateReason is the reject reason of a copy that keep-one drops.
const DuplicateReason = "duplicate of an identical row"

// Attribute is one source column written as a DynamoDB attribute.
type Attribute struct {
	Column string `yaml:"column"`
	// Name is the attribute name in DynamoDB (the column name unless edited).
	Name string `yaml:"name"`
	// PGType is the column's base type when the plan was made; a live
	// schema with another type makes review and load refuse the plan.
	PGType string `yaml:"pg_type"`
	// Type is the DynamoDB type: S, N, B, BOOL, M, L (M/L for json, L for
	// arrays).
	Type string `yaml:"type"`
	// Encoding is one of the Attr* constants.
	Encoding string `yaml:"encoding"`
	Note     string `yaml:"note,omitempty"`
	// Specials is the reviewed choice for NaN and ±Infinity in a number
	// or float attribute written as N, which DynamoDB numbers cannot
	// hold: "string" keeps the row with the value as S "NaN", "Infinity"
	// or "-Infinity"; "omit" keeps the row without the attribute;
	// "reject" sends the row to the rejects file. Empty means
	// Options.FloatSpecials. Left out of JSON when empty, so a
	// checkpoint's fingerprint of a plan without it is what it was before
	// the field.
	Specials string `yaml:"specials,omitempty" json:",omitempty"`
}

// SpecialsOmit is Attribute.Specials's choice to write the row without
// the attribute; the other choices are FloatSpecialsString and
// FloatSpecialsReject.
const SpecialsOmit = "omit"

// SpecialsFor is what NaN and ±Infinity of a become: its own choice, or
// the plan-wide one.
func (a *Attribute) SpecialsFor(o Options) string {
	if a.Specials != "" {
		return a.Specials
	}
	return o.FloatSpecials
}

// Attribute encodings: how a column value becomes an attribute value.
const (
	AttrNumber      = "number"      // N, the exact decimal text
	AttrFloat       = "float"       // N, with NaN/±Infinity under Options.FloatSpecials
	AttrString      = "string"      // S, the value's text form
	AttrBool        = "bool"        // BOOL
	AttrBinary      = "binary"      // B
	AttrDate        = "date"        // S YYYY-MM-DD
	AttrTimestamp   = "timestamp"   // S YYYY-MM-DDTHH:MM:SS.ffffff
	AttrTimestampTZ = "timestamptz" // S YYYY-MM-DDTHH:MM:SS.ffffffZ in UTC
	AttrJSON        = "json"        // M/L/S/N/BOOL/NULL from the JSON value, numbers exact
	AttrArray       = "array"       // L of the elements (numbers exact)
)

// Excluded is a source column that is not written, with the reason.
type Excluded struct {
	Column string `yaml:"column"`
	PGType string `yaml:"pg_type"`
	Why    string `yaml:"why"`
}

// Candidate is a partition key candidate that was not chosen.
type Candidate struct {
	Columns []string `yaml:"columns,flow"`
	Score   float64  `yaml:"score,omitempty"`
	Why     []string `yaml:"why"`
}

// Capacity is how the target table is created.
type Capacity struct {
	// Mode is "on-demand" or "provisioned".
	Mode       string `yaml:"mode"`
	ReadUnits  int64  `yaml:"read_units,omitempty"`
	WriteUnits int64  `yaml:"write_units,omitempty"`
	WarmReads  int64  `yaml:"warm_reads_per_second,omitempty"`
	WarmWrites int64  `yaml:"warm_writes_per_second,omitempty"`
}

// Capacity modes.
const (
	OnDemand    = "on-demand"
	Provisioned = "provisioned"
)

// Estimates are the design's numbers, from the profile.
type Estimates struct {
	Items        int64 `yaml:"items"`
	AvgItemBytes int64 `yaml:"avg_item_bytes"`
	MaxItemBytes int64 `yaml:"max_item_bytes"`
	// WCUPerItem is the average write units per item (1 KB units, rounded
	// up per item).
	WCUPerItem float64 `yaml:"wcu_per_item"`
	TotalWCU   int64   `yaml:"total_wcu"`
	// DistinctPartitionKeys counts partition key values after sharding.
	DistinctPartitionKeys int64 `yaml:"distinct_partition_keys"`
	ItemsPerKeyMax        int64 `yaml:"items_per_key_max"`
	ItemsPerKeyMedian     int64 `yaml:"items_per_key_median"`
	// HottestKey is the source value of the partition key with the most
	// items (before sharding), as text, when the profile knows it.
	HottestKey    string `yaml:"hottest_key,omitempty"`
	RowsOver400KB int64  `yaml:"rows_over_400kb"`
	// IdealLoadSeconds is TotalWCU / WriteRate; HotKeyFloorSeconds is the
	// hottest key's WCU / 1,000 WCU/s, the time no load can beat.
	IdealLoadSeconds   float64 `yaml:"ideal_load_seconds"`
	HotKeyFloorSeconds float64 `yaml:"hot_key_floor_seconds"`
	// Partitions is the partition count the load-time estimate places
	// the table on: a new table's, 4 on demand, from its capacity when
	// provisioned (the placement model's rule, which the simulator
	// follows).
	Partitions int `yaml:"partitions,omitempty"`
	// HotPartitionWCU is the write units the placement model puts on the
	// table's busiest partition: the profile's most frequent partition
	// key values (each write shard of them) on the partition they hash
	// to, the other keys spread evenly. At 1,000 WCU/s it is a floor of
	// the load's time that counts what shares the hottest key's
	// partition, which HotKeyFloorSeconds does not.
	HotPartitionWCU int64 `yaml:"hot_partition_wcu,omitempty"`
	// LoadSeconds is the estimated load time at the plan's write rate,
	// interleaved: the slower of the write rate over TotalWCU and the
	// busiest partition at 1,000 WCU/s. Index writes run on the indexes'
	// own throughput and do not lengthen it.
	LoadSeconds float64 `yaml:"load_seconds,omitempty"`
	// IndexWCU is what the enabled global secondary indexes add to the
	// load's writes (the sum of their TotalWCU): an item is written to
	// each index that holds its key. The on-demand cost adds it to
	// TotalWCU. Left out of JSON when zero, so a checkpoint's
	// fingerprint of a plan without indexes is what it was before it.
	IndexWCU int64 `yaml:"index_wcu,omitempty" json:",omitempty"`
}

// Skipped is a source relation the plan does not migrate.
type Skipped struct {
	Source string `yaml:"source"`
	Why    string `yaml:"why"`
}
