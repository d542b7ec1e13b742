package codec

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pg2ddb/pg2ddb/internal/ddbjson"
)

// MaxJSONDepth is DynamoDB's limit on nesting: a document attribute (M or
// L) holds at most 32 levels of documents, the attribute itself included.
const MaxJSONDepth = 32

// AppendJSON transcodes one JSON document (a json or jsonb value, or an
// array as to_jsonb prints it) into a DynamoDB attribute value in wire
// form, in one pass: objects to M, arrays to L, strings to S, numbers to N
// with their exact text, booleans to BOOL, null to NULL. It returns the
// extended dst and the value's DynamoDB size, or an error saying why the
// document cannot be written exactly, before anything is sent: invalid
// JSON or UTF-8, a number DynamoDB cannot hold, an empty object key
// (DynamoDB refuses it), nesting deeper than MaxJSONDepth, or a lone UTF-16
// surrogate (\ud800), which no DynamoDB string can hold (encoding/json
// would silently turn it into U+FFFD). Repeated keys of a json object keep
// the last value, as PostgreSQL's jsonb does.
// (jsonb never has them, but the check is cheap and keeps a hand-made
// document from sending DynamoDB a map with one key twice).
func AppendJSON(dst, doc []byte) ([]byte, int, error) {
	return appendJSON(dst, doc, false)
}

// appendJSON is AppendJSON; uniqueKeys says doc is likely jsonb's output,
// whose objects hold each key once, in order of length and then bytes.
// Then each key is compared only with the one before it: a document whose
// keys are not in that order (so might repeat one) is transcoded again
// the checked way, so the result never depends on the hint.
func appendJSON(dst, doc []byte, uniqueKeys bool) ([]byte, int, error) {
	if uniqueKeys {
		out, n, err := transcode(dst, doc, true)
		if err != errUnordered {
			return out, n, err
		}
	}
	return transcode(dst, doc, false)
}

// errUnordered stops the uniqueKeys pass at a key out of jsonb's order.
var errUnordered = errors.New("json: object keys out of jsonb's order")

func transcode(dst, doc []byte, uniqueKeys bool) ([]byte, int, error) {
	// UTF-8 is checked where it can occur: outside strings every byte
	// must be ASCII to parse, and str checks the strings that hold
	// non-ASCII bytes, so a document is not walked twice.
	t := transcoder{b: doc, dst: dst, uniqueKeys: uniqueKeys}
	n, ok := t.value(0)
	if ok {
		t.ws()
		if t.i != len(t.b) {
			ok = t.fail("trailing data")
		}
	}
	if !ok {
		return dst, 0, t.err
	}
	return t.dst, n, nil
}

type transcoder struct {
	b   []byte
	i   int
	dst []byte
	err error
	// keys holds the unescaped object keys that had escapes.
	keys []byte
	// strStart is where the body of the last string read by str starts.
	strStart int
	// uniqueKeys skips the search for repeated object keys while the
	// keys come in jsonb's order (see appendJSON).
	uniqueKeys bool
	// general turns plainNumber off: every number takes the general
	// path (a test compares the two).
	general bool
}

// manyMembers is the object size from which duplicate keys are looked up
// in a map instead of compared with every earlier key.
const manyMembers = 32

// fail records why the document cannot be written and returns false, so
// error values are built only for documents that are rejected.
func (t *transcoder) fail(format string, args ...any) bool {
	if t.err == nil {
		t.err = fmt.Errorf("json: "+format+" (at byte %d)", append(args, t.i)...)
	}
	return false
}

// ws skips white space; inlined where the next byte is not any, the
// common case.
func (t *transcoder) ws() {
	if t.i < len(t.b) && t.b[t.i] > ' ' {
		return
	}
	t.skipWS()
}

func (t *transcoder) skipWS() {
	i := t.i
	for i < len(t.b) {
		switch t.b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			t.i = i
			return
		}
	}
	t.i = i
}

// more reads what follows a member of an object or array: a comma (more
// members follow) or the closing bracket (the last one).
func (t *transcoder) more(closing byte) (more, ok bool) {
	t.ws()
	if t.i < len(t.b) {
		switch t.b[t.i] {
		case ',':
			t.i++
			return true, true
		case closing:
			t.i++
			return false, true
		}
	}
	return false, t.fail("expected ',' or '%c'", closing)
}

