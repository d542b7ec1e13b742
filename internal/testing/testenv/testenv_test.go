package testenv

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

func TestDatasetLoadsIntoFreshDatabase(t *testing.T) {
	db := NewDatabase(t, "pagila")
	var rentals, customers int
	err := db.Pool.QueryRow(context.Background(),
		"SELECT (SELECT count(*) FROM rental), (SELECT count(DISTINCT customer_id) FROM rental)").Scan(&rentals, &customers)
	if err != nil {
		t.Fatal(err)
	}
	if rentals != 16044 || customers != 599 {
		t.Fatalf("pagila rental: %d rows over %d customers, want 16044 over 599", rentals, customers)
	}
	// A second database from the same dataset is independent of the first.
	other := NewDatabase(t, "pagila")
	if other.Name == db.Name {
		t.Fatalf("two tests got the same database %s", db.Name)
	}
	if _, err := db.Pool.Exec(context.Background(), "DELETE FROM payment"); err != nil {
		t.Fatal(err)
	}
	var payments int
	if err := other.Pool.QueryRow(context.Background(), "SELECT count(*) FROM payment").Scan(&payments); err != nil {
		t.Fatal(err)
	}
	if payments == 0 {
		t.Fatal("deleting from one test database emptied another")
	}
}

func TestLocalDynamoDBWritesAndReads(t *testing.T) {
	ctx := context.Background()
	c := DynamoDB(t)
	name := TableName(t, "testenv")
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatalf("create table: %v", err)
	}
	t.Cleanup(func() { c.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)}) }) //nolint:errcheck
	// CreateTable returns while the table is CREATING, and DynamoDB (dynalite
	// too, even with --createTableMs 0) answers ResourceNotFoundException to
	// writes until it is ACTIVE: on a busy CI machine the put can get there first.
	if err := dynamodb.NewTableExistsWaiter(c, func(o *dynamodb.TableExistsWaiterOptions) { o.MinDelay, o.MaxDelay = 50*time.Millisecond, time.Second }).Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, 30*time.Second); err != nil {
		t.Fatalf("wait for table: %v", err)
	}
	if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(name), Item: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "ALFKI"}, "n": &types.AttributeValueMemberN{Value: "12.50"},
	}}); err != nil {
		t.Fatalf("put: %v", err)
	}
	out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(name), Key: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: "ALFKI"}}, ConsistentRead: aws.Bool(true)})
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	n, ok := out.Item["n"].(*types.AttributeValueMemberN)
	if !ok || n.Value != "12.5" && n.Value != "12.50" {
		t.Fatalf("read back %#v, want n = 12.5", out.Item)
	}
}

// TestLocalDynamoDBIndexKeepsEveryItem pins the local endpoint's secondary
// indexes to DynamoDB's: two items with one index key are two index
// entries. The table keys 3309 and 8506 are chosen because dynalite 4.0.0
// told index entries apart by only six hex digits of an md5 of the table
// key, and these two share them; package.json's patch gives it the whole
// table key.
func TestLocalDynamoDBIndexKeepsEveryItem(t *testing.T) {
	ctx := context.Background()
	c := DynamoDB(t)
	name := TableName(t, "testenv_gsi")
	num := func(attr string) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(attr), AttributeType: types.ScalarAttributeTypeN}
	}
	hash := func(attr string) []types.KeySchemaElement {
		return []types.KeySchemaElement{{AttributeName: aws.String(attr), KeyType: types.KeyTypeHash}}
	}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{num("pk"), num("owner")},
		KeySchema:            hash("pk"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("by_owner"),
			KeySchema:  hash("owner"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
		BillingMode: types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatalf("create table: %v", err)
	}
	t.Cleanup(func() { c.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)}) }) //nolint:errcheck
	if err := dynamodb.NewTableExistsWaiter(c, func(o *dynamodb.TableExistsWaiterOptions) { o.MinDelay, o.MaxDelay = 50*time.Millisecond, time.Second }).Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, 30*time.Second); err != nil {
		t.Fatalf("wait for table: %v", err)
	}
	for _, pk := range []string{"3309", "8506"} {
		if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(name), Item: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberN{Value: pk}, "owner": &types.AttributeValueMemberN{Value: "1"},
		}}); err != nil {
			t.Fatalf("put %s: %v", pk, err)
		}
	}
	out, err := c.Query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(name),
		IndexName:                 aws.String("by_owner"),
		KeyConditionExpression:    aws.String("#o = :o"),
		ExpressionAttributeNames:  map[string]string{"#o": "owner"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":o": &types.AttributeValueMemberN{Value: "1"}},
	})
	if err != nil {
		t.Fatalf("query the index: %v", err)
	}
	if out.Count != 2 {
		t.Fatalf("the index holds %d items of owner 1, want 2 (items 3309 and 8506)", out.Count)
	}
}
