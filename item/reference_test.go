package item

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The reference for the wire encoder: an independent, plain encoder that
// builds the SDK's attribute values from a row (json through encoding/json),
// and aws-sdk-go-v2's own serializer, which turns them into the request JSON
// that the loader writes by hand. checkWire requires the two to agree.

var errCaptured = errors.New("request captured")

// capture is an HTTP client that keeps the body of the request it is given
// and sends nothing.
type capture struct {
	mu   sync.Mutex
	body []byte
}

func (c *capture) Do(req *http.Request) (*http.Response, error) {
	b, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.body = b
	c.mu.Unlock()
	return nil, errCaptured
}

var (
	sdkOnce   sync.Once
	sdkClient *dynamodb.Client
	sdkBodies = &capture{}
	sdkMu     sync.Mutex
)

// sdkItem returns the JSON aws-sdk-go-v2's serializer writes for item: the
// "Item" member of a PutItem request body, captured before it is sent.
func sdkItem(item map[string]types.AttributeValue) (json.RawMessage, error) {
	sdkOnce.Do(func() {
		sdkClient = dynamodb.New(dynamodb.Options{
			Region: "us-east-1", Credentials: aws.AnonymousCredentials{},
			BaseEndpoint: aws.String("http://127.0.0.1:9"), HTTPClient: sdkBodies, RetryMaxAttempts: 1,
		})
	})
	sdkMu.Lock()
	defer sdkMu.Unlock()
	_, err := sdkClient.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String("t"), Item: item})
	if !errors.Is(err, errCaptured) {
		return nil, fmt.Errorf("sdk serializer: %v", err)
	}
	var body struct{ Item json.RawMessage }
	if err := json.Unmarshal(sdkBodies.body, &body); err != nil {
		return nil, fmt.Errorf("sdk body %s: %w", sdkBodies.body, err)
	}
	return body.Item, nil
}

// sameJSON reports whether a and b are the same JSON value, member order
// aside.
func sameJSON(a, b []byte) (bool, error) {
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		return false, fmt.Errorf("%s: %w", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		return false, fmt.Errorf("%s: %w", b, err)
	}
	return reflect.DeepEqual(x, y), nil
}

// refItem encodes row the plain way: the plan's declared types, json
// through encoding/json. It returns the item and its DynamoDB size, or
// false when the row cannot be written.
func refItem(tb plans.Table, o plans.Options, row *order.Row) (map[string]types.AttributeValue, int, bool) {
	if row.Problem != "" || row.PK == nil || row.Copies > 1 {
		return nil, 0, false
	}
	item := map[string]types.AttributeValue{}
	key := func(attr, typ string, v []byte, limit int) bool {
		if len(v) == 0 || len(v) > limit {
			return false
		}
		var av types.AttributeValue
		switch typ {
		case "N":
			if _, err := codec.NumberSize(v); err != nil {
				return false
			}
			av = &types.AttributeValueMemberN{Value: string(v)}
		case "B":
			av = &types.AttributeValueMemberB{Value: bytes.Clone(v)}
		default:
			if !utf8.Valid(v) {
				return false
			}
			av = &types.AttributeValueMemberS{Value: string(v)}
		}
		item[attr] = av
		return true
	}
	if !key(tb.PartitionKey.Attribute, tb.PartitionKey.Type, row.PK, maxPKBytes) {
		return nil, 0, false
	}
	if tb.SortKey != nil && !key(tb.SortKey.Attribute, tb.SortKey.Type, row.SK, maxSKBytes) {
		return nil, 0, false
	}
	for i, a := range tb.Attributes {
		v := row.Values[i]
		if v == nil {
			if o.Nulls == plans.NullsWrite {
				item[a.Name] = &types.AttributeValueMemberNULL{Value: true}
			}
			continue
		}
		av, ok := refValue(a, o, v)
		if !ok {
			return nil, 0, false
		}
		item[a.Name] = av
	}
	size := 0
	for k, av := range item {
		size += len(k) + avSize(av)
	}
	if size > MaxItemBytes {
		return nil, 0, false
	}
	return item, size, true
}

func refValue(a plans.Attribute, o plans.Options, v []byte) (types.AttributeValue, bool) {
	str := func() (types.AttributeValue, bool) {
		return &types.AttributeValueMemberS{Value: string(v)}, utf8.Valid(v)
	}
	switch a.Encoding {
	case plans.AttrNumber, plans.AttrFloat:
		_, err := codec.NumberSize(v)
		special := errors.Is(err, codec.ErrSpecial)
		switch {
		case a.Type == "S":
			if _, _, _, ok := codec.ScanDecimal(v); !ok && !special {
				return nil, false
			}
			return str()
		case err == nil:
			return &types.AttributeValueMemberN{Value: string(v)}, true
		case special && o.FloatSpecials == plans.FloatSpecialsString:
			return str()
		}
		return nil, false
	case plans.AttrBool:
		switch string(v) {
		case "t", "true":
			return &types.AttributeValueMemberBOOL{Value: true}, true
		case "f", "false":
			return &types.AttributeValueMemberBOOL{Value: false}, true
		}
		return nil, false
	case plans.AttrBinary:
		return &types.AttributeValueMemberB{Value: bytes.Clone(v)}, true
	case plans.AttrJSON, plans.AttrArray:
		if a.Type == "S" {
			return str()
		}
		return refJSON(v)
	}
	return str()
}