func (t *transcoder) value(depth int) (int, bool) {
	t.ws()
	if t.i >= len(t.b) {
		return 0, t.fail("unexpected end")
	}
	switch c := t.b[t.i]; {
	case c == '{' || c == '[':
		if depth >= MaxJSONDepth {
			return 0, t.fail("nesting deeper than DynamoDB's %d levels", MaxJSONDepth)
		}
		if c == '{' {
			return t.object(depth)
		}
		return t.array(depth)
	case c == '"':
		start := len(t.dst)
		t.dst = append(t.dst, `{"S":"`...)
		n, _, ok := t.str(true)
		if !ok {
			t.dst = t.dst[:start]
			return 0, false
		}
		t.dst = append(t.dst, `"}`...)
		return n, true
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(t.b)-t.i >= len(lit) && string(t.b[t.i:t.i+len(lit)]) == lit {
				t.i += len(lit)
				if lit == "null" {
					t.dst = append(t.dst, `{"NULL":true}`...)
				} else {
					t.dst = append(append(append(t.dst, `{"BOOL":`...), lit...), '}')
				}
				return 1, true
			}
		}
	case c == '-' || (c >= '0' && c <= '9'):
		if !t.general {
			if n, ok := t.plainNumber(); ok {
				return n, true
			}
		}
		start := t.i
		for t.i++; t.i < len(t.b); t.i++ {
			c := t.b[t.i]
			if !((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
				break
			}
		}
		num := t.b[start:t.i]
		if !validJSONNumber(num) {
			return 0, t.fail("invalid number %q", num)
		}
		n, err := NumberSize(num)
		if err != nil {
			if t.err == nil {
				t.err = fmt.Errorf("json %w", err)
			}
			return 0, false
		}
		t.dst = append(append(append(t.dst, `{"N":"`...), num...), `"}`...)
		return n, true
	}
	return 0, t.fail("unexpected %q", t.b[t.i])
}

// plainNumber transcodes the number at t.i in one pass when it is a plain
// decimal (-?(0|[1-9][0-9]*)(\.[0-9]+)?) of at most MaxNumberDigits
// digits, which DynamoDB always holds, and returns its size as
// NumberSize counts it; otherwise it reads nothing and reports false, and
// value takes the general path (exponents, long or invalid numbers).
func (t *transcoder) plainNumber() (int, bool) {
	b, i := t.b, t.i
	if b[i] == '-' {
		i++
	}
	// first and last are the positions, among the digits, of the first
	// and last non-zero one.
	nd, first, last := 0, -1, -1
	intDigits := func() {
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			if b[i] != '0' {
				if first < 0 {
					first = nd
				}
				last = nd
			}
			nd++
		}
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
		nd++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		intDigits()
	default:
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		before := nd
		intDigits()
		if nd == before {
			return 0, false
		}
	}
	if nd > MaxNumberDigits || i < len(b) && (b[i] == 'e' || b[i] == 'E' || b[i] == '.' || b[i] == '+' || b[i] == '-' || b[i] >= '0' && b[i] <= '9') {
		return 0, false
	}
	num := b[t.i:i]
	t.i = i
	t.dst = append(append(append(t.dst, `{"N":"`...), num...), `"}`...)
	if first < 0 {
		return 1, true // zero
	}
	return (last-first+1+1)/2 + 1, true
}

func (t *transcoder) array(depth int) (int, bool) {
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
}

// member is one written member of an object: where its unescaped key is
// (in the document, or in keys when it had escapes), where its bytes are in
// dst (with the comma before it, if any) and its size. It holds no
// pointers, so a stack array of them is cheap to clear.
type member struct {
	kFrom, kTo int32
	escaped    bool
	start, end int
	size       int
}

// keyOf returns m's unescaped key.
func (t *transcoder) keyOf(m *member) []byte {
	if m.escaped {
		return t.keys[m.kFrom:m.kTo]
	}
	return t.b[m.kFrom:m.kTo]
}

// memberKey reads an object member's key at t.i, after a comma in dst
// when comma is set; it returns where the key goes in dst (the key is not
// written), its unescaped length and whether it had escapes.
func (t *transcoder) memberKey(comma bool) (keyAt, n int, escaped, ok bool) {
	t.ws()
	if t.i >= len(t.b) || t.b[t.i] != '"' {
		return 0, 0, false, t.fail("expected an object key")
	}
	if comma {
		t.dst = append(t.dst, ',')
	}
	keyAt = len(t.dst)
	if n, escaped, ok = t.str(false); !ok {
		return 0, 0, false, false
	}
	if n == 0 {
		return 0, 0, false, t.fail("empty object key: DynamoDB map keys cannot be empty")
	}
	return keyAt, n, escaped, true
}

