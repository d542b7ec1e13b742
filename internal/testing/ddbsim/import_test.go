package ddbsim

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/klauspost/compress/zstd"
)

// s3Sim starts an in-memory S3 (gofakes3) with bucket "in" and a
// simulator reading imports and bulk puts from it.
func s3Sim(t *testing.T) (*dynamodb.Client, ObjectStore) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("in"); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(ts.Close)
	store := NewS3Store(ts.URL)
	s := startSim(t, Options{S3: store})
	return simClient(s.URL()), store
}

func gz(t *testing.T, s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// importLines: two good items, a third that repeats the first key with
// another value (it overwrites), and three DynamoDB would refuse.
const importLines = `{"Item":{"pk":{"S":"a"},"v":{"N":"1"}}}
{"Item":{"pk":{"S":"b"},"v":{"N":"2"}}}
{"Item":{"pk":{"S":"a"},"v":{"N":"3"}}}
{"Item":{"other":{"S":"x"}}}
{"Item":{"pk":{"N":"7"}}}
not json
`

func params(name string) *types.TableCreationParameters {
	return &types.TableCreationParameters{
		TableName:            aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	}
}

func waitImport(t *testing.T, c *dynamodb.Client, arn *string) *types.ImportTableDescription {
	t.Helper()
	for range 500 {
		out, err := c.DescribeImport(t.Context(), &dynamodb.DescribeImportInput{ImportArn: arn})
		if err != nil {
			t.Fatal(err)
		}
		if out.ImportTableDescription.ImportStatus != types.ImportStatusInProgress {
			return out.ImportTableDescription
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("import still IN_PROGRESS after 5 s")
	return nil
}

func TestImportTableFollowsDocumentedBehaviour(t *testing.T) {
	c, store := s3Sim(t)
	ctx := t.Context()
	if err := store.Put(ctx, "in", "gz/part-1.json.gz", gz(t, importLines)); err != nil {
		t.Fatal(err)
	}
	zenc, _ := zstd.NewWriter(nil)
	if err := store.Put(ctx, "in", "zst/part-1.json.zst", zenc.EncodeAll([]byte(importLines), nil)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ table, prefix, compression string }{{"t_gzip", "gz/", "GZIP"}, {"t_zstd", "zst/", "ZSTD"}} {
		out, err := c.ImportTable(ctx, &dynamodb.ImportTableInput{
			InputFormat: types.InputFormatDynamodbJson, InputCompressionType: types.InputCompressionType(tc.compression),
			S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("in"), S3KeyPrefix: aws.String(tc.prefix)}, TableCreationParameters: params(tc.table),
		})
		if err != nil {
			t.Fatal(err)
		}
		d := waitImport(t, c, out.ImportTableDescription.ImportArn)
		if d.ImportStatus != types.ImportStatusCompleted || d.ProcessedItemCount != 6 || d.ImportedItemCount != 3 || d.ErrorCount != 3 ||
			aws.ToInt64(d.ProcessedSizeBytes) != int64(len(importLines)) || aws.ToString(d.CloudWatchLogGroupArn) == "" {
			t.Fatalf("%s: %s processed %d imported %d errors %d bytes %d log group %q", tc.table, d.ImportStatus, d.ProcessedItemCount,
				d.ImportedItemCount, d.ErrorCount, aws.ToInt64(d.ProcessedSizeBytes), aws.ToString(d.CloudWatchLogGroupArn))
		}
		got, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(tc.table), Key: map[string]types.AttributeValue{"pk": sv("a")}})
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := got.Item["v"].(*types.AttributeValueMemberN); v == nil || v.Value != "3" {
			t.Fatalf("%s: item a is %v; the later line should have overwritten it", tc.table, got.Item)
		}
		dt, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(tc.table)})
		if err != nil || dt.Table.TableStatus != types.TableStatusActive || aws.ToInt64(dt.Table.ItemCount) != 2 {
			t.Fatalf("%s after the import: %+v, %v", tc.table, dt, err)
		}
	}

	// A new table only; DYNAMODB_JSON only; and no objects fail the import.
	_, err := c.ImportTable(ctx, &dynamodb.ImportTableInput{InputFormat: types.InputFormatDynamodbJson,
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("gz/")}, TableCreationParameters: params("t_gzip")})
	var inUse *types.ResourceInUseException
	if !errors.As(err, &inUse) {
		t.Errorf("import into an existing table: %v; want ResourceInUseException", err)
	}
	_, err = c.ImportTable(ctx, &dynamodb.ImportTableInput{InputFormat: types.InputFormatCsv,
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("in")}, TableCreationParameters: params("t_csv")})
	if err == nil || !strings.Contains(err.Error(), "only DYNAMODB_JSON") {
		t.Errorf("CSV import: %v", err)
	}
	out, err := c.ImportTable(ctx, &dynamodb.ImportTableInput{InputFormat: types.InputFormatDynamodbJson,
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("nothing/")}, TableCreationParameters: params("t_none")})
	if err != nil {
		t.Fatal(err)
	}
	if d := waitImport(t, c, out.ImportTableDescription.ImportArn); d.ImportStatus != types.ImportStatusFailed || !strings.Contains(aws.ToString(d.FailureMessage), "no objects") {
		t.Errorf("import of no objects: %s %s", d.ImportStatus, aws.ToString(d.FailureMessage))
	}
	if _, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("t_none")}); err == nil {
		t.Error("a failed import left its table")
	}
}

