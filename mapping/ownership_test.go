package mapping

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"
)

// TestRandomPKYieldsToOwner: two-factor methods keyed by a uuid the
// application makes (no default, no index lists them), with UNIQUE
// (user_id, kind): the user owns the methods, one per kind, and the uuid
// stays a lookup (rule random-id-yields, on the primary key). Without the
// composite key, or when its leading part references nothing, the uuid
// stays the identity.
func TestRandomPKYieldsToOwner(t *testing.T) {
	rows := int64(900)
	build := func(unique []string, fk bool) (*catalog.Schema, *catalog.Profile) {
		var fks []catalog.ForeignKey
		if fk {
			fks = append(fks, fkTo("methods_user_fkey", "user_id", "users"))
		}
		tbl := tableOf("methods", []catalog.Column{col("method_id", "uuid", "U"), col("user_id", "bigint", "N"), col("kind", "integer", "N"), col("secret", "text", "S")},
			[]string{"method_id"}, fks...)
		if unique != nil {
			tbl.Uniques = []catalog.Index{{Name: "methods_user_kind_key", Columns: unique, Constraint: true}}
		}
		users := tableOf("users", []catalog.Column{serialCol("id", "users")}, []string{"id"})
		users.Migratable = false
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "methods", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("method_id", rows, 1, 16), prof("user_id", 600, 4, 8), prof("kind", 4, 400, 4), prof("secret", rows, 1, 40),
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{tbl, users}}, p
	}
	s, p := build([]string{"user_id", "kind"}, true)
	pk, sk, why := designTable(t, s, p, "methods")
	if !slices.Equal(pk, []string{"user_id"}) || !slices.Equal(sk, []string{"kind"}) || !strings.Contains(why, RuleRandomIDYields) {
		t.Errorf("uuid primary key beside UNIQUE (user_id, kind): pk %v sk %v why %q, want user_id / kind by %s", pk, sk, why, RuleRandomIDYields)
	}
	s, p = build([]string{"kind", "user_id"}, true)
	if pk, sk, _ := designTable(t, s, p, "methods"); !slices.Equal(pk, []string{"user_id"}) || !slices.Equal(sk, []string{"kind"}) {
		t.Errorf("uuid primary key beside UNIQUE (kind, user_id): pk %v sk %v, want user_id / kind", pk, sk)
	}
	s, p = build(nil, true)
	if pk, _, _ := designTable(t, s, p, "methods"); !slices.Equal(pk, []string{"method_id"}) {
		t.Errorf("uuid primary key, no composite key: pk %v, want method_id", pk)
	}
	s, p = build([]string{"user_id", "kind"}, false)
	if pk, _, why := designTable(t, s, p, "methods"); strings.Contains(why, RuleRandomIDYields) {
		t.Errorf("uuid primary key beside UNIQUE (user_id, kind) with no declared reference: pk %v why %q, want no %s", pk, why, RuleRandomIDYields)
	}
}

