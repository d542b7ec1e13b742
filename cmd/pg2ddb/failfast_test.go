package main

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/fixture"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestLoadRefusesPredictedRejectsBeforeCreatingTables: a plan made by the
// real `pg2ddb plan` on a table with NaNs in a float column records them
// and keeps their rows (specials: string); reviewed to reject them, load,
// load --via and export refuse at once with exit 3, naming the table, the
// column and what to do, before any target table (or S3 object) exists.
// With the NaNs allowed for (a higher --max-rejects, or specials: string
// or omit) the same plan loads.
func TestLoadRefusesPredictedRejectsBeforeCreatingTables(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.clean (id int PRIMARY KEY, v text)`,
		`INSERT INTO public.clean SELECT i, md5(i::text) FROM generate_series(1, 200) i`,
		`CREATE TABLE public.readings (id int PRIMARY KEY, reading double precision)`,
		`INSERT INTO public.readings SELECT i, CASE WHEN i % 100 = 0 THEN 'NaN'::float8 WHEN i = 7 THEN '-Infinity' ELSE i / 3.0 END FROM generate_series(1, 1000) i`,
		`ANALYZE public.clean`, `ANALYZE public.readings`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	e := newS3Env(t, ddbsim.Options{})
	target := e.flags[:4]
	planPath := planFor(t, db, "--table-prefix", "ff_")
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	var readings *plans.Table
	for i := range p.Tables {
		if p.Tables[i].Source == "public.readings" {
			readings = &p.Tables[i]
		}
	}
	if readings == nil || len(readings.RefusedValues) != 1 || readings.RefusedValues[0].Column != "reading" || readings.RefusedValues[0].NaNInfinity != 11 {
		t.Fatalf("plan records %+v, want reading: 11 NaN/Infinity", readings)
	}
	if rs := readings.PredictedRejects(p.Options); len(rs) != 0 {
		t.Fatalf("the plan as designed predicts rejects %+v, want the NaN rows kept", rs)
	}
	rejectSpecials(t, planPath, "reading")
	ddb := testenv.DynamoDBAt(e.sim.URL())
	tables := func() []string {
		t.Helper()
		out, err := ddb.ListTables(t.Context(), &dynamodb.ListTablesInput{})
		if err != nil {
			t.Fatal(err)
		}
		return out.TableNames
	}
	for _, run := range [][]string{
		{"load", planPath, "--progress", "none"},
		{"load", planPath, "--progress", "none", "--max-rejects", "10"},
		{"load", planPath, "--progress", "none", "--via", "import", "--stage", "s3://" + testBucket + "/ff"},
		{"export", planPath, "--progress", "none", "--to", "s3://" + testBucket + "/ff"},
	} {
		flags := e.flags
		if run[0] == "load" && len(run) < 5 {
			flags = target
		}
		start := time.Now()
		code, out, errOut := runCLI(t, append(append(run, "--source", db.URL), flags...)...)
		took := time.Since(start)
		t.Logf("%s refused in %s", strings.Join(run, " "), took.Round(time.Millisecond))
		if code != exitRejects {
			t.Fatalf("%s: exit %d, want %d\n%s\n%s", strings.Join(run, " "), code, exitRejects, out, errOut)
		}
		for _, want := range []string{"the plan predicts at least 11 rejected rows", "public.readings (target ff_readings)",
			"reading: 11 rows (NaN", "Raise --max-rejects to 11", "specials: string", "nothing was created"} {
			if !strings.Contains(errOut, want) {
				t.Errorf("%s: message lacks %q:\n%s", run[0], want, errOut)
			}
		}
		if got := tables(); len(got) != 0 {
			t.Fatalf("%s created %v before refusing", strings.Join(run, " "), got)
		}
		objs, err := e.s3.ListObjectsV2(t.Context(), &s3.ListObjectsV2Input{Bucket: aws.String(testBucket)})
		if err != nil {
			t.Fatal(err)
		}
		if len(objs.Contents) != 0 {
			t.Fatalf("%s wrote %d S3 objects before refusing", strings.Join(run, " "), len(objs.Contents))
		}
	}

	// Allowed for: the load runs and rejects exactly the predicted rows.
	code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "11"}, target...)...)
	if code != 0 {
		t.Fatalf("load --max-rejects 11: exit %d\n%s\n%s", code, out, errOut)
	}
	if got := tables(); len(got) != 2 {
		t.Fatalf("tables after the load: %v", got)
	}

	// Reviewed: the column keeps its NaN rows (as strings, or without the
	// attribute), and the plan loads under --max-rejects 0, every row.
	for _, choice := range []string{plans.FloatSpecialsString, plans.SpecialsOmit} {
		for i := range readings.Attributes {
			if readings.Attributes[i].Column == "reading" {
				readings.Attributes[i].Specials = choice
			}
		}
		if err := plans.WriteFile(planPath, p); err != nil {
			t.Fatal(err)
		}
		_, other := simTarget(t)
		code, out, errOut = runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, other...)...)
		if code != 0 {
			t.Fatalf("load with specials: %s: exit %d\n%s\n%s", choice, code, out, errOut)
		}
		code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, other...)...)
		if code != 0 || !strings.Contains(out, "1,000 source rows - 0 rejected = 1,000 items") {
			t.Fatalf("verify with specials: %s: exit %d\n%s\n%s", choice, code, out, errOut)
		}
	}
}

// TestLoadRefusesPredictedOversizeItems: `pg2ddb plan` on a table with
// three rows whose text and bytea alone are over 400 KB records them, and
// a load under a lower --max-rejects refuses before it creates anything;
// under --max-rejects 3 it loads and rejects exactly those three, while a
// row just under the limit loads (the prediction is a lower bound, never
// more).
func TestLoadRefusesPredictedOversizeItems(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.docs (id int PRIMARY KEY, title text, body text, blob bytea)`,
		`INSERT INTO public.docs SELECT i, 'doc ' || i, md5(i::text), NULL FROM generate_series(1, 200) i`,
		`INSERT INTO public.docs VALUES (201, 'big', repeat('x', 450000), NULL),
		   (202, 'two halves', repeat('y', 300000), decode(repeat('ab', 150000), 'hex')),
		   (203, 'just over', repeat('z', 409700), NULL),
		   (204, 'just under', repeat('w', 405000), NULL)`,
		`ANALYZE public.docs`)
	sim, target := simTarget(t)
	planPath := planFor(t, db, "--table-prefix", "big_")
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	if o := p.Tables[0].Oversize; o == nil || o.Rows != 3 || o.MinBytes != int64(409700+len("just over")) || len(o.Columns) != 3 ||
		o.Columns[0] != (plans.SizedColumn{Column: "title", MaxBytes: 10}) || o.Columns[1] != (plans.SizedColumn{Column: "body", MaxBytes: 450000}) ||
		o.Columns[2] != (plans.SizedColumn{Column: "blob", MaxBytes: 150000}) {
		t.Fatalf("the plan records oversize %+v, want 3 rows, least 409,709 bytes, over title, body, blob", o)
	}
	// review sets the plan's prediction beside its own count over the rows it encodes.
	code, out, errOut := runCLI(t, "review", planPath, "--source", db.URL)
	if code != 0 || !strings.Contains(out, "the plan predicts at least 3 rejected rows from its profile of every row: (whole item): 3 rows") ||
		!strings.Contains(out, "3 of them would be rejected") {
		t.Fatalf("review: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "2"}, target...)...)
	if code != exitRejects {
		t.Fatalf("load --max-rejects 2: exit %d, want %d\n%s\n%s", code, exitRejects, out, errOut)
	}
	for _, want := range []string{"the plan predicts at least 3 rejected rows", "public.docs (target big_docs)",
		"(whole item): 3 rows (items over DynamoDB's 400 KB", "nothing was created", "excluded or shortened"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("message lacks %q:\n%s", want, errOut)
		}
	}
	if n := len(sim.Stats().Tables); n != 0 {
		t.Fatalf("the refused load created %d tables", n)
	}
	code, out, errOut = runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "3"}, target...)...)
	if code != 0 {
		t.Fatalf("load --max-rejects 3: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "204 source rows - 3 rejected = 201 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestPlannedSpecialsKeepTheRows: `pg2ddb plan` on a table with NaN and
// -Infinity in a float column writes specials: string on it, with a note
// the reviewer reads, and the plan as designed loads every row under
// --max-rejects 0, the values as strings.
func TestPlannedSpecialsKeepTheRows(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.readings (id int PRIMARY KEY, reading double precision)`,
		`INSERT INTO public.readings SELECT i, CASE WHEN i % 100 = 0 THEN 'NaN'::float8 WHEN i = 7 THEN '-Infinity' ELSE i / 3.0 END FROM generate_series(1, 1000) i`,
		`ANALYZE public.readings`)
	sim, target := simTarget(t)
	planPath := planFor(t, db, "--table-prefix", "keep_")
	text, err := os.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "specials: string") || !strings.Contains(string(text), "the profile found 11 NaN or ±Infinity") {
		t.Fatalf("the plan does not choose to keep the NaN rows:\n%s", text)
	}
	code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none", "--max-rejects", "0"}, target...)...)
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "1,000 source rows - 0 rejected = 1,000 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
	strs := map[string]int{}
	for _, it := range fixture.ScanAll(t, testenv.DynamoDBAt(sim.URL()), "keep_readings") {
		if v, ok := it["reading"].(*types.AttributeValueMemberS); ok {
			strs[v.Value]++
		}
	}
	if strs["NaN"] != 10 || strs["-Infinity"] != 1 || len(strs) != 2 {
		t.Fatalf("readings stored as strings: %v, want 10 NaN and one -Infinity", strs)
	}
}

// rejectSpecials edits the plan at path as a reviewer does who wants the
// NaN and ±Infinity of column (in every table that writes it) in the
// rejects file: specials: reject, where the design keeps those rows.
// Tests of rejects plant NaNs and ask for them so.
func rejectSpecials(t *testing.T, path, column string) {
	t.Helper()
	p, err := plans.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range p.Tables {
		for j := range p.Tables[i].Attributes {
			if a := &p.Tables[i].Attributes[j]; a.Column == column {
				a.Specials = plans.FloatSpecialsReject
				n++
			}
		}
	}
	if n == 0 {
		t.Fatalf("%s writes no column %s", path, column)
	}
	if err := plans.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
}

// withoutPredictedRejects rewrites the plan at path as a plan made before
// the values DynamoDB refuses arrived in the source: it records none, so a
// load meets its rejects only as it writes (what the load's own
// --max-rejects stop is tested with).
func withoutPredictedRejects(t *testing.T, path string) {
	t.Helper()
	p, err := plans.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Tables {
		p.Tables[i].RefusedValues = nil
	}
	if err := plans.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
}

// TestSyncRefusesPredictedRejectsBeforeCreatingAnything: sync applies
// load's check: a plan that predicts more rejected rows than
// --max-rejects is refused with exit 3 before a replication slot, a
// publication or a table exists; with the rejects allowed for, the same
// plan syncs.
func TestSyncRefusesPredictedRejectsBeforeCreatingAnything(t *testing.T) {
	t.Parallel()
	db := testenv.NewLogicalDatabase(t, "")
	execAll(t, db,
		`CREATE TABLE public.readings (id int PRIMARY KEY, reading double precision)`,
		`INSERT INTO public.readings SELECT i, CASE WHEN i % 100 = 0 THEN 'NaN'::float8 ELSE i / 3.0 END FROM generate_series(1, 1000) i`,
		`ANALYZE public.readings`)
	sim, target := simTarget(t)
	planPath := planFor(t, db, "--table-prefix", "syncff_")
	rejectSpecials(t, planPath, "reading")
	code, out, errOut := runCLI(t, append([]string{"sync", planPath, "--source", db.URL, "--progress", "none", "--until-caught-up", "--max-rejects", "9"}, target...)...)
	if code != exitRejects || !strings.Contains(errOut, "sync: the plan predicts at least 10 rejected rows") || !strings.Contains(errOut, "nothing was created") {
		t.Fatalf("sync --max-rejects 9: exit %d, want %d\n%s\n%s", code, exitRejects, out, errOut)
	}
	var slots, pubs int
	if err := db.Pool.QueryRow(t.Context(), "SELECT (SELECT count(*) FROM pg_replication_slots WHERE database = current_database()), (SELECT count(*) FROM pg_publication)").Scan(&slots, &pubs); err != nil {
		t.Fatal(err)
	}
	if slots != 0 || pubs != 0 || len(sim.Stats().Tables) != 0 {
		t.Fatalf("the refused sync left %d slots, %d publications, %d tables", slots, pubs, len(sim.Stats().Tables))
	}
	code, out, errOut = runCLI(t, append([]string{"sync", planPath, "--source", db.URL, "--progress", "none", "--until-caught-up", "--max-rejects", "10"}, target...)...)
	if code != 0 || !strings.Contains(out, "caught up") {
		t.Fatalf("sync --max-rejects 10: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "sync", planPath, "--source", db.URL, "--drop"); code != 0 {
		t.Fatalf("sync --drop: exit %d\n%s\n%s", code, out, errOut)
	}
}
