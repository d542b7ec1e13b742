package order

import (
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
)

// table is a plan table keyed by (acct S, id S) with one attribute.
func table(dups string) plans.Table {
	t := plans.Table{Source: "public.t",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "acct", Encoding: plans.EncString}}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncString}}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}}}
	if dups != "" {
		t.Duplicates = &plans.Duplicates{Action: dups}
	}
	return t
}

// source returns recs one by one, as a read of the table would.
func source(recs []spill.Record) func() (spill.Record, bool, error) {
	i := 0
	return func() (spill.Record, bool, error) {
		if i == len(recs) {
			return spill.Record{}, false, nil
		}
		i++
		return recs[i-1], true, nil
	}
}

// skewed is n rows over keys of very different sizes: one hot key, a few
// warm ones and many with one row, in an order unrelated to the key.
func skewed(n int) []spill.Record {
	var recs []spill.Record
	for i := range n {
		var pk string
		switch {
		case i%3 == 0:
			pk = "hot"
		case i%7 == 0:
			pk = fmt.Sprintf("warm%d", i%5)
		default:
			pk = fmt.Sprintf("k%d", i*7919%(n/2+1))
		}
		recs = append(recs, spill.Record{PK: []byte(pk), SK: []byte(fmt.Sprintf("%08d", i)), Values: [][]byte{[]byte(fmt.Sprint(i % 11))}})
	}
	return recs
}

type out struct {
	pk, sk, problem string
	copies          int64
	pos             int64
	vals            string
}

// valuesOf is a row's values in one comparable string, NULL apart from empty.
func valuesOf(r *Row) string {
	var b []byte
	for _, v := range r.Values {
		b = spill.AppendField(b, v)
	}
	return string(b)
}

func run(t *testing.T, tb plans.Table, recs []spill.Record, hold, arrival bool, tune Tuning) []out {
	t.Helper()
	tune.SpillDir = t.TempDir()
	r := New(tb, source(recs), hold, arrival, tune)
	defer r.Close()
	row := Row{Values: make([][]byte, len(tb.Attributes))}
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
	return got
}

// checkRounds fails unless rows come in rounds: the r-th row of a key is in
// round r, every round complete before the next (no key twice in a round).
func checkRounds(t *testing.T, what string, rows []out) {
	t.Helper()
	seen := map[string]int{}
	round := 1
	for i, r := range rows {
		seen[r.pk]++
		switch n := seen[r.pk]; {
		case n < round:
			t.Fatalf("%s: row %d is item %d of key %q, in round %d: round %d was not complete", what, i, n, r.pk, round, n)
		case n > round:
			round = n
		}
	}
}

func TestRoundsEveryRowOnceInRoundsWhateverTheSpill(t *testing.T) {
	recs := skewed(3000)
	var first []out
	for _, tune := range []Tuning{{}, {SpillRounds: 1, MemTail: -1}, {SpillRounds: 4, MemTail: 2000}, {SpillRounds: 2, MemTail: 600}, {SpillRounds: 64, MemTail: -1}} {
		for _, hold := range []bool{false, true} {
			what := fmt.Sprintf("%+v hold=%v", tune, hold)
			got := run(t, table(""), recs, hold, false, tune)
			if len(got) != len(recs) {
				t.Fatalf("%s: %d rows out of %d", what, len(got), len(recs))
			}
			for i, r := range got {
				if r.pos != int64(i) {
					t.Fatalf("%s: row %d has position %d", what, i, r.pos)
				}
			}
			checkRounds(t, what, got)
			// Inside a key, rows keep their arrival order.
			last := map[string]string{}
			for _, r := range got {
				if r.sk <= last[r.pk] {
					t.Fatalf("%s: key %s: %s after %s", what, r.pk, r.sk, last[r.pk])
				}
				last[r.pk] = r.sk
			}
			if first == nil {
				first = got
			} else if !slices.Equal(got, first) {
				t.Fatalf("%s: the order depends on how rounds are spilled", what)
			}
		}
	}
}

func TestArrivalKeepsTheReadOrder(t *testing.T) {
	recs := skewed(500)
	got := run(t, table(""), recs, true, true, Tuning{})
	for i, r := range got {
		if r.sk != string(recs[i].SK) {
			t.Fatalf("row %d is %s, the read had %s", i, r.sk, recs[i].SK)
		}
	}
}

