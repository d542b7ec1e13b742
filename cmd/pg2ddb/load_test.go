package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/item"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/plans"
)

// targetEnv returns the local DynamoDB endpoint (dynalite) and the target
// flags that point the CLI at it (TestMain gives the AWS chain static
// credentials).
func targetEnv(t *testing.T) (endpoint string, flags []string) {
	endpoint = testenv.DynamoDBEndpoint(t)
	return endpoint, []string{"--endpoint-url", endpoint, "--region", "us-east-1"}
}

func TestLoadAndVerifyCommands(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "northwind")
	endpoint, target := targetEnv(t)
	dir := t.TempDir()
	planPath := filepath.Join(dir, "northwind.yaml")
	prefix := fmt.Sprintf("cli%d_", time.Now().UnixNano()%1e9)
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", prefix, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	args := append([]string{"load", planPath, "--source", db.URL, "--progress", "log"}, target...)
	code, out, errOut := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "total") || !strings.Contains(out, "3,362") || !strings.Contains(errOut, "pg2ddb: loaded ") {
		t.Fatalf("load output lacks the summary or progress:\n%s\n%s", out, errOut)
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}

	// A second load is refused; an item deleted behind pg2ddb's back makes
	// verify fail, naming the count.
	if code, _, errOut := runCLI(t, args...); code == 0 || !strings.Contains(errOut, "--recreate") {
		t.Fatalf("second load: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	ddb := testenv.DynamoDBAt(endpoint)
	tb := p.Tables[0]
	scan, err := ddb.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(tb.Target), Limit: aws.Int32(1)})
	if err != nil || len(scan.Items) != 1 {
		t.Fatalf("scan %s: %v", tb.Target, err)
	}
	key := map[string]types.AttributeValue{tb.PartitionKey.Attribute: scan.Items[0][tb.PartitionKey.Attribute]}
	if tb.SortKey != nil {
		key[tb.SortKey.Attribute] = scan.Items[0][tb.SortKey.Attribute]
	}
	if _, err := ddb.DeleteItem(t.Context(), &dynamodb.DeleteItemInput{TableName: aws.String(tb.Target), Key: key}); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 1 || !strings.Contains(out, "DIFF "+tb.Target) || !strings.Contains(out, "item count") {
		t.Fatalf("verify after a delete: exit %d\n%s", code, out)
	}
}

// simTarget starts the repository's DynamoDB simulator for the test and
// returns it with the target flags that point the CLI at it: its counters see what a key count cannot, an item
// written twice.
func simTarget(t *testing.T) (*ddbsim.Server, []string) {
	t.Helper()
	sim, err := ddbsim.Start("", ddbsim.Options{PartitionWCU: 1e9})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	return sim, []string{"--endpoint-url", sim.URL(), "--region", "us-east-1"}
}

// TestKillAndResume kills a load with SIGKILL in the middle, resumes it,
// and verifies that every row is there exactly once and that every
// rejected row, of the killed run or of the resume, is in the rejects file
// exactly once. "Exactly once" is counted in accepted puts, not keys: the
// killed run wrote each of its items once, and the resume wrote again only
// the items the killed run had written beyond its checkpoint's frontier.
func TestKillAndResume(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	eventsTable(t, db, 40000)
	sim, target := simTarget(t)
	dir := t.TempDir()
	planPath := planEvents(t, db, dir, "kill")
	rejectSpecials(t, planPath, "v") // the rejects that must be in the file exactly once
	loadArgs := append([]string{"load", planPath, "--source", db.URL, "--workers", "2", "--progress", "none", "--max-rejects", "1000"}, target...)
	tc := killMidLoad(t, loadArgs, planPath+".checkpoint.json", 5000, 40000)
	first, err := item.ReadRejects(planPath + ".rejects.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var below int64
	for _, r := range first {
		if r.Position < tc.Position {
			below++
		}
	}
	if below != tc.Rejected || below == 0 {
		t.Fatalf("the checkpoint counts %d rejects below %d; the file holds %d", tc.Rejected, tc.Position, below)
	}
	stats := func() ddbsim.TableStats {
		t.Helper()
		all := sim.Stats().Tables
		if len(all) != 1 {
			t.Fatalf("%d tables in the simulator, want 1", len(all))
		}
		return all[0]
	}
	killed := stats()
	if killed.AcceptedPuts != killed.StoredItems || killed.Overwrites != 0 || killed.StoredItems < tc.Position-tc.Rejected {
		t.Fatalf("the killed run: %d puts accepted, %d items stored, %d overwrites; frontier %d with %d rejects below it",
			killed.AcceptedPuts, killed.StoredItems, killed.Overwrites, tc.Position, tc.Rejected)
	}
	code, out, errOut := runCLI(t, append(loadArgs, "--resume")...)
	if code != 0 || !strings.Contains(out, "resumed at") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errOut)
	}
	final := stats()
	beyond := killed.StoredItems - (tc.Position - tc.Rejected) // written by the killed run at or past the frontier
	if final.StoredItems != 39960 || final.Overwrites != beyond || final.AcceptedPuts != final.StoredItems+final.Overwrites {
		t.Fatalf("after the resume: %d puts accepted, %d items stored, %d overwrites; want 39,960 stored and only the %d items the killed run wrote beyond its frontier written again",
			final.AcceptedPuts, final.StoredItems, final.Overwrites, beyond)
	}
	recs, err := item.ReadRejects(planPath + ".rejects.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int64]int{}
	for _, r := range recs {
		seen[r.Position]++
	}
	if len(recs) != 40 || len(seen) != 40 {
		t.Fatalf("%d reject lines for %d rows, want 40 rows once each", len(recs), len(seen))
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL, "--sample", "2000"}, target...)...)
	if code != 0 || !strings.Contains(out, "40,000 source rows - 40 rejected = 39,960 items") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestLoadWriteClients: pg2ddb's own client, built from the AWS
// configuration chain, is one the lean sender sends for (no fallback to the
// SDK); a load with --write-client sdk writes every row and verifies clean;
// an unknown --write-client is refused before anything is written.
func TestLoadWriteClients(t *testing.T) {
	t.Parallel()
	tf := targetFlags{endpoint: "http://127.0.0.1:1", region: "us-east-1"}
	client, err := tf.client(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if s, why := load.NewSender(client, load.WriteLean); why != "" {
		t.Fatalf("pg2ddb's client writes through %T: %s", s, why)
	}
	db := testenv.NewDatabase(t, "northwind")
	_, target := simTarget(t)
	planPath := filepath.Join(t.TempDir(), "northwind.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	base := append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)
	if code, _, errOut := runCLI(t, append(base, "--write-client", "fast")...); code == 0 || !strings.Contains(errOut, "--write-client") {
		t.Fatalf("--write-client fast: exit %d: %s", code, errOut)
	}
	if code, out, errOut := runCLI(t, append(base, "--write-client", "sdk")...); code != 0 || !strings.Contains(out, "3,362") || strings.Contains(errOut, "lean sender") {
		t.Fatalf("--write-client sdk: exit %d\n%s\n%s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...); code != 0 || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
