package extract

import (
	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/plans"

	"fmt"
	"math/big"
	"strings"
)

// Thresholds of the data-based sequence-style rules.
const (
	// denseSpanMax is the largest (max−min+1)/rows of a dense id: a few
	// gaps from deleted rows or rolled-back inserts keep an id dense.
	denseSpanMax = 1.2
	// denseCorrelationMin is the pg_stats correlation above which values
	// grow with the physical (insertion) order.
	denseCorrelationMin = 0.9
)

// classifySequence says whether column c of t looks like a sequence-style
// id, and why. What the schema declares comes first (identity, a nextval
// default, an owned sequence, a uuid-generating default); then what the data
// shows: a dense monotonic integer, uuids of a time-ordered version, ULIDs.
//
// The data rules need every row read (not a sample) and a unique, non-null
// column. A reference to another table (a declared foreign key, or a column
// named after another table's key) is usually the natural key of the rows
// (rental.customer_id, salary.emp_no) and is never unique-and-dense there;
// when it is — one row per referenced row, in step with insertion order
// (store.manager_staff_id running 0–499 beside store_id) — it only mirrors
// the other table's surrogate and is as meaningless a partition key as this
// table's own. The owner is the exception: a reference that is (the leading
// column of) this table's primary key says the row extends the referenced
// one (dellstore2 inventory.prod_id), and keeps it as its key.
func classifySequence(keys []tableKey, t *catalog.Table, c *catalog.Column, tp *catalog.TableProfile, cp *catalog.ColumnProfile, cs *columnStats) *catalog.SequenceEvidence {
	switch {
	case c.Identity != "":
		ev := &catalog.SequenceEvidence{Kind: catalog.SeqIdentity, TimeOrdered: true,
			Evidence: []string{"identity column (GENERATED " + strings.ToUpper(c.Identity) + ")"}}
		if c.Sequence != "" {
			ev.Evidence = append(ev.Evidence, "owned sequence "+c.Sequence)
		}
		return ev
	case strings.Contains(c.Default, "nextval("):
		ev := &catalog.SequenceEvidence{Kind: catalog.SeqNextval, TimeOrdered: true, Evidence: []string{"default " + c.Default}}
		return ev
	case c.Sequence != "":
		return &catalog.SequenceEvidence{Kind: catalog.SeqOwnedSequence, TimeOrdered: true, Evidence: []string{"owned sequence " + c.Sequence}}
	case c.UUIDDefault != "":
		ev := &catalog.SequenceEvidence{Kind: catalog.SeqUUIDDefault, Evidence: []string{"default " + c.Default}}
		switch c.UUIDDefault {
		case "uuid_generate_v1", "uuid_generate_v1mc":
			ev.TimeOrdered = true
			ev.Evidence = append(ev.Evidence, "version-1 uuids grow with time")
		case "uuid_generate_v7", "uuidv7":
			ev.TimeOrdered = true
			ev.Evidence = append(ev.Evidence, "version-7 uuids grow with time")
		}
		return ev
	}
	if cs == nil || tp.RowsEstimated || tp.Rows < 2 {
		return nil
	}
	mirrors := ""
	if t.IsForeignKeyColumn(c.Name) || impliedReference(keys, t, c.Name) != "" {
		if t.PrimaryKey != nil && len(t.PrimaryKey.Columns) > 0 && t.PrimaryKey.Columns[0] == c.Name {
			return nil
		}
		mirrors = "; a reference that mirrors " + referenced(keys, t, c.Name) + "'s surrogate id one row per referenced row, not the owner of the rows"
	}
	// A few repeated values (a row entered twice, a merge) leave a dense
	// numbering a numbering: up to 2% of the rows may repeat a value.
	if cp.Nulls != 0 || float64(cp.Distinct) < 0.98*float64(tp.Rows) {
		return nil
	}
	distinct := fmt.Sprintf("%s distinct of %s rows", plans.Thousands(cp.Distinct), plans.Thousands(tp.Rows))
	if !cp.DistinctEstimated && cp.Distinct < tp.Rows {
		distinct += fmt.Sprintf(" (%s rows repeat a value)", plans.Thousands(tp.Rows-cp.Distinct))
	}
	if cp.DistinctEstimated {
		distinct = "about " + distinct
	}
	switch {
	case c.Codec().IsInteger():
		lo, ok1 := new(big.Int).SetString(cp.Min, 10)
		hi, ok2 := new(big.Int).SetString(cp.Max, 10)
		if !ok1 || !ok2 {
			return nil
		}
		span, _ := new(big.Float).SetInt(new(big.Int).Add(new(big.Int).Sub(hi, lo), big.NewInt(1))).Float64()
		ratio := span / float64(tp.Rows)
		if ratio > denseSpanMax {
			return nil
		}
		corr := "no correlation statistics (table not analyzed)"
		if cp.Correlation != nil {
			if *cp.Correlation < denseCorrelationMin {
				return nil
			}
			corr = fmt.Sprintf("correlation %.2f", *cp.Correlation)
		}
		return &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, TimeOrdered: true, Evidence: []string{
			fmt.Sprintf("dense monotonic: %s, (max-min+1)/rows = %.2f, %s%s", distinct, ratio, corr, mirrors)}}
	case cs.allUUID && cs.nonNull > 0:
		for _, v := range []int{1, 6, 7} {
			if cs.uuidVersions[v] == cs.nonNull {
				return &catalog.SequenceEvidence{Kind: catalog.SeqTimeOrderedID, TimeOrdered: true, Evidence: []string{
					fmt.Sprintf("every value is a version-%d uuid, which grows with time (%s)%s", v, distinct, mirrors)}}
			}
		}
	case c.Category == "S" && cs.allULID && cs.nonNull > 0:
		return &catalog.SequenceEvidence{Kind: catalog.SeqTimeOrderedID, TimeOrdered: true, Evidence: []string{
			fmt.Sprintf("every value is a ULID (26 characters of Crockford base32, time first; %s)%s", distinct, mirrors)}}
	}
	return nil
}

// impliedReference returns "schema.table.column" when column is named after
// the single-column primary key of another table ("staff_id", or ending in
// "_staff_id") although no foreign key says so: a reference kept by
// convention. A generic key name ("id") says nothing and is not matched.
func impliedReference(keys []tableKey, t *catalog.Table, column string) string {
	for _, k := range keys {
		if k.schema == t.Schema && k.table == t.Name {
			continue
		}
		if k.column == "id" || len(k.column) < 3 {
			continue
		}
		if column == k.column || strings.HasSuffix(column, "_"+k.column) {
			return k.schema + "." + k.table + "." + k.column
		}
	}
	return ""
}

// referenced names the table a reference column points to: its declared
// foreign key's table, else the table whose key it is named after.
func referenced(keys []tableKey, t *catalog.Table, column string) string {
	for _, fk := range t.ForeignKeys {
		if contains(fk.Columns, column) {
			return fk.RefSchema + "." + fk.RefTable
		}
	}
	ref := impliedReference(keys, t, column)
	if i := strings.LastIndex(ref, "."); i > 0 {
		return ref[:i]
	}
	return ref
}
