package mapping

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	if in == nil || in.target() != "public.posts.id" || in.declared() || !strings.Contains(in.evidence, "named after its table") || !strings.Contains(in.evidence, "values fit the key's") {
		t.Errorf("comments.post_id inferred reference = %+v, want posts.id by name and values", in)
	}
	if in := comments.inferredReference("author_id"); in != nil {
		t.Errorf("comments.author_id (values up to 900, authors.id up to 10) inferred as %+v, want none: its values refute the name", in)
	}
	if comments.declaredReference("post_id") != nil {
		t.Error("comments.post_id is not declared")
	}
}

// serialCol is a bigint fed by its table's sequence.
func serialCol(name, table string) catalog.Column {
	c := col(name, "bigint", "N")
	c.Sequence = "public." + table + "_" + name + "_seq"
	return c
}

// tableOf is a migratable table of schema public.
func tableOf(name string, cols []catalog.Column, pk []string, fks ...catalog.ForeignKey) catalog.Table {
	t := catalog.Table{Schema: "public", Name: name, Kind: catalog.KindTable, Migratable: true, Columns: cols, ForeignKeys: fks}
	if pk != nil {
		t.PrimaryKey = &catalog.Index{Name: name + "_pkey", Columns: pk, Constraint: true}
	}
	return t
}

func fkTo(name, column, parent string) catalog.ForeignKey {
	return catalog.ForeignKey{Name: name, Columns: []string{column}, RefSchema: "public", RefTable: parent, RefColumns: []string{"id"}}
}

// designTable designs s and returns the named table's keys and the
// partition key's first reason.
func designTable(t *testing.T, s *catalog.Schema, p *catalog.Profile, name string) (pk, sk []string, why string) {
	t.Helper()
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range plan.Tables {
		if pt := &plan.Tables[i]; pt.Source == "public."+name {
			return partColumns(&pt.PartitionKey), partColumns(pt.SortKey), pt.PartitionKey.Why[0]
		}
	}
	t.Fatalf("%s not planned", name)
	return nil, nil, ""
}

// TestCoarserOwnerOverUnindexedReference: a board's tasks reference their
// project (indexed, 40 values for 6,000 rows) and their current column
// (178 values, indexed nowhere), and each column belongs to a project by
// UNIQUE(title, project_id). The project owns the tasks — it owns the
// column too — and is no classification for its few values; the column,
// which the source never reads tasks by, is no owner.
func TestCoarserOwnerOverUnindexedReference(t *testing.T) {
	s := &catalog.Schema{Database: "board", Tables: []catalog.Table{
		tableOf("projects", []catalog.Column{serialCol("id", "projects"), col("name", "text", "S")}, []string{"id"}),
		tableOf("columns", []catalog.Column{serialCol("id", "columns"), col("project_id", "bigint", "N"), col("title", "text", "S")}, []string{"id"},
			fkTo("columns_project_fkey", "project_id", "projects")),
		tableOf("tasks", []catalog.Column{serialCol("id", "tasks"), col("project_id", "bigint", "N"), col("column_id", "bigint", "N"), col("title", "text", "S")}, []string{"id"},
			fkTo("tasks_project_fkey", "project_id", "projects"), fkTo("tasks_column_fkey", "column_id", "columns")),
	}}
	s.Tables[1].Uniques = []catalog.Index{{Name: "columns_title_project_key", Columns: []string{"title", "project_id"}, Constraint: true}}
	s.Tables[2].Indexes = []catalog.Index{{Name: "tasks_project_idx", Columns: []string{"project_id"}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "projects", Rows: 40, Columns: []catalog.ColumnProfile{prof("id", 40, 1, 8), prof("name", 40, 1, 12)}},
		{Schema: "public", Name: "columns", Rows: 178, Columns: []catalog.ColumnProfile{prof("id", 178, 1, 8), prof("project_id", 40, 6, 8), prof("title", 6, 40, 10)}},
		{Schema: "public", Name: "tasks", Rows: 6000, Columns: []catalog.ColumnProfile{prof("id", 6000, 1, 8), prof("project_id", 40, 400, 8), prof("column_id", 178, 90, 8), prof("title", 542, 34, 20)}},
	}}
	pk, _, why := designTable(t, s, p, "tasks")
	if !slices.Equal(pk, []string{"project_id"}) || !strings.Contains(why, RuleCoarserOwner) {
		t.Errorf("tasks pk = %v (%s), want project_id by rule %s", pk, why, RuleCoarserOwner)
	}
}

