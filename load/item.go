package load

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/plans"
)

// DynamoDB's limits on what one item may hold.
const (
	MaxItemBytes = 400 * 1024
	maxPKBytes   = 2048
	maxSKBytes   = 1024
)

// Item is one encoded row as attribute values: what verify compares with
// what DynamoDB holds, what review shows, and the reference the loader's
// WireItem is tested against.
type Item struct {
	// Pos is the source row's position in the load order.
	Pos   int64
	Attrs map[string]types.AttributeValue
	// Key identifies the item within its table (pk and sk values joined),
	// to keep two writes of one key out of one batch.
	Key string
	// Size is the item's size by DynamoDB's rules; WCU its write cost.
	Size int
	WCU  int
}

// Encoder turns stream rows of one plan table into items.
type Encoder struct {
	table   plans.Table
	options plans.Options
	pkAttr  string
	skAttr  string
	pkType  string
	skType  string
	names   []string
	nameLen []int
	// wirePK, wireSK and wireNames are the attribute names as AppendWire
	// writes them: quoted, with the colon.
	wirePK, wireSK []byte
	wireNames      [][]byte
}

// NewEncoder checks that t can be encoded and returns its encoder.
func NewEncoder(t plans.Table, o plans.Options) (*Encoder, error) {
	e := &Encoder{table: t, options: o, pkAttr: t.PartitionKey.Attribute, pkType: t.PartitionKey.Type}
	if e.pkAttr == "" {
		return nil, fmt.Errorf("table %s: partition key has no attribute name", t.Source)
	}
	if t.SortKey != nil {
		e.skAttr, e.skType = t.SortKey.Attribute, t.SortKey.Type
		if e.skAttr == "" || e.skAttr == e.pkAttr {
			return nil, fmt.Errorf("table %s: sort key attribute %q is empty or equals the partition key's", t.Source, e.skAttr)
		}
	}
	switch o.Nulls {
	case "", plans.NullsOmit, plans.NullsWrite:
	default:
		return nil, fmt.Errorf("options: unknown nulls %q", o.Nulls)
	}
	switch o.FloatSpecials {
	case "", plans.FloatSpecialsReject, plans.FloatSpecialsString:
	default:
		return nil, fmt.Errorf("options: unknown float_specials %q", o.FloatSpecials)
	}
	seen := map[string]bool{e.pkAttr: true, e.skAttr: true}
	for _, a := range t.Attributes {
		if a.Name == "" || seen[a.Name] {
			return nil, fmt.Errorf("table %s: attribute name %q of column %s is empty or used twice (keys included)", t.Source, a.Name, a.Column)
		}
		seen[a.Name] = true
		e.names = append(e.names, a.Name)
		e.nameLen = append(e.nameLen, len(a.Name))
		e.wireNames = append(e.wireNames, wireName(a.Name))
	}
	e.wirePK, e.wireSK = wireName(e.pkAttr), wireName(e.skAttr)
	return e, nil
}

// Reject is a row that cannot be written, and why.
type Reject struct {
	Reason string
	// Item is what could be encoded of the row (possibly partial), so the
	// row can be found in the source.
	Item map[string]types.AttributeValue
}

// Encode builds the item of row, or says why it cannot be written.
func (e *Encoder) Encode(row *extract.Row) (Item, *Reject) {
	it := Item{Pos: row.Pos, Attrs: make(map[string]types.AttributeValue, len(e.names)+2)}
	var reasons []string
	size := 0
	keyVal := func(attr, typ string, v []byte, max int, what string) {
		if v == nil {
			return
		}
		if len(v) == 0 {
			reasons = append(reasons, fmt.Sprintf("empty %s (%s): DynamoDB keys cannot be empty", what, attr))
		} else if len(v) > max {
			reasons = append(reasons, fmt.Sprintf("%s (%s) is %d bytes, over DynamoDB's %d", what, attr, len(v), max))
		}
		switch typ {
		case "N":
			s := string(v)
			if n, err := checkNumber(s); err != nil {
				reasons = append(reasons, fmt.Sprintf("%s (%s): %v", what, attr, err))
			} else {
				it.Attrs[attr] = &types.AttributeValueMemberN{Value: s}
				size += len(attr) + n
			}
		case "B":
			it.Attrs[attr] = &types.AttributeValueMemberB{Value: bytes.Clone(v)}
			size += len(attr) + len(v)
		default:
			if !utf8.Valid(v) {
				reasons = append(reasons, fmt.Sprintf("%s (%s) is not valid UTF-8", what, attr))
			}
			it.Attrs[attr] = &types.AttributeValueMemberS{Value: string(v)}
			size += len(attr) + len(v)
		}
	}
	if row.Problem != "" {
		reasons = append(reasons, "key cannot be encoded: "+row.Problem)
	} else if row.PK == nil || (e.skAttr != "" && row.SK == nil) {
		reasons = append(reasons, "key cannot be encoded: NULL key value")
	}
	keyVal(e.pkAttr, e.pkType, row.PK, maxPKBytes, "partition key")
	if e.skAttr != "" {
		keyVal(e.skAttr, e.skType, row.SK, maxSKBytes, "sort key")
	}
	it.Key = string(row.PK) + "\x00" + string(row.SK)
	if row.Copies > 1 {
		reasons = append(reasons, fmt.Sprintf("key collision: %d source rows map to %s", row.Copies, e.describeKey(row)))
	}
	for i, a := range e.table.Attributes {
		v := row.Values[i]
		if v == nil {
			if e.options.Nulls == plans.NullsWrite {
				it.Attrs[a.Name] = &types.AttributeValueMemberNULL{Value: true}
				size += e.nameLen[i] + 1
			}
			continue
		}
		av, n, err := e.value(a, v)
		if err != nil {
			reasons = append(reasons, fmt.Sprintf("column %s: %v", a.Column, err))
			continue
		}
		it.Attrs[a.Name] = av
		size += e.nameLen[i] + n
	}
	it.Size = size
	it.WCU = WCU(size)
	if size > MaxItemBytes {
		reasons = append(reasons, fmt.Sprintf("item is %d bytes, over DynamoDB's %d (400 KB)", size, MaxItemBytes))
	}
	if len(reasons) > 0 {
		return it, &Reject{Reason: strings.Join(reasons, "; "), Item: it.Attrs}
	}
	return it, nil
}

