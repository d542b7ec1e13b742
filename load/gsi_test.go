package load_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pg2ddb/pg2ddb/verify"

	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestLoadCreatesIndexesAndVerifyCountsThem loads chinook with the indexes
// mapping proposes into dynalite and into the simulator: the enabled ones
// are created with their tables and ACTIVE, the disabled ones are not
// created, and verify counts every enabled index — chinook's
// employee.reports_to index is sparse (the general manager reports to
// nobody), so it must hold one item fewer than its table.
func TestLoadCreatesIndexesAndVerifyCountsThem(t *testing.T) {
	t.Parallel()
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	for _, target := range []struct {
		name string
		ddb  *dynamodb.Client
	}{{"dynalite", testenv.DynamoDB(t)}, {"simulator", testenv.DynamoDBAt(sim.URL())}} {
		t.Run(target.name, func(t *testing.T) {
			t.Parallel()
			db := testenv.NewDatabase(t, "chinook")
			p := fixture.PlannedFor(t, db.Pool)
			src := snapshotSource(t, db.Pool)
			enabled := map[string][]string{}
			var disabled int
			for _, tb := range p.Tables {
				for _, ix := range tb.Indexes {
					if ix.Enabled {
						enabled[tb.Target] = append(enabled[tb.Target], ix.Name)
					} else {
						disabled++
					}
				}
			}
			if len(enabled) == 0 {
				t.Fatal("the chinook plan enables no index: nothing to test")
			}
			if _, err := load.Run(t.Context(), p, src, target.ddb, load.Options{Workers: 4}); err != nil {
				t.Fatal(err)
			}
			for _, tb := range p.Tables {
				out, err := target.ddb.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: aws.String(tb.Target)})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, ix := range out.Table.GlobalSecondaryIndexes {
					got = append(got, aws.ToString(ix.IndexName))
					if ix.IndexStatus != types.IndexStatusActive {
						t.Errorf("%s index %s is %s after the load", tb.Target, aws.ToString(ix.IndexName), ix.IndexStatus)
					}
				}
				if strings.Join(got, ",") != strings.Join(enabled[tb.Target], ",") {
					t.Errorf("%s has indexes %v, the plan enables %v", tb.Target, got, enabled[tb.Target])
				}
			}
			rep := fixture.MustVerify(t, p, src, target.ddb, "", 200)
			var counted int
			for _, tv := range rep.Tables {
				for _, iv := range tv.Indexes {
					counted++
					if iv.Items == 0 || iv.Items != iv.Expected {
						t.Errorf("%s index %s: %d items, %d expected", tv.Target, iv.Name, iv.Items, iv.Expected)
					}
					if strings.HasSuffix(tv.Source, ".employee") && iv.Name == "gsi_reports_to" && iv.Items != tv.Items-1 {
						t.Errorf("sparse index gsi_reports_to holds %d of %d employees, want all but the one without a manager", iv.Items, tv.Items)
					}
				}
			}
			want := 0
			for _, ixs := range enabled {
				want += len(ixs)
			}
			if counted != want {
				t.Errorf("verify counted %d indexes, the plan enables %d", counted, want)
			}
			// An index that lost an item is a difference that names it.
			rep, err := verify.Verify(t.Context(), p, src, shortIndex{target.ddb}, verify.VerifyOptions{Sample: -1, IndexRecounts: -1})
			if err != nil {
				t.Fatal(err)
			}
			var short []string
			for _, tv := range rep.Tables {
				for _, d := range tv.Differences {
					if strings.Contains(d, "the index holds") {
						short = append(short, d)
					}
				}
			}
			if rep.OK() || len(short) == 0 {
				t.Errorf("verify missed an index short of one item: %+v", rep.Tables)
			}
		})
	}
}

// shortIndex reports every index one item short, as an index that lost an
// item would count.
type shortIndex struct{ *dynamodb.Client }