// TestUnindexedReferenceKeepsReferencedKey: a node's only reference is its
// last edit's changeset, which the source indexes nowhere while it indexes
// the node's tile and time; the node's serial id is what other tables
// reference. The changeset changes on every edit: the id stays the key.
func TestUnindexedReferenceKeepsReferencedKey(t *testing.T) {
	s := &catalog.Schema{Database: "map", Tables: []catalog.Table{
		tableOf("nodes", []catalog.Column{serialCol("id", "nodes"), col("changeset_id", "bigint", "N"), col("tile", "bigint", "N"), col("seen_at", "timestamp without time zone", "D")}, []string{"id"},
			fkTo("nodes_changeset_fkey", "changeset_id", "changesets")),
		tableOf("changesets", []catalog.Column{serialCol("id", "changesets"), col("user_id", "bigint", "N")}, []string{"id"}),
		tableOf("node_tags", []catalog.Column{col("node_id", "bigint", "N"), col("k", "text", "S")}, []string{"node_id", "k"},
			fkTo("node_tags_node_fkey", "node_id", "nodes")),
	}}
	s.Tables[0].Indexes = []catalog.Index{{Name: "nodes_tile_idx", Columns: []string{"tile"}}, {Name: "nodes_seen_idx", Columns: []string{"seen_at"}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "nodes", Rows: 5000, Columns: []catalog.ColumnProfile{prof("id", 5000, 1, 8), prof("changeset_id", 1900, 12, 8), prof("tile", 4673, 3, 8), prof("seen_at", 4990, 2, 8)}},
		{Schema: "public", Name: "changesets", Rows: 2000, Columns: []catalog.ColumnProfile{prof("id", 2000, 1, 8), prof("user_id", 300, 40, 8)}},
		{Schema: "public", Name: "node_tags", Rows: 9000, Columns: []catalog.ColumnProfile{prof("node_id", 4000, 9, 8), prof("k", 30, 900, 8)}},
	}}
	pk, _, why := designTable(t, s, p, "nodes")
	if !slices.Equal(pk, []string{"id"}) {
		t.Errorf("nodes pk = %v (%s), want the referenced id: the changeset is indexed nowhere", pk, why)
	}
}

// TestEpochTimeOrdersSortKey: a bigint named as a date that holds Unix
// seconds orders a parent's rows like a timestamp (rule epoch-time): the
// moves of a task come back by date, the id ending the key; a bigint
// named as a date dimension's surrogate (date_sk) is no time.
func TestEpochTimeOrdersSortKey(t *testing.T) {
	epoch := func(name string, distinct int64, lo, hi string) catalog.ColumnProfile {
		cp := prof(name, distinct, 2, 8)
		cp.Min, cp.Max = lo, hi
		return cp
	}
	s := &catalog.Schema{Database: "board", Tables: []catalog.Table{
		tableOf("moves", []catalog.Column{serialCol("id", "moves"), col("task_id", "bigint", "N"), col("date", "bigint", "N"), col("dst_column_id", "bigint", "N")}, []string{"id"},
			fkTo("moves_task_fkey", "task_id", "tasks")),
		tableOf("tasks", []catalog.Column{serialCol("id", "tasks"), col("title", "text", "S")}, []string{"id"}),
	}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "moves", Rows: 9650, Columns: []catalog.ColumnProfile{prof("id", 9650, 1, 8), prof("task_id", 6000, 5, 8), epoch("date", 9600, "1600000000", "1700000000"), prof("dst_column_id", 178, 300, 8)}},
		{Schema: "public", Name: "tasks", Rows: 6000, Columns: []catalog.ColumnProfile{prof("id", 6000, 1, 8), prof("title", 542, 34, 20)}},
	}}
	chk := &fakeChecker{unique: [][]string{{"task_id", "date"}, {"task_id", "dst_column_id"}}}
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"task_id"}) || len(sk) == 0 || sk[0] != "date" {
		t.Errorf("moves = %v / %v, want task_id / date first", pk, sk)
	}
	sk := col("d_date_sk", "bigint", "N")
	if epochTime("store_sales", &sk, &catalog.ColumnProfile{Min: "2450000000"}) {
		t.Error("d_date_sk taken for a time: a surrogate of a date dimension is an identifier")
	}
}

// TestJunctionIndexOrder: a unique index (not a constraint) of two
// references is how the application reads the pairs, so its leading
// reference owns them even though the table is named after the other; a
// second composite index in the other order makes the order no evidence,
// and the table's name decides again.
func TestJunctionIndexOrder(t *testing.T) {
	build := func(reverse bool) (*catalog.Schema, *catalog.Profile) {
		s := &catalog.Schema{Database: "social", Tables: []catalog.Table{
			tableOf("status_pins", []catalog.Column{serialCol("id", "status_pins"), col("account_id", "bigint", "N"), col("status_id", "bigint", "N")}, []string{"id"},
				fkTo("pins_account_fkey", "account_id", "accounts"), fkTo("pins_status_fkey", "status_id", "statuses")),
			tableOf("accounts", []catalog.Column{serialCol("id", "accounts")}, []string{"id"}),
			tableOf("statuses", []catalog.Column{serialCol("id", "statuses")}, []string{"id"}),
		}}
		s.Tables[0].Uniques = []catalog.Index{{Name: "pins_account_status_idx", Columns: []string{"account_id", "status_id"}}}
		s.Tables[0].Indexes = []catalog.Index{{Name: "pins_status_idx", Columns: []string{"status_id"}}}
		if reverse {
			s.Tables[0].Indexes[0].Columns = []string{"status_id", "account_id"}
		}
		p := &catalog.Profile{Tables: []catalog.TableProfile{
			{Schema: "public", Name: "status_pins", Rows: 400, Columns: []catalog.ColumnProfile{prof("id", 400, 1, 8), prof("account_id", 150, 9, 8), prof("status_id", 400, 1, 8)}},
			{Schema: "public", Name: "accounts", Rows: 2000, Columns: []catalog.ColumnProfile{prof("id", 2000, 1, 8)}},
			{Schema: "public", Name: "statuses", Rows: 9000, Columns: []catalog.ColumnProfile{prof("id", 9000, 1, 8)}},
		}}
		return s, p
	}
	s, p := build(false)
	if pk, sk, why := designTable(t, s, p, "status_pins"); !slices.Equal(pk, []string{"account_id"}) || !slices.Equal(sk, []string{"status_id"}) || !strings.Contains(why, RuleJunctionIndexOrder) {
		t.Errorf("status_pins = %v / %v (%s), want account_id / status_id by %s", pk, sk, why, RuleJunctionIndexOrder)
	}
	s, p = build(true)
	if pk, _, why := designTable(t, s, p, "status_pins"); !slices.Equal(pk, []string{"status_id"}) {
		t.Errorf("status_pins with a reverse composite index = %v (%s), want status_id: the table is named after it", pk, why)
	}
}

