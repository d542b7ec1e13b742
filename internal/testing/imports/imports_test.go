// Package imports holds the test of the house rules: which packages may
// import what. It reads the import graph with `go list`, so a rule broken
// anywhere in the module fails here, named.
package imports

import (
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/pg2ddb/pg2ddb"

type pkg struct {
	ImportPath string
	Imports    []string // direct, non-test
	Deps       []string // transitive, non-test
}

// packages lists every package of the module with its imports.
func packages(t *testing.T) map[string]pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps=false", "-json", module+"/...")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	all := map[string]pkg{}
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		all[strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")] = p
	}
	if len(all) < 10 {
		t.Fatalf("go list found %d packages", len(all))
	}
	return all
}

func own(path string) (string, bool) {
	if path == module {
		return "", true
	}
	if rest, ok := strings.CutPrefix(path, module+"/"); ok {
		return rest, true
	}
	return "", false
}

// TestPureLayersImportNoDriverNorSDK: the layers that decide and describe
// (the catalog model, mapping, the write order, codec, the plan document)
// never depend on the PostgreSQL driver or the AWS SDK.
func TestPureLayersImportNoDriverNorSDK(t *testing.T) {
	all := packages(t)
	for _, name := range []string{"catalog", "mapping", "order", "spill", "codec", "plans", "internal/placement"} {
		p, ok := all[name]
		if !ok {
			t.Errorf("package %s not found", name)
			continue
		}
		for _, d := range p.Deps {
			if strings.HasPrefix(d, "github.com/jackc/") || strings.HasPrefix(d, "github.com/aws/") {
				t.Errorf("%s depends on %s", name, d)
				break
			}
		}
	}
}

// TestPlansImportNothingOfTheProject: the plan document is the leaf every
// stage reads.
func TestPlansImportNothingOfTheProject(t *testing.T) {
	for _, d := range packages(t)["plans"].Deps {
		if _, ok := own(d); ok {
			t.Errorf("plans depends on %s", d)
		}
	}
}

// TestTestInstrumentsStayInTests: only tests, the simulator's command and
// the benchmark import internal/testing/*, so the shipped binary links no
// simulator.
func TestTestInstrumentsStayInTests(t *testing.T) {
	for name, p := range packages(t) {
		if strings.HasPrefix(name, "internal/testing/") || name == "cmd/ddbsim" || strings.HasPrefix(name, "cmd/bench") {
			continue
		}
		for _, imp := range p.Imports {
			if rest, ok := own(imp); ok && strings.HasPrefix(rest, "internal/testing/") {
				t.Errorf("%s imports %s", name, rest)
			}
		}
	}
	for _, d := range packages(t)["cmd/pg2ddb"].Deps {
		if rest, ok := own(d); ok && strings.HasPrefix(rest, "internal/testing/") {
			t.Errorf("the pg2ddb binary links %s", rest)
		}
	}
}

// TestPipelinesDoNotImportEachOther: each pipeline that writes or reads
// DynamoDB stands on the shared packages, never on another pipeline.
func TestPipelinesDoNotImportEachOther(t *testing.T) {
	all := packages(t)
	pipelines := []string{"load", "s3load", "verify", "follow"}
	for _, name := range pipelines {
		p, ok := all[name]
		if !ok {
			t.Errorf("pipeline %s not found", name)
			continue
		}
		for _, d := range p.Deps {
			if rest, ok := own(d); ok && rest != name && slices.Contains(pipelines, rest) {
				t.Errorf("%s depends on %s", name, rest)
			}
		}
	}
}
