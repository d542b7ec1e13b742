package item

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TestWireMatchesSDK runs the wire encoder and the reference (refItem and
// the SDK's serializer) over values chosen to hit every branch.
func TestWireMatchesSDK(t *testing.T) {
	t.Parallel()
	table := plans.Table{
		Source:       "public.t",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
		SortKey:      &plans.Key{Attribute: "sk", Type: "N"},
		Attributes: []plans.Attribute{
			{Column: "txt", Name: "txt", Encoding: plans.AttrString},
			{Column: "num", Name: "num", Encoding: plans.AttrNumber},
			{Column: "flt", Name: "flt", Encoding: plans.AttrFloat},
			{Column: "ok", Name: "ok", Encoding: plans.AttrBool},
			{Column: "bin", Name: "bin", Encoding: plans.AttrBinary},
			{Column: "doc", Name: "doc", Encoding: plans.AttrJSON, PGType: "jsonb"},
			{Column: "raw", Name: "raw", Encoding: plans.AttrJSON, PGType: "json"},
			{Column: "arr", Name: "arr", Encoding: plans.AttrArray, PGType: "text[]"},
			{Column: `we"ird\`, Name: "we\"ird\\ ü\n", Encoding: plans.AttrString},
		},
	}
	texts := []string{"", "plain", `quote " back \ slash`, "ctl \x01\x1f \t\n\r", "ünï €😀", "\xff invalid", strings.Repeat("x", 1000)}
	numbers := []string{"0", "-0", "1", "12.50", "-0.000001", "1e5", "1E-130", "1E-131", "9.99E125", "1E126",
		"12345678901234567890123456789012345678", "123456789012345678901234567890123456789", "1000000000000000000000000000000000000000",
		"NaN", "Infinity", "-Infinity", "abc", "1.", ".5", "+1", "1e", "1e+", "00012.3400"}
	bools := []string{"t", "f", "true", "false", "yes"}
	docs := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `12.50`, `1e5`, `-1.5E-7`, `""`,
		`"plain"`, `"esc \" \\ \/ \b \f \n \r \t"`, `"\u00e9t\u00E9 \ud83d\ude00 ü"`,
		`{"a": [1, 2.5, {"b": null, "c": [true, false, []]}], "d": {"e": "f"}}`,
		` { "k" : 1 , "k2" :[ "x" ,"y" ] } `,
		`{"dup": 1, "dup": {"longer": "value"}}`, `{"k\u0041": 1}`, `{"ü": "é"}`,
		`[12345678901234567890123456789012345678, -0.000001]`,
		`{"a" 1}`, `01`, `1E400`, `[1,]`, `"\ud83d"`, `{"a":1} x`, "\"\xff\"", `NaN`,
		strings.Repeat("[", 40) + strings.Repeat("]", 40),
	}
	var bigKeys strings.Builder
	bigKeys.WriteString("{")
	for i := range 70 {
		fmt.Fprintf(&bigKeys, `%s"k%d": %d`, map[bool]string{true: "", false: ","}[i == 0], i, i)
	}
	bigKeys.WriteString("}")
	docs = append(docs, bigKeys.String())

	var rows []*order.Row
	add := func(r order.Row) { r.Pos = int64(len(rows)); rows = append(rows, &r) }
	vals := func(txt, num, flt, ok, bin, doc, raw, arr, weird any) [][]byte {
		var out [][]byte
		for _, v := range []any{txt, num, flt, ok, bin, doc, raw, arr, weird} {
			if v == nil {
				out = append(out, nil)
			} else {
				out = append(out, []byte(v.(string)))
			}
		}
		return out
	}
	for i, s := range texts {
		add(order.Row{PK: []byte("k" + s), SK: []byte(fmt.Sprint(i)), Copies: 1, Values: vals(s, "1", "1", "t", s, `{}`, `[]`, `[]`, s)})
	}
	for _, n := range numbers {
		add(order.Row{PK: []byte("p"), SK: []byte(n), Copies: 1, Values: vals(nil, n, n, nil, nil, nil, nil, nil, nil)})
	}
	for _, b := range bools {
		add(order.Row{PK: []byte("p"), SK: []byte("1"), Copies: 1, Values: vals(nil, nil, nil, b, nil, nil, nil, nil, nil)})
	}
	for _, d := range docs {
		add(order.Row{PK: []byte("p"), SK: []byte("2"), Copies: 1, Values: vals(nil, nil, nil, nil, nil, d, d, d, nil)})
	}
	add(order.Row{PK: []byte("p"), SK: []byte("3"), Copies: 2, Values: vals(nil, nil, nil, nil, nil, nil, nil, nil, nil)})
	add(order.Row{PK: []byte("p"), SK: nil, Copies: 1, Values: vals(nil, nil, nil, nil, nil, nil, nil, nil, nil)})
	add(order.Row{PK: nil, SK: []byte("1"), Copies: 1, Values: vals(nil, nil, nil, nil, nil, nil, nil, nil, nil)})
	add(order.Row{PK: []byte(strings.Repeat("k", 2049)), SK: []byte("1"), Copies: 1, Values: vals(nil, nil, nil, nil, nil, nil, nil, nil, nil)})
	add(order.Row{PK: []byte("p"), SK: []byte("1"), Problem: "bad key", Copies: 1, Values: vals(nil, nil, nil, nil, nil, nil, nil, nil, nil)})
	add(order.Row{PK: []byte("p"), SK: []byte("4"), Copies: 1, Values: vals(strings.Repeat("x", MaxItemBytes), nil, nil, nil, nil, nil, nil, nil, nil)})

	for _, opts := range []plans.Options{{}, {Nulls: plans.NullsWrite, FloatSpecials: plans.FloatSpecialsString}} {
		e, err := NewEncoder(table, opts)
		if err != nil {
			t.Fatal(err)
		}
		written := 0
		for _, r := range rows {
			if err := checkWire(e, r); err != nil {
				t.Errorf("options %+v, row %d %q: %v", opts, r.Pos, r.Values, err)
			}
			if _, _, rej := e.AppendWire(nil, r); rej == nil {
				written++
			}
		}
		// Most rows must be written, or the test compares little.
		if written < len(rows)/2 {
			t.Errorf("options %+v: only %d of %d rows written", opts, written, len(rows))
		}
	}

	// A B key, base64 on the wire.
	bt := plans.Table{Source: "public.b", PartitionKey: plans.Key{Attribute: "id", Type: "B"}}
	e, err := NewEncoder(bt, plans.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkWire(e, &order.Row{PK: []byte{0, 1, 0xff, '"'}, Copies: 1}); err != nil {
		t.Error(err)
	}
}

func BenchmarkEncode(b *testing.B) {
	table := plans.Table{
		Source:       "public.orders",
		PartitionKey: plans.Key{Attribute: "customer_id", Type: "S"},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S"},
		Attributes: []plans.Attribute{
			{Column: "order_id", Name: "order_id", Encoding: plans.AttrNumber},
			{Column: "created_at", Name: "created_at", Encoding: plans.AttrTimestampTZ},
			{Column: "amount", Name: "amount", Encoding: plans.AttrNumber},
			{Column: "status", Name: "status", Encoding: plans.AttrString},
			{Column: "items", Name: "items", Encoding: plans.AttrJSON, PGType: "jsonb"},
			{Column: "note", Name: "note", Encoding: plans.AttrString},
		},
	}
	e, err := NewEncoder(table, plans.Options{})
	if err != nil {
		b.Fatal(err)
	}
	row := &order.Row{PK: []byte("C000123"), SK: []byte("2024-05-01T10:00:00.000000Z#00000042"), Copies: 1, Values: [][]byte{
		[]byte("42"), []byte("2024-05-01T10:00:00.000000Z"), []byte("129.95"), []byte("shipped"),
		[]byte(`{"sku": "A-1", "qty": 3, "tags": ["gift", "fragile"], "price": 9.99}`), []byte("leave at the door, please"),
	}}
	b.Run("attrs", func(b *testing.B) {
		for b.Loop() {
			if _, rej := e.Encode(row); rej != nil {
				b.Fatal(rej.Reason)
			}
		}
	})
	b.Run("wire", func(b *testing.B) {
		buf := make([]byte, 0, 1024)
		for b.Loop() {
			if _, _, rej := e.AppendWire(buf[:0], row); rej != nil {
				b.Fatal(rej.Reason)
			}
		}
	})
}
