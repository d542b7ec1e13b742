package codec

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/pg2ddb/pg2ddb/plans"
)

// MaxNumberDigits is DynamoDB's precision: a Number holds at most 38
// significant digits, so wider numerics travel as strings.
const MaxNumberDigits = 38

// MaxItemBytes is DynamoDB's limit on an item's size (attribute names and
// values): 400 KB.
const MaxItemBytes = 400 * 1024

// Attr is how a column is written: its DynamoDB type, its plans.Attr*
// encoding and a note for the reviewer; or, when Exclude is set, why it is
// not written by default.
type Attr struct {
	Type, Encoding, Note string
	Exclude              string
}

// KeyRule is how a column can be part of a key.
type KeyRule struct {
	// Encoding is a plans.Enc* encoding; Width the digits of EncInteger.
	Encoding string
	Width    int
	// Bytes is the most bytes an encoded value takes.
	Bytes int
	// Single is the DynamoDB type the column keeps when it is a key on
	// its own: N for numbers, B for bytes, S otherwise.
	Single string
	// TimeLike columns lead a sort key, so range reads are natural.
	TimeLike bool
}

// rule is one row of the table: everything pg2ddb decides from a kind.
// attr and key take the column's type and the widest value's text width
// (from the profile, 0 when unknown).
type rule struct {
	attr func(t Type, width int) Attr
	// key returns the key rule, or why the kind cannot be a key part.
	key func(t Type, width int) (KeyRule, string)
}

func fixed(typ, enc, note string) func(Type, int) Attr {
	return func(Type, int) Attr { return Attr{Type: typ, Encoding: enc, Note: note} }
}

func integerKey(width int) func(Type, int) (KeyRule, string) {
	return func(Type, int) (KeyRule, string) {
		return KeyRule{Encoding: plans.EncInteger, Width: width, Bytes: width + 1, Single: "N"}, ""
	}
}

func stringKey(_ Type, width int) (KeyRule, string) {
	return KeyRule{Encoding: plans.EncString, Bytes: width, Single: "S"}, ""
}

func timeKey(enc string, bytes int) func(Type, int) (KeyRule, string) {
	return func(Type, int) (KeyRule, string) {
		return KeyRule{Encoding: enc, Bytes: bytes, Single: "S", TimeLike: true}, ""
	}
}

func noKey(why string) func(Type, int) (KeyRule, string) {
	return func(t Type, _ int) (KeyRule, string) { return KeyRule{}, t.Name + " " + why }
}

var stringAttr = fixed("S", plans.AttrString, "")

