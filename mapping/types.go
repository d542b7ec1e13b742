package mapping

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// maxNumberDigits is DynamoDB's precision: a Number holds at most 38
// significant digits, so wider numerics travel as strings.
const maxNumberDigits = 38

// attributeFor decides how a column is written, one rule per PostgreSQL base
// type, or why it is not written at all.
func attributeFor(c *extract.Column, cp *extract.ColumnProfile) (plans.Attribute, *plans.Excluded) {
	a := plans.Attribute{Column: c.Name, Name: c.Name, PGType: c.BaseType}
	set := func(typ, enc, note string) (plans.Attribute, *plans.Excluded) {
		a.Type, a.Encoding, a.Note = typ, enc, note
		return a, nil
	}
	if c.Generated != "" {
		return a, &plans.Excluded{Column: c.Name, PGType: c.BaseType,
			Why: "generated column (" + c.Generated + "): PostgreSQL computes it from other columns and DynamoDB cannot; move it to attributes to store the computed value"}
	}
	switch {
	case c.Category == "A" || strings.HasSuffix(c.BaseType, "[]"):
		return set("L", plans.AttrArray, "array → L, elements by their own type, numbers exact")
	case c.Category == "E":
		return set("S", plans.AttrString, "enum label")
	}
	switch c.BaseType {
	case "smallint", "integer", "bigint", "oid":
		return set("N", plans.AttrNumber, "")
	case "numeric":
		if p, ok := numericPrecision(c.TypeModifier); ok {
			if p > maxNumberDigits {
				return set("S", plans.AttrNumber, fmt.Sprintf("numeric(%d…) may exceed DynamoDB's %d significant digits: stored as an exact decimal string", p, maxNumberDigits))
			}
			return set("N", plans.AttrNumber, "exact decimal text")
		}
		if cp != nil && cp.MaxWidth > maxNumberDigits+2 {
			return set("S", plans.AttrNumber, fmt.Sprintf("unconstrained numeric with values up to %d characters, beyond DynamoDB's %d significant digits: stored as an exact decimal string", cp.MaxWidth, maxNumberDigits))
		}
		return set("N", plans.AttrNumber, "unconstrained numeric: a value over 38 significant digits will be rejected by DynamoDB")
	case "real", "double precision":
		return set("N", plans.AttrFloat, "NaN and ±Infinity follow options.float_specials")
	case "boolean":
		return set("BOOL", plans.AttrBool, "")
	case "bytea":
		return set("B", plans.AttrBinary, "")
	case "date":
		return set("S", plans.AttrDate, "YYYY-MM-DD")
	case "timestamp without time zone":
		return set("S", plans.AttrTimestamp, "ISO-8601, six fraction digits, sorts as a string")
	case "timestamp with time zone":
		return set("S", plans.AttrTimestampTZ, "ISO-8601 in UTC, six fraction digits, sorts as a string")
	case "json", "jsonb":
		return set("M", plans.AttrJSON, "object → M, array → L, scalars by type, numbers exact")
	case "tsvector":
		return a, &plans.Excluded{Column: c.Name, PGType: c.BaseType,
			Why: "text-search vector: an index PostgreSQL derives from other columns, meaningless without PostgreSQL's text search; move it to attributes (type S) to keep its text form"}
	case "text", "character varying", "character", "\"char\"", "name", "citext", "uuid":
		return set("S", plans.AttrString, "")
	}
	return set("S", plans.AttrString, c.BaseType+" as its PostgreSQL text form")
}

// numericPrecision reads p from a numeric type modifier "(p,s)" or "(p)".
func numericPrecision(mod string) (int, bool) {
	mod = strings.TrimSuffix(strings.TrimPrefix(mod, "("), ")")
	if mod == "" {
		return 0, false
	}
	p, _, _ := strings.Cut(mod, ",")
	n, err := strconv.Atoi(strings.TrimSpace(p))
	return n, err == nil
}

// keyPart is how a column can be part of a key: its encoding and the bytes
// its encoded value takes at most.
type keyPart struct {
	part  plans.KeyPart
	bytes int
	// single is the DynamoDB type the column keeps when it is a key on
	// its own: N for numbers, B for bytes, S otherwise.
	single string
	// timeLike columns lead a sort key, so range reads are natural.
	timeLike bool
}

// keyPartFor returns the key encoding of c, or why c cannot be a key part.
// Every encoding sorts as a string in the column's natural order; numeric
// and bytea have none, so they can only be a key of one column (N or B).
func keyPartFor(c *extract.Column, cp *extract.ColumnProfile) (keyPart, string) {
	width := 0
	if cp != nil {
		width = cp.MaxWidth
	}
	k := keyPart{part: plans.KeyPart{Column: c.Name}, single: "S"}
	if c.Category == "E" {
		k.part.Encoding, k.bytes = plans.EncString, width
		return k, ""
	}
	switch c.BaseType {
	case "smallint":
		k.part.Encoding, k.part.Width, k.bytes, k.single = plans.EncInteger, 5, 6, "N"
	case "integer":
		k.part.Encoding, k.part.Width, k.bytes, k.single = plans.EncInteger, 10, 11, "N"
	case "bigint":
		k.part.Encoding, k.part.Width, k.bytes, k.single = plans.EncInteger, 19, 20, "N"
	case "numeric":
		k.part.Encoding, k.bytes, k.single = plans.EncNumber, width, "N"
	case "bytea":
		k.part.Encoding, k.bytes, k.single = plans.EncBinary, max(0, width-2)/2, "B"
	case "date":
		k.part.Encoding, k.bytes, k.timeLike = plans.EncDate, 10, true
	case "timestamp without time zone":
		k.part.Encoding, k.bytes, k.timeLike = plans.EncTimestamp, 26, true
	case "timestamp with time zone":
		k.part.Encoding, k.bytes, k.timeLike = plans.EncTimestampTZ, 27, true
	case "text", "character varying", "character", "name", "citext", "uuid":
		// Escaping # and \ can at most double a value.
		k.part.Encoding, k.bytes = plans.EncString, width
	case "boolean":
		return k, "boolean maps to BOOL, not a key type, and has two values"
	default:
		return k, c.BaseType + " has no key encoding that sorts (keys are S, N or B)"
	}
	return k, ""
}

// buildKey makes a key attribute from parts: a lone number or binary
// column keeps its N or B type; anything else is a string with every part
// encoded to sort. A sharded partition key is always a string, since it gets
// a suffix.
func buildKey(attribute string, parts []keyPart, forceString bool) plans.Key {
	k := plans.Key{Attribute: attribute, Type: "S"}
	if len(parts) == 1 && !forceString && parts[0].single != "S" {
		p := parts[0].part
		k.Type = parts[0].single
		if k.Type == "N" {
			p.Encoding, p.Width = plans.EncNumber, 0
		}
		k.Parts = []plans.KeyPart{p}
		return k
	}
	for _, p := range parts {
		k.Parts = append(k.Parts, p.part)
	}
	return k
}

// keyBytes is the largest encoded size of a key made of parts.
func keyBytes(parts []keyPart) int {
	n := 0
	for i, p := range parts {
		if i > 0 {
			n += len(plans.Separator)
		}
		n += p.bytes
	}
	return n
}
