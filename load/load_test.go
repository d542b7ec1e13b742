package load_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pg2ddb/pg2ddb/pipeline"

	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/target"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// recorder is an HTTP client that records the partition key of every put
// in the order the requests went over the wire, then sends them on.
type recorder struct {
	mu  sync.Mutex
	pks []string
}

func (r *recorder) Do(req *http.Request) (*http.Response, error) {
	if strings.HasSuffix(req.Header.Get("X-Amz-Target"), ".BatchWriteItem") {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		var in struct {
			RequestItems map[string][]struct {
				PutRequest struct {
					Item map[string]struct{ S string }
				}
			}
		}
		if err := json.Unmarshal(body, &in); err != nil {
			return nil, fmt.Errorf("recorder: %w", err)
		}
		r.mu.Lock()
		for _, reqs := range in.RequestItems {
			for _, w := range reqs {
				r.pks = append(r.pks, w.PutRequest.Item["pk"].S)
			}
		}
		r.mu.Unlock()
	}
	return http.DefaultClient.Do(req)
}

// through returns a client of the test's DynamoDB endpoint whose requests
// go through c.
func through(t *testing.T, c dynamodb.HTTPClient) *dynamodb.Client {
	return dynamodb.New(dynamodb.Options{
		Region: "us-east-1", BaseEndpoint: aws.String(testenv.DynamoDBEndpoint(t)), HTTPClient: c,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""),
	})
}

// refuser answers a BatchWriteItem whose body holds marker as DynamoDB
// refuses an item nested deeper than 32 levels (dynalite does not check
// nesting), and sends every other request on.
type refuser struct{ marker string }

func (r refuser) Do(req *http.Request) (*http.Response, error) {
	body, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	if strings.HasSuffix(req.Header.Get("X-Amz-Target"), ".BatchWriteItem") && bytes.Contains(body, []byte(r.marker)) {
		msg := `{"__type":"com.amazon.coral.validate#ValidationException","message":"Nesting Levels have exceeded supported limits"}`
		return &http.Response{
			StatusCode: http.StatusBadRequest, Status: "400 Bad Request", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{"Content-Type": {"application/x-amz-json-1.0"}},
			Body:   io.NopCloser(strings.NewReader(msg)), ContentLength: int64(len(msg)), Request: req,
		}, nil
	}
	return http.DefaultClient.Do(req)
}

// noCount is a source whose Count fails the test: a load must not count a
// table before reading it.
type noCount struct {
	t *testing.T
	load.Source
}

func (n noCount) Count(_ context.Context, tb plans.Table) (int64, error) {
	n.t.Errorf("the load counted %s before reading it", tb.Source)
	return 0, errors.New("no count(*) expected")
}

func (n noCount) Fork(ctx context.Context) (load.Source, func(), error) {
	f, release, err := n.Source.(load.Forker).Fork(ctx)
	if err != nil {
		return nil, nil, err
	}
	return noCount{n.t, f}, release, nil
}

