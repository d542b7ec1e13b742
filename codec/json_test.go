package codec

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// benchDocs are shaped like the benchmark table's jsonb column, as jsonb
// prints them: keys by length then bytes, ", " and ": ".
var benchDocs = [][]byte{
	[]byte(`{"lines": [{"qty": 2, "sku": "SKU-b6778", "price": 79.01}], "channel": "web"}`),
	[]byte(`{"gift": true, "lines": [{"qty": 1, "sku": "SKU-64c3c", "price": 110.68}, {"qty": 2, "sku": "SKU-2ab29", "price": 70.68}], "channel": "app"}`),
	[]byte(`{"note": "café — leave at the door", "lines": [{"qty": 3, "sku": "SKU-00001", "price": 5}], "channel": "store"}`),
}

// BenchmarkAppendJSON transcodes benchDocs the checked way (json columns).
func BenchmarkAppendJSON(b *testing.B) { benchJSON(b, false) }

// BenchmarkAppendJSONB transcodes them as jsonb's output.
func BenchmarkAppendJSONB(b *testing.B) { benchJSON(b, true) }

func benchJSON(b *testing.B, jsonb bool) {
	var n int
	for _, d := range benchDocs {
		n += len(d)
	}
	b.SetBytes(int64(n))
	buf := make([]byte, 0, 1024)
	for b.Loop() {
		for _, d := range benchDocs {
			if _, _, err := appendJSON(buf[:0], d, jsonb); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestUniqueKeysWritesTheSame: the path for jsonb's output, which
// compares each object key only with the one before it, writes what the
// checked path writes and refuses what it refuses, for any document; it
// keeps to itself for keys in jsonb's order and hands the rest back.
func TestUniqueKeysWritesTheSame(t *testing.T) {
	var wide strings.Builder
	wide.WriteString("{")
	for i := range 40 {
		if i > 0 {
			wide.WriteString(", ")
		}
		wide.WriteString(`"k` + strings.Repeat("x", i) + `": ` + `[` + strings.Repeat("1, ", i%3) + `{"aé": "\ud83d\ude00"}]`)
	}
	wide.WriteString("}")
	// As PostgreSQL prints jsonb: keys by length, then bytes.
	ordered := []string{
		`{}`, `[]`, `{"a": {}}`, `{"lines": [{"qty": 2, "sku": "SKU-b6778", "price": 79.01}], "channel": "web"}`,
		`{"a": 2, "b": {"x": [1, {"a": 2, "bb": 1}], "y": 1}, "aA": 3, "zz": 1, "é": 1}`,
		`{"x": null, "y": true, "z": [false, -1.5e3], "café": "naïve — \"ok\" \\ \n"}`,
		wide.String(),
	}
	unordered := []string{`{"b": 1, "a": 2}`, `{"dup": 1, "dup": {"longer": "value"}}`, `{"aa": 1, "b": 2}`, `{"k\u0041": 1, "kB": 2}`, `[{"a": 1}, {"b": 1, "a": 2}]`}
	refused := []string{`{"": 1}`, `{"a": "\ud800"}`, "{\"a\": \"\xff\"}", "{\"\xc3\": 1}", "\xff", `{"a" 1}`, `{"a": [1,]}`, `{"a": 01}`,
		strings.Repeat(`{"a": `, 33) + "1" + strings.Repeat("}", 33)}
	for _, doc := range slices.Concat(ordered, unordered, refused) {
		want, wn, werr := AppendJSON([]byte("p"), []byte(doc))
		got, gn, gerr := appendJSON([]byte("p"), []byte(doc), true)
		if (werr == nil) != (gerr == nil) || !bytes.Equal(got, want) || gn != wn {
			t.Errorf("%.60s:\n unique %s %d %v\n checked %s %d %v", doc, got, gn, gerr, want, wn, werr)
		}
		_, _, err := transcode(nil, []byte(doc), true)
		if slices.Contains(ordered, doc) && err != nil || slices.Contains(unordered, doc) && err != errUnordered {
			t.Errorf("%.60s: the unique-keys pass ended with %v", doc, err)
		}
	}
}