// TestInheritedDensity: a settings row per user, keyed by its own serial
// id, with user_id unique (an index) and a declared reference to users.
// user_id is dense in the data only because it carries the users'
// numbering, one row each: it is the row's identity beside the surrogate,
// not a sequence of the table's own.
func TestInheritedDensity(t *testing.T) {
	s := &catalog.Schema{Database: "social", Tables: []catalog.Table{
		tableOf("web_settings", []catalog.Column{serialCol("id", "web_settings"), col("user_id", "bigint", "N"), col("data", "text", "S")}, []string{"id"},
			fkTo("web_settings_user_fkey", "user_id", "users")),
		tableOf("users", []catalog.Column{serialCol("id", "users")}, []string{"id"}),
	}}
	s.Tables[0].Uniques = []catalog.Index{{Name: "web_settings_user_idx", Columns: []string{"user_id"}}}
	userID := prof("user_id", 800, 1, 8)
	userID.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, Evidence: []string{"dense monotonic: 800 distinct of 800 rows"}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "web_settings", Rows: 800, Columns: []catalog.ColumnProfile{prof("id", 800, 1, 8), userID, prof("data", 700, 5, 200)}},
		{Schema: "public", Name: "users", Rows: 800, Columns: []catalog.ColumnProfile{prof("id", 800, 1, 8)}},
	}}
	if pk, _, why := designTable(t, s, p, "web_settings"); !slices.Equal(pk, []string{"user_id"}) || !strings.Contains(why, RuleAlternateNaturalKey) {
		t.Errorf("web_settings pk = %v (%s), want user_id by %s", pk, why, RuleAlternateNaturalKey)
	}
}

// TestOptionalPart: a poll belongs to its status (NOT NULL status_id, one
// poll per status), and the status points back at its poll from a column
// most statuses leave empty: the poll is an optional part of the status,
// which owns it, not a 1:1 link ranked below the poll's author.
func TestOptionalPart(t *testing.T) {
	statusPoll := col("poll_id", "bigint", "N")
	statusPoll.NotNull = false
	s := &catalog.Schema{Database: "social", Tables: []catalog.Table{
		tableOf("polls", []catalog.Column{serialCol("id", "polls"), col("account_id", "bigint", "N"), col("status_id", "bigint", "N")}, []string{"id"},
			fkTo("polls_account_fkey", "account_id", "accounts"), fkTo("polls_status_fkey", "status_id", "statuses")),
		tableOf("accounts", []catalog.Column{serialCol("id", "accounts")}, []string{"id"}),
		tableOf("statuses", []catalog.Column{serialCol("id", "statuses"), col("account_id", "bigint", "N"), statusPoll}, []string{"id"},
			fkTo("statuses_account_fkey", "account_id", "accounts")),
	}}
	s.Tables[0].Indexes = []catalog.Index{{Name: "polls_account_idx", Columns: []string{"account_id"}}, {Name: "polls_status_idx", Columns: []string{"status_id"}}}
	pollID := prof("poll_id", 300, 1, 8)
	pollID.Nulls = 8700
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "polls", Rows: 300, Columns: []catalog.ColumnProfile{prof("id", 300, 1, 8), prof("account_id", 200, 4, 8), prof("status_id", 300, 1, 8)}},
		{Schema: "public", Name: "accounts", Rows: 2000, Columns: []catalog.ColumnProfile{prof("id", 2000, 1, 8)}},
		{Schema: "public", Name: "statuses", Rows: 9000, Columns: []catalog.ColumnProfile{prof("id", 9000, 1, 8), prof("account_id", 1600, 150, 8), pollID}},
	}}
	if pk, _, why := designTable(t, s, p, "polls"); !slices.Equal(pk, []string{"status_id"}) || !strings.Contains(why, RuleOptionalPart) {
		t.Errorf("polls pk = %v (%s), want status_id by %s", pk, why, RuleOptionalPart)
	}
}

