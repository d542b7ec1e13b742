package item

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestPerColumnSpecials: each float attribute's reviewed choice for NaN
// and ±Infinity decides its rows — string keeps the value as S, omit keeps
// the row without the attribute, reject rejects the row — and a column
// without a choice follows options.float_specials.
func TestPerColumnSpecials(t *testing.T) {
	t.Parallel()
	tb := plans.Table{
		Source:       "public.readings",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
		Attributes: []plans.Attribute{
			{Column: "s", Name: "s", PGType: "double precision", Type: "N", Encoding: plans.AttrFloat, Specials: plans.FloatSpecialsString},
			{Column: "o", Name: "o", PGType: "real", Type: "N", Encoding: plans.AttrFloat, Specials: plans.SpecialsOmit},
			{Column: "r", Name: "r", PGType: "double precision", Type: "N", Encoding: plans.AttrFloat, Specials: plans.FloatSpecialsReject},
			{Column: "d", Name: "d", PGType: "numeric", Type: "N", Encoding: plans.AttrNumber},
		},
	}
	e, err := NewEncoder(tb, plans.Options{FloatSpecials: plans.FloatSpecialsString})
	if err != nil {
		t.Fatal(err)
	}
	row := func(s, o, r, d string) *order.Row {
		return &order.Row{PK: []byte("p"), Copies: 1, Values: [][]byte{[]byte(s), []byte(o), []byte(r), []byte(d)}}
	}
	it, rej := e.Encode(row("NaN", "-Infinity", "1.5", "Infinity"))
	if rej != nil {
		t.Fatalf("rejected: %s", rej.Reason)
	}
	if v, ok := it.Attrs["s"].(*types.AttributeValueMemberS); !ok || v.Value != "NaN" {
		t.Errorf("s: %#v, want S NaN", it.Attrs["s"])
	}
	if _, ok := it.Attrs["o"]; ok {
		t.Errorf("o: %#v, want no attribute", it.Attrs["o"])
	}
	if v, ok := it.Attrs["d"].(*types.AttributeValueMemberS); !ok || v.Value != "Infinity" {
		t.Errorf("d (the plan's float_specials: string): %#v", it.Attrs["d"])
	}
	it, rej = e.Encode(row("-1.5", "-0.25", "2", "3"))
	if rej != nil {
		t.Fatalf("finite values rejected: %s", rej.Reason)
	}
	if v, ok := it.Attrs["o"].(*types.AttributeValueMemberN); !ok || v.Value != "-0.25" {
		t.Errorf("o finite: %#v, want N -0.25", it.Attrs["o"])
	}
	if _, rej = e.Encode(row("1", "2", "Infinity", "4")); rej == nil {
		t.Error("r's Infinity is not rejected under specials: reject")
	}
}
