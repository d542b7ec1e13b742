package ddbsim

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/go-cmp/cmp"
)

func keyOf(item map[string]types.AttributeValue) string {
	return item["pk"].(*types.AttributeValueMemberS).Value + "/" + item["sk"].(*types.AttributeValueMemberN).Value
}

// scanAll pages through one segment (or the table when total is 0) and
// returns the keys seen and the number of pages.
func scanAll(t *testing.T, c *dynamodb.Client, table string, seg, total int32, limit int32) ([]string, int) {
	t.Helper()
	in := &dynamodb.ScanInput{TableName: aws.String(table)}
	if total > 0 {
		in.Segment, in.TotalSegments = aws.Int32(seg), aws.Int32(total)
	}
	if limit > 0 {
		in.Limit = aws.Int32(limit)
	}
	var keys []string
	pages := 0
	for {
		out, err := c.Scan(ctxFor(t), in)
		if err != nil {
			t.Fatalf("scan: %v", err)
		}
		pages++
		if int(out.Count) != len(out.Items) {
			t.Fatalf("scan page Count %d with %d items", out.Count, len(out.Items))
		}
		for _, it := range out.Items {
			keys = append(keys, keyOf(it))
		}
		if out.LastEvaluatedKey == nil {
			return keys, pages
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
		if pages > 10_000 {
			t.Fatal("scan does not end")
		}
	}
}

func TestStoreModeReadsBack(t *testing.T) {
	sim := startSim(t, Options{PartitionWCU: 1e9})
	c := simClient(sim.URL())
	ctx := ctxFor(t)
	createTable(t, c, "store", true)

	const count = 1000
	var want []string
	var items []map[string]types.AttributeValue
	for i := range count {
		items = append(items, map[string]types.AttributeValue{
			"pk": sv(fmt.Sprintf("k%03d", i%100)), "sk": nv(fmt.Sprint(i)),
			"price": nv("12.50"), "tags": &types.AttributeValueMemberSS{Value: []string{"a", "b"}},
			"m": &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"x": &types.AttributeValueMemberNULL{Value: true}}},
		})
		want = append(want, fmt.Sprintf("k%03d/%d", i%100, i))
	}
	if err := load(ctx, c, "store", items, 4); err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)

	// A full scan in pages of 70 returns every item once.
	got, pages := scanAll(t, c, "store", 0, 0, 70)
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paged scan (-want +got):\n%s", diff)
	}
	if pages < count/70 {
		t.Errorf("scan with Limit 70 took %d pages", pages)
	}
	// Four parallel segments partition the table.
	var union []string
	for seg := range int32(4) {
		keys, _ := scanAll(t, c, "store", seg, 4, 0)
		if len(keys) == 0 || len(keys) == count {
			t.Errorf("segment %d has %d of %d items", seg, len(keys), count)
		}
		union = append(union, keys...)
	}
	slices.Sort(union)
	if diff := cmp.Diff(want, union); diff != "" {
		t.Errorf("union of segments (-want +got):\n%s", diff)
	}
	// Select=COUNT counts without items.
	out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("store"), Select: types.SelectCount})
	if err != nil || out.Count != count || len(out.Items) != 0 {
		t.Errorf("COUNT scan: count %v items %d err %v", out.Count, len(out.Items), err)
	}

	// GetItem returns the item with numbers in canonical form.
	g, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("store"), Key: map[string]types.AttributeValue{"pk": sv("k007"), "sk": nv("7.0")}})
	if err != nil {
		t.Fatalf("GetItem: %v", err)
	}
	if p, ok := g.Item["price"].(*types.AttributeValueMemberN); !ok || p.Value != "12.5" {
		t.Errorf("GetItem price = %#v, want N 12.5", g.Item["price"])
	}
	if m, ok := g.Item["m"].(*types.AttributeValueMemberM); !ok || m.Value["x"] == nil {
		t.Errorf("GetItem m = %#v, want a map with x", g.Item["m"])
	}
	g, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("store"), Key: map[string]types.AttributeValue{"pk": sv("k007"), "sk": nv("8")}})
	if err != nil || g.Item != nil {
		t.Errorf("GetItem of a missing key: %v %v", g.Item, err)
	}

	// BatchGetItem returns the existing ones.
	bg, err := c.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: map[string]types.KeysAndAttributes{"store": {Keys: []map[string]types.AttributeValue{
		{"pk": sv("k001"), "sk": nv("1")}, {"pk": sv("k002"), "sk": nv("102")}, {"pk": sv("k002"), "sk": nv("3")},
	}}}})
	if err != nil {
		t.Fatalf("BatchGetItem: %v", err)
	}
	var bgKeys []string
	for _, it := range bg.Responses["store"] {
		bgKeys = append(bgKeys, keyOf(it))
	}
	slices.Sort(bgKeys)
	if diff := cmp.Diff([]string{"k001/1", "k002/102"}, bgKeys); diff != "" {
		t.Errorf("BatchGetItem (-want +got):\n%s", diff)
	}

	// Deletes remove items; DescribeTable counts what is left.
	if _, err := c.BatchWriteItem(ctx, batch("store", types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: map[string]types.AttributeValue{"pk": sv("k001"), "sk": nv("1")}}})); err != nil {
		t.Fatalf("delete: %v", err)
	}
	d, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("store")})
	if err != nil || aws.ToInt64(d.Table.ItemCount) != count-1 {
		t.Errorf("DescribeTable ItemCount = %v (err %v), want %d", aws.ToInt64(d.Table.ItemCount), err, count-1)
	}
}