// TestInferredTextReferenceComparesValues: a text column named after a
// text key counts as a reference only when its values are shown to fit:
// by bounds that compare as bytes (one-case ASCII codes), or by the key's
// full list of values. Mixed-case text, or text without a profile, fits
// nothing merely by being text.
func TestInferredTextReferenceComparesValues(t *testing.T) {
	build := func(child catalog.ColumnProfile, key catalog.ColumnProfile, profiled bool) *tableNode {
		s := &catalog.Schema{Database: "shop", Tables: []catalog.Table{
			tableOf("shipments", []catalog.Column{col("carrier_code", "text", "S")}, nil),
			tableOf("carriers", []catalog.Column{col("carrier_code", "text", "S")}, []string{"carrier_code"}),
		}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{
			{Schema: "public", Name: "shipments", Rows: 1000, Columns: []catalog.ColumnProfile{child}},
			{Schema: "public", Name: "carriers", Rows: key.Distinct, Columns: []catalog.ColumnProfile{key}},
		}}
		if !profiled {
			p = nil
		}
		return newSchemaGraph(s, p).nodes["public.shipments"]
	}
	text := func(distinct int64, lo, hi string, top ...string) catalog.ColumnProfile {
		cp := catalog.ColumnProfile{Name: "carrier_code", Distinct: distinct, Min: lo, Max: hi}
		for _, v := range top {
			cp.TopValues = append(cp.TopValues, catalog.ValueCount{Value: v, Count: 1})
		}
		return cp
	}
	for _, tc := range []struct {
		name       string
		child, key catalog.ColumnProfile
		profiled   bool
		want       bool
	}{
		{"codes inside the key's range", text(3, "DHL", "UPS", "DHL", "UPS", "FDX"), text(20, "ACE", "ZTO"), true, true},
		{"codes outside the key's range", text(3, "AAA", "UPS", "AAA"), text(20, "ACE", "ZTO"), true, false},
		{"mixed case: bounds do not compare", text(3, "Dhl", "ups", "Dhl"), text(20, "Ace", "zto"), true, false},
		{"mixed case, the key's every value listed", text(2, "Dhl", "ups", "Dhl", "ups"), text(3, "Ace", "zto", "Ace", "Dhl", "ups"), true, true},
		{"mixed case, a value the key lacks", text(2, "Dhl", "ups", "Dhl", "UPS"), text(3, "Ace", "zto", "Ace", "Dhl", "ups"), true, false},
		{"not profiled", text(3, "DHL", "UPS"), text(20, "ACE", "ZTO"), false, false},
	} {
		n := build(tc.child, tc.key, tc.profiled)
		if got := n.inferredReference("carrier_code") != nil; got != tc.want {
			t.Errorf("%s: inferred = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDeclaredScopeTiebreak: custom emojis are unique by (shortcode,
// domain), the domain NULL for the server's own: the shortcode is the
// partition key and the serial id, not a creation time unique by chance,
// completes it.
func TestDeclaredScopeTiebreak(t *testing.T) {
	domain := col("domain", "text", "S")
	domain.NotNull = false
	s := &catalog.Schema{Database: "social", Tables: []catalog.Table{
		tableOf("custom_emojis", []catalog.Column{serialCol("id", "custom_emojis"), col("shortcode", "text", "S"), domain, col("created_at", "timestamp without time zone", "D")}, []string{"id"}),
	}}
	s.Tables[0].Uniques = []catalog.Index{{Name: "emojis_shortcode_domain_idx", Columns: []string{"shortcode", "domain"}}}
	dom := prof("domain", 20, 40, 12)
	dom.Nulls = 42
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "custom_emojis", Rows: 298, Columns: []catalog.ColumnProfile{prof("id", 298, 1, 8), prof("shortcode", 200, 5, 12), dom, prof("created_at", 298, 1, 8)}},
	}}
	chk := &fakeChecker{unique: [][]string{{"shortcode", "created_at"}}}
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"shortcode"}) || !slices.Equal(sk, []string{"id"}) {
		t.Errorf("custom_emojis = %v / %v, want shortcode / id", pk, sk)
	}
}

// TestLookupNotIdentity: map notes keyed by a serial id that comments
// reference, with a quadtile the source indexes (tile, status): the tile
// has no evidence but the index, so it is a lookup, and the referenced id
// stays the key.
func TestLookupNotIdentity(t *testing.T) {
	s := &catalog.Schema{Database: "map", Tables: []catalog.Table{
		tableOf("notes", []catalog.Column{serialCol("id", "notes"), col("tile", "bigint", "N"), col("status", "text", "S"), col("created_at", "timestamp without time zone", "D")}, []string{"id"}),
		tableOf("note_comments", []catalog.Column{serialCol("id", "note_comments"), col("note_id", "bigint", "N")}, []string{"id"},
			fkTo("note_comments_note_fkey", "note_id", "notes")),
	}}
	s.Tables[0].Indexes = []catalog.Index{{Name: "notes_tile_status_idx", Columns: []string{"tile", "status"}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "notes", Rows: 600, Columns: []catalog.ColumnProfile{prof("id", 600, 1, 8), prof("tile", 590, 2, 8), prof("status", 3, 300, 6), prof("created_at", 600, 1, 8)}},
		{Schema: "public", Name: "note_comments", Rows: 1500, Columns: []catalog.ColumnProfile{prof("id", 1500, 1, 8), prof("note_id", 590, 8, 8)}},
	}}
	pk, _, why := designTable(t, s, p, "notes")
	if !slices.Equal(pk, []string{"id"}) {
		t.Errorf("notes pk = %v (%s), want the referenced id", pk, why)
	}
}

// TestRulesDocumented: every rule of the decision list, and every sort key
// rule a why cites, is described in docs/key-design.md under its name, so
// the page and the code state the same list.
func TestRulesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "key-design.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range append(slices.Clone(KeyRules), RuleEpochTime, RuleDeclaredScopeTiebreak, RuleOrdinalPosition, RuleReferenceTiebreak, RuleMirroredReferenceOrder, RuleKindBeforeTime, RuleListedOrder) {
		if !strings.Contains(string(doc), "`"+rule+"`") {
			t.Errorf("rule %s is not described in docs/key-design.md", rule)
		}
	}
}