func TestLoadTypesAndVerify(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
	p := fixture.PlannedFor(t, db.Pool)
	// The user's edit: key by customer and order id, so the test can read
	// one known item back.
	fixture.SetKeys(&p.Tables[0], []plans.KeyPart{{Column: "customer", Encoding: plans.EncString}, {Column: "id", Encoding: plans.EncInteger, Width: 10}})
	ddb := testenv.DynamoDB(t)
	src := snapshotSource(t, db.Pool)
	dir := t.TempDir()
	// The load counts rows as it reads them: a count(*) first would be a
	// whole scan before the first row.
	res, err := load.Run(t.Context(), p, noCount{t, src}, ddb, load.Options{
		Workers: 4, RejectsPath: filepath.Join(dir, "rejects.jsonl"), CheckpointPath: filepath.Join(dir, "cp.json"),
	})
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Tables[0]
	if tr.SourceRows != fixture.OrdersRows || !tr.Counted || tr.Read != fixture.OrdersRows || tr.Written != fixture.OrdersRows || tr.Rejected != 0 || !tr.Complete {
		t.Fatalf("result %+v", tr)
	}
	if cp, err := load.ReadCheckpoint(filepath.Join(dir, "cp.json")); err != nil || cp.Tables[p.Tables[0].Target].SourceRows != fixture.OrdersRows {
		t.Fatalf("checkpoint %+v (%v), want the table done with %d source rows", cp, err, fixture.OrdersRows)
	}
	// The time to the first acknowledged write is recorded, inside the
	// table's time (figure 1b's loader side).
	if tr.FirstWrite <= 0 || tr.FirstWrite > tr.Elapsed {
		t.Fatalf("first write after %s of a %s load, want within it", tr.FirstWrite, tr.Elapsed)
	}
	fixture.MustVerify(t, p, src, ddb, filepath.Join(dir, "rejects.jsonl"), fixture.OrdersRows)

	out, err := ddb.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(p.Tables[0].Target), Key: map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "c03"}, "sk": &types.AttributeValueMemberS{Value: "0000000005"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got := string(item.MarshalItem(out.Item))
	for _, want := range []string{
		`"amount":{"N":"6.25"}`,
		`"placed":{"S":"2023-12-31T22:05:02.500000Z"}`,
		`"d":{"S":"2024-01-06"}`,
		`"big":{"N":"12345678901234567890.123"}`,
		`"nested":{"L":[{"N":"1"},{"S":"x"},{"NULL":true},{"BOOL":true}]}`,
		`"tags":{"L":[{"S":"a"},{"S":"b5"}]}`,
		`"ok":{"BOOL":false}`,
		`"price":{"N":"1.6666666666666667"}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("item lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"note"`) {
		t.Errorf("a NULL note should be omitted: %s", got)
	}

	// A second load into the now non-empty table is refused before
	// anything is written; --append and --recreate are the ways on.
	_, err = load.Run(t.Context(), p, src, ddb, load.Options{})
	if err == nil || !strings.Contains(err.Error(), "already hold items") {
		t.Fatalf("second load: %v", err)
	}
	var logged []string
	res, err = load.Run(t.Context(), p, src, ddb, load.Options{Existing: target.Recreate, Logf: func(f string, a ...any) {
		logged = append(logged, f)
	}})
	if err != nil || res.Tables[0].Written != fixture.OrdersRows {
		t.Fatalf("recreate: %v %+v", err, res)
	}
	if len(logged) == 0 || !strings.HasPrefix(logged[0], "--recreate: deleting") {
		t.Fatalf("recreate did not first list what it deletes: %q", logged)
	}
	if _, err := load.Run(t.Context(), p, src, ddb, load.Options{Existing: target.Append}); err != nil {
		t.Fatal(err)
	}
	fixture.MustVerify(t, p, src, ddb, "", 100)
}

