package extract_test

import (
	"cmp"
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/order"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

// renderRow is a stream row as text: keys, problem and every value.
func renderRow(r *order.Row) string {
	return rowText(r.PK, r.SK, r.Problem, 1, r.Values)
}

// compareReads reads tb through the load's plain read (bare columns
// decoded in pg2ddb, integer number keys as ::text) and through the
// expressions it replaced, and fails unless both give the same rows byte
// for byte.
func compareReads(t *testing.T, s *extract.Snapshot, tb plans.Table) int {
	t.Helper()
	tb.Duplicates = nil // numbered by the interleave, not by either read
	old, err := extract.ExpressionRows(t.Context(), s, tb, renderRow)
	if err != nil {
		t.Fatalf("%s: %v", tb.Source, err)
	}
	it, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: extract.OrderArrival})
	if err != nil {
		t.Fatalf("%s: %v", tb.Source, err)
	}
	var got []string
	for it.Next() {
		got = append(got, renderRow(it.Row()))
	}
	err = it.Err()
	it.Close()
	if err != nil {
		t.Fatalf("%s: %v", tb.Source, err)
	}
	slices.Sort(old)
	slices.Sort(got)
	if !slices.Equal(got, old) {
		t.Errorf("%s: the bare-column read differs from the expressions':\n got %q\nwant %q", tb.Source, diffOf(got, old), diffOf(old, got))
	}
	return len(got)
}

// byShape returns the tables of p that together hold every column shape
// (type and encoding of each attribute, encoding of each key part) of p:
// the smallest table first, and a larger one only when it has a shape no
// smaller one has. rows estimates a table's rows.
func byShape(p *plans.Plan, rows func(source string) float64) []plans.Table {
	tables := slices.Clone(p.Tables)
	slices.SortStableFunc(tables, func(a, b plans.Table) int { return cmp.Compare(rows(a.Source), rows(b.Source)) })
	seen := map[string]bool{}
	var out []plans.Table
	for _, tb := range tables {
		var shapes []string
		for _, a := range tb.Attributes {
			shapes = append(shapes, "attr "+a.PGType+" "+a.Type+" "+a.Encoding)
		}
		parts := slices.Clone(tb.PartitionKey.Parts)
		if tb.SortKey != nil {
			parts = append(parts, tb.SortKey.Parts...)
		}
		for _, kp := range parts {
			shapes = append(shapes, "key "+kp.Encoding)
		}
		if tb.Sharding != nil {
			shapes = append(shapes, "sharded")
		}
		novel := false
		for _, sh := range shapes {
			if !seen[sh] {
				novel, seen[sh] = true, true
			}
		}
		if novel {
			out = append(out, tb)
		}
	}
	return out
}