// TestListedKeyOwner: article_reactions is keyed (member_id, article_id)
// and named after the article, but the source lists a member's reactions
// in two ordinary indexes of several columns (starred ones, newest first)
// and an article's only by a one-column index: the member owns the rows
// (rule listed-key-owner), the article is the sort key. With one such
// index the name decides, as before.
func TestListedKeyOwner(t *testing.T) {
	rows := int64(8_000)
	build := func(listed int) (*catalog.Schema, *catalog.Profile) {
		tbl := tableOf("article_reactions", []catalog.Column{col("member_id", "bigint", "N"), col("article_id", "bigint", "N"), col("reacted_at", "timestamp with time zone", "D")},
			[]string{"member_id", "article_id"}, fkTo("reactions_member_fkey", "member_id", "members"), fkTo("reactions_article_fkey", "article_id", "articles"))
		tbl.Indexes = []catalog.Index{{Name: "reactions_article", Columns: []string{"article_id"}}}
		for i := range listed {
			tbl.Indexes = append(tbl.Indexes, catalog.Index{Name: fmt.Sprintf("reactions_member_%d", i), Columns: []string{"member_id", "reacted_at"}, Predicate: "(reacted_at IS NOT NULL)"})
		}
		members := tableOf("members", []catalog.Column{serialCol("id", "members")}, []string{"id"})
		articles := tableOf("articles", []catalog.Column{serialCol("id", "articles")}, []string{"id"})
		members.Migratable, articles.Migratable = false, false
		s := &catalog.Schema{Tables: []catalog.Table{tbl, members, articles}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "article_reactions", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("member_id", 1_500, 30, 6), prof("article_id", 2_500, 40, 6), prof("reacted_at", rows, 1, 22),
		}}}}
		return s, p
	}
	s, p := build(2)
	pk, sk, why := designTable(t, s, p, "article_reactions")
	if !slices.Equal(pk, []string{"member_id"}) || !slices.Equal(sk, []string{"article_id"}) || !strings.Contains(why, RuleListedKeyOwner) {
		t.Errorf("two member indexes: pk %v sk %v why %q, want member_id / article_id by %s", pk, sk, why, RuleListedKeyOwner)
	}
	s, p = build(1)
	if pk, _, _ := designTable(t, s, p, "article_reactions"); !slices.Equal(pk, []string{"article_id"}) {
		t.Errorf("one member index: pk %v, want article_id, which the table is named after", pk)
	}
}

// TestMadeIDOwner: events keyed by an id that a function of the database
// makes (DEFAULT make_event_id(), no sequence the catalog shows), listed by
// their mandatory stream in an index (stream_id, id DESC): the stream is
// the partition key and the id the sort key (rule made-id-owner), not the
// id alone as an identifier unique in the data. A default that reads the
// clock is a time, no made id, and an id nothing lists by an owner stays
// the key.
func TestMadeIDOwner(t *testing.T) {
	rows := int64(6_000)
	build := func(def string, listed bool) (*catalog.Schema, *catalog.Profile) {
		id := col("id", "bigint", "N")
		id.Default = def
		tbl := tableOf("events", []catalog.Column{id, col("stream_id", "bigint", "N"), col("body", "text", "S")},
			[]string{"id"}, fkTo("events_stream_fkey", "stream_id", "streams"))
		tbl.Indexes = []catalog.Index{{Name: "events_stream", Columns: []string{"stream_id"}}}
		if listed {
			tbl.Indexes = append(tbl.Indexes, catalog.Index{Name: "events_stream_id", Columns: []string{"stream_id", "id"}})
		}
		streams := tableOf("streams", []catalog.Column{serialCol("id", "streams")}, []string{"id"})
		streams.Migratable = false
		s := &catalog.Schema{Tables: []catalog.Table{tbl, streams}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "events", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("id", rows, 1, 8), prof("stream_id", 900, 40, 6), prof("body", rows, 1, 80),
		}}}}
		return s, p
	}
	s, p := build("make_event_id('events'::text)", true)
	pk, sk, why := designTable(t, s, p, "events")
	if !slices.Equal(pk, []string{"stream_id"}) || !slices.Equal(sk, []string{"id"}) || !strings.Contains(why, RuleMadeIDOwner) {
		t.Errorf("made id listed by stream: pk %v sk %v why %q, want stream_id / id by %s", pk, sk, why, RuleMadeIDOwner)
	}
	for name, def := range map[string]string{"clock default": "(date_part('epoch'::text, now()) * 1000)::bigint"} {
		s, p := build(def, true)
		if pk, _, why := designTable(t, s, p, "events"); strings.Contains(why, RuleMadeIDOwner) {
			t.Errorf("%s: pk %v why %q, want no %s", name, pk, why, RuleMadeIDOwner)
		}
	}
	s, p = build("make_event_id('events'::text)", false)
	if pk, _, why := designTable(t, s, p, "events"); strings.Contains(why, RuleMadeIDOwner) {
		t.Errorf("made id listed by nothing: pk %v why %q, want no %s", pk, why, RuleMadeIDOwner)
	}
}