func (e *Encoder) describeKey(row *extract.Row) string {
	s := fmt.Sprintf("%s=%q", e.pkAttr, row.PK)
	if e.skAttr != "" {
		s += fmt.Sprintf(", %s=%q", e.skAttr, row.SK)
	}
	return s
}

// WCU is the write capacity a put of an item of size bytes consumes: 1 KB
// units, rounded up per item, at least one.
func WCU(size int) int {
	if size <= 0 {
		return 1
	}
	return (size + 1023) / 1024
}

// value encodes one non-NULL attribute value and returns its size.
func (e *Encoder) value(a plans.Attribute, v []byte) (types.AttributeValue, int, error) {
	switch a.Encoding {
	case plans.AttrNumber, plans.AttrFloat:
		s := string(v)
		n, err := checkNumber(s)
		if err != nil {
			if errors.Is(err, errSpecial) && e.options.FloatSpecials == plans.FloatSpecialsString {
				return &types.AttributeValueMemberS{Value: s}, len(s), nil
			}
			return nil, 0, err
		}
		return &types.AttributeValueMemberN{Value: s}, n, nil
	case plans.AttrBool:
		switch string(v) {
		case "true", "t":
			return &types.AttributeValueMemberBOOL{Value: true}, 1, nil
		case "false", "f":
			return &types.AttributeValueMemberBOOL{Value: false}, 1, nil
		}
		return nil, 0, fmt.Errorf("boolean %q", v)
	case plans.AttrBinary:
		return &types.AttributeValueMemberB{Value: bytes.Clone(v)}, len(v), nil
	case plans.AttrJSON, plans.AttrArray:
		return jsonValue(v)
	default:
		if !utf8.Valid(v) {
			return nil, 0, errors.New("text is not valid UTF-8")
		}
		return &types.AttributeValueMemberS{Value: string(v)}, len(v), nil
	}
}

// jsonValue decodes a JSON document into an attribute value, keeping
// numbers as their exact decimal text.
func jsonValue(v []byte) (types.AttributeValue, int, error) {
	if av, n, err := fastJSON(v); err == nil {
		return av, n, nil
	}
	return slowJSON(v)
}

// slowJSON decodes with encoding/json: the reference for fastJSON, and the
// path that words the errors of invalid documents.
func slowJSON(v []byte) (types.AttributeValue, int, error) {
	d := json.NewDecoder(bytes.NewReader(v))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return nil, 0, fmt.Errorf("json: %w", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, 0, errors.New("json: trailing data")
	}
	return fromJSON(x)
}

func fromJSON(x any) (types.AttributeValue, int, error) {
	switch x := x.(type) {
	case nil:
		return &types.AttributeValueMemberNULL{Value: true}, 1, nil
	case bool:
		return &types.AttributeValueMemberBOOL{Value: x}, 1, nil
	case string:
		return &types.AttributeValueMemberS{Value: x}, len(x), nil
	case json.Number:
		n, err := checkNumber(string(x))
		if err != nil {
			return nil, 0, fmt.Errorf("json %w", err)
		}
		return &types.AttributeValueMemberN{Value: string(x)}, n, nil
	case []any:
		l := make([]types.AttributeValue, len(x))
		size := 3
		for i, el := range x {
			av, n, err := fromJSON(el)
			if err != nil {
				return nil, 0, err
			}
			l[i] = av
			size += 1 + n
		}
		return &types.AttributeValueMemberL{Value: l}, size, nil
	case map[string]any:
		m := make(map[string]types.AttributeValue, len(x))
		size := 3
		for k, el := range x {
			av, n, err := fromJSON(el)
			if err != nil {
				return nil, 0, err
			}
			m[k] = av
			size += 1 + len(k) + n
		}
		return &types.AttributeValueMemberM{Value: m}, size, nil
	}
	return nil, 0, fmt.Errorf("json value of type %T", x)
}

