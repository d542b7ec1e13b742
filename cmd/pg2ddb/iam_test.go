package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/follow"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/load"
	"github.com/pg2ddb/pg2ddb/s3load"
	"github.com/pg2ddb/pg2ddb/verify"
)

// methods are the DynamoDB calls an interface the code writes with
// declares: what the command behind it may call.
func methods[T any]() []string {
	t := reflect.TypeFor[T]()
	out := make([]string, t.NumMethod())
	for i := range out {
		out[i] = t.Method(i).Name
	}
	return out
}

var iamAction = regexp.MustCompile(`"(dynamodb|s3|logs):([A-Za-z0-9]+)"`)

// iamSections are the actions docs/iam.md lists per "## " section.
func iamSections(t *testing.T) map[string][]string {
	root, err := testenv.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "docs", "iam.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section = h
			continue
		}
		for _, m := range iamAction.FindAllStringSubmatch(line, -1) {
			out[section] = append(out[section], m[1]+":"+m[2])
		}
	}
	return out
}

// TestIAMDocNamesEveryCall keeps docs/iam.md's policies in step with the
// code: each command's policy allows every DynamoDB call of the interfaces
// its pipeline declares, and nothing else of DynamoDB.
func TestIAMDocNamesEveryCall(t *testing.T) {
	t.Parallel()
	doc := iamSections(t)
	for _, c := range []struct {
		section string
		calls   []string
	}{
		{"load", methods[load.Client]()},
		{"verify", methods[verify.ReadAPI]()},
		{"import", methods[s3load.ImportAPI]()},
		{"bulk-put", methods[s3load.BulkAPI]()},
		{"sync", append(methods[load.Client](), methods[follow.Client]()...)},
	} {
		var want []string
		for _, m := range c.calls {
			want = append(want, "dynamodb:"+m)
		}
		slices.Sort(want)
		want = slices.Compact(want)
		var got []string
		for _, a := range doc[c.section] {
			if strings.HasPrefix(a, "dynamodb:") {
				got = append(got, a)
			}
		}
		if c.section == "sync" {
			// sync's section refers to load's policy.
			got = doc["load"]
		}
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, want) {
			t.Errorf("docs/iam.md %s allows %v; the code calls %v", c.section, got, want)
		}
	}
	for _, s3 := range []string{"s3:PutObject", "s3:GetObject", "s3:ListBucket", "s3:DeleteObject"} {
		if !slices.Contains(doc["export"], s3) {
			t.Errorf("docs/iam.md export lacks %s", s3)
		}
	}
}
