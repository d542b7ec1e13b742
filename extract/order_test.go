package extract_test

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// keysOf reads tb in order and returns "pk|sk copies" per row.
func keysOf(t *testing.T, s *extract.Snapshot, tb plans.Table, order extract.Order) []string {
	t.Helper()
	rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: order})
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		r := rows.Row()
		line := string(r.PK) + "|" + string(r.SK)
		if r.Copies != 1 {
			line += " copies"
		}
		for _, v := range r.Values {
			line += " " + string(v)
		}
		out = append(out, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKeysCompareInDynamoDBByteOrder pins that keys are ordered, grouped
// and counted by their UTF-8 bytes, as DynamoDB orders S keys, whatever the
// key columns' collation: an ICU collation must not reorder them ("a"
// before "B"), and a nondeterministic one must not make "abc" and "ABC" one
// key (collisions rejected, one partition in the distribution).
func TestKeysCompareInDynamoDBByteOrder(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE COLLATION public.ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`,
		`CREATE TABLE public.c (name text COLLATE public.ci, id int, word text COLLATE "und-x-icu", v text COLLATE public.ci)`,
		`INSERT INTO public.c VALUES ('abc', 1, 'a', 'x'), ('ABC', 1, 'B', 'y'), ('Abc', 2, 'b', 'z'), ('abc', 2, 'A', 'w')`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	str := func(c string) plans.KeyPart { return plans.KeyPart{Column: c, Encoding: plans.EncString} }
	attrs := []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}
	for _, c := range []struct {
		name  string
		tb    plans.Table
		order extract.Order
		want  string
	}{
		{"one-part keys of a nondeterministic collation, table order",
			plans.Table{Source: "public.c", PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{str("name")}},
				SortKey: &plans.Key{Type: "S", Parts: []plans.KeyPart{str("word")}}, Attributes: attrs},
			extract.OrderTable, "ABC|B y, Abc|b z, abc|A w, abc|a x"},
		{"composite keys of a nondeterministic collation",
			plans.Table{Source: "public.c", PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{str("name"), str("v")}},
				SortKey: &plans.Key{Type: "S", Parts: []plans.KeyPart{str("word"), str("v")}}, Attributes: attrs},
			extract.OrderTable, "ABC#y|B#y y, Abc#z|b#z z, abc#w|A#w w, abc#x|a#x x"},
		{"interleave rounds by byte order",
			plans.Table{Source: "public.c", PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{str("name")}},
				SortKey: &plans.Key{Type: "S", Parts: []plans.KeyPart{str("word")}}, Attributes: attrs},
			extract.OrderInterleave, ""},
	} {
		got := strings.Join(keysOf(t, s, c.tb, c.order), ", ")
		if c.want == "" {
			// Round 1 holds one row of each of the three keys, round 2 the
			// second row of abc. Rounds follow sort-key order by bytes
			// ('A' before 'a'), whatever the collation: abc's 'a x' is in
			// round 2.
			rows := keysOf(t, s, c.tb, c.order)
			pks := map[string]bool{}
			for _, r := range rows[:min(3, len(rows))] {
				pks[strings.Split(r, "|")[0]] = true
			}
			if len(rows) != 4 || len(pks) != 3 || rows[3] != "abc|a x" || strings.Contains(got, "copies") {
				t.Errorf("%s: %s", c.name, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	d, err := extract.KeyDistribution(t.Context(), s, plans.Table{Source: "public.c",
		PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{str("name")}}})
	if err != nil {
		t.Fatal(err)
	}
	if d.Keys != 3 || d.MaxPerKey != 2 || d.HottestKey != "abc" {
		t.Errorf("distribution: %d keys, at most %d per key, hottest %q; want 3, 2, abc", d.Keys, d.MaxPerKey, d.HottestKey)
	}
}

// TestStreamOrderDoesNotFollowTheHeap pins the tie-break of rows that share
// a key (collisions, rejected but still positioned): their order is the
// same whatever their physical order, so a resume that re-reads the prefix
// finds the rows where it left them.
func TestStreamOrderDoesNotFollowTheHeap(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.h (k text, s int, v text, b bytea)`,
		`INSERT INTO public.h VALUES ('k', 1, 'first', '\x01'), ('k', 1, 'second', '\x02'), ('k', 1, 'second', '\x00'), ('j', 1, 'other', NULL)`)
	tb := plans.Table{Source: "public.h",
		PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{{Column: "k", Encoding: plans.EncString}}},
		SortKey:      &plans.Key{Type: "N", Parts: []plans.KeyPart{{Column: "s", Encoding: plans.EncInteger, Width: 10}}},
		Attributes: []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString},
			{Column: "b", Name: "b", Type: "B", Encoding: plans.AttrBinary}}}
	read := func() string {
		s, err := extract.Begin(t.Context(), db.Pool)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close(t.Context())
		var all []string
		// Not OrderInterleave: it follows the heap by design (a plain
		// scan, no sort on the source); a resume over a heap that changed
		// refuses by the claimed chunks' hashes instead
		// (TestInterleaveIsDeterministicInOneSnapshot pins the order
		// within a snapshot).
		for _, o := range []extract.Order{extract.OrderTable, extract.OrderSample} {
			all = append(all, strings.Join(keysOf(t, s, tb, o), ", "))
		}
		return strings.Join(all, "\n")
	}
	before := read()
	// An update writes new row versions at the end of the heap.
	exec(t, db.Pool, `UPDATE public.h SET v = v WHERE v = 'first'`, `UPDATE public.h SET v = v WHERE b = '\x02'`)
	if after := read(); after != before {
		t.Errorf("the order of rows sharing a key follows the heap:\nbefore\n%s\nafter\n%s", before, after)
	}
}

