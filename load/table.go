package load

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/plans"
)

// TableAPI is the table management a load needs. *dynamodb.Client
// implements it.
type TableAPI interface {
	DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error)
	DeleteTable(ctx context.Context, in *dynamodb.DeleteTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteTableOutput, error)
	Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// pollEvery is how often table status is polled. The SDK's waiters start
// at 20 s, which turns a local test into minutes.
const pollEvery = 100 * time.Millisecond

// describe returns the table's description, or nil when it does not exist.
func describe(ctx context.Context, c TableAPI, name string) (*types.TableDescription, error) {
	out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	var nf *types.ResourceNotFoundException
	if errors.As(err, &nf) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("describe table %s: %w", name, err)
	}
	return out.Table, nil
}

// hasItems reports whether a table holds at least one item.
func hasItems(ctx context.Context, c TableAPI, name string) (bool, error) {
	p := dynamodb.NewScanPaginator(c, &dynamodb.ScanInput{TableName: aws.String(name), Limit: aws.Int32(1)})
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return false, fmt.Errorf("scan table %s: %w", name, err)
		}
		if len(out.Items) > 0 {
			return true, nil
		}
	}
	return false, nil
}

// createTable creates t's target with its key schema and capacity and
// waits until it is ACTIVE.
func createTable(ctx context.Context, c TableAPI, t plans.Table, capacity plans.Capacity) error {
	in := &dynamodb.CreateTableInput{
		TableName: aws.String(t.Target),
		AttributeDefinitions: []types.AttributeDefinition{{
			AttributeName: aws.String(t.PartitionKey.Attribute), AttributeType: types.ScalarAttributeType(t.PartitionKey.Type),
		}},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String(t.PartitionKey.Attribute), KeyType: types.KeyTypeHash}},
	}
	if t.SortKey != nil {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{
			AttributeName: aws.String(t.SortKey.Attribute), AttributeType: types.ScalarAttributeType(t.SortKey.Type),
		})
		in.KeySchema = append(in.KeySchema, types.KeySchemaElement{AttributeName: aws.String(t.SortKey.Attribute), KeyType: types.KeyTypeRange})
	}
	switch capacity.Mode {
	case plans.Provisioned:
		if capacity.ReadUnits <= 0 || capacity.WriteUnits <= 0 {
			return fmt.Errorf("create table %s: provisioned capacity needs read and write units", t.Target)
		}
		in.BillingMode = types.BillingModeProvisioned
		in.ProvisionedThroughput = &types.ProvisionedThroughput{
			ReadCapacityUnits: aws.Int64(capacity.ReadUnits), WriteCapacityUnits: aws.Int64(capacity.WriteUnits),
		}
	case plans.OnDemand, "":
		in.BillingMode = types.BillingModePayPerRequest
	default:
		return fmt.Errorf("create table %s: unknown capacity mode %q", t.Target, capacity.Mode)
	}
	if capacity.WarmReads > 0 || capacity.WarmWrites > 0 {
		in.WarmThroughput = &types.WarmThroughput{}
		if capacity.WarmReads > 0 {
			in.WarmThroughput.ReadUnitsPerSecond = aws.Int64(capacity.WarmReads)
		}
		if capacity.WarmWrites > 0 {
			in.WarmThroughput.WriteUnitsPerSecond = aws.Int64(capacity.WarmWrites)
		}
	}
	if _, err := c.CreateTable(ctx, in); err != nil {
		return fmt.Errorf("create table %s: %w", t.Target, err)
	}
	return waitTable(ctx, c, t.Target, true)
}

// waitTable polls until the table is ACTIVE (active) or gone (!active).
func waitTable(ctx context.Context, c TableAPI, name string, active bool) error {
	deadline := time.Now().Add(10 * time.Minute)
	for {
		d, err := describe(ctx, c, name)
		if err != nil {
			return err
		}
		if active && d != nil && d.TableStatus == types.TableStatusActive {
			return nil
		}
		if !active && d == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("table %s: still not %s after 10 minutes", name, map[bool]string{true: "ACTIVE", false: "deleted"}[active])
		}
		if err := sleep(ctx, pollEvery); err != nil {
			return err
		}
	}
}

func deleteTable(ctx context.Context, c TableAPI, name string) error {
	if _, err := c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
		var nf *types.ResourceNotFoundException
		if !errors.As(err, &nf) {
			return fmt.Errorf("delete table %s: %w", name, err)
		}
	}
	return waitTable(ctx, c, name, false)
}

// checkKeySchema refuses an existing table whose key attributes differ
// from the plan's in name, role or type, before anything is written: with
// another key type every put would be refused by DynamoDB one call at a
// time, each row going to the rejects file. The error is one line naming
// the table, the attribute, the plan's type and the table's.
func checkKeySchema(d *types.TableDescription, t plans.Table) error {
	declared := map[string]types.ScalarAttributeType{}
	for _, a := range d.AttributeDefinitions {
		declared[aws.ToString(a.AttributeName)] = a.AttributeType
	}
	found := map[types.KeyType]string{}
	for _, k := range d.KeySchema {
		found[k.KeyType] = aws.ToString(k.AttributeName)
	}
	check := func(role string, kt types.KeyType, want *plans.Key) error {
		got, ok := found[kt]
		switch {
		case want == nil && !ok:
			return nil
		case want == nil:
			return fmt.Errorf("table %s exists with sort key %s, the plan has none; use --recreate to replace it", t.Target, got)
		case !ok:
			return fmt.Errorf("table %s exists without a %s key, the plan's is %s (%s); use --recreate to replace it", t.Target, role, want.Attribute, want.Type)
		case got != want.Attribute:
			return fmt.Errorf("table %s exists with %s key %s, the plan's is %s; use --recreate to replace it", t.Target, role, got, want.Attribute)
		case string(declared[got]) != want.Type:
			return fmt.Errorf("table %s exists with %s key %s of type %s, the plan's is type %s; use --recreate to replace it",
				t.Target, role, got, declared[got], want.Type)
		}
		return nil
	}
	if err := check("partition", types.KeyTypeHash, &t.PartitionKey); err != nil {
		return err
	}
	return check("sort", types.KeyTypeRange, t.SortKey)
}
