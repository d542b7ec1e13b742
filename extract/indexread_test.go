package extract_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// orderedTable is a plan table of public.NAME keyed by (pk column, sk
// column), both integers: an N partition key and a fixed-width S sort key.
func orderedTable(name string) plans.Table {
	return plans.Table{Source: "public." + name,
		PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "cust", Encoding: plans.EncInteger, Width: 10}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "no", Encoding: plans.EncInteger, Width: 10}}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}}
}

// roundsOf maps each row to its round: the r-th row of its key in the
// stream is in round r.
func roundsOf(rows, pks []string) map[string]int {
	seen := map[string]int{}
	out := map[string]int{}
	for i, r := range rows {
		seen[pks[i]]++
		out[r] = seen[pks[i]]
	}
	return out
}

// TestIndexReadOnAClusteredTable pins the index-ordered read: on a table
// inserted in key order (each key's rows in descending sort-key order, so
// the plain read's client sort has work), ChooseRead picks the unique
// index on (cust, no) from the evidence, and the read through it hands
// round 1 out while it runs and yields the same rows in the same rounds as
// the plain scan plus the client sort: every round complete before the
// next, no key twice in a round, and within each key successive rounds in
// sort-key order.
func TestIndexReadOnAClusteredTable(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.c (cust int, no int, v text, UNIQUE (cust, no))`,
		`INSERT INTO public.c SELECT c, n, md5((c * 100 + n)::text) FROM generate_series(1, 400) c, generate_series(30, 1, -1) n WHERE n <= 5 + c % 26 ORDER BY c, n DESC`,
		`ANALYZE public.c`)
	tb := orderedTable("c")
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	p, err := s.ChooseRead(t.Context(), tb, extract.OrderInterleave, extract.ReadAuto)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Use || !strings.Contains(p.Index, "c_cust_no_key") || !strings.Contains(p.Why, "correlation") {
		t.Fatalf("ChooseRead on a clustered table: %+v; want the index c_cust_no_key", p)
	}
	idx, idxPKs := streamRowsWith(t, s, tb, extract.StreamOptions{Order: extract.OrderInterleave, Read: &p})
	scan, scanPKs := streamRows(t, s, tb, extract.OrderInterleave)
	if len(idx) != len(scan) || len(idx) < 5000 {
		t.Fatalf("index read %d rows, scan %d", len(idx), len(scan))
	}
	checkRounds(t, "index read", idxPKs)
	checkRounds(t, "scan and sort", scanPKs)
	ri, rs := roundsOf(idx, idxPKs), roundsOf(scan, scanPKs)
	for r, round := range rs {
		if ri[r] != round {
			t.Fatalf("row %s: round %d through the index, %d by scan and sort", r, ri[r], round)
		}
	}
	for pk, sks := range sortKeysByKey(idx) {
		if !slices.IsSorted(sks) {
			t.Fatalf("key %s: sort keys %v through the index, not in sort-key order", pk, sks)
		}
	}
	// Round 1 comes while the read runs: nothing is sorted.
	rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: extract.OrderInterleave, Read: &p})
	if err != nil {
		t.Fatal(err)
	}
	if !rows.Next() || !extract.Scanning(rows) || extract.SourceRowsRead(rows) != 1 {
		t.Errorf("first row of the index read after %d source rows, read running %v; want after one, running", extract.SourceRowsRead(rows), extract.Scanning(rows))
	}
	rows.Close()
	// Its SQL differs from the plain read's, so a checkpoint tells them apart.
	a, _ := extract.ReadSQL(tb, extract.OrderInterleave, &p)
	b, _ := extract.ReadSQL(tb, extract.OrderInterleave, nil)
	if a == b || !strings.Contains(a, "ORDER BY") {
		t.Errorf("index read SQL %q, plain %q", a, b)
	}
	for _, c := range []struct {
		mode extract.ReadMode
		o    extract.Order
		use  bool
	}{{extract.ReadScan, extract.OrderInterleave, false}, {extract.ReadIndex, extract.OrderInterleave, true}, {extract.ReadAuto, extract.OrderInterleaveArrival, false}} {
		p, err := s.ChooseRead(t.Context(), tb, c.o, c.mode)
		if err != nil || p.Use != c.use {
			t.Errorf("ChooseRead %s, %s: %+v, %v; want use %v", c.mode, c.o, p, err, c.use)
		}
	}
}

// TestIndexReadNotChosen pins the evidence against the index read: a
// table whose heap does not follow the key (low correlation), one without
// statistics, and the structural reasons for which no index gives the
// rounds' order (only --read index skips the evidence, never these).
func TestIndexReadNotChosen(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.shuffled (cust int, no int, v text, UNIQUE (cust, no))`,
		`INSERT INTO public.shuffled SELECT c, n, 'v' FROM generate_series(1, 400) c, generate_series(1, 20) n ORDER BY md5((c * 100 + n)::text)`,
		`ANALYZE public.shuffled`,
		`CREATE TABLE public.nostats (cust int, no int, v text, UNIQUE (cust, no))`,
		`INSERT INTO public.nostats SELECT c, n, 'v' FROM generate_series(1, 400) c, generate_series(1, 20) n`,
		// A descending index and a partial one do not count either.
		`CREATE TABLE public.desc1 (cust int, no int, UNIQUE (cust, no))`,
		`CREATE UNIQUE INDEX ON public.desc1 (cust, no DESC)`,
		`ALTER TABLE public.desc1 DROP CONSTRAINT desc1_cust_no_key`,
		`CREATE TABLE public.part1 (cust int, no int, UNIQUE (cust, no))`,
		`CREATE INDEX part1_i ON public.part1 (cust, no) WHERE cust > 0`,
		`ALTER TABLE public.part1 DROP CONSTRAINT part1_cust_no_key`,
		`CREATE UNIQUE INDEX ON public.part1 (no, cust)`)
	str := func(c string) plans.KeyPart { return plans.KeyPart{Column: c, Encoding: plans.EncString} }
	num := func(c string) plans.KeyPart { return plans.KeyPart{Column: c, Encoding: plans.EncInteger, Width: 10} }
	date := plans.KeyPart{Column: "d", Encoding: plans.EncDate}
	cases := []struct {
		ddl  string
		pk   plans.KeyPart
		sk   []plans.KeyPart
		want string // "" when an index gives the order
	}{
		{`(cust int, no int, UNIQUE (cust, no))`, num("cust"), []plans.KeyPart{num("no")}, ""},
		{`(cust int, no int, d date, UNIQUE (cust, d, no))`, num("cust"), []plans.KeyPart{date, num("no")}, ""},
		{`(cust int, w text COLLATE "C", UNIQUE (cust, w))`, num("cust"), []plans.KeyPart{str("w")}, ""},
		{`(cust text, no uuid, UNIQUE (cust, no))`, str("cust"), []plans.KeyPart{str("no")}, ""},
		{`(cust int, no int, PRIMARY KEY (cust, no), v int)`, num("cust"), []plans.KeyPart{num("no")}, ""},
		{`(cust int, no int, x int, UNIQUE (cust, no, x), UNIQUE (cust, no))`, num("cust"), []plans.KeyPart{num("no")}, ""},
		{`(cust int, no int)`, num("cust"), []plans.KeyPart{num("no")}, "no unique constraint"},
		{`(cust int, no int, UNIQUE (no, cust))`, num("cust"), []plans.KeyPart{num("no")}, "no valid btree index"},
		{`(cust int, w text, UNIQUE (cust, w))`, num("cust"), []plans.KeyPart{str("w")}, `collation other than "C"`},
		{`(cust int, w text COLLATE "C", d date, UNIQUE (cust, d, w))`, num("cust"), []plans.KeyPart{date, str("w")}, "composite key"},
		{`(cust int, no int, UNIQUE (cust, no))`, num("cust"), []plans.KeyPart{str("no")}, "does not sort as its key"},
	}
	for i, c := range cases {
		exec(t, db.Pool, fmt.Sprintf(`CREATE TABLE public.s%d %s`, i, c.ddl))
	}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	for _, c := range []struct{ table, why string }{{"shuffled", "correlation of cust"}, {"nostats", "no statistics"}} {
		p, err := s.ChooseRead(t.Context(), orderedTable(c.table), extract.OrderInterleave, extract.ReadAuto)
		if err != nil || p.Use || p.Index == "" || !strings.Contains(p.Why, c.why) {
			t.Errorf("%s: %+v, %v; want the index found but not used, because of %q", c.table, p, err, c.why)
		}
	}
	for i, c := range cases {
		name := fmt.Sprintf("s%d", i)
		tb := plans.Table{Source: "public." + name, PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{c.pk}},
			SortKey: &plans.Key{Type: "S", Parts: c.sk}}
		if c.pk.Encoding == plans.EncInteger {
			tb.PartitionKey.Type = "N"
		}
		p, err := s.ChooseRead(t.Context(), tb, extract.OrderInterleave, extract.ReadIndex)
		if err != nil {
			t.Fatalf("%s: %v", c.ddl, err)
		}
		if got := p.Use; got != (c.want == "") || (c.want != "" && !strings.Contains(p.Why, c.want)) {
			t.Errorf("%s: %+v; want %q", c.ddl, p, c.want)
		}
	}
	for _, c := range []struct{ table, want string }{{"desc1", "descending"}, {"part1", "no valid btree index"}} {
		p, err := s.ChooseRead(t.Context(), orderedTable(c.table), extract.OrderInterleave, extract.ReadIndex)
		if err != nil || p.Use || !strings.Contains(p.Why, c.want) {
			t.Errorf("%s: %+v, %v; want %q", c.table, p, err, c.want)
		}
	}
}