func (s shortIndex) Scan(ctx context.Context, in *dynamodb.ScanInput, opt ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	out, err := s.Client.Scan(ctx, in, opt...)
	if err == nil && in.IndexName != nil && aws.ToInt32(in.Segment) == 0 && out.LastEvaluatedKey == nil && out.Count > 0 {
		out.Count--
	}
	return out, err
}

// TestAppendRefusesATableWithoutThePlansIndexes: loading into an existing
// table that lacks an enabled index of the plan is refused before anything
// is written, in one line naming the table and the index; with the index
// disabled in the plan, the same table is accepted.
func TestAppendRefusesATableWithoutThePlansIndexes(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE parent (parent_code text PRIMARY KEY)`,
		`INSERT INTO parent SELECT 'p' || i FROM generate_series(1, 100) i`,
		`CREATE TABLE child (child_ref text PRIMARY KEY, parent_code text NOT NULL REFERENCES parent)`,
		`CREATE INDEX ON child (parent_code)`,
		`INSERT INTO child SELECT 'c' || i, 'p' || (i % 100 + 1) FROM generate_series(1, 500) i`,
	)
	p := fixture.PlannedFor(t, db.Pool)
	var tb plans.Table
	for _, x := range p.Tables {
		if x.Source == "public.child" {
			tb = x
		}
	}
	if len(target.EnabledIndexes(tb)) != 1 || tb.PartitionKey.Parts[0].Column != "child_ref" {
		t.Fatalf("the test expects child keyed by child_ref with one enabled index: %+v %+v", tb.PartitionKey, tb.Indexes)
	}
	p.Tables = []plans.Table{tb}
	ddb := testenv.DynamoDB(t)
	if _, err := ddb.CreateTable(t.Context(), &dynamodb.CreateTableInput{
		TableName:            aws.String(tb.Target),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(tb.PartitionKey.Attribute), AttributeType: types.ScalarAttributeType(tb.PartitionKey.Type)}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String(tb.PartitionKey.Attribute), KeyType: types.KeyTypeHash}},
	}); err != nil {
		t.Fatal(err)
	}
	waitActive(t, ddb, tb.Target)
	src := snapshotSource(t, db.Pool)
	_, err := load.Run(t.Context(), p, src, ddb, load.Options{Existing: target.Append})
	want := "table " + tb.Target + " exists without the plan's index " + tb.Indexes[0].Name
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("append into a table without the plan's index: %v, want one line containing %q", err, want)
	}
	if n := len(fixture.ScanAll(t, ddb, tb.Target)); n != 0 {
		t.Fatalf("%d items written into a table the load refused", n)
	}
	p.Tables[0].Indexes[0].Enabled = false
	if _, err := load.Run(t.Context(), p, src, ddb, load.Options{Existing: target.Append}); err != nil {
		t.Fatalf("with the index disabled: %v", err)
	}
	rep := fixture.MustVerify(t, p, src, ddb, "", 50)
	if len(rep.Tables[0].Indexes) != 0 || rep.Tables[0].Items != 500 {
		t.Errorf("verify with the index disabled: %+v", rep.Tables[0])
	}
}

// TestVerifyRecountsALaggingIndex: an index count that is short once, as
// a global index that has not caught up right after a load counts, is
// counted again and is no difference when it catches up.
func TestVerifyRecountsALaggingIndex(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "chinook")
	p := fixture.PlannedFor(t, db.Pool)
	src := snapshotSource(t, db.Pool)
	// The simulator: the lag is the wrapper's; TestLoadCreatesIndexesAndVerifyCountsThem
	// holds index creation and counts to dynalite.
	ddb := testenv.DynamoDBAt(startSim(t, ddbsim.Options{PartitionWCU: 1e9}).URL())
	if _, err := load.Run(t.Context(), p, src, ddb, load.Options{Workers: 4}); err != nil {
		t.Fatal(err)
	}
	lag := &lagOnce{Client: ddb}
	rep, err := verify.Verify(t.Context(), p, src, lag, verify.VerifyOptions{Sample: -1})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || !lag.lagged.Load() {
		t.Errorf("lagging once: lagged %v, report %+v", lag.lagged.Load(), rep.Tables)
	}
}

// lagOnce reports the first index count that has items one item short.
type lagOnce struct {
	*dynamodb.Client
	lagged atomic.Bool
}

func (l *lagOnce) Scan(ctx context.Context, in *dynamodb.ScanInput, opt ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	out, err := l.Client.Scan(ctx, in, opt...)
	if err == nil && in.IndexName != nil && out.Count > 0 && l.lagged.CompareAndSwap(false, true) {
		out.Count--
	}
	return out, err
}

// TestDerivedIndexKeysLoadAndVerify: an indexed column with empty strings
// and a unique pair whose second column is mostly empty load without a
// reject into dynalite and into the simulator: the first index keys on a
// derived attribute the load leaves out of the rows with the empty string
// (which keep it in the column), the second on one attribute joining both columns, which
// every row has; verify counts both indexes clean.
func TestDerivedIndexKeysLoadAndVerify(t *testing.T) {
	t.Parallel()
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	for _, tg := range []struct {
		name string
		ddb  *dynamodb.Client
	}{{"dynalite", testenv.DynamoDB(t)}, {"simulator", testenv.DynamoDBAt(sim.URL())}} {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			db := testenv.NewDatabase(t, "")
			fixture.Exec(t, db.Pool,
				`CREATE TABLE artist (gid text PRIMARY KEY, uri text NOT NULL, name text NOT NULL, comment text NOT NULL DEFAULT '', UNIQUE (name, comment))`,
				`CREATE INDEX artist_uri ON artist (uri)`,
				`INSERT INTO artist SELECT 'g' || i, CASE WHEN i % 4 = 0 THEN '' ELSE 'https://x.example/a/' || i END, 'artist ' || (i % 380),
					CASE WHEN i >= 380 THEN 'the other ' || i ELSE '' END FROM generate_series(1, 400) i`,
			)
			p := fixture.PlannedFor(t, db.Pool)
			tb := &p.Tables[0]
			byCols := map[string]*plans.Index{}
			for i := range tb.Indexes {
				ix := &tb.Indexes[i]
				if !ix.Enabled || !tb.DerivedKey(&ix.PartitionKey) {
					continue
				}
				var cols []string
				for _, p := range ix.PartitionKey.Parts {
					cols = append(cols, p.Column)
				}
				byCols[strings.Join(cols, ",")] = ix
			}
			uri, pair := byCols["uri"], byCols["name,comment"]
			if uri == nil || pair == nil {
				t.Fatalf("want enabled indexes keyed on derived attributes for uri and for (name, comment), got %+v", tb.Indexes)
			}
			src := snapshotSource(t, db.Pool)
			res, err := load.Run(t.Context(), p, src, tg.ddb, load.Options{Workers: 2, LimitRejects: true})
			if err != nil {
				t.Fatal(err)
			}
			if n := res.Rejected(); n != 0 {
				t.Fatalf("%d rows rejected", n)
			}
			rep := fixture.MustVerify(t, p, src, tg.ddb, "", 400)
			counts := map[string]int64{}
			for _, iv := range rep.Tables[0].Indexes {
				counts[iv.Name] = iv.Items
			}
			if counts[uri.Name] != 300 || counts[pair.Name] != 400 {
				t.Errorf("index items %v: want %s without the 100 empty uris (300) and %s with every row (400)", counts, uri.Name, pair.Name)
			}
			var kept int
			for _, it := range fixture.ScanAll(t, tg.ddb, tb.Target) {
				if v, ok := it["uri"].(*types.AttributeValueMemberS); ok && v.Value == "" {
					kept++
					if _, ok := it[uri.PartitionKey.Attribute]; ok {
						t.Errorf("an item with an empty uri has %s", uri.PartitionKey.Attribute)
					}
				}
			}
			if kept != 100 {
				t.Errorf("%d items keep uri '', want 100", kept)
			}
		})
	}
}
