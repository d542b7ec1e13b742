package ddbsim

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"
)

// Validation reproduces dynalite's checks and messages (dynalite 4, which
// mirrors DynamoDB's) for what a loader can send. dynalite validates in three
// stages and so does this file: JSON types (SerializationException), then
// declared member constraints ("N validation errors detected: ..."), then
// per-operation custom rules; key checks against the table's schema happen
// last, once the table is known.

// apiError is an error in DynamoDB's wire format.
type apiError struct {
	status int
	typ    string // full __type, e.g. com.amazon.coral.validate#ValidationException
	msg    string
	upperM bool // dynalite spells the member "Message" for serialization errors
}

func (e *apiError) Error() string { return e.typ + ": " + e.msg }

const (
	typeValidation    = "com.amazon.coral.validate#ValidationException"
	typeSerialization = "com.amazon.coral.service#SerializationException"
	typeNotFound      = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException"
	typeInUse         = "com.amazonaws.dynamodb.v20120810#ResourceInUseException"
	typePTE           = "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException"
	typeThrottling    = "com.amazon.coral.availability#ThrottlingException"
	typeInternal      = "com.amazon.coral.service#InternalServerError"
	typeUnknownOp     = "com.amazon.coral.service#UnknownOperationException"
)

func validationErr(msg string) *apiError {
	return &apiError{status: 400, typ: typeValidation, msg: msg}
}

func serErr(msg string) *apiError {
	return &apiError{status: 400, typ: typeSerialization, msg: msg, upperM: true}
}

func notFoundErr(msg string) *apiError {
	return &apiError{status: 400, typ: typeNotFound, msg: msg}
}

const maxItemSize = 400 * 1024

// Attribute value types in the order dynalite's type table lists them; the
// order decides which error is reported first.
var attrTypes = [...]string{"S", "B", "N", "BOOL", "NULL", "BS", "NS", "SS", "L", "M"}

const (
	tS = iota
	tB
	tN
	tBOOL
	tNULL
	tBS
	tNS
	tSS
	tL
	tM
	numAttrTypes
)

func attrTypeIndex(name string) int {
	switch name {
	case "S":
		return tS
	case "N":
		return tN
	case "B":
		return tB
	case "BOOL":
		return tBOOL
	case "NULL":
		return tNULL
	case "M":
		return tM
	case "L":
		return tL
	case "SS":
		return tSS
	case "NS":
		return tNS
	case "BS":
		return tBS
	}
	return -1
}

// attrFields returns the non-null, known members of an AttributeValue
// object indexed by type, the way dynalite's checkTypes leaves them.
func (p *parser) attrFields(n *node) (f [numAttrTypes]*node, count int) {
	kids := p.kids(n)
	for i := range kids {
		k := &kids[i]
		t := attrTypeIndex(k.key)
		if t < 0 {
			continue
		}
		if k.kind == kNull {
			if f[t] != nil {
				f[t] = nil
				count--
			}
			continue
		}
		if f[t] == nil {
			count++
		}
		f[t] = k
	}
	return f, count
}

// --- stage 1: JSON types ----------------------------------------------------

func isIntegral(lit string) bool {
	f, err := strconv.ParseFloat(lit, 64)
	return err == nil && f == math.Trunc(f)
}

func numKindName(n *node) string {
	if isIntegral(n.str) {
		return "NUMBER_VALUE"
	}
	return "DECIMAL_VALUE"
}

func boolKindName(n *node) string {
	if n.kind == kTrue {
		return "TRUE_VALUE"
	}
	return "FALSE_VALUE"
}

func checkStringType(n *node) *apiError {
	switch n.kind {
	case kTrue, kFalse:
		return serErr(boolKindName(n) + " cannot be converted to String")
	case kNum:
		return serErr(numKindName(n) + " cannot be converted to String")
	case kArr:
		return serErr("Unrecognized collection type class java.lang.String")
	case kObj:
		return serErr("Start of structure or map found where not expected")
	}
	return nil
}

