package ddbsim

import (
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// gsiLines: an item in the index, one without the index key (not in the
// index, fine), and two DynamoDB refuses as index keys: an empty string
// and a number where the index key is a string.
const gsiLines = `{"Item":{"pk":{"S":"a"},"g":{"S":"x"}}}
{"Item":{"pk":{"S":"b"}}}
{"Item":{"pk":{"S":"c"},"g":{"S":""}}}
{"Item":{"pk":{"S":"d"},"g":{"N":"1"}}}
`

// gsiParams is a table keyed by pk with an index on g.
func gsiParams(name string) *types.TableCreationParameters {
	p := params(name)
	p.AttributeDefinitions = append(p.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String("g"), AttributeType: types.ScalarAttributeTypeS})
	p.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{{
		IndexName:  aws.String("by_g"),
		KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String("g"), KeyType: types.KeyTypeHash}},
		Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
	}}
	return p
}

// TestImportAndBulkPutRefuseWhatBatchWriteItemRefuses: ImportTable and
// StartBulkPutItems take an item only when a put of it would be taken: an
// empty string or a value of another type as an index key is an error
// (ErrorCount, FailedItemCount), as it is for BatchWriteItem, not an item.
func TestImportAndBulkPutRefuseWhatBatchWriteItemRefuses(t *testing.T) {
	c, store := s3Sim(t)
	ctx := t.Context()
	if err := store.Put(ctx, "in", "gsi/part-1.json", []byte(gsiLines)); err != nil {
		t.Fatal(err)
	}
	out, err := c.ImportTable(ctx, &dynamodb.ImportTableInput{InputFormat: types.InputFormatDynamodbJson, InputCompressionType: types.InputCompressionTypeNone,
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("gsi/")}, TableCreationParameters: gsiParams("imported")})
	if err != nil {
		t.Fatal(err)
	}
	if d := waitImport(t, c, out.ImportTableDescription.ImportArn); d.ImportedItemCount != 2 || d.ErrorCount != 2 {
		t.Errorf("import: imported %d, errors %d; want 2 and 2", d.ImportedItemCount, d.ErrorCount)
	}

	p := gsiParams("bulk")
	if _, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: p.TableName, AttributeDefinitions: p.AttributeDefinitions,
		KeySchema: p.KeySchema, BillingMode: p.BillingMode, GlobalSecondaryIndexes: p.GlobalSecondaryIndexes}); err != nil {
		t.Fatal(err)
	}
	bo, err := c.StartBulkPutItems(ctx, &dynamodb.StartBulkPutItemsInput{TableName: aws.String("bulk"), MaxWriteRequestUnits: aws.Int64(2000),
		InputS3Configuration:  &types.InputS3Configuration{InputFormat: types.BulkOperationInputFormatDynamodbJson, S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("gsi/")},
		OutputS3Configuration: &types.OutputS3Configuration{OutputType: []types.OutputTypeEnum{types.OutputTypeEnumError}, S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("gsireports/")}})
	if err != nil {
		t.Fatal(err)
	}
	var d *types.BulkOperationDescription
	for range 500 {
		o, err := c.DescribeBulkOperation(ctx, &dynamodb.DescribeBulkOperationInput{BulkOperationArn: bo.BulkOperationDescription.BulkOperationArn})
		if err != nil {
			t.Fatal(err)
		}
		if d = o.BulkOperationDescription; d.BulkOperationStatus != types.BulkOperationStatusInProgress {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if d.FailedItemCount != 2 || d.ProcessedItemCount != 4 {
		t.Errorf("bulk put: processed %d, failed %d; want 4 and 2", d.ProcessedItemCount, d.FailedItemCount)
	}
	keys, err := store.List(ctx, "in", "gsireports/")
	if err != nil || len(keys) != 1 {
		t.Fatalf("reports: %v %v", keys, err)
	}
	report, err := store.Get(ctx, "in", keys[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(report), "cannot contain an empty string value") || !strings.Contains(string(report), "Type mismatch for Index Key") {
		t.Errorf("report:\n%s", report)
	}
	for _, table := range []string{"imported", "bulk"} {
		for _, pk := range []string{"c", "d"} {
			got, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{"pk": sv(pk)}})
			if err != nil || got.Item != nil {
				t.Errorf("%s holds item %s: %v %v", table, pk, got.Item, err)
			}
		}
	}
}
