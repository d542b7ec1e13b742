package codec

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzJSON checks the JSON transcoder against encoding/json: a document it
// writes decodes (through encoding/json, numbers as their text) to the same
// value as the DynamoDB JSON it produced, with the size DynamoDB counts; a
// document encoding/json rejects is rejected too. Seeds are in
// testdata/fuzz/FuzzJSON.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `null`, `true`, `-0`, `12.50`, `1e5`, `"esc \" \\ \/ \b \f \n \r \t"`, `"\u00e9 \ud83d\ude00"`,
		`{"a": [1, 2.5, {"b": null, "c": [true, false, []]}], "d": {"e": "f"}}`, `{"dup": 1, "x": [], "dup": {"y": 2}}`,
		`{"k\u0041": 1, "kA": 2}`, `{"": 1}`, `"\ud800"`, `[1E400]`, strings.Repeat("[", 33) + strings.Repeat("]", 33),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		out, size, err := AppendJSON([]byte("prefix"), doc)
		if !bytes.HasPrefix(out, []byte("prefix")) {
			t.Fatalf("prefix lost: %q", out)
		}
		// jsonb's path writes and refuses the same.
		if uout, usize, uerr := appendJSON([]byte("prefix"), doc, true); (uerr == nil) != (err == nil) || !bytes.Equal(uout, out) || usize != size {
			t.Fatalf("%q: checked %s %v, unique keys %s %v", doc, out, err, uout, uerr)
		}
		var want any
		d := json.NewDecoder(bytes.NewReader(doc))
		d.UseNumber()
		stdErr := d.Decode(&want)
		if stdErr == nil {
			if _, e := d.Token(); e != io.EOF {
				stdErr = io.ErrUnexpectedEOF
			}
		}
		if err != nil {
			if string(out) != "prefix" {
				t.Fatalf("rejected (%v) but appended %q", err, out)
			}
			return
		}
		if stdErr != nil || !utf8.Valid(doc) {
			t.Fatalf("transcoded %q, which encoding/json rejects: %v", doc, stdErr)
		}
		var got any
		if err := json.Unmarshal(out[len("prefix"):], &got); err != nil {
			t.Fatalf("output %s is not JSON: %v", out, err)
		}
		back, n := fromDynamo(t, got)
		if !reflect.DeepEqual(back, normalize(want)) {
			t.Fatalf("%s:\n wrote %s\n means %#v\n want  %#v", doc, out, back, normalize(want))
		}
		if n != size {
			t.Fatalf("%s: size %d, DynamoDB counts %d", doc, size, n)
		}
	})
}

// normalize turns json.Number into strings, as DynamoDB JSON holds them.
func normalize(x any) any {
	switch x := x.(type) {
	case json.Number:
		return "N:" + string(x)
	case string:
		return "S:" + x
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
	}
	return x
}

// fromDynamo reads a DynamoDB JSON value back into what normalize gives
// and its DynamoDB size.
func fromDynamo(t *testing.T, v any) (any, int) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		t.Fatalf("not a DynamoDB value: %#v", v)
	}
	for typ, x := range m {
		switch typ {
		case "S":
			return "S:" + x.(string), len(x.(string))
		case "N":
			n, err := NumberSize(x.(string))
			if err != nil {
				t.Fatalf("N %q: %v", x, err)
			}
			return "N:" + x.(string), n
		case "BOOL":
			return x, 1
		case "NULL":
			return nil, 1
		case "L":
			size, out := 3, []any{}
			for _, el := range x.([]any) {
				v, n := fromDynamo(t, el)
				out = append(out, v)
				size += 1 + n
			}
			return out, size
		case "M":
			size, out := 3, map[string]any{}
			for k, el := range x.(map[string]any) {
				if k == "" {
					t.Fatal("empty map key written")
				}
				v, n := fromDynamo(t, el)
				out[k] = v
				size += 1 + len(k) + n
			}
			return out, size
		}
		t.Fatalf("unknown type %q", typ)
	}
	return nil, 0
}