// boolValue converts a Boolean member the way dynalite does (it accepts a few
// strings too).
func boolValue(n *node) (bool, bool) {
	switch n.kind {
	case kTrue:
		return true, true
	case kFalse:
		return false, true
	case kStr:
		switch strings.ToUpper(n.str) {
		case "TRUE", "1", "YES":
			return true, true
		case "FALSE", "0", "NO":
			return false, true
		}
	}
	return false, false
}

func checkBoolType(n *node) *apiError {
	switch n.kind {
	case kNum:
		return serErr(numKindName(n) + " cannot be converted to Boolean")
	case kStr:
		if _, ok := boolValue(n); !ok {
			return serErr("Unexpected token received from parser")
		}
	case kArr:
		return serErr("Unrecognized collection type class java.lang.Boolean")
	case kObj:
		return serErr("Start of structure or map found where not expected")
	}
	return nil
}

func checkBlobType(n *node) *apiError {
	switch n.kind {
	case kTrue, kFalse, kNum:
		return serErr("only base-64-encoded strings are convertible to bytes")
	case kArr:
		return serErr("Unrecognized collection type class java.nio.ByteBuffer")
	case kObj:
		return serErr("Start of structure or map found where not expected")
	case kNull:
		return nil
	}
	if len(n.str)%4 != 0 {
		return serErr("Base64 encoded length is expected a multiple of 4 bytes but found: " + strconv.Itoa(len(n.str)))
	}
	if _, err := base64.StdEncoding.Strict().DecodeString(n.str); err != nil {
		return serErr("Invalid last non-pad Base64 character dectected")
	}
	return nil
}

func checkListType(n *node) *apiError {
	switch n.kind {
	case kTrue, kFalse, kNum, kStr:
		return serErr("Unexpected field type")
	case kObj:
		return serErr("Start of structure or map found where not expected")
	}
	return nil
}

const mapOfAttrs = "java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"

// checkAttrMapType checks a Map<AttributeValue> member (an Item, a Key, M).
func (p *parser) checkAttrMapType(n *node) *apiError {
	switch n.kind {
	case kTrue, kFalse, kNum, kStr:
		return serErr("Unexpected field type")
	case kArr:
		return serErr("Unrecognized collection type " + mapOfAttrs)
	case kNull:
		return nil
	}
	kids := p.kids(n)
	for i := range kids {
		if err := p.checkAttrType(&kids[i]); err != nil {
			return err
		}
	}
	return nil
}

