package plans_test

import (
	"strings"
	"testing"

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
