package load

import (
	"errors"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// errSlowJSON sends a value the fast decoder does not handle to the
// encoding/json path, which also words the error of invalid input.
var errSlowJSON = errors.New("not on the fast path")

// fastJSON decodes one JSON document straight into an attribute value and
// its DynamoDB size, with numbers kept as their exact text. It is the hot
// path of json/jsonb columns: decoding into map[string]any first and
// converting after took a quarter of a 1M-row load's CPU. Anything it does
// not accept (invalid JSON, invalid UTF-8) returns errSlowJSON, and the
// caller decodes with encoding/json instead, so both paths give the same
// result on valid input (TestFastJSONMatchesEncodingJSON).
func fastJSON(v []byte) (types.AttributeValue, int, error) {
	if !utf8.Valid(v) {
		return nil, 0, errSlowJSON
	}
	p := jsonParser{jsonScanner{b: v}}
	av, n, err := p.value(0)
	if err != nil {
		return nil, 0, err
	}
	p.ws()
	if p.i != len(p.b) {
		return nil, 0, errSlowJSON
	}
	return av, n, nil
}

type jsonParser struct{ jsonScanner }

// maxJSONDepth matches DynamoDB's 32 levels of nesting; deeper documents
// take the slow path, whose error is then DynamoDB's to give.
const maxJSONDepth = 32

// jsonScanner is the reading both single-pass JSON paths share: fastJSON's
// decoder and AppendWire's transcoder.
type jsonScanner struct {
	b []byte
	i int
}

func (p *jsonScanner) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// more reads what follows a member of an object or array: a comma (more
// members follow) or the closing bracket (the last one); !ok otherwise.
func (p *jsonScanner) more(closing byte) (more, ok bool) {
	p.ws()
	if p.i < len(p.b) {
		switch p.b[p.i] {
		case ',':
			p.i++
			return true, true
		case closing:
			p.i++
			return false, true
		}
	}
	return false, false
}

// literal reads true, false or null at p.i.
func (p *jsonScanner) literal() (string, bool) {
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(p.b)-p.i >= len(lit) && string(p.b[p.i:p.i+len(lit)]) == lit {
			p.i += len(lit)
			return lit, true
		}
	}
	return "", false
}

// number reads the number at p.i and returns its text and DynamoDB size;
// !ok when it is not a JSON number or not one DynamoDB can hold.
func (p *jsonScanner) number() ([]byte, int, bool) {
	start := p.i
	for p.i++; p.i < len(p.b); p.i++ {
		c := p.b[p.i]
		if !((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
			break
		}
	}
	num := p.b[start:p.i]
	if !validJSONNumber(num) {
		return nil, 0, false
	}
	n, ok := numberSize(num)
	return num, n, ok
}

// escape reads the escape sequence at p.i (at its backslash) and returns
// the rune it stands for; a \u surrogate pair is one rune, and a lone
// surrogate is !ok (encoding/json turns it into U+FFFD).
func (p *jsonScanner) escape() (rune, bool) {
	if p.i+1 >= len(p.b) {
		return 0, false
	}
	e := p.b[p.i+1]
	p.i += 2
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
		r, ok := p.hex4()
		if !ok {
			return 0, false
		}
		if utf16.IsSurrogate(r) {
			if p.i+6 > len(p.b) || p.b[p.i] != '\\' || p.b[p.i+1] != 'u' {
				return 0, false
			}
			p.i += 2
			r2, ok := p.hex4()
			if !ok {
				return 0, false
			}
			if r = utf16.DecodeRune(r, r2); r == utf8.RuneError {
				return 0, false
			}
		}
		return r, true
	}
	return 0, false
}

