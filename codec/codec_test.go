package codec

import (
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestFromCatalog decodes typmods as PostgreSQL encodes them and agrees
// with Parse on the text form of the same types.
func TestFromCatalog(t *testing.T) {
	for _, c := range []struct {
		got  Type
		want string // Display
		kind Kind
		p, s int
		n    int
	}{
		{FromCatalog(1700, "numeric", 50<<16+4, 'b', 'N', 0, ""), "numeric(50,0)", Numeric, 50, 0, 0},
		{FromCatalog(1700, "numeric", 12<<16+2+4, 'b', 'N', 0, ""), "numeric(12,2)", Numeric, 12, 2, 0},
		{FromCatalog(1700, "numeric", -1, 'b', 'N', 0, ""), "numeric", Numeric, 0, 0, 0},
		{FromCatalog(1042, "character", 6+4, 'b', 'S', 0, ""), "character(6)", Char, 0, 0, 6},
		{FromCatalog(1043, "character varying", -1, 'b', 'S', 0, ""), "character varying", Varchar, 0, 0, 0},
		{FromCatalog(1184, "timestamp with time zone", -1, 'b', 'D', 0, ""), "timestamp with time zone", TimestampTZ, 0, 0, 0},
		{FromCatalog(99999, "public.citext", -1, 'b', 'S', 0, ""), "public.citext", Citext, 0, 0, 0},
		{FromCatalog(99998, "public.mood", -1, 'e', 'E', 0, ""), "public.mood", Enum, 0, 0, 0},
	} {
		if c.got.Display() != c.want || c.got.Kind != c.kind || c.got.Precision != c.p || c.got.Scale != c.s || c.got.Length != c.n {
			t.Errorf("%s: got %+v", c.want, c.got)
		}
	}
	arr := FromCatalog(1014, "character[]", 4+4, 'b', 'A', 1042, "character")
	if arr.Kind != Array || arr.Elem == nil || arr.Elem.Kind != Char || arr.Elem.Length != 4 || arr.Display() != "character(4)[]" {
		t.Errorf("character(4)[]: %+v %+v", arr, arr.Elem)
	}
	if p := Parse("numeric", "(60,2)", "N", ""); p.Precision != 60 || p.Scale != 2 || p.Kind != Numeric {
		t.Errorf("Parse numeric(60,2): %+v", p)
	}
	if p := Parse("character[]", "", "A", "character"); p.Kind != Array || p.Elem.Kind != Char {
		t.Errorf("Parse character[]: %+v", p)
	}
}

// TestAttributeDeclaresWhatIsWritten: a numeric DynamoDB cannot hold is
// planned S, and its encoder writes S.
func TestAttributeDeclaresWhatIsWritten(t *testing.T) {
	for _, c := range []struct {
		t     Type
		width int
		typ   string
	}{
		{Type{Name: "numeric", Kind: Numeric, Precision: 50}, 0, "S"},
		{Type{Name: "numeric", Kind: Numeric, Precision: 38}, 0, "N"},
		{Type{Name: "numeric", Kind: Numeric}, 41, "S"},
		{Type{Name: "numeric", Kind: Numeric}, 40, "N"},
	} {
		a := Attribute(c.t, c.width)
		if a.Type != c.typ {
			t.Errorf("%s width %d: planned %s, want %s", c.t.Display(), c.width, a.Type, c.typ)
		}
		v := NewValue(plans.Attribute{Type: a.Type, Encoding: a.Encoding, PGType: c.t.Name}, "")
		out, _, err := v.Append(nil, []byte("1234567890123456789012345678901234567890"))
		if a.Type == "S" && (err != nil || !strings.HasPrefix(string(out), `{"S":`)) {
			t.Errorf("%s planned S written as %s (%v)", c.t.Display(), out, err)
		}
	}
}

// TestValueSQL pins the text forms: character(n) elements without their
// padding, dates and times with their era before year 1.
func TestValueSQL(t *testing.T) {
	for _, c := range []struct {
		a    plans.Attribute
		want string
	}{
		{plans.Attribute{Column: "codes", PGType: "character[]", Encoding: plans.AttrArray}, `to_jsonb("codes"::text[])::text`},
		{plans.Attribute{Column: "tags", PGType: "text[]", Encoding: plans.AttrArray}, `to_jsonb("tags")::text`},
		{plans.Attribute{Column: "d", PGType: "date", Encoding: plans.AttrDate}, `coalesce(to_char("d", 'YYYY-MM-DD') || CASE WHEN "d" < '0001-01-01'::date THEN ' BC' ELSE '' END, "d"::text)`},
	} {
		got, err := ValueSQL(c.a)
		if err != nil || got != c.want {
			t.Errorf("%s: %s (%v), want %s", c.a.Column, got, err, c.want)
		}
	}
	w := strings.Join(KeyProblems(plans.KeyPart{Column: "ts", Encoding: plans.EncTimestampTZ}, "S"), " ")
	if !strings.Contains(w, `("ts" AT TIME ZONE 'UTC') < '0001-01-01'::timestamp`) || !strings.Contains(w, "before year 1") {
		t.Errorf("no BC check for a timestamptz key part: %s", w)
	}
}

func TestIdentQuotesAsPgx(t *testing.T) {
	for _, name := range []string{"a", "Mixed Case", `say "hi"`, "nul\x00byte", "", "über"} {
		if got, want := Ident(name), (pgx.Identifier{name}).Sanitize(); got != want {
			t.Errorf("Ident(%q) = %s, pgx quotes it %s", name, got, want)
		}
	}
}
