package ddbsim

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// validationCase sends one invalid request; hash is a table with key pk (S),
// ranged one with pk (S) and sk (N).
type validationCase struct {
	name string
	call func(ctx context.Context, c *dynamodb.Client, hash, ranged string) error
}

func batch(table string, reqs ...types.WriteRequest) *dynamodb.BatchWriteItemInput {
	return &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{table: reqs}}
}

func bwi(table string, reqs ...types.WriteRequest) func(ctx context.Context, c *dynamodb.Client, _, _ string) error {
	return func(ctx context.Context, c *dynamodb.Client, _, _ string) error {
		_, err := c.BatchWriteItem(ctx, batch(table, reqs...))
		return err
	}
}

// onHash builds a BatchWriteItem case against the hash-only table.
func onHash(reqs ...types.WriteRequest) func(ctx context.Context, c *dynamodb.Client, hash, ranged string) error {
	return func(ctx context.Context, c *dynamodb.Client, hash, _ string) error {
		_, err := c.BatchWriteItem(ctx, batch(hash, reqs...))
		return err
	}
}

func onRanged(reqs ...types.WriteRequest) func(ctx context.Context, c *dynamodb.Client, hash, ranged string) error {
	return func(ctx context.Context, c *dynamodb.Client, _, ranged string) error {
		_, err := c.BatchWriteItem(ctx, batch(ranged, reqs...))
		return err
	}
}

func putItem(item map[string]types.AttributeValue) func(ctx context.Context, c *dynamodb.Client, hash, ranged string) error {
	return func(ctx context.Context, c *dynamodb.Client, hash, _ string) error {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(hash), Item: item})
		return err
	}
}

func withAttr(name string, v types.AttributeValue) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"pk": sv("k1"), name: v}
}

func validationCases() []validationCase {
	var many []types.WriteRequest
	for i := range 26 {
		many = append(many, put(map[string]types.AttributeValue{"pk": sv(fmt.Sprint("k", i))}))
	}
	big := strings.Repeat("x", 410_000)
	return []validationCase{
		{"batch 26 requests", onHash(many...)},
		{"batch duplicate keys", onHash(put(map[string]types.AttributeValue{"pk": sv("a")}), put(map[string]types.AttributeValue{"pk": sv("a")}))},
		{"batch duplicate keys numeric sort key", onRanged(
			put(map[string]types.AttributeValue{"pk": sv("a"), "sk": nv("1.50")}),
			put(map[string]types.AttributeValue{"pk": sv("a"), "sk": nv("15E-1")}))},
		{"batch item over 400 KB", onHash(put(withAttr("big", sv(big))))},
		{"batch key missing", onHash(put(map[string]types.AttributeValue{"other": sv("x")}))},
		{"batch sort key missing", onRanged(put(map[string]types.AttributeValue{"pk": sv("x")}))},
		{"batch key wrong type", onHash(put(map[string]types.AttributeValue{"pk": nv("1")}))},
		{"batch key empty string", onHash(put(map[string]types.AttributeValue{"pk": sv("")}))},
		{"batch number 39 digits", onHash(put(withAttr("n", nv("123456789012345678901234567890123456789"))))},
		{"batch number 38 digits with zeros is fine but overflow", onHash(put(withAttr("n", nv("1E+126"))))},
		{"batch number underflow", onHash(put(withAttr("n", nv("1e-131"))))},
		{"batch number NaN", onHash(put(withAttr("n", nv("NaN"))))},
		{"batch number Infinity", onHash(put(withAttr("n", nv("Infinity"))))},
		{"batch number empty", onHash(put(withAttr("n", nv(""))))},
		{"batch number garbage", onHash(put(withAttr("n", nv("12abc"))))},
		{"batch number in set 39 digits", onHash(put(withAttr("ns", &types.AttributeValueMemberNS{Value: []string{"1", "1234567890123456789012345678901234567890"}})))},
		{"batch empty string set", onHash(put(withAttr("ss", &types.AttributeValueMemberSS{Value: []string{}})))},
		{"batch empty number set", onHash(put(withAttr("ns", &types.AttributeValueMemberNS{Value: []string{}})))},
		{"batch empty binary set", onHash(put(withAttr("bs", &types.AttributeValueMemberBS{Value: [][]byte{}})))},
		{"batch duplicate in string set", onHash(put(withAttr("ss", &types.AttributeValueMemberSS{Value: []string{"a", "b", "a"}})))},
		{"batch duplicate in number set", onHash(put(withAttr("ns", &types.AttributeValueMemberNS{Value: []string{"1", "1.0"}})))},
		{"batch NULL false", onHash(put(withAttr("z", &types.AttributeValueMemberNULL{Value: false})))},
		{"batch NULL false nested in map", onHash(put(withAttr("m", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"z": &types.AttributeValueMemberNULL{Value: false}}})))},
		{"batch bad number nested in list", onHash(put(withAttr("l", &types.AttributeValueMemberL{Value: []types.AttributeValue{sv("ok"), nv("NaN")}})))},
		{"batch delete key wrong schema", onHash(types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: map[string]types.AttributeValue{"pk": sv("a"), "x": sv("b")}}})},
		{"batch missing table", bwi("no_such_table_ddbsim", put(map[string]types.AttributeValue{"pk": sv("a")}))},
		{"put key missing", putItem(map[string]types.AttributeValue{"other": sv("x")})},
		{"put key wrong type", putItem(map[string]types.AttributeValue{"pk": nv("1")})},
		{"put key empty string", putItem(map[string]types.AttributeValue{"pk": sv("")})},
		{"put item over 400 KB", putItem(withAttr("big", sv(big)))},
		{"put number overflow", putItem(withAttr("n", nv("-9.9e200")))},
		{"put NULL false", putItem(withAttr("z", &types.AttributeValueMemberNULL{Value: false}))},
		{"put missing table", func(ctx context.Context, c *dynamodb.Client, _, _ string) error {
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("no_such_table_ddbsim"), Item: withAttr("a", sv("b"))})
			return err
		}},
		{"get key wrong schema", func(ctx context.Context, c *dynamodb.Client, hash, _ string) error {
			_, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(hash), Key: map[string]types.AttributeValue{"pk": nv("1")}})
			return err
		}},
		{"describe missing table", func(ctx context.Context, c *dynamodb.Client, _, _ string) error {
			_, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("no_such_table_ddbsim")})
			return err
		}},
		{"create existing table", func(ctx context.Context, c *dynamodb.Client, hash, _ string) error {
			_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
				TableName:            aws.String(hash),
				BillingMode:          types.BillingModePayPerRequest,
				AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
				KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
			})
			return err
		}},
		{"scan segment without total", func(ctx context.Context, c *dynamodb.Client, hash, _ string) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(hash), Segment: aws.Int32(1)})
			return err
		}},
		{"scan segment not less than total", func(ctx context.Context, c *dynamodb.Client, hash, _ string) error {
			_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(hash), Segment: aws.Int32(4), TotalSegments: aws.Int32(4)})
			return err
		}},
	}
}