// rules is the table: one entry per kind. A kind missing from it is
// written as its PostgreSQL text form and is no key part.
var rules = map[Kind]rule{
	Int2: {fixed("N", plans.AttrNumber, ""), integerKey(5)},
	Int4: {fixed("N", plans.AttrNumber, ""), integerKey(10)},
	Int8: {fixed("N", plans.AttrNumber, ""), integerKey(19)},
	OID:  {fixed("N", plans.AttrNumber, ""), noKey("has no key encoding that sorts (keys are S, N or B)")},
	Numeric: {numericAttr, func(_ Type, width int) (KeyRule, string) {
		return KeyRule{Encoding: plans.EncNumber, Bytes: width, Single: "N"}, ""
	}},
	Float4: {fixed("N", plans.AttrFloat, "NaN and ±Infinity follow options.float_specials"), noKey("has no key encoding that sorts (keys are S, N or B)")},
	Float8: {fixed("N", plans.AttrFloat, "NaN and ±Infinity follow options.float_specials"), noKey("has no key encoding that sorts (keys are S, N or B)")},
	Bool:   {fixed("BOOL", plans.AttrBool, ""), noKey("maps to BOOL, not a key type, and has two values")},
	Bytea: {fixed("B", plans.AttrBinary, ""), func(_ Type, width int) (KeyRule, string) {
		// The profile measures bytea's text form, \x and two hex digits a byte.
		return KeyRule{Encoding: plans.EncBinary, Bytes: max(0, width-2) / 2, Single: "B"}, ""
	}},
	Date:        {fixed("S", plans.AttrDate, "YYYY-MM-DD"), timeKey(plans.EncDate, 10)},
	Timestamp:   {fixed("S", plans.AttrTimestamp, "ISO-8601, six fraction digits, sorts as a string"), timeKey(plans.EncTimestamp, 26)},
	TimestampTZ: {fixed("S", plans.AttrTimestampTZ, "ISO-8601 in UTC, six fraction digits, sorts as a string"), timeKey(plans.EncTimestampTZ, 27)},
	JSON:        {fixed("M", plans.AttrJSON, "object → M, array → L, scalars by type, numbers exact"), noKey("has no key encoding that sorts (keys are S, N or B)")},
	JSONB:       {fixed("M", plans.AttrJSON, "object → M, array → L, scalars by type, numbers exact"), noKey("has no key encoding that sorts (keys are S, N or B)")},
	Text:        {stringAttr, stringKey},
	Varchar:     {stringAttr, stringKey},
	Char:        {stringAttr, stringKey}, // character(n)::text drops the padding
	Name:        {stringAttr, stringKey},
	Citext:      {stringAttr, stringKey},
	UUID:        {stringAttr, stringKey},
	Enum:        {fixed("S", plans.AttrString, "enum label"), stringKey},
	Array:       {fixed("L", plans.AttrArray, "array → L, elements by their own type, numbers exact"), noKey("has no key encoding that sorts (keys are S, N or B)")},
	TSVector: {func(t Type, _ int) Attr {
		return Attr{Exclude: "text-search vector: an index PostgreSQL derives from other columns, meaningless without PostgreSQL's text search; move it to attributes (type S) to keep its text form"}
	}, noKey("has no key encoding that sorts (keys are S, N or B)")},
}

// numericAttr writes a numeric as N when DynamoDB can hold every value of
// it, and as an exact decimal string when its precision (or, unconstrained,
// its widest value) exceeds DynamoDB's 38 digits.
func numericAttr(t Type, width int) Attr {
	switch {
	case t.Precision > MaxNumberDigits:
		return Attr{Type: "S", Encoding: plans.AttrNumber, Note: fmt.Sprintf("%s may exceed DynamoDB's %d significant digits: stored as an exact decimal string", t.Display(), MaxNumberDigits)}
	case t.Precision > 0:
		return Attr{Type: "N", Encoding: plans.AttrNumber, Note: "exact decimal text"}
	case width > MaxNumberDigits+2:
		return Attr{Type: "S", Encoding: plans.AttrNumber, Note: fmt.Sprintf("unconstrained numeric with values up to %d characters, beyond DynamoDB's %d significant digits: stored as an exact decimal string", width, MaxNumberDigits)}
	}
	return Attr{Type: "N", Encoding: plans.AttrNumber, Note: "unconstrained numeric: a value over 38 significant digits will be rejected by DynamoDB"}
}

// Attribute says how a column of type t is written; width is the widest
// value's text width from the profile (0 when unknown).
func Attribute(t Type, width int) Attr {
	if r, ok := rules[t.Kind]; ok {
		return r.attr(t, width)
	}
	return Attr{Type: "S", Encoding: plans.AttrString, Note: t.Name + " as its PostgreSQL text form"}
}

// Key says how a column of type t can be a key part, or why it cannot.
// Every encoding sorts as a string in the column's natural order; numeric
// and bytea have none, so they can only be a key of one column (N or B).
func Key(t Type, width int) (KeyRule, string) {
	if r, ok := rules[t.Kind]; ok {
		return r.key(t, width)
	}
	return KeyRule{}, t.Name + " has no key encoding that sorts (keys are S, N or B)"
}

