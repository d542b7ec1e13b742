package extract_test

import (
	"testing"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestInspectFillsTypeModel checks that Inspect fills each column's typed
// model from the catalog — oid, typmod, element, domain base — so no stage
// parses type names: a domain over numeric(60,2), character(4)[] and an
// enum.
func TestInspectFillsTypeModel(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	if _, err := db.Pool.Exec(t.Context(), `
CREATE DOMAIN public.money60 AS numeric(60,2);
CREATE TYPE public.mood AS ENUM ('sad', 'ok');
CREATE TABLE public.m (a public.money60, b character(4)[], c public.mood, d numeric, e character varying(7), f timestamptz)`); err != nil {
		t.Fatal(err)
	}
	s := inspect(t, db, extract.InspectOptions{})
	tb := s.Table("public", "m")
	if tb == nil {
		t.Fatal("table m not inspected")
	}
	for _, c := range []struct {
		col     string
		kind    codec.Kind
		display string
	}{
		{"a", codec.Numeric, "numeric(60,2)"},
		{"b", codec.Array, "character(4)[]"},
		{"c", codec.Enum, "public.mood"},
		{"d", codec.Numeric, "numeric"},
		{"e", codec.Varchar, "character varying(7)"},
		{"f", codec.TimestampTZ, "timestamp with time zone"},
	} {
		col := tb.Column(c.col)
		if col.Model.Kind != c.kind || col.Model.Display() != c.display || col.Model.OID == 0 {
			t.Errorf("%s: model %+v (%s), want kind %d, %s", c.col, col.Model, col.Model.Display(), c.kind, c.display)
		}
		if p := col.Codec(); p.Kind != c.kind {
			t.Errorf("%s: Codec() kind %d", c.col, p.Kind)
		}
	}
	if el := tb.Column("b").Model.Elem; el == nil || el.Kind != codec.Char || el.Length != 4 {
		t.Errorf("b: element %+v", el)
	}
}
