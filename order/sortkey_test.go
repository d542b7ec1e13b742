package order

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/pg2ddb/pg2ddb/codec"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
)

// shuffled is skewed's rows with every key's rows in an order unrelated
// to their sort keys: one hot key, warm ones, many small ones.
func shuffled(n int, seed uint64) []spill.Record {
	recs := skewed(n)
	rng := rand.New(rand.NewPCG(seed, 1))
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	return recs
}

// checkSortKeyOrder fails unless every key's rows come in sort-key order
// (compared as DynamoDB compares keys of type typ).
func checkSortKeyOrder(t *testing.T, what string, rows []out, typ string) {
	t.Helper()
	last := map[string]string{}
	for i, r := range rows {
		if l, ok := last[r.pk]; ok && compareSK([]byte(r.sk), []byte(l), typ) < 0 {
			t.Fatalf("%s: row %d: key %s has sort key %s after %s", what, i, r.pk, r.sk, l)
		}
		last[r.pk] = r.sk
	}
}

func sameRows(t *testing.T, what string, got []out, recs []spill.Record) {
	t.Helper()
	var a, b []string
	for _, r := range got {
		a = append(a, r.pk+"\x00"+r.sk)
	}
	for _, r := range recs {
		b = append(b, string(r.PK)+"\x00"+string(r.SK))
	}
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("%s: %d rows out, not the %d rows in", what, len(a), len(b))
	}
}

func TestRoundsInSortKeyOrderWhateverTheArrival(t *testing.T) {
	recs := shuffled(4000, 7)
	var first []out
	for _, tune := range []Tuning{{}, {SpillRounds: 1, MemTail: -1, SortMemory: 1000}, {SpillRounds: 4, MemTail: 2000, SortMemory: 5000},
		{SpillRounds: 2, MemTail: 600, SortMemory: 1 << 20}, {SpillRounds: 64, MemTail: -1, SortMemory: 300}} {
		for _, hold := range []bool{false, true} {
			what := fmt.Sprintf("%+v hold=%v", tune, hold)
			got := run(t, table(""), recs, hold, false, tune)
			sameRows(t, what, got, recs)
			checkRounds(t, what, got)
			checkSortKeyOrder(t, what, got, "S")
			if first == nil {
				first = got
			} else if !slices.Equal(got, first) {
				t.Fatalf("%s: the order depends on how rows are spilled or sorted", what)
			}
		}
	}
}

func TestArrivalRoundsKeepTheReadOrderWithinAKey(t *testing.T) {
	recs := shuffled(2000, 3)
	got := run(t, table(""), recs, false, false, Tuning{RoundsByArrival: true})
	checkRounds(t, "arrival rounds", got)
	pos := map[string]int{}
	for i, r := range recs {
		pos[string(r.PK)+"\x00"+string(r.SK)] = i
	}
	last := map[string]int{}
	for _, r := range got {
		p := pos[r.pk+"\x00"+r.sk]
		if l, ok := last[r.pk]; ok && p < l {
			t.Fatalf("key %s: read position %d after %d", r.pk, p, l)
		}
		last[r.pk] = p
	}
}

// TestRowsInOrderAreNotSorted: rows that arrive in sort-key order within
// their key (a time series appended key by key, interleaved) are placed as
// they come, with no client sort; one key that goes back late is the only
// one sorted, and its rows placed deep in the tail are taken out too.
func TestRowsInOrderAreNotSorted(t *testing.T) {
	var recs []spill.Record
	for i := range 3000 {
		pk := fmt.Sprintf("dev%d", i%7)
		recs = append(recs, spill.Record{PK: []byte(pk), SK: []byte(fmt.Sprintf("2024-01-01T%06d", i)), Values: [][]byte{[]byte("v")}})
	}
	r := New(table(""), source(recs), false, false, Tuning{SpillDir: t.TempDir(), SpillRounds: 8})
	drain(t, r)
	if n := r.Resorted(); n != 0 {
		t.Fatalf("%d rows sorted, want none: every key's rows arrived in order", n)
	}
	r.Close()
	// dev3 goes back in time after its 429th row: its rows, and only its,
	// are sorted, including the ones placed in rounds beyond the files.
	late := slices.Clone(recs)
	late = append(late, spill.Record{PK: []byte("dev3"), SK: []byte("2023-12-31"), Values: [][]byte{[]byte("v")}})
	for _, tune := range []Tuning{{SpillRounds: 8}, {SpillRounds: 8, MemTail: -1, SortMemory: 2000}, {}} {
		got := run(t, table(""), late, false, false, tune)
		what := fmt.Sprintf("%+v", tune)
		sameRows(t, what, got, late)
		checkRounds(t, what, got)
		checkSortKeyOrder(t, what, got, "S")
		for _, o := range got[:7] {
			if o.pk == "dev3" && o.sk != "2023-12-31" {
				t.Fatalf("%s: dev3's round-1 item is %s, want its earliest 2023-12-31", what, o.sk)
			}
		}
	}
	r = New(table(""), source(late), false, false, Tuning{SpillDir: t.TempDir(), SpillRounds: 8})
	defer r.Close()
	drain(t, r)
	if n := r.Resorted(); n != 430 {
		t.Fatalf("%d rows sorted, want dev3's 430", n)
	}
}

