package load

import (
	"errors"
	"strconv"
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
	p := jsonParser{b: v}
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

type jsonParser struct {
	b []byte
	i int
}

// maxJSONDepth matches DynamoDB's 32 levels of nesting; deeper documents
// take the slow path, whose error is then DynamoDB's to give.
const maxJSONDepth = 32

func (p *jsonParser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
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
			p.ws()
			if p.i >= len(p.b) {
				return nil, 0, errSlowJSON
			}
			if p.b[p.i] == ',' {
				p.i++
				continue
			}
			if p.b[p.i] == '}' {
				p.i++
				return &types.AttributeValueMemberM{Value: m}, size, nil
			}
			return nil, 0, errSlowJSON
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
			p.ws()
			if p.i >= len(p.b) {
				return nil, 0, errSlowJSON
			}
			if p.b[p.i] == ',' {
				p.i++
				continue
			}
			if p.b[p.i] == ']' {
				p.i++
				return &types.AttributeValueMemberL{Value: l}, size, nil
			}
			return nil, 0, errSlowJSON
		}
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, 0, err
		}
		return &types.AttributeValueMemberS{Value: s}, len(s), nil
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if len(p.b)-p.i >= len(lit) && string(p.b[p.i:p.i+len(lit)]) == lit {
				p.i += len(lit)
				if lit == "null" {
					return &types.AttributeValueMemberNULL{Value: true}, 1, nil
				}
				return &types.AttributeValueMemberBOOL{Value: lit == "true"}, 1, nil
			}
		}
		return nil, 0, errSlowJSON
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.i
		p.i++
		for p.i < len(p.b) {
			c := p.b[p.i]
			if (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' {
				p.i++
				continue
			}
			break
		}
		s := string(p.b[start:p.i])
		if !validJSONNumber(s) {
			return nil, 0, errSlowJSON
		}
		n, err := checkNumber(s)
		if err != nil {
			return nil, 0, errSlowJSON // the slow path words it
		}
		return &types.AttributeValueMemberN{Value: s}, n, nil
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
		if p.i+1 >= len(p.b) {
			return "", errSlowJSON
		}
		e := p.b[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", errSlowJSON
			}
			if utf16.IsSurrogate(r) {
				// A pair gives one rune; a lone surrogate goes the slow way
				// (encoding/json turns it into U+FFFD).
				if p.i+6 > len(p.b) || p.b[p.i] != '\\' || p.b[p.i+1] != 'u' {
					return "", errSlowJSON
				}
				p.i += 2
				r2, ok := p.hex4()
				if !ok {
					return "", errSlowJSON
				}
				r = utf16.DecodeRune(r, r2)
				if r == utf8.RuneError {
					return "", errSlowJSON
				}
			}
			buf = utf8.AppendRune(buf, r)
		default:
			return "", errSlowJSON
		}
	}
	return "", errSlowJSON
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.b) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// validJSONNumber reports whether s is a number by JSON's grammar.
func validJSONNumber(s string) bool {
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
