package extract_test

import (
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestNumberedCopiesMissRealKeysInBothReads: under duplicates number,
// the copies of ('c1','red') take numbers that miss the real keys red#2
// and red#4 — in the load's read (numbered by package order) and in the
// server-side read review and verify use alike, with the sort key
// numbered and, without a sort key, the partition key; a NULL partition
// key (a rejected row) numbers its copies by occurrence in both.
func TestNumberedCopiesMissRealKeysInBothReads(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.nk (acct text, color text, v text)`,
		`INSERT INTO public.nk SELECT 'k' || (i % 50), 'c' || i, 'v' FROM generate_series(1, 500) i`,
		`INSERT INTO public.nk VALUES ('c1', 'red#2', 'x'), ('c1', 'red', 'x'), ('c1', 'red', 'x'), ('c1', 'red#4', 'y'),
		   ('c1', 'red', 'x'), ('c2', 'red', 'x'), ('c2', 'red', 'x'), (NULL, 'red', 'x'), (NULL, 'red', 'x'), (NULL, 'red#2', 'x')`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	str := func(col string) plans.KeyPart { return plans.KeyPart{Column: col, Encoding: plans.EncString} }
	withSK := plans.Table{Source: "public.nk",
		PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{str("acct")}},
		SortKey:      &plans.Key{Attribute: "sk", Type: "S", Parts: []plans.KeyPart{str("color")}},
		Attributes:   []plans.Attribute{{Column: "v", Name: "v", Type: "S", Encoding: plans.AttrString}},
		Duplicates:   &plans.Duplicates{Action: plans.DuplicatesNumber}}
	noSK := withSK
	noSK.PartitionKey = plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{str("color")}}
	noSK.SortKey = nil
	noSK.Attributes = []plans.Attribute{{Column: "acct", Name: "acct", Type: "S", Encoding: plans.AttrString}, withSK.Attributes[0]}
	for _, c := range []struct {
		name string
		tb   plans.Table
		want []string
	}{
		{"sort key", withSK, []string{
			rowText([]byte("c1"), []byte("red"), "", 1, [][]byte{[]byte("x")}),
			rowText([]byte("c1"), []byte("red#2"), "", 1, [][]byte{[]byte("x")}),
			rowText([]byte("c1"), []byte("red#3"), "", 1, [][]byte{[]byte("x")}),
			rowText([]byte("c1"), []byte("red#4"), "", 1, [][]byte{[]byte("y")}),
			rowText([]byte("c1"), []byte("red#5"), "", 1, [][]byte{[]byte("x")}),
			rowText([]byte("c2"), []byte("red#2"), "", 1, [][]byte{[]byte("x")}),
		}},
		{"partition key", noSK, []string{
			// Three rows share the key red (c1, c2, NULL), and so do their
			// second copies (red#2 is real): a collision, every copy.
			rowText([]byte("red#3"), nil, "", 3, [][]byte{[]byte("c2"), []byte("x")}),
			rowText([]byte("red#5"), nil, "", 1, [][]byte{[]byte("c1"), []byte("x")}),
		}},
	} {
		got, _ := streamRows(t, s, c.tb, extract.OrderInterleave)
		server, _ := sortedRows(t, s, c.tb)
		slices.Sort(got)
		slices.Sort(server)
		if !slices.Equal(got, server) {
			t.Errorf("%s: the load's read and the server's differ:\n got %q\nwant %q", c.name, diffOf(got, server), diffOf(server, got))
		}
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no row %s", c.name, w)
			}
		}
	}
}
