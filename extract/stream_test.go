package extract_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestStreamKeys checks the key encodings PostgreSQL computes: sign-aware
// fixed-width integers that sort as strings, escaped composite parts, UTC
// timestamps, the shard suffix equal to plans.Shard, and the reasons for
// keys that cannot be built.
func TestStreamKeys(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.k (a text, i bigint, ts timestamptz)`,
		`INSERT INTO public.k VALUES ('x#y\z', -5, '2024-03-01 12:00:00.5+02'), ('x', 42, '2024-03-01 00:00:00+00'),
		   ('x', -9223372036854775808, '2024-02-01'), ('x', 123456, NULL), (NULL, 1, '2024-01-01')`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	tb := plans.Table{
		Source:       "public.k",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "a", Encoding: plans.EncString}, {Column: "i", Encoding: plans.EncInteger, Width: 19}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "ts", Encoding: plans.EncTimestampTZ}}},
		Sharding:     &plans.Sharding{Shards: 4},
	}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: extract.OrderTable})
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		r := rows.Row()
		if r.PK != nil && r.SK != nil {
			base := string(r.PK[:strings.LastIndex(string(r.PK), "#")])
			if want := base + "#" + string(rune('0'+plans.Shard(string(r.SK), 4))); string(r.PK) != want {
				t.Errorf("pk %s, want shard suffix %s", r.PK, want)
			}
		}
		got = append(got, string(r.PK)+" | "+string(r.SK)+" | "+r.Problem)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	joined := strings.Join(got, "\n")
	for _, w := range []string{
		`x#0000000000000000042#`,        // zero-padded to the width
		`x#-0776627963145224192#`,       // 10^19 - 9223372036854775808
		`x\#y\\z#-9999999999999999995#`, // escaped string part, -5 as a complement
		`2024-03-01T10:00:00.500000Z`,   // UTC, six fraction digits
		"NULL in key column a", "NULL in key column ts",
	} {
		if !strings.Contains(joined, w) {
			t.Errorf("stream lacks %q:\n%s", w, joined)
		}
	}
	// Negative integers sort before non-negative ones and by value.
	if !("-0776627963145224192" < "-9999999999999999995" && "-9999999999999999995" < "0000000000000000042") {
		t.Error("integer encoding does not sort")
	}
}

func TestKeySQLRefusesBadPlans(t *testing.T) {
	t.Parallel()
	for _, tb := range []plans.Table{
		{Source: "public.k", PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "a", Encoding: plans.EncNumber}, {Column: "b", Encoding: plans.EncNumber}}}},
		{Source: "public.k", PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "a", Encoding: plans.EncString}}}, Sharding: &plans.Sharding{Shards: 3}},
		{Source: "public.k", PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "a", Encoding: plans.EncInteger}}}},
	} {
		if _, _, err := extract.KeySQL(tb); err == nil {
			t.Errorf("KeySQL accepted %+v", tb.PartitionKey)
		}
	}
}

// TestStreamOrdersNumberKeysByValue checks that N keys are ordered as
// numbers, as DynamoDB orders them: table order sorts partition and sort
// keys by value (2 before 10). The interleave's round r holds each key's
// r-th item in read order (rounds by arrival: see extract.Stream), keys
// compared by value.
func TestStreamOrdersNumberKeysByValue(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.n (p int, s numeric)`,
		`INSERT INTO public.n VALUES (10, 10), (10, 2), (10, 1.5), (9, 100), (9, 20)`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	tb := plans.Table{
		Source:       "public.n",
		PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "p", Encoding: plans.EncNumber}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "N", Parts: []plans.KeyPart{{Column: "s", Encoding: plans.EncNumber}}},
	}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	read := func(order extract.Order) []string {
		rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: order})
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			got = append(got, string(rows.Row().PK)+"/"+string(rows.Row().SK))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got, want := read(extract.OrderTable), []string{"9/20", "9/100", "10/1.5", "10/2", "10/10"}; !slices.Equal(got, want) {
		t.Errorf("table order %v, want %v", got, want)
	}
	// Rows were inserted 10/10, 10/2, 10/1.5, 9/100, 9/20. In sort-key
	// order (by value) round 1 holds 10/1.5 and 9/20, round 2 10/2 and
	// 9/100, round 3 10/10; in arrival order round 1 holds 10/10 and 9/100,
	// round 2 10/2 and 9/20, round 3 10/1.5.
	for _, c := range []struct {
		order  extract.Order
		rounds [][]string
	}{
		{extract.OrderInterleave, [][]string{{"10/1.5", "9/20"}, {"10/2", "9/100"}, {"10/10"}}},
		{extract.OrderInterleaveArrival, [][]string{{"10/10", "9/100"}, {"10/2", "9/20"}, {"10/1.5"}}},
	} {
		got := read(c.order)
		i := 0
		for r, want := range c.rounds {
			part := slices.Clone(got[i : i+len(want)])
			slices.Sort(part)
			slices.Sort(want)
			if !slices.Equal(part, want) {
				t.Errorf("%s round %d: %v, want %v (all: %v)", c.order, r+1, part, want, got)
			}
			i += len(want)
		}
	}
}
