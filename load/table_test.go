package load_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
)

// TestAppendRefusesOtherKeyTypes: --append into an existing table whose key
// attribute has another type (or name) than the plan's is refused before
// anything is written, in one line naming the table, the attribute and
// both types. It used to send every row and have each one rejected.
func TestAppendRefusesOtherKeyTypes(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE public.accounts (email text PRIMARY KEY, n int NOT NULL)`,
		`INSERT INTO public.accounts SELECT 'user' || i || '@example.com', i FROM generate_series(1, 300) i`,
		`ANALYZE public.accounts`,
	)
	snap, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	p := fixture.DesignPlan(t, snap, fmt.Sprintf("k%d_", time.Now().UnixNano()%1e9))
	snap.Close(context.Background())
	tb := p.Tables[0]
	if tb.PartitionKey.Type != "S" || tb.SortKey != nil {
		t.Fatalf("the test expects a plan keyed by one string attribute: %+v %+v", tb.PartitionKey, tb.SortKey)
	}
	pk := tb.PartitionKey.Attribute
	ddb := testenv.DynamoDB(t)
	for _, tc := range []struct {
		name, attr string
		typ        types.ScalarAttributeType
		want       string
	}{
		{"type", pk, types.ScalarAttributeTypeN, fmt.Sprintf("table %s_type exists with partition key %s of type N, the plan's is type S", tb.Target, pk)},
		{"name", "id", types.ScalarAttributeTypeS, fmt.Sprintf("table %s_name exists with partition key id, the plan's is %s", tb.Target, pk)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p.Tables[0].Target = tb.Target + "_" + tc.name
			name := p.Tables[0].Target
			if _, err := ddb.CreateTable(t.Context(), &dynamodb.CreateTableInput{
				TableName:            aws.String(name),
				BillingMode:          types.BillingModePayPerRequest,
				AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(tc.attr), AttributeType: tc.typ}},
				KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String(tc.attr), KeyType: types.KeyTypeHash}},
			}); err != nil {
				t.Fatal(err)
			}
			waitActive(t, ddb, name)
			rejects := filepath.Join(t.TempDir(), "rejects.jsonl")
			res, err := load.Run(t.Context(), p, snapshotSource(t, db.Pool), ddb, load.Options{Existing: target.Append, RejectsPath: rejects})
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				var r any
				if res != nil {
					r = res.Tables
				}
				t.Fatalf("append into a table keyed otherwise: %v (result %+v), want one line containing %q", err, r, tc.want)
			}
			if n := len(fixture.ScanAll(t, ddb, name)); n != 0 {
				t.Fatalf("%d items written into a table the load refused", n)
			}
			recs, err := item.ReadRejects(rejects)
			if err == nil && len(recs) > 0 {
				t.Fatalf("%d rows rejected; the table should have been refused up front", len(recs))
			}
		})
	}
}

func waitActive(t *testing.T, ddb *dynamodb.Client, name string) {
	t.Helper()
	for range 200 {
		out, err := ddb.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			t.Fatal(err)
		}
		if out.Table.TableStatus == types.TableStatusActive {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("table %s not ACTIVE", name)
}
