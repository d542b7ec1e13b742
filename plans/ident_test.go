package plans

import (
	"strings"
	"testing"
)

// TestTableNameRoundTrips pins that the text of a source is an exact
// encoding of its (schema, name) pair, dots and quotes included, and that
// plain names read as plans have always written them.
func TestTableNameRoundTrips(t *testing.T) {
	for _, c := range []struct {
		n    TableName
		text string
	}{
		{TableName{"public", "film"}, "public.film"},
		{TableName{"Public", "Film Actor"}, "Public.Film Actor"},
		{TableName{"a.b", "t"}, `"a.b".t`},
		{TableName{"a", "b.t"}, `a."b.t"`},
		{TableName{`we"ird`, `.`}, `"we""ird"."."`},
		{TableName{"", "x"}, `"".x`},
	} {
		if got := c.n.String(); got != c.text {
			t.Errorf("%#v.String() = %q, want %q", c.n, got, c.text)
		}
		back, err := ParseTableName(c.text)
		if err != nil || back != c.n {
			t.Errorf("ParseTableName(%q) = %#v, %v; want %#v", c.text, back, err, c.n)
		}
	}
	for in, want := range map[string]string{
		"a.b.t":     "ambiguous",
		"public":    "not schema.table",
		`"a.b.t`:    "unterminated",
		`a"b.t`:     "double quote",
		".t":        "empty",
		`"a".b"c"`:  "double quote",
		`"a.b"t`:    "not schema.table",
		`"a"."b"x`:  "unexpected",
		"public.":   "empty",
		"":          "empty",
		`"a.b".t.u`: "ambiguous",
	} {
		if _, err := ParseTableName(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseTableName(%q): %v, want an error saying %q", in, err, want)
		}
	}
}
