package follow_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/follow"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/replication"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// script is a Source that plays a list of events, then reports nothing.
// Every Confirm is checked against what DynamoDB acknowledged.
type script struct {
	mu        sync.Mutex
	events    []replication.Event
	confirmed replication.LSN
	// check is called with each confirmed position.
	check func(replication.LSN)
}

func (s *script) Next(ctx context.Context, wait time.Duration) (replication.Event, error) {
	s.mu.Lock()
	if len(s.events) > 0 {
		ev := s.events[0]
		s.events = s.events[1:]
		s.mu.Unlock()
		return ev, nil
	}
	s.mu.Unlock()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(wait):
		return nil, nil
	}
}

func (s *script) Confirm(lsn replication.LSN) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lsn > s.confirmed {
		s.confirmed = lsn
	}
	if s.check != nil {
		s.check(lsn)
	}
}

// slowTable acknowledges puts after a delay, recording the ids (the
// attribute of column id) of the items it acknowledged.
type slowTable struct {
	id    string
	delay time.Duration
	mu    sync.Mutex
	acked map[string]bool
	calls int
}

func (s *slowTable) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	time.Sleep(s.delay)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	for _, reqs := range in.RequestItems {
		for _, r := range reqs {
			if r.PutRequest != nil {
				s.acked[r.PutRequest.Item[s.id].(*types.AttributeValueMemberN).Value] = true
			}
		}
	}
	return &dynamodb.BatchWriteItemOutput{}, nil
}

// smallTable is a source table and its designed plan.
func smallTable(t *testing.T) (*testenv.Database, *plans.Plan, *replication.Relation) {
	t.Helper()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, `CREATE TABLE public.t (id int PRIMARY KEY, v text)`,
		`INSERT INTO public.t SELECT i, 'v' || (i % 3) FROM generate_series(1, 50) i`, `ANALYZE public.t`)
	p := fixture.PlannedFor(t, db.Pool)
	if len(p.Tables) != 1 {
		t.Fatalf("designed %d tables, want 1", len(p.Tables))
	}
	rel := &replication.Relation{ID: 1, Name: plans.TableName{Schema: "public", Name: "t"}, Identity: 'd', Columns: []replication.Column{
		{Name: "id", TypeOID: 23, TypeMod: -1, Identity: true}, {Name: "v", TypeOID: 25, TypeMod: -1}}}
	return db, p, rel
}

// idAttribute is the attribute the plan writes column id to.
func idAttribute(t *testing.T, p *plans.Plan) string {
	t.Helper()
	for _, a := range p.Tables[0].Attributes {
		if a.Column == "id" {
			return a.Name
		}
	}
	t.Fatal("the plan writes no attribute of column id")
	return ""
}

func insert(rel *replication.Relation, id int) *replication.Change {
	return &replication.Change{Kind: replication.Insert, Rel: rel, New: []replication.Value{
		{Kind: 't', Text: []byte(fmt.Sprint(id))}, {Kind: 't', Text: []byte(fmt.Sprintf("v%d", id%3))}}}
}

// TestConfirmAfterAcknowledged: the slot's confirmed position never passes
// a change whose write DynamoDB has not acknowledged.
func TestConfirmAfterAcknowledged(t *testing.T) {
	t.Parallel()
	db, p, rel := smallTable(t)
	const n = 300
	src := &script{}
	for i := 1; i <= n; i++ {
		src.events = append(src.events, &replication.Begin{XID: uint32(i)}, insert(rel, i), &replication.Commit{End: replication.LSN(1000 + i)})
	}
	ddb := &slowTable{id: idAttribute(t, p), delay: 5 * time.Millisecond, acked: map[string]bool{}}
	var violations []string
	src.check = func(lsn replication.LSN) {
		ddb.mu.Lock()
		defer ddb.mu.Unlock()
		for i := 1; i <= n && replication.LSN(1000+i) <= lsn; i++ {
			if !ddb.acked[fmt.Sprint(i)] {
				violations = append(violations, fmt.Sprintf("confirmed %s before the insert of %d (committed at %s) was acknowledged", lsn, i, replication.LSN(1000+i)))
				return
			}
		}
	}
	changes, err := extract.NewChanges(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer changes.Close(t.Context())
	res, err := follow.Run(t.Context(), p, src, changes, ddb, follow.Options{
		Workers: 4, Window: 40, UntilCaughtUp: true, ProgressEvery: 50 * time.Millisecond,
		Current: func(context.Context) (replication.LSN, error) { return replication.LSN(1000 + n), nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(violations) > 0 {
		t.Fatal(violations[0])
	}
	if !res.CaughtUp || res.Confirmed != replication.LSN(1000+n) || len(ddb.acked) != n {
		t.Fatalf("caught up %v at %s with %d items acknowledged, want %s and %d", res.CaughtUp, res.Confirmed, len(ddb.acked), replication.LSN(1000+n), n)
	}
	if ddb.calls >= n {
		t.Fatalf("%d calls for %d inserts: windows should batch them", ddb.calls, n)
	}
}

// TestTruncateStops: a TRUNCATE stops the sync with a TruncateError after
// every change before it is applied and confirmed.
func TestTruncateStops(t *testing.T) {
	t.Parallel()
	db, p, rel := smallTable(t)
	src := &script{events: []replication.Event{
		&replication.Begin{XID: 1}, insert(rel, 7), &replication.Commit{End: 2000},
		&replication.Begin{XID: 2}, &replication.Truncate{Rels: []*replication.Relation{rel}}, &replication.Commit{End: 2100},
		&replication.Begin{XID: 3}, insert(rel, 8), &replication.Commit{End: 2200},
	}}
	ddb := &slowTable{id: idAttribute(t, p), acked: map[string]bool{}}
	changes, err := extract.NewChanges(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer changes.Close(t.Context())
	_, err = follow.Run(t.Context(), p, src, changes, ddb, follow.Options{})
	var te *follow.TruncateError
	if !errors.As(err, &te) || te.Confirmed != 2000 || len(te.Tables) != 1 || te.Tables[0] != "public.t" {
		t.Fatalf("Run: %v, want a TruncateError of public.t confirmed at 0/7D0", err)
	}
	if !ddb.acked["7"] || ddb.acked["8"] || src.confirmed != 2000 {
		t.Fatalf("acknowledged %v, slot confirmed at %s: want the insert before the TRUNCATE only, confirmed at 0/7D0", ddb.acked, src.confirmed)
	}
}
