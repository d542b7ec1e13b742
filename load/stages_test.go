package load_test

import (
	"bytes"
	"fmt"
	"math/big"
	"slices"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/corpus"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestParallelEncodingIsTheSerialOne reads every table of every dataset
// and of the generated corpus, with the plan mapping.Design makes, through
// the encoding stage with one encoder (on the reading goroutine) and with
// four, and requires the same rows, digests, items and rejects in the same
// order; and checks the order's round properties on the way: every round
// complete before the next, no key twice in one round, and each key's
// items in sort-key order as DynamoDB orders sort keys.
func TestParallelEncodingIsTheSerialOne(t *testing.T) {
	testenv.Long(t) // every dataset: the other load tests race-check the parallel stages
	sources := append([]string{"corpus"}, testenv.Datasets...)
	for _, ds := range sources {
		t.Run(ds, func(t *testing.T) {
			var db *testenv.Database
			if ds == "corpus" {
				db = testenv.NewDatabase(t, "")
				if err := corpus.Build(t.Context(), db.Pool); err != nil {
					t.Fatal(err)
				}
			} else {
				db = testenv.NewDatabase(t, ds)
			}
			src := snapshotSource(t, db.Pool)
			p := fixture.DesignPlan(t, src.Snapshot, fmt.Sprintf("t%d_", time.Now().UnixNano()%1e9))
			for _, tb := range p.Tables {
				enc, err := item.NewEncoder(tb, p.Options)
				if err != nil {
					t.Fatal(err)
				}
				read := func(workers int) []load.EncodedRow {
					rows, err := src.Rows(t.Context(), tb, extract.StreamOptions{Order: extract.OrderInterleave})
					if err != nil {
						t.Fatal(err)
					}
					defer rows.Close()
					got, err := load.EncodeAll(t.Context(), rows, enc, workers)
					if err != nil {
						t.Fatalf("%s: %v", tb.Source, err)
					}
					return got
				}
				serial, parallel := read(1), read(4)
				if !slices.Equal(serial, parallel) {
					i := 0
					for i < min(len(serial), len(parallel)) && serial[i] == parallel[i] {
						i++
					}
					t.Fatalf("%s: the parallel stage yields %d rows, the serial %d; first difference at %d", tb.Source, len(parallel), len(serial), i)
				}
				checkRoundsAndSortKeys(t, tb, serial)
			}
		})
	}
}

func checkRoundsAndSortKeys(t *testing.T, tb plans.Table, rows []load.EncodedRow) {
	t.Helper()
	skType := ""
	if tb.SortKey != nil {
		skType = tb.SortKey.Type
	}
	seen := map[string]int{}
	last := map[string]string{}
	round := 1
	for i, r := range rows {
		if r.Pos != int64(i) {
			t.Fatalf("%s: row %d has position %d", tb.Source, i, r.Pos)
		}
		seen[r.PK]++
		switch n := seen[r.PK]; {
		case n < round:
			t.Fatalf("%s: row %d is item %d of key %q, in round %d: round %d was not complete", tb.Source, i, n, r.PK, round, n)
		case n > round:
			round = n
		}
		if l, ok := last[r.PK]; ok && skType != "" && compareDynamoDB(r.SK, l, skType) < 0 {
			t.Fatalf("%s: row %d: key %q has sort key %q after %q", tb.Source, i, r.PK, r.SK, l)
		}
		last[r.PK] = r.SK
	}
}

// compareDynamoDB compares sort keys as DynamoDB does: N by value, S and B
// by bytes.
func compareDynamoDB(a, b, typ string) int {
	if typ == "N" {
		x, okA := new(big.Rat).SetString(a)
		y, okB := new(big.Rat).SetString(b)
		if okA && okB {
			return x.Cmp(y)
		}
	}
	return bytes.Compare([]byte(a), []byte(b))
}
