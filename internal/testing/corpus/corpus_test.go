package corpus

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/mapping"
	"github.com/pg2ddb/pg2ddb/plans"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// build creates the corpus in a fresh database of t.
func build(t *testing.T) *testenv.Database {
	t.Helper()
	db := testenv.NewDatabase(t, "")
	if err := Build(t.Context(), db.Pool); err != nil {
		t.Fatal(err)
	}
	return db
}

// design plans the corpus the way `pg2ddb plan` does: inspect, profile
// every row, design with the snapshot as the uniqueness checker.
func design(t *testing.T, db *testenv.Database) *plans.Plan {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	snap, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close(ctx)
	schema, err := extract.Inspect(ctx, snap, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	profile, err := extract.ProfileTables(ctx, snap, schema, extract.ProfileOptions{ForceExact: true})
	if err != nil {
		t.Fatal(err)
	}
	p, err := mapping.Design(ctx, schema, profile, snap, mapping.Options{Database: "corpus"})
	if err != nil {
		t.Fatalf("design the corpus: %v", err)
	}
	return p
}

// TestCorpusBuilds checks the generator itself: every table exists with
// the row count its verdict was judged on, the same on every build, and the
// build is quick enough for the end-to-end test's budget.
func TestCorpusBuilds(t *testing.T) {
	start := time.Now()
	db := build(t)
	took := time.Since(start)
	if took > 10*time.Second {
		t.Errorf("building the corpus took %s; keep it to a few seconds", took)
	}
	t.Logf("corpus of %d tables built in %s", len(tables), took.Round(time.Millisecond))
	names := map[string]bool{}
	for _, tb := range Tables() {
		if names[tb.QualifiedName()] {
			t.Errorf("table %s listed twice", tb.QualifiedName())
		}
		names[tb.QualifiedName()] = true
		var n int64
		q := "SELECT count(*) FROM " + quote(tb.Schema) + "." + quote(tb.Name)
		if err := db.Pool.QueryRow(t.Context(), q).Scan(&n); err != nil {
			t.Fatalf("count %s: %v", tb.QualifiedName(), err)
		}
		if n != tb.Rows {
			t.Errorf("%s: %d rows, the verdict was judged on %d", tb.QualifiedName(), n, tb.Rows)
		}
	}
	// Determinism: a digest of every row of a table built twice is the same.
	other := build(t)
	for _, tb := range []string{`"Order Archive"`, "tenant_invoices", "events_v7", "people"} {
		q := "SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM " + tb + " t"
		var a, b string
		if err := db.Pool.QueryRow(t.Context(), q).Scan(&a); err != nil {
			t.Fatal(err)
		}
		if err := other.Pool.QueryRow(t.Context(), q).Scan(&b); err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("%s differs between two builds", tb)
		}
	}
}

// TestCorpusPlanIsValid checks that the plan of the whole corpus — odd
// names, a jsonb-only table and all — is made at all and passes plans'
// validation unedited (issue 11 item 8).
func TestCorpusPlanIsValid(t *testing.T) {
	p := design(t, build(t))
	if problems := plans.Validate(p); len(problems) > 0 {
		t.Fatalf("the corpus plan is invalid: %v", problems)
	}
	if got, want := len(p.Tables)+len(p.Skipped), len(tables); got != want {
		t.Errorf("plan lists %d tables and skipped relations, the corpus has %d", got, want)
	}
}

// TestCorpusVerdicts asserts every corpus table's expert verdict against
// mapping.Design's plan (issue 11 item 9). Each table is a subtest, so a
// failure names the table and what the expert expected.
func TestCorpusVerdicts(t *testing.T) {
	p := design(t, build(t))
	for _, tb := range Tables() {
		t.Run(tb.QualifiedName(), func(t *testing.T) {
			if msgs := Judge(p, tb); len(msgs) > 0 {
				t.Errorf("%s: %s\n  expert: %s", tb.QualifiedName(), strings.Join(msgs, "; "), tb.Verdict.Why)
			}
		})
	}
}