// TestRepeatedNameYields: labels keyed by a serial that label links
// reference, each with a title that repeats (17 titles over 2,500 labels)
// and a project that some labels lack (NULL): the title, unique at most
// within a project, is no identity, and the serial the children carry
// stays the key (rule repeated-name-yields), while the title index is still
// served. A title unique in every row is still the key; so is a repeated
// title when nothing references the serial, or when the table has no
// reference that may be missing (playlists by name).
func TestRepeatedNameYields(t *testing.T) {
	rows := int64(2_500)
	build := func(titles int64, referenced, optional bool) (*catalog.Schema, *catalog.Profile) {
		owner := col("project_id", "bigint", "N")
		owner.NotNull = !optional
		var fks []catalog.ForeignKey
		if optional {
			fks = append(fks, fkTo("labels_project_fkey", "project_id", "projects"))
		}
		cols := []catalog.Column{serialCol("id", "labels"), col("title", "text", "S")}
		if optional {
			cols = append(cols, owner)
		}
		labels := tableOf("labels", cols, []string{"id"}, fks...)
		labels.Indexes = []catalog.Index{{Name: "labels_title", Columns: []string{"title"}}}
		projects := tableOf("projects", []catalog.Column{serialCol("id", "projects")}, []string{"id"})
		projects.Migratable = false
		tables := []catalog.Table{labels, projects}
		if referenced {
			links := tableOf("label_links", []catalog.Column{serialCol("id", "label_links"), col("label_id", "bigint", "N")}, []string{"id"}, fkTo("links_label_fkey", "label_id", "labels"))
			links.Migratable = false
			tables = append(tables, links)
		}
		ownerProf := prof("project_id", 300, 20, 8)
		if optional {
			ownerProf.Nulls = 200
		}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "labels", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("id", rows, 1, 8), prof("title", titles, rows/titles, 12), ownerProf,
		}}}}
		return &catalog.Schema{Tables: tables}, p
	}
	s, p := build(17, true, true)
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	if pk := partColumns(&pt.PartitionKey); !slices.Equal(pk, []string{"id"}) || !strings.Contains(strings.Join(pt.PartitionKey.Why, " "), RuleRepeatedNameYields) {
		t.Errorf("repeated title, optional owner, referenced serial: pk %v why %v, want id by %s", pk, pt.PartitionKey.Why, RuleRepeatedNameYields)
	}
	served := false
	for _, ix := range pt.Indexes {
		if ix.Enabled && slices.Equal(partColumns(&ix.PartitionKey), []string{"title"}) {
			served = true
		}
	}
	if !served {
		t.Errorf("repeated title: no enabled index on title, want the title lookup served")
	}
	s, p = build(rows, true, true)
	if pk, _, _ := designTable(t, s, p, "labels"); !slices.Equal(pk, []string{"title"}) {
		t.Errorf("unique title, referenced serial: pk %v, want title", pk)
	}
	s, p = build(17, false, true)
	if pk, _, _ := designTable(t, s, p, "labels"); slices.Equal(pk, []string{"id"}) {
		t.Errorf("repeated title, serial referenced by nothing: pk %v, want no surrogate", pk)
	}
	s, p = build(17, true, false)
	if pk, _, _ := designTable(t, s, p, "labels"); !slices.Equal(pk, []string{"title"}) {
		t.Errorf("repeated title, no reference that may be missing: pk %v, want title", pk)
	}
}

