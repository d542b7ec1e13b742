package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/s3load"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

const testBucket = "pg2ddb-test"

// s3Env is an S3 server (gofakes3, in-process) with one bucket and the
// DynamoDB simulator reading its imports and bulk puts from it.
type s3Env struct {
	sim   *ddbsim.Server
	s3url string
	s3    *s3.Client
	// flags are the target and S3 flags of every command.
	flags []string
}

func newS3Env(t *testing.T, opts ddbsim.Options) *s3Env {
	t.Helper()
	ts := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	t.Cleanup(ts.Close)
	c := s3.New(s3.Options{BaseEndpoint: aws.String(ts.URL), Region: "us-east-1", UsePathStyle: true,
		Credentials: credentials.NewStaticCredentialsProvider("test", "test", ""), DisableLogOutputChecksumValidationSkipped: true})
	if _, err := c.CreateBucket(t.Context(), &s3.CreateBucketInput{Bucket: aws.String(testBucket)}); err != nil {
		t.Fatal(err)
	}
	opts.S3 = ddbsim.NewS3Store(ts.URL)
	if opts.PartitionWCU == 0 {
		opts.PartitionWCU = 1e9
	}
	sim, err := ddbsim.Start("", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	return &s3Env{sim: sim, s3url: ts.URL, s3: c,
		flags: []string{"--endpoint-url", sim.URL(), "--region", "us-east-1", "--s3-endpoint-url", ts.URL}}
}

func (e *s3Env) run(t *testing.T, want int, args ...string) (string, string) {
	t.Helper()
	flags := e.flags
	if args[0] == "verify" {
		flags = flags[:4] // verify reads DynamoDB only
	}
	code, out, errOut := runCLI(t, append(args, flags...)...)
	if code != want {
		t.Fatalf("%s: exit %d, want %d\n%s\n%s", strings.Join(args[:2], " "), code, want, out, errOut)
	}
	return out, errOut
}

// TestS3ExportImportAndBulkPutDatasets takes every table of pagila, and a
// table of whole-row duplicates, through both S3 paths a user takes — plan
// (mapping.Design, unedited) → export → import → verify, then bulk-put
// --recreate of the same export → verify — with no difference. pagila has
// the most column types (arrays, bytea, enums, tsvector, timestamps); the
// duplicates table has the copies the export numbers, as dellstore2's
// cust_hist has. The export writes each item with the loader's encoder, so
// the other datasets' rows, which TestDatasetEndToEnd takes end to end
// through the direct load, would repeat the same encoding. Compression none
// is in TestBulkPutMergesFailedItemsIntoRejects.
func TestS3ExportImportAndBulkPutDatasets(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	for _, c := range []struct {
		name, dataset, compression string
		setup                      []string
	}{
		{"pagila", "pagila", "gzip", nil},
		{"duplicates", "", "zstd", []string{
			`CREATE TABLE public.hist (customerid int NOT NULL, orderid int NOT NULL, prod_id int NOT NULL)`,
			`INSERT INTO public.hist SELECT i % 97 + 1, i, (i * 7) % 500 + 1 FROM generate_series(1, 6000) i`,
			`INSERT INTO public.hist SELECT * FROM public.hist WHERE orderid % 50 = 0`,
			`ANALYZE public.hist`,
		}},
	} {
		ds, compression := c.name, c.compression
		t.Run(ds, func(t *testing.T) {
			t.Parallel()
			db := testenv.NewDatabase(t, c.dataset)
			fixture.Exec(t, db.Pool, c.setup...)
			e := newS3Env(t, ddbsim.Options{})
			planPath := filepath.Join(t.TempDir(), ds+".yaml")
			if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "-o", planPath); code != 0 {
				t.Fatalf("plan: exit %d: %s", code, errOut)
			}
			if c.setup != nil {
				if p, err := plans.ReadFile(planPath); err != nil || p.Tables[0].Duplicates == nil || p.Tables[0].Duplicates.Action != plans.DuplicatesNumber {
					t.Fatalf("the plan does not number the duplicates: %v", err)
				}
			}
			to := "s3://" + testBucket + "/" + ds + "/run1"
			out, _ := e.run(t, 0, "export", planPath, "--source", db.URL, "--to", to, "--progress", "none", "--compression", compression, "--max-rejects", "1000000")
			if !strings.Contains(out, "manifest: "+to+"/manifest.json") {
				t.Fatalf("export output lacks the manifest:\n%s", out)
			}
			// The export counts its source rows as it reads them (no
			// count(*) first): the manifest's count is the table's.
			loc, err := s3load.ParseURL(to)
			if err != nil {
				t.Fatal(err)
			}
			m, err := s3load.ReadManifest(t.Context(), e.s3, loc)
			if err != nil || m == nil || len(m.Tables) == 0 {
				t.Fatalf("manifest %+v: %v", m, err)
			}
			for _, et := range m.Tables {
				from, err := extract.SourceIdent(et.Source)
				if err != nil {
					t.Fatal(err)
				}
				var n int64
				if err := db.Pool.QueryRow(t.Context(), "SELECT count(*) FROM "+from).Scan(&n); err != nil {
					t.Fatal(err)
				}
				if !et.Done || et.SourceRows != n {
					t.Errorf("manifest says %s has %d source rows (done %v), the table has %d", et.Source, et.SourceRows, et.Done, n)
				}
			}
			out, _ = e.run(t, 0, "import", planPath, "--from", to, "--progress", "none", "--poll", "20ms")
			if !strings.Contains(out, "COMPLETED") {
				t.Fatalf("import output:\n%s", out)
			}
			out, _ = e.run(t, 0, "verify", planPath, "--source", db.URL, "--sample", "500")
			if !strings.Contains(out, "no differences") {
				t.Fatalf("verify after import:\n%s", out)
			}
			// The tables exist now: import refuses, naming them in one line.
			code, _, errOut := runCLI(t, append([]string{"import", planPath, "--from", to, "--progress", "none"}, e.flags...)...)
			if code == 0 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "new tables only") {
				t.Fatalf("import into existing tables: exit %d: %q", code, errOut)
			}
			_, errOut = e.run(t, 0, "bulk-put", planPath, "--from", to, "--recreate", "--yes", "--progress", "none", "--poll", "20ms")
			if !strings.Contains(errOut, "--recreate: deleting") {
				t.Fatalf("bulk-put --recreate does not list what it deletes:\n%s", errOut)
			}
			out, _ = e.run(t, 0, "verify", planPath, "--source", db.URL, "--sample", "500")
			if !strings.Contains(out, "no differences") {
				t.Fatalf("verify after bulk put:\n%s", out)
			}
		})
	}
}

