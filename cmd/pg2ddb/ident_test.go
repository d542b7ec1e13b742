package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestDottedNamesReadTheRightTable pins that a source table travels as its
// (schema, name) pair: schema "a.b" with table t and schema a with table
// "b.t" were both planned as a.b.t, and the load read a."b.t" for both (or
// the plan was refused as a duplicate). Each target must get its own
// table's rows, and verify must compare each with its own table.
func TestDottedNamesReadTheRightTable(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE SCHEMA "a.b"`, `CREATE SCHEMA a`,
		`CREATE TABLE "a.b".t (code text PRIMARY KEY, v text NOT NULL)`,
		`CREATE TABLE a."b.t" (code text PRIMARY KEY, v text NOT NULL)`,
		`INSERT INTO "a.b".t SELECT 'code-' || g, 'from "a.b".t' FROM generate_series(1, 120) g`,
		`INSERT INTO a."b.t" SELECT 'code-' || g, 'from a."b.t"' FROM generate_series(1, 130) g`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	endpoint, target := targetEnv(t)
	planPath := filepath.Join(t.TempDir(), "dots.yaml")
	prefix := fmt.Sprintf("dots%d_", time.Now().UnixNano()%1e9)
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "--table-prefix", prefix, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // target → the v of its source's rows
	rows := map[string]int{}
	for _, tb := range p.Tables {
		name, err := tb.SourceTable()
		if err != nil {
			t.Fatal(err)
		}
		switch name {
		case plans.TableName{Schema: "a.b", Name: "t"}:
			want[tb.Target], rows[tb.Target] = `from "a.b".t`, 120
		case plans.TableName{Schema: "a", Name: "b.t"}:
			want[tb.Target], rows[tb.Target] = `from a."b.t"`, 130
		default:
			t.Fatalf("unexpected source %q", tb.Source)
		}
	}
	if len(want) != 2 {
		t.Fatalf("plan sources %v, want the two tables", p.Tables)
	}
	code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)...)
	if code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	ddb := testenv.DynamoDBAt(endpoint)
	for tgt, v := range want {
		scan, err := ddb.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(tgt)})
		if err != nil {
			t.Fatal(err)
		}
		if len(scan.Items) != rows[tgt] {
			t.Errorf("%s holds %d items, want %d", tgt, len(scan.Items), rows[tgt])
		}
		for _, it := range scan.Items {
			if s, ok := it["v"].(*types.AttributeValueMemberS); !ok || s.Value != v {
				t.Fatalf("%s holds an item of another table: %v", tgt, it["v"])
			}
		}
	}
	code, out, errOut = runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...)
	if code != 0 || !strings.Contains(out, "no differences") {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
