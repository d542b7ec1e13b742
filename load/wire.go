package load

import (
	"bytes"
	"encoding/base64"
	"unicode/utf8"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
	"github.com/pg2ddb/pg2ddb/plans"
)

// WireItem is one encoded row as the loader sends it: the item in
// DynamoDB's JSON wire form ({"attr":{"S":"…"},…}), written straight from
// the row's text. Building attribute-value maps for the SDK to serialize
// took about half of a load's CPU (pprof of a 1M-row load into ddbsim's
// count-only mode: map and value allocations, the SDK's JSON serializer
// and the garbage collector behind both), so the hot path skips them.
type WireItem struct {
	// Pos is the source row's position in the load order.
	Pos int64
	// Key is the partition key value, a NUL, and the sort key value, as
	// Item.Key; the partition key is Key[:pkLen].
	Key   string
	pkLen int
	// Body is the item's DynamoDB JSON. It may share its backing array
	// with other items of the same batch.
	Body []byte
	// Size is the item's size by DynamoDB's rules; WCU its write cost.
	Size int
	WCU  int
}

// PK and SK are the item's key values as text (raw bytes for a B key).
func (it *WireItem) PK() string { return it.Key[:it.pkLen] }
func (it *WireItem) SK() string { return it.Key[it.pkLen+1:] }

// AppendWire appends the wire form of row's item to dst and returns the
// extended buffer with the item (whose Body is the appended part), or
// says why the row cannot be written. Rows the direct path does not
// handle — anything to reject, json documents it does not take, float
// specials — go through Encode, the reference path, so both paths write
// the same items (TestWireMatchesEncode).
func (e *Encoder) AppendWire(dst []byte, row *extract.Row) ([]byte, WireItem, *Reject) {
	start := len(dst)
	it := WireItem{Pos: row.Pos, Key: string(row.PK) + "\x00" + string(row.SK), pkLen: len(row.PK)}
	out, size, ok := e.appendWire(dst, row)
	if !ok {
		full, rej := e.Encode(row)
		if rej != nil {
			return dst[:start], it, rej
		}
		out = appendMap(dst[:start], full.Attrs)
		size = full.Size
	}
	it.Body = out[start:len(out):len(out)]
	it.Size, it.WCU = size, WCU(size)
	return out, it, nil
}

// appendWire is the direct path: it reports !ok, with dst in any state,
// for every row it does not encode exactly as Encode would.
func (e *Encoder) appendWire(dst []byte, row *extract.Row) ([]byte, int, bool) {
	if row.Problem != "" || row.PK == nil || row.Copies > 1 || (e.skAttr != "" && row.SK == nil) {
		return dst, 0, false
	}
	dst = append(dst, '{')
	dst, size, ok := appendKey(dst, e.wirePK, len(e.pkAttr), e.pkType, row.PK, maxPKBytes)
	if !ok {
		return dst, 0, false
	}
	if e.skAttr != "" {
		dst = append(dst, ',')
		var n int
		if dst, n, ok = appendKey(dst, e.wireSK, len(e.skAttr), e.skType, row.SK, maxSKBytes); !ok {
			return dst, 0, false
		}
		size += n
	}
	for i, a := range e.table.Attributes {
		v := row.Values[i]
		if v == nil {
			if e.options.Nulls != plans.NullsWrite {
				continue
			}
			dst = append(dst, ',')
			dst = append(dst, e.wireNames[i]...)
			dst = append(dst, `{"NULL":true}`...)
			size += e.nameLen[i] + 1
			continue
		}
		dst = append(dst, ',')
		dst = append(dst, e.wireNames[i]...)
		var n int
		if dst, n, ok = e.appendValue(dst, a, v); !ok {
			return dst, 0, false
		}
		size += e.nameLen[i] + n
	}
	if size > MaxItemBytes {
		return dst, 0, false
	}
	return append(dst, '}'), size, true
}

// appendKey appends a key attribute: name is its quoted name and colon,
// attrLen the length of the name itself.
func appendKey(dst, name []byte, attrLen int, typ string, v []byte, max int) ([]byte, int, bool) {
	if len(v) == 0 || len(v) > max {
		return dst, 0, false
	}
	dst, n, ok := appendScalar(append(dst, name...), typ, v)
	return dst, attrLen + n, ok
}

