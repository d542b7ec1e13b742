package main

import (
	"context"
	"crypto/md5"
	binenc "encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/item"
	"github.com/pg2ddb/pg2ddb/plans"
)

// The tests of this file each take one way a load could lose rows or
// report a success it did not have through the CLI, against real
// PostgreSQL and a real endpoint, with the plan `pg2ddb plan` wrote
// (mapping.Design) and, where the defect needs one, a hand edit.

// execAll runs statements on db, failing the test on the first error.
func execAll(t *testing.T, db *testenv.Database, stmts ...string) {
	t.Helper()
	for _, q := range stmts {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// planTo runs `pg2ddb plan` on db into dir and returns the plan's path and
// the plan as written.
func planTo(t *testing.T, db *testenv.Database, dir, name string, args ...string) (string, *plans.Plan) {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	prefix := fmt.Sprintf("%s%d_", name, time.Now().UnixNano()%1e9)
	if code, _, errOut := runCLI(t, append([]string{"plan", "--source", db.URL, "--table-prefix", prefix, "-o", path}, args...)...); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, p
}

// planTable returns the plan's table of source name.
func planTable(t *testing.T, p *plans.Plan, source string) *plans.Table {
	t.Helper()
	for i := range p.Tables {
		if p.Tables[i].Source == source {
			return &p.Tables[i]
		}
	}
	t.Fatalf("the plan has no table %s", source)
	return nil
}

// scanStrings returns attribute attr of every item of table whose
// attribute where equals value, sorted.
func scanStrings(t *testing.T, endpoint, table, where, value, attr string) []string {
	t.Helper()
	out, err := testenv.DynamoDBAt(endpoint).Scan(t.Context(), &dynamodb.ScanInput{
		TableName:                 aws.String(table),
		FilterExpression:          aws.String("#w = :v"),
		ExpressionAttributeNames:  map[string]string{"#w": where},
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": &types.AttributeValueMemberS{Value: value}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range out.Items {
		if s, ok := it[attr].(*types.AttributeValueMemberS); ok {
			got = append(got, s.Value)
		}
	}
	slices.Sort(got)
	return got
}

// TestNumberedDuplicateNeverTakesARealKey: rows ('c1','red') twice and
// ('c1#2','red') once, under `duplicates: number` with the plan's keys
// (partition key color, sort key cust). The second copy must not be
// numbered c1#2, the key of a real row (both would be rejected as a
// collision and a row unique in the source lost): it takes the next free
// number, every row arrives, and verify agrees.
func TestNumberedDuplicateNeverTakesARealKey(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.paint (cust text NOT NULL, color text NOT NULL)`,
		`INSERT INTO public.paint SELECT 'c' || (i % 40), 'shade' || i FROM generate_series(1, 400) i`,
		`INSERT INTO public.paint VALUES ('c1', 'red'), ('c1', 'red'), ('c1#2', 'red')`,
		`ANALYZE public.paint`)
	endpoint, target := targetEnv(t)
	path, p := planTo(t, db, t.TempDir(), "paint")
	tb := planTable(t, p, "public.paint")
	if tb.Duplicates == nil || tb.Duplicates.Action != plans.DuplicatesNumber || tb.SortKey == nil ||
		len(tb.SortKey.Parts) != 1 || tb.SortKey.Parts[0].Column != "cust" || tb.PartitionKey.Parts[0].Column != "color" {
		t.Fatalf("the plan does not number duplicates under a sort key of cust: %+v, sort key %+v", tb.Duplicates, tb.SortKey)
	}
	code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, target...)...)
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	got := scanStrings(t, endpoint, tb.Target, tb.PartitionKey.Attribute, "red", tb.SortKey.Attribute)
	if !slices.Equal(got, []string{"c1", "c1#2", "c1#3"}) {
		t.Errorf("items under red: %v, want c1, c1#2 (the real row) and c1#3 (the numbered copy)", got)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", path, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "403 source rows - 0 rejected = 403 items") || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// addIndex adds an enabled index keyed by column's attribute to tb, as a
// reviewer would write it into the plan.
func addIndex(t *testing.T, tb *plans.Table, column string) {
	t.Helper()
	for _, a := range tb.Attributes {
		if a.Column == column {
			enc := plans.EncString
			if a.Type == "N" {
				enc = plans.EncNumber
			}
			tb.Indexes = append(tb.Indexes, plans.Index{Name: "gsi_" + column, Enabled: true, Rule: "added in review",
				PartitionKey: plans.Key{Attribute: a.Name, Type: a.Type, Parts: []plans.KeyPart{{Column: column, Encoding: enc}}},
				Projection:   plans.ProjectKeys})
			return
		}
	}
	t.Fatalf("%s has no attribute of column %s", tb.Source, column)
}

// TestRejectInTheLastBatchFailsTheLoad: the only reject of a table is its
// last row, which DynamoDB itself refuses (under float_specials string, a
// NaN is written as the string "NaN", which does not fit the number key
// of an index added in review; the row was inserted after the plan), in
// the last batch of the only table. The load must not exit 0 under
// --max-rejects 0: the limit is checked when the last table ends as well
// as during it.
func TestRejectInTheLastBatchFailsTheLoad(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.readings (id int PRIMARY KEY, colour text NOT NULL, v float8 NOT NULL)`,
		`INSERT INTO public.readings SELECT i, 'c' || (i % 37), i / 4.0 FROM generate_series(1, 999) i`,
		`ANALYZE public.readings`)
	_, target := simTarget(t)
	path, p := planTo(t, db, t.TempDir(), "lastrej")
	execAll(t, db, `INSERT INTO public.readings VALUES (1000, 'c1', 'NaN')`)
	p.Options.FloatSpecials = plans.FloatSpecialsString
	addIndex(t, planTable(t, p, "public.readings"), "v")
	if err := plans.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, target...)...)
	if code != 3 || !strings.Contains(errOut, "more than --max-rejects 0") {
		t.Fatalf("load: exit %d, want 3 naming the limit\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--resume", "--max-rejects", "1"}, target...)...)
	if code != 0 {
		t.Fatalf("resume with --max-rejects 1: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", path, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "1,000 source rows - 1 rejected = 999 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestResumeRefusesAMissingTable: a load killed part-way, with rows
// written, is resumed against another endpoint, where its table does not
// exist. The resume must refuse, naming the table and the rows the
// checkpoint says were written, rather than create an empty table, write
// only the rows after the checkpoint and exit 0; and so for a table the
// checkpoint marks done. The first load is killed once its checkpoint has
// passed 5,000 rows: a load stopped at the reject limit instead may stop
// before its first write is acknowledged, and a checkpoint of nothing
// written rightly lets a resume start anywhere.
func TestResumeRefusesAMissingTable(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 40000)
	_, first := simTarget(t)
	_, other := simTarget(t)
	path := planEvents(t, db, t.TempDir(), "gone")
	rejectSpecials(t, path, "v")     // 40 NaN rows, kept aside as rejects
	withoutPredictedRejects(t, path) // else the load refuses before it starts
	loadArgs := []string{"load", path, "--source", db.URL, "--progress", "none", "--max-rejects", "100"}
	killMidLoad(t, append(append([]string(nil), loadArgs...), first...), path+".checkpoint.json", 5000, 40000)
	code, out, errOut := runCLI(t, append(append(loadArgs, "--resume"), other...)...)
	if code == 0 || !strings.Contains(errOut, "tables that do not exist here: gone") || !strings.Contains(errOut, "_events (") || !strings.Contains(errOut, " rows written)") {
		t.Fatalf("resume against an endpoint without the table: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append(append(loadArgs, "--resume"), first...)...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append(append(loadArgs, "--resume"), other...)...)
	if code == 0 || !strings.Contains(errOut, "_events (39,960 rows written)") {
		t.Fatalf("resume of a done load against an endpoint without the table: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestLossyKeyEncodingsAreRefused: hand edits that make a key lossy — a
// timestamptz primary-key column in the sort key with encoding date, a
// numeric(8,2) primary key with encoding integer — must be refused
// before anything is written, naming the part, rather than pass
// validation and let the load overwrite rows silently (it skipped its
// collision check because the primary key's columns are among the key's
// parts: true of the columns, not of their encoded values).
func TestLossyKeyEncodingsAreRefused(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.ticks (sensor text, at timestamptz, v int NOT NULL, PRIMARY KEY (sensor, at))`,
		`INSERT INTO public.ticks SELECT 's' || (i % 10), timestamptz '2024-01-01 00:00Z' + (i / 10) * interval '8 hours', i FROM generate_series(0, 2999) i`,
		`CREATE TABLE public.prices (amount numeric(8,2) PRIMARY KEY, label text NOT NULL)`,
		`INSERT INTO public.prices SELECT i / 4.0, 'p' || i FROM generate_series(-400, 400) i`,
		`ANALYZE public.ticks`, `ANALYZE public.prices`)
	sim, target := simTarget(t)
	path, p := planTo(t, db, t.TempDir(), "lossy")
	ticks, prices := planTable(t, p, "public.ticks"), planTable(t, p, "public.prices")
	var edited int
	for _, k := range []*plans.Key{&ticks.PartitionKey, ticks.SortKey} {
		for i := range k.Parts {
			if k.Parts[i].Column == "at" {
				k.Parts[i].Encoding = plans.EncDate
				edited++
			}
		}
	}
	// The reviewer keys prices by its primary key, amount.
	prices.PartitionKey.Type = "S"
	prices.PartitionKey.Parts = []plans.KeyPart{{Column: "amount", Encoding: plans.EncInteger, Width: 8}}
	prices.SortKey = nil
	if edited != 1 {
		t.Fatalf("the plan's keys are not the ones to edit: ticks %+v %+v, prices %+v", ticks.PartitionKey, ticks.SortKey, prices.PartitionKey)
	}
	if err := plans.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ table, want string }{
		{"public.ticks", "column at: encoding date of a timestamp with time zone column keeps only the day"},
		{"public.prices", "column amount: encoding integer of a numeric column drops the fraction"},
	} {
		code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--tables", c.table}, target...)...)
		if code == 0 || !strings.Contains(errOut, c.table) || !strings.Contains(errOut, c.want) {
			t.Errorf("load of %s: exit %d, want a refusal naming the lossy part\n%s\n%s", c.table, code, out, errOut)
		}
	}
	code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none"}, target...)...)
	if n := len(sim.Stats().Tables); code == 0 || n != 0 {
		t.Fatalf("load: exit %d, want a refusal naming the lossy part\n%s\n%s", code, out, errOut)
	}
}

// TestDatesAfterYear9999AreRejectedFromKeys: a date after year 9999 in a
// sort key encodes as "10000-01-01", which sorts before "2000-01-02",
// against the promise that key parts sort in column order. Such a row is
// a reject with the reason, not an item out of order.
func TestDatesAfterYear9999AreRejectedFromKeys(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.bookings (room text, day date, guest text NOT NULL, PRIMARY KEY (room, day))`,
		`INSERT INTO public.bookings SELECT 'r' || (i % 10), date '2000-01-01' + i / 10, 'g' || i FROM generate_series(0, 999) i`,
		`INSERT INTO public.bookings VALUES ('r1', '10000-01-01', 'far'), ('r2', '12345-06-07', 'further')`,
		`ANALYZE public.bookings`)
	_, target := simTarget(t)
	path, p := planTo(t, db, t.TempDir(), "y10k")
	tb := planTable(t, p, "public.bookings")
	if tb.SortKey == nil || tb.SortKey.Parts[0].Column != "day" || tb.SortKey.Parts[0].Encoding != plans.EncDate {
		t.Fatalf("the plan's sort key is not day: %+v", tb.SortKey)
	}
	code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, target...)...)
	if code != 3 {
		t.Fatalf("load: exit %d, want 3 for two rejects\n%s\n%s", code, out, errOut)
	}
	recs, err := item.ReadRejects(path + ".rejects.jsonl")
	if err != nil || len(recs) == 0 {
		t.Fatalf("rejects: %d, %v", len(recs), err)
	}
	for _, r := range recs {
		if !strings.Contains(r.Reason, "after year 9999") {
			t.Errorf("reject reason %q", r.Reason)
		}
	}
	code, out, errOut = runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--resume", "--max-rejects", "2"}, target...)...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", path, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "1,002 source rows - 2 rejected = 1,000 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestTruncateDuringTheLoadWaits: while the first table loads (slowly, into
// a throttled simulator, one table at a time), another session truncates
// the second. TRUNCATE is not MVCC-safe: a snapshot does not protect a
// table it has not locked, and the second table loaded as 0 rows with exit
// 0. The load locks every plan table when its snapshot opens, so the
// TRUNCATE waits for the load, and every row of the snapshot arrives.
func TestTruncateDuringTheLoadWaits(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.a_first (id int PRIMARY KEY, body text NOT NULL)`,
		`INSERT INTO public.a_first SELECT i, repeat('x', 200) FROM generate_series(1, 1500) i`,
		`CREATE TABLE public.b_second (id int PRIMARY KEY, body text NOT NULL)`,
		`INSERT INTO public.b_second SELECT i, 'y' FROM generate_series(1, 2000) i`,
		`ANALYZE public.a_first`, `ANALYZE public.b_second`)
	sim, err := ddbsim.Start("", ddbsim.Options{PartitionWCU: 1e9, TableWCU: 1500})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	target := []string{"--endpoint-url", sim.URL(), "--region", "us-east-1"}
	path, p := planTo(t, db, t.TempDir(), "trunc")
	if p.Tables[0].Source != "public.a_first" {
		t.Fatalf("the plan loads %s first", p.Tables[0].Source)
	}
	second := planTable(t, p, "public.b_second").Target

	type result struct {
		code     int
		out, err string
	}
	loaded := make(chan result, 1)
	go func() {
		code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--readers", "1"}, target...)...)
		loaded <- result{code, out, errOut}
	}()
	// Truncate once the first table is being written.
	deadline := time.Now().Add(30 * time.Second)
	for written := false; !written; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the load wrote nothing in 30 s")
		}
		for _, ts := range sim.Stats().Tables {
			written = written || ts.StoredItems > 0
		}
	}
	truncated := make(chan error, 1)
	go func() {
		_, err := db.Pool.Exec(context.Background(), `TRUNCATE public.b_second`)
		truncated <- err
	}()
	var r result
	select {
	case r = <-loaded:
	case <-time.After(60 * time.Second):
		t.Fatal("the load did not end in 60 s")
	}
	if r.code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	if err := <-truncated; err != nil {
		t.Fatalf("truncate: %v", err)
	}
	for _, ts := range sim.Stats().Tables {
		if ts.Name == second && ts.StoredItems != 2000 {
			t.Fatalf("%s holds %d items, want the 2,000 rows of the load's snapshot\n%s", second, ts.StoredItems, r.out)
		}
	}
}

// TestNullsWrittenLeaveIndexKeysSparse: under `nulls: null` a reviewer
// enables an index on a nullable column. DynamoDB refuses NULL as an index
// key, so writing {"NULL": true} rejected every row with a NULL there,
// while validation and review predicted none. An index key attribute is
// left out when NULL instead, whatever nulls says: the row arrives, the
// index is sparse (as under nulls: omit), and verify agrees.
func TestNullsWrittenLeaveIndexKeysSparse(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.parcels (id int PRIMARY KEY, courier text, weight int NOT NULL)`,
		`INSERT INTO public.parcels SELECT i, CASE WHEN i % 4 = 0 THEN NULL ELSE 'k' || (i % 23) END, i % 50 FROM generate_series(1, 800) i`,
		`ANALYZE public.parcels`)
	_, target := simTarget(t)
	path, p := planTo(t, db, t.TempDir(), "sparse", "--nulls", "null")
	tb := planTable(t, p, "public.parcels")
	if p.Options.Nulls != plans.NullsWrite || keyUsesColumn(tb, "courier") {
		t.Fatalf("nulls %q, keys %+v %+v", p.Options.Nulls, tb.PartitionKey, tb.SortKey)
	}
	addIndex(t, tb, "courier")
	if err := plans.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "review", path, "--source", db.URL)
	if code != 0 {
		t.Fatalf("review: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, target...)...)
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", path, "--source", db.URL, "--sample", "800"}, target...)...)
	if code != 0 || !strings.Contains(out, "800 source rows - 0 rejected = 800 items") || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// keyUsesColumn reports whether column is a part of tb's key.
func keyUsesColumn(tb *plans.Table, column string) bool {
	for _, k := range []*plans.Key{&tb.PartitionKey, tb.SortKey} {
		if k == nil {
			continue
		}
		for _, p := range k.Parts {
			if p.Column == column {
				return true
			}
		}
	}
	return false
}

// TestExportRejectsWhatDynamoDBRefuses: an empty string as the key of an
// index added in review. Export shipped the item to S3 and reported 0
// rejected, and the simulator's import took it though its BatchWriteItem
// refuses it. Now export sends the row to the rejects file with the
// reason, the import holds every other row, and verify accounts for it.
func TestExportRejectsWhatDynamoDBRefuses(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.labels (id int PRIMARY KEY, colour text NOT NULL, note text NOT NULL)`,
		`INSERT INTO public.labels SELECT i, 'c' || (i % 37), 'n' || (i % 5) FROM generate_series(1, 499) i`,
		`INSERT INTO public.labels VALUES (500, 'c1', '')`,
		`ANALYZE public.labels`)
	e := newS3Env(t, ddbsim.Options{})
	path, p := planTo(t, db, t.TempDir(), "exprej")
	addIndex(t, planTable(t, p, "public.labels"), "note")
	if err := plans.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	to := "s3://" + testBucket + "/exprej"
	e.run(t, 3, "export", path, "--source", db.URL, "--to", to, "--progress", "none", "--max-rejects", "0")
	out, _ := e.run(t, 0, "export", path, "--source", db.URL, "--to", to+"2", "--progress", "none", "--max-rejects", "1")
	recs, err := item.ReadRejects(path + ".rejects.jsonl")
	if err != nil || len(recs) != 1 || !strings.Contains(recs[0].Reason, "column note is empty: DynamoDB refuses it as the key of index gsi_note") {
		t.Fatalf("rejects %+v (%v)\n%s", recs, err, out)
	}
	e.run(t, 0, "import", path, "--from", to+"2", "--progress", "none", "--poll", "20ms")
	out, _ = e.run(t, 0, "verify", path, "--source", db.URL)
	if !strings.Contains(out, "500 source rows - 1 rejected = 499 items") {
		t.Fatalf("verify:\n%s", out)
	}
}

// TestShardIsWhatTheDocsSay: a reader who follows docs/plan.md to find an
// item's write shard again — the first four bytes of MD5 of the encoded
// sort key, big-endian, modulo shards; or the PostgreSQL expression the
// docs quote — finds the shard of every item a sharded load wrote. (The
// README once said md5(sort key) mod N, which misses about 3 items in 4;
// the rule now lives in docs/plan.md, which this test reads.)
func TestShardIsWhatTheDocsSay(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.clicks (site text, at timestamptz, n int NOT NULL, PRIMARY KEY (site, at))`,
		`INSERT INTO public.clicks SELECT CASE WHEN i % 3 = 0 THEN 's' || (i % 50) ELSE 'hot' END, timestamptz '2024-01-01' + i * interval '1 s', i FROM generate_series(1, 6000) i`,
		`ANALYZE public.clicks`)
	sim, target := simTarget(t)
	// A hot key is sharded on the source's live write rate or on request.
	path, p := planTo(t, db, t.TempDir(), "shard", "--shard-hot-keys")
	tb := planTable(t, p, "public.clicks")
	if tb.Sharding == nil || tb.Sharding.Shards < 2 || tb.SortKey == nil {
		t.Fatalf("the plan does not shard clicks: %+v", tb.Sharding)
	}
	shards := tb.Sharding.Shards
	if code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none"}, target...)...); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}

	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "plan.md"))
	if err != nil {
		t.Fatal(err)
	}
	prose := "the first four bytes of MD5 of the item's\nencoded sort key, read as a big-endian unsigned integer, modulo `shards`"
	sqlRule := "`(('x' || substr(md5(sk), 1, 8))::bit(32)::bigint) % shards`"
	if !strings.Contains(string(doc), prose) || !strings.Contains(string(doc), sqlRule) {
		t.Fatalf("docs/plan.md no longer states the rule this test follows")
	}
	asDocumented := func(sk string) int {
		sum := md5.Sum([]byte(sk))
		return int(binenc.BigEndian.Uint32(sum[:4]) % uint32(shards))
	}
	sql := strings.NewReplacer("md5(sk)", "md5($1)", "shards", strconv.Itoa(shards), "`", "").Replace(sqlRule)

	ddb := testenv.DynamoDBAt(sim.URL())
	pages := dynamodb.NewScanPaginator(ddb, &dynamodb.ScanInput{TableName: aws.String(tb.Target)})
	var items, hot, other int
	for pages.HasMorePages() {
		page, err := pages.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			pk := it[tb.PartitionKey.Attribute].(*types.AttributeValueMemberS).Value
			sk := it[tb.SortKey.Attribute].(*types.AttributeValueMemberS).Value
			base, suffix, _ := strings.Cut(pk, "#")
			want := asDocumented(sk)
			if suffix != strconv.Itoa(want) {
				t.Fatalf("item (%s, %s): shard %s, the docs' rule gives %d", pk, sk, suffix, want)
			}
			if items%500 == 0 {
				var got int
				if err := db.Pool.QueryRow(t.Context(), "SELECT "+sql, sk).Scan(&got); err != nil || got != want {
					t.Fatalf("the docs' SQL gives %d for %s (%v), want %d", got, sk, err, want)
				}
			}
			if base == "hot" {
				hot++
			} else {
				other++
			}
			items++
		}
	}
	if items != 6000 || hot != 4000 {
		t.Fatalf("%d items, %d of key hot; want 6,000 and 4,000", items, hot)
	}
	if other != 2000 {
		t.Fatalf("%d items of other keys, want 2,000", other)
	}
}

// TestVerifyRidesOutTransientErrors: half the endpoint's reads fail with
// 500 InternalServerError. verify gave up after the SDK's 3 attempts on
// one of its calls (of its ~20, each failing 3 times in a row one time in
// 8); it now retries them as the load retries its writes (target.Retry,
// 12 attempts) and finds no difference.
func TestVerifyRidesOutTransientErrors(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.notes (id int PRIMARY KEY, body text NOT NULL)`,
		`INSERT INTO public.notes SELECT i, 'n' || i FROM generate_series(1, 1500) i`,
		`ANALYZE public.notes`)
	sim, err := ddbsim.Start("", ddbsim.Options{PartitionWCU: 1e9, Seed: 7,
		Faults: ddbsim.Faults{InternalErrorRate: 0.5, Ops: []string{"Scan", "BatchGetItem"}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	target := []string{"--endpoint-url", sim.URL(), "--region", "us-east-1"}
	path, _ := planTo(t, db, t.TempDir(), "flaky")
	if code, out, errOut := runCLI(t, append([]string{"load", path, "--source", db.URL, "--progress", "none"}, target...)...); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut := runCLI(t, append([]string{"verify", path, "--source", db.URL, "--sample", "1500"}, target...)...)
	if code != 0 || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestResumeRefusesAnotherPlansCheckpoint: --resume --checkpoint naming
// the checkpoint of another plan's load must be refused, naming both
// plans, and leave that checkpoint as it was, rather than resume against
// it and overwrite it.
func TestResumeRefusesAnotherPlansCheckpoint(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 6000)
	execAll(t, db, `CREATE TABLE public.other (id int PRIMARY KEY, v text NOT NULL)`,
		`INSERT INTO public.other SELECT i, 'v' FROM generate_series(1, 300) i`, `ANALYZE public.other`)
	_, target := simTarget(t)
	dir := t.TempDir()
	first, _ := planTo(t, db, dir, "first", "--tables", "public.events")
	rejectSpecials(t, first, "v")     // the rejects that stop the first load
	withoutPredictedRejects(t, first) // else the load refuses before it writes a checkpoint
	second, _ := planTo(t, db, dir, "second", "--tables", "public.other")
	code, out, errOut := runCLI(t, append([]string{"load", first, "--source", db.URL, "--progress", "none", "--max-rejects", "2"}, target...)...)
	if code != 3 {
		t.Fatalf("first load: exit %d, want 3 at the reject limit\n%s\n%s", code, out, errOut)
	}
	cp := first + ".checkpoint.json"
	before, err := os.ReadFile(cp)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI(t, append([]string{"load", second, "--source", db.URL, "--progress", "none", "--resume", "--checkpoint", cp}, target...)...)
	if code == 0 || !strings.Contains(errOut, "first.yaml") || !strings.Contains(errOut, "second.yaml") {
		t.Fatalf("resume of the second plan with the first's checkpoint: exit %d\n%s\n%s", code, out, errOut)
	}
	if after, err := os.ReadFile(cp); err != nil || string(after) != string(before) {
		t.Fatalf("the first plan's checkpoint changed (%v)", err)
	}
}

// TestMarkdownReviewEscapesNames: table and column names are the source's
// to choose; the markdown review, meant for a pull request, printed HTML
// in them as HTML. Outside code spans it is now escaped, and inside one
// it stays literal text.
func TestMarkdownReviewEscapesNames(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public."<b>bold</b>" (id int PRIMARY KEY, "<img src=x onerror=alert(1)>" text NOT NULL, "a`+"`"+`b" int)`,
		`INSERT INTO public."<b>bold</b>" SELECT i, 'v' || (i % 7), i FROM generate_series(1, 200) i`,
		`ANALYZE public."<b>bold</b>"`)
	path, _ := planTo(t, db, t.TempDir(), "md")
	code, out, errOut := runCLI(t, "review", path, "--source", db.URL, "--format", "markdown")
	if code != 0 {
		t.Fatalf("review: exit %d\n%s\n%s", code, out, errOut)
	}
	// Outside fenced blocks (sample items, histograms), no raw tag.
	fenced := false
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		if plain := stripCodeSpans(line); strings.Contains(plain, "<b>") || strings.Contains(plain, "<img") {
			t.Fatalf("raw HTML in the markdown review: %q", line)
		}
	}
	if !strings.Contains(out, "&lt;b&gt;bold&lt;/b&gt;") {
		t.Fatalf("the table's name is not in the review, escaped:\n%s", out)
	}
}

// stripCodeSpans removes markdown code spans (any backtick fence) from a
// line: their content is shown as literal text.
func stripCodeSpans(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		if line[i] != '`' {
			b.WriteByte(line[i])
			i++
			continue
		}
		n := 0
		for i+n < len(line) && line[i+n] == '`' {
			n++
		}
		fence := strings.Repeat("`", n)
		end := strings.Index(line[i+n:], fence)
		for end >= 0 && i+n+end+n < len(line) && line[i+n+end+n] == '`' {
			next := strings.Index(line[i+n+end+1:], fence)
			if next < 0 {
				end = -1
				break
			}
			end += 1 + next
		}
		if end < 0 {
			b.WriteString(line[i:])
			break
		}
		i += n + end + n
	}
	return b.String()
}
