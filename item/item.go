package item

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/codec"
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
	ID string
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
	nameLen []int
	// values are the attributes' encoders, in plan order.
	values []codec.Value
	// wirePK, wireSK and wireNames are the attribute names as AppendWire
	// writes them: quoted, with the colon.
	wirePK, wireSK []byte
	wireNames      [][]byte
	// indexKey[i] is set when attribute i is a key of an enabled index,
	// indexMax[i] its most bytes there and indexName[i] the index.
	// DynamoDB refuses NULL there, so a NULL is left out (a sparse index),
	// whatever options.nulls says; it refuses an empty or oversize value
	// too, which makes the row a reject.
	indexKey  []bool
	indexMax  []int
	indexName []string
	// derived are the enabled indexes' derived key attributes, which the
	// encoder writes beside the table's own (plans.Index).
	derived []derivedKey
}

// derivedKey is an index key attribute the encoder derives from
// attributes: their values encoded as key parts and joined.
type derivedKey struct {
	name, typ, index string
	wire             []byte
	limit            int
	parts            []plans.KeyPart
	// attrs[i] is the attribute that holds parts[i]'s column.
	attrs []int
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
		e.values = append(e.values, codec.NewValue(a, o.FloatSpecials))
		e.nameLen = append(e.nameLen, len(a.Name))
		e.wireNames = append(e.wireNames, wireName(a.Name))
	}
	e.wirePK, e.wireSK = wireName(e.pkAttr), wireName(e.skAttr)
	e.indexKey, e.indexMax, e.indexName = make([]bool, len(t.Attributes)), make([]int, len(t.Attributes)), make([]string, len(t.Attributes))
	for _, ix := range t.Indexes {
		if !ix.Enabled {
			continue
		}
		for i, a := range t.Attributes {
			limit := 0
			switch {
			case ix.SortKey != nil && a.Name == ix.SortKey.Attribute:
				limit = maxSKBytes
			case a.Name == ix.PartitionKey.Attribute:
				limit = maxPKBytes
			default:
				continue
			}
			if !e.indexKey[i] || limit < e.indexMax[i] {
				e.indexMax[i], e.indexName[i] = limit, ix.Name
			}
			e.indexKey[i] = true
		}
		for _, k := range []struct {
			key   *plans.Key
			limit int
		}{{&ix.PartitionKey, maxPKBytes}, {ix.SortKey, maxSKBytes}} {
			if k.key == nil || !t.DerivedKey(k.key) {
				continue
			}
			if err := e.addDerived(ix.Name, k.key, k.limit, seen); err != nil {
				return nil, fmt.Errorf("table %s index %s: %w", t.Source, ix.Name, err)
			}
		}
	}
	return e, nil
}

// addDerived adds the derived key attribute k of index ix, once however
// many indexes key on it.
func (e *Encoder) addDerived(ix string, k *plans.Key, limit int, seen map[string]bool) error {
	for i := range e.derived {
		if d := &e.derived[i]; d.name == k.Attribute {
			if limit < d.limit {
				d.limit, d.index = limit, ix
			}
			return nil
		}
	}
	if seen[k.Attribute] || k.Attribute == "" || len(k.Parts) == 0 {
		return fmt.Errorf("derived key attribute %q is empty, has no parts or is used twice (keys included)", k.Attribute)
	}
	d := derivedKey{name: k.Attribute, typ: k.Type, index: ix, wire: wireName(k.Attribute), limit: limit, parts: k.Parts}
	for _, p := range k.Parts {
		i := slices.IndexFunc(e.table.Attributes, func(a plans.Attribute) bool { return a.Column == p.Column })
		if i < 0 {
			return fmt.Errorf("derived key attribute %s: column %s is not written as an attribute", k.Attribute, p.Column)
		}
		d.attrs = append(d.attrs, i)
	}
	e.derived = append(e.derived, d)
	return nil
}