// memberValue reads the colon after a member's key and the value after it.
func (t *transcoder) memberValue(depth int) (int, bool) {
	t.ws()
	if t.i >= len(t.b) || t.b[t.i] != ':' {
		return 0, t.fail("expected ':'")
	}
	t.i++
	return t.value(depth + 1)
}

func (t *transcoder) object(depth int) (int, bool) {
	t.i++
	t.dst = append(t.dst, `{"M":{`...)
	size := 3
	t.ws()
	if t.i < len(t.b) && t.b[t.i] == '}' {
		t.i++
		t.dst = append(t.dst, "}}"...)
		return size, true
	}
	if t.uniqueKeys {
		return t.uniqueObject(depth, size)
	}
	var membersBuf [8]member
	members := membersBuf[:0]
	var index map[string]int // key → members index, for big objects
	for {
		start := len(t.dst)
		keyAt, _, escaped, ok := t.memberKey(len(members) > 0)
		if !ok {
			return 0, false
		}
		m := member{kFrom: int32(t.strStart), kTo: int32(t.i - 1)}
		key := t.b[t.strStart : t.i-1]
		if escaped {
			// Write the key as the wire form quotes it; compare it unescaped.
			m = member{kFrom: int32(len(t.keys)), escaped: true}
			t.keys, _ = Unescape(t.keys, key)
			m.kTo = int32(len(t.keys))
			key = t.keys[m.kFrom:m.kTo]
			t.dst = ddbjson.AppendString(t.dst[:keyAt], key)
		} else {
			t.dst = append(append(append(t.dst[:keyAt], '"'), key...), '"')
		}
		t.dst = append(t.dst, ':')
		j := -1
		if index != nil {
			if k, dup := index[string(key)]; dup {
				j = k
			}
		} else {
			j = t.find(members, key)
		}
		if j >= 0 {
			// A json object may repeat a key; the last value wins, as in
			// jsonb. The earlier member is cut out of dst.
			size -= members[j].size
			members, start = t.cut(members, j, start)
			if index != nil {
				index = t.reindex(members)
			}
		}
		vn, ok := t.memberValue(depth)
		if !ok {
			return 0, false
		}
		ms := 1 + len(key) + vn
		size += ms
		m.start, m.end, m.size = start, len(t.dst), ms
		members = append(members, m)
		if index != nil {
			index[string(t.keyOf(&m))] = len(members) - 1
		} else if len(members) == manyMembers {
			index = t.reindex(members)
		}
		if more, ok := t.more('}'); !ok {
			return 0, false
		} else if !more {
			t.dst = append(t.dst, "}}"...)
			return size, true
		}
	}
}

// uniqueObject is object after its opening brace, for a document whose
// objects hold their keys in jsonb's order (length, then bytes), so none
// repeats: only the key before is remembered. A key out of that order, or
// with escapes (whose order is that of their unescaped text), stops the
// pass with errUnordered.
func (t *transcoder) uniqueObject(depth, size int) (int, bool) {
	var prev []byte
	for first := true; ; first = false {
		keyAt, n, escaped, ok := t.memberKey(!first)
		if !ok {
			return 0, false
		}
		key := t.b[t.strStart : t.i-1]
		if escaped || !first && (len(key) < len(prev) || len(key) == len(prev) && bytes.Compare(key, prev) <= 0) {
			if t.err == nil {
				t.err = errUnordered
			}
			return 0, false
		}
		prev = key
		t.dst = append(append(append(t.dst[:keyAt], '"'), key...), '"')
		t.dst = append(t.dst, ':')
		vn, ok := t.memberValue(depth)
		if !ok {
			return 0, false
		}
		size += 1 + n + vn
		if more, ok := t.more('}'); !ok {
			return 0, false
		} else if !more {
			t.dst = append(t.dst, "}}"...)
			return size, true
		}
	}
}

func (t *transcoder) reindex(members []member) map[string]int {
	m := make(map[string]int, 2*len(members))
	for i := range members {
		m[string(t.keyOf(&members[i]))] = i
	}
	return m
}

func (t *transcoder) find(members []member, key []byte) int {
	n := int32(len(key))
	for j := range members {
		// Lengths first: most keys of an object differ in length.
		if m := &members[j]; m.kTo-m.kFrom == n && bytes.Equal(t.keyOf(m), key) {
			return j
		}
	}
	return -1
}

