package target

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"golang.org/x/sync/errgroup"

	"github.com/pg2ddb/pg2ddb/plans"
)

// API is the table management a load needs. *dynamodb.Client
// implements it.
type API interface {
	DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error)
	DeleteTable(ctx context.Context, in *dynamodb.DeleteTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteTableOutput, error)
	Scan(ctx context.Context, in *dynamodb.ScanInput, optFns ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
}

// pollEvery is how often table status is polled. The SDK's waiters start
// at 20 s, which turns a local test into minutes.
const pollEvery = 100 * time.Millisecond

// Describe returns the table's description, or nil when it does not exist.
func Describe(ctx context.Context, c API, name string) (*types.TableDescription, error) {
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

// HasItems reports whether a table holds at least one item.
func HasItems(ctx context.Context, c API, name string) (bool, error) {
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

// Create creates t's target with its key schema, its enabled global
// secondary indexes and capacity, and waits until it and its indexes are
// ACTIVE: an index created with its table is built as the items arrive,
// which costs no backfill later.
func Create(ctx context.Context, c API, t plans.Table, capacity plans.Capacity) error {
	p, err := Definition(t, capacity)
	if err != nil {
		return fmt.Errorf("create table %s: %w", t.Target, err)
	}
	in := &dynamodb.CreateTableInput{
		TableName: p.TableName, AttributeDefinitions: p.AttributeDefinitions, KeySchema: p.KeySchema,
		GlobalSecondaryIndexes: p.GlobalSecondaryIndexes, BillingMode: p.BillingMode,
		ProvisionedThroughput: p.ProvisionedThroughput,
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
	return Wait(ctx, c, t.Target, true)
}

// EnabledIndexes are the indexes of t that load, import and verify act
// on: a proposal the reviewer left off is not created.
func EnabledIndexes(t plans.Table) []plans.Index {
	var out []plans.Index
	for _, ix := range t.Indexes {
		if ix.Enabled {
			out = append(out, ix)
		}
	}
	return out
}

// Definition is t's key schema, enabled indexes and billing at capacity:
// what CreateTable (a load) and ImportTable's creation parameters (an
// import) both create, so the two paths make the same table. An attribute
// used with two types is refused. ImportTable takes no warm throughput;
// Create adds it.
func Definition(t plans.Table, capacity plans.Capacity) (*types.TableCreationParameters, error) {
	p := &types.TableCreationParameters{
		TableName: aws.String(t.Target),
		AttributeDefinitions: []types.AttributeDefinition{{
			AttributeName: aws.String(t.PartitionKey.Attribute), AttributeType: types.ScalarAttributeType(t.PartitionKey.Type),
		}},
		KeySchema: []types.KeySchemaElement{{AttributeName: aws.String(t.PartitionKey.Attribute), KeyType: types.KeyTypeHash}},
	}
	if t.SortKey != nil {
		p.AttributeDefinitions = append(p.AttributeDefinitions, types.AttributeDefinition{
			AttributeName: aws.String(t.SortKey.Attribute), AttributeType: types.ScalarAttributeType(t.SortKey.Type),
		})
		p.KeySchema = append(p.KeySchema, types.KeySchemaElement{AttributeName: aws.String(t.SortKey.Attribute), KeyType: types.KeyTypeRange})
	}
	if err := addIndexDefinitions(&p.AttributeDefinitions, &p.GlobalSecondaryIndexes, t); err != nil {
		return nil, err
	}
	switch capacity.Mode {
	case plans.Provisioned:
		if capacity.ReadUnits <= 0 || capacity.WriteUnits <= 0 {
			return nil, fmt.Errorf("provisioned capacity needs read and write units")
		}
		p.BillingMode = types.BillingModeProvisioned
		p.ProvisionedThroughput = &types.ProvisionedThroughput{
			ReadCapacityUnits: aws.Int64(capacity.ReadUnits), WriteCapacityUnits: aws.Int64(capacity.WriteUnits),
		}
		// A provisioned table's indexes have their own throughput; each
		// gets the table's, since each index write mirrors a table write.
		for i := range p.GlobalSecondaryIndexes {
			p.GlobalSecondaryIndexes[i].ProvisionedThroughput = p.ProvisionedThroughput
		}
	case plans.OnDemand, "":
		p.BillingMode = types.BillingModePayPerRequest
	default:
		return nil, fmt.Errorf("unknown capacity mode %q", capacity.Mode)
	}
	return p, nil
}

// addIndexDefinitions adds t's enabled indexes and their key attributes'
// definitions, for CreateTable and for ImportTable's table alike.
func addIndexDefinitions(defs *[]types.AttributeDefinition, gsis *[]types.GlobalSecondaryIndex, t plans.Table) error {
	defined := map[string]string{}
	for _, a := range *defs {
		defined[aws.ToString(a.AttributeName)] = string(a.AttributeType)
	}
	define := func(ix string, k *plans.Key) error {
		if typ, ok := defined[k.Attribute]; ok {
			if typ != k.Type {
				return fmt.Errorf("index %s keys on %s as type %s, which the table defines as %s", ix, k.Attribute, k.Type, typ)
			}
			return nil
		}
		defined[k.Attribute] = k.Type
		*defs = append(*defs, types.AttributeDefinition{
			AttributeName: aws.String(k.Attribute), AttributeType: types.ScalarAttributeType(k.Type),
		})
		return nil
	}
	for _, ix := range EnabledIndexes(t) {
		g := types.GlobalSecondaryIndex{
			IndexName:  aws.String(ix.Name),
			KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String(ix.PartitionKey.Attribute), KeyType: types.KeyTypeHash}},
			Projection: &types.Projection{ProjectionType: types.ProjectionType(ix.Projection)},
		}
		if err := define(ix.Name, &ix.PartitionKey); err != nil {
			return err
		}
		if ix.SortKey != nil {
			if err := define(ix.Name, ix.SortKey); err != nil {
				return err
			}
			g.KeySchema = append(g.KeySchema, types.KeySchemaElement{AttributeName: aws.String(ix.SortKey.Attribute), KeyType: types.KeyTypeRange})
		}
		if ix.Projection == plans.ProjectInclude {
			g.Projection.NonKeyAttributes = ix.NonKeyAttributes
		}
		*gsis = append(*gsis, g)
	}
	return nil
}

// indexesActive reports whether every index of a table is ACTIVE: a load
// into a table whose index is still CREATING would be throttled by it.
func indexesActive(d *types.TableDescription) bool {
	for _, ix := range d.GlobalSecondaryIndexes {
		if ix.IndexStatus != types.IndexStatusActive {
			return false
		}
	}
	return true
}

// Wait polls until the table is ACTIVE (active) or gone (!active).
func Wait(ctx context.Context, c API, name string, active bool) error {
	deadline := time.Now().Add(10 * time.Minute)
	for {
		d, err := Describe(ctx, c, name)
		if err != nil {
			return err
		}
		if active && d != nil && d.TableStatus == types.TableStatusActive && indexesActive(d) {
			return nil
		}
		if !active && d == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("table %s: still not %s after 10 minutes", name, map[bool]string{true: "ACTIVE", false: "deleted"}[active])
		}
		if err := Sleep(ctx, pollEvery); err != nil {
			return err
		}
	}
}