func TestCollisionsAreCountedUnderHold(t *testing.T) {
	recs := []spill.Record{
		{PK: []byte("a"), SK: []byte("1")}, {PK: []byte("a"), SK: []byte("2")},
		{PK: []byte("a"), SK: []byte("1")}, {PK: []byte("b"), SK: []byte("1")},
		{PK: []byte("a"), SK: []byte("1")},
	}
	for _, mem := range []int{1, 2, 1 << 20} {
		got := run(t, table(""), recs, true, false, Tuning{CollisionMemory: mem})
		for _, r := range got {
			want := int64(1)
			if r.pk == "a" && r.sk == "1" {
				want = 3
			}
			if r.copies != want {
				t.Errorf("memory %d: (%s, %s) has %d copies, want %d", mem, r.pk, r.sk, r.copies, want)
			}
		}
	}
}

func TestDuplicatesNumberedOrDropped(t *testing.T) {
	recs := []spill.Record{
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("y")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
	}
	got := run(t, table(plans.DuplicatesNumber), recs, true, true, Tuning{})
	var sks []string
	for _, r := range got {
		sks = append(sks, r.sk)
	}
	if want := []string{"red", "red#2", "red", "red#3"}; !slices.Equal(sks, want) {
		t.Errorf("numbered sort keys %v, want %v", sks, want)
	}
	got = run(t, table(plans.DuplicatesKeepOne), recs, true, true, Tuning{})
	var problems []string
	for _, r := range got {
		problems = append(problems, r.problem)
	}
	if want := []string{"", plans.DuplicateReason, "", plans.DuplicateReason}; !slices.Equal(problems, want) {
		t.Errorf("keep-one problems %q, want %q", problems, want)
	}
}

// runBlocks is run through NextBlock, the blocks' rows decoded by two
// Fillers in turn.
func runBlocks(t *testing.T, tb plans.Table, recs []spill.Record, hold, arrival bool, tune Tuning, rows int) []out {
	t.Helper()
	tune.SpillDir = t.TempDir()
	r := New(tb, source(recs), hold, arrival, tune)
	defer r.Close()
	fillers := []*Filler{r.NewFiller(), r.NewFiller()}
	row := Row{Values: make([][]byte, len(tb.Attributes))}
	var got []out
	var b Block
	for n := 0; ; n++ {
		ok, err := r.NextBlock(&b, rows, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		for i := range b.Len() {
			if err := fillers[n%2].Fill(&b, i, &row); err != nil {
				t.Fatal(err)
			}
			got = append(got, out{string(row.PK), string(row.SK), row.Problem, row.Copies, row.Pos, valuesOf(&row)})
		}
	}
	return got
}

// TestBlocksAreTheRows: NextBlock and Fillers give the rows Next and Fill
// give, in the same order, whatever the order's choices.
func TestBlocksAreTheRows(t *testing.T) {
	recs := shuffled(3000, 11)
	recs = append(recs, recs[:40]...) // whole-row duplicates and key collisions
	for _, c := range []struct {
		dups          string
		hold, arrival bool
		byArrival     bool
		rows          int
	}{{"", false, false, false, 1}, {"", true, false, false, 256}, {plans.DuplicatesNumber, true, false, false, 7},
		{plans.DuplicatesKeepOne, true, false, false, 100}, {"", false, true, false, 256}, {"", false, false, true, 50}} {
		what := fmt.Sprintf("%+v", c)
		tune := Tuning{SpillRounds: 4, MemTail: 3000, SortMemory: 5000, RoundsByArrival: c.byArrival}
		want := run(t, table(c.dups), recs, c.hold, c.arrival, tune)
		got := runBlocks(t, table(c.dups), recs, c.hold, c.arrival, tune, c.rows)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: the blocks' rows differ from Next's (%d rows, want %d)", what, len(got), len(want))
		}
	}
}