func TestBulkPutFollowsDocumentedBehaviour(t *testing.T) {
	c, store := s3Sim(t)
	ctx := t.Context()
	if err := store.Put(ctx, "in", "plain/part-1.json", []byte(importLines)); err != nil {
		t.Fatal(err)
	}
	start := func(table string, units int64) (*dynamodb.StartBulkPutItemsOutput, error) {
		in := &dynamodb.StartBulkPutItemsInput{
			TableName:             aws.String(table),
			InputS3Configuration:  &types.InputS3Configuration{InputFormat: types.BulkOperationInputFormatDynamodbJson, S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("plain/")},
			OutputS3Configuration: &types.OutputS3Configuration{OutputType: []types.OutputTypeEnum{types.OutputTypeEnumError}, S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("reports/")},
		}
		if units > 0 {
			in.MaxWriteRequestUnits = aws.Int64(units)
		}
		return c.StartBulkPutItems(ctx, in)
	}
	var nf *types.ResourceNotFoundException
	if _, err := start("missing", 0); !errors.As(err, &nf) {
		t.Errorf("bulk put into a missing table: %v; want ResourceNotFoundException", err)
	}
	createTable(t, c, "bulk", false)
	if _, err := start("bulk", 10); err == nil || !strings.Contains(err.Error(), "greater than or equal to 1024") {
		t.Errorf("MaxWriteRequestUnits 10: %v", err)
	}
	out, err := start("bulk", 2000)
	if err != nil {
		t.Fatal(err)
	}
	var d *types.BulkOperationDescription
	for range 500 {
		o, err := c.DescribeBulkOperation(ctx, &dynamodb.DescribeBulkOperationInput{BulkOperationArn: out.BulkOperationDescription.BulkOperationArn})
		if err != nil {
			t.Fatal(err)
		}
		if d = o.BulkOperationDescription; d.BulkOperationStatus != types.BulkOperationStatusInProgress {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if d.BulkOperationStatus != types.BulkOperationStatusCompletedWithErrors || d.ProcessedItemCount != 6 || d.FailedItemCount != 3 || aws.ToInt64(d.MaxWriteRequestUnits) != 2000 {
		t.Fatalf("bulk put: %s processed %d failed %d", d.BulkOperationStatus, d.ProcessedItemCount, d.FailedItemCount)
	}
	keys, err := store.List(ctx, "in", "reports/")
	if err != nil || len(keys) != 1 {
		t.Fatalf("reports: %v %v", keys, err)
	}
	report, err := store.Get(ctx, "in", keys[0])
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for _, line := range strings.Split(strings.TrimSpace(string(report)), "\n") {
		var f BulkFailure
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatal(err)
		}
		reasons = append(reasons, f.ErrorMessage)
	}
	want := []string{"Missing the key pk", "Type mismatch for key pk", "malformed JSON"}
	for i, w := range want {
		if i >= len(reasons) || !strings.Contains(reasons[i], w) {
			t.Errorf("report reasons %q; want %q", reasons, want)
			break
		}
	}
	dt, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("bulk")})
	if err != nil || aws.ToInt64(dt.Table.ItemCount) != 2 {
		t.Fatalf("table after the bulk put: %v %v", dt, err)
	}
}

// TestImportTableInProgress: while an import runs its table is CREATING,
// takes no writes, and its name is taken.
func TestImportTableInProgress(t *testing.T) {
	backend := s3mem.New()
	if err := backend.CreateBucket("in"); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(ts.Close)
	store := NewS3Store(ts.URL)
	if err := store.Put(t.Context(), "in", "x/part-1.json", []byte(importLines)); err != nil {
		t.Fatal(err)
	}
	c := simClient(startSim(t, Options{S3: store, JobDelay: time.Hour}).URL())
	in := &dynamodb.ImportTableInput{InputFormat: types.InputFormatDynamodbJson,
		S3BucketSource: &types.S3BucketSource{S3Bucket: aws.String("in"), S3KeyPrefix: aws.String("x/")}, TableCreationParameters: params("slow")}
	if _, err := c.ImportTable(t.Context(), in); err != nil {
		t.Fatal(err)
	}
	dt, err := c.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String("slow")})
	if err != nil || dt.Table.TableStatus != types.TableStatusCreating {
		t.Fatalf("table during the import: %v, %v; want CREATING", dt, err)
	}
	_, err = c.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String("slow"), Item: map[string]types.AttributeValue{"pk": sv("z")}})
	var nf *types.ResourceNotFoundException
	if !errors.As(err, &nf) {
		t.Errorf("put during the import: %v; want ResourceNotFoundException", err)
	}
	var inUse *types.ResourceInUseException
	if _, err := c.ImportTable(t.Context(), in); !errors.As(err, &inUse) {
		t.Errorf("second import of the name: %v; want ResourceInUseException", err)
	}
}