// errSpecial marks NaN and ±Infinity, which Options.FloatSpecials may turn
// into strings.
var errSpecial = errors.New("not a finite number")

// checkNumber validates s as a DynamoDB number (at most 38 significant
// digits, magnitude 1E-130 to below 1E+126, finite) and returns its size
// by DynamoDB's rule: one byte per two significant digits plus one.
func checkNumber(s string) (int, error) {
	sig, exp, zero, ok := scanDecimal(s)
	if !ok {
		// Errors are built only here: every numeric attribute of every
		// row passes this function.
		i := 0
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		switch strings.ToLower(s[i:]) {
		case "nan", "infinity", "inf":
			return 0, fmt.Errorf("number %s: %w; DynamoDB numbers cannot hold it", s, errSpecial)
		}
		return 0, fmt.Errorf("%q is not a decimal number", s)
	}
	if zero {
		return 1, nil
	}
	switch {
	case sig > 38:
		return 0, fmt.Errorf("number %s has %d significant digits, over DynamoDB's 38", s, sig)
	case exp > 125:
		return 0, fmt.Errorf("number %s is too large for DynamoDB (at most 9.99…E+125)", s)
	case exp < -130:
		return 0, fmt.Errorf("number %s is too small for DynamoDB (at least 1E-130)", s)
	}
	return (sig+1)/2 + 1, nil
}

// CanonicalNumber renders a DynamoDB number so that equal values compare
// equal as strings ("1.50" and "15E-1" both give "1.5E0").
func CanonicalNumber(s string) string {
	sig, exp, zero, ok := scanDecimal(s)
	if !ok {
		return s
	}
	if zero {
		return "0"
	}
	digits := make([]byte, 0, len(s))
	for i := 0; i < len(s) && s[i] != 'e' && s[i] != 'E'; i++ {
		if c := s[i]; (c >= '1' && c <= '9') || (c == '0' && len(digits) > 0) {
			digits = append(digits, c)
		}
	}
	digits = digits[:sig] // without trailing zeros
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign = "-"
	}
	mant := string(digits[:1])
	if len(digits) > 1 {
		mant += "." + string(digits[1:])
	}
	return sign + mant + "E" + strconv.Itoa(exp)
}

// MarshalItem renders an item as DynamoDB JSON ({"pk":{"S":"…"},…}), the
// form of the rejects file and of verify's differences.
func MarshalItem(item map[string]types.AttributeValue) json.RawMessage {
	var b bytes.Buffer
	writeMap(&b, item)
	return b.Bytes()
}

func writeMap(b *bytes.Buffer, m map[string]types.AttributeValue) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, k)
		b.WriteByte(':')
		writeValue(b, m[k])
	}
	b.WriteByte('}')
}

// appendMap appends m in DynamoDB JSON, as MarshalItem renders it.
func appendMap(dst []byte, m map[string]types.AttributeValue) []byte {
	b := bytes.NewBuffer(dst)
	writeMap(b, m)
	return b.Bytes()
}

func writeString(b *bytes.Buffer, s string) {
	j, _ := json.Marshal(s)
	b.Write(j)
}

func writeValue(b *bytes.Buffer, v types.AttributeValue) {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		b.WriteString(`{"S":`)
		writeString(b, v.Value)
	case *types.AttributeValueMemberN:
		b.WriteString(`{"N":`)
		writeString(b, v.Value)
	case *types.AttributeValueMemberB:
		b.WriteString(`{"B":`)
		writeString(b, base64.StdEncoding.EncodeToString(v.Value))
	case *types.AttributeValueMemberBOOL:
		fmt.Fprintf(b, `{"BOOL":%t`, v.Value)
	case *types.AttributeValueMemberNULL:
		b.WriteString(`{"NULL":true`)
	case *types.AttributeValueMemberL:
		b.WriteString(`{"L":[`)
		for i, el := range v.Value {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, el)
		}
		b.WriteByte(']')
	case *types.AttributeValueMemberM:
		b.WriteString(`{"M":`)
		writeMap(b, v.Value)
	case *types.AttributeValueMemberSS:
		b.WriteString(`{"SS":`)
		j, _ := json.Marshal(v.Value)
		b.Write(j)
	case *types.AttributeValueMemberNS:
		b.WriteString(`{"NS":`)
		j, _ := json.Marshal(v.Value)
		b.Write(j)
	default:
		fmt.Fprintf(b, `{"?":%q`, fmt.Sprintf("%T", v))
	}
	b.WriteByte('}')
}
