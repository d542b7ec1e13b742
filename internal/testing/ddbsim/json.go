package ddbsim

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// The request decoder is a small hand-rolled JSON parser. encoding/json with
// map[string]any or custom UnmarshalJSON methods costs several times more CPU
// per item than this, and count-only mode has to sink more than 100k items/s
// on two cores while the client shares the machine. The parser builds a flat
// tree ("tape") of nodes in one reusable slice; strings without escapes point
// into the request body without copying. That is safe because request bodies
// are not reused, except BatchWriteItem's (server.go), which keeps nothing
// from its body: anything else that keeps a string beyond the request (table
// names, tracked keys) still sees immutable bytes, and the long-lived ones are
// cloned anyway so that they do not pin whole bodies in memory.

type kind uint8

const (
	kNull kind = iota
	kFalse
	kTrue
	kNum
	kStr
	kArr
	kObj
)

// node is one JSON value. Children of an array or object are the contiguous
// nodes tape[first : first+n]; key is set when the node is an object member.
type node struct {
	kind       kind
	key        string
	str        string // string value, or the literal text of a number
	first, n   int32
	start, end int32 // byte span of the value in the body
}

// maxDepth bounds nesting; DynamoDB allows 32 levels of nested attributes and
// the request envelope adds a few.
const maxDepth = 48

var errSyntax = errors.New("malformed JSON")

type parser struct {
	buf   []byte
	pos   int
	tape  []node
	stack []node
	depth int

	// Scratch space kept with the pooled parser so that hot requests do not
	// allocate it each time: body holds a BatchWriteItem body (see
	// readBody), keys count mode's canonical keys (see makeKey), scratch a
	// partition key being built.
	body    []byte
	keys    []byte
	scratch []byte
	sizes   []int
	ops     []writeOp
}

// parse decodes buf into p.tape and returns the root node.
func (p *parser) parse(buf []byte) (node, error) {
	p.buf, p.pos, p.depth = buf, 0, 0
	p.tape = p.tape[:0]
	p.stack = append(p.stack[:0], node{})
	if err := p.value(0); err != nil {
		return node{}, err
	}
	p.ws()
	if p.pos != len(p.buf) {
		return node{}, errSyntax
	}
	return p.stack[0], nil
}