// cut removes members[j]'s bytes from dst (and, when it was the first, the
// comma of the member after it) and returns the members left and the new
// start of the member being written, whose bytes follow all of them.
func (t *transcoder) cut(members []member, j, cur int) ([]member, int) {
	from, to := members[j].start, members[j].end
	if j == 0 {
		to++
	}
	n := to - from
	t.dst = append(t.dst[:from], t.dst[to:]...)
	for k := j + 1; k < len(members); k++ {
		members[k].start -= n
		members[k].end -= n
	}
	cur -= n
	if j == 0 {
		if len(members) > 1 {
			members[1].start = from
		} else {
			cur = from
		}
	}
	return append(members[:j], members[j+1:]...), cur
}

// plainByte marks the bytes that stand for themselves in a JSON string and
// are ASCII: all but control characters, the quote, the backslash and
// bytes of multi-byte UTF-8 sequences.
var plainByte = func() (p [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		p[c] = c != '"' && c != '\\'
	}
	return p
}()

// str reads the JSON string at t.i (at its opening quote) and, when keep is
// set, appends its text between the quotes to dst, escapes as written (the
// wire form reads them the same way). It returns the string's length once
// unescaped and whether it had escapes. A string with bytes that are not
// valid UTF-8 is an error: DynamoDB strings are UTF-8.
func (t *transcoder) str(keep bool) (n int, escaped, ok bool) {
	b := t.b
	start := t.i + 1 // after the opening quote
	t.strStart = start
	// shrink is what escapes take away from the string's length: a
	// sequence of k bytes stands for a rune of fewer bytes.
	shrink := 0
	nonASCII := false
	// The index is a local while the loop runs: the field would be
	// loaded and stored through t on every byte.
	i := start
	for i < len(b) {
		c := b[i]
		if plainByte[c] {
			i++
			continue
		}
		switch {
		case c == '"':
			t.i = i + 1
			if nonASCII && !utf8.Valid(b[start:i]) {
				return 0, false, t.fail("string is not valid UTF-8")
			}
			if keep {
				t.dst = append(t.dst, b[start:i]...)
			}
			return i - start - shrink, escaped, true
		case c >= 0x80:
			nonASCII = true
			i++
			continue
		case c < 0x20:
			t.i = i
			return 0, false, t.fail("control character in a string")
		}
		escaped = true
		t.i = i
		r, ok := t.escape()
		if !ok {
			return 0, false, false
		}
		shrink += t.i - i - utf8.RuneLen(r)
		i = t.i
	}
	t.i = i
	return 0, false, t.fail("unterminated string")
}

// escape reads the escape sequence at t.i (at its backslash) and returns
// the rune it stands for; a \u surrogate pair is one rune, and a lone
// surrogate is an error: DynamoDB strings are UTF-8, which cannot hold it.
func (t *transcoder) escape() (rune, bool) {
	if t.i+1 >= len(t.b) {
		return 0, t.fail("unterminated escape")
	}
	e := t.b[t.i+1]
	t.i += 2
	switch e {
	case '"', '\\', '/':
		return rune(e), true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'u':
		r, ok := t.hex4()
		if !ok {
			return 0, false
		}
		if utf16.IsSurrogate(r) {
			if t.i+6 > len(t.b) || t.b[t.i] != '\\' || t.b[t.i+1] != 'u' {
				return 0, t.fail("lone UTF-16 surrogate \\u%04x cannot be kept in a DynamoDB string", r)
			}
			t.i += 2
			r2, ok := t.hex4()
			if !ok {
				return 0, false
			}
			if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
				return 0, t.fail("lone UTF-16 surrogate cannot be kept in a DynamoDB string")
			}
		}
		return r, true
	}
	return 0, t.fail("invalid escape \\%c", e)
}

func (t *transcoder) hex4() (rune, bool) {
	if t.i+4 > len(t.b) {
		return 0, t.fail("short \\u escape")
	}
	var r rune
	for _, c := range t.b[t.i : t.i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, t.fail("invalid \\u escape")
		}
	}
	t.i += 4
	return r, true
}

// Unescape returns the text of a valid JSON string literal's body (between
// the quotes): the one JSON unescaping of pg2ddb.
func Unescape(dst, body []byte) ([]byte, error) {
	t := transcoder{b: body}
	for t.i < len(t.b) {
		if c := t.b[t.i]; c != '\\' {
			dst = append(dst, c)
			t.i++
			continue
		}
		r, ok := t.escape()
		if !ok {
			return dst, t.err
		}
		dst = utf8.AppendRune(dst, r)
	}
	return dst, nil
}