func (p *jsonScanner) hex4() (rune, bool) {
	if p.i+4 > len(p.b) {
		return 0, false
	}
	var r rune
	for _, c := range p.b[p.i : p.i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	p.i += 4
	return r, true
}

func (p *jsonParser) value(depth int) (types.AttributeValue, int, error) {
	if depth > maxJSONDepth {
		return nil, 0, errSlowJSON
	}
	p.ws()
	if p.i >= len(p.b) {
		return nil, 0, errSlowJSON
	}
	switch c := p.b[p.i]; {
	case c == '{':
		p.i++
		m := map[string]types.AttributeValue{}
		size := 3
		p.ws()
		if p.i < len(p.b) && p.b[p.i] == '}' {
			p.i++
			return &types.AttributeValueMemberM{Value: m}, size, nil
		}
		for {
			p.ws()
			k, err := p.str()
			if err != nil {
				return nil, 0, err
			}
			p.ws()
			if p.i >= len(p.b) || p.b[p.i] != ':' {
				return nil, 0, errSlowJSON
			}
			p.i++
			av, n, err := p.value(depth + 1)
			if err != nil {
				return nil, 0, err
			}
			if old, dup := m[k]; dup {
				// The json type keeps duplicate keys; like encoding/json,
				// the last one wins.
				size -= 1 + len(k) + attrSize(old)
			}
			m[k] = av
			size += 1 + len(k) + n
			if more, ok := p.more('}'); !ok {
				return nil, 0, errSlowJSON
			} else if !more {
				return &types.AttributeValueMemberM{Value: m}, size, nil
			}
		}
	case c == '[':
		p.i++
		var l []types.AttributeValue
		size := 3
		p.ws()
		if p.i < len(p.b) && p.b[p.i] == ']' {
			p.i++
			return &types.AttributeValueMemberL{Value: []types.AttributeValue{}}, size, nil
		}
		for {
			av, n, err := p.value(depth + 1)
			if err != nil {
				return nil, 0, err
			}
			l = append(l, av)
			size += 1 + n
			if more, ok := p.more(']'); !ok {
				return nil, 0, errSlowJSON
			} else if !more {
				return &types.AttributeValueMemberL{Value: l}, size, nil
			}
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, 0, err
		}
		return &types.AttributeValueMemberS{Value: s}, len(s), nil
	case c == 't' || c == 'f' || c == 'n':
		switch lit, _ := p.literal(); lit {
		case "null":
			return &types.AttributeValueMemberNULL{Value: true}, 1, nil
		case "true", "false":
			return &types.AttributeValueMemberBOOL{Value: lit == "true"}, 1, nil
		}
		return nil, 0, errSlowJSON
	case c == '-' || (c >= '0' && c <= '9'):
		num, n, ok := p.number()
		if !ok {
			return nil, 0, errSlowJSON // the slow path words it
		}
		return &types.AttributeValueMemberN{Value: string(num)}, n, nil
	}
	return nil, 0, errSlowJSON
}

// str reads a JSON string at p.i.
func (p *jsonParser) str() (string, error) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", errSlowJSON
	}
	p.i++
	start := p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		if c == '"' {
			s := string(p.b[start:p.i])
			p.i++
			return s, nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", errSlowJSON
		}
		p.i++
	}
	// Escapes: decode into a buffer.
	buf := append([]byte(nil), p.b[start:p.i]...)
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return string(buf), nil
		case c < 0x20:
			return "", errSlowJSON
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		r, ok := p.escape()
		if !ok {
			return "", errSlowJSON
		}
		buf = utf8.AppendRune(buf, r)
	}
	return "", errSlowJSON
}

// validJSONNumber reports whether s is a number by JSON's grammar.
func validJSONNumber[T string | []byte](s T) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// attrSize is the DynamoDB size of an attribute value, for the rare
// duplicate JSON key whose first value must be taken back out of a size.
func attrSize(av types.AttributeValue) int {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		n, _ := checkNumber(v.Value)
		return n
	case *types.AttributeValueMemberL:
		size := 3
		for _, el := range v.Value {
			size += 1 + attrSize(el)
		}
		return size
	case *types.AttributeValueMemberM:
		size := 3
		for k, el := range v.Value {
			size += 1 + len(k) + attrSize(el)
		}
		return size
	}
	return 1
}