// KeyLoss says why encoding p would give two different values of a column
// of type pgType (as a plan records it) one key, or why p is no encoding of
// that type; "" when every value keeps a key of its own. Lossless are the
// type's own key encoding (Key), string (PostgreSQL's text form of a
// value is its own), number for integers and numerics, and integer for
// integers (a value wider than the width is rejected, not cut).
func KeyLoss(pgType string, p plans.KeyPart) string {
	t := Parse(pgType, "", "", "")
	own, _ := Key(t, 0)
	switch {
	case p.Encoding == plans.EncString, own.Encoding != "" && p.Encoding == own.Encoding:
		return ""
	case p.Encoding == plans.EncNumber && (t.IsInteger() || t.Kind == Numeric):
		return ""
	case p.Encoding == plans.EncInteger && t.IsInteger():
		return ""
	case p.Encoding == plans.EncHex && t.Kind == Bytea:
		return ""
	}
	use := plans.EncString
	if own.Encoding != "" {
		use = own.Encoding + " or " + plans.EncString
	}
	var why string
	switch {
	case p.Encoding == plans.EncDate && (t.Kind == Timestamp || t.Kind == TimestampTZ):
		why = "keeps only the day: rows of one day would share a key and overwrite each other"
	case p.Encoding == plans.EncTimestamp && t.Kind == TimestampTZ:
		why = "writes the session's local time, in which two instants of a daylight-saving change read alike"
	case p.Encoding == plans.EncInteger && t.IsInexact():
		why = "drops the fraction: -0.5 and -0.25 would share a key and overwrite each other"
	default:
		why = "is not an encoding of this type"
	}
	return fmt.Sprintf("encoding %s of a %s column %s; use %s", p.Encoding, pgType, why, use)
}

// Ident quotes a column name for SQL as pgx.Identifier.Sanitize does: in
// double quotes, an embedded quote doubled and NUL bytes dropped.
func Ident(name string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(name, "\x00", ""), `"`, `""`) + `"`
}

// Text forms of dates and times. Keys and values use the same patterns so
// that a value and a key part of one column read alike.
const (
	datePattern        = `'YYYY-MM-DD'`
	timestampPattern   = `'YYYY-MM-DD"T"HH24:MI:SS.US'`
	timestampTZPattern = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`
)

// dateExpr is a date or time column as the value whose calendar date is
// written (timestamptz in UTC), its to_char pattern, and the first day of
// year 1 and of year 10000 to tell the values by that a four-digit year
// cannot sort (BC, and years of five digits). The key encodings and the
// attribute encodings of dates and times have the same names
// (plans.EncDate == plans.AttrDate, …).
func dateExpr(enc, c string) (expr, pattern, firstDay, pastDay string) {
	switch enc {
	case plans.EncDate:
		return c, datePattern, `'0001-01-01'::date`, `'10000-01-01'::date`
	case plans.EncTimestamp:
		return c, timestampPattern, `'0001-01-01'::timestamp`, `'10000-01-01'::timestamp`
	}
	return "(" + c + " AT TIME ZONE 'UTC')", timestampTZPattern, `'0001-01-01'::timestamp`, `'10000-01-01'::timestamp`
}

// KeyPartSQL is the SQL text expression of one key part of a column of
// PostgreSQL type pgType, encoded as plans.KeyPart.Encoding says; composite
// parts escape # and \ in strings.
func KeyPartSQL(p plans.KeyPart, pgType string, composite bool) (string, error) {
	c := Ident(p.Column)
	switch p.Encoding {
	case plans.EncString:
		text := TextSQL(c, pgType)
		if composite {
			// replace() refuses a nondeterministic collation; the escaping
			// works on bytes anyway.
			return `replace(replace(` + text + ` COLLATE "C", '\', '\\'), '#', '\#')`, nil
		}
		return text, nil
	case plans.EncInteger:
		if p.Width <= 0 || p.Width > MaxNumberDigits {
			return "", fmt.Errorf("column %s: integer encoding needs a width of 1..38, not %d", p.Column, p.Width)
		}
		// lpad truncates a value wider than Width; KeyProblems reports
		// it, so such a row is rejected instead of colliding silently.
		w := strconv.Itoa(p.Width)
		pow := "1" + strings.Repeat("0", p.Width)
		return "(CASE WHEN " + c + " < 0 THEN '-' || lpad((" + c + "::numeric + " + pow + ")::text, " + w + ", '0') ELSE lpad(" + c + "::text, " + w + ", '0') END)", nil
	case plans.EncNumber:
		return c + "::numeric::text", nil
	case plans.EncDate, plans.EncTimestamp, plans.EncTimestampTZ:
		// A BC value would print as its AD twin; KeyProblems rejects it.
		e, pattern, _, _ := dateExpr(p.Encoding, c)
		return "to_char(" + e + ", " + pattern + ")", nil
	case plans.EncBinary:
		return c, nil
	case plans.EncHex:
		// Lowercase, two digits a byte: sorts as the bytes do.
		return "encode(" + c + ", 'hex')", nil
	}
	return "", fmt.Errorf("column %s: unknown key encoding %q", p.Column, p.Encoding)
}

