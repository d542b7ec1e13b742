package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestByteaInCompositeKeyLoadsAndVerifies: a bytea that is a part of a
// composite primary key (a run's uuid stored as 16 bytes, as Temporal
// does) becomes a hex part of a composite string key; the unedited plan
// loads and verifies clean, and one partition's items come back in the
// byte order of the bytea, as the source's primary key index orders them.
func TestByteaInCompositeKeyLoadsAndVerifies(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.run_items (shard_id int NOT NULL, run_id bytea NOT NULL, item_id bigint NOT NULL, note text,
		   PRIMARY KEY (shard_id, run_id, item_id))`,
		`INSERT INTO public.run_items
		   SELECT s, decode(md5('run' || s || '-' || r), 'hex'), i, 'n' || i
		   FROM generate_series(1, 40) s, generate_series(1, 3) r, generate_series(1, 2) i`,
		`INSERT INTO public.run_items VALUES (1, '\x', 1, 'empty run id'), (1, '\x00', 1, 'zero'), (1, '\x0023', 1, '#'), (1, '\xff', 1, 'ff')`,
		`ANALYZE public.run_items`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	sim, target := simTarget(t)
	planPath := filepath.Join(t.TempDir(), "run_items.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	tb := p.Tables[0]
	hexPart := func(k *plans.Key) bool {
		return k != nil && len(k.Parts) > 1 && slices.ContainsFunc(k.Parts, func(kp plans.KeyPart) bool { return kp.Column == "run_id" && kp.Encoding == plans.EncHex })
	}
	if !hexPart(&tb.PartitionKey) && !hexPart(tb.SortKey) {
		t.Fatalf("no composite key holds run_id in hex: pk %+v, sk %+v", tb.PartitionKey, tb.SortKey)
	}
	if code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, target...)...); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...); code != 0 {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
	if tb.SortKey == nil || len(tb.PartitionKey.Parts) != 1 || tb.PartitionKey.Parts[0].Column != "shard_id" {
		t.Fatalf("want the shard to own the rows (composite-key-owner), got pk %+v, sk %+v", tb.PartitionKey, tb.SortKey)
	}
	// The simulator has no Query: one shard's items, ordered by their
	// sort key as DynamoDB orders S keys (by bytes), as a Query returns them.
	scan, err := testenv.DynamoDBAt(sim.URL()).Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(tb.Target)})
	if err != nil {
		t.Fatal(err)
	}
	var items []map[string]types.AttributeValue
	for _, it := range scan.Items {
		if n, ok := it["shard_id"].(*types.AttributeValueMemberN); ok && n.Value == "1" {
			items = append(items, it)
		}
	}
	sk := func(it map[string]types.AttributeValue) string {
		v, ok := it[tb.SortKey.Attribute].(*types.AttributeValueMemberS)
		if !ok {
			t.Fatalf("sort key %s is %#v, want S", tb.SortKey.Attribute, it[tb.SortKey.Attribute])
		}
		return v.Value
	}
	slices.SortFunc(items, func(a, b map[string]types.AttributeValue) int { return strings.Compare(sk(a), sk(b)) })
	var runs [][]byte
	for _, it := range items {
		b, ok := it["run_id"].(*types.AttributeValueMemberB)
		if !ok {
			t.Fatalf("run_id is %#v, want B", it["run_id"])
		}
		runs = append(runs, b.Value)
	}
	if len(runs) != 3*2+4 {
		t.Fatalf("shard 1 holds %d items, want 10", len(runs))
	}
	if !slices.IsSortedFunc(runs, bytes.Compare) {
		t.Errorf("shard 1's items are not in run_id byte order: %x", runs)
	}
}