// TestJudge checks the judge on hand-made plan tables, so that a verdict
// test that passes means the verdict held, not that Judge looked away.
func TestJudge(t *testing.T) {
	key := func(cols ...string) plans.Key {
		k := plans.Key{Attribute: "pk", Type: "S"}
		for _, c := range cols {
			k.Parts = append(k.Parts, plans.KeyPart{Column: c, Encoding: plans.EncString})
		}
		return k
	}
	sk := func(cols ...string) *plans.Key { k := key(cols...); k.Attribute = "sk"; return &k }
	tb := Table{Schema: "public", Name: "x", Verdict: Verdict{PartitionKey: []string{"a"}, SortKey: []string{"b"}, Tiebreak: "id",
		NotPartitionKey: []string{"id"}, Sharded: true}}
	good := &plans.Plan{Tables: []plans.Table{{Source: "public.x", PartitionKey: key("a"), SortKey: sk("b", "id"), Sharding: &plans.Sharding{Shards: 4}}}}
	if msgs := Judge(good, tb); len(msgs) != 0 {
		t.Errorf("a matching plan was judged wrong: %v", msgs)
	}
	for name, pt := range map[string]plans.Table{
		"other pk":     {Source: "public.x", PartitionKey: key("id"), SortKey: sk("b", "id"), Sharding: &plans.Sharding{Shards: 4}},
		"sk order":     {Source: "public.x", PartitionKey: key("a"), SortKey: sk("id", "b"), Sharding: &plans.Sharding{Shards: 4}},
		"no sk":        {Source: "public.x", PartitionKey: key("a"), Sharding: &plans.Sharding{Shards: 4}},
		"not sharded":  {Source: "public.x", PartitionKey: key("a"), SortKey: sk("b", "id")},
		"no tiebreak":  {Source: "public.x", PartitionKey: key("a"), SortKey: sk("b"), Sharding: &plans.Sharding{Shards: 4}},
		"other source": {Source: "public.y", PartitionKey: key("a"), SortKey: sk("b", "id"), Sharding: &plans.Sharding{Shards: 4}},
	} {
		if msgs := Judge(&plans.Plan{Tables: []plans.Table{pt}}, tb); len(msgs) == 0 {
			t.Errorf("%s: judged right", name)
		}
	}
	skipped := Table{Schema: "public", Name: "j", Verdict: Verdict{Skipped: true}}
	if msgs := Judge(&plans.Plan{Skipped: []plans.Skipped{{Source: "public.j", Why: "no key-able column"}}}, skipped); len(msgs) != 0 {
		t.Errorf("a skipped table was judged wrong: %v", msgs)
	}
	if msgs := Judge(&plans.Plan{Tables: []plans.Table{{Source: "public.j", PartitionKey: key("doc")}}}, skipped); len(msgs) == 0 {
		t.Error("a planned table that should be skipped was judged right")
	}
	none := Table{Schema: "public", Name: "n", Verdict: Verdict{NoNaturalKey: true}}
	if msgs := Judge(&plans.Plan{Tables: []plans.Table{{Source: "public.n", PartitionKey: key("id")}}}, none); len(msgs) == 0 {
		t.Error("a table without a natural key and without a warning was judged right")
	}
	for _, w := range []string{"No natural key passed: …", "fallback: no natural candidate passed (see rejected)", "nothing natural passes: loaded_at …"} {
		if msgs := Judge(&plans.Plan{Tables: []plans.Table{{Source: "public.n", PartitionKey: key("id"), Warnings: []string{w}}}}, none); len(msgs) != 0 {
			t.Errorf("the warning %q was not recognised: %v", w, msgs)
		}
	}
	for _, w := range []string{"a natural key", "hot key: shard it", "not profiled; natural keys unknown"} {
		if saysNoNaturalKey(w) {
			t.Errorf("%q taken for a no-natural-key warning", w)
		}
	}
	quiet := Table{Schema: "public", Name: "q", Verdict: Verdict{PartitionKey: []string{"code"}, NoWarnings: true}}
	if msgs := Judge(&plans.Plan{Tables: []plans.Table{{Source: "public.q", PartitionKey: key("code"), Warnings: []string{"fallback"}}}}, quiet); len(msgs) == 0 {
		t.Error("a warning on a table that needs none was judged right")
	}
}

