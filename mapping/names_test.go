package mapping

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/pg2ddb/pg2ddb/plans"
)

// dynamoTableName is DynamoDB's rule, restated here so the test does not
// trust the code it checks.
var dynamoTableName = regexp.MustCompile(`^[a-zA-Z0-9_.-]{3,255}$`)

func TestTargetNames(t *testing.T) {
	t.Parallel()
	long := "Kundenbestellungen Übersicht für das Geschäftsjahr 2024 Q1+2" // 63 bytes
	tables := []catalog.Table{
		{Schema: "public", Name: "rental"},
		{Schema: "public", Name: "Order Archive"},
		{Schema: "public", Name: "Order_Archive"},
		{Schema: "public", Name: "orders"},
		{Schema: "archive", Name: "orders"},
		{Schema: "public", Name: long},
		{Schema: "public", Name: "x"},
		{Schema: "public", Name: "日本"},
		{Schema: "public", Name: "a\"b"},
		{Schema: "public", Name: "a'b"},
	}
	got, err := targetNames(tables, "app.")
	if err != nil {
		t.Fatal(err)
	}
	h := func(q string) string { return "_" + shortHash(q) }
	// A name holding a double quote is written quoted in a plan's source.
	quoted := plans.TableName{Schema: "public", Name: "a\"b"}.String()
	want := map[string]string{
		"public.rental":        "app.rental",
		"public.Order Archive": "app.Order_Archive" + h("public.Order Archive"),
		"public.Order_Archive": "app.Order_Archive",
		"public.orders":        "app.orders",
		"archive.orders":       "app.orders" + h("archive.orders"),
		"public." + long:       "app.Kundenbestellungen__bersicht_f_r_das_Gesch_ftsjahr_2024_Q1_2",
		"public.x":             "app.x",
		"public.日本":            "app.__",
		quoted:                 "app.a_b" + h(quoted),
		"public.a'b":           "app.a_b" + h("public.a'b"),
	}
	seen := map[string]string{}
	for q, w := range want {
		if got[q] != w {
			t.Errorf("%s → %q, want %q", q, got[q], w)
		}
		if !dynamoTableName.MatchString(got[q]) {
			t.Errorf("%s → %q is not a DynamoDB table name", q, got[q])
		}
		if other, dup := seen[got[q]]; dup {
			t.Errorf("%s and %s share %q", q, other, got[q])
		}
		seen[got[q]] = q
	}
	// Without a prefix, a name under three characters gets its hash.
	short, err := targetNames([]catalog.Table{{Schema: "public", Name: "x"}, {Schema: "public", Name: "ab"}, {Schema: "public", Name: "abc"}}, "")
	if err != nil {
		t.Fatal(err)
	}
	if short["public.x"] != "x"+h("public.x") || short["public.ab"] != "ab"+h("public.ab") || short["public.abc"] != "abc" {
		t.Errorf("short names: %v", short)
	}
	// The suffix is a function of the source alone: the same in every plan
	// where the collision exists, whatever else is planned.
	again, err := targetNames([]catalog.Table{{Schema: "public", Name: "Order_Archive"}, {Schema: "public", Name: "Order Archive"}}, "app.")
	if err != nil {
		t.Fatal(err)
	}
	if again["public.Order Archive"] != got["public.Order Archive"] {
		t.Errorf("the suffix moved with the table list: %q, then %q", got["public.Order Archive"], again["public.Order Archive"])
	}
	// A prefix long enough to push names over 255 characters: cut, still
	// distinct, still valid.
	prefix := strings.Repeat("p", 200)
	stem := strings.Repeat("n", 60)
	cut, err := targetNames([]catalog.Table{{Schema: "public", Name: stem + "_a"}, {Schema: "public", Name: stem + "_b"}}, prefix)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := cut["public."+stem+"_a"], cut["public."+stem+"_b"]; a == b || !dynamoTableName.MatchString(a) || !dynamoTableName.MatchString(b) {
		t.Errorf("long prefix: %q and %q", a, b)
	}
}

func TestTargetNamesRefusesABadPrefix(t *testing.T) {
	t.Parallel()
	for _, prefix := range []string{"my app_", "prod:", "ü_", strings.Repeat("p", 201)} {
		if _, err := targetNames([]catalog.Table{{Schema: "public", Name: "rental"}}, prefix); err == nil || !strings.Contains(err.Error(), "table prefix") {
			t.Errorf("prefix %q: %v", prefix, err)
		}
	}
}

func TestKeyAttributesGiveWayToColumns(t *testing.T) {
	t.Parallel()
	pt := &plans.Table{
		PartitionKey: plans.Key{Attribute: "pk"},
		SortKey:      &plans.Key{Attribute: "sk"},
		Attributes:   []plans.Attribute{{Column: "pk", Name: "pk"}, {Column: "sk", Name: "sk"}, {Column: "x", Name: "_sk"}},
	}
	giveWayKeyAttributes(pt)
	if pt.PartitionKey.Attribute != "_pk" || pt.SortKey.Attribute != "__sk" {
		t.Errorf("key attributes %q, %q; want _pk, __sk", pt.PartitionKey.Attribute, pt.SortKey.Attribute)
	}
	plain := &plans.Table{PartitionKey: plans.Key{Attribute: "pk"}, Attributes: []plans.Attribute{{Column: "id", Name: "id"}}}
	giveWayKeyAttributes(plain)
	if plain.PartitionKey.Attribute != "pk" {
		t.Errorf("a key attribute without a clash was renamed to %q", plain.PartitionKey.Attribute)
	}
}

func TestUnplannable(t *testing.T) {
	t.Parallel()
	jsonOnly := &catalog.Table{Schema: "public", Name: "raw", Columns: []catalog.Column{{Name: "doc", BaseType: "jsonb", Category: "U"}}}
	if why := unplannable(jsonOnly, nil); !strings.Contains(why, "no column can be a DynamoDB key") || !strings.Contains(why, "doc jsonb") {
		t.Errorf("jsonb-only table: %q", why)
	}
	withText := &catalog.Table{Schema: "public", Name: "raw", Columns: []catalog.Column{
		{Name: "doc", BaseType: "jsonb", Category: "U"}, {Name: "code", BaseType: "text", Category: "S"}}}
	if why := unplannable(withText, nil); why != "" {
		t.Errorf("a table with a text column is unplannable: %q", why)
	}
	dotted := &catalog.Table{Schema: "my.schema", Name: "t", Columns: []catalog.Column{{Name: "code", BaseType: "text", Category: "S"}}}
	// Sources travel as (schema, name) pairs, so a dot inside a schema
	// name is no reason to skip the table.
	if why := unplannable(dotted, nil); why != "" {
		t.Errorf("dotted schema is unplannable: %q", why)
	}
}