func Delete(ctx context.Context, c API, name string) error {
	if _, err := c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
		var nf *types.ResourceNotFoundException
		if !errors.As(err, &nf) {
			return fmt.Errorf("delete table %s: %w", name, err)
		}
	}
	return Wait(ctx, c, name, false)
}

// CheckKeySchema refuses an existing table whose key attributes differ
// from the plan's in name, role or type, before anything is written: with
// another key type every put would be refused by DynamoDB one call at a
// time, each row going to the rejects file. The error is one line naming
// the table, the attribute, the plan's type and the table's.
func CheckKeySchema(d *types.TableDescription, t plans.Table) error {
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
	if err := check("sort", types.KeyTypeRange, t.SortKey); err != nil {
		return err
	}
	return CheckIndexes(d, t)
}

// CheckIndexes refuses an existing table that lacks an enabled index of
// the plan, or has it with other keys: the load would leave the lookup it
// serves a Scan, and verify would fail after the whole load.
func CheckIndexes(d *types.TableDescription, t plans.Table) error {
	declared := map[string]types.ScalarAttributeType{}
	for _, a := range d.AttributeDefinitions {
		declared[aws.ToString(a.AttributeName)] = a.AttributeType
	}
	for _, ix := range EnabledIndexes(t) {
		var got *types.GlobalSecondaryIndexDescription
		for i := range d.GlobalSecondaryIndexes {
			if aws.ToString(d.GlobalSecondaryIndexes[i].IndexName) == ix.Name {
				got = &d.GlobalSecondaryIndexes[i]
			}
		}
		if got == nil {
			return fmt.Errorf("table %s exists without the plan's index %s; use --recreate to replace it, or disable the index in the plan", t.Target, ix.Name)
		}
		want := []string{ix.PartitionKey.Attribute + " HASH " + ix.PartitionKey.Type}
		if ix.SortKey != nil {
			want = append(want, ix.SortKey.Attribute+" RANGE "+ix.SortKey.Type)
		}
		var have []string
		for _, k := range got.KeySchema {
			have = append(have, aws.ToString(k.AttributeName)+" "+string(k.KeyType)+" "+string(declared[aws.ToString(k.AttributeName)]))
		}
		if fmt.Sprint(want) != fmt.Sprint(have) {
			return fmt.Errorf("table %s has index %s keyed %v, the plan's is %v; use --recreate to replace it", t.Target, ix.Name, have, want)
		}
	}
	return nil
}

