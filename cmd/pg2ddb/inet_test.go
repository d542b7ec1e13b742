package main

import (
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// TestInetAndCidrAreWrittenAsPostgreSQLPrintsThem: a host inet is written
// without "/32" (or "/128"), a network inet and a cidr with their netmask,
// as psql shows them; verify agrees.
func TestInetAndCidrAreWrittenAsPostgreSQLPrintsThem(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	for _, q := range []string{
		`CREATE TABLE public.hosts (site text, n int, addr inet, net cidr, gw inet, PRIMARY KEY (site, n))`,
		`INSERT INTO public.hosts VALUES
		   ('s1', 1, '10.0.0.1', '10.1.0.0/16', '192.168.1.5'),
		   ('s1', 2, '10.0.0.2/24', '10.0.0.0/24', '::1'),
		   ('s2', 1, '2001:db8::7', '2001:db8::/32', '192.168.1.0/24')`,
		`ANALYZE public.hosts`,
	} {
		if _, err := db.Pool.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	sim, target := simTarget(t)
	planPath := filepath.Join(t.TempDir(), "hosts.yaml")
	if code, _, errOut := runCLI(t, "plan", "--source", db.URL, "-o", planPath); code != 0 {
		t.Fatalf("plan: exit %d: %s", code, errOut)
	}
	if code, out, errOut := runCLI(t, append([]string{"load", planPath, "--source", db.URL, "--progress", "none"}, target...)...); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, errOut)
	}
	p, err := plans.ReadFile(planPath)
	if err != nil {
		t.Fatal(err)
	}
	tb := p.Tables[0]
	scan, err := testenv.DynamoDBAt(sim.URL()).Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(tb.Target)})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, it := range scan.Items {
		for _, col := range []string{"addr", "net", "gw"} {
			if s, ok := it[col].(*types.AttributeValueMemberS); ok {
				got[col+"="+s.Value] = true
			}
		}
	}
	for _, want := range []string{"addr=10.0.0.1", "addr=10.0.0.2/24", "addr=2001:db8::7", "net=10.1.0.0/16", "net=10.0.0.0/24",
		"net=2001:db8::/32", "gw=192.168.1.5", "gw=::1", "gw=192.168.1.0/24"} {
		if !got[want] {
			t.Errorf("no item has %s; items have %v", want, got)
		}
	}
	if code, out, errOut := runCLI(t, append([]string{"verify", planPath, "--source", db.URL}, target...)...); code != 0 {
		t.Fatalf("verify: exit %d\n%s\n%s", code, out, errOut)
	}
}