// TestCompositeKeysSortLikeTuples pins what plans.Key documents: a
// composite sort key sorts like the tuple of its parts (text by bytes,
// integers by value) while no text part holds '#', '\' or a character
// below '#'; the documented counterexample shows where that ends.
func TestCompositeKeysSortLikeTuples(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.tp (p text, a text, i int)`,
		`INSERT INTO public.tp VALUES ('p', 'a', 5), ('p', 'a', -5), ('p', 'a', -40), ('p', 'ab', 0), ('p', 'a-b', 1),
		   ('p', 'B', 2), ('p', 'b', -1), ('p', 'é', 3), ('p', 'e', 3), ('p', 'a$', 0), ('p', 'a', 0),
		   ('q', 'a', 1), ('q', 'a!', 1)`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	tb := plans.Table{Source: "public.tp",
		PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{{Column: "p", Encoding: plans.EncString}}},
		SortKey: &plans.Key{Type: "S", Parts: []plans.KeyPart{{Column: "a", Encoding: plans.EncString},
			{Column: "i", Encoding: plans.EncInteger, Width: 10}}}}
	got := strings.Join(keysOf(t, s, tb, extract.OrderTable), ", ")
	// Tuple order: text by bytes (B < a < a$ < a-b < ab < b < e < é), then
	// integers by value.
	want := "p|B#0000000002, p|a#-9999999960, p|a#-9999999995, p|a#0000000000, p|a#0000000005, " +
		"p|a$#0000000000, p|a-b#0000000001, p|ab#0000000000, p|b#-9999999999, p|e#0000000003, p|é#0000000003, " +
		// The documented exception: "a!" holds a character below '#', so
		// ("a!", 1) sorts before ("a", 1).
		"q|a!#0000000001, q|a#0000000001"
	if got != want {
		t.Errorf("composite sort keys:\n got %s\nwant %s", got, want)
	}
}

// TestNumberKeysAreEqualByValue pins that N keys that DynamoDB holds equal
// (numeric 1.0 and 1.00) are one key to the stream and the distribution: a
// collision that is rejected, not two rows of which DynamoDB keeps one.
func TestNumberKeysAreEqualByValue(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.nk (n numeric, s numeric, v text)`,
		`INSERT INTO public.nk VALUES (1.0, 2, 'a'), (1.00, 2.0, 'b'), (1, 3, 'c'), (10, 1, 'd')`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	num := func(c string) *plans.Key {
		return &plans.Key{Type: "N", Parts: []plans.KeyPart{{Column: c, Encoding: plans.EncNumber}}}
	}
	tb := plans.Table{Source: "public.nk", PartitionKey: *num("n"), SortKey: num("s"),
		Attributes: []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}}
	got := strings.Join(keysOf(t, s, tb, extract.OrderTable), ", ")
	if want := "1.0|2 copies a, 1.00|2.0 copies b, 1|3 c, 10|1 d"; got != want {
		t.Errorf("number keys:\n got %s\nwant %s", got, want)
	}
	rows := keysOf(t, s, tb, extract.OrderInterleave)
	if len(rows) != 4 || !strings.HasPrefix(rows[3], "1") || strings.HasPrefix(rows[3], "10") {
		t.Errorf("interleave: round 1 must hold keys 1 and 10, round 2 and 3 the other rows of key 1: %v", rows)
	}
	d, err := extract.KeyDistribution(t.Context(), s, plans.Table{Source: "public.nk", PartitionKey: *num("n")})
	if err != nil {
		t.Fatal(err)
	}
	if d.Keys != 2 || d.MaxPerKey != 3 {
		t.Errorf("distribution: %d keys, at most %d per key; want 2 keys, 3 items of key 1", d.Keys, d.MaxPerKey)
	}
}
