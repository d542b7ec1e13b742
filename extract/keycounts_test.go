package extract_test

import (
	"fmt"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestKeyCountsInKeyOrder pins what the partition-heat picture is fed:
// every partition key value with its items, in DynamoDB's byte order
// (not the column's collation), number keys equal by value, NULL keys
// left out, and the limit reported as truncation.
func TestKeyCountsInKeyOrder(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	exec(t, db.Pool,
		`CREATE TABLE public.kc (name text COLLATE "en-x-icu", n numeric)`,
		`INSERT INTO public.kc VALUES ('b', 1.0), ('B', 1.00), ('a', 1), ('a', 10), (NULL, NULL), ('a', 2)`)
	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	str := plans.Table{Source: "public.kc", PartitionKey: plans.Key{Type: "S", Parts: []plans.KeyPart{{Column: "name", Encoding: plans.EncString}}}}
	keys, truncated, err := extract.KeyCounts(t.Context(), s, str, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(keys, truncated), "[{B 1} {a 3} {b 1}] false"; got != want {
		t.Errorf("string keys: got %s, want %s", got, want)
	}
	num := plans.Table{Source: "public.kc", PartitionKey: plans.Key{Type: "N", Parts: []plans.KeyPart{{Column: "n", Encoding: plans.EncNumber}}}}
	keys, truncated, err = extract.KeyCounts(t.Context(), s, num, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || keys[0].Items != 3 || keys[1].Value != "2" || !truncated {
		t.Errorf("number keys, limit 2: got %v truncated %v, want 1 (3 items), 2, truncated", keys, truncated)
	}
}
