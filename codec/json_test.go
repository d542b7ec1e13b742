package codec

import (
	"bytes"
	"strings"
	"testing"
)

// BenchmarkAppendJSON transcodes documents shaped like the benchmark
// table's jsonb column (jsonb's output: keys sorted, ", " and ": ").
func BenchmarkAppendJSON(b *testing.B) {
	docs := [][]byte{
		[]byte(`{"lines": [{"qty": 2, "sku": "SKU-b6778", "price": 79.01}], "channel": "web"}`),
		[]byte(`{"gift": true, "lines": [{"qty": 1, "sku": "SKU-64c3c", "price": 110.68}, {"qty": 2, "sku": "SKU-2ab29", "price": 70.68}], "channel": "app"}`),
		[]byte(`{"note": "café — leave at the door", "lines": [{"qty": 3, "sku": "SKU-00001", "price": 5}], "channel": "store"}`),
	}
	var n int
	for _, d := range docs {
		n += len(d)
	}
	b.SetBytes(int64(n))
	buf := make([]byte, 0, 1024)
	for b.Loop() {
		for _, d := range docs {
			if _, _, err := AppendJSON(buf[:0], d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkAppendJSONB is BenchmarkAppendJSON for jsonb's output, whose
// objects never repeat a key.
func BenchmarkAppendJSONB(b *testing.B) {
	docs := [][]byte{
		[]byte(`{"lines": [{"qty": 2, "sku": "SKU-b6778", "price": 79.01}], "channel": "web"}`),
		[]byte(`{"gift": true, "lines": [{"qty": 1, "sku": "SKU-64c3c", "price": 110.68}, {"qty": 2, "sku": "SKU-2ab29", "price": 70.68}], "channel": "app"}`),
		[]byte(`{"note": "café — leave at the door", "lines": [{"qty": 3, "sku": "SKU-00001", "price": 5}], "channel": "store"}`),
	}
	buf := make([]byte, 0, 1024)
	for b.Loop() {
		for _, d := range docs {
			if _, _, err := appendJSON(buf[:0], d, true); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestUniqueKeysWritesTheSame: the path for jsonb's output, which skips
// the search for repeated keys, writes what the checked path writes for
// every document without repeats, and refuses what it refuses.
func TestUniqueKeysWritesTheSame(t *testing.T) {
	var wide strings.Builder
	wide.WriteString("{")
	for i := range 40 {
		if i > 0 {
			wide.WriteString(", ")
		}
		wide.WriteString(`"k` + strings.Repeat("x", i) + `": ` + `[` + strings.Repeat("1, ", i%3) + `{"a\u00e9": "\ud83d\ude00"}]`)
	}
	wide.WriteString("}")
	for _, doc := range []string{
		`{}`, `[]`, `{"a": {}}`, `{"lines": [{"qty": 2, "sku": "SKU-b6778", "price": 79.01}], "channel": "web"}`,
		`{"k\u0041": 1, "kB": "\"quoted\" \\ \n"}`, `{"café": "naïve — ok", "x": null, "y": true, "z": [false, -1.5e3]}`,
		wide.String(),
		// Refused, both ways.
		`{"": 1}`, `{"a": "\ud800"}`, "{\"a\": \"\xff\"}", "{\"\xc3\": 1}", "\xff", `{"a" 1}`, `{"a": [1,]}`, `{"a": 01}`,
		strings.Repeat(`{"a": `, 33) + "1" + strings.Repeat("}", 33),
	} {
		want, wn, werr := AppendJSON([]byte("p"), []byte(doc))
		got, gn, gerr := appendJSON([]byte("p"), []byte(doc), true)
		if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) || gn != wn {
			t.Errorf("%.60s:\n unique %s %d %v\n checked %s %d %v", doc, got, gn, gerr, want, wn, werr)
		}
	}
	// A repeated key is what the unique path does not look for: it is
	// only taken for jsonb's output, which has none.
	if _, _, err := appendJSON(nil, []byte(`{"a": 1, "a": 2}`), false); err != nil {
		t.Fatal(err)
	}
}
