package mapping

import (
	"context"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
)

// TestFallbackWhyIsWhole: a table with no constraint whose only NOT NULL
// text column becomes the partition key, every other column nullable,
// leaves the fallback no sort key to add; its reasons must still be whole
// sentences, not "none needed: the partition key alone is " with nothing
// after it (issue 22: a plan's why that ends mid-sentence).
func TestFallbackWhyIsWhole(t *testing.T) {
	rows := int64(2000)
	s := &catalog.Schema{Tables: []catalog.Table{{
		Schema: "public", Name: "readings", Kind: catalog.KindTable, Migratable: true,
		Columns: []catalog.Column{col("device", "text", "S"), col("value", "double precision", "N"), col("note", "text", "S")},
	}}}
	s.Tables[0].Columns[1].NotNull, s.Tables[0].Columns[2].NotNull = false, false
	value, note := prof("value", 1900, 3, 8), prof("note", 40, 80, 4)
	value.Nulls, note.Nulls = 10, 1500
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "readings", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("device", 500, 9, 10), value, note,
	}}}}
	for _, unique := range [][][]string{nil, {{"device"}}} {
		plan, err := Design(context.Background(), s, p, &fakeChecker{unique: unique}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		pt := &plan.Tables[0]
		whys := append([]string{}, pt.PartitionKey.Why...)
		if pt.SortKey != nil {
			whys = append(whys, pt.SortKey.Why...)
		}
		for _, why := range whys {
			if why == "" || strings.HasSuffix(why, " ") || strings.HasSuffix(why, " is") || strings.HasSuffix(why, ":") {
				t.Errorf("unique %v: a reason ends mid-sentence: %q (all: %q)", unique, why, whys)
			}
		}
	}
}