// KeyPartText is KeyPartSQL done in Go on a value as PostgreSQL's text
// output gives it (timestamps in UTC, ISO dates, which are already the date
// encoding), for estimates that place keys without reading rows. A value
// it does not recognise comes back as it is.
func KeyPartText(p plans.KeyPart, v string, composite bool) string {
	switch p.Encoding {
	case plans.EncString:
		if composite {
			return strings.NewReplacer(`\`, `\\`, "#", `\#`).Replace(v)
		}
	case plans.EncInteger:
		return paddedInteger(v, p.Width)
	case plans.EncTimestamp, plans.EncTimestampTZ:
		return keyTimestamp(v, p.Encoding == plans.EncTimestampTZ)
	case plans.EncHex:
		// bytea's text output is \x and the lowercase hex digits.
		if h, ok := strings.CutPrefix(v, `\x`); ok {
			return strings.ToLower(h)
		}
	}
	return v
}

// HexKeyPart appends the hex key part encoding of raw bytes b to dst:
// lowercase, two digits a byte, as KeyPartSQL's encode(c, 'hex').
func HexKeyPart(dst, b []byte) []byte {
	return hex.AppendEncode(dst, b)
}

// paddedInteger is the integer encoding of v at width digits: zero-padded,
// a negative value as '-' and its sum with 10^width.
func paddedInteger(v string, width int) string {
	n, ok := new(big.Int).SetString(v, 10)
	if !ok || width <= 0 {
		return v
	}
	if n.Sign() < 0 {
		n.Add(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(width)), nil))
		return "-" + lpad(n.String(), width)
	}
	return lpad(n.String(), width)
}

// lpad is PostgreSQL's lpad(s, width, '0'): it also truncates.
func lpad(s string, width int) string {
	if len(s) >= width {
		return s[:width]
	}
	return strings.Repeat("0", width-len(s)) + s
}

// keyTimestamp is the timestamp encoding of PostgreSQL's text of a
// timestamp (or of a timestamptz in UTC): YYYY-MM-DDTHH:MI:SS.US, with Z
// for timestamptz.
func keyTimestamp(v string, utc bool) string {
	layout := "2006-01-02 15:04:05.999999"
	if utc {
		layout += "-07"
	}
	t, err := time.Parse(layout, v)
	if err != nil {
		return v
	}
	out := t.UTC().Format("2006-01-02T15:04:05.000000")
	if utc {
		out += "Z"
	}
	return out
}

