package codec

import (
	"encoding/base64"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
	"github.com/pg2ddb/pg2ddb/plans"
)

// AppendScalar appends v as a DynamoDB value of type typ (N, B, or S for
// anything else) in wire form ({"N":"1.5"}) and returns its DynamoDB size,
// or says why DynamoDB cannot hold v as that type.
func AppendScalar(dst []byte, typ string, v []byte) ([]byte, int, error) {
	switch typ {
	case "N":
		n, err := NumberSize(v)
		if err != nil {
			return dst, 0, err
		}
		dst = append(dst, `{"N":"`...)
		dst = append(dst, v...)
		return append(dst, `"}`...), n, nil
	case "B":
		dst = append(dst, `{"B":"`...)
		dst = base64.StdEncoding.AppendEncode(dst, v)
		return append(dst, `"}`...), len(v), nil
	}
	if !utf8.Valid(v) {
		return dst, 0, errors.New("text is not valid UTF-8")
	}
	dst = append(dst, `{"S":`...)
	dst = ddbjson.AppendString(dst, v)
	return append(dst, '}'), len(v), nil
}

// Value is the item encoder of one plan attribute.
type Value struct {
	encoding, typ string
	// specialsAsString writes NaN and ±Infinity as S
	// (plans.FloatSpecialsString); omitSpecials leaves the attribute out
	// (plans.SpecialsOmit).
	specialsAsString, omitSpecials bool
	// uniqueKeys: the value is jsonb's text output (a jsonb column, or an
	// array through to_jsonb), whose objects hold their keys once and in
	// order, so the transcoder compares each key with the one before
	// instead of searching for repeats (see appendJSON).
	uniqueKeys bool
}

// NewValue returns the encoder of attribute a under the plan's
// floatSpecials option, or a's own choice (plans.Attribute.Specials).
func NewValue(a plans.Attribute, floatSpecials string) Value {
	specials := a.SpecialsFor(plans.Options{FloatSpecials: floatSpecials})
	return Value{
		encoding: a.Encoding, typ: a.Type,
		specialsAsString: specials == plans.FloatSpecialsString,
		omitSpecials:     specials == plans.SpecialsOmit && a.Type == "N",
		uniqueKeys: a.Encoding == plans.AttrArray ||
			a.Encoding == plans.AttrJSON && Parse(a.PGType, "", "", "").Kind == JSONB,
	}
}

// Append appends the non-NULL value v (in the form ValueSQL selects it) in
// wire form and returns its DynamoDB size, or says why it cannot be
// written. The DynamoDB type written is the attribute's declared type,
// always: a numeric planned as S (wider than DynamoDB's 38 digits) is
// written as an S holding its exact text, a json planned as S as its text.
func (c Value) Append(dst, v []byte) ([]byte, int, error) {
	switch c.encoding {
	case plans.AttrNumber, plans.AttrFloat:
		if c.typ == "S" {
			if _, _, _, ok := ScanDecimal(v); !ok && !special(v) {
				return dst, 0, fmt.Errorf("%q is not a decimal number", v)
			}
			return AppendScalar(dst, "S", v)
		}
		out, n, err := AppendScalar(dst, "N", v)
		if err != nil && c.specialsAsString && errors.Is(err, ErrSpecial) {
			return AppendScalar(dst, "S", v)
		}
		return out, n, err
	case plans.AttrBool:
		switch string(v) {
		case "true", "t":
			return append(dst, `{"BOOL":true}`...), 1, nil
		case "false", "f":
			return append(dst, `{"BOOL":false}`...), 1, nil
		}
		return dst, 0, fmt.Errorf("boolean %q", v)
	case plans.AttrBinary:
		return AppendScalar(dst, "B", v)
	case plans.AttrJSON, plans.AttrArray:
		if c.typ == "S" {
			return AppendScalar(dst, "S", v)
		}
		return appendJSON(dst, v, c.uniqueKeys)
	}
	return AppendScalar(dst, "S", v)
}

// Omits reports whether the non-NULL value v is written as no attribute at
// all: NaN or ±Infinity of an attribute whose choice is plans.SpecialsOmit.
func (c Value) Omits(v []byte) bool {
	if !c.omitSpecials || len(v) == 0 {
		return false
	}
	// Every number starts with a digit, a sign then a digit, or a point;
	// only the specials start with a letter.
	if b := v[0]; b != 'N' && b != 'I' && b != 'n' && b != 'i' && (b != '-' && b != '+' || len(v) < 2 || v[1] < 'A') {
		return false
	}
	return special(v)
}

// special reports whether v is NaN or ±Infinity as PostgreSQL prints them.
func special(v []byte) bool {
	_, err := NumberSize(v)
	return errors.Is(err, ErrSpecial)
}