// refJSON decodes a document with encoding/json, numbers as their text,
// and refuses what DynamoDB refuses: numbers it cannot hold, empty map
// keys, nesting over codec.MaxJSONDepth.
func refJSON(v []byte) (types.AttributeValue, bool) {
	if !utf8.Valid(v) || loneSurrogate(string(v)) {
		return nil, false
	}
	d := json.NewDecoder(bytes.NewReader(v))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, false
	}
	return fromJSON(x, 0)
}

// loneSurrogate reports whether a \u escape of doc is half of a UTF-16
// surrogate pair without its other half (encoding/json would turn it
// into U+FFFD).
func loneSurrogate(doc string) bool {
	hex := func(i int) int {
		if i+6 > len(doc) || doc[i] != '\\' || doc[i+1] != 'u' {
			return -1
		}
		n, err := strconv.ParseUint(doc[i+2:i+6], 16, 16)
		if err != nil {
			return -1
		}
		return int(n)
	}
	for i := 0; i < len(doc); i++ {
		if doc[i] != '\\' {
			continue
		}
		r := hex(i)
		switch {
		case r >= 0xd800 && r < 0xdc00:
			if r2 := hex(i + 6); r2 < 0xdc00 || r2 > 0xdfff {
				return true
			}
			i += 11
		case r >= 0xdc00 && r <= 0xdfff:
			return true
		default:
			i++ // the escaped character
		}
	}
	return false
}

func fromJSON(x any, depth int) (types.AttributeValue, bool) {
	switch x := x.(type) {
	case nil:
		return &types.AttributeValueMemberNULL{Value: true}, true
	case bool:
		return &types.AttributeValueMemberBOOL{Value: x}, true
	case string:
		return &types.AttributeValueMemberS{Value: x}, true
	case json.Number:
		if _, err := codec.NumberSize(string(x)); err != nil {
			return nil, false
		}
		return &types.AttributeValueMemberN{Value: string(x)}, true
	case []any:
		if depth >= codec.MaxJSONDepth {
			return nil, false
		}
		l := make([]types.AttributeValue, len(x))
		for i, el := range x {
			av, ok := fromJSON(el, depth+1)
			if !ok {
				return nil, false
			}
			l[i] = av
		}
		return &types.AttributeValueMemberL{Value: l}, true
	case map[string]any:
		if depth >= codec.MaxJSONDepth {
			return nil, false
		}
		m := make(map[string]types.AttributeValue, len(x))
		for k, el := range x {
			av, ok := fromJSON(el, depth+1)
			if !ok || k == "" {
				return nil, false
			}
			m[k] = av
		}
		return &types.AttributeValueMemberM{Value: m}, true
	}
	return nil, false
}

// avSize is an attribute value's size by DynamoDB's rules.
func avSize(av types.AttributeValue) int {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		n, _ := codec.NumberSize(v.Value)
		return n
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberL:
		size := 3
		for _, el := range v.Value {
			size += 1 + avSize(el)
		}
		return size
	case *types.AttributeValueMemberM:
		size := 3
		for k, el := range v.Value {
			size += 1 + len(k) + avSize(el)
		}
		return size
	}
	return 1 // BOOL, NULL
}

// checkWire encodes row with the loader's wire encoder and with the
// reference (refItem, then the SDK's serializer) and reports any
// difference: the same JSON, size, key and position; a row the reference
// refuses must be rejected, with a reason.
func checkWire(e *Encoder, row *order.Row) error {
	prefix := []byte("earlier items,")
	buf, wit, rej := e.AppendWire(bytes.Clone(prefix), row)
	if string(buf[:len(prefix)]) != string(prefix) {
		return fmt.Errorf("AppendWire changed the bytes before it: %q", buf[:len(prefix)])
	}
	want, size, ok := refItem(e.table, e.options, row)
	if rej != nil {
		if ok {
			return fmt.Errorf("rejected (%s), the reference writes it", rej.Reason)
		}
		if rej.Reason == "" || len(buf) != len(prefix) {
			return fmt.Errorf("reject without a reason %q or with bytes appended %q", rej.Reason, buf[len(prefix):])
		}
		return nil
	}
	if !ok {
		return fmt.Errorf("written as %s, the reference refuses it", wit.Body)
	}
	if string(buf[len(prefix):]) != string(wit.Body) {
		return fmt.Errorf("Body %q is not what was appended %q", wit.Body, buf[len(prefix):])
	}
	sdk, err := sdkItem(want)
	if err != nil {
		return err
	}
	if same, err := sameJSON(wit.Body, sdk); err != nil || !same {
		return fmt.Errorf("wire and SDK differ (%v):\n wire %s\n sdk  %s", err, wit.Body, sdk)
	}
	if wit.Size != size || wit.WCU != WCU(size) || wit.Pos != row.Pos || wit.ID != string(row.PK)+"\x00"+string(row.SK) {
		return fmt.Errorf("wire size %d wcu %d key %q pos %d, want size %d", wit.Size, wit.WCU, wit.ID, wit.Pos, size)
	}
	if wit.PK() != string(row.PK) || wit.SK() != string(row.SK) {
		return fmt.Errorf("PK/SK %q/%q, want %q/%q", wit.PK(), wit.SK(), row.PK, row.SK)
	}
	// Encode, which verify and review use, decodes the same bytes.
	it, erej := e.Encode(row)
	if erej != nil {
		return fmt.Errorf("Encode rejects what AppendWire writes: %s", erej.Reason)
	}
	if g, w := string(MarshalItem(it.Attrs)), string(MarshalItem(want)); g != w || it.Size != size {
		return fmt.Errorf("Encode differs:\n got  %s (%d B)\n want %s (%d B)", g, it.Size, w, size)
	}
	return nil
}
