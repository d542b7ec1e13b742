package verify_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/verify"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// consistency records whether every read verify makes is strongly
// consistent; DynamoDB Local and dynalite answer both kinds alike, so only
// the request can show it.
type consistency struct {
	verify.ReadAPI
	mu                   sync.Mutex
	scans, eventualScans int
	gets, eventualGets   int
}

func (c *consistency) Scan(ctx context.Context, in *dynamodb.ScanInput, opt ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	c.mu.Lock()
	c.scans++
	// A global secondary index has no consistent reads (DynamoDB refuses
	// ConsistentRead with its IndexName); verify recounts it instead.
	if !aws.ToBool(in.ConsistentRead) && in.IndexName == nil {
		c.eventualScans++
	}
	c.mu.Unlock()
	return c.ReadAPI.Scan(ctx, in, opt...)
}

func (c *consistency) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opt ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	c.mu.Lock()
	for _, ka := range in.RequestItems {
		c.gets++
		if !aws.ToBool(ka.ConsistentRead) {
			c.eventualGets++
		}
	}
	c.mu.Unlock()
	return c.ReadAPI.BatchGetItem(ctx, in, opt...)
}

// TestVerifyNumberKeysAndConsistentReads loads a table keyed by a
// numeric(10,2) column, whose values PostgreSQL writes with their scale
// (10.50) and DynamoDB returns normalised (10.5), and requires verify to
// find every sampled item, with strongly consistent reads only. Verify
// used to match keys by their text and report the items with a trailing
// zero as missing, and to count with an eventually consistent Scan.
func TestVerifyNumberKeysAndConsistentReads(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE public.prices (price numeric(10,2) PRIMARY KEY, label text NOT NULL)`,
		`INSERT INTO public.prices SELECT i * 0.50, 'p' || i FROM generate_series(1, 400) i`,
		`ANALYZE public.prices`,
	)
	snap, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p := fixture.DesignPlan(t, snap, fmt.Sprintf("v%d_", time.Now().UnixNano()%1e9))
	snap.Close(context.Background())
	// The user's edit: key by the price as a DynamoDB number.
	tb := &p.Tables[0]
	tb.PartitionKey = plans.Key{Attribute: tb.PartitionKey.Attribute, Type: "N", Parts: []plans.KeyPart{{Column: "price", Encoding: plans.EncNumber}}}
	tb.SortKey, tb.Sharding = nil, nil
	ddb := testenv.DynamoDB(t)
	src := load.SnapshotSource{Snapshot: fixture.Snapshot(t, db.Pool)}
	res, err := load.Run(t.Context(), p, src, ddb, load.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; tr.Written != 400 || tr.Rejected != 0 {
		t.Fatalf("load %+v", tr)
	}
	reads := &consistency{ReadAPI: ddb}
	rep := fixture.MustVerify(t, p, src, reads, "", 400)
	if tv := rep.Tables[0]; tv.Items != 400 || tv.Sampled != 400 {
		t.Fatalf("verify %+v", tv)
	}
	if reads.scans == 0 || reads.gets == 0 || reads.eventualScans != 0 || reads.eventualGets != 0 {
		t.Fatalf("verify read eventually consistently: %d of %d scans, %d of %d batch gets",
			reads.eventualScans, reads.scans, reads.eventualGets, reads.gets)
	}
}
