package codec

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/pg2ddb/pg2ddb/plans"
)

// Raw is how an attribute is read as its bare column rather than through
// ValueSQL's expression: the column cast to its base type (a relabel, so
// domains arrive as their base type and the result's type can be checked),
// in text or binary result format, with Decode turning what arrives into
// exactly the bytes ValueSQL's expression would have returned. Reading the
// bare column spares PostgreSQL the per-row expressions (to_char and
// ::text casts measured 0.6 s of server CPU on 1M rows, nearly half a plain
// COPY), and binary integers and timestamps are cheaper to send than text.
type Raw struct {
	// Expr is the SQL of the column, cast to its base type.
	Expr string
	// OID is the result column's type; Binary asks for binary format.
	OID    uint32
	Binary bool
	// Decode appends the ValueSQL form of a non-NULL value to dst; nil
	// when the value arrives in that form already.
	Decode func(dst, v []byte) ([]byte, error)
}

// rawKinds are the kinds read bare, with their base type's name and OID.
// Every other kind keeps its ValueSQL expression: their text output and
// their ::text cast differ (bool, character(n)), or their OID is not fixed
// (enums, citext), or they are rare.
var rawKinds = map[Kind]struct {
	cast string
	oid  uint32
}{
	Int2: {"int2", 21}, Int4: {"int4", 23}, Int8: {"int8", 20},
	Numeric: {"numeric", 1700}, Float4: {"float4", 700}, Float8: {"float8", 701},
	Date: {"date", 1082}, Timestamp: {"timestamp", 1114}, TimestampTZ: {"timestamptz", 1184},
	JSON: {"json", 114}, JSONB: {"jsonb", 3802},
	Text: {"text", 25}, Varchar: {"varchar", 1043}, Name: {"name", 19}, UUID: {"uuid", 2950},
}

// RawValue returns how attribute a is read bare, or false when it keeps
// its ValueSQL expression. The attribute's encoding must be the one its
// kind is planned with (a hand-edited plan that writes a timestamptz as a
// date keeps the expression, which converts it).
func RawValue(a plans.Attribute) (Raw, bool) {
	t := Parse(a.PGType, "", "", "")
	k, ok := rawKinds[t.Kind]
	if !ok || (t.Kind == Text && t.Name != "text") {
		return Raw{}, false
	}
	r := Raw{Expr: Ident(a.Column) + "::" + k.cast, OID: k.oid}
	switch {
	case a.Encoding == plans.AttrNumber && t.IsInteger():
		r.Binary, r.Decode = true, appendRawInteger
	case a.Encoding == plans.AttrNumber && t.Kind == Numeric,
		a.Encoding == plans.AttrFloat && (t.Kind == Float4 || t.Kind == Float8),
		a.Encoding == plans.AttrJSON && (t.Kind == JSON || t.Kind == JSONB),
		a.Encoding == plans.AttrString && (t.Kind == Text || t.Kind == Varchar || t.Kind == Name || t.Kind == UUID):
		// The type's text output is its ::text cast.
	case a.Encoding == plans.AttrDate && t.Kind == Date:
		r.Binary, r.Decode = true, appendRawDate
	case a.Encoding == plans.AttrTimestamp && t.Kind == Timestamp:
		r.Binary, r.Decode = true, func(dst, v []byte) ([]byte, error) { return appendRawTimestamp(dst, v, false) }
	case a.Encoding == plans.AttrTimestampTZ && t.Kind == TimestampTZ:
		r.Binary, r.Decode = true, func(dst, v []byte) ([]byte, error) { return appendRawTimestamp(dst, v, true) }
	default:
		return Raw{}, false
	}
	return r, true
}

// appendRawInteger appends a binary int2, int4 or int8 as decimal text.
func appendRawInteger(dst, v []byte) ([]byte, error) {
	switch len(v) {
	case 2:
		return strconv.AppendInt(dst, int64(int16(binary.BigEndian.Uint16(v))), 10), nil
	case 4:
		return strconv.AppendInt(dst, int64(int32(binary.BigEndian.Uint32(v))), 10), nil
	case 8:
		return strconv.AppendInt(dst, int64(binary.BigEndian.Uint64(v)), 10), nil
	}
	return dst, fmt.Errorf("binary integer of %d bytes", len(v))
}

