package codec

import (
	"strconv"
	"strings"
)

// Kind is a PostgreSQL base type as pg2ddb tells them apart.
type Kind uint8

// The kinds. Other is every type without rules of its own: it is written as
// its PostgreSQL text form.
const (
	Other Kind = iota
	Int2
	Int4
	Int8
	OID
	Numeric
	Float4
	Float8
	Bool
	Bytea
	Date
	Timestamp
	TimestampTZ
	JSON
	JSONB
	Text
	Varchar
	Char // character(n), blank-padded
	Name
	Citext
	UUID
	Enum
	Array
	TSVector
)

// Built-in type OIDs (pg_type.h); they are fixed across PostgreSQL versions.
// citext lives in an extension, so it has no fixed OID and is known by name.
var kindOfOID = map[uint32]Kind{
	16: Bool, 17: Bytea, 18: Text /* "char" */, 19: Name, 20: Int8, 21: Int2, 23: Int4, 25: Text, 26: OID,
	114: JSON, 700: Float4, 701: Float8, 1042: Char, 1043: Varchar, 1082: Date, 1114: Timestamp,
	1184: TimestampTZ, 1700: Numeric, 2950: UUID, 3614: TSVector, 3802: JSONB,
}

// Type is a column's type resolved through domains: what the catalog says,
// typed, so that no stage parses type names or modifiers from text.
type Type struct {
	// OID is the base type's pg_type oid (0 when unknown).
	OID uint32
	// Name is the base type as format_type(oid, NULL) prints it
	// ("numeric", "character", "integer[]"): what plans record as pg_type.
	Name string
	Kind Kind
	// Precision and Scale are numeric(p,s)'s; Precision is 0 for an
	// unconstrained numeric.
	Precision, Scale int
	// Length is character(n)'s and character varying(n)'s n; 0 when
	// unconstrained.
	Length int
	// Elem is an array's element type (its typmod is the column's).
	Elem *Type
}

// FromCatalog builds the Type of a base type from the catalog: its oid,
// the typmod in force (the column's, or the innermost domain's that sets
// one), pg_type.typtype and typcategory, and for an array its element's
// oid and name. An array's typmod applies to its elements.
func FromCatalog(oid uint32, name string, typmod int32, typtype, category byte, elemOID uint32, elemName string) Type {
	t := Type{OID: oid, Name: name}
	switch {
	case category == 'A' && elemOID != 0:
		el := FromCatalog(elemOID, elemName, typmod, 0, 0, 0, "")
		t.Kind, t.Elem = Array, &el
		return t
	case typtype == 'e':
		t.Kind = Enum
		return t
	}
	t.Kind = kindOfOID[oid]
	if t.Kind == Other && (name == "citext" || strings.HasSuffix(name, ".citext")) {
		t.Kind = Citext
	}
	t.setModifier(typmod)
	return t
}

// setModifier decodes a typmod the way PostgreSQL's numeric and bpchar
// input functions encode it (VARHDRSZ added).
func (t *Type) setModifier(typmod int32) {
	if typmod < 4 {
		return
	}
	m := typmod - 4
	switch t.Kind {
	case Numeric:
		t.Precision = int(m>>16) & 0xffff
		t.Scale = int((m&0x7ff)^1024) - 1024 // PostgreSQL 15 allows negative scales
	case Char, Varchar:
		t.Length = int(m)
	}
}

// kindOfName is the kind of a base type by the name format_type prints.
var kindOfName = map[string]Kind{
	"smallint": Int2, "integer": Int4, "bigint": Int8, "oid": OID, "numeric": Numeric,
	"real": Float4, "double precision": Float8, "boolean": Bool, "bytea": Bytea, "date": Date,
	"timestamp without time zone": Timestamp, "timestamp with time zone": TimestampTZ,
	"json": JSON, "jsonb": JSONB, "text": Text, "\"char\"": Text, "character varying": Varchar,
	"character": Char, "name": Name, "citext": Citext, "uuid": UUID, "tsvector": TSVector,
}

// Parse builds a Type from the text form of the schema model (base type
// name, modifier such as "(5,2)", typcategory, element name). It is for
// columns that did not come from the catalog: hand-built schemas in tests
// and the JSON of `pg2ddb inspect`. Inspect fills Types from the catalog.
func Parse(name, modifier, category, element string) Type {
	t := Type{Name: name, Kind: kindOfName[name]}
	switch {
	case category == "A" || strings.HasSuffix(name, "[]"):
		el := Parse(strings.TrimSuffix(name, "[]"), modifier, "", "")
		if element != "" {
			el = Parse(element, modifier, "", "")
		}
		t.Kind, t.Elem = Array, &el
		return t
	case category == "E":
		t.Kind = Enum
		return t
	}
	mod := strings.TrimSuffix(strings.TrimPrefix(modifier, "("), ")")
	a, b, _ := strings.Cut(mod, ",")
	n, err := strconv.Atoi(strings.TrimSpace(a))
	if mod == "" || err != nil {
		return t
	}
	switch t.Kind {
	case Numeric:
		t.Precision = n
		t.Scale, _ = strconv.Atoi(strings.TrimSpace(b))
	case Char, Varchar:
		t.Length = n
	}
	return t
}

// Display is the type as a person reads it, with its modifier:
// "numeric(50,0)", "character(5)[]", "text".
func (t Type) Display() string {
	if t.Kind == Array && t.Elem != nil {
		return t.Elem.Display() + "[]"
	}
	switch {
	case t.Kind == Numeric && t.Precision > 0:
		return t.Name + "(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
	case (t.Kind == Char || t.Kind == Varchar) && t.Length > 0:
		return t.Name + "(" + strconv.Itoa(t.Length) + ")"
	}
	return t.Name
}

// IsArray reports whether t is an array, and of what.
func (t Type) IsArray() bool { return t.Kind == Array }

// IsInteger reports whether t is smallint, integer or bigint.
func (t Type) IsInteger() bool { return t.Kind == Int2 || t.Kind == Int4 || t.Kind == Int8 }

// IsInexact reports whether t holds measured rather than counted values:
// numeric, real or double precision.
func (t Type) IsInexact() bool { return t.Kind == Numeric || t.Kind == Float4 || t.Kind == Float8 }