func (p *parser) ws() {
	for p.pos < len(p.buf) {
		switch p.buf[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// value parses the value at p.pos into p.stack[at], keeping its key. Nodes
// are filled in place rather than returned: they are large, and copying
// them per value was a good part of the parser's cost.
func (p *parser) value(at int) error {
	p.ws()
	if p.pos >= len(p.buf) {
		return errSyntax
	}
	start := p.pos
	switch c := p.buf[p.pos]; {
	case c == '{':
		return p.object(at)
	case c == '[':
		return p.array(at)
	case c == '"':
		s, err := p.string()
		if err != nil {
			return err
		}
		n := &p.stack[at]
		n.kind, n.str, n.start, n.end = kStr, s, int32(start), int32(p.pos)
		return nil
	case c == 't':
		return p.literal(at, "true", kTrue)
	case c == 'f':
		return p.literal(at, "false", kFalse)
	case c == 'n':
		return p.literal(at, "null", kNull)
	case c == '-' || (c >= '0' && c <= '9'):
		p.pos++
		for p.pos < len(p.buf) {
			c := p.buf[p.pos]
			if (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' {
				p.pos++
				continue
			}
			break
		}
		n := &p.stack[at]
		n.kind, n.str, n.start, n.end = kNum, bstr(p.buf[start:p.pos]), int32(start), int32(p.pos)
		return nil
	}
	return errSyntax
}

func (p *parser) literal(at int, word string, k kind) error {
	start := p.pos
	if len(p.buf)-p.pos < len(word) || string(p.buf[p.pos:p.pos+len(word)]) != word {
		return errSyntax
	}
	p.pos += len(word)
	n := &p.stack[at]
	n.kind, n.start, n.end = k, int32(start), int32(p.pos)
	return nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return errSyntax
	}
	return nil
}

// finish moves the children collected on the stack since base to the tape
// and completes the array or object node p.stack[at].
func (p *parser) finish(at int, k kind, start int, base int) {
	first := len(p.tape)
	p.tape = append(p.tape, p.stack[base:]...)
	n := int32(len(p.stack) - base)
	p.stack = p.stack[:base]
	p.depth--
	nd := &p.stack[at]
	nd.kind, nd.first, nd.n, nd.start, nd.end = k, int32(first), n, int32(start), int32(p.pos)
}

func (p *parser) object(at int) error {
	if err := p.enter(); err != nil {
		return err
	}
	start := p.pos
	p.pos++ // '{'
	base := len(p.stack)
	p.ws()
	if p.pos < len(p.buf) && p.buf[p.pos] == '}' {
		p.pos++
		p.finish(at, kObj, start, base)
		return nil
	}
	for {
		p.ws()
		if p.pos >= len(p.buf) || p.buf[p.pos] != '"' {
			return errSyntax
		}
		key, err := p.string()
		if err != nil {
			return err
		}
		p.ws()
		if p.pos >= len(p.buf) || p.buf[p.pos] != ':' {
			return errSyntax
		}
		p.pos++
		p.stack = append(p.stack, node{key: key})
		if err := p.value(len(p.stack) - 1); err != nil {
			return err
		}
		if more, err := p.more('}'); err != nil {
			return err
		} else if !more {
			break
		}
	}
	p.finish(at, kObj, start, base)
	return nil
}

// more reads what follows a member of an object or array: a comma (more
// follow) or the closing bracket (that was the last).
func (p *parser) more(closing byte) (bool, error) {
	p.ws()
	if p.pos >= len(p.buf) {
		return false, errSyntax
	}
	c := p.buf[p.pos]
	p.pos++
	switch c {
	case ',':
		return true, nil
	case closing:
		return false, nil
	}
	return false, errSyntax
}

func (p *parser) array(at int) error {
	if err := p.enter(); err != nil {
		return err
	}
	start := p.pos
	p.pos++ // '['
	base := len(p.stack)
	p.ws()
	if p.pos < len(p.buf) && p.buf[p.pos] == ']' {
		p.pos++
		p.finish(at, kArr, start, base)
		return nil
	}
	for {
		p.stack = append(p.stack, node{})
		if err := p.value(len(p.stack) - 1); err != nil {
			return err
		}
		if more, err := p.more(']'); err != nil {
			return err
		} else if !more {
			break
		}
	}
	p.finish(at, kArr, start, base)
	return nil
}

// strSpecial marks the bytes that end the fast scan of a string: the
// closing quote, a backslash and control characters (which are invalid).
var strSpecial = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// string parses a JSON string at p.pos (which is on the opening quote).
func (p *parser) string() (string, error) {
	p.pos++
	start := p.pos
	for p.pos < len(p.buf) {
		c := p.buf[p.pos]
		if !strSpecial[c] {
			p.pos++
			continue
		}
		if c == '"' {
			s := bstr(p.buf[start:p.pos])
			p.pos++
			return s, nil
		}
		if c == '\\' {
			return p.slowString(start)
		}
		if c < 0x20 {
			return "", errSyntax
		}
		p.pos++
	}
	return "", errSyntax
}

func (p *parser) slowString(start int) (string, error) {
	out := make([]byte, 0, p.pos-start+16)
	out = append(out, p.buf[start:p.pos]...)
	for p.pos < len(p.buf) {
		c := p.buf[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(out), nil
		case c < 0x20:
			return "", errSyntax
		case c != '\\':
			out = append(out, c)
			p.pos++
			continue
		}
		p.pos++
		if p.pos >= len(p.buf) {
			return "", errSyntax
		}
		e := p.buf[p.pos]
		p.pos++
		switch e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", errSyntax
			}
			if utf16.IsSurrogate(r) {
				r2 := utf8.RuneError
				save := p.pos
				if p.pos+1 < len(p.buf) && p.buf[p.pos] == '\\' && p.buf[p.pos+1] == 'u' {
					p.pos += 2
					if lo, ok := p.hex4(); ok {
						r2 = lo
					}
				}
				if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
					r = d
				} else {
					p.pos = save
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", errSyntax
		}
	}
	return "", errSyntax
}

func (p *parser) hex4() (rune, bool) {
	if len(p.buf)-p.pos < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(bstr(p.buf[p.pos:p.pos+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

// bstr views b as a string without copying; see the comment at the top of
// the file for why that is safe here.
func bstr(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// kids returns the children of an array or object node.
func (p *parser) kids(n *node) []node {
	if n.kind != kArr && n.kind != kObj {
		return nil
	}
	return p.tape[n.first : n.first+n.n]
}

// get returns the member called key of an object node, or nil. Like
// JSON.parse, the last of duplicate members wins; a JSON null counts as absent.
func (p *parser) get(n *node, key string) *node {
	if n == nil || n.kind != kObj {
		return nil
	}
	var found *node
	kids := p.kids(n)
	for i := range kids {
		if kids[i].key == key {
			found = &kids[i]
		}
	}
	if found != nil && found.kind == kNull {
		return nil
	}
	return found
}

// raw returns the request bytes of a node.
func (p *parser) raw(n *node) []byte { return p.buf[n.start:n.end] }
