package plans

import (
	"fmt"
	"strings"
)

// RefusedValues counts, for one source column, the values the profile
// found that DynamoDB refuses in some roles: NaN and ±Infinity and numbers
// beyond its range (over 38 significant digits, magnitude outside 1E-130 ..
// 9.99…E+125) as a number, an empty string or binary as a key. Whether they
// make a load reject rows depends on what the plan writes the column as:
// see Table.PredictedRejects.
type RefusedValues struct {
	Column      string `yaml:"column"`
	NaNInfinity int64  `yaml:"nan_infinity,omitempty" json:",omitempty"`
	OutOfRange  int64  `yaml:"out_of_range,omitempty" json:",omitempty"`
	Empty       int64  `yaml:"empty,omitempty" json:",omitempty"`
	// Estimated is true when the counts are a sample's, scaled to the
	// table.
	Estimated bool `yaml:"estimated,omitempty" json:",omitempty"`
}

// Oversize is the rows whose values of Columns alone (strings as their
// text, bytea as its bytes; attribute names and other columns not counted)
// weigh more than DynamoDB's 400 KB limit on an item, counted when the
// plan was made: a lower bound of the rows a load rejects as too large.
// MinBytes is the least of those rows' sums and a column's MaxBytes the
// most it adds to one, so a plan that no longer writes some of Columns
// still predicts the rows while MinBytes less their MaxBytes is over the
// limit, and none once it may not be.
type Oversize struct {
	Rows     int64         `yaml:"rows"`
	MinBytes int64         `yaml:"min_bytes"`
	Columns  []SizedColumn `yaml:"columns"`
	// Estimated: Rows is a sample's count scaled to the table.
	Estimated bool `yaml:"estimated,omitempty" json:",omitempty"`
}

// SizedColumn is one of Oversize.Columns.
type SizedColumn struct {
	Column   string `yaml:"column"`
	MaxBytes int64  `yaml:"max_bytes"`
}

// WholeItem is PredictedReject.Column of the rows too large as a whole.
const WholeItem = "(whole item)"

// maxItemBytes is DynamoDB's limit on an item's size, 400 KB (codec's
// MaxItemBytes; plans imports nothing of the project).
const maxItemBytes = 400 * 1024

// PredictedReject is one column's values that a load of the plan as it
// stands rejects, and why.
type PredictedReject struct {
	Column string `json:"column"`
	Rows   int64  `json:"rows"`
	Why    string `json:"why"`
	// Estimated: Rows is a sample's count scaled to the table.
	Estimated bool `json:"estimated,omitempty"`
}

// PredictedRejects lists the rows a load of t rejects under the plan's
// options, by column, from the counts the plan recorded. A row with refused
// values in two columns is counted under both, so the table rejects at
// least the largest of the counts and at most their sum.
func (t *Table) PredictedRejects(o Options) []PredictedReject {
	var out []PredictedReject
	for _, rv := range t.RefusedValues {
		role := t.columnRole(rv.Column, o)
		add := func(n int64, why string) {
			if n > 0 {
				out = append(out, PredictedReject{Column: rv.Column, Rows: n, Why: why, Estimated: rv.Estimated})
			}
		}
		if role.numberKey {
			add(rv.NaNInfinity, "NaN or ±Infinity in a number key")
			add(rv.OutOfRange, "numbers beyond DynamoDB's range in a key")
		} else if role.number {
			if s := role.specials; s != FloatSpecialsString && s != SpecialsOmit {
				add(rv.NaNInfinity, "NaN or ±Infinity, which a DynamoDB number cannot hold")
			}
			add(rv.OutOfRange, "numbers beyond DynamoDB's range (38 digits, 1E-130 .. 9.99E+125)")
		}
		if role.wholeKey != "" {
			add(rv.Empty, "empty values in "+role.wholeKey+", which DynamoDB refuses as a key")
		}
	}
	if o := t.Oversize; o != nil && o.Rows > 0 {
		left, written := o.MinBytes, []string{}
		for _, c := range o.Columns {
			if t.writesSized(c.Column) {
				written = append(written, c.Column)
			} else {
				left -= c.MaxBytes
			}
		}
		if left > maxItemBytes {
			out = append(out, PredictedReject{Column: WholeItem, Rows: o.Rows, Estimated: o.Estimated,
				Why: "items over DynamoDB's 400 KB: the values of " + strings.Join(written, ", ") + " alone weigh more"})
		}
	}
	return out
}