func TestRejects(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool,
		`CREATE TABLE public.r (id int PRIMARY KEY, k text, n numeric, f float8, big text, j jsonb)`,
		`INSERT INTO public.r SELECT i, 'k' || i, i * 1.5, i / 4.0, 'x', '{"a": [1]}' FROM generate_series(1, 100) i`,
		// An item DynamoDB refuses for a reason only it sees (played by
		// refuser): only this item of its batch is rejected.
		`INSERT INTO public.r VALUES (108, 'deep', 1, 1, 'x', (repeat('[', 20) || repeat(']', 20))::jsonb)`,
		// Nested deeper than DynamoDB's 32 levels: rejected before sending.
		`INSERT INTO public.r VALUES (109, 'deeper', 1, 1, 'x', (repeat('[', 40) || repeat(']', 40))::jsonb)`,
		`INSERT INTO public.r VALUES
		   (101, 'dup', 1, 1, 'first'), (102, 'dup', 2, 2, 'second'),
		   (103, 'big', 1, 1, repeat('x', 500000)),
		   (104, 'n40', 1234567890123456789012345678901234567891, 1, 'x'),
		   (105, 'nan', 1, 'NaN', 'x'),
		   (106, '', 1, 1, 'x'),
		   (107, NULL, 1, 1, 'x')`,
	)
	p := fixture.PlannedFor(t, db.Pool)
	// The user's edit: key by k alone, which is not unique.
	tb := &p.Tables[0]
	fixture.SetKeys(tb, []plans.KeyPart{{Column: "k", Encoding: plans.EncString}})
	// The reviewer's choice for f's NaN: reject, so the row is one of the rejects.
	fixture.SetSpecials(t, tb, "f", plans.FloatSpecialsReject)
	ddb := testenv.DynamoDB(t)
	src := snapshotSource(t, db.Pool)
	rejectsPath := filepath.Join(t.TempDir(), "rejects.jsonl")
	res, err := load.Run(t.Context(), p, src, through(t, refuser{marker: `"pk":{"S":"deep"}`}), load.Options{RejectsPath: rejectsPath})
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; tr.Written != 100 || tr.Rejected != 9 || res.Rejected() != 9 {
		t.Fatalf("result %+v", tr)
	}
	recs, err := item.ReadRejects(rejectsPath)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string][]string{}
	for _, r := range recs {
		if r.Table != tb.Target || r.Source != "public.r" || len(r.Item) == 0 {
			t.Errorf("reject record %+v", r)
		}
		reasons[r.Key["pk"]] = append(reasons[r.Key["pk"]], r.Reason)
	}
	for key, want := range map[string]string{
		"dup":    `key collision: 2 source rows map to pk="dup"`,
		"big":    "over DynamoDB's 409600 (400 KB)",
		"n40":    "40 significant digits, over DynamoDB's 38",
		"nan":    "number NaN: not a finite number",
		"":       "empty partition key",
		"deep":   "DynamoDB refused the item: Nesting Levels have exceeded supported limits",
		"deeper": "json: nesting deeper than DynamoDB's 32 levels",
	} {
		n := 1
		if key == "dup" {
			n = 2
		}
		got := reasons[key]
		if key == "" {
			got = nil
			for _, r := range recs {
				if strings.Contains(r.Reason, "empty partition key") {
					got = append(got, r.Reason)
				}
			}
		}
		if len(got) != n || !strings.Contains(got[0], want) {
			t.Errorf("rejects for %q: %q, want %d containing %q", key, got, n, want)
		}
	}
	found := false
	for _, r := range recs {
		if strings.Contains(r.Reason, `NULL in key column k`) && strings.Contains(string(r.Item), `"id":{"N":"107"}`) {
			found = true
		}
	}
	if !found {
		t.Errorf("the NULL key row is not rejected with its reason and row: %+v", recs)
	}
	fixture.MustVerify(t, p, src, ddb, rejectsPath, 1000)
}

func TestInterleaveOrder(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
	p := fixture.PlannedFor(t, db.Pool)
	// The user's edit: key by customer, so the order of writes per
	// customer is what the test measures.
	fixture.SetKeys(&p.Tables[0], []plans.KeyPart{{Column: "customer", Encoding: plans.EncString}, {Column: "id", Encoding: plans.EncInteger, Width: 10}})
	src := snapshotSource(t, db.Pool)

	spreads := map[extract.Order]float64{}
	for _, order := range []extract.Order{extract.OrderInterleave, extract.OrderTable} {
		rec := &recorder{}
		res, err := load.Run(t.Context(), p, src, through(t, rec), load.Options{Workers: 1, Order: order, Existing: target.Recreate})
		if err != nil {
			t.Fatal(err)
		}
		spreads[order] = res.Tables[0].Spread
		if len(rec.pks) != fixture.OrdersRows {
			t.Fatalf("%s: %d puts", order, len(rec.pks))
		}
		if order == extract.OrderTable {
			for i := 1; i < len(rec.pks); i++ {
				if rec.pks[i] < rec.pks[i-1] {
					t.Fatalf("table order is not key order at %d", i)
				}
			}
			continue
		}
		// Round r holds every customer with at least r orders, once.
		counts := map[string]int{}
		for k := 0; k < 50; k++ {
			counts["c"+pad2(k)] = 4 * (k + 1)
		}
		i := 0
		roundOf := make([]int, len(rec.pks))
		for r := 1; i < len(rec.pks); r++ {
			seen := map[string]bool{}
			size := 0
			for _, n := range counts {
				if n >= r {
					size++
				}
			}
			for j := 0; j < size; j++ {
				pk := rec.pks[i+j]
				if seen[pk] || counts[pk] < r {
					t.Fatalf("round %d: %s at %d does not belong (seen %v)", r, pk, i+j, seen[pk])
				}
				seen[pk] = true
				roundOf[i+j] = r
			}
			i += size
		}
		// Inside a round, consecutive writes must not walk the partitions
		// one after another: DynamoDB places a key by a hash of it (ddbsim
		// by MD5 ranges), so a round in hash order would be a rolling hot
		// partition of its own. With 8 MD5-range partitions, a random
		// order puts about 1 in 8 neighbours on the same partition; hash
		// order puts nearly all of them there.
		same, pairs := 0, 0
		for j := 1; j < len(rec.pks); j++ {
			if roundOf[j] == roundOf[j-1] {
				pairs++
				if md5Partition(rec.pks[j], 8) == md5Partition(rec.pks[j-1], 8) {
					same++
				}
			}
		}
		if share := float64(same) / float64(pairs); share > 0.3 {
			t.Fatalf("%.0f%% of consecutive writes in a round hit the same MD5 partition", 100*share)
		}
		// So every 1,000-write window holds a key at most once per round
		// it spans: its fair share of the window.
		for start := 0; start+load.SpreadWindow <= len(rec.pks); start += 100 {
			c := map[string]int{}
			for _, pk := range rec.pks[start : start+load.SpreadWindow] {
				c[pk]++
			}
			rounds := roundOf[start+load.SpreadWindow-1] - roundOf[start] + 1
			if maxCount(c) > rounds {
				t.Fatalf("window at %d: %d writes of one key in %d rounds", start, maxCount(c), rounds)
			}
		}
	}
	// The hottest customer has 200 orders: 20% of a window in table order.
	if spreads[extract.OrderTable] != 0.2 || spreads[extract.OrderInterleave] > 0.1 {
		t.Fatalf("spreads %v", spreads)
	}
}