// derivedValue is d's value for a row's attribute values, or nil when the
// item leaves it out: a part is NULL or not written, or the value is
// empty (DynamoDB refuses an empty key).
func (e *Encoder) derivedValue(d *derivedKey, values [][]byte) []byte {
	composite := len(d.parts) > 1
	var out []byte
	for j, p := range d.parts {
		v := values[d.attrs[j]]
		if v == nil || e.values[d.attrs[j]].Omits(v) {
			return nil
		}
		if j > 0 {
			out = append(out, plans.Separator...)
		}
		switch p.Encoding {
		case plans.EncString, plans.EncInteger:
			out = append(out, codec.KeyPartText(p, string(v), composite)...)
		case plans.EncHex:
			// A binary attribute holds the raw bytes.
			out = codec.HexKeyPart(out, v)
		default:
			// Number, binary, and the date and time encodings, which the
			// attributes of those encodings already hold.
			out = append(out, v...)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Reject is a row that cannot be written, and why.
type Reject struct {
	Reason string
	// Item is what could be encoded of the row (possibly partial), so the
	// row can be found in the source.
	Item map[string]types.AttributeValue
}

// Encode builds the item of row as attribute values, or says why it
// cannot be written. It decodes what AppendWire writes, so the items that
// verify compares and review shows are the loader's, byte for byte.
func (e *Encoder) Encode(row *order.Row) (Item, *Reject) {
	_, w, rej := e.AppendWire(nil, row)
	if rej != nil {
		return Item{Pos: row.Pos, ID: w.ID, Attrs: rej.Item}, rej
	}
	attrs, err := DecodeItem(w.Body)
	if err != nil {
		// AppendWire wrote something it cannot read back: a bug, not a row.
		return Item{Pos: row.Pos, ID: w.ID}, &Reject{Reason: "internal error: " + err.Error()}
	}
	return Item{Pos: row.Pos, Attrs: attrs, ID: w.ID, Size: w.Size, WCU: w.WCU}, nil
}

func (e *Encoder) describeKey(row *order.Row) string {
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

// DecodeItem reads an item in DynamoDB JSON as AppendWire writes it (no
// white space) back into attribute values: for verify, review and the
// rejects file. It reads only that form; anything else is an error.
func DecodeItem(b []byte) (map[string]types.AttributeValue, error) {
	d := wireDecoder{b: b}
	m, ok := d.item()
	if !ok || d.i != len(b) {
		return nil, fmt.Errorf("decode item %q: malformed at byte %d", b, d.i)
	}
	return m, nil
}

type wireDecoder struct {
	b []byte
	i int
}

func (d *wireDecoder) byte(c byte) bool {
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

// item reads {"name":value,...}.
func (d *wireDecoder) item() (map[string]types.AttributeValue, bool) {
	if !d.byte('{') {
		return nil, false
	}
	m := map[string]types.AttributeValue{}
	if d.byte('}') {
		return m, true
	}
	for {
		k, ok := d.str()
		if !ok || !d.byte(':') {
			return nil, false
		}
		if m[k], ok = d.value(); !ok {
			return nil, false
		}
		if d.byte('}') {
			return m, true
		}
		if !d.byte(',') {
			return nil, false
		}
	}
}

// value reads {"T":…}.
func (d *wireDecoder) value() (types.AttributeValue, bool) {
	if !d.byte('{') {
		return nil, false
	}
	typ, ok := d.str()
	if !ok || !d.byte(':') {
		return nil, false
	}
	var av types.AttributeValue
	switch typ {
	case "S", "N", "B":
		s, ok := d.str()
		if !ok {
			return nil, false
		}
		switch typ {
		case "S":
			av = &types.AttributeValueMemberS{Value: s}
		case "N":
			av = &types.AttributeValueMemberN{Value: s}
		default:
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return nil, false
			}
			av = &types.AttributeValueMemberB{Value: b}
		}
	case "BOOL", "NULL":
		switch {
		case d.literal("true"):
			av = &types.AttributeValueMemberBOOL{Value: true}
		case typ == "BOOL" && d.literal("false"):
			av = &types.AttributeValueMemberBOOL{Value: false}
		default:
			return nil, false
		}
		if typ == "NULL" {
			av = &types.AttributeValueMemberNULL{Value: true}
		}
	case "L":
		if !d.byte('[') {
			return nil, false
		}
		l := []types.AttributeValue{}
		for !d.byte(']') {
			if len(l) > 0 && !d.byte(',') {
				return nil, false
			}
			el, ok := d.value()
			if !ok {
				return nil, false
			}
			l = append(l, el)
		}
		av = &types.AttributeValueMemberL{Value: l}
	case "M":
		m, ok := d.item()
		if !ok {
			return nil, false
		}
		av = &types.AttributeValueMemberM{Value: m}
	default:
		return nil, false
	}
	return av, d.byte('}')
}

func (d *wireDecoder) literal(lit string) bool {
	if len(d.b)-d.i >= len(lit) && string(d.b[d.i:d.i+len(lit)]) == lit {
		d.i += len(lit)
		return true
	}
	return false
}

// str reads a JSON string, unescaped by codec.Unescape.
func (d *wireDecoder) str() (string, bool) {
	if !d.byte('"') {
		return "", false
	}
	start, escaped := d.i, false
	for ; d.i < len(d.b); d.i++ {
		switch d.b[d.i] {
		case '\\':
			escaped = true
			d.i++
		case '"':
			body := d.b[start:d.i]
			d.i++
			if !escaped {
				return string(body), true
			}
			s, err := codec.Unescape(nil, body)
			return string(s), err == nil
		}
	}
	return "", false
}
