package plans

// AccessPath is one lookup the source database supports — its primary key,
// a unique constraint, a foreign key seen from the parent ("items of parent
// X"), an index, or a filter the recorded workload runs — and how the
// DynamoDB design serves it. A lookup neither the base key nor an index
// serves becomes a full Scan after the migration, so review lists every
// one with the reason.
type AccessPath struct {
	// Name says the lookup in words: "rental by customer_id".
	Name string `yaml:"name"`
	// Kind is where the lookup comes from: one of the Access* kinds.
	Kind string `yaml:"kind"`
	// Source names the constraint, index or statement evidence.
	Source string `yaml:"source,omitempty"`
	// Columns are the source columns the lookup filters on, in order.
	Columns []string `yaml:"columns,flow"`
	// Parent is the referenced table of a foreign-key lookup.
	Parent string `yaml:"parent,omitempty"`
	// ServedBy is ServedByBase, the Name of an Index of the table, or
	// ServedByNone.
	ServedBy string   `yaml:"served_by"`
	Why      []string `yaml:"why,omitempty"`
	// Calls and Rows are the workload evidence (pg_stat_statements) for
	// statements that filter or join on Columns; zero without it.
	Calls int64 `yaml:"calls,omitempty"`
	Rows  int64 `yaml:"rows,omitempty"`
}

// Access path kinds.
const (
	AccessPrimaryKey = "primary-key"
	AccessUnique     = "unique"
	AccessForeignKey = "foreign-key"
	AccessIndex      = "index"
	AccessWorkload   = "workload"
)

// Values of AccessPath.ServedBy besides an index name.
const (
	ServedByBase = "base"
	ServedByNone = "none"
)

// Index is a proposed global secondary index. It is a proposal a reviewer
// enables or removes: load, import and verify act only on enabled ones.
//
// An index key is either a column's own attribute (its one part is that
// attribute's column) or a derived attribute, one that is not among the
// table's attributes: the load writes it beside them from its parts,
// encoded and joined as a composite base key is, and leaves it out of an
// item where a part is NULL or the value would be empty, so that item is
// absent from the index (a sparse index) while its columns keep their
// values, the empty string included, as ordinary attributes.
type Index struct {
	Name string `yaml:"name"`
	// Enabled is on by default only when the evidence is strong; Rule says
	// which rule decided.
	Enabled      bool   `yaml:"enabled"`
	Rule         string `yaml:"rule"`
	PartitionKey Key    `yaml:"partition_key"`
	SortKey      *Key   `yaml:"sort_key,omitempty"`
	// Projection is ALL, KEYS_ONLY or INCLUDE (then NonKeyAttributes).
	Projection       string   `yaml:"projection"`
	NonKeyAttributes []string `yaml:"non_key_attributes,omitempty,flow"`
	Why              []string `yaml:"why,omitempty"`
	// WCUPerItem and TotalWCU are the index's own write cost for the
	// load: an item is written to the index too, in 1 KB units of its
	// projected size.
	WCUPerItem float64 `yaml:"wcu_per_item"`
	TotalWCU   int64   `yaml:"total_wcu"`
}

// MaxIndexes is DynamoDB's limit of global secondary indexes per table.
const MaxIndexes = 20

// Index projections.
const (
	ProjectAll     = "ALL"
	ProjectKeys    = "KEYS_ONLY"
	ProjectInclude = "INCLUDE"
)

// DerivedKey reports whether index key k is a derived attribute (see
// Index): one the load writes from k's parts, not one of t's attributes.
func (t *Table) DerivedKey(k *Key) bool {
	if k == nil {
		return false
	}
	for i := range t.Attributes {
		if t.Attributes[i].Name == k.Attribute {
			return false
		}
	}
	return true
}