// md5Partition is the partition of a string key among n equal ranges of
// the first 64 bits of its MD5, as ddbsim places keys.
func md5Partition(key string, n uint64) uint64 {
	sum := md5.Sum([]byte(key))
	return binary.BigEndian.Uint64(sum[:8]) / (^uint64(0)/n + 1)
}

func pad2(k int) string { return string([]byte{byte('0' + k/10), byte('0' + k%10)}) }

func maxCount(c map[string]int) int {
	m := 0
	for _, n := range c {
		m = max(m, n)
	}
	return m
}

func TestStopIsClean(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	fixture.Exec(t, db.Pool, fixture.OrdersSQL...)
	p := fixture.PlannedFor(t, db.Pool)
	src := snapshotSource(t, db.Pool)
	ddb := testenv.DynamoDB(t)
	dir := t.TempDir()
	cpPath := filepath.Join(dir, "cp.json")
	ctx, cancel := context.WithCancel(t.Context())
	stopper := cancelAfter(ddb, 20, cancel)
	_, err := load.Run(ctx, p, src, stopper, load.Options{Workers: 2, CheckpointPath: cpPath})
	if !errors.Is(err, pipeline.ErrInterrupted) {
		t.Fatalf("err %v, want interrupted", err)
	}
	cp, err := load.ReadCheckpoint(cpPath)
	if err != nil || cp == nil {
		t.Fatal(err)
	}
	tc := cp.Tables[p.Tables[0].Target]
	if tc.Done || tc.Position < 10*25 || tc.Position >= fixture.OrdersRows {
		t.Fatalf("checkpoint %+v", tc)
	}
	// Everything acknowledged is in the table.
	if n := len(fixture.ScanAll(t, ddb, p.Tables[0].Target)); int64(n) < tc.Position {
		t.Fatalf("%d items but checkpoint at %d", n, tc.Position)
	}
	// An interrupted load abandons its query (and with it the snapshot's
	// connection); a resume is a new run with a new snapshot.
	src = snapshotSource(t, db.Pool)
	res, err := load.Run(t.Context(), p, src, ddb, load.Options{Resume: true, CheckpointPath: cpPath})
	if err != nil {
		t.Fatal(err)
	}
	if tr := res.Tables[0]; tr.Skipped != tc.Position || tr.Skipped+tr.Read != fixture.OrdersRows {
		t.Fatalf("resume %+v", tr)
	}
	fixture.MustVerify(t, p, src, ddb, "", fixture.OrdersRows)
}