// TestSurrogateListedOwner: notes keyed by a serial, on issues and merge
// requests through (target_id, target_type), with no foreign key: two
// indexes list a target's notes, both holding target_type, one lists a
// project's and one an author's. The pair owns the notes (rules
// listed-owner and polymorphic-owner). Take target_type out of one index
// and target_id alone owns them. Comments listed by author in two orders
// ((author_id, created_at) and (author_id, id)) are one list: the author
// leads no more lists than the changeset, and the rule decides nothing.
func TestSurrogateListedOwner(t *testing.T) {
	rows := int64(6_000)
	build := func(second []string) (*catalog.Schema, *catalog.Profile) {
		notes := tableOf("notes", []catalog.Column{serialCol("id", "notes"), col("target_id", "bigint", "N"), col("target_type", "text", "S"),
			col("project_id", "bigint", "N"), col("author_id", "bigint", "N"), col("created_at", "timestamp with time zone", "D")}, []string{"id"})
		notes.Indexes = []catalog.Index{
			{Name: "notes_target_id", Columns: []string{"target_id", "target_type", "id"}},
			{Name: "notes_target_system", Columns: second},
			{Name: "notes_project", Columns: []string{"project_id"}},
			{Name: "notes_author", Columns: []string{"author_id", "created_at"}},
		}
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "notes", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("id", rows, 1, 8), prof("target_id", 1_500, 12, 8), prof("target_type", 2, 3_500, 8),
			prof("project_id", 300, 60, 8), prof("author_id", 500, 40, 8), prof("created_at", rows, 1, 8),
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{notes}}, p
	}
	s, p := build([]string{"target_id", "target_type", "project_id"})
	pk, _, why := designTable(t, s, p, "notes")
	if !slices.Equal(pk, []string{"target_id", "target_type"}) || !strings.Contains(why, RuleListedOwner) || !strings.Contains(why, RulePolymorphicOwner) {
		t.Errorf("notes listed by (target_id, target_type) twice: pk %v why %q, want target_id, target_type by %s and %s", pk, why, RuleListedOwner, RulePolymorphicOwner)
	}
	s, p = build([]string{"target_id", "project_id"})
	if pk, _, why := designTable(t, s, p, "notes"); !slices.Equal(pk, []string{"target_id"}) || !strings.Contains(why, RuleListedOwner) {
		t.Errorf("notes listed by target_id twice, once without its type: pk %v why %q, want target_id by %s", pk, why, RuleListedOwner)
	}

	comments := tableOf("changeset_comments", []catalog.Column{serialCol("id", "changeset_comments"), col("changeset_id", "bigint", "N"), col("author_id", "bigint", "N"),
		col("created_at", "timestamp with time zone", "D")}, []string{"id"}, fkTo("cc_changeset_fkey", "changeset_id", "changesets"), fkTo("cc_author_fkey", "author_id", "users"))
	comments.Indexes = []catalog.Index{
		{Name: "cc_author_created", Columns: []string{"author_id", "created_at"}},
		{Name: "cc_author_id", Columns: []string{"author_id", "id"}},
		{Name: "cc_changeset_created", Columns: []string{"changeset_id", "created_at"}},
	}
	changesets := tableOf("changesets", []catalog.Column{serialCol("id", "changesets")}, []string{"id"})
	users := tableOf("users", []catalog.Column{serialCol("id", "users")}, []string{"id"})
	changesets.Migratable, users.Migratable = false, false
	p = &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "changeset_comments", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("id", rows, 1, 8), prof("changeset_id", 2_000, 6, 8), prof("author_id", 400, 50, 8), prof("created_at", rows, 1, 8),
	}}}}
	if pk, _, why := designTable(t, &catalog.Schema{Tables: []catalog.Table{comments, changesets, users}}, p, "changeset_comments"); strings.Contains(why, RuleListedOwner) {
		t.Errorf("comments listed by author in two orders: pk %v why %q, want no %s", pk, why, RuleListedOwner)
	}
}

// pipelinesLike is a partition of a partitioned table: PRIMARY KEY (id,
// partition_id), id a serial, partition_id three numbers, and UNIQUE
// (project_id, iid, partition_id) WHERE iid IS NOT NULL over columns
// declared nullable but never NULL; jobs reference a pipeline by
// (pipeline_id, partition_id) and are listed by (pipeline_id, stage). With
// partitions false, the number has 600 values and leads an index of its own.
func pipelinesLike(routing bool) (*catalog.Schema, *catalog.Profile) {
	rows := int64(3_000)
	nullable := func(c catalog.Column) catalog.Column { c.NotNull = false; return c }
	pipes := tableOf("pipelines", []catalog.Column{serialCol("id", "pipelines"), col("partition_id", "bigint", "N"), nullable(col("project_id", "bigint", "N")),
		nullable(col("iid", "integer", "N")), col("ref", "text", "S")}, []string{"id", "partition_id"})
	pipes.Uniques = []catalog.Index{{Name: "pipelines_project_iid", Columns: []string{"project_id", "iid", "partition_id"}, Predicate: "(iid IS NOT NULL)"}}
	pipes.Indexes = []catalog.Index{{Name: "pipelines_project_ref_id", Columns: []string{"project_id", "ref", "id"}}}
	parts := int64(3)
	if !routing {
		parts = 600
		pipes.Indexes = append(pipes.Indexes, catalog.Index{Name: "pipelines_partition", Columns: []string{"partition_id"}})
	}
	jobs := tableOf("jobs", []catalog.Column{serialCol("id", "jobs"), col("partition_id", "bigint", "N"), col("pipeline_id", "bigint", "N"), col("stage", "integer", "N"), col("name", "text", "S")},
		[]string{"id", "partition_id"}, catalog.ForeignKey{Name: "jobs_pipeline_fkey", Columns: []string{"pipeline_id", "partition_id"}, RefSchema: "public", RefTable: "pipelines", RefColumns: []string{"id", "partition_id"}})
	jobs.Indexes = []catalog.Index{{Name: "jobs_pipeline_stage", Columns: []string{"pipeline_id", "stage"}}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{
		{Schema: "public", Name: "pipelines", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("id", rows, 1, 8), prof("partition_id", parts, rows/parts, 8), prof("project_id", 800, 12, 8), prof("iid", 40, 800, 4), prof("ref", 300, 40, 8),
		}},
		{Schema: "public", Name: "jobs", Rows: 4 * rows, Columns: []catalog.ColumnProfile{
			prof("id", 4*rows, 1, 8), prof("partition_id", parts, 4*rows/parts, 8), prof("pipeline_id", rows, 5, 8), prof("stage", 5, 3_000, 4), prof("name", 7, 3_000, 8),
		}},
	}}
	return &catalog.Schema{Tables: []catalog.Table{pipes, jobs}}, p
}