func CapacityText(c plans.Capacity) string {
	if c.Mode == plans.Provisioned {
		return fmt.Sprintf("provisioned %d RCU / %d WCU", c.ReadUnits, c.WriteUnits)
	}
	s := "on-demand"
	if c.WarmWrites > 0 {
		s += fmt.Sprintf(", warm %d writes/s", c.WarmWrites)
	}
	return s
}

// Existing says what to do with a target table that already holds items.
type Existing int

const (
	// Refuse fails the load before anything is written.
	Refuse Existing = iota
	// Append writes into it (puts overwrite items with the same key).
	Append
	// Recreate deletes it and creates it again from the plan: the staging
	// reload.
	Recreate
)

// PrepareOptions say how Prepare treats the target tables.
type PrepareOptions struct {
	Existing Existing
	// Capacity overrides the plan's capacity of the tables created.
	Capacity *plans.Capacity
	// Resume continues an interrupted run: existing tables are written
	// into whatever they hold, never recreated.
	Resume bool
	// Done names tables an earlier run finished: they are left alone.
	Done func(target string) bool
	// Written says, for a resume, how many rows the checkpoint records
	// as written to a table (0: none): such a table must exist, or the
	// resume is refused rather than write only the rest into a new one.
	Written func(target string) int64
	// Logf reports the tables deleted and created.
	Logf func(format string, args ...any)
}

// Prepare checks every target before anything is written or deleted: a
// non-empty table is refused unless appending, recreating or resuming;
// --recreate names all the tables it will delete, then deletes them; then
// missing tables are created.
func Prepare(ctx context.Context, db API, tables []plans.Table, opts PrepareOptions) error {
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	var toDelete, refused, missing []string
	var toCreate []plans.Table
	for _, t := range tables {
		var written int64
		if opts.Resume && opts.Written != nil {
			written = opts.Written(t.Target)
		}
		done := opts.Done != nil && opts.Done(t.Target)
		if done && written == 0 {
			continue
		}
		d, err := Describe(ctx, db, t.Target)
		if err != nil {
			return err
		}
		if d == nil && written > 0 {
			missing = append(missing, fmt.Sprintf("%s (%s rows written)", t.Target, plans.Thousands(written)))
			continue
		}
		if done {
			continue
		}
		if d == nil {
			toCreate = append(toCreate, t)
			continue
		}
		if opts.Existing == Recreate && !opts.Resume {
			toDelete = append(toDelete, t.Target)
			toCreate = append(toCreate, t)
			continue
		}
		if err := CheckKeySchema(d, t); err != nil {
			return err
		}
		if opts.Resume || opts.Existing == Append {
			continue
		}
		full, err := HasItems(ctx, db, t.Target)
		if err != nil {
			return err
		}
		if full {
			refused = append(refused, t.Target)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("resume: the checkpoint records rows written to tables that do not exist here: %s; resume against the endpoint, region and profile of the interrupted load, or load again without --resume", strings.Join(missing, ", "))
	}
	if len(refused) > 0 {
		return fmt.Errorf("target tables already hold items: %v; pass --append to write into them or --recreate to delete and recreate them", refused)
	}
	// Deletions and creations run side by side, tableOps at a time: each
	// waits for its table to leave DELETING or reach ACTIVE, seconds to
	// minutes on AWS, which one after another add up over a schema of many
	// tables. The first failure stops the others.
	if len(toDelete) > 0 {
		opts.Logf("--recreate: deleting %d existing tables: %v", len(toDelete), toDelete)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(tableOps)
		for _, name := range toDelete {
			g.Go(func() error { return Delete(gctx, db, name) })
		}
		if err := g.Wait(); err != nil {
			return err
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(tableOps)
	for _, t := range toCreate {
		c := t.Capacity
		if opts.Capacity != nil {
			c = *opts.Capacity
		}
		opts.Logf("creating table %s (%s)", t.Target, CapacityText(c))
		g.Go(func() error { return Create(gctx, db, t, c) })
	}
	return g.Wait()
}

// tableOps is how many tables Prepare creates or deletes at once,
// well under DynamoDB's limit of table operations in progress per account.
const tableOps = 8
