package plans_test

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestPredictedRejects: the recorded counts become predicted rejects by
// what the plan writes each column as, and survive a YAML round trip.
func TestPredictedRejects(t *testing.T) {
	tb := plans.Table{
		Source: "public.readings", Target: "readings",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "code", Encoding: plans.EncString}}},
		Attributes: []plans.Attribute{
			{Column: "f8", Name: "f8", PGType: "double precision", Type: "N", Encoding: plans.AttrFloat},
			{Column: "big", Name: "big", PGType: "numeric", Type: "S", Encoding: plans.AttrNumber},
			{Column: "n", Name: "n", PGType: "numeric", Type: "N", Encoding: plans.AttrNumber},
			{Column: "note", Name: "note", PGType: "text", Type: "S", Encoding: plans.AttrString},
		},
		RefusedValues: []plans.RefusedValues{
			{Column: "f8", NaNInfinity: 7},
			{Column: "big", OutOfRange: 4},
			{Column: "n", OutOfRange: 2, NaNInfinity: 1},
			{Column: "code", Empty: 3},
			{Column: "note", Empty: 9},
		},
	}
	got := tb.PredictedRejects(plans.Options{FloatSpecials: plans.FloatSpecialsReject})
	want := map[string]int64{"f8": 7, "n": 3, "code": 3}
	sum := map[string]int64{}
	for _, r := range got {
		sum[r.Column] += r.Rows
	}
	if len(sum) != len(want) {
		t.Fatalf("predicted %+v, want per column %v", got, want)
	}
	for c, n := range want {
		if sum[c] != n {
			t.Errorf("%s: %d predicted, want %d (%+v)", c, sum[c], n, got)
		}
	}
	if rows, est := plans.PredictedRejectRows(got); rows != 7 || est {
		t.Errorf("rows %d estimated %v, want at least 7, exact", rows, est)
	}
	if d := plans.DescribeRejects(got); !strings.Contains(d, "f8: 7 rows (NaN") {
		t.Errorf("description %q", d)
	}
	got = tb.PredictedRejects(plans.Options{FloatSpecials: plans.FloatSpecialsString})
	for _, r := range got {
		if r.Column == "f8" || strings.Contains(r.Why, "NaN") {
			t.Errorf("float_specials string still predicts %+v", r)
		}
	}
	tb.Sharding = &plans.Sharding{Shards: 4}
	for _, r := range tb.PredictedRejects(plans.Options{}) {
		if r.Column == "code" {
			t.Errorf("a sharded partition key is never empty, predicted %+v", r)
		}
	}
}

// TestPredictedRejectsDerivedIndexKey: an empty value in a column an
// enabled index keys on is a reject when the index keys on the column's own
// attribute, and none when it keys on a derived attribute, which the load
// leaves out of such an item (the row is written, absent from the index).
func TestPredictedRejectsDerivedIndexKey(t *testing.T) {
	tb := plans.Table{
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncString}}},
		Attributes: []plans.Attribute{
			{Column: "id", Name: "id", PGType: "text", Type: "S", Encoding: plans.AttrString},
			{Column: "uri", Name: "uri", PGType: "text", Type: "S", Encoding: plans.AttrString},
		},
		Indexes: []plans.Index{{Name: "gsi_uri", Enabled: true, Projection: plans.ProjectAll,
			PartitionKey: plans.Key{Attribute: "uri", Type: "S", Parts: []plans.KeyPart{{Column: "uri", Encoding: plans.EncString}}}}},
		RefusedValues: []plans.RefusedValues{{Column: "uri", Empty: 40}},
	}
	if got := tb.PredictedRejects(plans.Options{}); len(got) != 1 || got[0].Rows != 40 {
		t.Fatalf("own attribute: predicted %+v, want the 40 empty rows", got)
	}
	tb.Indexes[0].PartitionKey.Attribute = "gsi_uri_pk"
	if got := tb.PredictedRejects(plans.Options{}); len(got) != 0 {
		t.Errorf("derived attribute: predicted %+v, want none", got)
	}
}

