package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// documented is one declaration with a doc comment.
type documented struct {
	pos   token.Position
	name  string // the declared name
	first string // the doc comment's first word
}

// TestDocCommentsNameTheirDeclaration fails for every doc comment whose
// first word is the name of another declaration of the same package (a
// comment left behind by a rename, or copied from its neighbour).
func TestDocCommentsNameTheirDeclaration(t *testing.T) {
	t.Parallel()
	root, err := testenv.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	// Per directory and package name: the top-level names, and the
	// documented declarations.
	names := map[string]map[string]bool{}
	docs := map[string][]documented{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg := filepath.Dir(path) + " " + f.Name.Name
		if names[pkg] == nil {
			names[pkg] = map[string]bool{}
		}
		add := func(n *ast.Ident, doc *ast.CommentGroup) {
			names[pkg][n.Name] = true
			if doc == nil {
				return
			}
			first, _, _ := strings.Cut(strings.TrimSpace(doc.Text()), " ")
			docs[pkg] = append(docs[pkg], documented{fset.Position(doc.Pos()), n.Name, first})
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				add(decl.Name, decl.Doc)
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					doc := decl.Doc
					if len(decl.Specs) > 1 || decl.Lparen.IsValid() {
						doc = nil
					}
					switch spec := spec.(type) {
					case *ast.TypeSpec:
						if spec.Doc != nil {
							doc = spec.Doc
						}
						add(spec.Name, doc)
					case *ast.ValueSpec:
						if spec.Doc != nil {
							doc = spec.Doc
						}
						for _, n := range spec.Names {
							if len(spec.Names) == 1 {
								add(n, doc)
							} else {
								add(n, nil)
							}
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for pkg, ds := range docs {
		for _, d := range ds {
			if d.first != d.name && ident.MatchString(d.first) && names[pkg][d.first] {
				rel, _ := filepath.Rel(root, d.pos.Filename)
				bad = append(bad, rel+":"+strconv.Itoa(d.pos.Line)+": the doc comment of "+d.name+" starts with "+d.first+", another declaration")
			}
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
}
