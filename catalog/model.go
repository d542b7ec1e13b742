package catalog

import (
	"slices"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Schema is what Inspect found in one database.
type Schema struct {
	Database string  `json:"database"`
	Version  string  `json:"server_version"`
	Tables   []Table `json:"tables"`
}

// Table returns the table schema.name, or nil.
func (s *Schema) Table(schema, name string) *Table {
	for i := range s.Tables {
		if s.Tables[i].Schema == schema && s.Tables[i].Name == name {
			return &s.Tables[i]
		}
	}
	return nil
}

// TableKind says what sort of relation a Table is.
type TableKind string

// The relation kinds Inspect lists. Views and materialized views are listed
// so a reviewer sees them, but are not migratable by default.
const (
	KindTable            TableKind = "table"
	KindPartitioned      TableKind = "partitioned table"
	KindView             TableKind = "view"
	KindMaterializedView TableKind = "materialized view"
)

// Table is one source relation. A partitioned table is one Table; its
// partitions are named in Partitions and not listed on their own.
type Table struct {
	Schema     string    `json:"schema"`
	Name       string    `json:"name"`
	Kind       TableKind `json:"kind"`
	Migratable bool      `json:"migratable"`
	Comment    string    `json:"comment,omitempty"`
	// Partitions are the leaf partitions of a partitioned table, as
	// schema-qualified names in catalog order.
	Partitions  []string     `json:"partitions,omitempty"`
	Columns     []Column     `json:"columns"`
	PrimaryKey  *Index       `json:"primary_key,omitempty"`
	Uniques     []Index      `json:"unique,omitempty"`
	ForeignKeys []ForeignKey `json:"foreign_keys,omitempty"`

	// Indexes are the ordinary (non-unique) indexes: how the application
	// reads rows, evidence for a partition key.
	Indexes []Index `json:"indexes,omitempty"`
	// Policies are the row-level-security policies: a predicate such as
	// USING (user_name = current_user) names the column rows are read by.
	Policies []Policy `json:"policies,omitempty"`
}

// QualifiedName is the table's (schema, name) as plans write it
// (plans.TableName.String): schema.name, a part that holds a dot quoted.
func (t *Table) QualifiedName() string {
	return plans.TableName{Schema: t.Schema, Name: t.Name}.String()
}

// Column returns the named column, or nil.
func (t *Table) Column(name string) *Column {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// Column is one column of a table, its type resolved through domains.
type Column struct {
	Name     string `json:"name"`
	Position int    `json:"position"`
	// Type is the declared type as format_type prints it, which may be a
	// domain ("public.year", "character varying(45)").
	Type string `json:"type"`
	// BaseType is Type resolved through domains to a base type, without
	// modifiers for arrays' elements ("integer", "character varying",
	// "numeric", "timestamp with time zone", "text[]"), as format_type
	// prints the base type oid.
	BaseType string `json:"base_type"`
	// TypeModifier is what BaseType's declaration adds: "(45)", "(5,2)".
	TypeModifier string `json:"type_modifier,omitempty"`
	// Domain is the domain the column is declared with, if any.
	Domain string `json:"domain,omitempty"`
	// Category is pg_type.typcategory of the base type: N numeric, S string,
	// D date/time, B boolean, U user (uuid, bytea…), A array, E enum, …
	Category string `json:"category"`
	// Enum lists the labels of an enum type, in their sort order.
	Enum []string `json:"enum,omitempty"`
	// Element is the base type of an array's elements ("numeric").
	Element  string `json:"element,omitempty"`
	NotNull  bool   `json:"not_null"`
	Default  string `json:"default,omitempty"`
	Identity string `json:"identity,omitempty"` // "always" or "by default"
	// Generated is the expression of a GENERATED ALWAYS AS (…) STORED column.
	Generated string `json:"generated,omitempty"`
	Comment   string `json:"comment,omitempty"`
	// Sequence is the sequence that feeds this column, owned (serial,
	// identity) or named in a nextval() default.
	Sequence string `json:"sequence,omitempty"`
	// UUIDDefault is the uuid-generating function of the default
	// (gen_random_uuid, uuid_generate_v1, uuid_generate_v4, uuidv7…).
	UUIDDefault string `json:"uuid_default,omitempty"`
	// Model is the typed model of the base type, from the catalog (oid,
	// typmod, element); read it through Codec.
	Model codec.Type `json:"-"`
}

// Codec returns the column's typed type model: Model as Inspect filled it
// from the catalog, or, for a column built by hand or read back from
// JSON, the model parsed from its text fields.
func (c *Column) Codec() codec.Type {
	if c.Model.Name != "" {
		return c.Model
	}
	return codec.Parse(c.BaseType, c.TypeModifier, c.Category, c.Element)
}

// Index is a primary key, a unique constraint or a unique index.
type Index struct {
	Name    string   `json:"name"`
	Columns []string `json:"columns"`
	// Constraint is true for a declared PRIMARY KEY or UNIQUE constraint,
	// false for a bare CREATE UNIQUE INDEX.
	Constraint bool `json:"constraint"`
	// Predicate is the WHERE of a partial index; Expressions are the
	// non-column parts of an expression index. Either makes it not a key
	// candidate: it does not prove the uniqueness of a column set.
	Predicate        string   `json:"predicate,omitempty"`
	Expressions      []string `json:"expressions,omitempty"`
	NullsNotDistinct bool     `json:"nulls_not_distinct,omitempty"`
	// Method is the index's access method when it is not btree (gin,
	// gist, brin, hash, spgist): a gin or gist index searches inside
	// values (trigrams, text search, containment, geometry) rather than
	// looking rows up by them, and a brin index only narrows a scan.
	Method string `json:"method,omitempty"`
}

// KeyCandidate reports whether the index proves its columns unique for every
// row: not partial, no expressions.
func (i *Index) KeyCandidate() bool { return i.Predicate == "" && len(i.Expressions) == 0 }

// Policy is a row-level-security policy with the columns its predicates
// name.
type Policy struct {
	Name string `json:"name"`
	// Using and Check are the USING and WITH CHECK expressions.
	Using string `json:"using,omitempty"`
	Check string `json:"check,omitempty"`
	// Columns are the table's columns the expressions name, in table order.
	Columns []string `json:"columns"`
}

// ForeignKey is a foreign key of a table, possibly composite, possibly
// referencing a unique column rather than a primary key.
type ForeignKey struct {
	Name       string   `json:"name"`
	Columns    []string `json:"columns"`
	RefSchema  string   `json:"ref_schema"`
	RefTable   string   `json:"ref_table"`
	RefColumns []string `json:"ref_columns"`
	// FromPartition names the partition it was declared on, when it is
	// attributed to a partitioned parent.
	FromPartition string `json:"from_partition,omitempty"`
	// OnDeleteCascade is set when deleting the referenced row deletes the
	// referencing rows (ON DELETE CASCADE): the parent owns them.
	OnDeleteCascade bool `json:"on_delete_cascade,omitempty"`
}

// Profile is what the data looks like, kept apart from the schema so a plan
// can cite both and a golden schema does not change with the data.
type Profile struct {
	Tables []TableProfile `json:"tables"`
}

// Table returns the profile of schema.name, or nil.
func (p *Profile) Table(schema, name string) *TableProfile {
	for i := range p.Tables {
		if p.Tables[i].Schema == schema && p.Tables[i].Name == name {
			return &p.Tables[i]
		}
	}
	return nil
}

// TableProfile holds the statistics of one table.
type TableProfile struct {
	Schema string `json:"schema"`
	Name   string `json:"name"`
	Rows   int64  `json:"rows"`
	// RowsEstimated is true when Rows comes from the planner's estimate
	// (tables over the exact-count threshold, unless forced exact).
	RowsEstimated bool `json:"rows_estimated,omitempty"`
	// SampledRows is the number of rows read when the table was profiled
	// from a sample (its row estimate was over the exact-count threshold);
	// 0 when every row was read.
	SampledRows int64 `json:"sampled_rows,omitempty"`
	// TotalBytes is the on-disk size of the table with its TOAST data and
	// indexes, summed over its partitions.
	TotalBytes int64 `json:"total_bytes"`
	// AvgRowBytes is the average of the summed text widths of a row's
	// non-null values: close to what a row weighs as an item.
	AvgRowBytes float64 `json:"avg_row_bytes"`
	// OversizeRows counts the rows whose item is certainly over
	// DynamoDB's 400 KB (scaled to the table when it was sampled): the
	// values of the columns OversizeColumns alone, as a load encodes them,
	// weigh more. The sum is a lower bound of the item's size: it counts
	// the text form of the columns written as strings (character(n)
	// without its padding) and the bytes of bytea, and nothing for other
	// columns, attribute names or the key attributes. OversizeMinBytes is
	// the least of those rows' sums; each column's MaxBytes the most it
	// adds to any row, so a plan that leaves some of them out can tell
	// whether every counted row is still over.
	OversizeRows     int64           `json:"oversize_rows,omitempty"`
	OversizeMinBytes int64           `json:"oversize_min_bytes,omitempty"`
	OversizeColumns  []SizedColumn   `json:"oversize_columns,omitempty"`
	Columns          []ColumnProfile `json:"columns"`
	// Error says why the table could not be profiled (no SELECT
	// permission, …); the other tables are still profiled.
	Error string `json:"error,omitempty"`
}

// SizedColumn is a column counted in TableProfile.OversizeRows and the most
// bytes its value adds to a row's sum.
type SizedColumn struct {
	Name     string `json:"name"`
	MaxBytes int64  `json:"max_bytes"`
}

// Column returns the profile of the named column, or nil.
func (t *TableProfile) Column(name string) *ColumnProfile {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// ColumnProfile holds the statistics of one column.
type ColumnProfile struct {
	Name         string  `json:"name"`
	Nulls        int64   `json:"nulls"`
	NullFraction float64 `json:"null_fraction"`
	Distinct     int64   `json:"distinct"`
	// DistinctEstimated is true when Distinct comes from a sketch
	// (HyperLogLog) rather than an exact count.
	DistinctEstimated bool `json:"distinct_estimated,omitempty"`
	// TopValues are the most frequent non-null values, most frequent first
	// (at least 10 when there are that many), rendered as text.
	TopValues []ValueCount `json:"top_values,omitempty"`
	// TopValuesEstimated is true when the counts of TopValues are not all
	// exact: a column with more distinct values than are counted exactly
	// reports lower bounds from a Space-Saving summary (any value held by
	// more than 1/1024 of the rows is still among them, and a value counted
	// since its first row keeps its exact count); a sampled table reports
	// the sample's counts scaled to the table.
	TopValuesEstimated bool `json:"top_values_estimated,omitempty"`
	// TopShare is the share of non-null rows holding the most frequent value.
	TopShare float64 `json:"top_share"`
	Min      string  `json:"min,omitempty"`
	Max      string  `json:"max,omitempty"`
	// AvgWidth and MaxWidth are in bytes of the value's text form.
	AvgWidth float64 `json:"avg_width"`
	MaxWidth int     `json:"max_width"`
	// Correlation is pg_stats.correlation (physical vs logical order), when
	// the table has been analyzed.
	Correlation *float64 `json:"correlation,omitempty"`
	// Sequence is set when the column looks like a sequence-style id: a poor
	// DynamoDB partition key — DynamoDB hashes keys, so it spreads writes
	// well enough, but it means nothing outside PostgreSQL and a reload or
	// merge renumbers it.
	Sequence *SequenceEvidence `json:"sequence,omitempty"`
	// Specials counts NaN and ±Infinity in a float or numeric column;
	// OutOfRange its finite values a DynamoDB number cannot hold (over 38
	// significant digits, magnitude outside 1E-130 .. 9.99…E+125); Empty
	// the empty strings of a text column and empty values of a bytea
	// column, which DynamoDB refuses as a key. A sampled table's counts are
	// scaled like Nulls.
	Specials   int64 `json:"specials,omitempty"`
	OutOfRange int64 `json:"out_of_range,omitempty"`
	Empty      int64 `json:"empty,omitempty"`
}

// ValueCount is one value and how many rows hold it.
type ValueCount struct {
	Value string `json:"value"`
	Count int64  `json:"count"`
}

// SequenceKind names why a column is sequence-style.
type SequenceKind string

// The sequence-style classifications.
const (
	SeqIdentity       SequenceKind = "identity"
	SeqNextval        SequenceKind = "nextval default"
	SeqOwnedSequence  SequenceKind = "owned sequence"
	SeqUUIDDefault    SequenceKind = "generated uuid"
	SeqDenseMonotonic SequenceKind = "dense monotonic integer"
	SeqTimeOrderedID  SequenceKind = "time-ordered id"
)

// SequenceEvidence is the classification with its evidence in words, e.g.
// "default nextval('rental_rental_id_seq'::regclass)".
type SequenceEvidence struct {
	Kind     SequenceKind `json:"kind"`
	Evidence []string     `json:"evidence"`
	// TimeOrdered is true when new values grow with time (sequences, uuid v1
	// and v7, ULIDs, snowflakes): they also make a rolling hot partition.
	TimeOrdered bool `json:"time_ordered,omitempty"`
}

// IsForeignKeyColumn reports whether column is part of a foreign key of t:
// its values are another table's ids, so they are not this table's
// sequence-style ids even when they look dense.
func (t *Table) IsForeignKeyColumn(column string) bool {
	for _, fk := range t.ForeignKeys {
		if slices.Contains(fk.Columns, column) {
			return true
		}
	}
	return false
}
