package mapping

import (
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
)

// blog is a small schema for the graph: posts reference authors by a
// declared foreign key, comments reference posts by name only
// (post_id beside posts.id), and tags are unique per post by a composite
// constraint.
func blog() (*catalog.Schema, *catalog.Profile) {
	s := &catalog.Schema{Database: "blog", Tables: []catalog.Table{
		{
			Schema: "public", Name: "authors", Kind: catalog.KindTable, Migratable: true,
			Columns:    []catalog.Column{col("id", "bigint", "N"), col("handle", "text", "S")},
			PrimaryKey: &catalog.Index{Name: "authors_pkey", Columns: []string{"id"}, Constraint: true},
			Uniques:    []catalog.Index{{Name: "authors_handle_key", Columns: []string{"handle"}, Constraint: true}},
		},
		{
			Schema: "public", Name: "posts", Kind: catalog.KindTable, Migratable: true,
			Columns:    []catalog.Column{col("id", "bigint", "N"), col("author_id", "bigint", "N"), col("slug", "text", "S")},
			PrimaryKey: &catalog.Index{Name: "posts_pkey", Columns: []string{"id"}, Constraint: true},
			Uniques:    []catalog.Index{{Name: "posts_author_slug_key", Columns: []string{"slug", "author_id"}, Constraint: true}},
			ForeignKeys: []catalog.ForeignKey{{Name: "posts_author_fkey", Columns: []string{"author_id"},
				RefSchema: "public", RefTable: "authors", RefColumns: []string{"id"}}},
		},
		{
			Schema: "public", Name: "comments", Kind: catalog.KindTable, Migratable: true,
			Columns: []catalog.Column{col("post_id", "bigint", "N"), col("author_id", "bigint", "N"), col("body", "text", "S")},
		},
	}}
	num := func(name string, distinct int64, lo, hi string) catalog.ColumnProfile {
		cp := prof(name, distinct, 1, 8)
		cp.Min, cp.Max = lo, hi
		return cp
	}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "authors", Rows: 10, Columns: []catalog.ColumnProfile{num("id", 10, "1", "10"), prof("handle", 10, 1, 8)}},
		{Schema: "public", Name: "posts", Rows: 100, Columns: []catalog.ColumnProfile{num("id", 100, "1", "100"), num("author_id", 10, "1", "10"), prof("slug", 90, 2, 8)}},
		// author_id holds values no author has: named like a reference,
		// but its values refute it.
		{Schema: "public", Name: "comments", Rows: 500, Columns: []catalog.ColumnProfile{num("post_id", 80, "1", "100"), num("author_id", 50, "1", "900"), prof("body", 500, 1, 40)}},
	}}
	return s, p
}

// TestSchemaGraph: the graph holds each table's declared keys, its
// declared references with the parent's side, and references inferred by
// name and values, each with its evidence; values that do not fit refute
// a name.
func TestSchemaGraph(t *testing.T) {
	s, p := blog()
	g := newSchemaGraph(s, p)
	authors, posts, comments := g.nodes["public.authors"], g.nodes["public.posts"], g.nodes["public.comments"]
	if len(posts.keys) != 2 || posts.keys[0].idx.Name != "posts_pkey" || posts.keys[1].idx.Name != "posts_author_slug_key" {
		t.Errorf("posts keys = %+v, want the primary key then the composite constraint", posts.keys)
	}
	r := posts.declaredReference("author_id")
	if r == nil || r.parent != "public.authors" || !r.surrogate || r.evidence != "foreign key posts_author_fkey" {
		t.Fatalf("posts.author_id reference = %+v, want the declared foreign key to authors' surrogate", r)
	}
	if len(authors.referencedBy) != 1 || authors.referencedBy[0] != r {
		t.Errorf("authors referenced by %v, want posts_author_fkey", authors.referencedBy)
	}
	if got := g.referencedByOthers(authors); got != "public.posts.author_id" {
		t.Errorf("referencedByOthers(authors) = %q", got)
	}
	in := comments.inferredReference("post_id")
	if in == nil || in.target() != "public.posts.id" || in.declared() || !strings.Contains(in.evidence, "named after its table") || !strings.Contains(in.evidence, "within the key's range") {
		t.Errorf("comments.post_id inferred reference = %+v, want posts.id by name and values", in)
	}
	if in := comments.inferredReference("author_id"); in != nil {
		t.Errorf("comments.author_id (values up to 900, authors.id up to 10) inferred as %+v, want none: its values refute the name", in)
	}
	if comments.declaredReference("post_id") != nil {
		t.Error("comments.post_id is not declared")
	}
}