// TestBulkPutMergesFailedItemsIntoRejects puts bad lines next to an
// export's objects: the bulk put completes with errors, and pg2ddb reads
// its S3 error report into the rejects file with DynamoDB's reasons.
func TestBulkPutMergesFailedItemsIntoRejects(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "chinook")
	e := newS3Env(t, ddbsim.Options{})
	planPath := filepath.Join(t.TempDir(), "chinook.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--tables", "public.genre", "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	to := "s3://" + testBucket + "/bad"
	e.run(t, 0, "export", planPath, "--source", db.URL, "--to", to, "--progress", "none", "--compression", "none")
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	tb := p.Tables[0]
	bad := `{"Item":{"not_the_key":{"S":"x"}}}` + "\n" + `{"Item":{` + fmt.Sprintf("%q", tb.PartitionKey.Attribute) + `:{"S":""}}}` + "\n" + "not json\n"
	if _, err := e.s3.PutObject(t.Context(), &s3.PutObjectInput{Bucket: aws.String(testBucket), Key: aws.String("bad/data/" + tb.Target + "/zzz-bad.json"),
		Body: strings.NewReader(bad)}); err != nil {
		t.Fatal(err)
	}
	before, err := item.ReadRejects(planPath + ".rejects.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	out, errOut := e.run(t, 3, "bulk-put", planPath, "--from", to, "--progress", "none", "--poll", "20ms")
	if !strings.Contains(errOut, "added to "+planPath+".rejects.jsonl") || !strings.Contains(out, "3 failed items") {
		t.Fatalf("bulk put with bad items:\n%s\n%s", out, errOut)
	}
	recs, err := item.ReadRejects(planPath + ".rejects.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	got := recs[len(before):]
	if len(got) != 3 {
		t.Fatalf("%d new reject lines, want 3: %+v", len(got), got)
	}
	for i, want := range []string{"Missing the key " + tb.PartitionKey.Attribute, "empty string value", "malformed JSON"} {
		if got[i].Table != tb.Target || !strings.HasPrefix(got[i].Reason, "bulk put: ") || !strings.Contains(got[i].Reason, want) || !strings.Contains(got[i].Reason, "zzz-bad.json line") {
			t.Errorf("reject %d: %+v; want a bulk put reason with %q and the object and line", i, got[i], want)
		}
	}

	// Another run replaces the first run's failures with its own, rather
	// than adding them again; once the bad object is gone, none are left.
	e.run(t, 3, "bulk-put", planPath, "--from", to, "--append", "--progress", "none", "--poll", "20ms")
	if recs, err = item.ReadRejects(planPath + ".rejects.jsonl"); err != nil || len(recs) != len(before)+3 {
		t.Fatalf("after a second bulk put: %d reject lines (%v), want %d", len(recs), err, len(before)+3)
	}
	if _, err := e.s3.DeleteObject(t.Context(), &s3.DeleteObjectInput{Bucket: aws.String(testBucket), Key: aws.String("bad/data/" + tb.Target + "/zzz-bad.json")}); err != nil {
		t.Fatal(err)
	}
	e.run(t, 0, "bulk-put", planPath, "--from", to, "--append", "--progress", "none", "--poll", "20ms")
	if recs, err = item.ReadRejects(planPath + ".rejects.jsonl"); err != nil || len(recs) != len(before) {
		t.Fatalf("after a clean bulk put: %d reject lines (%v), want the export's %d", len(recs), err, len(before))
	}
	if out, _ := e.run(t, 0, "verify", planPath, "--source", db.URL); !strings.Contains(out, "no differences") {
		t.Fatalf("verify after the clean bulk put:\n%s", out)
	}
}

// TestImportInterruptedIsReported runs an import that does not finish in
// time: pg2ddb stops waiting at --timeout and says which import is still
// running, instead of hanging.
func TestImportInterruptedIsReported(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "chinook")
	e := newS3Env(t, ddbsim.Options{JobDelay: time.Hour})
	planPath := filepath.Join(t.TempDir(), "chinook.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--tables", "public.genre", "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	to := "s3://" + testBucket + "/slow"
	e.run(t, 0, "export", planPath, "--source", db.URL, "--to", to, "--progress", "none")
	start := time.Now()
	code, out, errOut := runCLI(t, append([]string{"import", planPath, "--from", to, "--progress", "none", "--poll", "50ms", "--timeout", "300ms"}, e.flags...)...)
	if code == 0 || !strings.Contains(errOut, "still running after 300ms") || !strings.Contains(errOut, "/import/") || !strings.Contains(out, "IN_PROGRESS") {
		t.Fatalf("import past its timeout: exit %d after %s\n%s\n%s", code, time.Since(start), out, errOut)
	}
	// The table is CREATING meanwhile: another import of it is refused.
	code, _, errOut = runCLI(t, append([]string{"import", planPath, "--from", to, "--progress", "none"}, e.flags...)...)
	if code == 0 || !strings.Contains(errOut, "these exist") {
		t.Fatalf("import of a table being imported: exit %d: %s", code, errOut)
	}
	// Ctrl-C ends the wait the same way (exit 130), naming the import.
	plan2 := filepath.Join(t.TempDir(), "chinook2.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--tables", "public.genre", "--table-prefix", "c_", "-o", plan2); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	e.run(t, 0, "export", plan2, "--source", db.URL, "--to", to+"2", "--progress", "none")
	// Ctrl-C once the import has started: its table exists (CREATING),
	// and the import's answer has had time to arrive (a fixed 300 ms from
	// the start was too short on a busy machine).
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		ddb := testenv.DynamoDBAt(e.sim.URL())
		for ctx.Err() == nil {
			if out, err := ddb.ListTables(ctx, &dynamodb.ListTablesInput{}); err == nil && slices.ContainsFunc(out.TableNames, func(n string) bool { return strings.HasPrefix(n, "c_") }) {
				time.Sleep(300 * time.Millisecond)
				cancel()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	var o, eb bytes.Buffer
	code = run(ctx, append([]string{"import", plan2, "--from", to + "2", "--progress", "none", "--poll", "50ms"}, e.flags...), &o, &eb)
	if code != 130 || !strings.Contains(eb.String(), "goes on in AWS") || !strings.Contains(eb.String(), "/import/") {
		t.Fatalf("import cancelled: exit %d\n%s\n%s", code, o.String(), eb.String())
	}
}

// The export that TestExportKillAndResume kills: 60,000 rows (eventsTable,
// a NaN every 997th: 60 rejects) in objects of 500 kB, about 15 of them.
const (
	killRows       = 60_000
	killRejects    = killRows / 997
	killObjectSize = "500000"
)

// TestExportKillAndResume kills an export with SIGKILL while it writes,
// resumes it, and requires the objects under the prefix to be exactly the
// manifest's, holding every item once, and the same objects a fresh
// export writes.
func TestExportKillAndResume(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, killRows)
	e := newS3Env(t, ddbsim.Options{})
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "s3kill")
	rejectSpecials(t, planPath, "v") // the NaN rows, in the rejects file once after the resume
	to := "s3://" + testBucket + "/kill"
	args := append([]string{"export", planPath, "--source", db.URL, "--to", to, "--progress", "none", "--max-rejects", "1000", "--object-size", killObjectSize}, e.flags...)
	cmd := exec.Command(binary(t), args...)
	cmd.Env = os.Environ()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		// A quarter of the rejects: the export is a quarter through.
		if b, err := os.ReadFile(planPath + ".rejects.jsonl"); err == nil && bytes.Count(b, []byte("\n")) >= killRejects/4 {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("the export ended before it was killed: %v\n%s", err, stderr.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-exited // killed
	m, err := s3load.ReadManifest(t.Context(), e.s3, s3load.Location{Bucket: testBucket, Prefix: "kill/"})
	if err != nil || m == nil || len(m.Tables) != 1 || m.Tables[0].Done {
		t.Fatalf("manifest after the kill: %+v, %v; want one unfinished table\n%s", m, err, stderr.String())
	}
	killed, _ := os.ReadFile(planPath + ".rejects.jsonl")
	t.Logf("killed after %d of %d rejects", bytes.Count(killed, []byte("\n")), killRejects)
	out, _ := e.run(t, 0, "export", planPath, "--source", db.URL, "--to", to, "--progress", "none", "--max-rejects", "1000", "--object-size", killObjectSize, "--resume")
	if !strings.Contains(out, "60,000") {
		t.Fatalf("resume output:\n%s", out)
	}
	resumed := checkExport(t, e, "kill/")
	e.run(t, 0, "export", planPath, "--source", db.URL, "--to", "s3://"+testBucket+"/fresh", "--progress", "none", "--max-rejects", "1000", "--object-size", killObjectSize)
	fresh := checkExport(t, e, "fresh/")
	if len(resumed) != len(fresh) || len(resumed) < 5 {
		t.Fatalf("resumed export has %d objects, a fresh one %d", len(resumed), len(fresh))
	}
	for name, sum := range fresh {
		if resumed[name] != sum {
			t.Errorf("object %s differs between the resumed and a fresh export", name)
		}
	}
	recs, err := item.ReadRejects(planPath + ".rejects.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != killRejects {
		t.Fatalf("%d reject lines after the resume, want the %d NaN rows once", len(recs), killRejects)
	}
}

// checkExport reads every object under prefix, requires them to be the
// manifest's objects with its counts and hashes, every item's key once,
// and killRows-killRejects items; it returns the objects' hashes by name.
func checkExport(t *testing.T, e *s3Env, prefix string) map[string]string {
	t.Helper()
	m, err := s3load.ReadManifest(t.Context(), e.s3, s3load.Location{Bucket: testBucket, Prefix: prefix})
	if err != nil || m == nil || len(m.Tables) != 1 || !m.Tables[0].Done {
		t.Fatalf("manifest: %+v %v", m, err)
	}
	et := m.Tables[0]
	listed := map[string]s3load.ExportObject{}
	for _, o := range et.Objects {
		listed[o.Key] = o
	}
	out, err := e.s3.ListObjectsV2(t.Context(), &s3.ListObjectsV2Input{Bucket: aws.String(testBucket), Prefix: aws.String(et.Prefix)})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Contents) != len(et.Objects) {
		t.Fatalf("%d objects under %s, the manifest lists %d", len(out.Contents), et.Prefix, len(et.Objects))
	}
	keys := map[string]bool{}
	sums := map[string]string{}
	var items int64
	for _, c := range out.Contents {
		o, ok := listed[aws.ToString(c.Key)]
		if !ok {
			t.Fatalf("object %s is not in the manifest", aws.ToString(c.Key))
		}
		get, err := e.s3.GetObject(t.Context(), &s3.GetObjectInput{Bucket: aws.String(testBucket), Key: c.Key})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(get.Body)
		get.Body.Close()
		sum := fmt.Sprintf("%x", sha256Sum(raw))
		if sum != o.SHA256 {
			t.Fatalf("object %s: SHA-256 %s, the manifest says %s", o.Key, sum, o.SHA256)
		}
		sums[strings.TrimPrefix(o.Key, et.Prefix)] = sum
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(nil, 1<<20)
		var n int64
		for sc.Scan() {
			var line struct{ Item map[string]map[string]any }
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatalf("object %s: %v", o.Key, err)
			}
			k := sc.Text()
			if keys[k] {
				t.Fatalf("item %s twice", k)
			}
			keys[k] = true
			n++
		}
		if n != o.Items {
			t.Fatalf("object %s holds %d items, the manifest says %d", o.Key, n, o.Items)
		}
		items += n
	}
	if items != killRows-killRejects || et.Items != items || et.Rejected != killRejects {
		t.Fatalf("%d items in the objects, manifest %d items and %d rejected; want %d and %d", items, et.Items, et.Rejected, killRows-killRejects, killRejects)
	}
	return sums
}

func sha256Sum(b []byte) []byte { s := sha256.Sum256(b); return s[:] }

// TestLoadVia is the one-step form: load --via import exports and imports
// from the load's snapshot; load --via bulk-put --recreate lists the tables
// it deletes and writes them again through StartBulkPutItems; both verify.
func TestLoadVia(t *testing.T) {
	testenv.Long(t) // a whole dataset through export and import; s3load's tests race-check the path
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	e := newS3Env(t, ddbsim.Options{})
	planPath := filepath.Join(t.TempDir(), "northwind.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	stage := "s3://" + testBucket + "/via"
	out, _ := e.run(t, 0, "load", planPath, "--source", db.URL, "--via", "import", "--stage", stage, "--progress", "log")
	if !strings.Contains(out, "manifest: "+stage+"/manifest.json") || !strings.Contains(out, "COMPLETED") {
		t.Fatalf("load --via import:\n%s", out)
	}
	if out, _ = e.run(t, 0, "verify", planPath, "--source", db.URL); !strings.Contains(out, "no differences") {
		t.Fatalf("verify after load --via import:\n%s", out)
	}
	code, _, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--via", "import", "--stage", stage, "--progress", "none"}, e.flags...)...)
	if code == 0 || !strings.Contains(errOut, "new tables only") {
		t.Fatalf("second load --via import: exit %d: %s", code, errOut)
	}
	_, errOut = e.run(t, 0, "load", planPath, "--source", db.URL, "--via", "bulk-put", "--stage", stage, "--recreate", "--yes", "--progress", "none")
	if !strings.Contains(errOut, "--recreate: deleting") {
		t.Fatalf("load --via bulk-put --recreate does not list what it deletes:\n%s", errOut)
	}
	if out, _ = e.run(t, 0, "verify", planPath, "--source", db.URL); !strings.Contains(out, "no differences") {
		t.Fatalf("verify after load --via bulk-put:\n%s", out)
	}
	if code, _, errOut := runCLI(t, "load", planPath, "--source", db.URL, "--via", "import"); code == 0 || !strings.Contains(errOut, "--stage") {
		t.Fatalf("--via without --stage: exit %d: %s", code, errOut)
	}
}

// TestS3JobAfterCtrlCIsNotFinished: import and bulk-put stopped by Ctrl-C
// while AWS's job runs exit 130, and neither their JSON events nor their
// summary call the job finished: table_finished says complete false, and
// the summary marks the table's job incomplete, still running in AWS.
func TestS3JobAfterCtrlCIsNotFinished(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "chinook")
	e := newS3Env(t, ddbsim.Options{JobDelay: time.Hour})
	for _, job := range []string{"import", "bulk-put"} {
		planPath := filepath.Join(t.TempDir(), "genre.yaml")
		if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--tables", "public.genre", "--table-prefix", job+"_", "-o", planPath); code != 0 {
			t.Fatalf("plan: exit %d: %s", code, errOut)
		}
		to := "s3://" + testBucket + "/" + job
		e.run(t, 0, "export", planPath, "--source", db.URL, "--to", to, "--progress", "none")
		ctx, cancel := context.WithCancel(t.Context())
		var o bytes.Buffer
		eb := &lockedBuffer{}
		done := make(chan int, 1)
		go func() {
			done <- run(ctx, append([]string{job, planPath, "--from", to, "--progress", "json", "--poll", "20ms"}, e.flags...), &o, eb)
		}()
		// Ctrl-C once the job has reported progress twice: it is running.
		for strings.Count(eb.String(), `"event":"progress"`)+strings.Count(eb.String(), `"event":"table_started"`) < 2 {
			select {
			case code := <-done:
				t.Fatalf("%s ended before Ctrl-C: exit %d\n%s\n%s", job, code, o.String(), eb.String())
			case <-time.After(10 * time.Millisecond):
			}
		}
		cancel()
		code := <-done
		events := eb.String()
		if code != exitInterrupted || !strings.Contains(events, "goes on in AWS") {
			t.Fatalf("%s after Ctrl-C: exit %d, want %d\n%s\n%s", job, code, exitInterrupted, o.String(), events)
		}
		if !strings.Contains(events, `"event":"table_finished"`) || !strings.Contains(events, `"complete":false`) || strings.Contains(events, `"complete":true`) {
			t.Errorf("%s: JSON events after Ctrl-C do not say incomplete:\n%s", job, events)
		}
		if !strings.Contains(o.String(), "IN_PROGRESS, incomplete") || !strings.Contains(o.String(), "incomplete: pg2ddb stopped waiting") {
			t.Errorf("%s: the summary does not say the job is incomplete:\n%s", job, o.String())
		}
	}
}