func drain(t *testing.T, r *Rounds) {
	t.Helper()
	for {
		ok, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return
		}
	}
}

func TestNumberSortKeysInValueOrder(t *testing.T) {
	tb := table("")
	tb.SortKey.Type = "N"
	nums := []string{"10", "9", "-1", "0", "1.5", "1.25", "1E2", "99.9", "-10", "-9.5", "0.001", "100.5", "12345678901234567890"}
	var recs []spill.Record
	for _, n := range nums {
		recs = append(recs, spill.Record{PK: []byte("k"), SK: []byte(n), Values: [][]byte{nil}})
	}
	got := run(t, tb, recs, false, false, Tuning{})
	var sks []string
	for _, r := range got {
		sks = append(sks, r.sk)
	}
	want := []string{"-10", "-9.5", "-1", "0", "0.001", "1.25", "1.5", "9", "10", "99.9", "1E2", "100.5", "12345678901234567890"}
	if !slices.Equal(sks, want) {
		t.Fatalf("number sort keys in order %v, want %v", sks, want)
	}
}

func TestCompareNumber(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1", "1.0", 0}, {"1.50", "15E-1", 0}, {"2", "10", -1}, {"-2", "-10", 1}, {"0", "-0.0", 0},
		{"0.5", "0.45", 1}, {"-0.5", "-0.45", -1}, {"123", "123.0001", -1}, {"1e3", "999", 1}, {"7", "07", 0},
	} {
		if got := compareNumber([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("compareNumber(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := compareNumber([]byte(c.b), []byte(c.a)); got != -c.want {
			t.Errorf("compareNumber(%s, %s) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		x, y := rng.IntN(2001)-1000, rng.IntN(2001)-1000
		if got, want := compareNumber([]byte(strconv.Itoa(x)), []byte(strconv.Itoa(y))), cmpInt(x, y); got != want {
			t.Fatalf("compareNumber(%d, %d) = %d", x, y, got)
		}
	}
}

// TestPrefixedCompareIsCompareSK: the sort's integer prefixes never order
// two keys otherwise than DynamoDB's comparison does.
func TestPrefixedCompareIsCompareSK(t *testing.T) {
	keys := map[string][]string{
		"N": {"0", "7", "07", "10", "99", "100", "1.0", "-1", "-0", "1e3", "999", "1000", "9999999999999999999", "10000000000000000000",
			"18446744073709551615", "18446744073709551616", "12345678901234567890123", "x", ""},
		"S": {"", "a", "a\x00", "a\x00\x00", "ab", "abcdefgh", "abcdefgh\x00", "abcdefghi", "abcdefgi", "b", "\xff", "\xff\xff\xff\xff\xff\xff\xff\xff\x01"},
	}
	for typ, ks := range keys {
		vals := [][]byte{nil}
		for _, k := range ks {
			vals = append(vals, []byte(k))
		}
		for _, a := range vals {
			for _, b := range vals {
				got := comparePrefixed(a, b, keyPrefix(a, typ), keyPrefix(b, typ), typ)
				if want := compareSK(a, b, typ); got != want {
					t.Errorf("%s: comparePrefixed(%q, %q) = %d, compareSK says %d", typ, a, b, got, want)
				}
			}
		}
	}
}

func TestDuplicatesUnderSortKeyOrder(t *testing.T) {
	recs := []spill.Record{
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("c1"), SK: []byte("blue"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
	}
	got := run(t, table(plans.DuplicatesNumber), recs, true, false, Tuning{})
	var sks []string
	for _, r := range got {
		sks = append(sks, r.sk)
	}
	if want := []string{"blue", "red", "red#2"}; !slices.Equal(sks, want) {
		t.Errorf("sort keys %v, want %v", sks, want)
	}
}

func TestCanonicalIntegerIsCanonicalNumber(t *testing.T) {
	for _, s := range []string{"0", "7", "10", "1200", "123456789", "100000000000000000000", "905"} {
		if got, want := string(appendCanonicalInteger(nil, []byte(s))), codec.CanonicalNumber(s); got != want {
			t.Errorf("%s: %s, want %s", s, got, want)
		}
	}
}

func TestNumberKeysEqualByValueShareRounds(t *testing.T) {
	tb := table("")
	tb.PartitionKey.Type = "N"
	recs := []spill.Record{
		{PK: []byte("1"), SK: []byte("b"), Values: [][]byte{nil}},
		{PK: []byte("1.0"), SK: []byte("a"), Values: [][]byte{nil}},
		{PK: []byte("2"), SK: []byte("a"), Values: [][]byte{nil}},
	}
	got := run(t, tb, recs, false, false, Tuning{})
	// 1 and 1.0 are one key: its two items are in rounds 1 and 2, 2's in
	// round 1, so the key of value 1 comes last.
	if got[2].pk != "1" || got[2].sk != "b" {
		t.Fatalf("order %v: want the key of value 1's second item (sort key b) last", got)
	}
}

// TestCloseWhileSortingEndsTheSort: the rows of keys found out of order
// are sorted on their own goroutine while round 1's first rows are
// emitted; closing the order then ends that goroutine and removes the
// files (the race detector checks the hand-over).
func TestCloseWhileSortingEndsTheSort(t *testing.T) {
	recs := shuffled(20000, 5)
	for _, n := range []int{1, 100} {
		r := New(table(""), source(recs), false, false, Tuning{SpillDir: t.TempDir(), SortMemory: 4000})
		for range n {
			if ok, err := r.Next(); !ok || err != nil {
				t.Fatalf("Next: %v %v", ok, err)
			}
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSettleIsTheSameWhateverItsWorkers: the rows of keys found out of
// sort-key order are read and sorted by several goroutines side by side;
// the order is the one a single goroutine makes, whether the sort stays
// in memory or merges runs from spill files, and whether the scan-time
// rows reach the tail or not.
func TestSettleIsTheSameWhateverItsWorkers(t *testing.T) {
	recs := shuffled(20000, 9)
	// Keys in order but for one late row each of a few: most of the
	// sections' rows are read and left in place.
	var mostly []spill.Record
	for i := range 12000 {
		mostly = append(mostly, spill.Record{PK: []byte(fmt.Sprintf("k%d", i%300)), SK: []byte(fmt.Sprintf("%06d", i)), Values: [][]byte{[]byte("v")}})
	}
	for k := range 10 {
		mostly = append(mostly, spill.Record{PK: []byte(fmt.Sprintf("k%d", k*7)), SK: []byte("000000-early"), Values: [][]byte{[]byte("w")}})
	}
	for _, data := range [][]spill.Record{recs, mostly} {
		for _, tune := range []Tuning{{}, {SortMemory: 20000}, {SpillRounds: 4, SortMemory: 50000, MemTail: -1}} {
			read := func(workers int) []out {
				tune.SpillDir = t.TempDir()
				r := New(table(""), source(data), false, false, tune)
				defer r.Close()
				r.settleWorkers = workers
				row := Row{Values: make([][]byte, 1)}
				var got []out
				for {
					ok, err := r.Next()
					if err != nil {
						t.Fatal(err)
					}
					if !ok {
						break
					}
					r.Fill(&row)
					got = append(got, out{string(row.PK), string(row.SK), row.Problem, row.Copies, row.Pos, valuesOf(&row)})
				}
				if r.Resorted() == 0 {
					t.Fatalf("%+v: no row sorted", tune)
				}
				return got
			}
			one := read(1)
			checkRounds(t, "one", one)
			checkSortKeyOrder(t, "one", one, "S")
			sameRows(t, "one", one, data)
			for _, n := range []int{2, 3, 7} {
				if got := read(n); !slices.Equal(got, one) {
					t.Fatalf("%+v: %d sorting goroutines give another order than one", tune, n)
				}
			}
		}
	}
}
