package load_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testenv"
	"github.com/pg2ddb/pg2ddb/load"
)

// TestLoadCreatesIndexesAndVerifyCountsThem loads chinook with the indexes
// mapping proposes into dynalite and into the simulator: the enabled ones
// are created with their tables and ACTIVE, the disabled ones are not
// created, and verify counts every enabled index — chinook's
// employee.reports_to index is sparse (the general manager reports to
// nobody), so it must hold one item fewer than its table.
func TestLoadCreatesIndexesAndVerifyCountsThem(t *testing.T) {
	sim := startSim(t, ddbsim.Options{PartitionWCU: 1e9})
	for _, target := range []struct {
		name string
		ddb  *dynamodb.Client
	}{{"dynalite", testenv.DynamoDB(t)}, {"simulator", testenv.DynamoDBAt(sim.URL())}} {
		t.Run(target.name, func(t *testing.T) {
			db := testenv.NewDatabase(t, "chinook")
			p := plannedFor(t, db.Pool)
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
			rep := mustVerify(t, p, src, target.ddb, "", 200)
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
			rep, err := load.Verify(t.Context(), p, src, shortIndex{target.ddb}, load.VerifyOptions{Sample: -1})
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
