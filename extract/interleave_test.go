package extract_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// rowText renders a stream row: key, problem, copies and values.
func rowText(pk, sk []byte, problem string, copies int64, values [][]byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q|%q|%s|%d", pk, sk, problem, copies)
	for _, v := range values {
		fmt.Fprintf(&b, "|%q", v)
	}
	return b.String()
}

// streamRows reads tb in order through extract.Stream.
func streamRows(t *testing.T, s *extract.Snapshot, tb plans.Table, o extract.Order) (rows []string, pks []string) {
	t.Helper()
	return streamRowsWith(t, s, tb, extract.StreamOptions{Order: o})
}

// streamRowsWith reads tb through extract.Stream with opts.
func streamRowsWith(t *testing.T, s *extract.Snapshot, tb plans.Table, opts extract.StreamOptions) (rows []string, pks []string) {
	t.Helper()
	it, err := extract.Stream(t.Context(), s, tb, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	for it.Next() {
		r := it.Row()
		if r.Pos != int64(len(rows)) {
			t.Fatalf("row position %d, want %d", r.Pos, len(rows))
		}
		rows = append(rows, rowText(r.PK, r.SK, r.Problem, r.Copies, r.Values))
		pks = append(pks, string(r.PK))
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, pks
}

// sortedRows reads tb through the server-side interleave pg2ddb used
// before it interleaved rows itself (extract.SortedStreamSQL).
func sortedRows(t *testing.T, s *extract.Snapshot, tb plans.Table) (rows []string, pks []string) {
	t.Helper()
	q, err := extract.SortedStreamSQL(tb, extract.OrderInterleave)
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Tx().Query(t.Context(), q, pgx.QueryResultFormats{pgx.TextFormatCode})
	if err != nil {
		t.Fatal(err)
	}
	defer res.Close()
	for res.Next() {
		raw := res.RawValues()
		var copies int64
		fmt.Sscan(string(raw[3]), &copies)
		var vals [][]byte
		for _, v := range raw[4:] {
			vals = append(vals, slices.Clone(v))
		}
		rows = append(rows, rowText(raw[0], raw[1], string(raw[2]), copies, vals))
		pks = append(pks, string(raw[0]))
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, pks
}

// checkRounds fails unless pks come in rounds: the r-th row of a key is
// in round r, every round complete before the next (so no key twice in
// one round).
func checkRounds(t *testing.T, what string, pks []string) {
	t.Helper()
	seen := map[string]int{}
	round := 1
	for i, pk := range pks {
		seen[pk]++
		switch r := seen[pk]; {
		case r < round:
			t.Fatalf("%s: row %d is item %d of key %q, in round %d: round %d was not complete", what, i, r, pk, round, r)
		case r > round:
			round = r
		}
	}
}

// spread is the largest share of one key in any window of w consecutive rows.
func spread(pks []string, w int) float64 {
	best := 0
	counts := map[string]int{}
	for i, pk := range pks {
		counts[pk]++
		if i >= w {
			counts[pks[i-w]]--
		}
		best = max(best, counts[pk])
	}
	return float64(best) / float64(min(w, len(pks)))
}

// TestInterleaveMatchesServerOrder pins what interleaving in pg2ddb keeps
// from the server-side order it replaced: the same rows with the same
// keys, problems, copies (collisions) and duplicates choices, in rounds
// (every round complete before the next, no key twice in one round), with
// a spread no worse; and the same order whether later rounds go through
// spill files, tail passes or memory.
func TestInterleaveMatchesServerOrder(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		// Three hot keys of 250 rows, 400 keys of about 5; heap order
		// is insertion order, which mixes keys.
		`CREATE TABLE public.il (acct text, id int, v text)`,
		`INSERT INTO public.il SELECT CASE WHEN i % 4 = 0 THEN 'hot' || (i % 3) ELSE 'k' || (i * 7919 % 400) END, i, 'v' || (i % 13) FROM generate_series(1, 3000) i`,
		// Collisions: id 5 twice under one key; a NULL key part.
		`INSERT INTO public.il VALUES ('k1', 5, 'again'), ('k1', 5, 'and again'), (NULL, 1, 'no key')`,
		// Whole-row duplicates: for the duplicates choices.
		`INSERT INTO public.il VALUES ('d', 1, 'same'), ('d', 1, 'same'), ('d', 1, 'same'), ('d', 2, 'x')`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	base := plans.Table{Source: "public.il",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "acct", Encoding: plans.EncString}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncInteger, Width: 10}}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}}
	number, keepOne := base, base
	number.Duplicates = &plans.Duplicates{Action: plans.DuplicatesNumber}
	keepOne.Duplicates = &plans.Duplicates{Action: plans.DuplicatesKeepOne}
	for _, c := range []struct {
		name string
		tb   plans.Table
	}{{"collisions", base}, {"duplicates number", number}, {"duplicates keep-one", keepOne}} {
		old, oldPKs := sortedRows(t, s, c.tb)
		var first []string
		for _, sp := range []struct {
			rounds int
			tail   int64
			hashes int // key hashes a collision count keeps in memory
		}{{64, 32 << 20, 1 << 20}, {4, -1, 7}, {4, 32 << 20, 1 << 20}, {1, -1, 1}, {4, 2000, 500}, {2, 600, 1 << 20}} {
			got, pks := streamRowsWith(t, s, c.tb, extract.StreamOptions{Order: extract.OrderInterleave,
				Tuning: order.Tuning{SpillRounds: sp.rounds, MemTail: sp.tail, CollisionMemory: sp.hashes}})
			what := fmt.Sprintf("%s (%d round files, tail segments in memory under %d bytes, %d key hashes in memory)", c.name, sp.rounds, sp.tail, sp.hashes)
			if first == nil {
				first = got
				a, b := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(old))
				if !slices.Equal(a, b) {
					t.Fatalf("%s: the rows differ from the server-side order's:\n got %v\nwant %v", what, diffOf(a, b), diffOf(b, a))
				}
				checkRounds(t, what, pks)
				// Within each key, items come in sort-key order: the
				// server's row_number() order.
				if g, o := sortKeysByKey(got), sortKeysByKey(old); !maps.EqualFunc(g, o, slices.Equal) {
					for k := range o {
						if !slices.Equal(g[k], o[k]) {
							t.Fatalf("%s: key %s's sort keys come %v, the server-side order's %v", what, k, g[k], o[k])
						}
					}
				}
				for _, w := range []int{10, 100, 1000} {
					if n, o := spread(pks, w), spread(oldPKs, w); n > o {
						t.Errorf("%s: spread over %d rows %.3f, the server-side order's %.3f", what, w, n, o)
					}
				}
			} else if !slices.Equal(got, first) {
				t.Errorf("%s: the order depends on how rounds are spilled", what)
			}
		}
	}
	if got, _ := streamRows(t, s, base, extract.OrderInterleave); !slices.Contains(got, rowText([]byte("k1"), []byte("0000000005"), "", 2, [][]byte{[]byte("again")})) {
		t.Errorf("the two rows of key (k1, 5) are not marked as 2 copies")
	}
}

