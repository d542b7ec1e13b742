package item

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// derivedTable keys one index on a column's own attribute (uri) and two
// on derived attributes: one of uri alone, and one joining name and
// comment, as a composite base key is joined.
func derivedTable() plans.Table {
	str := func(c string) plans.KeyPart { return plans.KeyPart{Column: c, Encoding: plans.EncString} }
	return plans.Table{
		Source:       "public.artist",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
		Attributes: []plans.Attribute{
			{Column: "uri", Name: "uri", PGType: "text", Type: "S", Encoding: plans.AttrString},
			{Column: "name", Name: "name", PGType: "text", Type: "S", Encoding: plans.AttrString},
			{Column: "comment", Name: "comment", PGType: "text", Type: "S", Encoding: plans.AttrString},
			{Column: "year", Name: "year", PGType: "integer", Type: "N", Encoding: plans.AttrNumber},
		},
		Indexes: []plans.Index{
			{Name: "gsi_uri", Enabled: true, Projection: plans.ProjectAll,
				PartitionKey: plans.Key{Attribute: "gsi_uri_pk", Type: "S", Parts: []plans.KeyPart{str("uri")}}},
			{Name: "gsi_name_comment", Enabled: true, Projection: plans.ProjectAll,
				PartitionKey: plans.Key{Attribute: "gsi_name_comment_pk", Type: "S", Parts: []plans.KeyPart{str("name"), str("comment")}},
				SortKey:      &plans.Key{Attribute: "gsi_name_comment_sk", Type: "S", Parts: []plans.KeyPart{{Column: "year", Encoding: plans.EncInteger, Width: 5}}}},
			{Name: "gsi_off", Projection: plans.ProjectAll,
				PartitionKey: plans.Key{Attribute: "gsi_off_pk", Type: "S", Parts: []plans.KeyPart{str("name")}}},
		},
	}
}

// TestDerivedIndexKeys: a derived index key attribute is written beside
// the columns' own attributes, joined and escaped like a composite key,
// and left out of the item — never rejected — when a part is NULL or the
// value is empty; the column keeps its empty string as an ordinary
// attribute. A disabled index writes nothing.
func TestDerivedIndexKeys(t *testing.T) {
	t.Parallel()
	e, err := NewEncoder(derivedTable(), plans.Options{Nulls: plans.NullsOmit})
	if err != nil {
		t.Fatal(err)
	}
	row := func(vals ...any) *order.Row {
		r := &order.Row{PK: []byte("p"), Copies: 1}
		for _, v := range vals {
			if v == nil {
				r.Values = append(r.Values, nil)
			} else {
				r.Values = append(r.Values, []byte(v.(string)))
			}
		}
		return r
	}
	s := func(it Item, attr string) (string, bool) {
		v, ok := it.Attrs[attr].(*types.AttributeValueMemberS)
		if !ok {
			return "", false
		}
		return v.Value, true
	}
	it, rej := e.Encode(row("https://a.example/u/1", "Bob#1", `a\b`, "42"))
	if rej != nil {
		t.Fatalf("rejected: %s", rej.Reason)
	}
	if v, _ := s(it, "gsi_uri_pk"); v != "https://a.example/u/1" {
		t.Errorf("gsi_uri_pk = %q", v)
	}
	if v, _ := s(it, "gsi_name_comment_pk"); v != `Bob\#1#a\\b` {
		t.Errorf("gsi_name_comment_pk = %q, want the parts escaped and joined", v)
	}
	if v, _ := s(it, "gsi_name_comment_sk"); v != "00042" {
		t.Errorf("gsi_name_comment_sk = %q, want the integer encoding", v)
	}
	if _, ok := it.Attrs["gsi_off_pk"]; ok {
		t.Error("a disabled index's derived key is written")
	}

	it, rej = e.Encode(row("", "Bob", "", "7"))
	if rej != nil {
		t.Fatalf("an empty value in a derived key's column rejects the row: %s", rej.Reason)
	}
	if _, ok := it.Attrs["gsi_uri_pk"]; ok {
		t.Error("an empty uri is written as the derived key; want the item absent from gsi_uri")
	}
	if v, ok := s(it, "uri"); !ok || v != "" {
		t.Errorf("uri = %#v, want the empty string kept as an attribute", it.Attrs["uri"])
	}
	if v, _ := s(it, "gsi_name_comment_pk"); v != "Bob#" {
		t.Errorf("gsi_name_comment_pk = %q: a joined key with an empty part is not empty", v)
	}

	it, rej = e.Encode(row(nil, "Bob", nil, "7"))
	if rej != nil {
		t.Fatalf("rejected: %s", rej.Reason)
	}
	for _, a := range []string{"gsi_uri_pk", "gsi_name_comment_pk", "uri", "comment"} {
		if _, ok := it.Attrs[a]; ok {
			t.Errorf("%s is written for a NULL part", a)
		}
	}

	_, rej = e.Encode(row(strings.Repeat("u", 2049), "Bob", "", "7"))
	if rej == nil || !strings.Contains(rej.Reason, "gsi_uri_pk of index gsi_uri is 2049 bytes") {
		t.Errorf("an oversize derived key: %+v", rej)
	}
}

// TestDerivedIndexKeyClash: a derived key attribute named like a base key
// attribute is refused.
func TestDerivedIndexKeyClash(t *testing.T) {
	t.Parallel()
	tb := derivedTable()
	tb.Indexes[0].PartitionKey.Attribute = "pk"
	if _, err := NewEncoder(tb, plans.Options{}); err == nil || !strings.Contains(err.Error(), `"pk"`) {
		t.Errorf("err = %v, want the clash named", err)
	}
}