// Judge returns what p's design of tb gets wrong against tb's verdict, one
// message each; none means the plan matches the expert.
func Judge(p *plans.Plan, tb Table) []string {
	v := tb.Verdict
	var msgs []string
	var pt *plans.Table
	for i := range p.Tables {
		if p.Tables[i].Source == tb.QualifiedName() {
			pt = &p.Tables[i]
		}
	}
	if v.Skipped {
		if pt != nil {
			return []string{"planned with partition key " + cols(&pt.PartitionKey) + ", want skipped with the reason"}
		}
		i := slices.IndexFunc(p.Skipped, func(s plans.Skipped) bool { return s.Source == tb.QualifiedName() })
		if i < 0 || p.Skipped[i].Why == "" {
			return []string{"not listed as skipped with a reason"}
		}
		return nil
	}
	if pt == nil {
		return []string{"not in the plan"}
	}
	pk := columnsOf(&pt.PartitionKey)
	if v.PartitionKey != nil && !slices.Equal(pk, v.PartitionKey) {
		msgs = append(msgs, "partition key "+cols(&pt.PartitionKey)+", want "+strings.Join(v.PartitionKey, "#"))
	}
	for _, c := range v.NotPartitionKey {
		if slices.Contains(pk, c) {
			msgs = append(msgs, "partition key "+cols(&pt.PartitionKey)+" holds "+c+", which must never be in it")
		}
	}
	var sk []string
	if pt.SortKey != nil {
		sk = columnsOf(pt.SortKey)
	}
	switch {
	case v.NoSortKey && pt.SortKey != nil:
		msgs = append(msgs, "sort key "+strings.Join(sk, "#")+", want none")
	case v.SortKey != nil && (len(sk) < len(v.SortKey) || !slices.Equal(sk[:len(v.SortKey)], v.SortKey)):
		msgs = append(msgs, "sort key "+strings.Join(sk, "#")+", want it to begin with "+strings.Join(v.SortKey, "#"))
	}
	if v.Tiebreak != "" && (len(sk) == 0 || sk[len(sk)-1] != v.Tiebreak) {
		msgs = append(msgs, "sort key "+strings.Join(sk, "#")+", want it to end with the tiebreak "+v.Tiebreak)
	}
	if sharded := pt.Sharding != nil && pt.Sharding.Shards > 1; sharded != v.Sharded {
		if v.Sharded {
			msgs = append(msgs, "not write-sharded, want sharded")
		} else {
			msgs = append(msgs, "write-sharded, want not")
		}
	}
	if v.NoNaturalKey && !slices.ContainsFunc(pt.Warnings, saysNoNaturalKey) {
		msgs = append(msgs, "no warning says that no natural key passed (warnings: "+strings.Join(pt.Warnings, " | ")+")")
	}
	if v.NoWarnings && len(pt.Warnings) > 0 {
		msgs = append(msgs, "warnings on a natural key proven by a constraint: "+strings.Join(pt.Warnings, " | "))
	}
	return msgs
}

// noNatural matches a warning that says no natural key passed, in the
// words of any version of the designer ("no natural candidate passed",
// "nothing natural passes").
var noNatural = regexp.MustCompile(`(?i)\b(no|nothing)\b[^.;:]{0,20}\bnatural\b`)

func saysNoNaturalKey(w string) bool { return noNatural.MatchString(w) }

func columnsOf(k *plans.Key) []string {
	out := make([]string, len(k.Parts))
	for i, p := range k.Parts {
		out[i] = p.Column
	}
	return out
}

func cols(k *plans.Key) string { return strings.Join(columnsOf(k), "#") }

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