// sortKeysByKey is every partition key's sort keys in the order of rows
// (rowText lines).
func sortKeysByKey(rows []string) map[string][]string {
	out := map[string][]string{}
	for _, r := range rows {
		f := strings.SplitN(r, "|", 3)
		out[f[0]] = append(out[f[0]], f[1])
	}
	return out
}

// diffOf lists the elements of a missing from b (at most 5).
func diffOf(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
			if len(out) == 5 {
				break
			}
		}
	}
	return out
}

// TestInterleaveIsDeterministicInOneSnapshot pins that two reads of one
// snapshot return the same order (a resume re-reads the claimed prefix
// and compares hashes), also after the table's rows were updated by
// another session after the snapshot began.
func TestInterleaveIsDeterministicInOneSnapshot(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.d (acct text, id int, v text)`,
		`INSERT INTO public.d SELECT 'k' || (i % 50), i, 'v' FROM generate_series(1, 2000) i`)
	tb := plans.Table{Source: "public.d",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "acct", Encoding: plans.EncString}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncInteger, Width: 10}}}}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	a, _ := streamRows(t, s, tb, extract.OrderInterleave)
	exec(t, db.Pool, `UPDATE public.d SET v = 'w' WHERE id % 3 = 0`)
	b, _ := streamRows(t, s, tb, extract.OrderInterleave)
	if !slices.Equal(a, b) || len(a) != 2000 {
		t.Errorf("two reads of one snapshot differ (%d and %d rows)", len(a), len(b))
	}
}

// TestInterleaveEmitsRoundOneDuringTheScan pins the first write within a
// second in arrival rounds: a key that a unique index of the source proves
// free of collisions has its first row handed out after one source row was
// read, while the scan still runs; a key without such proof holds every
// row until the scan ends (its collisions must be known first). Rounds in
// sort-key order hold every row until the scan ends: a key's first item
// is known only then.
func TestInterleaveEmitsRoundOneDuringTheScan(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.u (acct text, id int PRIMARY KEY, v text)`,
		`INSERT INTO public.u SELECT 'k' || (i % 50), i, 'v' FROM generate_series(1, 2000) i`)
	key := func(sk string) plans.Table {
		return plans.Table{Source: "public.u",
			PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "acct", Encoding: plans.EncString}}},
			SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: sk, Encoding: plans.EncString}}}}
	}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	for _, c := range []struct {
		sk       string
		order    extract.Order
		scanning bool
	}{{"id", extract.OrderInterleaveArrival, true}, {"v", extract.OrderInterleaveArrival, false}, {"id", extract.OrderInterleave, false}} {
		rows, err := extract.Stream(t.Context(), s, key(c.sk), extract.StreamOptions{Order: c.order})
		if err != nil {
			t.Fatal(err)
		}
		if !rows.Next() {
			t.Fatal(rows.Err())
		}
		scanning, read := extract.Scanning(rows), extract.SourceRowsRead(rows)
		rows.Close()
		if scanning != c.scanning || (c.scanning && read != 1) || (!c.scanning && read != 2000) {
			t.Errorf("sort key %s, %s: first row handed out with the scan running %v after %d source rows; want running %v",
				c.sk, c.order, scanning, read, c.scanning)
		}
	}
}