// TestIndexReadUnderACollatedIndex pins a text sort key of a column of
// the database's collation whose index is COLLATE "C": the read orders
// by the index's collation, so it is chosen, and each key's rows come in
// byte order ("B" before "a"), as the client sort puts them.
func TestIndexReadUnderACollatedIndex(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.w (cust int, w text, v text)`,
		`CREATE UNIQUE INDEX w_c ON public.w (cust, w COLLATE "C")`,
		`INSERT INTO public.w SELECT c, x, 'v' FROM generate_series(1, 300) c, unnest(ARRAY['a', 'B', 'b', 'A', 'é', 'e', 'Z', '_']) x ORDER BY c`,
		`ANALYZE public.w`)
	tb := plans.Table{Source: "public.w",
		PartitionKey: plans.Key{Attribute: "pk", Type: "N", Parts: []plans.KeyPart{{Column: "cust", Encoding: plans.EncInteger, Width: 10}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "w", Encoding: plans.EncString}}}}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	p, err := s.ChooseRead(t.Context(), tb, extract.OrderInterleave, extract.ReadIndex)
	if err != nil || !p.Use || !strings.Contains(p.OrderBy, `COLLATE`) {
		t.Fatalf("ChooseRead: %+v, %v; want the index w_c, ordered by its collation", p, err)
	}
	idx, idxPKs := streamRowsWith(t, s, tb, extract.StreamOptions{Order: extract.OrderInterleave, Read: &p})
	scan, scanPKs := streamRows(t, s, tb, extract.OrderInterleave)
	ri, rs := roundsOf(idx, idxPKs), roundsOf(scan, scanPKs)
	if len(idx) != 2400 || len(ri) != len(rs) {
		t.Fatalf("index read %d rows, scan %d", len(idx), len(scan))
	}
	for r, round := range rs {
		if ri[r] != round {
			t.Fatalf("row %s: round %d through the index, %d by scan and sort", r, ri[r], round)
		}
	}
}

// TestIndexReadSplitsByKeyRanges pins the split read through an index:
// readers in the run's snapshot read ranges of the index's leading column
// (cut at its histogram), and the rows come in exactly the one stream's
// order, also when the leading column is text whose index orders it under
// another collation than the column's (ICU's "a" < "A" < "b"; the index's
// "C": "A" < "B" < "a").
func TestIndexReadSplitsByKeyRanges(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.n (name text COLLATE "und-x-icu", no int, v text)`,
		`CREATE UNIQUE INDEX n_c ON public.n (name COLLATE "C", no)`,
		`INSERT INTO public.n SELECT x || i, no, repeat('v', 40) FROM unnest(ARRAY['k', 'K', 'a', 'B', '_']) x, generate_series(1, 300) i, generate_series(1, 6) no
		 ORDER BY (x || i) COLLATE "C", no`,
		`ANALYZE public.n`)
	str := func(c string) plans.KeyPart { return plans.KeyPart{Column: c, Encoding: plans.EncString} }
	for _, tb := range []plans.Table{orderedTable("n"), {Source: "public.n",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{str("name")}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "N", Parts: []plans.KeyPart{{Column: "no", Encoding: plans.EncNumber}}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}}} {
		if tb.PartitionKey.Parts[0].Column == "cust" {
			// The clustered table of the other test, for an integer
			// leading column.
			exec(t, db.Pool,
				`CREATE TABLE IF NOT EXISTS public.c (cust int, no int, v text, UNIQUE (cust, no))`,
				`INSERT INTO public.c SELECT c, n, md5((c * 100 + n)::text) FROM generate_series(1, 400) c, generate_series(30, 1, -1) n ORDER BY c, n DESC`,
				`ANALYZE public.c`)
			tb = orderedTable("c")
		}
		s, err := extract.Begin(t.Context(), db.Pool)
		if err != nil {
			t.Fatal(err)
		}
		// Forced: the heap is in the index's order, not in the column's
		// collation, whose correlation pg_stats measures.
		p, err := s.ChooseRead(t.Context(), tb, extract.OrderInterleave, extract.ReadIndex)
		if err != nil || !p.Use {
			s.Close(t.Context())
			t.Fatalf("%s: ChooseRead %+v, %v", tb.Source, p, err)
		}
		one, _ := streamRowsWith(t, s, tb, extract.StreamOptions{Order: extract.OrderInterleave, Read: &p})
		split, _ := streamRowsWith(t, s, tb, extract.StreamOptions{Order: extract.OrderInterleave, Read: &p, Readers: 4, MinSplitBlocks: 1})
		rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: extract.OrderInterleave, Read: &p, Readers: 4, MinSplitBlocks: 1})
		if err != nil {
			t.Fatal(err)
		}
		readers := extract.Readers(rows)
		rows.Close()
		s.Close(t.Context())
		if readers < 3 || len(one) < 5000 || !slices.Equal(one, split) {
			t.Errorf("%s: %d readers read %d rows, one stream %d; same order: %v", tb.Source, readers, len(split), len(one), slices.Equal(one, split))
		}
	}
}
