package load_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// snapshotSource opens a snapshot on pool for the test.
func snapshotSource(t testing.TB, pool *pgxpool.Pool) load.SnapshotSource {
	t.Helper()
	s, err := extract.Begin(t.Context(), pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close(context.Background()) })
	return load.SnapshotSource{Snapshot: s}
}

func exec(t testing.TB, pool *pgxpool.Pool, sql ...string) {
	t.Helper()
	for _, q := range sql {
		if _, err := pool.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// plannedFor designs the plan of every table of the database as `pg2ddb
// plan` does (inspect, profile, mapping.Design), with target names unique
// to the test: loader tests run through the real pipeline, so a seam
// between the planner and the loader shows in them.
func plannedFor(t testing.TB, pool *pgxpool.Pool) *plans.Plan {
	t.Helper()
	snap, err := extract.Begin(t.Context(), pool)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close(context.Background())
	return designPlan(t, snap, testenv.TableName(t, "t")+"_")
}

// setKeys edits a designed plan's keys as a person edits the plan file,
// for tests that need a particular key shape: the first part becomes the
// string partition key pk, the others the string sort key sk, and the
// design's sharding (made for its own key) is dropped.
func setKeys(tb *plans.Table, parts []plans.KeyPart) {
	tb.PartitionKey = plans.Key{Attribute: "pk", Type: "S", Parts: parts[:1]}
	tb.SortKey = nil
	if len(parts) > 1 {
		tb.SortKey = &plans.Key{Attribute: "sk", Type: "S", Parts: parts[1:]}
	}
	tb.Sharding = nil
}

// scanAll returns every item of a DynamoDB table.
func scanAll(t testing.TB, db *dynamodb.Client, table string) []map[string]types.AttributeValue {
	t.Helper()
	var out []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(table)})
	for p.HasMorePages() {
		page, err := p.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Items...)
	}
	return out
}

func mustVerify(t testing.TB, p *plans.Plan, src load.Source, db load.ReadAPI, rejects string, sample int) *load.VerifyReport {
	t.Helper()
	rep, err := load.Verify(t.Context(), p, src, db, load.VerifyOptions{RejectsPath: rejects, Sample: sample})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		var b strings.Builder
		for _, tv := range rep.Tables {
			for _, d := range tv.Differences {
				fmt.Fprintf(&b, "\n  %s: %s", tv.Source, d)
			}
		}
		t.Fatalf("verify found differences:%s", b.String())
	}
	return rep
}