// TestRandomIDYields: chapters keyed by a serial, each with a public uuid
// the application makes (UNIQUE, no default) and UNIQUE (book_id,
// position): the book owns its chapters in order, the uuid finds one
// chapter and stays a lookup (rule random-id-yields). Without the
// composite key the uuid is the identity, as before.
func TestRandomIDYields(t *testing.T) {
	rows := int64(3_000)
	build := func(composite bool) (*catalog.Schema, *catalog.Profile) {
		tbl := tableOf("chapters", []catalog.Column{serialCol("id", "chapters"), col("book_id", "bigint", "N"), col("position", "integer", "N"), col("public_id", "uuid", "U")},
			[]string{"id"}, fkTo("chapters_book_fkey", "book_id", "books"))
		tbl.Uniques = []catalog.Index{{Name: "chapters_public_id", Columns: []string{"public_id"}}}
		if composite {
			tbl.Uniques = append(tbl.Uniques, catalog.Index{Name: "chapters_book_position", Columns: []string{"book_id", "position"}, Constraint: true})
		}
		books := tableOf("books", []catalog.Column{serialCol("id", "books")}, []string{"id"})
		books.Migratable = false
		id := prof("id", rows, 1, 4)
		id.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('chapters_id_seq'::regclass)"}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "chapters", Rows: rows, Columns: []catalog.ColumnProfile{
			id, prof("book_id", 400, 12, 6), prof("position", 12, 400, 4), prof("public_id", rows, 1, 36),
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{tbl, books}}, p
	}
	s, p := build(true)
	pk, sk, why := designTable(t, s, p, "chapters")
	if !slices.Equal(pk, []string{"book_id"}) || !slices.Equal(sk, []string{"position"}) || !strings.Contains(why, RuleRandomIDYields) {
		t.Errorf("uuid beside (book_id, position): pk %v sk %v why %q, want book_id / position by %s", pk, sk, why, RuleRandomIDYields)
	}
	s, p = build(false)
	if pk, _, _ := designTable(t, s, p, "chapters"); !slices.Equal(pk, []string{"public_id"}) {
		t.Errorf("uuid alone: pk %v, want public_id", pk)
	}
}

// TestReferenceTiebreak: surveys keyed by a serial belong to their post by
// a mandatory reference that today's data shows unique (one survey per
// post) but no key declares: the post is the partition key and the serial
// follows it (rule reference-tiebreak), so a second survey of one post
// tomorrow does not overwrite the first. Declared UNIQUE (post_id), the
// reference stands alone.
func TestReferenceTiebreak(t *testing.T) {
	rows := int64(1_200)
	build := func(declared bool) (*catalog.Schema, *catalog.Profile) {
		tbl := tableOf("surveys", []catalog.Column{serialCol("id", "surveys"), col("post_id", "bigint", "N"), col("question", "text", "S")},
			[]string{"id"}, fkTo("surveys_post_fkey", "post_id", "posts"))
		tbl.Indexes = []catalog.Index{{Name: "surveys_post", Columns: []string{"post_id"}}}
		if declared {
			tbl.Uniques = []catalog.Index{{Name: "surveys_post_key", Columns: []string{"post_id"}, Constraint: true}}
		}
		posts := tableOf("posts", []catalog.Column{serialCol("id", "posts")}, []string{"id"})
		posts.Migratable = false
		id := prof("id", rows, 1, 4)
		id.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqNextval, Evidence: []string{"default nextval('surveys_id_seq'::regclass)"}}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "surveys", Rows: rows, Columns: []catalog.ColumnProfile{
			id, prof("post_id", rows, 1, 8), prof("question", 300, 40, 60),
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{tbl, posts}}, p
	}
	s, p := build(false)
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"id"}, {"post_id"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"post_id"}) || !slices.Equal(sk, []string{"id"}) ||
		!strings.Contains(strings.Join(pt.SortKey.Why, " "), RuleReferenceTiebreak) {
		t.Errorf("post_id unique by data: pk %v sk %v, want post_id / id by %s", pk, sk, RuleReferenceTiebreak)
	}
	s, p = build(true)
	plan, err = Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"id"}, {"post_id"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pk, sk := partColumns(&plan.Tables[0].PartitionKey), partColumns(plan.Tables[0].SortKey); !slices.Equal(pk, []string{"post_id"}) || len(sk) != 0 {
		t.Errorf("post_id declared unique: pk %v sk %v, want post_id alone", pk, sk)
	}
}

// TestSharedKeyPart: entry passes keyed (order_ref, event_id), and also
// UNIQUE (event_id, pass_no) and UNIQUE (event_id, seat): every declared
// key holds event_id, so each says its rest is unique only within the
// event, which owns the passes (rule shared-key-part) — not the order the
// primary key leads with. The sort key is the rest of a key the event
// leads.
func TestSharedKeyPart(t *testing.T) {
	rows := int64(5_000)
	ord := col("order_ref", "text", "S")
	tbl := tableOf("passes", []catalog.Column{ord, col("event_id", "bigint", "N"), col("pass_no", "integer", "N"), col("seat", "text", "S")},
		[]string{"order_ref", "event_id"}, catalog.ForeignKey{Name: "passes_order_fkey", Columns: []string{"order_ref"}, RefSchema: "public", RefTable: "orders", RefColumns: []string{"order_ref"}},
		fkTo("passes_event_fkey", "event_id", "events"))
	tbl.Uniques = []catalog.Index{
		{Name: "passes_event_pass_no", Columns: []string{"event_id", "pass_no"}, Constraint: true},
		{Name: "passes_event_seat", Columns: []string{"event_id", "seat"}, Constraint: true},
	}
	orders := tableOf("orders", []catalog.Column{col("order_ref", "text", "S")}, []string{"order_ref"})
	events := tableOf("events", []catalog.Column{serialCol("id", "events")}, []string{"id"})
	orders.Migratable, events.Migratable = false, false
	s := &catalog.Schema{Tables: []catalog.Table{tbl, orders, events}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "passes", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("order_ref", 2_000, 6, 6), prof("event_id", 120, 80, 6), prof("pass_no", 80, 120, 4), prof("seat", 90, 100, 4),
	}}}}
	pk, sk, why := designTable(t, s, p, "passes")
	if !slices.Equal(pk, []string{"event_id"}) || !slices.Equal(sk, []string{"pass_no"}) || !strings.Contains(why, RuleSharedKeyPart) {
		t.Errorf("passes: pk %v sk %v why %q, want event_id / pass_no by %s", pk, sk, why, RuleSharedKeyPart)
	}
}