// KeyProblems returns the WHEN clauses of a CASE that says why part p of a
// key of type keyType cannot be encoded for a row: NULL, an integer wider
// than its width, a date or time that is infinite, before year 1 or after
// year 9999 (key encodings sort as strings, have no era and four-digit
// years: 44 BC would be written as AD 44, and 10000-01-01 would sort
// before 2000-01-02; such a row is rejected with the reason instead).
func KeyProblems(p plans.KeyPart, keyType string) []string {
	c := Ident(p.Column)
	name := QuoteLiteral(p.Column)
	whens := []string{"WHEN " + c + " IS NULL THEN 'NULL in key column ' || " + name}
	switch p.Encoding {
	case plans.EncInteger:
		if keyType == "S" && p.Width > 0 {
			w := strconv.Itoa(p.Width)
			whens = append(whens, "WHEN length(abs("+c+"::numeric)::text) > "+w+
				" THEN 'integer ' || "+c+"::text || ' in key column ' || "+name+" || ' is wider than "+w+" digits'")
		}
	case plans.EncDate, plans.EncTimestamp, plans.EncTimestampTZ:
		e, _, first, past := dateExpr(p.Encoding, c)
		whens = append(whens,
			"WHEN NOT isfinite("+c+") THEN "+QuoteLiteral(p.Encoding+" ")+" || "+c+"::text || ' in key column ' || "+name+" || ' has no key encoding'",
			"WHEN "+e+" < "+first+" THEN "+QuoteLiteral(p.Encoding+" ")+" || "+e+"::text || ' in key column ' || "+name+
				" || ' is before year 1: key encodings sort as strings and have no era'",
			"WHEN "+e+" >= "+past+" THEN "+QuoteLiteral(p.Encoding+" ")+" || "+e+"::text || ' in key column ' || "+name+
				" || ' is after year 9999: key encodings sort as strings with four-digit years'")
	}
	return whens
}

// TextSQL is the SQL of column expression c of PostgreSQL type pgType as
// the text PostgreSQL prints for it: its ::text cast, except for inet,
// whose cast always shows the netmask ("10.0.0.1/32") where PostgreSQL
// prints a host address bare; abbrev(inet) is inet's output function.
// cidr's cast and output agree.
func TextSQL(c, pgType string) string {
	if pgType == "inet" {
		return "abbrev(" + c + ")"
	}
	return c + "::text"
}

// ValueSQL is the SQL expression of one attribute, in the form AppendValue
// takes: text for everything except binary (bytea, raw).
func ValueSQL(a plans.Attribute) (string, error) {
	c := Ident(a.Column)
	t := Parse(a.PGType, "", "", "")
	switch a.Encoding {
	case plans.AttrNumber:
		switch t.Kind {
		case Int2, Int4, Int8, Numeric, OID:
			return c + "::text", nil
		}
		// money and other number-like types: their numeric value.
		return c + "::numeric::text", nil
	case plans.AttrFloat, plans.AttrString, plans.AttrBool, plans.AttrJSON:
		// float4/float8 text is the shortest exact form, with NaN and
		// [-]Infinity spelled out so the encoder can apply FloatSpecials.
		// character(n)::text drops the blank padding.
		return TextSQL(c, a.PGType), nil
	case plans.AttrBinary:
		return c, nil
	case plans.AttrDate, plans.AttrTimestamp, plans.AttrTimestampTZ:
		// Before year 1 the value keeps its era as PostgreSQL writes it,
		// "0044-03-15 BC"; infinite values are written as their text.
		e, pattern, first, _ := dateExpr(a.Encoding, c)
		return "coalesce(to_char(" + e + ", " + pattern + ") || CASE WHEN " + e + " < " + first + " THEN ' BC' ELSE '' END, " + c + "::text)", nil
	case plans.AttrArray:
		// to_jsonb keeps numbers exact and nests multi-dimensional arrays;
		// character(n) elements go through text[] to drop their padding.
		if t.Elem != nil && t.Elem.Kind == Char {
			c += "::text[]"
		}
		return "to_jsonb(" + c + ")::text", nil
	}
	return "", fmt.Errorf("column %s: unknown attribute encoding %q", a.Column, a.Encoding)
}

// QuoteLiteral quotes s as an SQL string literal.
func QuoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