// TestBareColumnsReadAsTheExpressions pins the plain read's bare columns:
// on the tables of the five datasets (with the plans mapping designs) that
// hold every column shape of their dataset (byShape: employees' 2.8 million
// salaries repeat the shapes of smaller tables) and on a table of edge
// values, the rows are byte for byte those of the SQL expressions the read
// used before (to_char, ::text, ::numeric::text).
func TestBareColumnsReadAsTheExpressions(t *testing.T) {
	t.Parallel()
	for _, ds := range testenv.Datasets {
		t.Run(ds, func(t *testing.T) {
			testenv.Long(t)
			t.Parallel()
			db := testenv.NewDatabase(t, ds)
			s, err := extract.Begin(t.Context(), db.Pool)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close(t.Context())
			schema, err := extract.Inspect(t.Context(), s, extract.InspectOptions{})
			if err != nil {
				t.Fatal(err)
			}
			prof, err := extract.ProfileTables(t.Context(), s, schema, extract.ProfileOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := mapping.Design(t.Context(), schema, prof, s, mapping.Options{})
			if err != nil {
				t.Fatal(err)
			}
			estimate := func(source string) float64 {
				from, err := extract.SourceIdent(source)
				if err != nil {
					t.Fatal(err)
				}
				var n float64
				if err := db.Pool.QueryRow(t.Context(), "SELECT reltuples FROM pg_class WHERE oid = $1::regclass", from).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			bare, rows := 0, 0
			tables := byShape(p, estimate)
			for _, tb := range tables {
				rows += compareReads(t, s, tb)
				for _, a := range tb.Attributes {
					if _, ok := codec.RawValue(a); ok {
						bare++
					}
				}
			}
			if bare == 0 || rows == 0 {
				t.Errorf("%d bare columns, %d rows compared: the test compares nothing", bare, rows)
			}
			t.Logf("%d of %d tables, %d rows compared", len(tables), len(p.Tables), rows)
		})
	}
	t.Run("edges", func(t *testing.T) {
		t.Parallel()
		db := testenv.NewDatabase(t, "")
		exec(t, db.Pool,
			`CREATE DOMAIN posint AS integer CHECK (VALUE > 0)`,
			`CREATE TABLE public.e (id bigint, k text, i2 smallint, i4 posint, n numeric(40,10), nu numeric,
				f4 real, f8 double precision, d date, ts timestamp, tz timestamptz, j json, jb jsonb,
				t text, v varchar(10), c char(5), u uuid, ba bytea, b boolean, nm name)`,
			`INSERT INTO public.e VALUES
				(1, 'a#b\c', -32768, 1, -123456789012345678901234567890.0123456789, 'NaN', 'NaN', 'Infinity',
				 '0044-03-15 BC', '0044-03-15 12:30:00.5 BC', '4713-01-01 00:00:00+00 BC', '{"a": 1.50}', '{"b": [1, 2.0]}',
				 'plain', 'ünïcode', 'ab', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '\x00ff', true, 'nm'),
				(-9223372036854775808, '', 32767, 2147483647, 0, 1e-20, 1.5e-45, 1e308,
				 'infinity', 'infinity', '-infinity', 'null', '"s"', '', '', '', NULL, '\x', false, ''),
				(9223372036854775807, NULL, 0, 7, NULL, 12345678901234567890123456789012345678901234567890, -0.0, -1e-300,
				 '-infinity', '-infinity', 'infinity', '[]', '[]', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
				(4, 'y10k', 1, 3, 1, 2, 3, 4, '10000-01-01', '10000-12-31 23:59:59.999999', '294276-12-31 23:59:59.999999+00', '1', '1',
				 't', 'v', 'c    ', '00000000-0000-0000-0000-000000000000', '\xdeadbeef', true, 'x'),
				(5, 'pre-2000', 1, 3, 1, 2, 3, 4, '1999-12-31', '1999-12-31 23:59:59.000001', '1969-07-20 20:17:40.123456-03', '1', '1',
				 't', 'v', 'c', NULL, NULL, NULL, NULL),
				(NULL, 'null id', 1, 3, 1, 2, 3, 4, '0001-01-01', '0001-01-01 00:00:00', '0001-01-01 00:00:00+00', '1', '1',
				 't', 'v', 'c', NULL, NULL, NULL, NULL)`)
		s, err := extract.Begin(t.Context(), db.Pool)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close(t.Context())
		cols := []struct{ name, typ string }{
			{"id", "bigint"}, {"k", "text"}, {"i2", "smallint"}, {"i4", "integer"}, {"n", "numeric"}, {"nu", "numeric"},
			{"f4", "real"}, {"f8", "double precision"}, {"d", "date"}, {"ts", "timestamp without time zone"},
			{"tz", "timestamp with time zone"}, {"j", "json"}, {"jb", "jsonb"}, {"t", "text"}, {"v", "character varying"},
			{"c", "character"}, {"u", "uuid"}, {"ba", "bytea"}, {"b", "boolean"}, {"nm", "name"},
		}
		var attrs []plans.Attribute
		for _, c := range cols {
			a := codec.Attribute(codec.Parse(c.typ, "", "", ""), 0)
			attrs = append(attrs, plans.Attribute{Column: c.name, Name: c.name, PGType: c.typ, Type: a.Type, Encoding: a.Encoding})
		}
		for _, tb := range []plans.Table{
			{Source: "public.e", Attributes: attrs,
				PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncNumber}}},
				SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "ts", Encoding: plans.EncTimestamp}}}},
			{Source: "public.e", Attributes: attrs,
				PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "k", Encoding: plans.EncString}, {Column: "i2", Encoding: plans.EncInteger, Width: 5}}},
				SortKey:      &plans.Key{Attribute: "sk", Type: "N", Parts: []plans.KeyPart{{Column: "i4", Encoding: plans.EncNumber}}},
				Sharding:     &plans.Sharding{Shards: 3}},
			{Source: "public.e", Attributes: attrs,
				PartitionKey: plans.Key{Attribute: "pk", Type: "B", Parts: []plans.KeyPart{{Column: "ba", Encoding: plans.EncBinary}}}},
		} {
			if n := compareReads(t, s, tb); n != 6 {
				t.Errorf("%s: %d rows, want 6", tb.Source, n)
			}
		}
		var bare int
		for _, a := range attrs {
			if _, ok := codec.RawValue(a); ok {
				bare++
			}
		}
		if bare != 17 { // all but character(n), bytea and boolean
			t.Errorf("%d of the edge table's 20 columns are read bare, want 17", bare)
		}
	})
}
