package load

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestFastJSONMatchesEncodingJSON checks the single-pass decoder against
// the encoding/json path on valid documents (same attribute value, same
// size) and that it hands everything else to that path.
func TestFastJSONMatchesEncodingJSON(t *testing.T) {
	valid := []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `12.50`, `1e5`, `-1.5E-7`, `""`,
		`"plain"`, `"esc \" \\ \/ \b \f \n \r \t"`, `"\u00e9t\u00E9 \ud83d\ude00 ü"`,
		`{"a": [1, 2.5, {"b": null, "c": [true, false, []]}], "d": {"e": "f"}}`,
		` { "k" : 1 , "k2" :[ "x" ,"y" ] } `,
		`{"dup": 1, "dup": {"longer": "value"}}`,
		`[12345678901234567890123456789012345678, -0.000001]`,
		`{"items": [{"sku": "A-1", "qty": 3, "price": 9.99}, {"sku": "B-2", "qty": 1, "price": 120}]}`,
	}
	for _, doc := range valid {
		fast, fn, ferr := fastJSON([]byte(doc))
		slow, sn, serr := slowJSON([]byte(doc))
		if ferr != nil || serr != nil {
			t.Errorf("%s: fast err %v, slow err %v", doc, ferr, serr)
			continue
		}
		m := func(av types.AttributeValue) string {
			return string(MarshalItem(map[string]types.AttributeValue{"v": av}))
		}
		if m(fast) != m(slow) || fn != sn {
			t.Errorf("%s:\n fast %s (%d B)\n slow %s (%d B)", doc, m(fast), fn, m(slow), sn)
		}
	}
	for _, doc := range []string{
		``, `{`, `[1,]`, `{"a" 1}`, `01`, `1.`, `.5`, `tru`, `"unterminated`, `"\x"`, `"\ud83d"`,
		`{"a":1} x`, "\"ctl \x01\"", `NaN`, `1E400`, "\"\xff\"",
	} {
		if _, _, err := fastJSON([]byte(doc)); !errors.Is(err, errSlowJSON) {
			t.Errorf("fastJSON(%q) = %v, want the slow path", doc, err)
		}
	}
	// Invalid documents still fail, worded by the slow path.
	if _, _, err := jsonValue([]byte(`{"a" 1}`)); err == nil {
		t.Error("invalid JSON accepted")
	}
	if _, _, err := jsonValue([]byte(`[1E400]`)); err == nil {
		t.Error("a number DynamoDB cannot hold was accepted")
	}
}

func BenchmarkJSONValue(b *testing.B) {
	doc := []byte(`{"items": [{"sku": "A-1", "qty": 3, "price": 9.99}, {"sku": "B-2", "qty": 1, "price": 120}], "gift": false, "note": "leave at door"}`)
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := jsonValue(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := slowJSON(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
}