// pgEpoch is PostgreSQL's date and timestamp epoch, 2000-01-01, in Unix
// seconds.
const pgEpoch = 946684800

// appendRawDate appends a binary date (days since 2000-01-01) as
// ValueSQL's expression gives it: to_char's YYYY-MM-DD, " BC" after a year
// before 1 (to_char prints the BC year), and infinity as its text.
func appendRawDate(dst, v []byte) ([]byte, error) {
	if len(v) != 4 {
		return dst, fmt.Errorf("binary date of %d bytes", len(v))
	}
	d := int32(binary.BigEndian.Uint32(v))
	switch d {
	case math.MaxInt32:
		return append(dst, "infinity"...), nil
	case math.MinInt32:
		return append(dst, "-infinity"...), nil
	}
	y, m, day := time.Unix(int64(d)*86400+pgEpoch, 0).UTC().Date()
	return appendEra(appendDate(dst, y, m, day), y), nil
}

// appendDate appends to_char's YYYY-MM-DD of the date y-m-d.
func appendDate(dst []byte, y int, m time.Month, d int) []byte {
	dst = appendYear(dst, y)
	dst = append(dst, '-')
	dst = append2(dst, int(m))
	dst = append(dst, '-')
	return append2(dst, d)
}

// appendRawTimestamp appends a binary timestamp or timestamptz
// (microseconds since 2000-01-01, UTC for timestamptz) as ValueSQL's
// expression gives it: YYYY-MM-DD"T"HH24:MI:SS.US, "Z" for timestamptz,
// " BC" after a year before 1, infinity as its text.
func appendRawTimestamp(dst, v []byte, utc bool) ([]byte, error) {
	if len(v) != 8 {
		return dst, fmt.Errorf("binary timestamp of %d bytes", len(v))
	}
	us := int64(binary.BigEndian.Uint64(v))
	switch us {
	case math.MaxInt64:
		return append(dst, "infinity"...), nil
	case math.MinInt64:
		return append(dst, "-infinity"...), nil
	}
	sec, frac := us/1e6, us%1e6
	if frac < 0 {
		sec, frac = sec-1, frac+1e6
	}
	// The date is worked out once (time.Time's Date, Year and Clock each
	// work it out anew), and nothing is allocated: every row of a load
	// with a timestamp column passes here.
	t := time.Unix(sec+pgEpoch, 0).UTC()
	y, m, d := t.Date()
	hh, mm, ss := t.Clock()
	dst = appendDate(dst, y, m, d)
	dst = append(dst, 'T')
	dst = append2(dst, hh)
	dst = append(dst, ':')
	dst = append2(dst, mm)
	dst = append(dst, ':')
	dst = append2(dst, ss)
	dst = append(dst, '.')
	dst = append6(dst, int(frac))
	if utc {
		dst = append(dst, 'Z')
	}
	return appendEra(dst, y), nil
}

// appendYear appends to_char's YYYY of the astronomical year y: at least
// four digits, and the BC year (1 - y) for years before 1.
func appendYear(dst []byte, y int) []byte {
	if y <= 0 {
		y = 1 - y
	}
	for n := 1000; n > 1 && y < n; n /= 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(y), 10)
}

// appendEra appends " BC" for an astronomical year before 1.
func appendEra(dst []byte, y int) []byte {
	if y <= 0 {
		return append(dst, " BC"...)
	}
	return dst
}

func append2(dst []byte, n int) []byte {
	return append(dst, byte('0'+n/10), byte('0'+n%10))
}

// append6 appends n (0 ≤ n < 1e6) as six digits, zero-padded.
func append6(dst []byte, n int) []byte {
	return append(dst, byte('0'+n/100000), byte('0'+n/10000%10), byte('0'+n/1000%10),
		byte('0'+n/100%10), byte('0'+n/10%10), byte('0'+n%10))
}
