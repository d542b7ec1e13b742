package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestS3PathAgainstAWS is the opt-in smoke test against real AWS: it runs
// only when PG2DDB_AWS_SMOKE_BUCKET names a bucket the standard AWS chain
// can write (never in CI; the only skip in the suite). It exports chinook's
// genre table under a fresh prefix, imports it into a new table, verifies
// it, bulk-puts the same export into it again (--append) and verifies, and
// deletes the table. It costs cents and takes minutes (an import takes at
// least a few).
func TestS3PathAgainstAWS(t *testing.T) {
	t.Parallel()
	bucket := os.Getenv("PG2DDB_AWS_SMOKE_BUCKET")
	if bucket == "" {
		t.Skip("PG2DDB_AWS_SMOKE_BUCKET not set: no smoke test against real AWS")
	}
	db := testenv.NewDatabase(t, "chinook")
	planPath := filepath.Join(t.TempDir(), "smoke.yaml")
	prefix := fmt.Sprintf("pg2ddb_smoke_%d_", time.Now().Unix())
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--tables", "public.genre", "--table-prefix", prefix, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	ddb, err := (&targetFlags{}).client(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, tb := range p.Tables {
			ddb.DeleteTable(t.Context(), &dynamodb.DeleteTableInput{TableName: aws.String(tb.Target)}) //nolint:errcheck // best effort
		}
	})
	to := "s3://" + bucket + "/" + strings.TrimSuffix(prefix, "_")
	steps := [][]string{
		{"export", planPath, "--source", db.URL, "--to", to, "--progress", "log"},
		{"import", planPath, "--from", to, "--progress", "log", "--timeout", "30m", "--poll", "10s"},
		{"verify", planPath, "--source", db.URL},
		{"bulk-put", planPath, "--from", to, "--append", "--progress", "log", "--timeout", "30m", "--poll", "10s", "--max-write-units", "1024"},
		{"verify", planPath, "--source", db.URL},
	}
	for _, s := range steps {
		code, out, errOut := runCLI(t, s...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s\n%s", s[0], code, out, errOut)
		}
		t.Logf("%s:\n%s", s[0], out)
	}
}