// appendScalar appends v as an N, B or S value and returns its size.
func appendScalar(dst []byte, typ string, v []byte) ([]byte, int, bool) {
	switch typ {
	case "N":
		n, ok := numberSize(v)
		if !ok {
			return dst, 0, false
		}
		dst = append(dst, `{"N":"`...)
		dst = append(dst, v...)
		return append(dst, `"}`...), n, true
	case "B":
		dst = append(dst, `{"B":"`...)
		dst = base64.StdEncoding.AppendEncode(dst, v)
		return append(dst, `"}`...), len(v), true
	}
	if !utf8.Valid(v) {
		return dst, 0, false
	}
	dst = append(dst, `{"S":`...)
	dst = ddbjson.AppendString(dst, v)
	return append(dst, '}'), len(v), true
}

// appendValue appends one non-NULL attribute value; see Encoder.value.
func (e *Encoder) appendValue(dst []byte, a plans.Attribute, v []byte) ([]byte, int, bool) {
	switch a.Encoding {
	case plans.AttrNumber, plans.AttrFloat:
		return appendScalar(dst, "N", v)
	case plans.AttrBool:
		switch string(v) {
		case "true", "t":
			return append(dst, `{"BOOL":true}`...), 1, true
		case "false", "f":
			return append(dst, `{"BOOL":false}`...), 1, true
		}
		return dst, 0, false
	case plans.AttrBinary:
		return appendScalar(dst, "B", v)
	case plans.AttrJSON, plans.AttrArray:
		if !utf8.Valid(v) {
			return dst, 0, false
		}
		t := jsonTranscoder{jsonScanner: jsonScanner{b: v}, dst: dst, dupCheck: a.PGType != "jsonb"}
		n, ok := t.value(0)
		if !ok {
			return dst, 0, false
		}
		t.ws()
		if t.i != len(t.b) {
			return dst, 0, false
		}
		return t.dst, n, true
	default:
		return appendScalar(dst, "S", v)
	}
}

// numberSize is checkNumber for the direct path: the DynamoDB size of a
// decimal literal within DynamoDB's range and precision, and !ok for
// anything else (which Encode words).
func numberSize(s []byte) (int, bool) {
	sig, exp, zero, ok := scanDecimal(s)
	switch {
	case !ok:
		return 0, false
	case zero:
		return 1, true
	case sig > 38 || exp > 125 || exp < -130:
		return 0, false
	}
	return (sig+1)/2 + 1, true
}

// scanDecimal reads a decimal literal without allocating: the number of
// its significant digits (without leading or trailing zeros) and the
// decimal exponent of the first of them (1.5 → 2, 0; 0.012 → 2, -2).
func scanDecimal[T string | []byte](s T) (sig, exp int, zero, ok bool) {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	first, last := -1, -1 // positions among the digits of the first and last non-zero one
	nd, point := 0, -1
	start := i
digits:
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if c != '0' {
				if first < 0 {
					first = nd
				}
				last = nd
			}
			nd++
		case c == '.' && point < 0:
			point = nd
		default:
			break digits
		}
	}
	if nd == 0 || i == start {
		return 0, 0, false, false
	}
	e := 0
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return 0, 0, false, false
		}
		i++
		neg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			neg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return 0, 0, false, false
		}
		for ; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, 0, false, false
			}
			if e < 1e6 { // beyond, it is out of DynamoDB's range anyway
				e = e*10 + int(s[i]-'0')
			}
		}
		if neg {
			e = -e
		}
	}
	if first < 0 {
		return 0, 0, true, true
	}
	if point < 0 {
		point = nd
	}
	return last - first + 1, point - first - 1 + e, false, true
}

// jsonTranscoder rewrites one JSON document as a DynamoDB attribute value
// in wire form (objects to M, arrays to L, strings to S, numbers to N with
// their exact text, booleans to BOOL, null to NULL) in one pass, and
// computes its DynamoDB size as jsonParser does. Strings are copied with
// their escapes, which the wire form reads the same way. It reports !ok for
// whatever jsonParser would send to encoding/json, for duplicate object
// keys (the last one wins there), and for keys with escapes.
type jsonTranscoder struct {
	jsonScanner
	dst      []byte
	dupCheck bool // json, not jsonb: objects may repeat a key
}