// TestMirroredReferenceOrder: holder_addresses keyed (holder_id,
// address_id, kind_id), where address_id references addresses and its
// values are dense (the addresses' numbering, one row per address): it is
// no sequence of this table, so the sort key keeps the declared order,
// address_id then kind_id (rule mirrored-reference-order), rather than
// moving the address last as a surrogate tiebreak.
func TestMirroredReferenceOrder(t *testing.T) {
	rows := int64(4_000)
	tbl := tableOf("holder_addresses", []catalog.Column{col("holder_id", "bigint", "N"), col("address_id", "bigint", "N"), col("kind_id", "integer", "N")},
		[]string{"holder_id", "address_id", "kind_id"}, fkTo("ha_holder_fkey", "holder_id", "holders"), fkTo("ha_address_fkey", "address_id", "addresses"), fkTo("ha_kind_fkey", "kind_id", "kinds"))
	var parents []catalog.Table
	for _, n := range []string{"holders", "addresses", "kinds"} {
		p := tableOf(n, []catalog.Column{serialCol("id", n)}, []string{"id"})
		p.Migratable = false
		parents = append(parents, p)
	}
	addr := prof("address_id", rows, 1, 6)
	addr.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, Evidence: []string{"dense monotonic; a reference that mirrors addresses's surrogate id"}}
	s := &catalog.Schema{Tables: append([]catalog.Table{tbl}, parents...)}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "holder_addresses", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("holder_id", 3_000, 3, 6), addr, prof("kind_id", 4, 2_000, 4),
	}}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"holder_id"}) || !slices.Equal(sk, []string{"address_id", "kind_id"}) ||
		!strings.Contains(strings.Join(pt.SortKey.Why, " "), RuleMirroredReferenceOrder) {
		t.Errorf("holder_addresses: pk %v sk %v why %v, want holder_id / address_id, kind_id by %s", pk, sk, pt.SortKey, RuleMirroredReferenceOrder)
	}
}

// TestRandomPKOwner: events keyed by a uuid the application makes (no
// default), each of a site, listed by site in two indexes ((site_id,
// created_at) and (site_id, kind)): the site owns its events and the
// uuid stays a lookup (rule random-pk-owner). With one such index the
// site still owns them (rule single-index-owner: a report listed per
// website) unless it has fewer values than the square root of the rows
// (a tenant of a few dozen classifies, with one index as its only
// evidence); with none, the uuid stays the identity.
func TestRandomPKOwner(t *testing.T) {
	rows := int64(4_000)
	sitesN := int64(40)
	build := func(indexes int) (*catalog.Schema, *catalog.Profile) {
		tbl := tableOf("events", []catalog.Column{col("event_id", "uuid", "U"), col("site_id", "bigint", "N"), col("created_at", "timestamp with time zone", "D"), col("kind", "text", "S")},
			[]string{"event_id"}, fkTo("events_site_fkey", "site_id", "sites"))
		all := []catalog.Index{{Name: "events_site_created", Columns: []string{"site_id", "created_at"}}, {Name: "events_site_kind", Columns: []string{"site_id", "kind"}}}
		tbl.Indexes = all[:indexes]
		sites := tableOf("sites", []catalog.Column{serialCol("id", "sites")}, []string{"id"})
		sites.Migratable = false
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "events", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("event_id", rows, 1, 16), prof("site_id", sitesN, rows/sitesN, 8), prof("created_at", rows, 1, 8), prof("kind", 5, 800, 6),
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{tbl, sites}}, p
	}
	s, p := build(2)
	pk, _, why := designTable(t, s, p, "events")
	if !slices.Equal(pk, []string{"site_id"}) || !strings.Contains(why, RuleRandomPKOwner) {
		t.Errorf("uuid primary key, listed by site twice: pk %v why %q, want site_id by %s", pk, why, RuleRandomPKOwner)
	}
	s, p = build(1)
	if pk, _, _ := designTable(t, s, p, "events"); !slices.Equal(pk, []string{"event_id"}) {
		t.Errorf("uuid primary key, listed once by 40 sites over 4,000 rows: pk %v, want event_id (a classification)", pk)
	}
	sitesN = 400
	s, p = build(1)
	if pk, _, why := designTable(t, s, p, "events"); !slices.Equal(pk, []string{"site_id"}) || !strings.Contains(why, RuleSingleIndexOwner) {
		t.Errorf("uuid primary key, listed by site once: pk %v why %q, want site_id by %s", pk, why, RuleSingleIndexOwner)
	}
	sitesN = 40
	s, p = build(0)
	if pk, _, _ := designTable(t, s, p, "events"); !slices.Equal(pk, []string{"event_id"}) {
		t.Errorf("uuid primary key, listed by nothing: pk %v, want event_id", pk)
	}
}

