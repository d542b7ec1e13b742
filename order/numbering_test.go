package order

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/spill"
)

// TestNumberedCopiesMissRealKeys: ('c1','red') three times beside real
// rows ('c1','red#2') and ('c1','red#4'): the copies take red#3 and red#5,
// whatever the real rows' place in the read and whether the count is in
// memory or in bucket files; every key is written once. Without a sort
// key the partition key is numbered the same way.
func TestNumberedCopiesMissRealKeys(t *testing.T) {
	rec := func(pk, sk string) spill.Record {
		return spill.Record{PK: []byte(pk), SK: []byte(sk), Values: [][]byte{[]byte("x")}}
	}
	recs := []spill.Record{rec("c1", "red#2"), rec("c1", "red"), rec("c1", "red"), rec("c2", "red"), rec("c1", "red"), rec("c1", "red#4")}
	for i := range 300 {
		recs = append(recs, rec(fmt.Sprintf("k%d", i), "blue"))
	}
	for _, mem := range []int{1, 2, 1 << 20} {
		got := run(t, table(plans.DuplicatesNumber), recs, true, false, Tuning{CollisionMemory: mem})
		var c1 []string
		for _, r := range got {
			if r.copies != 1 {
				t.Errorf("memory %d: (%s, %s) has %d copies", mem, r.pk, r.sk, r.copies)
			}
			if r.pk == "c1" {
				c1 = append(c1, r.sk)
			}
		}
		slices.Sort(c1)
		if want := []string{"red", "red#2", "red#3", "red#4", "red#5"}; !slices.Equal(c1, want) {
			t.Errorf("memory %d: c1 has %v, want %v", mem, c1, want)
		}
	}

	noSK := table(plans.DuplicatesNumber)
	noSK.SortKey = nil
	recs = []spill.Record{{PK: []byte("red"), Values: [][]byte{[]byte("x")}}, {PK: []byte("red"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("red#2"), Values: [][]byte{[]byte("y")}}}
	var pks []string
	for _, r := range run(t, noSK, recs, false, false, Tuning{}) {
		pks = append(pks, r.pk)
		if r.copies != 1 {
			t.Errorf("no sort key: %s has %d copies", r.pk, r.copies)
		}
	}
	slices.Sort(pks)
	if want := []string{"red", "red#2", "red#3"}; !slices.Equal(pks, want) {
		t.Errorf("no sort key: %v, want %v", pks, want)
	}
}

// TestNumberedCopiesOfCollidingRowsCollide: two different rows with one
// key are a collision, and so are their copies: every copy is counted.
func TestNumberedCopiesOfCollidingRowsCollide(t *testing.T) {
	recs := []spill.Record{
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("y")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("x")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("y")}},
		{PK: []byte("c1"), SK: []byte("red"), Values: [][]byte{[]byte("y")}},
	}
	got := run(t, table(plans.DuplicatesNumber), recs, true, false, Tuning{})
	copies := map[string]int64{}
	for _, r := range got {
		copies[r.sk] = r.copies
	}
	if want := map[string]int64{"red": 2, "red#2": 2, "red#3": 1}; fmt.Sprint(copies) != fmt.Sprint(want) {
		t.Errorf("copies %v, want %v", copies, want)
	}
}
