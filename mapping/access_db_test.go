package mapping

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
)

// designSQL designs a test database built by the statements.
func designSQL(t *testing.T, opts Options, sql ...string) *plans.Plan {
	t.Helper()
	ctx := t.Context()
	db := testenv.NewDatabase(t, "")
	for _, q := range sql {
		if _, err := db.Pool.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	snap, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close(context.Background())
	schema, err := extract.Inspect(ctx, snap, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	profile, err := extract.ProfileTables(ctx, snap, schema, extract.ProfileOptions{ForceExact: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Design(ctx, schema, profile, snap, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestIndexKeysTheLoadCanWrite: an index is keyed on a column's own
// attribute where every row with a value can carry it; where a column
// holds empty strings (DynamoDB refuses an empty index key) or NULLs are
// written as NULL values, on a derived attribute that the load leaves out
// of those rows (a sparse index, no rejects), and a lookup of two columns
// whose second is mostly empty on one derived attribute joining both,
// which holds every row. NULLs alone make a sparse index on the column.
func TestIndexKeysTheLoadCanWrite(t *testing.T) {
	t.Parallel()
	sql := []string{
		`CREATE TABLE owner (owner_code text PRIMARY KEY, label text)`,
		`INSERT INTO owner SELECT 'o' || i, 'l' FROM generate_series(1, 300) i`,
		`INSERT INTO owner VALUES ('', 'empty')`,
		`CREATE TABLE thing (thing_ref text PRIMARY KEY, owner_code text REFERENCES owner, keeper_code text REFERENCES owner, title text NOT NULL,
			comment text NOT NULL DEFAULT '', UNIQUE (title, comment))`,
		`CREATE INDEX ON thing (owner_code)`,
		`CREATE INDEX ON thing (keeper_code)`,
		// owner_code: empty for some rows; keeper_code: NULL for a third;
		// titles repeat, told apart by a comment that is mostly empty.
		`INSERT INTO thing SELECT 'T' || i, CASE WHEN i % 50 = 0 THEN '' ELSE 'o' || (i % 300 + 1) END,
			CASE WHEN i % 3 = 0 THEN NULL ELSE 'o' || (i % 290 + 1) END, 't' || (i % 2900), CASE WHEN i > 2900 THEN 'the other' ELSE '' END
			FROM generate_series(1, 3000) i`,
	}
	thing := func(p *plans.Plan) *plans.Table {
		for i := range p.Tables {
			if p.Tables[i].Source == "public.thing" {
				return &p.Tables[i]
			}
		}
		t.Fatal("public.thing not planned")
		return nil
	}
	index := func(pt *plans.Table, name string) *plans.Index {
		for i := range pt.Indexes {
			if pt.Indexes[i].Name == name {
				return &pt.Indexes[i]
			}
		}
		t.Fatalf("no index %s among %+v", name, pt.Indexes)
		return nil
	}
	p := designSQL(t, Options{}, sql...)
	pt := thing(p)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	paths := map[string]plans.AccessPath{}
	for _, a := range pt.AccessPaths {
		paths[strings.Join(a.Columns, ",")+"/"+a.Kind] = a
	}
	if a := paths["owner_code/foreign-key"]; a.ServedBy != "gsi_owner_code" {
		t.Errorf("owner_code (empty strings): %+v", a)
	}
	ix := index(pt, "gsi_owner_code")
	if ix.PartitionKey.Attribute != "gsi_owner_code_pk" || !pt.DerivedKey(&ix.PartitionKey) || !ix.Enabled || ix.TotalWCU != 2940 ||
		!strings.Contains(strings.Join(ix.PartitionKey.Why, ";"), "60 rows") {
		t.Errorf("owner_code's index is not keyed on a derived attribute without the 60 empty rows: %+v", ix)
	}
	if rs := pt.PredictedRejects(p.Options); len(rs) > 0 || len(pt.RefusedValues) > 0 {
		t.Errorf("empty values under a derived index key recorded as refused (%+v) or predicted as rejects: %+v", pt.RefusedValues, rs)
	}
	if a := paths["title,comment/unique"]; a.ServedBy == plans.ServedByNone || a.ServedBy == plans.ServedByBase {
		t.Errorf("title, comment: %+v", a)
	} else if ix := index(pt, a.ServedBy); len(ix.PartitionKey.Parts) != 2 || ix.SortKey != nil || !pt.DerivedKey(&ix.PartitionKey) || ix.TotalWCU != 3000 {
		t.Errorf("title, comment: want one derived key joining both, holding every row: %+v", ix)
	}
	keeper := paths["keeper_code/foreign-key"]
	if keeper.ServedBy != "gsi_keeper_code" {
		t.Fatalf("keeper_code (NULLs): %+v", keeper)
	}
	if ix := index(pt, "gsi_keeper_code"); ix.TotalWCU != 2000 || !ix.Enabled || ix.PartitionKey.Attribute != "keeper_code" || !strings.Contains(strings.Join(ix.PartitionKey.Why, ";"), "sparse") {
		t.Errorf("sparse index: %+v", ix)
	}
	p = designSQL(t, Options{Nulls: plans.NullsWrite}, sql...)
	pt = thing(p)
	if ix := index(pt, "gsi_keeper_code"); !pt.DerivedKey(&ix.PartitionKey) || !strings.Contains(strings.Join(ix.PartitionKey.Why, ";"), "nulls: null") {
		t.Errorf("with NULLs written as NULL, keeper_code's index is not keyed on a derived attribute: %+v", ix)
	}
}

// TestAtMostTwentyIndexes: a table with more indexed lookups than
// DynamoDB's 20 indexes per table keeps 20, and the lookups beyond say why
// they are not served.
func TestAtMostTwentyIndexes(t *testing.T) {
	t.Parallel()
	var cols, idx []string
	for i := range 24 {
		cols = append(cols, fmt.Sprintf("ref_%02d text", i))
		idx = append(idx, fmt.Sprintf("CREATE INDEX ON wide (ref_%02d)", i))
	}
	var vals []string
	for i := range 24 {
		vals = append(vals, fmt.Sprintf("'r' || ((i * %d) %% 700)", 7+i*2))
	}
	sql := append([]string{`CREATE TABLE wide (wide_code text PRIMARY KEY, ` + strings.Join(cols, ", ") + `)`},
		`INSERT INTO wide SELECT 'w' || i, `+strings.Join(vals, ", ")+` FROM generate_series(1, 2000) i`)
	p := designSQL(t, Options{}, append(sql, idx...)...)
	pt := &p.Tables[0]
	if len(pt.Indexes) != plans.MaxIndexes {
		t.Fatalf("%d indexes, want %d", len(pt.Indexes), plans.MaxIndexes)
	}
	over := 0
	for _, a := range pt.AccessPaths {
		if strings.Contains(strings.Join(a.Why, ";"), "over DynamoDB's 20 global secondary indexes") {
			over++
			if a.ServedBy != plans.ServedByNone {
				t.Errorf("%s: over the limit but served by %s", a.Name, a.ServedBy)
			}
		}
	}
	if over == 0 {
		t.Error("no lookup says it is over the limit")
	}
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Errorf("plan does not validate: %v", probs)
	}
}

// TestReferencedSurrogateNeedsWrittenReferences: an identity primary key is
// served by an index only when another table's plan writes a column that
// refers to it. A reference held only by a generated column (excluded: the
// target cannot compute it) leaves the key meaningless in the target, so it
// stays unserved with the surrogate reason; a written reference serves it,
// and the rule names that column alone.
func TestReferencedSurrogateNeedsWrittenReferences(t *testing.T) {
	t.Parallel()
	sql := []string{
		`CREATE TABLE parent (parent_id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, parent_code text NOT NULL UNIQUE)`,
		`INSERT INTO parent (parent_code) SELECT 'p' || i FROM generate_series(1, 300) i`,
		`CREATE TABLE shadow (shadow_code text PRIMARY KEY, raw int NOT NULL, parent_id int GENERATED ALWAYS AS (raw) STORED REFERENCES parent)`,
		`INSERT INTO shadow (shadow_code, raw) SELECT 's' || i, i % 300 + 1 FROM generate_series(1, 900) i`,
	}
	lookup := func(p *plans.Plan) (plans.AccessPath, *plans.Index) {
		t.Helper()
		pt := table(t, p, "public.parent")
		for _, a := range pt.AccessPaths {
			if a.Name == "parent by parent_id" {
				for i := range pt.Indexes {
					if pt.Indexes[i].Name == a.ServedBy {
						return a, &pt.Indexes[i]
					}
				}
				return a, nil
			}
		}
		t.Fatalf("no lookup parent by parent_id in %+v", pt.AccessPaths)
		return plans.AccessPath{}, nil
	}
	a, _ := lookup(designSQL(t, Options{}, sql...))
	if a.ServedBy != plans.ServedByNone || !strings.Contains(strings.Join(a.Why, ";"), "sequence-style id") {
		t.Errorf("referenced only by a generated (unwritten) column: %+v", a)
	}
	sql = append(sql,
		`CREATE TABLE child (child_code text PRIMARY KEY, parent_id int NOT NULL REFERENCES parent)`,
		`INSERT INTO child SELECT 'c' || i, i % 300 + 1 FROM generate_series(1, 900) i`)
	a, ix := lookup(designSQL(t, Options{}, sql...))
	if ix == nil || !ix.Enabled || ix.Rule != "referenced by foreign keys (public.child.parent_id): the children's items carry the value, so readers resolve the parent by it" || ix.Projection != plans.ProjectAll {
		t.Errorf("referenced by a written column: %+v, index %+v", a, ix)
	}
}

// TestApplicationIDIsServed: an id the application makes (no database
// default, no constraint, unique in the data) — a uuid column, a uuid v7 or
// a ULID held as text — is how clients name an item: it is proposed as an
// index, on, beside a table keyed by its owner.
func TestApplicationIDIsServed(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE accounts (account_code text PRIMARY KEY)`,
		`INSERT INTO accounts SELECT 'A' || lpad(i::text, 4, '0') FROM generate_series(1, 200) i`,
		`CREATE TABLE notes (id serial PRIMARY KEY, public_id uuid NOT NULL, account_code text NOT NULL REFERENCES accounts, body text NOT NULL,
			v7_ref text NOT NULL, ulid_ref text NOT NULL)`,
		// v7: 48 bits of milliseconds, version 7, variant 10; a ULID: 10
		// characters of time and 16 of randomness in Crockford's base 32.
		`INSERT INTO notes (public_id, account_code, body, v7_ref, ulid_ref) SELECT md5('n' || i)::uuid, 'A' || lpad((1 + i % 200)::text, 4, '0'), 'note ' || i,
			lpad(to_hex(1700000000000 + i * 1000), 8, '0') || '-' || substr(lpad(to_hex(1700000000000 + i * 1000), 12, '0'), 9, 4) || '-7' || substr(md5('v' || i), 1, 3) || '-8' || substr(md5('w' || i), 1, 3) || '-' || substr(md5('x' || i), 1, 12),
			'01H' || upper(translate(substr(md5('u' || i), 1, 23), 'ilou', 'jkmn'))
			FROM generate_series(1, 3000) i`)
	pt := table(t, p, "public.notes")
	if pk := partColumns(&pt.PartitionKey); !slices.Equal(pk, []string{"account_code"}) {
		t.Errorf("notes: pk %v, want the owner account_code: a per-row random id never outranks it", pk)
	}
	for _, c := range []string{"public_id", "v7_ref", "ulid_ref"} {
		i := slices.IndexFunc(pt.AccessPaths, func(a plans.AccessPath) bool { return slices.Equal(a.Columns, []string{c}) })
		if i < 0 {
			t.Errorf("no lookup by %s: %+v", c, pt.AccessPaths)
			continue
		}
		a := pt.AccessPaths[i]
		j := slices.IndexFunc(pt.Indexes, func(ix plans.Index) bool { return ix.Name == a.ServedBy })
		if !strings.HasPrefix(a.Source, "application-made id") || j < 0 || !pt.Indexes[j].Enabled {
			t.Errorf("notes by %s: %+v, indexes %+v", c, a, pt.Indexes)
		}
	}
}

// TestPartialIndexIsServed: a partial index's lookup is served by an index
// on its columns (a superset of the predicate's rows, which readers
// filter); an expression that normalises one column (lower(title)) is
// served by an index on the column as stored, saying that readers pass the
// stored value; only an expression mixing columns has no column to key on.
func TestPartialIndexIsServed(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE posts (post_code text PRIMARY KEY, author_ref text NOT NULL, deleted_at timestamptz, title text NOT NULL)`,
		`INSERT INTO posts SELECT 'P' || i, 'U' || (i % 400), CASE WHEN i % 10 = 0 THEN timestamptz '2024-01-01 00:00:00+00' END, 'post ' || i FROM generate_series(1, 4000) i`,
		`CREATE INDEX posts_live_author ON posts (author_ref) WHERE deleted_at IS NULL`,
		`CREATE INDEX posts_lower_title ON posts (lower(title))`,
		`CREATE INDEX posts_author_title ON posts ((author_ref || '/' || title))`)
	pt := table(t, p, "public.posts")
	seen := 0
	for _, a := range pt.AccessPaths {
		j := slices.IndexFunc(pt.Indexes, func(ix plans.Index) bool { return ix.Name == a.ServedBy })
		switch {
		case strings.HasPrefix(a.Source, "index posts_live_author"):
			seen++
			if j < 0 || !pt.Indexes[j].Enabled || !strings.Contains(a.Source, "partial: WHERE") {
				t.Errorf("partial index lookup: %+v", a)
			}
		case strings.HasPrefix(a.Source, "index posts_lower_title"):
			seen++
			if j < 0 || !pt.Indexes[j].Enabled || !slices.Equal(partColumns(&pt.Indexes[j].PartitionKey), []string{"title"}) ||
				!strings.Contains(a.Source, "readers look up the stored value") {
				t.Errorf("lower(title) lookup: %+v, want an enabled index on title that says the normalisation is not applied", a)
			}
		case strings.HasPrefix(a.Source, "index posts_author_title"):
			seen++
			if a.ServedBy != plans.ServedByNone {
				t.Errorf("expression over two columns served by %s", a.ServedBy)
			}
		}
	}
	if seen != 3 {
		t.Errorf("%d of the 3 index lookups listed: %+v", seen, pt.AccessPaths)
	}
}

// TestWholeRowDuplicatesOverEveryColumn: rows equal in every column,
// jsonb and float included, are whole-row duplicates the plan numbers,
// not a key that "does not identify a row"; rows that differ only in the
// jsonb column are not.
func TestWholeRowDuplicatesOverEveryColumn(t *testing.T) {
	base := []string{
		`CREATE TABLE events (device text NOT NULL, seq int NOT NULL, doc jsonb NOT NULL, reading float8 NOT NULL)`,
		`INSERT INTO events SELECT 'd' || (i % 30), i / 30, jsonb_build_object('i', i), i / 7.0 FROM generate_series(1, 900) i`,
	}
	p := designSQL(t, Options{}, append(base, `INSERT INTO events SELECT * FROM events WHERE seq = 3`)...)
	pt := table(t, p, "public.events")
	if pt.Duplicates == nil || pt.Duplicates.Repeats != 30 || slices.ContainsFunc(pt.Warnings, func(w string) bool { return strings.HasPrefix(w, "NOT UNIQUE") }) {
		t.Errorf("exact copies: duplicates %+v, warnings %v", pt.Duplicates, pt.Warnings)
	}
	p = designSQL(t, Options{}, append(base, `INSERT INTO events SELECT device, seq, jsonb_build_object('copy', true), reading FROM events WHERE seq = 3`)...)
	pt = table(t, p, "public.events")
	if pt.Duplicates != nil || !slices.ContainsFunc(pt.Warnings, func(w string) bool { return strings.HasPrefix(w, "NOT UNIQUE") }) {
		t.Errorf("copies with another doc: duplicates %+v, warnings %v", pt.Duplicates, pt.Warnings)
	}
}

// enabledIndexFor returns the enabled index that serves the table's lookup
// on cols, or nil.
func enabledIndexFor(pt *plans.Table, cols ...string) *plans.Index {
	for _, a := range pt.AccessPaths {
		if !slices.Equal(a.Columns, cols) {
			continue
		}
		for i := range pt.Indexes {
			if pt.Indexes[i].Name == a.ServedBy && pt.Indexes[i].Enabled {
				return &pt.Indexes[i]
			}
		}
	}
	return nil
}

// TestSourceIndexedListsAreServed: lookups the source keeps an index for
// are served whatever today's data says. A sparse reference (7 rows of
// 3,000 have one) is judged over the rows that have a value, not as a
// classification; a reference no row fills today keeps its index (it costs
// the load nothing); each side of a key made only of references (a
// junction) is an owner's list, however few values it has.
func TestSourceIndexedListsAreServed(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE suppliers (supplier_code text PRIMARY KEY)`,
		`INSERT INTO suppliers SELECT 'S' || i FROM generate_series(0, 39) i`,
		`CREATE TABLE parts (part_code text PRIMARY KEY, name text NOT NULL, replaced_by text REFERENCES parts, retired_for text REFERENCES parts)`,
		`INSERT INTO parts SELECT 'P' || i, 'part ' || i, CASE WHEN i < 7 THEN 'P' || (i + 100) END, NULL FROM generate_series(0, 2999) i`,
		`CREATE INDEX parts_replaced_by ON parts (replaced_by) WHERE replaced_by IS NOT NULL`,
		`CREATE INDEX parts_retired_for ON parts (retired_for) WHERE retired_for IS NOT NULL`,
		`CREATE TABLE part_suppliers (part_code text NOT NULL REFERENCES parts, supplier_code text NOT NULL REFERENCES suppliers, cost int NOT NULL, PRIMARY KEY (part_code, supplier_code))`,
		`INSERT INTO part_suppliers SELECT 'P' || (i % 800), 'S' || ((i / 800 * 10 + i) % 40), i FROM generate_series(0, 3199) i`)
	parts := table(t, p, "public.parts")
	if enabledIndexFor(parts, "replaced_by") == nil {
		t.Errorf("parts by replaced_by (sparse, indexed): not served by an enabled index: %+v", parts.AccessPaths)
	}
	if enabledIndexFor(parts, "retired_for") == nil {
		t.Errorf("parts by retired_for (all NULL today, indexed): not served by an enabled index: %+v", parts.AccessPaths)
	}
	ps := table(t, p, "public.part_suppliers")
	if pk := partColumns(&ps.PartitionKey); !slices.Equal(pk, []string{"part_code"}) {
		t.Errorf("part_suppliers: pk %v, want part_code", pk)
	}
	if enabledIndexFor(ps, "supplier_code") == nil {
		t.Errorf("part_suppliers by supplier_code (a junction's other side): not served by an enabled index: %+v", ps.AccessPaths)
	}
}

// TestTableNamedReferenceIsALink: conversation_id beside conversations.id
// refers to it by the table's name (the Rails and Django convention) even
// without a foreign key: the posts' items carry the value, so conversations
// by id gets an enabled index beside the natural key, although id is a
// bigserial.
func TestTableNamedReferenceIsALink(t *testing.T) {
	p := designSQL(t, Options{},
		`CREATE TABLE conversations (id bigserial PRIMARY KEY, code text NOT NULL UNIQUE)`,
		`INSERT INTO conversations (code) SELECT 'c' || i FROM generate_series(1, 500) i`,
		`CREATE TABLE posts (post_code text PRIMARY KEY, conversation_id bigint NOT NULL, body text NOT NULL)`,
		`INSERT INTO posts SELECT 'p' || i, 1 + i % 500, 'body ' || i FROM generate_series(1, 3000) i`,
		`CREATE INDEX posts_conversation ON posts (conversation_id)`)
	c := table(t, p, "public.conversations")
	if pk := partColumns(&c.PartitionKey); !slices.Equal(pk, []string{"code"}) {
		t.Errorf("conversations: pk %v, want the natural code", pk)
	}
	if ix := enabledIndexFor(c, "id"); ix == nil {
		t.Errorf("conversations by id: not served by an enabled index: %+v", c.AccessPaths)
	} else if !strings.Contains(ix.Rule, "public.posts.conversation_id") {
		t.Errorf("conversations by id: rule %q, want the referencing column named", ix.Rule)
	}
}

// TestCascadingReferenceIsAnOwner: a reference with few values (a
// classification by its count) that is declared ON DELETE CASCADE is its
// parent's list of items, served whatever its fan-out; the same reference
// without the cascade, into a parent as small, stays a classification, off.
func TestCascadingReferenceIsAnOwner(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE project (project_code text PRIMARY KEY, title text NOT NULL)`,
		`INSERT INTO project SELECT 'P' || i, 'project ' || i FROM generate_series(1, 12) i`,
		`CREATE TABLE colour (colour_code text PRIMARY KEY)`,
		`INSERT INTO colour SELECT 'C' || i FROM generate_series(1, 12) i`,
		`CREATE TABLE move (move_ref text PRIMARY KEY, project_code text NOT NULL REFERENCES project ON DELETE CASCADE,
			colour_code text NOT NULL REFERENCES colour, note text NOT NULL)`,
		`CREATE INDEX ON move (project_code)`,
		`CREATE INDEX ON move (colour_code)`,
		`INSERT INTO move SELECT 'M' || i, 'P' || (1 + i % 12), 'C' || (1 + i % 12), 'n' || i FROM generate_series(1, 2000) i`)
	pt := table(t, p, "public.move")
	for _, c := range []struct {
		col  string
		on   bool
		rule string
	}{{"project_code", true, "foreign key ON DELETE CASCADE"}, {"colour_code", false, "foreign key with fewer values than √rows"}} {
		i := slices.IndexFunc(pt.AccessPaths, func(a plans.AccessPath) bool {
			return a.Kind == plans.AccessForeignKey && slices.Equal(a.Columns, []string{c.col})
		})
		if i < 0 {
			t.Fatalf("no foreign-key lookup by %s", c.col)
		}
		if c.on && pt.AccessPaths[i].ServedBy == plans.ServedByBase {
			continue // the owner keys the table: served as well
		}
		j := slices.IndexFunc(pt.Indexes, func(ix plans.Index) bool { return ix.Name == pt.AccessPaths[i].ServedBy })
		if j < 0 || pt.Indexes[j].Enabled != c.on || !strings.Contains(pt.Indexes[j].Rule, c.rule) {
			t.Errorf("move by %s: %+v, indexes %+v; want enabled %v by %q", c.col, pt.AccessPaths[i], pt.Indexes, c.on, c.rule)
		}
	}
}

// TestWideNumberIndexIsALookup: an ordinary index on a number with few
// values is a code only over a narrow range: a 0/1 flag stays off, while a
// few map tiles of a range in the billions are looked up, on.
func TestWideNumberIndexIsALookup(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE mapper (mapper_code text PRIMARY KEY, home_tile bigint, special int NOT NULL)`,
		`CREATE INDEX mapper_home ON mapper (home_tile)`,
		`CREATE INDEX mapper_special ON mapper (special)`,
		`INSERT INTO mapper SELECT 'M' || i, CASE WHEN i % 3 > 0 THEN 1271383052::bigint + (i % 7) * 400000000::bigint END, CASE WHEN i % 40 = 0 THEN 1 ELSE 0 END
			FROM generate_series(1, 600) i`)
	pt := table(t, p, "public.mapper")
	for _, c := range []struct {
		col string
		on  bool
	}{{"home_tile", true}, {"special", false}} {
		i := slices.IndexFunc(pt.AccessPaths, func(a plans.AccessPath) bool {
			return a.Kind == plans.AccessIndex && slices.Equal(a.Columns, []string{c.col})
		})
		if i < 0 {
			t.Fatalf("no index lookup by %s", c.col)
		}
		j := slices.IndexFunc(pt.Indexes, func(ix plans.Index) bool { return ix.Name == pt.AccessPaths[i].ServedBy })
		if j < 0 || pt.Indexes[j].Enabled != c.on {
			t.Errorf("mapper by %s: %+v, indexes %+v; want enabled %v", c.col, pt.AccessPaths[i], pt.Indexes, c.on)
		}
	}
}

// TestCompositeIndexServesItsLeadingColumn (rule index-leading-column): an
// ordinary source index of several columns is keyed as the source orders
// it, its leading column the partition key, so the leading column's list
// is one Query — a thread's replies by (thread_code, posted_at), although
// thread_code is ” for the root messages (they are left out of the
// index), and a room's messages by (room_code, posted_at, seq), the rest
// joined into the sort key. One attribute joining every column would serve
// only equality on all of them.
func TestCompositeIndexServesItsLeadingColumn(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE messages (msg_code text PRIMARY KEY, thread_code text NOT NULL DEFAULT '', room_code text NOT NULL,
			posted_at bigint NOT NULL, seq int NOT NULL, body text)`,
		`CREATE INDEX messages_thread ON messages (thread_code, posted_at)`,
		`CREATE INDEX messages_room ON messages (room_code, posted_at, seq)`,
		`INSERT INTO messages SELECT 'M' || i, CASE WHEN i % 3 = 0 THEN 'M' || (i % 900) ELSE '' END, 'R' || (i % 100),
			1700000000000 + i * 7919 % 100000, i % 5, 'hello ' || i FROM generate_series(0, 2999) i`)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	pt := table(t, p, "public.messages")
	leading := func(col string) *plans.Index {
		for i := range pt.Indexes {
			ix := &pt.Indexes[i]
			if ix.Enabled && slices.Equal(partColumns(&ix.PartitionKey), []string{col}) {
				return ix
			}
		}
		return nil
	}
	thread := leading("thread_code")
	if thread == nil {
		t.Fatalf("a thread's replies (thread_code, '' for root messages) not served: %+v", pt.Indexes)
	}
	if !pt.DerivedKey(&thread.PartitionKey) || thread.SortKey == nil || !slices.Equal(partColumns(thread.SortKey), []string{"posted_at"}) {
		t.Errorf("thread index: want a derived partition key without the empty rows, sorted by posted_at: %+v", thread)
	}
	room := leading("room_code")
	if room == nil {
		t.Fatalf("a room's messages (room_code, posted_at, seq) not served: %+v", pt.Indexes)
	}
	if room.SortKey == nil || !slices.Equal(partColumns(room.SortKey), []string{"posted_at", "seq"}) {
		t.Errorf("room index: want the rest joined into the sort key in the source's order: %+v", room.SortKey)
	}
}

// TestClassifiedLeadIndexIsAWholeLookup (rule index-whole-lookup): a
// source index led by a code (2 storage providers) whose columns together
// have many values finds one file by provider and name: it is a lookup,
// served, its name leading the index since the code cannot spread it,
// and the reversal stated. An index whose columns together are still a
// handful of values (provider, kind: 6) stays a classification, off.
func TestClassifiedLeadIndexIsAWholeLookup(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE files (file_code text PRIMARY KEY, provider text NOT NULL, filename text NOT NULL, kind text NOT NULL)`,
		`CREATE INDEX files_name ON files (provider, filename)`,
		`CREATE INDEX files_kind ON files (provider, kind)`,
		`INSERT INTO files SELECT 'F' || i, CASE WHEN i % 4 = 0 THEN 's3' ELSE 'filesystem' END, 'name' || (i % 2900) || '.png',
			(ARRAY['image', 'video', 'doc'])[i % 3 + 1] FROM generate_series(0, 2999) i`)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	pt := table(t, p, "public.files")
	ix := enabledIndexFor(pt, "provider", "filename")
	if ix == nil {
		t.Fatalf("files by provider, filename (a whole lookup led by a code): not served by an enabled index: %+v", pt.AccessPaths)
	}
	if pk := partColumns(&ix.PartitionKey); !slices.Equal(pk, []string{"filename"}) || !strings.Contains(strings.Join(ix.Why, ";"), "the source orders it (provider, filename)") {
		t.Errorf("files by provider, filename: want filename leading, the reversal stated: pk %v, why %v", pk, ix.Why)
	}
	if enabledIndexFor(pt, "provider", "kind") != nil {
		t.Errorf("files by provider, kind (6 combinations): a classification, want off: %+v", pt.Indexes)
	}
}

// TestIDHolderServesTheKey (rule id-holder): a number column named as one
// row of a table without its prefix holds that table's generic id although
// no foreign key says so — tasks.category_id (0 for none) beside
// project_has_categories.id, pushers.access_token beside access_tokens.id —
// so the id, sequence-style and not the base key, is served by an index.
func TestIDHolderServesTheKey(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE projects (id serial PRIMARY KEY, name text NOT NULL)`,
		`INSERT INTO projects (name) SELECT 'p' || i FROM generate_series(1, 40) i`,
		`CREATE TABLE project_has_categories (id serial PRIMARY KEY, project_id int NOT NULL REFERENCES projects, name text NOT NULL, UNIQUE (project_id, name))`,
		`INSERT INTO project_has_categories (project_id, name) SELECT i % 40 + 1, 'c' || (i / 40) FROM generate_series(0, 199) i`,
		`CREATE TABLE tasks (id serial PRIMARY KEY, project_id int NOT NULL REFERENCES projects, category_id int DEFAULT 0, title text NOT NULL)`,
		`INSERT INTO tasks (project_id, category_id, title) SELECT i % 40 + 1, CASE WHEN i % 3 = 0 THEN 0 ELSE i % 200 + 1 END, 't' || i FROM generate_series(0, 2999) i`,
		`CREATE TABLE access_tokens (id bigint PRIMARY KEY, token text NOT NULL UNIQUE, user_name text NOT NULL)`,
		`INSERT INTO access_tokens SELECT i, md5(i::text), 'u' || (i % 300) FROM generate_series(1, 1000) i`,
		`CREATE TABLE pushers (pushkey text PRIMARY KEY, user_name text NOT NULL, access_token bigint)`,
		`INSERT INTO pushers SELECT 'k' || i, 'u' || (i % 300), i * 3 FROM generate_series(1, 300) i`)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	if pt := table(t, p, "public.project_has_categories"); enabledIndexFor(pt, "id") == nil && !slices.Equal(partColumns(&pt.PartitionKey), []string{"id"}) {
		t.Errorf("project_has_categories by id (held by tasks.category_id, 0 for none): not served: %+v", pt.AccessPaths)
	}
	if pt := table(t, p, "public.access_tokens"); enabledIndexFor(pt, "id") == nil && !slices.Equal(partColumns(&pt.PartitionKey), []string{"id"}) {
		t.Errorf("access_tokens by id (held by pushers.access_token): not served: %+v", pt.AccessPaths)
	}
}

// TestSearchIndexIsNoLookup (rule search-index): a gin index of trigrams
// over a title and a brin index over a time search inside values or narrow
// a scan; no reader looks a row up by them, so no index is proposed and the
// lookups say why. A hash index and a btree index look rows up by value and
// are served.
func TestSearchIndexIsNoLookup(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE EXTENSION IF NOT EXISTS pg_trgm`,
		`CREATE TABLE articles (slug text PRIMARY KEY, title text NOT NULL, author_code text NOT NULL, editor_code text NOT NULL, posted_at timestamptz NOT NULL)`,
		`INSERT INTO articles SELECT 'a' || i, 'title number ' || i, 'w' || (i % 300), 'e' || (i % 250), '2024-01-01'::timestamptz + i * interval '1 hour' FROM generate_series(1, 3000) i`,
		`CREATE INDEX articles_title_trgm ON articles USING gin (title gin_trgm_ops)`,
		`CREATE INDEX articles_posted ON articles USING brin (posted_at)`,
		`CREATE INDEX articles_author ON articles (author_code)`,
		`CREATE INDEX articles_editor ON articles USING hash (editor_code)`)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	pt := table(t, p, "public.articles")
	for _, ix := range pt.Indexes {
		if pk := partColumns(&ix.PartitionKey); slices.Contains(pk, "title") || slices.Contains(pk, "posted_at") {
			t.Errorf("an index proposed for a search index: %s on %v", ix.Name, pk)
		}
	}
	for _, a := range pt.AccessPaths {
		if (a.Source == "index articles_title_trgm" || a.Source == "index articles_posted") &&
			(a.ServedBy != plans.ServedByNone || !strings.Contains(strings.Join(a.Why, ";"), "rule "+RuleSearchIndex)) {
			t.Errorf("%s: served by %s, why %v: want not served, citing %s", a.Name, a.ServedBy, a.Why, RuleSearchIndex)
		}
	}
	if enabledIndexFor(pt, "author_code") == nil || enabledIndexFor(pt, "editor_code") == nil {
		t.Errorf("the btree and hash lookups are not served by enabled indexes: %+v", pt.AccessPaths)
	}
}

// TestUniqueLeadIndexIsTheKeysLookup (rule unique-lead): an ordinary index
// led by a one-column unique key finds one row by it, whatever follows: a
// session's (token, created_at) is the token's GetItem on the base key, a
// member's (id, status) the index of the referenced id; neither gets an
// index of its own. An index led by a column that is unique only together
// with another (a team's members by user) is still that column's list.
func TestUniqueLeadIndexIsTheKeysLookup(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE sessions (token text PRIMARY KEY, created_at timestamptz NOT NULL, user_code text NOT NULL)`,
		`INSERT INTO sessions SELECT md5(i::text), '2024-01-01'::timestamptz + i * interval '1 minute', 'u' || (i % 300) FROM generate_series(1, 3000) i`,
		`CREATE INDEX sessions_token_made ON sessions (token, created_at)`,
		`CREATE TABLE members (id serial PRIMARY KEY, email text NOT NULL UNIQUE, status text NOT NULL)`,
		`INSERT INTO members (email, status) SELECT 'm' || i || '@example.com', (ARRAY['on', 'off'])[i % 2 + 1] FROM generate_series(1, 3000) i`,
		`CREATE INDEX members_id_status ON members (id, status)`,
		`CREATE TABLE badges (badge_code text PRIMARY KEY, member_id int NOT NULL REFERENCES members)`,
		`INSERT INTO badges SELECT 'b' || i, i % 3000 + 1 FROM generate_series(1, 3000) i`,
		`CREATE TABLE team_members (team_code text NOT NULL, user_code text NOT NULL, joined_at timestamptz NOT NULL, PRIMARY KEY (team_code, user_code))`,
		`INSERT INTO team_members SELECT 't' || (i % 200), 'u' || (i / 200 * 7 + i % 311), now() FROM generate_series(0, 2999) i ON CONFLICT DO NOTHING`,
		`CREATE INDEX team_members_user ON team_members (user_code, team_code, joined_at)`)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	check := func(source, index, servedBy string) {
		t.Helper()
		pt := table(t, p, source)
		i := slices.IndexFunc(pt.AccessPaths, func(a plans.AccessPath) bool { return a.Source == "index "+index })
		if i < 0 {
			t.Fatalf("%s: no lookup for %s: %+v", source, index, pt.AccessPaths)
		}
		a := pt.AccessPaths[i]
		if a.ServedBy != servedBy || !strings.Contains(strings.Join(a.Why, ";"), "rule "+RuleUniqueLead) {
			t.Errorf("%s: served by %s, why %v: want %s citing %s", a.Name, a.ServedBy, a.Why, servedBy, RuleUniqueLead)
		}
		if len(pt.Indexes) > 0 && servedBy == plans.ServedByBase {
			t.Errorf("%s: indexes %+v, want none", source, pt.Indexes)
		}
	}
	check("public.sessions", "sessions_token_made", plans.ServedByBase)
	check("public.members", "members_id_status", "gsi_id")
	if pt := table(t, p, "public.team_members"); enabledIndexFor(pt, "user_code", "team_code", "joined_at") == nil {
		t.Errorf("team_members by user_code (a user's teams): not served by an enabled index: %+v", pt.AccessPaths)
	}
}

