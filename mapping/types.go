package mapping

import (
	"fmt"

	"github.com/pg2ddb/pg2ddb/catalog"
	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// attributeFor decides how a column is written, or why it is not written
// at all; codec.Attribute has the rules per type.
func attributeFor(c *catalog.Column, cp *catalog.ColumnProfile) (plans.Attribute, *plans.Excluded) {
	a := plans.Attribute{Column: c.Name, Name: c.Name, PGType: c.BaseType}
	if c.Generated != "" {
		return a, &plans.Excluded{Column: c.Name, PGType: c.BaseType,
			Why: "generated column (" + c.Generated + "): PostgreSQL computes it from other columns and DynamoDB cannot; move it to attributes to store the computed value"}
	}
	width := 0
	if cp != nil {
		width = cp.MaxWidth
	}
	r := codec.Attribute(c.Codec(), width)
	if r.Exclude != "" {
		return a, &plans.Excluded{Column: c.Name, PGType: c.BaseType, Why: r.Exclude}
	}
	a.Type, a.Encoding, a.Note = r.Type, r.Encoding, r.Note
	keepSpecials(&a, cp)
	return a, nil
}

// keepSpecials chooses specials: string for a number attribute whose
// column holds NaN or ±Infinity, which a DynamoDB number cannot hold: the
// rows are kept, with the value as a string, unless the reviewer chooses
// otherwise; the note says so, with the count the profile found.
func keepSpecials(a *plans.Attribute, cp *catalog.ColumnProfile) {
	if cp == nil || cp.Specials == 0 || a.Type != "N" || (a.Encoding != plans.AttrNumber && a.Encoding != plans.AttrFloat) {
		return
	}
	a.Specials = plans.FloatSpecialsString
	note := fmt.Sprintf("the profile found %s NaN or ±Infinity, which a DynamoDB number cannot hold: specials: string keeps their rows "+
		`with the value as S "NaN", "Infinity" or "-Infinity" (omit: the rows without the attribute; reject: the rows to the rejects file)`,
		plans.Thousands(cp.Specials))
	// A float's note from the codec says only that float_specials
	// decides, which the choice replaces.
	if a.Note != "" && a.Encoding != plans.AttrFloat {
		note = a.Note + "; " + note
	}
	a.Note = note
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

// keyPartFor returns the key encoding of c, or why c cannot be a key part;
// codec.Key has the rules per type.
func keyPartFor(c *catalog.Column, cp *catalog.ColumnProfile) (keyPart, string) {
	width := 0
	if cp != nil {
		width = cp.MaxWidth
	}
	r, why := codec.Key(c.Codec(), width)
	k := keyPart{part: plans.KeyPart{Column: c.Name, Encoding: r.Encoding, Width: r.Width}, bytes: r.Bytes, single: r.Single, timeLike: r.TimeLike}
	if k.single == "" {
		k.single = "S"
	}
	if k.part.Encoding == plans.EncBinary {
		// Inside a composite string key a bytea is its hex, two
		// characters a byte; a key of it alone is B again (buildKey).
		k.part.Encoding, k.bytes = plans.EncHex, 2*r.Bytes
	}
	return k, why
}

// rawBytes reports whether p is a bytea part, which a key of one part
// keeps as B and a composite key spells in hex.
func rawBytes(p keyPart) bool { return p.part.Encoding == plans.EncHex }

// buildKey makes a key attribute from parts: a lone number or binary
// column keeps its N or B type; anything else is a string with every part
// encoded to sort. A sharded partition key is always a string, since it gets
// a suffix.
func buildKey(attribute string, parts []keyPart, forceString bool) plans.Key {
	k := plans.Key{Attribute: attribute, Type: "S"}
	if len(parts) == 1 && !forceString && parts[0].single != "S" {
		p := parts[0].part
		k.Type = parts[0].single
		switch k.Type {
		case "N":
			p.Encoding, p.Width = plans.EncNumber, 0
		case "B":
			p.Encoding = plans.EncBinary
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
	if len(parts) == 1 && rawBytes(parts[0]) {
		return parts[0].bytes / 2
	}
	n := 0
	for i, p := range parts {
		if i > 0 {
			n += len(plans.Separator)
		}
		n += p.bytes
	}
	return n
}