// TestParallelReadersReadEveryRowOnce pins the split read: 4 connections in
// the run's snapshot read a table in ctid ranges, every row comes exactly
// once, and the order is the one stream's, so a resume may use another
// number of readers; ranges whose reader cannot join the snapshot are read
// on the snapshot's own connection in their turn. Rows updated after the snapshot began (new versions
// at the end of the heap, in the last range) are read as they were.
func TestParallelReadersReadEveryRowOnce(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.pr (acct text, id int PRIMARY KEY, v text)`,
		`INSERT INTO public.pr SELECT 'k' || (i % 97), i, repeat('v', i % 50) FROM generate_series(1, 20000) i`)
	tb := plans.Table{Source: "public.pr",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "acct", Encoding: plans.EncString}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncInteger, Width: 10}}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	exec(t, db.Pool, `UPDATE public.pr SET v = 'changed' WHERE id % 10 = 0`)
	read := func(readers int, failJoins bool) []string {
		opts := extract.StreamOptions{Order: extract.OrderInterleave, Readers: readers, MinSplitBlocks: 8}
		if failJoins {
			extract.FailJoins(&opts)
		}
		it, err := extract.Stream(t.Context(), s, tb, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer it.Close()
		if got := extract.Readers(it); got != readers {
			t.Fatalf("%d readers asked, %d reading", readers, got)
		}
		var out []string
		for it.Next() {
			r := it.Row()
			out = append(out, rowText(r.PK, r.SK, r.Problem, r.Copies, r.Values))
		}
		if err := it.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, four := read(1, false), read(4, false)
	unjoined := read(4, true)
	if !slices.Equal(one, unjoined) {
		t.Errorf("with every join refused, the ranges read on the snapshot's connection return another order")
	}
	seen := map[string]int{}
	for _, r := range four {
		seen[r]++
		if strings.Contains(r, "changed") {
			t.Fatalf("a row updated after the snapshot began was read as changed: %s", r)
		}
	}
	if len(four) != 20000 || len(seen) != 20000 {
		t.Fatalf("4 readers returned %d rows, %d distinct; want 20000 once each", len(four), len(seen))
	}
	if !slices.Equal(one, four) {
		t.Errorf("4 readers return another order than one")
	}
}

// TestArrivalIsTheReadOrder pins OrderArrival, the export's read: the
// interleave's rows (collisions counted, duplicates numbered or dropped
// alike) in the order the table's heap holds them, with no rounds.
func TestArrivalIsTheReadOrder(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.ar (acct text, id int, v text)`,
		`INSERT INTO public.ar SELECT CASE WHEN i % 4 = 0 THEN 'hot' ELSE 'k' || (i * 7919 % 40) END, i, 'v' || (i % 13) FROM generate_series(1, 500) i`,
		`INSERT INTO public.ar VALUES ('k1', 5000, 'a'), ('k1', 5000, 'b'), (NULL, 1, 'no key'), ('d', 1, 'same'), ('d', 1, 'same')`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	var heap []string
	res, err := s.Tx().Query(t.Context(), `SELECT coalesce(acct, '') FROM public.ar ORDER BY ctid`)
	if err != nil {
		t.Fatal(err)
	}
	for res.Next() {
		var a string
		if err := res.Scan(&a); err != nil {
			t.Fatal(err)
		}
		heap = append(heap, a)
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	tb := plans.Table{Source: "public.ar",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "acct", Encoding: plans.EncString}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncInteger, Width: 10}}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}},
		Duplicates:   &plans.Duplicates{Action: plans.DuplicatesNumber}}
	arrival, pks := streamRows(t, s, tb, extract.OrderArrival)
	if !slices.Equal(pks, heap) {
		t.Errorf("arrival order is not the heap's: first keys %v, want %v", pks[:8], heap[:8])
	}
	rounds, _ := streamRows(t, s, tb, extract.OrderInterleave)
	if a, b := slices.Sorted(slices.Values(arrival)), slices.Sorted(slices.Values(rounds)); !slices.Equal(a, b) {
		t.Errorf("arrival and interleave rows differ:\n%v\n%v", diffOf(a, b), diffOf(b, a))
	}
	if !slices.Contains(arrival, rowText([]byte("k1"), []byte("0000005000"), "", 2, [][]byte{[]byte("b")})) ||
		!slices.Contains(arrival, rowText([]byte("d"), []byte("0000000001#2"), "", 1, [][]byte{[]byte("same")})) {
		t.Errorf("collisions or duplicates are not handled as the interleave handles them")
	}
}