// errorShape is what a caller can observe of an API error.
type errorShape struct {
	Type    string // Go type of the error the SDK returned
	Code    string
	Message string
}

func shapeOf(err error) errorShape {
	var api smithy.APIError
	if !errors.As(err, &api) {
		return errorShape{Type: "not an API error", Message: fmt.Sprint(err)}
	}
	return errorShape{Type: reflect.TypeOf(api).String(), Code: api.ErrorCode(), Message: api.ErrorMessage()}
}

// TestValidationMatchesDynalite sends each invalid request to dynalite and to
// the simulator and requires the same error type, code and message.
func TestValidationMatchesDynalite(t *testing.T) {
	ref := testenv.DynamoDB(t) // fails the test when dynalite is unavailable
	sim := startSim(t, Options{})
	simc := simClient(sim.URL())

	hash := testenv.TableName(t, "vh")
	ranged := testenv.TableName(t, "vr")
	for _, c := range []*dynamodb.Client{ref, simc} {
		createTable(t, c, hash, false)
		createTable(t, c, ranged, true)
	}
	t.Cleanup(func() {
		for _, name := range []string{hash, ranged} {
			_, _ = ref.DeleteTable(context.Background(), &dynamodb.DeleteTableInput{TableName: aws.String(name)})
		}
	})

	for _, tc := range validationCases() {
		t.Run(tc.name, func(t *testing.T) {
			ctx := ctxFor(t)
			want := tc.call(ctx, ref, hash, ranged)
			got := tc.call(ctx, simc, hash, ranged)
			if want == nil {
				t.Fatalf("dynalite accepted the request; the case is not a validation case")
			}
			if got == nil {
				t.Fatalf("simulator accepted the request; dynalite said %v", want)
			}
			if w, g := shapeOf(want), shapeOf(got); w != g {
				t.Errorf("error differs\ndynalite:  %+v\nsimulator: %+v", w, g)
			}
		})
	}
}

// TestTypedErrors checks that the SDK surfaces the simulator's errors as the
// typed errors callers match on.
func TestTypedErrors(t *testing.T) {
	sim := startSim(t, Options{Partitions: 1, PartitionWCU: 1, BurstSeconds: 1})
	c := simClient(sim.URL())
	ctx := ctxFor(t)
	createTable(t, c, "typed", false)

	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("missing"), Item: withAttr("a", sv("b"))})
	var rnf *types.ResourceNotFoundException
	if !errors.As(err, &rnf) {
		t.Errorf("PutItem on a missing table: got %T %v, want *types.ResourceNotFoundException", err, err)
	}
	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("typed"),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
	})
	var riu *types.ResourceInUseException
	if !errors.As(err, &riu) {
		t.Errorf("CreateTable twice: got %T %v, want *types.ResourceInUseException", err, err)
	}
	// The budget is 1 WCU/s with a 1 WCU burst: the first put passes, the
	// next ones are throttled.
	var pte *types.ProvisionedThroughputExceededException
	throttled := false
	for i := range 5 {
		_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("typed"), Item: map[string]types.AttributeValue{"pk": sv(fmt.Sprint(i))}})
		if errors.As(err, &pte) {
			throttled = true
			break
		} else if err != nil {
			t.Fatalf("PutItem: %v", err)
		}
	}
	if !throttled {
		t.Errorf("5 puts at 1 WCU/s were not throttled")
	}
	_, err = c.BatchWriteItem(ctx, batch("typed", put(map[string]types.AttributeValue{"pk": sv("x")}), put(map[string]types.AttributeValue{"pk": sv("y")})))
	if !errors.As(err, &pte) {
		t.Errorf("BatchWriteItem with no budget left: got %T %v, want *types.ProvisionedThroughputExceededException", err, err)
	}
}
