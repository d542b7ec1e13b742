package ddbsim

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestGlobalSecondaryIndexes runs the same index scenario against the
// simulator and dynalite: created with the table and ACTIVE with it, a
// sparse index leaves out items without its key, Scan with IndexName
// counts and projects like DynamoDB, and a put with an index key of the
// wrong type is refused.
func TestGlobalSecondaryIndexes(t *testing.T) {
	sim := startSim(t, Options{PartitionWCU: 1e9})
	for _, target := range []struct {
		name string
		c    *dynamodb.Client
	}{{"simulator", simClient(sim.URL())}, {"dynalite", testenv.DynamoDB(t)}} {
		t.Run(target.name, func(t *testing.T) {
			c, ctx := target.c, ctxFor(t)
			name := testenv.TableName(t, "gsi")
			_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
				TableName:   aws.String(name),
				BillingMode: types.BillingModePayPerRequest,
				AttributeDefinitions: []types.AttributeDefinition{
					{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
					{AttributeName: aws.String("cat"), AttributeType: types.ScalarAttributeTypeN},
					{AttributeName: aws.String("ref"), AttributeType: types.ScalarAttributeTypeS},
					{AttributeName: aws.String("n"), AttributeType: types.ScalarAttributeTypeN},
				},
				KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
				GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{
					{IndexName: aws.String("by_cat"), KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("cat"), KeyType: types.KeyTypeHash}},
						Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}},
					{IndexName: aws.String("by_ref"), KeySchema: []types.KeySchemaElement{
						{AttributeName: aws.String("ref"), KeyType: types.KeyTypeHash}, {AttributeName: aws.String("n"), KeyType: types.KeyTypeRange}},
						Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}},
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.DeleteTable(ctxFor(t), &dynamodb.DeleteTableInput{TableName: aws.String(name)}) }) //nolint:errcheck // best effort
			d := waitActive(t, c, name)
			var names []string
			for _, ix := range d.GlobalSecondaryIndexes {
				names = append(names, aws.ToString(ix.IndexName))
				if ix.IndexStatus != types.IndexStatusActive {
					t.Errorf("index %s: status %s with the table ACTIVE", aws.ToString(ix.IndexName), ix.IndexStatus)
				}
			}
			slices.Sort(names)
			if !slices.Equal(names, []string{"by_cat", "by_ref"}) {
				t.Fatalf("described indexes %v", names)
			}
			const n = 300
			var reqs []types.WriteRequest
			for i := range n {
				item := map[string]types.AttributeValue{"pk": sv(fmt.Sprintf("k%04d", i)), "cat": nv(fmt.Sprint(i % 7)), "n": nv(fmt.Sprint(i)), "other": sv("x")}
				if i%3 != 0 {
					item["ref"] = sv(fmt.Sprintf("r%d", i%10))
				}
				reqs = append(reqs, put(item))
			}
			for i := 0; i < len(reqs); i += 25 {
				out, err := c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{name: reqs[i:min(i+25, len(reqs))]}})
				if err != nil || len(out.UnprocessedItems) > 0 {
					t.Fatalf("batch write: %v (%d unprocessed)", err, len(out.UnprocessedItems))
				}
			}
			if got := indexCount(t, c, name, "by_cat", 3); got != n {
				t.Errorf("by_cat holds %d items, want %d", got, n)
			}
			if got := indexCount(t, c, name, "by_ref", 2); got != n-n/3 {
				t.Errorf("by_ref (sparse) holds %d items, want %d", got, n-n/3)
			}
			out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(name), IndexName: aws.String("by_cat"), Limit: aws.Int32(5)})
			if err != nil || len(out.Items) == 0 {
				t.Fatalf("scan by_cat: %v (%d items)", err, len(out.Items))
			}
			for _, it := range out.Items {
				if _, ok := it["other"]; ok || it["pk"] == nil || it["cat"] == nil {
					t.Errorf("KEYS_ONLY item %v: want the table and index keys only", keyOfAny(it))
				}
			}
			if out.LastEvaluatedKey == nil || out.LastEvaluatedKey["cat"] == nil || out.LastEvaluatedKey["pk"] == nil {
				t.Errorf("LastEvaluatedKey %v: want the table's and the index's keys", out.LastEvaluatedKey)
			}
			// DynamoDB refuses a consistent read of a global index;
			// dynalite accepts it, the simulator follows DynamoDB.
			if _, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(name), IndexName: aws.String("by_cat"), ConsistentRead: aws.Bool(true)}); err == nil && target.name == "simulator" {
				t.Error("consistent read of a global index accepted")
			}
			_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(name), Item: map[string]types.AttributeValue{"pk": sv("bad"), "cat": sv("seven")}})
			var ae smithy.APIError
			if !errors.As(err, &ae) || ae.ErrorCode() != "ValidationException" {
				t.Errorf("put with a string index key of type N: %v, want a ValidationException", err)
			}
		})
	}
}

func keyOfAny(it map[string]types.AttributeValue) []string {
	var ks []string
	for k := range it {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// indexCount counts an index's items with a parallel Scan, Select COUNT.
func indexCount(t *testing.T, c *dynamodb.Client, table, index string, segments int32) int {
	t.Helper()
	total := 0
	for seg := range segments {
		p := dynamodb.NewScanPaginator(c, &dynamodb.ScanInput{TableName: aws.String(table), IndexName: aws.String(index), Select: types.SelectCount,
			Segment: aws.Int32(seg), TotalSegments: aws.Int32(segments), Limit: aws.Int32(40)})
		for p.HasMorePages() {
			out, err := p.NextPage(ctxFor(t))
			if err != nil {
				t.Fatalf("count %s: %v", index, err)
			}
			total += int(out.Count)
		}
	}
	return total
}

func waitActive(t *testing.T, c *dynamodb.Client, name string) *types.TableDescription {
	t.Helper()
	for range 600 {
		out, err := c.DescribeTable(ctxFor(t), &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		if err != nil {
			t.Fatal(err)
		}
		if out.Table.TableStatus == types.TableStatusActive {
			return out.Table
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("table %s not ACTIVE", name)
	return nil
}
