package target

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// slowCreates passes calls to a real endpoint but reports each new table
// CREATING for its first few descriptions, as AWS does for seconds, and
// counts how many tables were being created at once.
type slowCreates struct {
	API
	mu       sync.Mutex
	pending  map[string]int // descriptions left that say CREATING
	inflight int
	most     int
}

func (s *slowCreates) CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error) {
	s.mu.Lock()
	s.pending[aws.ToString(in.TableName)] = 3
	s.inflight++
	s.most = max(s.most, s.inflight)
	s.mu.Unlock()
	return s.API.CreateTable(ctx, in, optFns...)
}

func (s *slowCreates) DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error) {
	out, err := s.API.DescribeTable(ctx, in, optFns...)
	if err != nil || out.Table == nil {
		return out, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	name := aws.ToString(in.TableName)
	n, ok := s.pending[name]
	switch {
	case !ok:
	case n > 0:
		s.pending[name] = n - 1
		t := *out.Table
		t.TableStatus = types.TableStatusCreating
		out.Table = &t
	default:
		delete(s.pending, name)
		s.inflight--
	}
	return out, nil
}

// TestTablesAreCreatedSideBySide pins that a load creates its target
// tables at once rather than waiting for each to become ACTIVE in turn,
// which on AWS costs seconds a table.
func TestTablesAreCreatedSideBySide(t *testing.T) {
	t.Parallel()
	db := &slowCreates{API: testenv.DynamoDB(t), pending: map[string]int{}}
	var tables []plans.Table
	for i := range 4 {
		tables = append(tables, plans.Table{
			Source: fmt.Sprintf("public.t%d", i), Target: testenv.TableName(t, fmt.Sprintf("side%d", i)),
			PartitionKey: plans.Key{Attribute: "pk", Type: "S", Parts: []plans.KeyPart{{Column: "id", Encoding: plans.EncString}}},
			Capacity:     plans.Capacity{Mode: plans.OnDemand},
		})
	}
	if err := Prepare(t.Context(), db, tables, PrepareOptions{Logf: t.Logf}); err != nil {
		t.Fatal(err)
	}
	for _, tb := range tables {
		d, err := Describe(t.Context(), db, tb.Target)
		if err != nil || d == nil || d.TableStatus != types.TableStatusActive {
			t.Fatalf("table %s after prepare: %v, %v", tb.Target, d, err)
		}
	}
	if db.most < 2 {
		t.Errorf("at most %d of 4 tables were being created at once, want them side by side", db.most)
	}
}
