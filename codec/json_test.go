package codec

import (
	"bytes"
	"math/rand/v2"
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

// TestNumbersAsTheirGrammarSays: a number in a document is written as its
// own text with NumberSize's size when it is a JSON number DynamoDB holds,
// and refused otherwise, whichever path reads it (plain decimals have one
// of their own), alone, in an array, before a comma and in an object.
func TestNumbersAsTheirGrammarSays(t *testing.T) {
	t.Parallel()
	nums := []string{
		"0", "-0", "0.0", "-0.000", "00", "01", "-01", "1.", ".5", "-", "--1", "+1", "1.2.3", "1-2", "1+2",
		"7", "79.01", "-79.01", "100", "100.00", "0.001", "10.10", "1e5", "1E-5", "1.5e+3", "1e", "0e0",
		"12345678901234567890123456789012345678", "-1234567890123456789012345678901234567.8",
		"123456789012345678901234567890123456789", "0.00000000000000000000000000000000000001",
		"0.000000000000000000000000000000000000001", "1000000000000000000000000000000000000000",
		"10000000000000000000000000000000000000", "1.0000000000000000000000000000000000000",
		"9.9999999999999999999999999999999999999e125", "1e126", "1e-130", "1e-131",
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		for range 1 + r.IntN(45) {
			b.WriteByte("0123456789"[r.IntN(10)])
		}
		if r.IntN(2) == 0 {
			b.WriteByte('.')
			for range r.IntN(45) {
				b.WriteByte("0000123456789"[r.IntN(13)])
			}
		}
		nums = append(nums, b.String())
	}
	for _, num := range nums {
		size, serr := NumberSize(num)
		ok := validJSONNumber([]byte(num)) && serr == nil
		leaf := `{"N":"` + num + `"}`
		for _, c := range []struct{ doc, want string }{
			{num, leaf},
			{"[" + num + "]", `{"L":[` + leaf + `]}`},
			{"[" + num + ", 1]", `{"L":[` + leaf + `,{"N":"1"}]}`},
			{`{"a": ` + num + `}`, `{"M":{"a":` + leaf + `}}`},
		} {
			for _, jsonb := range []bool{false, true} {
				out, n, err := appendJSON([]byte("p"), []byte(c.doc), jsonb)
				switch {
				case ok && (err != nil || string(out) != "p"+c.want):
					t.Fatalf("%s (jsonb %v): %s, %v; want %s", c.doc, jsonb, out, err, c.want)
				case ok && c.doc == num && n != size:
					t.Fatalf("%s: size %d, NumberSize says %d", num, n, size)
				case !ok && err == nil:
					t.Fatalf("%s (jsonb %v): wrote %s, want an error (valid JSON number %v, NumberSize %v)",
						c.doc, jsonb, out, validJSONNumber([]byte(num)), serr)
				}
			}
		}
	}
}

// TestPlainNumberIsNumberSize: the transcoder's one-pass path for plain
// decimals takes exactly the numbers it should, writes them as the
// general path does and sizes them as NumberSize does.
func TestPlainNumberIsNumberSize(t *testing.T) {
	nums := []string{"0", "-0", "0.0", "0.000", "1", "-1", "10", "100", "110.68", "0.05", "-0.0500", "9.99", "1.25",
		"12345678901234567890123456789012345678", "1234567890123456789012345678901234567.8", "0.00000000000000000000000000000000000001",
		"123456789012345678901234567890123456789", "100000000000000000000000000000000000000", "1e5", "1.5E-3", "-", "01", "1.", ".5", "1.2.3", "--1", "1e", "0x1", "00"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		for range 1 + r.IntN(45) {
			b.WriteByte("0000123456789."[r.IntN(14)])
		}
		nums = append(nums, b.String())
	}
	for _, n := range nums {
		for _, doc := range []string{n, "[" + n + "]", `{"a": ` + n + `, "b": 1}`} {
			fast, fn, ferr := appendJSON(nil, []byte(doc), true)
			slow := transcoder{b: []byte(doc), uniqueKeys: true, general: true}
			sn, ok := slow.value(0)
			if ok {
				slow.ws()
				if slow.i != len(slow.b) {
					ok = false
				}
			}
			if (ferr == nil) != ok || ok && (string(fast) != string(slow.dst) || fn != sn) {
				t.Errorf("%s: one pass %s %d %v, general %s %d %v", doc, fast, fn, ferr, slow.dst, sn, slow.err)
			}
		}
	}
}
