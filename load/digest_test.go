package load

import (
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/order"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestRowDigestsAndChunkHashAreStable pins the row digests and the chunk
// hash the encoding stage computes for a few rows (NULLs, empty values, a
// rejected row, a row below the frontier) to the values checkpoints
// written by earlier versions hold, for every checkpoint version a resume
// reads: a resume compares them with the claims, so a change to how they
// are computed would refuse every resume of a checkpoint written before it.
func TestRowDigestsAndChunkHashAreStable(t *testing.T) {
	for _, tc := range []struct {
		version int
		want    string
	}{
		{3, `0 3df05ebf4eb642ea0a9cbe52e5d359fb
1 8a49186043d4ed00e17a23d3773a2874
2 86ff4d4404f6481cecaf2e3c13ce8182
3 9d2d3af8a1a5eea21644334a03e55e4d
chunk 91e3294aa5f17ac809c5c396eb4c573b
next b41401d642418beb9da6e69436379744
long 1b5c855ff1052578ee7d262a7a7b7842
`},
		{4, `0 e6853ec8bc208a7ca2d431299b0a512e
1 c93815bb5b3621b0073c6b448b82268a
2 430c20a4844ed95d9651e6884b9071d1
3 c02e6cfe1cde3f935276f12046b02d29
chunk 48351f40c85e4e8875a674f49600afe1
next 9254c7be96741d9c1518942565c2b8e5
long e814573b3db786c4ed0146266d138bd8
`},
	} {
		t.Run(fmt.Sprint("version ", tc.version), func(t *testing.T) {
			got := digestsOf(t, rowDigestOf(tc.version))
			if got != tc.want {
				t.Errorf("digests and chunk hashes changed:\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	// A block without a digest of its own takes the current version's.
	if got, want := digestsOf(t, nil), digestsOf(t, rowDigestOf(checkpointVersion)); got != want {
		t.Errorf("default digests:\n%s\nwant the current version's:\n%s", got, want)
	}
}

// digestsOf encodes a few rows with digest and returns their digests and
// chunk hashes as text.
func digestsOf(t *testing.T, digest rowDigest) string {
	table := plans.Table{
		Source:       "public.t",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S"},
		SortKey:      &plans.Key{Attribute: "sk", Type: "N"},
		Attributes: []plans.Attribute{
			{Column: "txt", Name: "txt", Encoding: plans.AttrString},
			{Column: "doc", Name: "doc", Encoding: plans.AttrJSON, PGType: "jsonb"},
		},
	}
	enc, err := item.NewEncoder(table, plans.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := []order.Row{
		{Pos: 0, PK: []byte("a"), SK: []byte("1"), Copies: 1, Values: [][]byte{[]byte("x"), []byte(`{"k": [1, "v"]}`)}},
		{Pos: 1, PK: []byte("a"), SK: []byte("2"), Copies: 1, Values: [][]byte{nil, []byte{}}},
		{Pos: 2, PK: []byte("b"), SK: nil, Copies: 1, Values: [][]byte{[]byte(""), nil}},
		{Pos: 3, PK: []byte("c"), SK: []byte("3"), Problem: "bad key", Copies: 2, Values: [][]byte{[]byte("y"), nil}},
	}
	b := &rowBlock{frontier: 1, digest: digest}
	for i := range rows {
		if !b.add(&rows[i]) {
			t.Fatal("block full")
		}
	}
	var z bodySizer
	b.encode(enc, nil, len(table.Attributes), &z)
	for i, it := range b.items {
		row := &rows[i]
		if row.Pos < b.frontier || b.rejs[i] != nil {
			continue
		}
		if want := string(item.AppendID(nil, row.PK, row.SK)); it.ID != want || it.PK() != string(row.PK) || it.SK() != string(row.SK) {
			t.Errorf("row %d: item ID %q (key %q, %q), want %q", i, it.ID, it.PK(), it.SK(), want)
		}
	}
	h := newRowHasher()
	var got string
	for i, d := range b.digests {
		got += fmt.Sprintf("%d %s\n", i, hex.EncodeToString(d[:]))
		h.add(d)
	}
	got += "chunk " + h.sum() + "\n"
	h.add(b.digests[0])
	got += "next " + h.sum() + "\n"
	// A long input, past the lengths XXH3 hashes without its vector
	// accumulators (which it runs in assembly where the CPU has them).
	long := make([]byte, 5000)
	for i := range long {
		long[i] = byte(i*7 + i/256)
	}
	if digest == nil {
		digest = digestXXH3
	}
	d := digest(long)
	got += "long " + hex.EncodeToString(d[:]) + "\n"
	return got
}

func TestRowHasherAllocatesNothingPerRow(t *testing.T) {
	h := newRowHasher()
	d := [16]byte{1, 2, 3}
	if n := testing.AllocsPerRun(100, func() { h.add(d) }); n != 0 {
		t.Errorf("rowHasher.add: %v allocations a row, want 0", n)
	}
}

// BenchmarkEncodeBlock encodes blocks of 256 rows like the bench table's
// (go test ./load -run '^$' -bench EncodeBlock -benchmem): the digests,
// IDs and items of the encoding stage, and the block's release.
func BenchmarkEncodeBlock(b *testing.B) {
	table := plans.Table{
		Source:       "public.orders",
		PartitionKey: plans.Key{Attribute: "customer_id", Type: "N"},
		SortKey:      &plans.Key{Attribute: "order_no", Type: "N"},
		Attributes: []plans.Attribute{
			{Column: "order_id", Name: "order_id", Encoding: plans.AttrNumber},
			{Column: "created_at", Name: "created_at", Encoding: plans.AttrString},
			{Column: "amount", Name: "amount", Encoding: plans.AttrNumber},
			{Column: "status", Name: "status", Encoding: plans.AttrString},
			{Column: "items", Name: "items", Encoding: plans.AttrJSON, PGType: "jsonb"},
			{Column: "note", Name: "note", Encoding: plans.AttrString},
		},
	}
	enc, err := item.NewEncoder(table, plans.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rows := make([]order.Row, blockRows)
	for i := range rows {
		rows[i] = order.Row{Pos: int64(i), PK: fmt.Appendf(nil, "%d", 1000+i/7), SK: fmt.Appendf(nil, "%d", i%7+1), Copies: 1, Values: [][]byte{
			fmt.Appendf(nil, "%d", 500000+i), []byte("2024-05-01T10:00:00.123456Z"), []byte("129.95"), []byte("shipped"),
			[]byte(`[{"qty": 3, "sku": "SKU-00421", "price": 12.5}, {"qty": 1, "sku": "SKU-09913", "price": 104.25}]`),
			[]byte("leave at the door, please; ring twice"),
		}}
	}
	var z bodySizer
	b.ReportAllocs()
	for b.Loop() {
		blk := &rowBlock{}
		for i := range rows {
			blk.add(&rows[i])
		}
		blk.encode(enc, nil, len(table.Attributes), &z)
		blk.release()
	}
}