// TestRoutingKeyPart: the partition number beside the serial owns nothing
// (rule routing-key-part): the pipelines are the project's, by the
// partial unique index that only leaves out NULL iids (rule
// nullable-key-parts), and the jobs the pipeline's, by the foreign key's
// other column; (project_id, ref) stays served by an index, though the
// base key's partition key is project_id, and the primary key's lookup is
// by id alone, served because the jobs carry it. A number with many values that
// leads an index of its own is no routing part.
func TestRoutingKeyPart(t *testing.T) {
	s, p := pipelinesLike(true)
	plan, err := Design(context.Background(), s, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range plan.Tables {
		pt := &plan.Tables[i]
		pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey)
		why := strings.Join(pt.PartitionKey.Why, " ")
		switch pt.Source {
		case "public.pipelines":
			if !slices.Equal(pk, []string{"project_id"}) || len(sk) == 0 || sk[0] != "iid" || !strings.Contains(why, RuleNullableKeyParts) {
				t.Errorf("pipelines: pk %v sk %v why %q, want project_id / iid by %s", pk, sk, why, RuleNullableKeyParts)
			}
			served := false
			for _, ix := range pt.Indexes {
				if ix.Enabled && slices.Equal(partColumns(&ix.PartitionKey), []string{"project_id"}) && ix.SortKey != nil && len(ix.SortKey.Parts) > 0 && ix.SortKey.Parts[0].Column == "ref" {
					served = true
				}
			}
			if !served {
				t.Errorf("pipelines: no enabled index serves (project_id, ref)")
			}
			byID := false
			for _, ix := range pt.Indexes {
				if ix.Enabled && slices.Equal(partColumns(&ix.PartitionKey), []string{"id"}) {
					byID = true
				}
			}
			if !byID {
				t.Errorf("pipelines: no enabled index on id, which the jobs' (pipeline_id, partition_id) carries")
			}
		case "public.jobs":
			if !slices.Equal(pk, []string{"pipeline_id"}) {
				t.Errorf("jobs: pk %v sk %v why %q, want pipeline_id", pk, sk, why)
			}
		}
	}
	s, p = pipelinesLike(false)
	if pk, _, _ := designTable(t, s, p, "pipelines"); !slices.Equal(pk, []string{"partition_id"}) {
		t.Errorf("pipelines with 600 indexed partition numbers: pk %v, want partition_id (composite-key-owner, no routing part)", pk)
	}
}

