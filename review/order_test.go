package review

import (
	"os"
	"slices"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/placement"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// TestHeatOrdersAreTheLoadersOrders pins that the heat picture replays the
// writes a load makes: for pagila's rental (S key) and payment (N key), in
// table order the partitions the simulation writes to, one by one, are
// those of the rows extract.Stream hands a load; in interleaved order each
// round writes to exactly the partitions the load's round does (the same
// keys), in an order unrelated to placement — the load takes a round's
// keys in arrival order, which the key counts do not carry, and the
// simulation stands in a salted hash for it.
func TestHeatOrdersAreTheLoadersOrders(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	p, err := plans.ReadFile("../mapping/testdata/golden/pagila.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	const parts = 16
	for _, tb := range p.Tables {
		if tb.Source != "public.rental" && tb.Source != "public.payment" {
			continue
		}
		keys, _, err := extract.KeyCounts(t.Context(), s, tb, 0)
		if err != nil {
			t.Fatal(err)
		}
		part := make([]int, len(keys))
		units := make([]int64, len(keys))
		for i, k := range keys {
			part[i] = placement.PartitionOf(tb.PartitionKey.Type, k.Value, parts)
			units[i] = k.Items
		}
		for order, gen := range map[extract.Order]func() (int, bool){
			extract.OrderInterleave: interleaved(keys, units, part),
			extract.OrderTable:      tableOrder(units, part),
		} {
			rows, err := extract.Stream(t.Context(), s, tb, extract.StreamOptions{Order: order})
			if err != nil {
				t.Fatal(err)
			}
			var n int
			// Interleaved: compare each round's partitions as multisets.
			// Round r holds the keys with at least r items.
			roundLeft, round := int64(0), int64(0)
			var loaded, simulated []int
			flush := func() bool {
				slices.Sort(loaded)
				slices.Sort(simulated)
				if !slices.Equal(loaded, simulated) {
					t.Errorf("%s, interleaved order, round %d: the load writes to partitions %v, the simulation to %v", tb.Source, round, loaded, simulated)
					return false
				}
				loaded, simulated = loaded[:0], simulated[:0]
				return true
			}
			for rows.Next() {
				want := placement.PartitionOf(tb.PartitionKey.Type, string(rows.Row().PK), parts)
				got, ok := gen()
				if order == extract.OrderTable {
					if !ok || got != want {
						t.Errorf("%s, %s order, write %d: simulated on partition %d (more %v), the load writes to %d", tb.Source, order, n, got, ok, want)
						break
					}
					n++
					continue
				}
				if roundLeft == 0 {
					round++
					for _, u := range units {
						if u >= round {
							roundLeft++
						}
					}
				}
				if !ok {
					t.Errorf("%s, interleaved order, write %d: the simulation ended early", tb.Source, n)
					break
				}
				loaded, simulated = append(loaded, want), append(simulated, got)
				n++
				if roundLeft--; roundLeft == 0 && !flush() {
					break
				}
			}
			if order == extract.OrderInterleave && roundLeft != 0 {
				t.Errorf("%s, interleaved order: the load ended inside round %d, %d writes short", tb.Source, round, roundLeft)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if _, more := gen(); more || n < 16000 {
				t.Errorf("%s, %s order: %d rows streamed, simulation has more: %v", tb.Source, order, n, more)
			}
		}
	}
}
