package item

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/plans"
)

// jsonTable is a table of one json and one jsonb attribute.
var jsonTable = plans.Table{
	Source:       "public.docs",
	PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
	Attributes: []plans.Attribute{
		{Column: "raw", Name: "raw", PGType: "json", Type: "M", Encoding: plans.AttrJSON},
		{Column: "doc", Name: "doc", PGType: "jsonb", Type: "M", Encoding: plans.AttrJSON},
	},
}

// TestJSONRejectedBeforeSending pins the documents DynamoDB refuses or
// that cannot be kept exactly: they are rejected with the reason by the
// encoder, before anything is sent. Before the codec, a lone surrogate
// was written as U+FFFD and the others were sent and refused by DynamoDB
// one batch at a time.
func TestJSONRejectedBeforeSending(t *testing.T) {
	t.Parallel()
	e, err := NewEncoder(jsonTable, plans.Options{})
	if err != nil {
		t.Fatal(err)
	}
	deep := strings.Repeat(`{"a":`, 33) + "1" + strings.Repeat("}", 33)
	for _, c := range []struct{ doc, reason string }{
		{`{"": 1}`, "empty object key"},
		{`{"a": {"": true}}`, "empty object key"},
		{deep, "nesting deeper than DynamoDB's 32 levels"},
		{strings.Repeat("[", 33) + strings.Repeat("]", 33), "nesting deeper"},
		{`"\ud800"`, "lone UTF-16 surrogate"},
		{`{"k": "x\udc00y"}`, "lone UTF-16 surrogate"},
		{`["\ud83d\u0041"]`, "lone UTF-16 surrogate"},
		{`{"\ud800": 1}`, "lone UTF-16 surrogate"},
		{`[1E400]`, "too large for DynamoDB"},
		{`{"a" 1}`, "expected ':'"},
	} {
		for i := range jsonTable.Attributes {
			vals := [][]byte{nil, nil}
			vals[i] = []byte(c.doc)
			_, _, rej := e.AppendWire(nil, &order.Row{PK: []byte("p"), Copies: 1, Values: vals})
			if rej == nil || !strings.Contains(rej.Reason, c.reason) {
				t.Errorf("%s %s: reject %+v, want %q", jsonTable.Attributes[i].PGType, c.doc, rej, c.reason)
			}
		}
	}
	// At the limit: 32 levels are written.
	ok := strings.Repeat(`{"a":`, 32) + "1" + strings.Repeat("}", 32)
	if _, _, rej := e.AppendWire(nil, &order.Row{PK: []byte("p"), Copies: 1, Values: [][]byte{[]byte(ok), nil}}); rej != nil {
		t.Errorf("32 levels rejected: %s", rej.Reason)
	}
}

// TestJSONKeptExactly checks what is written for documents that are valid:
// escaped keys unescaped, a json object's repeated key keeping its last
// value (as jsonb does), surrogate pairs, numbers as their text.
func TestJSONKeptExactly(t *testing.T) {
	t.Parallel()
	e, err := NewEncoder(jsonTable, plans.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]string{
		`{"k\u0041": "\ud83d\ude00"}`:              `{"M":{"kA":{"S":"😀"}}}`,
		`{"dup": 1, "x": 2, "dup": {"b": 1.50}}`:   `{"M":{"dup":{"M":{"b":{"N":"1.50"}}},"x":{"N":"2"}}}`,
		`{"dup": 1, "dup": 2}`:                     `{"M":{"dup":{"N":"2"}}}`,
		`{"a": 1, "b": 2, "a": 3, "b": 4, "a": 5}`: `{"M":{"a":{"N":"5"},"b":{"N":"4"}}}`,
		`[1e5, -0.000001, "t\"ab\\", null, false]`: `{"L":[{"N":"1e5"},{"N":"-0.000001"},{"S":"t\"ab\\"},{"NULL":true},{"BOOL":false}]}`,
	} {
		_, w, rej := e.AppendWire(nil, &order.Row{PK: []byte("p"), Copies: 1, Values: [][]byte{[]byte(doc), nil}})
		if rej != nil {
			t.Errorf("%s: rejected: %s", doc, rej.Reason)
			continue
		}
		wantBody := `{"pk":{"S":"p"},"raw":` + want + `}`
		if same, err := sameJSON(w.Body, []byte(wantBody)); err != nil || !same {
			t.Errorf("%s:\n got  %s\n want %s (%v)", doc, w.Body, wantBody, err)
		}
		if err := checkWire(e, &order.Row{PK: []byte("p"), Copies: 1, Values: [][]byte{[]byte(doc), nil}}); err != nil {
			t.Errorf("%s: %v", doc, err)
		}
	}
}

func BenchmarkJSON(b *testing.B) {
	doc := []byte(`{"items": [{"sku": "A-1", "qty": 3, "price": 9.99}, {"sku": "B-2", "qty": 1, "price": 120}], "gift": false, "note": "leave at door"}`)
	e, err := NewEncoder(jsonTable, plans.Options{})
	if err != nil {
		b.Fatal(err)
	}
	row := &order.Row{PK: []byte("p"), Copies: 1, Values: [][]byte{nil, doc}}
	buf := make([]byte, 0, 1024)
	for b.Loop() {
		if _, _, rej := e.AppendWire(buf[:0], row); rej != nil {
			b.Fatal(rej.Reason)
		}
	}
}
