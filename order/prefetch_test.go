package order

import (
	"bytes"
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/spill"
)

// TestPrefetchedEncodingIsTheSpillOne: the scan spills a prefetched row
// from the encoding its block made (WriteRound of the rest), where it
// encoded the record itself (Write): the bytes must be the same, NULL
// apart from empty, and the record's keys and values the ones read.
func TestPrefetchedEncodingIsTheSpillOne(t *testing.T) {
	recs := []spill.Record{
		{PK: []byte("a"), SK: []byte("1"), Values: [][]byte{[]byte("x"), nil, {}}},
		{PK: nil, SK: []byte{}, Problem: "partition key is NULL", Values: [][]byte{nil}},
		{PK: []byte("b"), SK: nil, Values: nil},
		{PK: bytes.Repeat([]byte("k"), 300), SK: []byte("2"), Values: [][]byte{bytes.Repeat([]byte("v"), 70000)}},
	}
	var b recBlock
	for _, r := range recs {
		if !b.add(r) {
			t.Fatalf("a block takes %d records", len(b.recs))
		}
	}
	for i, r := range recs {
		want := spill.AppendBody(nil, r)[1:] // after round 0's one byte
		if !bytes.Equal(b.rests[i], want) {
			t.Fatalf("record %d: block encodes %q, spill %q", i, b.rests[i], want)
		}
		got := b.recs[i]
		same := func(x, y []byte) bool { return bytes.Equal(x, y) && (x == nil) == (y == nil) }
		if !same(got.PK, r.PK) || !same(got.SK, r.SK) || got.Problem != r.Problem ||
			!slices.EqualFunc(got.Values, r.Values, same) {
			t.Fatalf("record %d: block holds %+v, read %+v", i, got, r)
		}
	}
}
