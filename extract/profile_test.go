package extract_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/catalog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
)

// fixture returns a fresh database loaded with testdata/fixture.sql.
func fixture(t testing.TB) *testenv.Database {
	t.Helper()
	db := testenv.NewDatabase(t, "")
	sql, err := os.ReadFile(filepath.Join("testdata", "fixture.sql"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(context.Background(), string(sql)); err != nil {
		t.Fatalf("load fixture: %v", err)
	}
	return db
}

func profile(t testing.TB, s *extract.Snapshot, sc *catalog.Schema, opts extract.ProfileOptions) *catalog.Profile {
	t.Helper()
	p, err := extract.ProfileTables(context.Background(), s, sc, opts)
	if err != nil {
		t.Fatalf("ProfileTables: %v", err)
	}
	return p
}

func mustTable(t testing.TB, sc *catalog.Schema, schema, name string) *catalog.Table {
	t.Helper()
	tb := sc.Table(schema, name)
	if tb == nil {
		t.Fatalf("table %s.%s not inspected", schema, name)
	}
	return tb
}

func mustColumn(t testing.TB, p *catalog.Profile, schema, table, column string) *catalog.ColumnProfile {
	t.Helper()
	tp := p.Table(schema, table)
	if tp == nil {
		t.Fatalf("table %s.%s not profiled", schema, table)
	}
	if tp.Error != "" {
		t.Fatalf("table %s.%s: %s", schema, table, tp.Error)
	}
	c := tp.Column(column)
	if c == nil {
		t.Fatalf("column %s.%s.%s not profiled", schema, table, column)
	}
	return c
}

func TestFixtureSchema(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	sc := inspect(t, db, extract.InspectOptions{Schemas: []string{"Sales"}})
	golden(t, "fixture.json", stable(sc, "fixture"))

	if len(sc.Tables) != 3 {
		t.Fatalf("schema filter Sales: got %d tables, want 3", len(sc.Tables))
	}
	items := mustTable(t, sc, "Sales", "Order Items")
	for _, tc := range []struct {
		col, base, element, domain, uuid string
	}{
		{col: "Qty", base: "smallint", domain: "Sales.Quantity"},
		{col: "doc", base: "jsonb"},
		{col: "meta", base: "json"},
		{col: "lasted", base: "interval"},
		{col: "addr", base: "inet"},
		{col: "prices", base: "numeric[]", element: "numeric"},
		{col: "token", base: "uuid", uuid: "gen_random_uuid"},
		{col: `Wëird "name"`, base: "text"},
	} {
		c := items.Column(tc.col)
		if c == nil {
			t.Errorf("column %q missing", tc.col)
			continue
		}
		if c.BaseType != tc.base || c.Element != tc.element || c.Domain != tc.domain || c.UUIDDefault != tc.uuid {
			t.Errorf("column %q: base %q element %q domain %q uuid %q, want %q %q %q %q",
				tc.col, c.BaseType, c.Element, c.Domain, c.UUIDDefault, tc.base, tc.element, tc.domain, tc.uuid)
		}
	}
	if c := items.Column("status"); c == nil || strings.Join(c.Enum, ",") != "new,paid,shipped,cancelled" {
		t.Errorf("status enum labels: %+v", c)
	}
	if c := items.Column("total"); c == nil || c.Generated == "" || c.Default != "" {
		t.Errorf("total should be a generated column: %+v", c)
	}
	if c := items.Column("Qty"); c == nil || c.Comment != "units ordered" {
		t.Errorf("Qty comment: %+v", c)
	}
	if c := items.Column("prices"); c == nil || c.TypeModifier != "(8,2)" {
		t.Errorf("prices modifier: %+v", c)
	}
	if len(items.ForeignKeys) != 1 || items.ForeignKeys[0].RefTable != "Customers" || items.ForeignKeys[0].Columns[0] != "Customer" {
		t.Errorf("foreign keys: %+v", items.ForeignKeys)
	}
	ship := mustTable(t, sc, "Sales", "Shipments")
	if len(ship.ForeignKeys) != 2 {
		t.Fatalf("Shipments foreign keys: %+v", ship.ForeignKeys)
	}
	for _, fk := range ship.ForeignKeys {
		got := fmt.Sprintf("%q → %s.%s %q", fk.Columns, fk.RefSchema, fk.RefTable, fk.RefColumns)
		if got != `["OrderID" "Customer"] → Sales.Order Items ["id" "Customer"]` && got != `["notify"] → Sales.Customers ["email"]` {
			t.Errorf("Shipments foreign key %s", got)
		}
	}
	var candidates, notCandidates []string
	for _, u := range items.Uniques {
		if u.KeyCandidate() {
			candidates = append(candidates, u.Name)
		} else {
			notCandidates = append(notCandidates, u.Name)
		}
	}
	if fmt.Sprint(candidates) != "[Order Items token Order Items_id_Customer_key]" || fmt.Sprint(notCandidates) != "[order_items_lower_state order_items_partial]" {
		t.Errorf("unique indexes: candidates %q, not candidates %q", candidates, notCandidates)
	}
}

func TestInspectFilters(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	for _, tc := range []struct {
		name string
		opts extract.InspectOptions
		want []string
		err  string
	}{
		{name: "all", want: []string{"Sales.Customers", "Sales.Order Items", "Sales.Shipments", "other.events", "other.note"}},
		{name: "glob on name", opts: extract.InspectOptions{Tables: []string{"Order*"}}, want: []string{"Sales.Order Items"}},
		{name: "glob on qualified name", opts: extract.InspectOptions{Tables: []string{"other.*"}}, want: []string{"other.events", "other.note"}},
		{name: "schema and table", opts: extract.InspectOptions{Schemas: []string{"Sales"}, Tables: []string{"Customers"}}, want: []string{"Sales.Customers"}},
		{name: "unknown schema", opts: extract.InspectOptions{Schemas: []string{"sales"}}, err: `unknown schema "sales"`},
		{name: "no match", opts: extract.InspectOptions{Tables: []string{"Order*", "nope*"}}, err: `no table matches "nope*"`},
		{name: "bad glob", opts: extract.InspectOptions{Tables: []string{"[x"}}, err: `"[x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := snapshot(t, db)
			sc, err := extract.Inspect(context.Background(), s, tc.opts)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tb := range sc.Tables {
				got = append(got, tb.QualifiedName())
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("tables %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFixtureProfile(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	s := snapshot(t, db)
	sc, err := extract.Inspect(context.Background(), s, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var progress []string
	p := profile(t, s, sc, extract.ProfileOptions{Progress: func(table string, done, total int) {
		progress = append(progress, fmt.Sprintf("%s %d/%d", table, done, total))
	}})
	if want := "[Sales.Customers 0/5 Sales.Order Items 1/5 Sales.Shipments 2/5 other.events 3/5 other.note 4/5  5/5]"; fmt.Sprint(progress) != want {
		t.Errorf("progress %q, want %q", progress, want)
	}
	tp := p.Table("Sales", "Order Items")
	if tp == nil || tp.Rows != 5000 || tp.RowsEstimated || tp.TotalBytes == 0 || tp.AvgRowBytes == 0 {
		t.Fatalf("Order Items profile: %+v", tp)
	}

	id := mustColumn(t, p, "Sales", "Order Items", "id")
	if id.Sequence == nil || id.Sequence.Kind != catalog.SeqDenseMonotonic ||
		!strings.Contains(id.Sequence.Evidence[0], "5,000 distinct of 5,000 rows, (max-min+1)/rows = 1.00, correlation 1.00") {
		t.Errorf("id should be a dense monotonic id: %+v", id.Sequence)
	}
	if id.Min != "1" || id.Max != "5000" || id.Distinct != 5000 || id.DistinctEstimated {
		t.Errorf("id min %q max %q distinct %d", id.Min, id.Max, id.Distinct)
	}
	token := mustColumn(t, p, "Sales", "Order Items", "token")
	if token.Sequence == nil || token.Sequence.Kind != catalog.SeqUUIDDefault || token.Sequence.TimeOrdered ||
		token.Sequence.Evidence[0] != "default gen_random_uuid()" {
		t.Errorf("token: %+v", token.Sequence)
	}
	status := mustColumn(t, p, "Sales", "Order Items", "status")
	if status.Distinct != 3 || status.Sequence != nil || len(status.TopValues) != 3 || status.Min != "new" || status.Max != "shipped" {
		t.Errorf("status: %+v", status)
	}
	hot := mustColumn(t, p, "Sales", "Order Items", "Customer")
	if hot.TopValues[0] != (catalog.ValueCount{Value: "C0000", Count: 2000}) || math.Abs(hot.TopShare-0.4) > 1e-9 ||
		len(hot.TopValues) != 10 || hot.TopValuesEstimated || hot.Sequence != nil {
		t.Errorf("Customer: top %+v share %v", hot.TopValues, hot.TopShare)
	}
	weird := mustColumn(t, p, "Sales", "Order Items", `Wëird "name"`)
	if weird.Nulls != 500 || math.Abs(weird.NullFraction-0.1) > 1e-9 || weird.Distinct != 4500 || !strings.HasPrefix(weird.Min, "tab\tand \"quote\" ") {
		t.Errorf(`Wëird "name": %+v`, weird)
	}
	qty := mustColumn(t, p, "Sales", "Order Items", "Qty")
	if qty.Sequence != nil || qty.Distinct != 7 || qty.Min != "1" || qty.Max != "7" {
		t.Errorf("Qty: %+v", qty)
	}
	placed := mustColumn(t, p, "Sales", "Order Items", "placed")
	if placed.Min != "2024-01-01 00:01:00+00" || placed.Max != "2024-01-04 11:20:00+00" {
		t.Errorf("placed min %q max %q", placed.Min, placed.Max)
	}
	prices := mustColumn(t, p, "Sales", "Order Items", "prices")
	if prices.Min != "" || prices.Distinct != 5000 || prices.MaxWidth == 0 {
		t.Errorf("prices (arrays have no min/max): %+v", prices)
	}
	lasted := mustColumn(t, p, "Sales", "Order Items", "lasted")
	if lasted.Distinct != 48 || lasted.TopValues[0].Value != "01:00:00" {
		t.Errorf("lasted: %+v", lasted.TopValues)
	}
	// A natural varchar key is not sequence-style.
	if c := mustColumn(t, p, "Sales", "Customers", "CustomerID"); c.Sequence != nil {
		t.Errorf("CustomerID: %+v", c.Sequence)
	}
	// Time-ordered ids without a default that says so.
	if c := mustColumn(t, p, "other", "events", "ulid"); c.Sequence == nil || c.Sequence.Kind != catalog.SeqTimeOrderedID ||
		!strings.Contains(c.Sequence.Evidence[0], "ULID") {
		t.Errorf("events.ulid: %+v", c.Sequence)
	}
	if c := mustColumn(t, p, "other", "events", "v7"); c.Sequence == nil || c.Sequence.Kind != catalog.SeqTimeOrderedID ||
		!strings.Contains(c.Sequence.Evidence[0], "version-7 uuid") {
		t.Errorf("events.v7: %+v", c.Sequence)
	}
	if c := mustColumn(t, p, "other", "events", "v4"); c.Sequence != nil {
		t.Errorf("random uuids are not sequence-style: %+v", c.Sequence)
	}
	// The snapshot's transaction survives profiling and is still read-only.
	if _, err := s.Tx().Exec(context.Background(), `CREATE TABLE other.x (a int)`); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("write inside the snapshot: %v, want a read-only error", err)
	}
}

func TestUnique(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	s := snapshot(t, db)
	ctx := context.Background()
	for _, tc := range []struct {
		cols   []string
		unique bool
		proof  string
		dups   int64
		nulls  int64
	}{
		{cols: []string{"id"}, unique: true, proof: "primary key Order Items_pkey (id)"},
		{cols: []string{"status", "id"}, unique: true, proof: "primary key Order Items_pkey (id)"},
		{cols: []string{"token"}, unique: true, proof: "unique index Order Items token (token)"},
		{cols: []string{"placed"}, unique: true, proof: "checked: no duplicate (placed) among 5,000 rows"},
		{cols: []string{"Customer", "state"}, unique: false, dups: 1206, proof: "checked: 1,206 values of (Customer, state) held by more than one row among 5,000 rows"},
		{cols: []string{"Wëird \"name\""}, unique: false, nulls: 500, proof: `checked: 500 rows with a NULL in (Wëird "name") among 5,000 rows`},
	} {
		r, err := s.Unique(ctx, "Sales", "Order Items", tc.cols)
		if err != nil {
			t.Fatal(err)
		}
		if r.Unique != tc.unique || r.Proof != tc.proof || r.Duplicates != tc.dups || r.Nulls != tc.nulls {
			t.Errorf("Unique(%q) = %+v, want unique %v proof %q duplicates %d nulls %d", tc.cols, r, tc.unique, tc.proof, tc.dups, tc.nulls)
		}
	}
	if _, err := s.Unique(ctx, "Sales", "Order Items", []string{"nope"}); err == nil || !strings.Contains(err.Error(), "Order Items") {
		t.Errorf("unknown column: %v", err)
	}
	// The transaction survived the failed check.
	if r, err := s.Unique(ctx, "Sales", "Customers", []string{"Name"}); err != nil || !r.Unique {
		t.Errorf("after an error: %+v %v", r, err)
	}
}

func TestProfileSample(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	s := snapshot(t, db)
	sc := mustInspect(t, s, extract.InspectOptions{Tables: []string{"Order Items"}})
	p := profile(t, s, sc, extract.ProfileOptions{ExactRowsThreshold: 1000})
	tp := p.Table("Sales", "Order Items")
	if !tp.RowsEstimated || tp.Rows != 5000 || tp.SampledRows == 0 || tp.SampledRows >= 5000 {
		t.Errorf("sampled profile: rows %d estimated %v sampled %d", tp.Rows, tp.RowsEstimated, tp.SampledRows)
	}
	if c := tp.Column("id"); !c.DistinctEstimated || c.Sequence != nil {
		t.Errorf("sampled id: %+v", c)
	}
	p = profile(t, s, sc, extract.ProfileOptions{ExactRowsThreshold: 1000, ForceExact: true})
	if tp := p.Table("Sales", "Order Items"); tp.RowsEstimated || tp.Rows != 5000 || tp.SampledRows != 0 {
		t.Errorf("forced exact: %+v", tp)
	}
}

func mustInspect(t testing.TB, s *extract.Snapshot, opts extract.InspectOptions) *catalog.Schema {
	t.Helper()
	sc, err := extract.Inspect(context.Background(), s, opts)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// TestProfileUnreadableTable connects as a role that may read every table but
// one: that table's profile carries the error, the others are profiled.
func TestProfileUnreadableTable(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	ctx := context.Background()
	role := "pg2ddb_reader_" + strings.ToLower(strings.TrimPrefix(db.Name, "pg2ddb_t_"))
	if len(role) > 60 {
		role = role[:60]
	}
	r := pgx.Identifier{role}.Sanitize()
	for _, sql := range []string{
		"CREATE ROLE " + r + " LOGIN",
		`GRANT USAGE ON SCHEMA "Sales", other TO ` + r,
		`GRANT SELECT ON "Sales"."Order Items", other.note, other.events TO ` + r,
	} {
		if _, err := db.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		db.Pool.Exec(context.Background(), "DROP OWNED BY "+r)       //nolint:errcheck
		db.Pool.Exec(context.Background(), "DROP ROLE IF EXISTS "+r) //nolint:errcheck
	})
	cfg, err := pgxpool.ParseConfig(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.User = role
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	reader := &testenv.Database{Name: db.Name, Pool: pool}
	s := snapshot(t, reader)
	sc := mustInspect(t, s, extract.InspectOptions{})
	p := profile(t, s, sc, extract.ProfileOptions{})
	if tp := p.Table("Sales", "Shipments"); tp == nil || !strings.Contains(tp.Error, "permission denied") {
		t.Errorf("Shipments should carry a permission error: %+v", tp)
	}
	if tp := p.Table("Sales", "Customers"); tp == nil || !strings.Contains(tp.Error, "permission denied") {
		t.Errorf("Customers should carry a permission error: %+v", tp)
	}
	if tp := p.Table("Sales", "Order Items"); tp == nil || tp.Error != "" || tp.Rows != 5000 {
		t.Errorf("Order Items should still be profiled: %+v", tp)
	}
	if tp := p.Table("other", "note"); tp == nil || tp.Error != "" || tp.Rows != 1 {
		t.Errorf("other.note should still be profiled: %+v", tp)
	}
}

// TestProfileSpill profiles a table with more distinct values than are
// counted exactly: the distinct count comes from the sketch (within 2 %),
// and a hot value keeps its exact count.
func TestProfileSpill(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "")
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, `
CREATE TABLE big (id bigint NOT NULL, hot text NOT NULL);
INSERT INTO big SELECT n, CASE WHEN n % 10 < 3 THEN 'HOT' ELSE md5(n::text) END FROM generate_series(1, 400000) n;
ANALYZE big;`); err != nil {
		t.Fatal(err)
	}
	s := snapshot(t, db)
	sc := mustInspect(t, s, extract.InspectOptions{})
	p := profile(t, s, sc, extract.ProfileOptions{})
	id := mustColumn(t, p, "public", "big", "id")
	if !id.DistinctEstimated || math.Abs(float64(id.Distinct)-400000)/400000 > 0.02 || id.Min != "1" || id.Max != "400000" {
		t.Errorf("id: distinct %d (estimated %v), min %s max %s", id.Distinct, id.DistinctEstimated, id.Min, id.Max)
	}
	if id.Sequence == nil || id.Sequence.Kind != catalog.SeqDenseMonotonic || !strings.Contains(id.Sequence.Evidence[0], "about") {
		t.Errorf("id: %+v", id.Sequence)
	}
	hot := mustColumn(t, p, "public", "big", "hot")
	if !hot.DistinctEstimated || math.Abs(float64(hot.Distinct)-280001)/280001 > 0.02 {
		t.Errorf("hot: distinct %d, want about 280,001", hot.Distinct)
	}
	if hot.TopValues[0] != (catalog.ValueCount{Value: "HOT", Count: 120000}) || math.Abs(hot.TopShare-0.3) > 1e-9 || !hot.TopValuesEstimated {
		t.Errorf("hot: top %+v share %v estimated %v", hot.TopValues[:2], hot.TopShare, hot.TopValuesEstimated)
	}
}

// TestUniqueConcurrent asks from several goroutines at once, as a designer
// checking candidates in parallel may: the checks take turns on the one
// connection and agree with the sequential answers.
func TestUniqueConcurrent(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	s := snapshot(t, db)
	sets := [][]string{{"id"}, {"placed"}, {"Customer"}, {"state", "status"}, {"token"}, {"Qty", "id"}, {"lasted"}, {"addr"}}
	want := []bool{true, true, false, false, true, true, false, true}
	errs := make(chan error, len(sets))
	for i, cols := range sets {
		go func() {
			r, err := s.Unique(context.Background(), "Sales", "Order Items", cols)
			if err == nil && r.Unique != want[i] {
				err = fmt.Errorf("Unique(%q) = %+v, want unique %v", cols, r, want[i])
			}
			errs <- err
		}()
	}
	for range sets {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestKeyStats checks the exact statistics of a multi-column key against a
// query of the test's own, with NULLs left out as a load rejects them.
func TestKeyStats(t *testing.T) {
	t.Parallel()
	db := fixture(t)
	s := snapshot(t, db)
	ctx := context.Background()
	var distinct, hot int64
	var hotValue string
	err := db.Pool.QueryRow(ctx, `SELECT count(*), max(n), (array_agg(v ORDER BY n DESC, v))[1] FROM (
		SELECT "Customer"::text || '#' || state::text AS v, count(*) AS n FROM "Sales"."Order Items"
		WHERE "Customer" IS NOT NULL AND state IS NOT NULL GROUP BY "Customer", state) g`).Scan(&distinct, &hot, &hotValue)
	if err != nil {
		t.Fatal(err)
	}
	if distinct < 2 || hot < 2 {
		t.Fatalf("fixture: %d combinations, hottest %d: the test needs repeated combinations", distinct, hot)
	}
	k, err := s.KeyStats(ctx, "Sales", "Order Items", []string{"Customer", "state"})
	if err != nil {
		t.Fatal(err)
	}
	if k.Distinct != distinct || k.MaxPerKey != hot || k.HottestKey != hotValue {
		t.Errorf("KeyStats = %+v, want %d combinations, hottest %q with %d rows", k, distinct, hotValue, hot)
	}
	if _, err := s.KeyStats(ctx, "Sales", "Order Items", []string{"nope"}); err == nil || !strings.Contains(err.Error(), "Order Items") {
		t.Errorf("unknown column: %v", err)
	}
}

// TestDenseWithFewRepeatsIsSequence: a dense integer numbering with a few
// repeated values (a row entered twice) is still sequence-style.
func TestDenseWithFewRepeatsIsSequence(t *testing.T) {
	db := testenv.NewDatabase(t, "")
	ctx := t.Context()
	for _, q := range []string{
		`CREATE TABLE readings (reading_no bigint NOT NULL, sensor text NOT NULL)`,
		`INSERT INTO readings SELECT i, 's' || (i % 40) FROM generate_series(1, 3000) i`,
		`INSERT INTO readings SELECT i, 's' || (i % 40) FROM generate_series(100, 119) i`,
		`ANALYZE readings`,
	} {
		if _, err := db.Pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s, err := extract.Begin(ctx, db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	sc, err := extract.Inspect(ctx, s, extract.InspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := extract.ProfileTables(ctx, s, sc, extract.ProfileOptions{ForceExact: true})
	if err != nil {
		t.Fatal(err)
	}
	cp := p.Table("public", "readings").Column("reading_no")
	if cp.Sequence == nil || cp.Sequence.Kind != catalog.SeqDenseMonotonic || !strings.Contains(cp.Sequence.Evidence[0], "20 rows repeat a value") {
		t.Errorf("reading_no: %+v", cp.Sequence)
	}
}