// TestRandomPKOwnerTies: two references lead one index each beside a
// random uuid primary key. A visit's data, beside the site every visit
// belongs to: the visit is the finer owner (rule finer-owner-tiebreak).
// team_user's team and user, neither referring to the other: the team the
// table is named after owns the rows (rule named-owner-tiebreak), and the
// user, unique within the team by a check, is the sort key (rule
// named-pair-sort). Without the check, the tie stays broken by the name.
func TestRandomPKOwnerTies(t *testing.T) {
	rows := int64(3_000)
	data := tableOf("visit_data", []catalog.Column{col("data_id", "uuid", "U"), col("site_id", "bigint", "N"), col("visit_id", "bigint", "N"), col("data_key", "text", "S")},
		[]string{"data_id"}, fkTo("vd_site_fkey", "site_id", "sites"), fkTo("vd_visit_fkey", "visit_id", "visits"))
	data.Indexes = []catalog.Index{{Name: "vd_site", Columns: []string{"site_id"}}, {Name: "vd_visit", Columns: []string{"visit_id"}}}
	sites := tableOf("sites", []catalog.Column{serialCol("id", "sites")}, []string{"id"})
	visits := tableOf("visits", []catalog.Column{serialCol("id", "visits"), col("site_id", "bigint", "N")}, []string{"id"}, fkTo("visits_site_fkey", "site_id", "sites"))
	sites.Migratable, visits.Migratable = false, false
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "visit_data", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("data_id", rows, 1, 16), prof("site_id", 60, 100, 8), prof("visit_id", 1_000, 3, 8), prof("data_key", 20, 400, 8),
	}}}}
	pk, _, why := designTable(t, &catalog.Schema{Tables: []catalog.Table{data, sites, visits}}, p, "visit_data")
	if !slices.Equal(pk, []string{"visit_id"}) || !strings.Contains(why, RuleFinerOwnerTiebreak) {
		t.Errorf("visit_data: pk %v why %q, want visit_id by %s", pk, why, RuleFinerOwnerTiebreak)
	}

	tu := tableOf("team_user", []catalog.Column{col("team_user_id", "uuid", "U"), col("team_id", "bigint", "N"), col("user_id", "bigint", "N")},
		[]string{"team_user_id"}, fkTo("tu_team_fkey", "team_id", "team"), fkTo("tu_user_fkey", "user_id", "user"))
	tu.Indexes = []catalog.Index{{Name: "tu_user", Columns: []string{"user_id"}}, {Name: "tu_team", Columns: []string{"team_id"}}}
	team := tableOf("team", []catalog.Column{serialCol("id", "team")}, []string{"id"})
	user := tableOf("user", []catalog.Column{serialCol("id", "user")}, []string{"id"})
	team.Migratable, user.Migratable = false, false
	s := &catalog.Schema{Tables: []catalog.Table{tu, team, user}}
	p = &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "team_user", Rows: 300, Columns: []catalog.ColumnProfile{
		prof("team_user_id", 300, 1, 16), prof("team_id", 20, 40, 8), prof("user_id", 40, 12, 8),
	}}}}
	plan, err := Design(context.Background(), s, p, &fakeChecker{unique: [][]string{{"team_id", "user_id"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	why = strings.Join(pt.PartitionKey.Why, " ")
	if pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey); !slices.Equal(pk, []string{"team_id"}) || !slices.Equal(sk, []string{"user_id"}) ||
		!strings.Contains(why, RuleNamedOwnerTiebreak) || !strings.Contains(why, RuleNamedPairSort) {
		t.Errorf("team_user: pk %v sk %v why %q, want team_id / user_id by %s and %s", pk, sk, why, RuleNamedOwnerTiebreak, RuleNamedPairSort)
	}
	if pk, _, why := designTable(t, s, p, "team_user"); !slices.Equal(pk, []string{"team_id"}) || !strings.Contains(why, RuleNamedOwnerTiebreak) {
		t.Errorf("team_user unchecked: pk %v why %q, want team_id by %s", pk, why, RuleNamedOwnerTiebreak)
	}
}

// TestHandfulOfRows: access holds five rows with a serial primary key and
// a nullable one-letter code, unique and set in every row, which no key,
// reference or index speaks for: five rows are no statistics, so the code
// is no key attribute (rule handful-of-rows) and the serial is the last
// resort. With a foreign key referring to access, the code competes again
// (a catalog the children name).
func TestHandfulOfRows(t *testing.T) {
	build := func(referenced bool) *catalog.Schema {
		code := col("access_code", "character", "S")
		code.NotNull = false
		tbl := tableOf("access", []catalog.Column{serialCol("access_id", "access"), code}, []string{"access_id"})
		tables := []catalog.Table{tbl}
		if referenced {
			grant := tableOf("grants", []catalog.Column{serialCol("id", "grants"), col("access_id", "integer", "N")}, []string{"id"},
				catalog.ForeignKey{Name: "grants_access_fkey", Columns: []string{"access_id"}, RefSchema: "public", RefTable: "access", RefColumns: []string{"access_id"}})
			grant.Migratable = false
			tables = append(tables, grant)
		}
		return &catalog.Schema{Tables: tables}
	}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "access", Rows: 5, Columns: []catalog.ColumnProfile{
		prof("access_id", 5, 1, 4), prof("access_code", 5, 1, 1),
	}}}}
	plan, err := Design(context.Background(), build(false), p, &fakeChecker{unique: [][]string{{"access_code"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk := partColumns(&pt.PartitionKey); !slices.Equal(pk, []string{"access_id"}) {
		t.Errorf("access: pk %v, want access_id (rule %s)", pk, RuleHandfulOfRows)
	}
	var cited bool
	for _, r := range pt.Rejected {
		cited = cited || slices.Equal(r.Columns, []string{"access_code"}) && strings.Contains(strings.Join(r.Why, " "), RuleHandfulOfRows)
	}
	if !cited {
		t.Errorf("access: access_code not rejected by %s: %+v", RuleHandfulOfRows, pt.Rejected)
	}
	plan, err = Design(context.Background(), build(true), p, &fakeChecker{unique: [][]string{{"access_code"}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pk := partColumns(&plan.Tables[0].PartitionKey); !slices.Equal(pk, []string{"access_code"}) {
		t.Errorf("referenced access: pk %v, want access_code", pk)
	}
}