// TestOneIndexPerPartitionKey (rule one-index-per-partition-key): a team's
// channels are read by (team_code, display_name) and by (team_code, kind).
// The display name is empty in some rows, so its index keys on the team
// alone and filters the name; the index sorted by kind serves that lookup
// as far and holds every item, so the two proposals are one index.
func TestOneIndexPerPartitionKey(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE channels (channel_code text PRIMARY KEY, team_code text NOT NULL, display_name text NOT NULL, kind text NOT NULL)`,
		`INSERT INTO channels SELECT 'c' || i, 't' || (i % 300), CASE WHEN i % 10 = 0 THEN '' ELSE 'name ' || i END, (ARRAY['O', 'P', 'D', 'G'])[i % 4 + 1] FROM generate_series(0, 2999) i`,
		`CREATE INDEX channels_team_name ON channels (team_code, display_name)`,
		`CREATE INDEX channels_team_kind ON channels (team_code, kind)`)
	if probs := plans.Validate(p); len(probs) > 0 {
		t.Fatalf("plan does not validate: %v", probs)
	}
	pt := table(t, p, "public.channels")
	var team []string
	for _, ix := range pt.Indexes {
		if slices.Equal(partColumns(&ix.PartitionKey), []string{"team_code"}) {
			team = append(team, ix.Name)
		}
	}
	if len(team) != 1 {
		t.Fatalf("indexes keyed on team_code: %v, want one", team)
	}
	for _, cols := range [][]string{{"team_code", "display_name"}, {"team_code", "kind"}} {
		if ix := enabledIndexFor(pt, cols...); ix == nil || ix.Name != team[0] {
			t.Errorf("channels by %v: not served by %s: %+v", cols, team[0], pt.AccessPaths)
		}
	}
}

// TestEpochTimeIndexOnlySorts: an index led by an integer that holds a
// time as seconds since 1970 (rule epoch-time) orders rows as an index on a
// timestamp does; it looks nothing up, so it is proposed off, while an
// index on a reference stays on.
func TestEpochTimeIndexOnlySorts(t *testing.T) {
	t.Parallel()
	p := designSQL(t, Options{},
		`CREATE TABLE events (event_code text PRIMARY KEY, project_code text NOT NULL, date_creation bigint NOT NULL)`,
		`INSERT INTO events SELECT 'e' || i, 'p' || (i % 300), 1700000000 + i * 3607 FROM generate_series(0, 2999) i`,
		`CREATE INDEX events_created ON events (date_creation)`,
		`CREATE INDEX events_project ON events (project_code)`)
	pt := table(t, p, "public.events")
	if ix := enabledIndexFor(pt, "date_creation"); ix != nil {
		t.Errorf("events by date_creation (epoch seconds): enabled %s (%s), want off: it only sorts", ix.Name, ix.Rule)
	}
	if enabledIndexFor(pt, "project_code") == nil {
		t.Errorf("events by project_code: not served by an enabled index: %+v", pt.AccessPaths)
	}
}
