package plans

import (
	"fmt"
	"strings"
	"testing"
)

// accessPlan is samplePlan with one lookup the base key serves, one a
// proposed index serves and one nothing serves.
func accessPlan() *Plan {
	p := samplePlan()
	t := &p.Tables[0]
	t.AccessPaths = []AccessPath{
		{Name: "rental by customer_id", Kind: AccessForeignKey, Source: "foreign key rental_customer_id_fkey", Columns: []string{"customer_id"}, Parent: "public.customer", ServedBy: ServedByBase, Why: []string{"the base partition key"}},
		{Name: "rental by inventory_id", Kind: AccessIndex, Source: "index idx_inv", Columns: []string{"inventory_id"}, ServedBy: "gsi_inventory_id", Why: []string{"a proposed index"}, Calls: 250, Rows: 900},
		{Name: "rental by note", Kind: AccessWorkload, Source: "pg_stat_statements", Columns: []string{"note"}, ServedBy: ServedByNone, Why: []string{"too | hot"}},
	}
	t.Indexes = []Index{{
		Name: "gsi_inventory_id", Enabled: true, Rule: "workload calls ≥ 100",
		PartitionKey: Key{Attribute: "inventory_id", Type: "N", Parts: []KeyPart{{Column: "inventory_id", Encoding: EncNumber}}},
		Projection:   ProjectAll, WCUPerItem: 1, TotalWCU: 16044,
	}}
	t.Estimates.IndexWCU = 16044
	return p
}

func TestRenderShowsAccessPathsAndIndexes(t *testing.T) {
	for _, f := range []Format{FormatText, FormatMarkdown} {
		var b strings.Builder
		if err := Render(&b, accessPlan(), f); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"Access paths", "rental by customer_id", "rental by inventory_id", "gsi_inventory_id", "Proposed global secondary indexes",
			"rule: workload calls ≥ 100", "projection ALL", "enabled indexes add 16,044 WCU"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: missing %q in\n%s", f, want, out)
			}
		}
		if f == FormatMarkdown && !strings.Contains(out, "| rental by note | workload: pg_stat_statements | none | too \\| hot |") {
			t.Errorf("markdown: access path row missing or pipe not escaped:\n%s", out)
		}
	}
}

func TestValidateIndexes(t *testing.T) {
	if probs := Validate(accessPlan()); len(probs) != 0 {
		t.Fatalf("valid plan refused: %v", probs)
	}
	cases := []struct {
		edit func(ix *Index, t *Table)
		want string
	}{
		{func(ix *Index, _ *Table) { ix.Name = "x" }, "is not a DynamoDB index name"},
		{func(ix *Index, _ *Table) { ix.Projection = "SOME" }, "must be ALL, KEYS_ONLY or INCLUDE"},
		{func(ix *Index, _ *Table) { ix.Projection = ProjectInclude }, "needs at least one attribute"},
		{func(ix *Index, _ *Table) { ix.PartitionKey.Type = "S" }, `attribute "inventory_id" is written as N, not S`},
		{func(ix *Index, _ *Table) { ix.PartitionKey.Type = "BOOL" }, "must be S, N or B"},
		{func(ix *Index, _ *Table) {
			ix.PartitionKey.Attribute, ix.PartitionKey.Parts[0].Column = "nothing", "fulltext"
		}, `"fulltext" is not written as an attribute`},
		{func(ix *Index, _ *Table) {
			ix.PartitionKey.Parts = append(ix.PartitionKey.Parts, KeyPart{Column: "rental_id"})
		}, "an index key on a column's own attribute is that one column"},
		{func(ix *Index, _ *Table) { ix.PartitionKey = derivedNoteKey(); ix.PartitionKey.Type = "N" }, "a key of 2 columns is a joined string"},
		{func(ix *Index, _ *Table) { ix.PartitionKey = derivedNoteKey(); ix.PartitionKey.Attribute = "pk" }, "the base table's key attribute"},
		{func(ix *Index, _ *Table) {
			ix.PartitionKey = derivedNoteKey()
			ix.PartitionKey.Parts[1].Encoding = EncString
		}, `encoding "string" of a key of type S cannot be derived from attribute "rental_id"`},
		{func(ix *Index, t *Table) {
			ix.PartitionKey = derivedNoteKey()
			o := *ix
			o.Name, o.PartitionKey = "gsi_other", Key{Attribute: "note_rental_id", Type: "S", Parts: []KeyPart{{Column: "note", Encoding: EncString}}}
			t.Indexes = append(t.Indexes, o)
		}, "with other parts or type"},
		{func(ix *Index, _ *Table) {
			ix.SortKey = &Key{Attribute: "inventory_id", Type: "N", Parts: ix.PartitionKey.Parts}
		}, "same attribute"},
		{func(ix *Index, t *Table) { t.Indexes = append(t.Indexes, *ix) }, "duplicate index name"},
		{func(ix *Index, t *Table) {
			for i := range MaxIndexes {
				c := *ix
				c.Name = fmt.Sprintf("gsi_%d", i)
				t.Indexes = append(t.Indexes, c)
			}
		}, "at most 20 global secondary indexes"},
	}
	derived := accessPlan()
	derived.Tables[0].Indexes[0].PartitionKey = derivedNoteKey()
	if probs := Validate(derived); len(probs) != 0 {
		t.Fatalf("an index keyed on a derived attribute refused: %v", probs)
	}
	for _, c := range cases {
		p := accessPlan()
		c.edit(&p.Tables[0].Indexes[0], &p.Tables[0])
		probs := Validate(p)
		found := false
		for _, pr := range probs {
			found = found || strings.Contains(pr.String(), c.want)
		}
		if !found {
			t.Errorf("want a problem %q, got %v", c.want, probs)
		}
	}
}

// derivedNoteKey is an index key written as an attribute of its own,
// joined from two columns.
func derivedNoteKey() Key {
	return Key{Attribute: "note_rental_id", Type: "S", Parts: []KeyPart{{Column: "note", Encoding: EncString}, {Column: "rental_id", Encoding: EncInteger, Width: 10}}}
}