func TestScanPageLimitOneMegabyte(t *testing.T) {
	sim := startSim(t, Options{PartitionWCU: 1e9})
	c := simClient(sim.URL())
	ctx := ctxFor(t)
	createTable(t, c, "pages", true)
	big := strings.Repeat("x", 300_000)
	for i := range 10 {
		if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("pages"), Item: map[string]types.AttributeValue{"pk": sv("p"), "sk": nv(fmt.Sprint(i)), "big": sv(big)}}); err != nil {
			t.Fatalf("PutItem: %v", err)
		}
	}
	keys, pages := scanAll(t, c, "pages", 0, 0, 0)
	if len(keys) != 10 || pages < 3 {
		t.Errorf("3 MB over 10 items: %d items in %d pages, want 10 items in at least 3 pages", len(keys), pages)
	}
}

func TestTableLifecycle(t *testing.T) {
	sim := startSim(t, Options{Mode: ModeCount})
	c := simClient(sim.URL())
	ctx := ctxFor(t)
	for _, name := range []string{"t_b", "t_a", "t_c"} {
		createTable(t, c, name, false)
	}
	lt, err := c.ListTables(ctx, &dynamodb.ListTablesInput{Limit: aws.Int32(2)})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"t_a", "t_b"}, lt.TableNames); diff != "" || aws.ToString(lt.LastEvaluatedTableName) != "t_b" {
		t.Errorf("ListTables page 1: %v last %q", lt.TableNames, aws.ToString(lt.LastEvaluatedTableName))
	}
	if _, err := c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("t_b")}); err != nil {
		t.Fatal(err)
	}
	lt, err = c.ListTables(ctx, &dynamodb.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"t_a", "t_c"}, lt.TableNames); diff != "" {
		t.Errorf("ListTables after delete (-want +got):\n%s", diff)
	}
	_, err = c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("t_b")})
	var rnf *types.ResourceNotFoundException
	if !errors.As(err, &rnf) {
		t.Errorf("second DeleteTable: %v, want ResourceNotFoundException", err)
	}
	// Provisioned capacity decides the partition count: 10,000 WCU -> 10.
	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:             aws.String("prov"),
		AttributeDefinitions:  []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:             []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(3000), WriteCapacityUnits: aws.Int64(9000)},
	})
	if err != nil {
		t.Fatal(err)
	}
	ts, ok := sim.TableStats("prov")
	if !ok || ts.PartitionCount != 10 || ts.TableWCU != 9000 {
		t.Errorf("provisioned 3000 RCU / 9000 WCU: %d partitions, table budget %v; want 10 and 9000", ts.PartitionCount, ts.TableWCU)
	}
}

// TestStatsSeeADoubleWrite: writing one item twice leaves one stored item,
// so a key count balances; AcceptedPuts and Overwrites show the second put.
func TestStatsSeeADoubleWrite(t *testing.T) {
	sim := startSim(t, Options{PartitionWCU: 1e9})
	c := simClient(sim.URL())
	ctx := ctxFor(t)
	createTable(t, c, "twice", true)
	item := map[string]types.AttributeValue{"pk": sv("a"), "sk": nv("1.50")}
	other := map[string]types.AttributeValue{"pk": sv("b"), "sk": nv("2")}
	if _, err := c.BatchWriteItem(ctx, batch("twice", put(item), put(other))); err != nil {
		t.Fatal(err)
	}
	ts, _ := sim.TableStats("twice")
	if ts.AcceptedPuts != 2 || ts.StoredItems != 2 || ts.Overwrites != 0 {
		t.Fatalf("after two puts of two keys: %d puts, %d stored, %d overwrites", ts.AcceptedPuts, ts.StoredItems, ts.Overwrites)
	}
	// The same key again, its number written another way.
	again := map[string]types.AttributeValue{"pk": sv("a"), "sk": nv("1.5")}
	if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("twice"), Item: again}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.BatchWriteItem(ctx, batch("twice", types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: other}})); err != nil {
		t.Fatal(err)
	}
	ts, _ = sim.TableStats("twice")
	if ts.AcceptedPuts != 3 || ts.StoredItems != 1 || ts.Overwrites != 1 || ts.AcceptedItems != 4 {
		t.Fatalf("after a second put of one key and a delete: %d puts, %d stored, %d overwrites, %d accepted writes",
			ts.AcceptedPuts, ts.StoredItems, ts.Overwrites, ts.AcceptedItems)
	}
}