// writesSized reports whether t writes column as an attribute of type S or
// B, as the oversize count assumed.
func (t *Table) writesSized(column string) bool {
	for _, a := range t.Attributes {
		if a.Column == column && (a.Type == "S" || a.Type == "B") {
			return true
		}
	}
	return false
}

// PredictedRejectRows is the fewest rows a load of t rejects by its
// predicted rejects (the largest column count), and whether that is a
// sample's estimate.
func PredictedRejectRows(rs []PredictedReject) (rows int64, estimated bool) {
	for _, r := range rs {
		rows = max(rows, r.Rows)
		estimated = estimated || r.Estimated
	}
	return rows, estimated
}

// DescribeRejects renders predicted rejects as "reading: 3 rows (NaN…)".
func DescribeRejects(rs []PredictedReject) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%s: %s%s rows (%s)", r.Column, About(!r.Estimated), Thousands(r.Rows), r.Why)
	}
	return strings.Join(parts, "; ")
}

// DescribeRefused renders what the plan recorded of t's values that
// DynamoDB refuses, whatever the plan makes of them: "reading: 11 NaN or
// ±Infinity; 3 items over 400 KB", or "" when it recorded none.
func DescribeRefused(t *Table) string {
	var parts []string
	for _, rv := range t.RefusedValues {
		var counts []string
		for _, c := range []struct {
			n    int64
			what string
		}{{rv.NaNInfinity, "NaN or ±Infinity"}, {rv.OutOfRange, "out of range"}, {rv.Empty, "empty"}} {
			if c.n > 0 {
				counts = append(counts, About(!rv.Estimated)+Thousands(c.n)+" "+c.what)
			}
		}
		parts = append(parts, rv.Column+": "+strings.Join(counts, ", "))
	}
	if o := t.Oversize; o != nil && o.Rows > 0 {
		parts = append(parts, About(!o.Estimated)+Thousands(o.Rows)+" items over 400 KB")
	}
	return strings.Join(parts, "; ")
}

// role is what a column becomes in an item.
type role struct {
	// number: an attribute written as N; numberKey: the one part of a
	// key of type N.
	number, numberKey bool
	// specials is the number attribute's choice for NaN and ±Infinity.
	specials string
	// wholeKey names the key the column alone makes as a string or
	// binary (so an empty value is an empty key), or is "".
	wholeKey string
}

func (t *Table) columnRole(column string, o Options) role {
	var r role
	for _, a := range t.Attributes {
		if a.Column == column && a.Type == "N" && (a.Encoding == AttrNumber || a.Encoding == AttrFloat) {
			r.number, r.specials = true, a.SpecialsFor(o)
		}
	}
	key := func(k *Key, name string, suffixed bool) {
		if k == nil || len(k.Parts) != 1 || k.Parts[0].Column != column {
			return
		}
		switch k.Parts[0].Encoding {
		case EncNumber:
			r.numberKey = true
		case EncString, EncBinary:
			// A derived index key leaves an empty value out of the item
			// (a sparse index): the row is written.
			if !suffixed && r.wholeKey == "" && !(k != &t.PartitionKey && k != t.SortKey && t.DerivedKey(k)) {
				r.wholeKey = name
			}
		}
	}
	key(&t.PartitionKey, "the partition key", t.Sharding != nil && t.Sharding.Shards > 1)
	key(t.SortKey, "the sort key", false)
	for i := range t.Indexes {
		if ix := &t.Indexes[i]; ix.Enabled {
			key(&ix.PartitionKey, "index "+ix.Name+"'s partition key", false)
			key(ix.SortKey, "index "+ix.Name+"'s sort key", false)
		}
	}
	return r
}
