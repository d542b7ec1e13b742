package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// TestMakefileRunsEveryLongTest: make test runs the long tests in a step of
// their own, named by the Makefile's LONG_TESTS, in the packages its
// LONG_PKGS lists; a test that calls testenv.Long and is missing from that
// list, or whose package is, would run in neither step (the first skips it
// under -short), and a name in the list that is not a long test would run
// twice or not at all. Each of QUIET_TESTS, which the race step leaves
// to a step of their own, is a test of QUIET_PKGS.
func TestMakefileRunsEveryLongTest(t *testing.T) {
	t.Parallel()
	root, err := testenv.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^LONG_TESTS := (.*)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("Makefile: no LONG_TESTS line")
	}
	listed := strings.Split(strings.TrimSpace(string(m[1])), "|")
	slices.Sort(listed)
	pm := regexp.MustCompile(`(?m)^LONG_PKGS := (.*)$`).FindSubmatch(mk)
	if pm == nil {
		t.Fatal("Makefile: no LONG_PKGS line")
	}
	listedPkgs := strings.Fields(string(pm[1]))
	slices.Sort(listedPkgs)

	qm := regexp.MustCompile(`(?m)^QUIET_TESTS := (.*)$`).FindSubmatch(mk)
	qpm := regexp.MustCompile(`(?m)^QUIET_PKGS := (.*)$`).FindSubmatch(mk)
	if qm == nil || qpm == nil {
		t.Fatal("Makefile: no QUIET_TESTS or QUIET_PKGS line")
	}
	quietPkgs := strings.Fields(string(qpm[1]))

	var long, longPkgs []string
	testPkg := map[string][]string{} // test name → the packages that have it
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Test") {
				continue
			}
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			pkg := "./" + filepath.ToSlash(rel)
			testPkg[fn.Name.Name] = append(testPkg[fn.Name.Name], pkg)
			if callsLong(fn.Body) {
				long = append(long, fn.Name.Name)
				longPkgs = append(longPkgs, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(long)
	long = slices.Compact(long)
	if len(long) == 0 {
		t.Fatal("no test calls testenv.Long: the parser missed them")
	}
	if !slices.Equal(listed, long) {
		t.Errorf("Makefile LONG_TESTS:\n  %s\ntests that call testenv.Long:\n  %s", strings.Join(listed, "|"), strings.Join(long, "|"))
	}
	slices.Sort(longPkgs)
	longPkgs = slices.Compact(longPkgs)
	if !slices.Equal(listedPkgs, longPkgs) {
		t.Errorf("Makefile LONG_PKGS:\n  %s\npackages with tests that call testenv.Long:\n  %s", strings.Join(listedPkgs, " "), strings.Join(longPkgs, " "))
	}
	// The race step skips QUIET_TESTS and the quiet step runs them in
	// QUIET_PKGS: a name that is no test there would run in neither.
	for _, name := range strings.Split(strings.TrimSpace(string(qm[1])), "|") {
		if !slices.ContainsFunc(testPkg[name], func(p string) bool { return slices.Contains(quietPkgs, p) }) {
			t.Errorf("Makefile QUIET_TESTS names %s, which is no test in QUIET_PKGS (%s)", name, strings.Join(quietPkgs, " "))
		}
		if slices.Contains(long, name) {
			t.Errorf("Makefile QUIET_TESTS names %s, a long test", name)
		}
	}
}

// callsLong reports whether body calls testenv.Long.
func callsLong(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if s, ok := c.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "Long" {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == "testenv" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
