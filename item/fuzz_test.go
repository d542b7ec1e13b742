package item

import (
	"testing"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/plans"
)

// FuzzWireMatchesSDK holds the loader's wire encoder to aws-sdk-go-v2's
// own serializer: for any row, the item JSON the loader writes must be,
// value for value, what the SDK writes for the attribute values a plain
// encoder builds from the same row (checkWire), with the same size; a row
// the plain encoder refuses must be rejected with a reason. Seeds are in
// testdata/fuzz/FuzzWireMatchesSDK.
func FuzzWireMatchesSDK(f *testing.F) {
	f.Add("k", "12.50", "NaN", "t", `{"a": [1, "x", null]}`, "plain ü", false, false, false)
	f.Add("", "1e400", "-Infinity", "yes", `{"": 1}`, "\xff", true, true, true)
	f.Add("k#1", "12345678901234567890123456789012345678901", "1.5e-7", "false", `{"k\u0041": "\ud83d\ude00", "k\u0041": 2}`, "q\"\\", true, false, true)
	f.Add("p", "-0.000", "0", "f", `"\ud800"`, "", false, true, false)
	f.Fuzz(func(t *testing.T, pk, num, flt, b, doc, txt string, nullsWrite, specialsString, numAsS bool) {
		numType := "N"
		if numAsS {
			numType = "S"
		}
		table := plans.Table{
			Source:       "public.f",
			PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
			SortKey:      &plans.Key{Attribute: "sk", Type: "N"},
			Attributes: []plans.Attribute{
				{Column: "num", Name: "num", Type: numType, Encoding: plans.AttrNumber, PGType: "numeric"},
				{Column: "flt", Name: "flt", Type: "N", Encoding: plans.AttrFloat, PGType: "double precision"},
				{Column: "ok", Name: "ok", Type: "BOOL", Encoding: plans.AttrBool, PGType: "boolean"},
				{Column: "bin", Name: "bin", Type: "B", Encoding: plans.AttrBinary, PGType: "bytea"},
				{Column: "raw", Name: "raw", Type: "M", Encoding: plans.AttrJSON, PGType: "json"},
				{Column: "doc", Name: "doc", Type: "M", Encoding: plans.AttrJSON, PGType: "jsonb"},
				{Column: "txt", Name: "t\"x\\t", Type: "S", Encoding: plans.AttrString, PGType: "text"},
			},
		}
		o := plans.Options{}
		if nullsWrite {
			o.Nulls = plans.NullsWrite
		}
		if specialsString {
			o.FloatSpecials = plans.FloatSpecialsString
		}
		e, err := NewEncoder(table, o)
		if err != nil {
			t.Fatal(err)
		}
		var none []byte
		row := &order.Row{PK: []byte(pk), SK: []byte(num), Copies: 1, Values: [][]byte{
			[]byte(num), []byte(flt), []byte(b), []byte(txt), []byte(doc), []byte(doc), []byte(txt),
		}}
		if err := checkWire(e, row); err != nil {
			t.Fatal(err)
		}
		// The same row with NULLs where values were empty.
		for i, v := range row.Values {
			if len(v) == 0 {
				row.Values[i] = none
			}
		}
		if err := checkWire(e, row); err != nil {
			t.Fatal(err)
		}
	})
}