// TestListedOrder: a pipeline's jobs, owned by the pipeline, listed by the
// source as (pipeline_id, stage, created_at) and filtered by (pipeline_id,
// status, kind); no time is unique within a pipeline, but a token is
// unique in every row. The source's ordered list leads the sort key, the
// primary key completing it (rule listed-order), not the token. With an
// index (pipeline_id, created_at) the source lists the jobs in time order,
// and the rule stands aside (the scoring's order decides, as before).
func TestListedOrder(t *testing.T) {
	rows := int64(8_000)
	build := func(timeIndex bool) (*catalog.Schema, *catalog.Profile) {
		jobs := tableOf("jobs", []catalog.Column{serialCol("id", "jobs"), col("pipeline_id", "bigint", "N"), col("stage", "integer", "N"), col("status", "text", "S"),
			col("kind", "text", "S"), col("token", "text", "S"), col("created_at", "timestamp with time zone", "D")}, []string{"id"}, fkTo("jobs_pipeline_fkey", "pipeline_id", "pipelines"))
		jobs.Indexes = []catalog.Index{
			{Name: "jobs_pipeline_status_kind", Columns: []string{"pipeline_id", "status", "kind"}},
			{Name: "jobs_pipeline_stage_created", Columns: []string{"pipeline_id", "stage", "created_at"}},
		}
		if timeIndex {
			jobs.Indexes = append(jobs.Indexes, catalog.Index{Name: "jobs_pipeline_created", Columns: []string{"pipeline_id", "created_at"}})
		}
		pipes := tableOf("pipelines", []catalog.Column{serialCol("id", "pipelines")}, []string{"id"})
		pipes.Migratable = false
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "jobs", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("id", rows, 1, 8), prof("pipeline_id", 2_000, 5, 8), prof("stage", 5, 2_000, 4), prof("status", 6, 3_000, 8),
			prof("kind", 2, 5_000, 8), prof("token", rows, 1, 20), prof("created_at", 2_000, 5, 8),
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{jobs, pipes}}, p
	}
	chk := &fakeChecker{unique: [][]string{{"pipeline_id", "token"}, {"id"}}}
	s, p := build(false)
	plan, err := Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	pk, sk := partColumns(&pt.PartitionKey), partColumns(pt.SortKey)
	if !slices.Equal(pk, []string{"pipeline_id"}) || len(sk) == 0 || sk[0] != "stage" || !strings.Contains(strings.Join(pt.SortKey.Why, " "), RuleListedOrder) {
		t.Errorf("jobs listed by (pipeline_id, stage, created_at): pk %v sk %v why %v, want pipeline_id / stage … by %s", pk, sk, pt.SortKey.Why, RuleListedOrder)
	}
	s, p = build(true)
	plan, err = Design(context.Background(), s, p, chk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt = &plan.Tables[0]
	if sk := partColumns(pt.SortKey); len(sk) > 0 && sk[0] == "stage" || strings.Contains(strings.Join(pt.SortKey.Why, " "), RuleListedOrder) {
		t.Errorf("jobs also listed by (pipeline_id, created_at): sk %v why %v, want no %s", sk, pt.SortKey.Why, RuleListedOrder)
	}
}

// TestNullableOneColumnKey: SSH keys keyed by a serial, with a fingerprint
// declared nullable but set in every row and unique by an index, beside a
// key text the data shows unique: the declared fingerprint is the identity
// (rule nullable-key-parts, one column). One NULL fingerprint and the
// data-proven key text decides, as before.
func TestNullableOneColumnKey(t *testing.T) {
	rows := int64(1_000)
	build := func(nulls int64) (*catalog.Schema, *catalog.Profile) {
		fp := col("fingerprint", "text", "S")
		fp.NotNull = false
		keys := tableOf("keys", []catalog.Column{serialCol("id", "keys"), col("key", "text", "S"), fp}, []string{"id"})
		keys.Uniques = []catalog.Index{{Name: "keys_fingerprint", Columns: []string{"fingerprint"}}}
		fpProf := prof("fingerprint", rows-nulls, 1, 40)
		fpProf.Nulls = nulls
		p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "keys", Rows: rows, Columns: []catalog.ColumnProfile{
			prof("id", rows, 1, 8), prof("key", rows, 1, 200), fpProf,
		}}}}
		return &catalog.Schema{Tables: []catalog.Table{keys}}, p
	}
	s, p := build(0)
	pk, _, why := designTable(t, s, p, "keys")
	if !slices.Equal(pk, []string{"fingerprint"}) || !strings.Contains(why, RuleNullableKeyParts) {
		t.Errorf("nullable unique fingerprint with no NULL: pk %v why %q, want fingerprint by %s", pk, why, RuleNullableKeyParts)
	}
	s, p = build(1)
	if pk, _, _ := designTable(t, s, p, "keys"); slices.Equal(pk, []string{"fingerprint"}) {
		t.Errorf("nullable unique fingerprint with a NULL: pk %v, want no fingerprint", pk)
	}
}