// TestSpecialsChoice: a float attribute's specials choice validates only
// with a known value on an N number, and string or omit keeps its NaN rows
// out of the predicted rejects whatever options.float_specials says.
func TestSpecialsChoice(t *testing.T) {
	tb := plans.Table{
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncString}}},
		Attributes: []plans.Attribute{
			{Column: "a", Name: "a", PGType: "double precision", Type: "N", Encoding: plans.AttrFloat, Specials: plans.SpecialsOmit},
			{Column: "b", Name: "b", PGType: "double precision", Type: "N", Encoding: plans.AttrFloat, Specials: plans.FloatSpecialsString},
			{Column: "c", Name: "c", PGType: "double precision", Type: "N", Encoding: plans.AttrFloat},
		},
		RefusedValues: []plans.RefusedValues{{Column: "a", NaNInfinity: 5}, {Column: "b", NaNInfinity: 6}, {Column: "c", NaNInfinity: 2}},
	}
	got := tb.PredictedRejects(plans.Options{FloatSpecials: plans.FloatSpecialsReject})
	if len(got) != 1 || got[0].Column != "c" || got[0].Rows != 2 {
		t.Errorf("predicted %+v, want c's 2 rows only", got)
	}
	p := &plans.Plan{Version: plans.FormatVersion, Options: plans.Options{WriteRate: 1000, Nulls: plans.NullsOmit, FloatSpecials: plans.FloatSpecialsReject}}
	for _, c := range []struct {
		attr plans.Attribute
		want string
	}{
		{plans.Attribute{Column: "x", Name: "x", PGType: "real", Type: "N", Encoding: plans.AttrFloat, Specials: "nan"}, "must be"},
		{plans.Attribute{Column: "x", Name: "x", PGType: "text", Type: "S", Encoding: plans.AttrString, Specials: plans.SpecialsOmit}, "applies to a number"},
		{plans.Attribute{Column: "x", Name: "x", PGType: "real", Type: "N", Encoding: plans.AttrFloat, Specials: plans.SpecialsOmit}, ""},
	} {
		var found string
		for _, pr := range plans.Validate(&plans.Plan{Version: p.Version, Options: p.Options, Tables: []plans.Table{{
			Source: "public.t", Target: "t", PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncString}}},
			Attributes: []plans.Attribute{{Column: "id", Name: "pk_src", PGType: "text", Type: "S", Encoding: plans.AttrString}, c.attr}}}}) {
			if strings.HasSuffix(pr.Path, ".specials") {
				found = pr.Message
			}
		}
		if c.want == "" && found != "" || c.want != "" && !strings.Contains(found, c.want) {
			t.Errorf("specials %q on %s: problem %q, want %q", c.attr.Specials, c.attr.Encoding, found, c.want)
		}
	}
}

// TestPredictedOversize: the oversize rows the plan recorded are
// predicted rejects while the plan writes every column they were counted
// over, survive a YAML round trip, stay predicted when review excludes a
// column too small to bring the least of them under the limit, and are no
// longer predicted once an excluded column may (the count is then no lower
// bound).
func TestPredictedOversize(t *testing.T) {
	tb := plans.Table{
		Source: "public.docs", Target: "docs",
		PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncNumber}}},
		Attributes: []plans.Attribute{
			{Column: "id", Name: "id", PGType: "integer", Type: "N", Encoding: plans.AttrNumber},
			{Column: "body", Name: "body", PGType: "text", Type: "S", Encoding: plans.AttrString},
			{Column: "blob", Name: "blob", PGType: "bytea", Type: "B", Encoding: plans.AttrBinary},
			{Column: "note", Name: "note", PGType: "text", Type: "S", Encoding: plans.AttrString},
		},
		Oversize: &plans.Oversize{Rows: 4, MinBytes: 420000, Columns: []plans.SizedColumn{{Column: "body", MaxBytes: 600000}, {Column: "blob", MaxBytes: 200000}, {Column: "note", MaxBytes: 9000}}},
	}
	got := tb.PredictedRejects(plans.Options{FloatSpecials: plans.FloatSpecialsReject})
	if len(got) != 1 || got[0].Column != plans.WholeItem || got[0].Rows != 4 || !strings.Contains(got[0].Why, "over DynamoDB's 400 KB: the values of body, blob, note alone") {
		t.Fatalf("predicted %+v, want 4 oversize rows", got)
	}
	if rows, est := plans.PredictedRejectRows(got); rows != 4 || est {
		t.Fatalf("rows %d (estimated %v), want 4 exactly", rows, est)
	}
	b, err := yaml.Marshal(&tb)
	if err != nil {
		t.Fatal(err)
	}
	var back plans.Table
	if err := yaml.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if o := back.Oversize; o == nil || o.Rows != 4 || o.MinBytes != 420000 || len(o.Columns) != 3 || o.Columns[1].MaxBytes != 200000 ||
		!strings.Contains(string(b), "oversize:\n    rows: 4\n    min_bytes: 420000") {
		t.Fatalf("after a round trip: %+v\n%s", o, b)
	}
	bad := tb
	bad.Oversize = &plans.Oversize{Rows: -1, Columns: []plans.SizedColumn{{MaxBytes: 3}}}
	var found []string
	for _, pr := range plans.Validate(&plans.Plan{Version: plans.FormatVersion, Options: plans.Options{WriteRate: 1000, Nulls: plans.NullsOmit, FloatSpecials: plans.FloatSpecialsReject}, Tables: []plans.Table{bad}}) {
		if strings.Contains(pr.Path, ".oversize") {
			found = append(found, pr.Path)
		}
	}
	if len(found) != 2 {
		t.Errorf("a negative count and a nameless column: problems at %v, want oversize and oversize.columns[0]", found)
	}
	// note excluded: 420,000 - 9,000 is still over 409,600.
	tb.Attributes = tb.Attributes[:3]
	got = tb.PredictedRejects(plans.Options{})
	if len(got) != 1 || got[0].Rows != 4 || !strings.Contains(got[0].Why, "the values of body, blob alone") {
		t.Fatalf("note excluded: predicted %+v, want the 4 rows", got)
	}
	// blob excluded too: a row may be under the limit without it.
	tb.Attributes = tb.Attributes[:2]
	if got := tb.PredictedRejects(plans.Options{}); len(got) != 0 {
		t.Fatalf("blob excluded, still predicted %+v", got)
	}
}
