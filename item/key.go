package item

import (
	"encoding/base64"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
)

// Key is an item's primary key: its partition key value and its sort key
// value ("" for a table without one), each as the item holds it (the text
// of an S or N value, the raw bytes of a B value). Every pipeline names an
// item by it: the rejects file and the checkpoint in its Map form, matching
// and verify in its Text form.
type Key struct{ PK, SK string }

// KeyOf is the key of an item in attribute values, as DynamoDB returns it.
// A missing key attribute gives "".
func KeyOf(t plans.Table, av map[string]types.AttributeValue) Key {
	k := Key{PK: scalar(av[t.PartitionKey.Attribute])}
	if t.SortKey != nil {
		k.SK = scalar(av[t.SortKey.Attribute])
	}
	return k
}

// KeyFromMap reads a key in its Map form (a rejects file's, a checkpoint's).
func KeyFromMap(t plans.Table, m map[string]string) Key {
	k := Key{PK: fromText(t.PartitionKey.Type, m[t.PartitionKey.Attribute])}
	if t.SortKey != nil {
		k.SK = fromText(t.SortKey.Type, m[t.SortKey.Attribute])
	}
	return k
}

// Key is the item's key.
func (it *WireItem) Key() Key { return Key{PK: it.PK(), SK: it.SK()} }

// Text is the key in a form that compares equal for equal keys: a number
// made canonical (DynamoDB may return it written otherwise), the two parts
// joined by a NUL.
func (k Key) Text(t plans.Table) string {
	s := keyText(t.PartitionKey.Type, k.PK) + "\x00"
	if t.SortKey != nil {
		s += keyText(t.SortKey.Type, k.SK)
	}
	return s
}

// Map is the key as the rejects file and the checkpoint spell it: key
// attribute name → value as text, a B value in base64.
func (k Key) Map(t plans.Table) map[string]string {
	m := map[string]string{t.PartitionKey.Attribute: toText(t.PartitionKey.Type, k.PK)}
	if t.SortKey != nil {
		m[t.SortKey.Attribute] = toText(t.SortKey.Type, k.SK)
	}
	return m
}

func scalar(v types.AttributeValue) string {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return v.Value
	case *types.AttributeValueMemberN:
		return v.Value
	case *types.AttributeValueMemberB:
		return string(v.Value)
	}
	return ""
}

func keyText(typ, v string) string {
	if typ == "N" {
		return codec.CanonicalNumber(v)
	}
	return v
}

func toText(typ, v string) string {
	if typ == "B" {
		return base64.StdEncoding.EncodeToString([]byte(v))
	}
	return v
}

func fromText(typ, v string) string {
	if typ == "B" {
		if b, err := base64.StdEncoding.DecodeString(v); err == nil {
			return string(b)
		}
	}
	return v
}