// TestSequenceOrdersTwoColumnList: jobs owned by their pipeline, listed
// per project by an index (project_id, id): the serial only orders the
// project's list, so the index is served (rule index-leading-column, two
// columns), not turned off as a key holding a surrogate.
func TestSequenceOrdersTwoColumnList(t *testing.T) {
	rows := int64(6_000)
	jobs := tableOf("jobs", []catalog.Column{serialCol("id", "jobs"), col("pipeline_id", "bigint", "N"), col("project_id", "bigint", "N"), col("name", "text", "S")},
		[]string{"id"}, fkTo("jobs_pipeline_fkey", "pipeline_id", "pipelines"))
	jobs.Indexes = []catalog.Index{{Name: "jobs_project_id", Columns: []string{"project_id", "id"}}, {Name: "jobs_pipeline", Columns: []string{"pipeline_id", "name"}}}
	pipes := tableOf("pipelines", []catalog.Column{serialCol("id", "pipelines")}, []string{"id"})
	pipes.Migratable = false
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "jobs", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("id", rows, 1, 8), prof("pipeline_id", 2_000, 3, 8), prof("project_id", 500, 40, 8), prof("name", 7, 1_000, 8),
	}}}}
	plan, err := Design(context.Background(), &catalog.Schema{Tables: []catalog.Table{jobs, pipes}}, p, &fakeChecker{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt := &plan.Tables[0]
	served := false
	for _, ix := range pt.Indexes {
		if slices.Equal(partColumns(&ix.PartitionKey), []string{"project_id"}) && ix.Enabled {
			served = true
		}
	}
	if !served {
		t.Errorf("jobs by (project_id, id): base %v, indexes %+v; want an enabled index on project_id", partColumns(&pt.PartitionKey), pt.Indexes)
	}
}

// TestNullableOneToOneExtension: project settings keyed by a serial, one
// per project by a unique index on project_id — declared nullable, set in
// every row, dense (the projects' own numbering) — are found by their
// project's key (rule nullable-key-parts, one column, as
// alternate-natural-key reads a NOT NULL one), not by a creator who owns
// nothing of them.
func TestNullableOneToOneExtension(t *testing.T) {
	rows := int64(1_000)
	pid := col("project_id", "bigint", "N")
	pid.NotNull = false
	creator := col("creator_id", "bigint", "N")
	creator.NotNull = false
	settings := tableOf("settings", []catalog.Column{serialCol("id", "settings"), pid, creator, col("name", "text", "S")}, []string{"id"},
		fkTo("settings_project_fkey", "project_id", "projects"), fkTo("settings_creator_fkey", "creator_id", "users"))
	settings.Uniques = []catalog.Index{{Name: "settings_project", Columns: []string{"project_id"}}}
	settings.Indexes = []catalog.Index{{Name: "settings_creator", Columns: []string{"creator_id", "id"}}}
	projects := tableOf("projects", []catalog.Column{serialCol("id", "projects")}, []string{"id"})
	users := tableOf("users", []catalog.Column{serialCol("id", "users")}, []string{"id"})
	projects.Migratable, users.Migratable = false, false
	dense := prof("project_id", rows, 1, 8)
	dense.Sequence = &catalog.SequenceEvidence{Kind: catalog.SeqDenseMonotonic, Evidence: []string{"dense monotonic; a reference that mirrors projects's surrogate id"}}
	p := &catalog.Profile{Tables: []catalog.TableProfile{{Schema: "public", Name: "settings", Rows: rows, Columns: []catalog.ColumnProfile{
		prof("id", rows, 1, 8), dense, prof("creator_id", 300, 10, 8), prof("name", 90, 30, 10),
	}}}}
	pk, _, why := designTable(t, &catalog.Schema{Tables: []catalog.Table{settings, projects, users}}, p, "settings")
	if !slices.Equal(pk, []string{"project_id"}) || !strings.Contains(why, RuleNullableKeyParts) {
		t.Errorf("settings one per project by a unique index on nullable project_id: pk %v why %q, want project_id by %s", pk, why, RuleNullableKeyParts)
	}
}