// checkAttrType checks the JSON types inside one AttributeValue.
func (p *parser) checkAttrType(n *node) *apiError {
	switch n.kind {
	case kNull:
		return nil
	case kArr:
		return serErr("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue")
	case kObj:
	default:
		return serErr("Unexpected value type in payload")
	}
	kids := p.kids(n)
	for i := range kids {
		k := &kids[i]
		if k.kind == kNull {
			continue
		}
		var err *apiError
		switch k.key {
		case "S", "N":
			err = checkStringType(k)
		case "B":
			err = checkBlobType(k)
		case "BOOL", "NULL":
			err = checkBoolType(k)
		case "SS", "NS", "BS":
			if err = checkListType(k); err == nil {
				for _, e := range p.kids(k) {
					if k.key == "BS" {
						err = checkBlobType(&e)
					} else {
						err = checkStringType(&e)
					}
					if err != nil {
						break
					}
				}
			}
		case "L":
			if err = checkListType(k); err == nil {
				kk := p.kids(k)
				for j := range kk {
					if err = p.checkAttrType(&kk[j]); err != nil {
						break
					}
				}
			}
		case "M":
			err = p.checkAttrMapType(k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// --- stage 2: member constraints -------------------------------------------

// constraintErrors collects "Value ... failed to satisfy constraint" messages;
// dynalite stops collecting at ten.
type constraintErrors []string

func (c *constraintErrors) full() bool { return len(*c) >= 10 }

func (c *constraintErrors) add(value, path, msg string) {
	if c.full() {
		return
	}
	if value != "null" {
		value = "'" + value + "'"
	}
	*c = append(*c, "Value "+value+" at '"+path+"' failed to satisfy constraint: "+msg)
}

func (c constraintErrors) err() *apiError {
	if len(c) == 0 {
		return nil
	}
	s := "s"
	if len(c) == 1 {
		s = ""
	}
	return validationErr(strconv.Itoa(len(c)) + " validation error" + s + " detected: " + strings.Join(c, "; "))
}

const tableNamePattern = "[a-zA-Z0-9_.-]+"

func validTableNameChars(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// checkTableName adds dynalite's TableName constraint errors (regex, then
// minimum and maximum length).
func (c *constraintErrors) checkTableName(n *node, path string) {
	if n == nil {
		c.add("null", path, "Member must not be null")
		return
	}
	if !validTableNameChars(n.str) {
		c.add(n.str, path, "Member must satisfy regular expression pattern: "+tableNamePattern)
	}
	if l := len([]rune(n.str)); l < 3 {
		c.add(n.str, path, "Member must have length greater than or equal to 3")
	} else if l > 255 {
		c.add(n.str, path, "Member must have length less than or equal to 255")
	}
}

func (c *constraintErrors) checkEnum(n *node, path string, values ...string) {
	if n == nil {
		return
	}
	for _, v := range values {
		if n.str == v {
			return
		}
	}
	c.add(n.str, path, "Member must satisfy enum value set: ["+strings.Join(values, ", ")+"]")
}

// --- stage 3: attribute values ---------------------------------------------

// attrError is dynalite's validateAttributeValue: it returns the message for
// an invalid AttributeValue or "".
func (p *parser) attrError(n *node) string {
	f, count := p.attrFields(n)
	if count == 0 {
		return "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
	}
	for t, v := range f {
		if v == nil {
			continue
		}
		switch t {
		case tN:
			if msg := numError(v.str); msg != "" {
				return msg
			}
		case tNULL:
			if b, _ := boolValue(v); !b {
				return "One or more parameter values were invalid: Null attribute value types must have the value of true"
			}
		case tSS:
			if v.n == 0 {
				return "One or more parameter values were invalid: An string set  may not be empty"
			}
			if p.hasDuplicate(v, false) {
				return "One or more parameter values were invalid: Input collection " + p.listStr(v) + " contains duplicates."
			}
		case tNS:
			if v.n == 0 {
				return "One or more parameter values were invalid: An number set  may not be empty"
			}
			for _, e := range p.kids(v) {
				if msg := numError(e.str); msg != "" {
					return msg
				}
			}
			if p.hasDuplicate(v, true) {
				return "Input collection contains duplicates"
			}
		case tBS:
			if v.n == 0 {
				return "One or more parameter values were invalid: Binary sets should not be empty"
			}
			if p.hasDuplicate(v, false) {
				return "One or more parameter values were invalid: Input collection " + p.listStr(v) + "of type BS contains duplicates."
			}
		case tM:
			kids := p.kids(v)
			for i := range kids {
				if kids[i].kind == kNull {
					continue
				}
				if msg := p.attrError(&kids[i]); msg != "" {
					return msg
				}
			}
		case tL:
			kids := p.kids(v)
			for i := range kids {
				if msg := p.attrError(&kids[i]); msg != "" {
					return msg
				}
			}
		}
	}
	if count > 1 {
		return "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
	}
	return ""
}

func (p *parser) hasDuplicate(set *node, numeric bool) bool {
	kids := p.kids(set)
	for i := range kids {
		for j := i + 1; j < len(kids); j++ {
			a, b := kids[i].str, kids[j].str
			if numeric {
				a, b = canonicalNum(a), canonicalNum(b)
			}
			if a == b {
				return true
			}
		}
	}
	return false
}

// listStr renders a set like dynalite's valueStr: [a, b, c].
func (p *parser) listStr(set *node) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, e := range p.kids(set) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.str)
	}
	b.WriteByte(']')
	return b.String()
}

// itemAttrError validates every attribute of an item or key map.
func (p *parser) itemAttrError(item *node) string {
	kids := p.kids(item)
	for i := range kids {
		if kids[i].kind == kNull {
			continue
		}
		if msg := p.attrError(&kids[i]); msg != "" {
			return msg
		}
	}
	return ""
}

// checkAttr is attrError and valueSize in one walk: it returns the
// AttributeValue's size, or the message attrError would return. Count-only
// mode spends most of its time validating items, and walking each value
// once, parsing each number once, is about half the cost of two walks.
// Only the shape loaders send takes the fast path: an object with exactly
// one member, of a known type, not null. Anything else (empty, several
// types, duplicate members, sets, NULL, B) goes through attrError and
// valueSize themselves, so messages and the order they are found in are
// the same as theirs.
func (p *parser) checkAttr(n *node) (int, string) {
	if n.kind == kObj && n.n == 1 {
		v := &p.tape[n.first]
		if v.kind != kNull {
			switch attrTypeIndex(v.key) {
			case tS:
				return len(v.str), ""
			case tN:
				d, ok := parseNum(v.str)
				if msg := d.numError(ok); msg != "" {
					return 0, msg
				}
				return d.size(), ""
			case tBOOL:
				return 1, ""
			case tM:
				size, msg := p.checkAttrMap(v)
				return 3 + int(v.n) + size, msg
			case tL:
				size := 3
				kids := p.kids(v)
				for i := range kids {
					s, msg := p.checkAttr(&kids[i])
					if msg != "" {
						return 0, msg
					}
					size += 1 + s
				}
				return size, ""
			}
		}
	}
	if msg := p.attrError(n); msg != "" {
		return 0, msg
	}
	return p.valueSize(n), ""
}

// checkAttrMap is itemAttrError and itemSize in one walk (see checkAttr):
// it returns the size of an item or M value, or the first invalid
// attribute's message.
func (p *parser) checkAttrMap(m *node) (int, string) {
	size := 0
	kids := p.kids(m)
	for i := range kids {
		if kids[i].kind == kNull {
			continue
		}
		s, msg := p.checkAttr(&kids[i])
		if msg != "" {
			return 0, msg
		}
		size += len(kids[i].key) + s
	}
	return size, ""
}

// --- sizes -------------------------------------------------------------------

// itemSize is the DynamoDB size of an item: attribute name bytes plus value
// sizes (dynalite's formula; strings count UTF-8 bytes as DynamoDB does).
func (p *parser) itemSize(item *node) int {
	size := 0
	kids := p.kids(item)
	for i := range kids {
		if kids[i].kind == kNull {
			continue
		}
		size += len(kids[i].key) + p.valueSize(&kids[i])
	}
	return size
}

func b64Len(s string) int {
	n := len(s) / 4 * 3
	if strings.HasSuffix(s, "==") {
		n -= 2
	} else if strings.HasSuffix(s, "=") {
		n--
	}
	return n
}

func (p *parser) valueSize(n *node) int {
	f, _ := p.attrFields(n)
	for t, v := range f {
		if v == nil {
			continue
		}
		switch t {
		case tS:
			return len(v.str)
		case tB:
			return b64Len(v.str)
		case tN:
			d, _ := parseNum(v.str)
			return d.size()
		case tSS, tBS, tNS:
			sum := 0
			for _, e := range p.kids(v) {
				switch t {
				case tSS:
					sum += len(e.str)
				case tBS:
					sum += b64Len(e.str)
				default:
					d, _ := parseNum(e.str)
					sum += d.size()
				}
			}
			return sum
		case tNULL, tBOOL:
			return 1
		case tL:
			sum := 3
			kids := p.kids(v)
			for i := range kids {
				sum += 1 + p.valueSize(&kids[i])
			}
			return sum
		case tM:
			return 3 + int(v.n) + p.itemSize(v)
		}
	}
	return 0
}

// wcuFor is the write capacity a put of size bytes consumes: 1 KB units
// rounded up, at least one.
func wcuFor(size int) int {
	if size <= 0 {
		return 1
	}
	return (size + 1023) / 1024
}