func (t *jsonTranscoder) value(depth int) (int, bool) {
	if depth > maxJSONDepth {
		return 0, false
	}
	t.ws()
	if t.i >= len(t.b) {
		return 0, false
	}
	switch c := t.b[t.i]; {
	case c == '{':
		return t.object(depth)
	case c == '[':
		t.i++
		t.dst = append(t.dst, `{"L":[`...)
		size := 3
		t.ws()
		if t.i < len(t.b) && t.b[t.i] == ']' {
			t.i++
			t.dst = append(t.dst, "]}"...)
			return size, true
		}
		for first := true; ; first = false {
			if !first {
				t.dst = append(t.dst, ',')
			}
			n, ok := t.value(depth + 1)
			if !ok {
				return 0, false
			}
			size += 1 + n
			if more, ok := t.more(']'); !ok {
				return 0, false
			} else if !more {
				t.dst = append(t.dst, "]}"...)
				return size, true
			}
		}
	case c == '"':
		raw, n, ok := t.str()
		if !ok {
			return 0, false
		}
		t.dst = append(t.dst, `{"S":"`...)
		t.dst = append(t.dst, raw...)
		t.dst = append(t.dst, `"}`...)
		return n, true
	case c == 't' || c == 'f' || c == 'n':
		switch lit, _ := t.literal(); lit {
		case "null":
			t.dst = append(t.dst, `{"NULL":true}`...)
			return 1, true
		case "true", "false":
			t.dst = append(t.dst, `{"BOOL":`...)
			t.dst = append(t.dst, lit...)
			t.dst = append(t.dst, '}')
			return 1, true
		}
		return 0, false
	case c == '-' || (c >= '0' && c <= '9'):
		num, n, ok := t.number()
		if !ok {
			return 0, false
		}
		t.dst = append(t.dst, `{"N":"`...)
		t.dst = append(t.dst, num...)
		t.dst = append(t.dst, `"}`...)
		return n, true
	}
	return 0, false
}

// maxDupScan is how many keys of one object are compared pairwise for
// duplicates; bigger json (not jsonb) objects go the reference path.
const maxDupScan = 64

func (t *jsonTranscoder) object(depth int) (int, bool) {
	t.i++
	t.dst = append(t.dst, `{"M":{`...)
	size := 3
	t.ws()
	if t.i < len(t.b) && t.b[t.i] == '}' {
		t.i++
		t.dst = append(t.dst, "}}"...)
		return size, true
	}
	var keysBuf [16][]byte
	keys := keysBuf[:0]
	for first := true; ; first = false {
		if !first {
			t.dst = append(t.dst, ',')
		}
		t.ws()
		if t.i >= len(t.b) || t.b[t.i] != '"' {
			return 0, false
		}
		k, n, ok := t.str()
		if !ok || n != len(k) { // a key with escapes
			return 0, false
		}
		if t.dupCheck {
			if len(keys) == maxDupScan {
				return 0, false
			}
			for _, o := range keys {
				if bytes.Equal(o, k) {
					return 0, false
				}
			}
			keys = append(keys, k)
		}
		t.dst = append(t.dst, '"')
		t.dst = append(t.dst, k...)
		t.dst = append(t.dst, `":`...)
		t.ws()
		if t.i >= len(t.b) || t.b[t.i] != ':' {
			return 0, false
		}
		t.i++
		vn, ok := t.value(depth + 1)
		if !ok {
			return 0, false
		}
		size += 1 + len(k) + vn
		if more, ok := t.more('}'); !ok {
			return 0, false
		} else if !more {
			t.dst = append(t.dst, "}}"...)
			return size, true
		}
	}
}

// str reads the JSON string at t.i and returns its text between the
// quotes, escapes as written, and its length once unescaped.
func (t *jsonTranscoder) str() (raw []byte, n int, ok bool) {
	t.i++ // the opening quote
	start := t.i
	for t.i < len(t.b) {
		c := t.b[t.i]
		switch {
		case c == '"':
			raw = t.b[start:t.i]
			t.i++
			return raw, n, true
		case c < 0x20:
			return nil, 0, false
		case c != '\\':
			n++
			t.i++
			continue
		}
		r, ok := t.escape()
		if !ok {
			return nil, 0, false
		}
		n += utf8.RuneLen(r)
	}
	return nil, 0, false
}

// wireName is an attribute name as the wire form writes it before a value.
func wireName(name string) []byte { return append(ddbjson.AppendString(nil, name), ':') }