// TestCloseWhilePreparingTheTail: the tail's segments are split and
// ordered on their own goroutine while the round files are emitted;
// closing the order at any point (before the tail, inside it, between two
// of its segments) ends that goroutine and releases what it prepared
// (the race detector checks the hand-over).
func TestCloseWhilePreparingTheTail(t *testing.T) {
	recs := skewed(3000)
	for _, tune := range []Tuning{{SpillRounds: 2, MemTail: 600}, {SpillRounds: 1, MemTail: -1}, {SpillRounds: 4, MemTail: 2000}} {
		for _, n := range []int{0, 1, 1500, 2500, 2999, 3000} {
			tune.SpillDir = t.TempDir()
			r := New(table(""), source(recs), false, false, tune)
			for range n {
				if ok, err := r.Next(); !ok || err != nil {
					t.Fatalf("%+v: Next: %v %v", tune, ok, err)
				}
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSharedTuningDividesTheMemory: tables whose write orders run at once
// split one table's memory bounds; one table keeps them whole, and no
// share falls below the floor.
func TestSharedTuningDividesTheMemory(t *testing.T) {
	var whole Tuning
	whole.defaults()
	if got := (Tuning{}).Shared(1); got != whole {
		t.Errorf("Shared(1) = %+v, want the defaults %+v", got, whole)
	}
	half := (Tuning{}).Shared(2)
	if half.SortMemory != whole.SortMemory/2 || half.MemTail != whole.MemTail/2 || half.CollisionMemory != whole.CollisionMemory/2 {
		t.Errorf("Shared(2) = %+v, want half of %+v", half, whole)
	}
	if half.SpillRounds != whole.SpillRounds {
		t.Errorf("Shared(2) changed SpillRounds: %d, want %d", half.SpillRounds, whole.SpillRounds)
	}
	tiny := (Tuning{}).Shared(1000)
	if tiny.SortMemory != 1<<20 || tiny.MemTail != 1<<20 || tiny.CollisionMemory != 1<<16 {
		t.Errorf("Shared(1000) = %+v, want the floors", tiny)
	}
	set := Tuning{SortMemory: 8 << 20}.Shared(4)
	if set.SortMemory != 2<<20 {
		t.Errorf("Shared(4) of 8 MiB sort memory = %d, want 2 MiB", set.SortMemory)
	}
}

// TestCountRoundIsAMapCount: counting rounds by arrival with the run of
// the key before (countRound) gives every row the round a plain count per
// key hash gives: for keys in runs, interleaved, NULL and empty keys, and
// numbers that DynamoDB takes for one ("1", "1.0", "01").
func TestCountRoundIsAMapCount(t *testing.T) {
	for _, typ := range []string{"S", "N"} {
		tbl := plans.Table{Source: "public.t", PartitionKey: plans.Key{Attribute: "pk", Type: typ}}
		il := &Rounds{t: tbl, seed: maphash.MakeSeed(), rounds: map[uint64]uint32{}}
		want := map[uint64]uint32{}
		keys := [][]byte{nil, {}, []byte("1"), []byte("1.0"), []byte("01"), []byte("2"), []byte("10"), []byte("a")}
		rng := rand.New(rand.NewPCG(1, 2))
		var buf []byte
		for i := 0; i < 20000; i++ {
			k := keys[rng.IntN(len(keys))]
			for run := 1 + rng.IntN(4); run > 0; run-- {
				// Each row's key in a buffer of its own, as rows arrive.
				var pk []byte
				if k != nil {
					buf = append(buf[:0], k...)
					pk = buf
				}
				h := il.pkHash(pk)
				want[h]++
				if got := il.countRound(pk); got != want[h] {
					t.Fatalf("%s row %d, key %q: round %d, want %d", typ, i, k, got, want[h])
				}
			}
		}
	}
}

// BenchmarkCountRound: rounds by arrival of 200,000 integer keys of 5
// rows each, the rows of a key together (a read through the key's index)
// or spread (a plain scan of a table written over time).
func BenchmarkCountRound(b *testing.B) {
	const keys, rows = 200000, 5
	inOrder := make([][]byte, 0, keys*rows)
	for k := 0; k < keys; k++ {
		for r := 0; r < rows; r++ {
			inOrder = append(inOrder, []byte(fmt.Sprint(k)))
		}
	}
	spread := slices.Clone(inOrder)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(spread), func(i, j int) { spread[i], spread[j] = spread[j], spread[i] })
	for _, c := range []struct {
		name string
		pks  [][]byte
	}{{"key-order", inOrder}, {"spread", spread}} {
		b.Run(c.name, func(b *testing.B) {
			tbl := plans.Table{Source: "public.t", PartitionKey: plans.Key{Attribute: "pk", Type: "N"}}
			for b.Loop() {
				il := &Rounds{t: tbl, seed: maphash.MakeSeed(), rounds: map[uint64]uint32{}}
				for _, pk := range c.pks {
					il.countRound(pk)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(c.pks)), "ns/row")
		})
		// What a row cost before the run: a hash and a map update each.
		b.Run(c.name+"-map-only", func(b *testing.B) {
			tbl := plans.Table{Source: "public.t", PartitionKey: plans.Key{Attribute: "pk", Type: "N"}}
			for b.Loop() {
				il := &Rounds{t: tbl, seed: maphash.MakeSeed(), rounds: map[uint64]uint32{}}
				for _, pk := range c.pks {
					h := il.pkHash(pk)
					n := il.rounds[h] + 1
					il.rounds[h] = n
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(c.pks)), "ns/row")
		})
	}
}
